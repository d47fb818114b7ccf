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

// The façade: the setting (sandbox), the workers and their timings are
// `pub(crate)`; how a check is run, scheduled and scored is the wing's own.
mod check_process;
mod child_pipes;
mod remote;
pub(crate) mod sandbox;
mod schedule;
mod scores;
pub(crate) mod timings;
pub(crate) mod workers;
mod zygote_client;
