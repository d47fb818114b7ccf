//! The lab's own tools, for students and for the book: the `shuffler` of
//! Exercise 2, which prints consecutive shuffles and measures a shuffle's
//! fairness, and the fairness measurement behind it and the book's
//! figures. Each `src/bin/shuffler.rs` picks whose functions run: the
//! student's in `exercises`, the reference's in `tests/reference-shuffler`.
//!
//! The modules:
//!
//! * `shuffler`: the command line, its lab report and its subcommands.
//! * `fairness`: what to measure and the measurement itself; it re-exports
//!   the public items of the four modules below, its parts.
//! * `algorithm`: the shuffles the fairness report can measure, and how
//!   one deck is shuffled with each.
//! * `counts`: the one-number counts (successions, rising sequences,
//!   fixed points) and their tests.
//! * `report`: the chi-square tests, the verdict and the report they make.
//! * `text`: the report printed for people.
//! * `figure`: the report's heatmaps and the riffle distances, as SVG.
//! * `heatmap`: heatmaps of counts coloured by z, the grading page's
//!   picture of a submission too ([`heatmap::heatmap_svg`]).
//! * `pictures`: `shuffler figure …`, the book's teaching figures:
//!   `steps` (Fisher–Yates step by step) and `charts` (the naive swap's
//!   paths, the chi-square density).
//! * `svg`: the compact SVG writer every figure is drawn with.
//! * `mixing`: how fast riffles, random transpositions and
//!   top-in-at-random mix (the book's "Beyond the usual references").
//! * `sampling`: Knuth's Algorithms S and R, dealing k cards from a
//!   stream of known or unknown length (the same page).

mod algorithm;
pub mod charts;
mod counts;
pub mod fairness;
mod figure;
pub mod heatmap;
pub mod mixing;
pub mod pictures;
mod report;
pub mod sampling;
mod settings;
pub mod shuffler;
pub mod steps;
pub mod svg;
mod text;
