//! The run wing: each built submission's checks, run in the sandbox, each
//! submission's outcomes handed on as a [`crate::results::graded::Graded`].
//!
//! `sandbox` is the front: `zygote_client` starts and stops a submission's
//! zygote (`grade` itself, from the `grade-sandbox` crate, holding no
//! student code) and `check_process` talks to one check's process (whose
//! answers and output `child_pipes` reads), through `remote`. `workers`
//! run the checks, `schedule` chooses which of a chain's checks run,
//! `scores` turns outcomes into points and `timings` measures the
//! sandbox's cost.

pub mod check_process;
pub(crate) mod child_pipes;
pub mod remote;
pub mod sandbox;
pub mod schedule;
pub mod scores;
pub mod timings;
pub mod workers;
pub mod zygote_client;
