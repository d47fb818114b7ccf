//! The sandboxed side of the `grade` command. The generated harness binary
//! of each batch links this crate and every submission that compiled, and
//! runs as one zygote per submission: `harness zygote <submission>`, with
//! its control socket on stdin and its limits in the environment. See
//! [`zygote`] for the processes of one check and [`view`] for what they
//! see of the file system.

// Namespaces, rlimits and Landlock are Linux's; elsewhere this crate is
// empty and `grade` says it runs on Linux only.
#![cfg(target_os = "linux")]

pub mod control;
pub mod frame;
mod limits;
pub mod view;
mod zygote;

pub use limits::{LIMITS_VARIABLE, Limits};
pub use view::Isolation;
#[doc(hidden)]
pub use workbook;

use std::os::fd::{AsFd, OwnedFd};
use std::process::ExitCode;

use anyhow::Context;
use serde::{Deserialize, Serialize};
use workbook::Implementation;

/// How the grader asks the zygote to sandbox each check; travels as JSON
/// in [`SANDBOX_VARIABLE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sandbox {
    /// What keeps the checks apart.
    pub isolation: Isolation,
    /// Whether each check drops to the `nobody` user (the grader runs as
    /// root outside any user namespace).
    pub drop_to_nobody: bool,
}

/// The environment variable that carries the [`Sandbox`] to the zygote.
pub const SANDBOX_VARIABLE: &str = "GRADE_SANDBOX";

/// The entry point of the generated harness binary.
pub fn main(implementations: &[(&str, Implementation)]) -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, command, id] = args.as_slice() else {
        eprintln!("usage: harness zygote <submission>");
        return ExitCode::from(2);
    };
    if command != "zygote" {
        eprintln!("harness: unknown command {command:?}");
        return ExitCode::from(2);
    }
    let Some(implementation) = implementations
        .iter()
        .find(|(name, _)| name == id)
        .map(|(_, i)| *i)
    else {
        eprintln!("harness: no submission {id:?}");
        return ExitCode::from(2);
    };
    match start(implementation) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("harness: {error:#}");
            ExitCode::from(3)
        }
    }
}

fn start(implementation: Implementation) -> anyhow::Result<()> {
    let control: OwnedFd = std::io::stdin().as_fd().try_clone_to_owned()?;
    let null = std::fs::File::open("/dev/null")?;
    nix::unistd::dup2_stdin(null.as_fd())?;
    let limits = Limits::from_env()?;
    let text = std::env::var(SANDBOX_VARIABLE).context("GRADE_SANDBOX is not set")?;
    let sandbox: Sandbox = serde_json::from_str(&text).context("GRADE_SANDBOX is not valid")?;
    zygote::run(implementation, control, limits, sandbox)
}
