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
//! __compile`). [`control`] is
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
mod rustc_arguments;
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
pub use view::Isolation;

use std::ffi::OsString;
use std::os::fd::{AsFd, OwnedFd};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// How the grader asks the zygote to sandbox each check; travels as JSON
/// in [`SANDBOX_VARIABLE`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sandbox {
    /// What keeps the checks apart.
    pub isolation: Isolation,
    /// The zygote's cgroups, which hold one group per running check.
    pub cgroups: Option<Cgroups>,
}

/// The environment variable that carries the [`Sandbox`] to the zygote.
pub const SANDBOX_VARIABLE: &str = "GRADE_SANDBOX";

/// The hidden `grade` subcommand that runs a zygote.
pub const ZYGOTE_COMMAND: &str = "__zygote";

/// The entry point of `grade __zygote <image>`; `arguments` are those
/// after the subcommand.
pub fn zygote_main(arguments: &[OsString]) -> ExitCode {
    let [image] = arguments else {
        eprintln!("usage: grade {ZYGOTE_COMMAND} <image>");
        return Exit::Usage.into();
    };
    match start(PathBuf::from(image)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("harness: {error:#}");
            Exit::SetupFailed.into()
        }
    }
}

fn start(image: PathBuf) -> anyhow::Result<()> {
    let control: OwnedFd = std::io::stdin().as_fd().try_clone_to_owned()?;
    let null = std::fs::File::open("/dev/null")?;
    nix::unistd::dup2_stdin(null.as_fd())?;
    let limits = Limits::from_env()?;
    let text = std::env::var(SANDBOX_VARIABLE).context("GRADE_SANDBOX is not set")?;
    let sandbox: Sandbox = serde_json::from_str(&text).context("GRADE_SANDBOX is not valid")?;
    zygote::run(&image, control, limits, sandbox)
}
