//! The setting a run sandboxes in: how checks are isolated on this machine
//! (namespaces, Landlock or neither, or what `GRADE_ISOLATION` chooses),
//! who the grader runs as, its cgroups and the kernel's Landlock version,
//! and the one line that says what that setting protects and what it does
//! not.

use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use nix::unistd::Uid;

use grade_sandbox::namespaces::{IN_NAMESPACES_COMMAND, Namespaces};
use grade_sandbox::{Cgroups, Isolation};

/// The environment variable that chooses the isolation instead of the best
/// this machine offers: `namespaces`, `landlock` or `none`.
pub const ISOLATION_VARIABLE: &str = "GRADE_ISOLATION";

/// A command that runs its program in `namespaces`, made by `grade
/// __in-namespaces` (see [`grade_sandbox::namespaces`]): add the program
/// and its arguments.
pub(crate) fn in_namespaces(namespaces: Namespaces) -> anyhow::Result<Command> {
    let mut command = Command::new(std::env::current_exe()?);
    command
        .arg(IN_NAMESPACES_COMMAND)
        .arg(namespaces.to_argument());
    Ok(command)
}

/// A zygote's namespaces: for a grader that is not root, a user namespace
/// too, in which it is root, which the others need.
pub(crate) fn zygote_namespaces() -> Namespaces {
    Namespaces::zygote(!Uid::effective().is_root())
}

/// How checks are isolated on this machine: namespaces when `grade` may
/// make them, else Landlock when the kernel enforces it, else neither.
/// `GRADE_ISOLATION` may choose a weaker one, to try it.
pub fn isolation() -> anyhow::Result<Isolation> {
    static CHOSEN: OnceLock<Result<Isolation, IsolationRefused>> = OnceLock::new();
    CHOSEN
        .get_or_init(|| {
            let namespaces = || {
                in_namespaces(zygote_namespaces()).is_ok_and(|mut command| {
                    command
                        .arg("true")
                        .stdin(Stdio::null())
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .status()
                        .is_ok_and(|status| status.success())
                })
            };
            match std::env::var(ISOLATION_VARIABLE).ok().as_deref() {
                None | Some("") => Ok(if namespaces() {
                    Isolation::Namespaces
                } else if grade_sandbox::view::landlock_available() {
                    Isolation::Landlock
                } else {
                    Isolation::None
                }),
                Some("namespaces") if namespaces() => Ok(Isolation::Namespaces),
                Some("namespaces") => Err(IsolationRefused::NoNamespaces),
                Some("landlock") if grade_sandbox::view::landlock_available() => {
                    Ok(Isolation::Landlock)
                }
                Some("landlock") => Err(IsolationRefused::NoLandlock),
                Some("none") => Ok(Isolation::None),
                Some(other) => Err(IsolationRefused::Unknown(other.to_string())),
            }
        })
        .clone()
        .map_err(anyhow::Error::new)
}

/// Why the isolation `GRADE_ISOLATION` asks for cannot be had. Chosen
/// once a run, so kept, and handed out again, by value.
#[derive(Debug, Clone, thiserror::Error)]
pub enum IsolationRefused {
    #[error("GRADE_ISOLATION=namespaces, but grade cannot make namespaces here")]
    NoNamespaces,
    #[error("GRADE_ISOLATION=landlock, but this kernel does not enforce it")]
    NoLandlock,
    #[error("GRADE_ISOLATION={0:?}: use namespaces, landlock or none")]
    Unknown(String),
}

/// Whether checks run in their own PID, network and mount namespaces.
pub fn isolated() -> bool {
    matches!(isolation(), Ok(Isolation::Namespaces))
}

/// The setting one run of `grade` sandboxes in: who it runs as, its
/// isolation, its cgroups (made for the run, removed when it is dropped)
/// and the kernel's Landlock version.
#[derive(Debug)]
pub struct Setting {
    pub root: bool,
    pub isolation: Isolation,
    pub cgroups: Option<Cgroups>,
    pub landlock_abi: i64,
    next_zygote: AtomicU64,
}

impl Setting {
    /// Finds this machine's setting, and makes the run's cgroups.
    pub fn detect() -> anyhow::Result<Setting> {
        let isolation = isolation()?;
        Ok(Setting {
            root: Uid::effective().is_root(),
            isolation,
            cgroups: Cgroups::for_run(),
            landlock_abi: grade_sandbox::view::landlock_abi(),
            next_zygote: AtomicU64::new(0),
        })
    }

