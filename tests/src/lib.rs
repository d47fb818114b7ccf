//! The grading suite for Activity 3, "Shuffling the Cards in a Deck".
//!
//! The suite grades any crate that exposes the six functions of the
//! assignment. [`grading_suite!`] turns the [catalogue](catalogue) of checks
//! into ordinary `#[test]` functions named `exercise::check`, so a student
//! runs them with `cargo test -p exercises`. [`run_check`] runs one check
//! programmatically, for the `grade` command and for the suite's own tests.
//!
//! Two kinds of check exist:
//!
//! * **Property checks** look only at what a function returns: a
//!   permutation, the exact output of a deterministic function, uniformity
//!   measured with a chi-square test on a fixed seed. Any correct
//!   implementation passes them, whatever integer type or idiom it draws
//!   randomness with.
//! * **Lab-steps checks** (with `lab_steps` in their name) feed the function
//!   a [scripted random source](ScriptedRng) and verify that it followed the
//!   lab's exact steps. A fair but different algorithm fails only these.

mod check_rng;
#[cfg(target_os = "linux")]
pub mod grade;
mod scripted;

pub use check_rng::CheckRng;
pub use scripted::ScriptedRng;

#[cfg(feature = "suite")]
pub mod algorithms;
#[cfg(feature = "suite")]
mod catalogue;
#[cfg(feature = "suite")]
pub mod checks;
#[cfg(feature = "suite")]
mod diagnosis;
#[cfg(feature = "suite")]
mod failure;
#[cfg(feature = "suite")]
pub mod fairness;
#[cfg(feature = "suite")]
mod oracle;
#[cfg(feature = "suite")]
mod runner;
#[cfg(feature = "suite")]
pub mod shuffler;
#[cfg(feature = "suite")]
pub mod stats;
#[cfg(feature = "suite")]
mod submission;

#[cfg(feature = "suite")]
pub use catalogue::{Check, Kind, catalogue};
#[cfg(feature = "suite")]
pub use diagnosis::FOLLOWS_FROM;
#[cfg(feature = "suite")]
pub use failure::Failure;
#[cfg(feature = "suite")]
pub use runner::{
    CALL_LIMIT, CheckBody, Outcome, Probe, run_as_test, run_check, run_check_on,
    run_check_with_limit,
};
#[cfg(feature = "suite")]
pub use submission::{Functions, Local, Submission};

#[doc(hidden)]
pub use rand;

/// The message a panic carried: the `&str` or `String` that `panic!` and
/// `todo!` use, or a placeholder for any other payload.
#[cfg_attr(not(any(feature = "suite", target_os = "linux")), allow(dead_code))]
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".into())
}

/// Whether a panic message is `todo!()`'s, which reports are to read as
/// "not yet implemented" rather than as a failure.
#[cfg(feature = "suite")]
pub(crate) fn is_todo(message: &str) -> bool {
    message.starts_with("not yet implemented")
}

/// The seeded generator behind every property check. PCG's output for a
/// given seed is fixed by `rand_pcg`, unlike `StdRng` or `SmallRng`.
pub fn seeded(seed: u64) -> rand_pcg::Pcg64 {
    use rand::SeedableRng;
    rand_pcg::Pcg64::seed_from_u64(seed)
}
