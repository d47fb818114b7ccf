//! The limits of a check's child process, shared by the grader, which sets
//! them, and the sandboxed server, which applies them to itself.

use std::time::Duration;

use anyhow::Context;
use nix::sys::resource::{Resource, setrlimit};
use nix::unistd::{Gid, Uid};
use serde::{Deserialize, Serialize};

/// The limits of each check's child process; the rubric sets them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Wall-clock seconds one batch of calls may take.
    pub call_seconds: f64,
    /// CPU seconds for the whole check.
    pub cpu_seconds: u64,
    /// Address space, in MiB.
    pub memory_mib: u64,
    /// How much of the student's output a report keeps, in KiB.
    pub output_kib: usize,
    /// Processes and threads (enforced when the grader runs as root).
    pub processes: u64,
    /// The largest file the student's code may write, in KiB.
    pub file_kib: u64,
}

/// The environment variable that carries the limits to the child, as JSON.
pub const LIMITS_VARIABLE: &str = "GRADE_LIMITS";
const NOBODY: u32 = 65534;

impl Limits {
    pub(crate) fn from_env() -> anyhow::Result<Limits> {
        let text = std::env::var(LIMITS_VARIABLE).context("GRADE_LIMITS is not set")?;
        serde_json::from_str(&text).context("GRADE_LIMITS is not valid")
    }

    /// Applies the limits to the calling process, which is about to run
    /// student code, and drops to `nobody` when asked.
    pub(crate) fn apply_to_self(&self, drop_to_nobody: bool) -> anyhow::Result<()> {
        let set = |resource, value: u64| {
            setrlimit(resource, value, value).with_context(|| format!("setrlimit {resource:?}"))
        };
        set(Resource::RLIMIT_CORE, 0)?;
        set(Resource::RLIMIT_CPU, self.cpu_seconds)?;
        set(Resource::RLIMIT_AS, self.memory_mib << 20)?;
        set(Resource::RLIMIT_FSIZE, self.file_kib << 10)?;
        if drop_to_nobody {
            set(Resource::RLIMIT_NPROC, self.processes)?;
            nix::unistd::setgroups(&[]).context("setgroups")?;
            nix::unistd::setgid(Gid::from_raw(NOBODY)).context("setgid")?;
            nix::unistd::setuid(Uid::from_raw(NOBODY)).context("setuid")?;
        }
        Ok(())
    }

    pub fn call_limit(&self) -> Duration {
        Duration::from_secs_f64(self.call_seconds.max(0.001))
    }
}
