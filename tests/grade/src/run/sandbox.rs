//! Running a submission's functions in processes the grader can always
//! stop, and talking to them.
//!
//! Each submission gets one zygote: `grade` itself, started again as
//! `grade __zygote <image>` in its own PID, network,
//! mount and IPC namespaces (when this machine allows them; `grade
//! __in-namespaces` makes them), its limits in
//! its environment. It holds no student code. For each check the grader
//! passes it three new pipes, and it forks a fresh process tree that
//! limits itself and only then executes the submission's image, which
//! serves the student's functions on the pipes and nothing else. See the
//! `grade-sandbox` crate's `zygote` module for that tree, and
//! `tests/grade/docs/sandbox.md` for what each setting guarantees.
//!
//! Shared between the checks of one submission: only the zygote, which no
//! check's code ever runs in. Not shared: every process that runs student
//! code, its memory, its CPU time, its threads, its `/tmp`, its user (as
//! root) and its cgroup, all gone when its check ends; and no check can
//! make a System V IPC object or a socket to share (seccomp).
//! The verdict is always computed here, in the grader, from return values
//! alone.
//!
//! This module is the sandbox's front, which the rest of the grader uses:
//! `setting` finds and describes the setting, `zygote_client` starts and
//! stops the zygotes, and `server` talks to one check's process.

pub use crate::machine::setting::{Setting, isolated};
pub use crate::run::check_process::CheckProcess;
pub use crate::run::zygote_client::Zygote;

/// Moved below every wing (the interrupt handler locks too).
pub(crate) use crate::machine::lock;
