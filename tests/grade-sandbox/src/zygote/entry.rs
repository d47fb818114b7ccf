//! How the grader starts a zygote: `grade __zygote <image>`, with the
//! [`Sandbox`] and the limits in its environment and the control socket
//! as its standard input.

use std::ffi::OsString;
use std::os::fd::{AsFd, OwnedFd};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::cgroup::Cgroups;
use crate::view::Isolation;
use crate::{Exit, Limits};

/// How the grader asks the zygote to sandbox each check; travels as JSON
/// in [`SANDBOX_VARIABLE`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sandbox {
    /// What keeps the checks apart.
    pub isolation: Isolation,
    /// The zygote's cgroups, which hold one group per running check.
    pub cgroups: Option<Cgroups>,
    /// Each leader a `fork` that waits itself, as where the init cannot
    /// run (another architecture; see the `init` module): set by
    /// [`FORK_LEADERS_VARIABLE`], so that the workbook's own tests prove
    /// that way too.
    pub fork_leaders: bool,
}

/// The environment variable, read by `grade`, that makes every check's
/// leader a `fork` that waits itself ([`Sandbox::fork_leaders`]); for the
/// workbook's own tests.
pub const FORK_LEADERS_VARIABLE: &str = "GRADE_FORK_LEADERS";

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
    super::run(&image, control, limits, sandbox)
}
