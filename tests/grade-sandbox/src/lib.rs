//! The trusted side of `grade`'s sandbox: the launcher that sets up each
//! check's processes and only then executes the submission's image.
//!
//! `grade` runs this code as `grade __zygote <image>`, one process per
//! submission (the zygote), with its control socket on stdin and its
//! limits and setting in the environment. No submission's code is ever
//! linked into it. See [`zygote`] for the processes of one check, [`view`]
//! for what they see of the file system, [`seccomp`] for the system calls
//! they may not make and [`cgroup`] for the groups that bound them.
//! [`build`] is the same kind of wall for the build: what cargo and rustc
//! may read while a batch compiles (`grade __build-view`), and [`compile`]
//! the wall around each rustc of a submission's crate inside it (`grade
//! __compile`). [`namespaces`] makes the namespaces a zygote and cargo
//! run in (`grade __in-namespaces`). [`control`] is
//! the zygote's conversation with the grader, `limits` the limits of a
//! check both sides share, and `exit` the exit codes of the hidden
//! subcommands and check processes.

// Namespaces, rlimits, Landlock, seccomp and cgroups are Linux's;
// elsewhere this crate is empty and `grade` says it runs on Linux only.
#![cfg(target_os = "linux")]

pub mod build;
pub mod cgroup;
pub mod compile;
pub mod control;
mod exit;
mod limits;
pub mod namespaces;
mod rustc_arguments;
pub mod sandbox;
pub mod seccomp;
pub mod view;
pub mod zygote;

pub use build::{BUILD_VIEW_COMMAND, BUILD_VIEW_VARIABLE, BuildView, build_view_main};
pub use cgroup::Cgroups;
pub use compile::{
    COMPILE_COMMAND, COMPILE_VARIABLE, CompileStop, CompileWall, compile_main, is_submission_crate,
    mark_path,
};
pub use exit::Exit;
pub use limits::{LIMITS_VARIABLE, Limits};
pub use sandbox::{SANDBOX_VARIABLE, Sandbox};
pub use view::Isolation;
pub use zygote::entry::{ZYGOTE_COMMAND, zygote_main};
