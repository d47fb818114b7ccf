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
    /// check's own cgroup where there is one, as root also by a user of
    /// the check's own, and for a user with user namespaces by a user
    /// namespace of the check's own; in each the process count is the
    /// check's alone.
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
    /// the check's own. `RLIMIT_NPROC` counts the processes of a user in
    /// one user namespace (from Linux 5.14 on, every namespace up the
    /// chain too), so it is set only where that count is the check's
    /// alone: for a user of its own, or, with `own_user_namespace`, in a
    /// user namespace the check enters here (a zygote's namespace holds
    /// every running check of its submission). For a shared count a
    /// classmate's threads would count against this check's limit.
    ///
    /// Measured on the 2-core machine (Linux 6.18, 16 KiB stacks): a
    /// check in its own namespace under a limit of 64 started 63 threads,
    /// two such checks at once under 64 each and 100 for the grading
    /// user 63 and 34; without the limit a check started 1,966 in 0.7 s.
    /// The namespace is made before the limit is lowered: the limit at
    /// that moment is what the namespace's count is held to one level up.
    pub(crate) fn apply_to_self(
        &self,
        uid: Option<u32>,
        own_user_namespace: bool,
    ) -> anyhow::Result<()> {
        let set = |resource, value: u64| {
            setrlimit(resource, value, value).with_context(|| format!("setrlimit {resource:?}"))
        };
        set(Resource::RLIMIT_CORE, 0)?;
        set(Resource::RLIMIT_CPU, self.cpu_seconds)?;
        set(Resource::RLIMIT_AS, self.memory_mib << 20)?;
        set(Resource::RLIMIT_FSIZE, self.file_kib << 10)?;
        if own_user_namespace {
            nix::sched::unshare(nix::sched::CloneFlags::CLONE_NEWUSER)
                .context("entering the check's own user namespace")?;
            set(Resource::RLIMIT_NPROC, self.processes)?;
        }
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
