//! The `grade` command: grade a class of submissions safely, quickly and
//! reproducibly. See `grade --help` and the instructors' chapter.
//!
//! Each module does one step: [`discover`] finds the submissions, `refuse`
//! and `compile` build them, `pack` several to a crate, `link` and
//! `images` make one executable per submission, `sandbox` starts a zygote per submission
//! (`grade` itself, from the `grade-sandbox` crate, holding no student
//! code) that runs each check in fresh, locked-down processes which only
//! then execute the image; `remote` talks to them, `rubric` weighs the
//! checks and `report` writes the results. `assign` makes a class's student repository and
//! Gradescope autograder.

// The sandbox needs Linux namespaces; elsewhere `grade` says so and stops.
#![cfg(target_os = "linux")]

mod assign;
mod cargo;
mod compile;
mod discover;
mod grader;
mod images;
mod link;
mod pack;
mod refuse;
mod remote;
mod report;
mod rubric;
mod sandbox;

pub use grader::*;
