//! How a grading run ends short of its grades, and the points where a
//! stop is noticed: shared by the command and its session.

use std::path::PathBuf;

use crate::cli::Cli;
use crate::machine::interrupt::{self, Stopped};
use crate::results::graded::Graded;

/// How a grading run ended short of its grades, told apart by type: a stop
/// is no failure (it prints its line and exits with the signal's status),
/// and a worker's panic first prints the grades it did not lose. Anything
/// else is an `Error:` line, with its context, at the edge.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RunEnded {
    #[error(transparent)]
    Stopped(#[from] Stopped),
    #[error(transparent)]
    WorkerFailed(#[from] WorkerFailed),
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

/// A worker thread panicked, a bug in `grade`: the submissions it was
/// grading have no grade, and the others, `graded`, are kept.
#[derive(Debug)]
pub(crate) struct WorkerFailed {
    pub(crate) panic: String,
    pub(crate) total: usize,
    pub(crate) out: Option<PathBuf>,
    pub(crate) graded: Vec<Graded>,
}

impl std::fmt::Display for WorkerFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a grading thread failed, which is a bug in grade ({}); {} of {} submissions were \
             graded",
            self.panic,
            self.graded.len(),
            self.total
        )?;
        match &self.out {
            Some(out) => write!(
                f,
                ", their grades are in {}, and a rerun with the same --out grades the rest",
                out.display()
            ),
            None if self.graded.is_empty() => f.write_str("; a rerun grades them all"),
            None => f.write_str(" (their grades are on stdout); a rerun grades them all"),
        }
    }
}

impl std::error::Error for WorkerFailed {}

/// [`Stopped`], saying what was kept, if a signal has asked `grade` to stop.
pub(crate) fn stop_point(cli: &Cli, graded: usize, total: usize) -> Result<(), Stopped> {
    match interrupt::stopped() {
        Some(signal) => Err(Stopped {
            signal,
            graded,
            total,
            out: cli.out.clone(),
        }),
        None => Ok(()),
    }
}
