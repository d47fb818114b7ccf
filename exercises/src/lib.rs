//! Activity 3, "Shuffling the Cards in a Deck".
//!
//! Each file in `src/` holds one exercise: read its doc comment, replace the
//! `todo!()` with your code, and run
//!
//! ```text
//! cargo test -p exercises
//! ```
//!
//! until every check is green: the run ends with a summary of the lab and
//! your next step. Run `cargo test -p exercises flip` to see one
//! exercise's checks only. Write them in the lab's order, which is the
//! order the checks run in and the summary lists:
//!
//! 1. [`perfect_shuffle`] (the lab's Exercise 1);
//! 2. [`selection_shuffle`], the slow shuffle the lab describes first (the
//!    lab's Java starter gives that name to the efficient one);
//! 3. [`efficient_selection_shuffle`] (Exercise 1), then run
//!    `cargo run -p exercises --bin shuffler` (Exercise 2);
//! 4. the questions: [`flip`], [`are_permutations`] and
//!    [`reversing_sequence`] (Question 3);
//! 5. going further, if you like: the three bonus exercises in
//!    [`extensions`], checked by `cargo test -p exercises -- --ignored bonus`.
//!    They never count towards the lab's score.
//!
//! The random functions take the generator as an argument. Draw every
//! random number from it, so a test can seed it and repeat your run.
//!
//! Write safe Rust in your own files: the instructor's `grade` refuses
//! `unsafe`, `extern` blocks, `asm!`, link attributes such as `no_mangle`,
//! `#![feature]`, and anything that reads a file or the environment while
//! compiling (`include_str!`, `env!`, `#[path]`), because the lab needs
//! none of them and an attack on the grader needs them all.

mod are_permutations;
mod efficient_selection_shuffle;
pub mod extensions;
mod flip;
mod perfect_shuffle;
mod reversing_sequence;
mod selection_shuffle;

pub use are_permutations::are_permutations;
pub use efficient_selection_shuffle::efficient_selection_shuffle;
pub use flip::flip;
pub use perfect_shuffle::perfect_shuffle;
pub use reversing_sequence::reversing_sequence;
pub use selection_shuffle::selection_shuffle;
