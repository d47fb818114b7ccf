//! The lab's own tools, for students and for the book: the `shuffler` of
//! Exercise 2, which prints consecutive shuffles and measures a shuffle's
//! fairness, and the fairness measurement behind it and the book's
//! figures. Each crate's `src/bin/shuffler.rs` picks whose functions run.

pub mod fairness;
pub mod shuffler;
