//! How the grader starts a zygote: `grade __zygote <image>`, with the
//! [`Sandbox`](crate::sandbox::Sandbox) and the limits in its environment
//! and the control socket as its standard input.

use std::ffi::OsString;
use std::os::fd::{AsFd, OwnedFd};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::sandbox::{SANDBOX_VARIABLE, Sandbox};
use crate::{Exit, Limits};
use anyhow::Context;

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
