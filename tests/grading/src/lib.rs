//! The grading suite for Activity 3, "Shuffling the Cards in a Deck".
//!
//! The suite grades any crate that exposes the functions of the
//! assignment, as listed once in [`workbook::with_exercises!`].
//! [`grading_suite!`] turns every check into a test named
//! `exercise::check`, run in the lab's order by the [`harness`] and closed
//! by a [`summary`], so a student runs them with `cargo test -p
//! exercises`. [`run_check`] runs one check programmatically, for the
//! `grade` command and for the suite's own tests.
//!
//! Two kinds of check exist:
//!
//! * **Property checks** look only at what a function returns: a
//!   permutation, the exact output of a deterministic function, uniformity
//!   measured with a chi-square test on a fixed seed. Any correct
//!   implementation passes them, whatever integer type or idiom it draws
//!   randomness with.
//! * **Lab-steps checks** (declared `steps`, named `lab_steps_…`) feed the
//!   function a [scripted random source](workbook::ScriptedRng) and verify
//!   that it followed the lab's exact steps. A fair but different algorithm
//!   fails only these.
//!
//! Beside the checks, [`algorithms`] holds the reference and wrong
//! shuffles and exact results about shuffles, one topic per file:
//! `shuffles`, `orders` (perfect shuffles), `riffles`, `ranks`
//! (lexicographic) and `costs` (draws and bits).
//!
//! Inside, one room per job: `catalogue` expands the registry into the
//! list of checks; `runner` runs one on its own thread, so that a panic, a
//! `todo!()` or an endless loop becomes an [`Outcome`] (`outcome`), with
//! `probe` telling it which call is under way and `quiet_panics` keeping
//! expected panics off the terminal; `local` calls a submission linked
//! into this process; `failure` is what a failing check says; `oracle`
//! holds the lab's procedures and their known wrong turns, `mistakes` the
//! known mistakes (typed, each with the check that shows it, named in
//! `check_ids`), and `diagnosis` names the one an answer makes; [`stats`]
//! holds the statistics the checks and the fairness lab share. No module
//! imports one that imports it back (`cargo run -p import-graph`).

// A check returns `Result<(), Failure>`. A failure is five texts and the
// check its hint points at (136 bytes), made once per failing check, on
// the cold path: boxing it would change every check's signature for
// nothing measurable, so the size lint is off here.
#![allow(clippy::result_large_err)]

pub mod algorithms;
mod catalogue;
mod check_ids;
pub mod checks;
mod diagnosis;
mod failure;
#[cfg(feature = "harness")]
pub mod harness;
mod local;
mod mistakes;
mod oracle;
mod outcome;
mod probe;
mod quiet_panics;
mod runner;
pub mod stats;
pub mod summary;

pub use catalogue::{Check, Kind, catalogue};
pub use check_ids::{CheckId, CheckNaming, LabExercise, check};
pub use diagnosis::diagnose_exercise;
pub use failure::{FOLLOWS_FROM, Failure, Positions};
pub use local::Local;
pub use mistakes::Mistake;
pub use outcome::{
    Message, NOT_YET_IMPLEMENTED, Outcome, Raised, WHILE_CORE_FAILS, is_over_budget,
};
pub use probe::Probe;
pub use quiet_panics::{QuietPanics, is_check_thread, quiet_check_panics};
pub use runner::{CALL_LIMIT, CheckBody, run_check, run_check_on, run_check_with_limit};
pub use workbook::{CheckRng, Functions, Implementation, ScriptedRng, implementation, seeded};

#[doc(hidden)]
pub use workbook;