    /// The one line `grade` prints on stderr: the setting, what protects
    /// the checks in it, and what it does not protect against.
    pub fn describe(&self) -> String {
        let who = match (self.root, self.isolation) {
            (true, _) => "root",
            (false, Isolation::Namespaces) => "a user with user namespaces",
            (false, _) => "a user without user namespaces",
        };
        let mut with = vec!["rlimits", "seccomp (no new process, socket or IPC)"];
        // What counts a check's threads, its alone, against the rubric's
        // `processes` (see grade-sandbox's `Limits::apply_to_self` and
        // `zygote::threads`).
        with.push(match (self.root, self.isolation) {
            (true, _) => "a user per check (RLIMIT_NPROC bounds its threads)",
            (false, Isolation::Namespaces) => {
                "a user namespace per check (RLIMIT_NPROC bounds its threads)"
            }
            (false, _) => {
                "a count of each check's threads by its zygote (seccomp notifies each clone)"
            }
        });
        if self.isolation == Isolation::Namespaces {
            with.push("namespaces (PID, mount, network, IPC)");
            with.push("a size-limited /tmp per check");
        }
        let landlock = match self.isolation {
            Isolation::Namespaces => format!("Landlock ABI {}", self.landlock_abi),
            _ => format!("Landlock ABI {} (no file to write)", self.landlock_abi),
        };
        if self.isolation != Isolation::None && self.landlock_abi > 0 {
            with.push(&landlock);
        }
        if let Some(cgroups) = &self.cgroups {
            with.push(cgroups.describe());
        }
        let mut gaps = Vec::new();
        if self.cgroups.is_none() {
            gaps.push("no cgroup: a check's memory is bounded per process (it may start none)");
        }
        if !self.root {
            gaps.push("checks run as the grading user");
        }
        match self.isolation {
            Isolation::Namespaces => {}
            Isolation::Landlock if self.landlock_abi >= 6 => gaps.push(
                "no PID, mount, network or IPC namespace: files, signals and sockets are kept in by Landlock and seccomp alone",
            ),
            Isolation::Landlock => gaps.push(
                "no namespaces, and Landlock before ABI 6 cannot scope signals (seccomp still does)",
            ),
            Isolation::None => gaps.push(
                "NO FILE-SYSTEM ISOLATION: checks can read what the grading user can read, and write files in /tmp (only each file's size is limited)",
            ),
        }
        // The build's view is Landlock's alone (`grade __build-view`), and
        // Landlock cannot say "not here" to a process that goes on anyway.
        if self.landlock_abi == 0 {
            gaps.push(
                "no Landlock: the compiler can read what the grading user can read (the scan and rustc's dep-info check still refuse a submission that names a file outside itself)",
            );
        }
        let gaps = if gaps.is_empty() {
            "nothing known".to_string()
        } else {
            gaps.join("; ")
        };
        format!(
            "grade: sandbox setting: {who}, {}; not protected: {gaps}",
            with.join(", ")
        )
    }

    /// The cgroups of a new zygote, inside the run's.
    pub(crate) fn zygote_cgroups(&self) -> anyhow::Result<Option<Cgroups>> {
        let serial = self.next_zygote.fetch_add(1, Ordering::Relaxed);
        self.cgroups
            .as_ref()
            .map(|run| run.for_zygote(serial))
            .transpose()
    }
}

impl Drop for Setting {
    fn drop(&mut self) {
        if let Some(cgroups) = &self.cgroups {
            cgroups.remove();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(root: bool, isolation: Isolation, cgroups: bool, landlock_abi: i64) -> Setting {
        Setting {
            root,
            isolation,
            cgroups: cgroups.then(|| Cgroups::V2 {
                dir: std::path::PathBuf::from("/nonexistent/grade-test"),
            }),
            landlock_abi,
            next_zygote: AtomicU64::new(0),
        }
    }

    /// The setting line names the setting, what protects it, and its gaps.
    #[test]
    fn the_setting_line_says_what_is_not_protected() {
        let root = setting(true, Isolation::Namespaces, true, 7).describe();
        assert!(root.starts_with("grade: sandbox setting: root, "), "{root}");
        assert!(root.contains("a user per check") && root.contains("cgroup v2"));
        assert!(root.ends_with("not protected: nothing known"), "{root}");

        assert!(root.contains("a user per check (RLIMIT_NPROC bounds its threads)"));
        assert!(root.contains("a size-limited /tmp per check"), "{root}");

        let user = setting(false, Isolation::Namespaces, false, 7).describe();
        assert!(user.contains("a user with user namespaces"), "{user}");
        assert!(user.contains("a user namespace per check (RLIMIT_NPROC bounds its threads)"));
        assert!(!user.contains("address space"), "{user}");
        assert!(user.contains("no cgroup") && user.contains("checks run as the grading user"));

        let laptop = setting(false, Isolation::Landlock, false, 5).describe();
        assert!(
            laptop.contains("a user without user namespaces"),
            "{laptop}"
        );
        assert!(laptop.contains("before ABI 6"), "{laptop}");
        assert!(laptop.contains("a count of each check's threads by its zygote"));
        assert!(
            laptop.contains("Landlock ABI 5 (no file to write)"),
            "{laptop}"
        );
        assert!(!laptop.contains("namespaces (PID"), "{laptop}");

        let bare = setting(false, Isolation::None, false, 0).describe();
        assert!(bare.contains("NO FILE-SYSTEM ISOLATION") && !bare.contains("Landlock ABI"));
        assert!(
            bare.contains("no Landlock: the compiler can read"),
            "{bare}"
        );
        let old_kernel = setting(true, Isolation::Namespaces, true, 0).describe();
        assert!(old_kernel.ends_with("refuse a submission that names a file outside itself)"));
    }
}
