//! The `grade` command: grade a class of submissions safely, quickly and
//! reproducibly. See `grade --help` and the instructors' chapter.
//!
//! Each module does one step: [`discover`] finds the submissions, `refuse`
//! and `compile` build them into one harness, `sandbox` starts it once per
//! submission as a locked-down zygote that forks a fresh process for each
//! check, which `remote` talks to, `rubric` weighs the checks and `report`
//! writes the results. `assign` makes a class's student repository and
//! Gradescope autograder.

// The sandbox needs Linux namespaces; elsewhere `grade` says so and stops.
#![cfg(target_os = "linux")]

mod assign;
mod compile;
mod discover;
mod grader;
mod pack;
mod refuse;
mod remote;
mod report;
mod rubric;
mod sandbox;

pub use grader::*;
