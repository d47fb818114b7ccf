//! The limits of a check, shared by the grader, which sets them, and the
//! launcher, which applies them to each check's worker before it executes
//! the submission's image.

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
    /// Threads of a check (it may start no process): enforced by the
    /// check's own cgroup where there is one, and as root also by a user
    /// of the check's own, whose process count is the check's alone.
    pub processes: u64,
    /// The largest file the student's code may write, in KiB.
    pub file_kib: u64,
}

/// The environment variable that carries the limits to the launcher, as
/// JSON. The launcher's workers start their images with no environment.
pub const LIMITS_VARIABLE: &str = "GRADE_LIMITS";

impl Limits {
    pub(crate) fn from_env() -> anyhow::Result<Limits> {
        let text = std::env::var(LIMITS_VARIABLE).context("GRADE_LIMITS is not set")?;
        serde_json::from_str(&text).context("GRADE_LIMITS is not valid")
    }

    /// Applies the limits to the calling process, which is about to
    /// execute a submission's image, and as root becomes `uid`, a user of
    /// the check's own. `RLIMIT_NPROC` counts every process of a user on
    /// the machine, so it is set only for such a user: for a shared one a
    /// classmate's threads would count against this check's limit.
    pub(crate) fn apply_to_self(&self, uid: Option<u32>) -> anyhow::Result<()> {
        let set = |resource, value: u64| {
            setrlimit(resource, value, value).with_context(|| format!("setrlimit {resource:?}"))
        };
        set(Resource::RLIMIT_CORE, 0)?;
        set(Resource::RLIMIT_CPU, self.cpu_seconds)?;
        set(Resource::RLIMIT_AS, self.memory_mib << 20)?;
        set(Resource::RLIMIT_FSIZE, self.file_kib << 10)?;
        if let Some(uid) = uid {
            set(Resource::RLIMIT_NPROC, self.processes)?;
            nix::unistd::setgroups(&[]).context("setgroups")?;
            nix::unistd::setgid(Gid::from_raw(uid)).context("setgid")?;
            nix::unistd::setuid(Uid::from_raw(uid)).context("setuid")?;
            anyhow::ensure!(
                nix::unistd::getuid().as_raw() == uid && nix::unistd::geteuid().as_raw() == uid,
                "the check still runs as another user"
            );
        }
        Ok(())
    }

    pub fn call_limit(&self) -> Duration {
        Duration::from_secs_f64(self.call_seconds.max(0.001))
    }
}
