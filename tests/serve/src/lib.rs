//! The sandboxed child's side of the `grade` command: a process that runs
//! one submission's functions on request, inside the limits the grader
//! asked for. The generated harness binary of each batch links this crate
//! and every submission that compiled, so it is kept small.

// Namespaces, rlimits and dup2 are Linux's; elsewhere this crate is empty
// and `grade` says it runs on Linux only.
#![cfg(target_os = "linux")]

mod limits;

pub use limits::{LIMITS_VARIABLE, Limits};
#[doc(hidden)]
pub use workbook;

use std::io::{BufRead, BufReader, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use workbook::{Implementation, Request, Response, Unwatched};

/// The entry point of the generated harness binary:
/// `harness serve <submission>` with limits in the environment.
pub fn main(implementations: &[(&str, Implementation)]) -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, command, id] = args.as_slice() else {
        eprintln!("usage: harness serve <submission>");
        return ExitCode::from(2);
    };
    let Some(implementation) = implementations
        .iter()
        .find(|(name, _)| name == id)
        .map(|(_, i)| *i)
    else {
        eprintln!("harness: no submission {id:?}");
        return ExitCode::from(2);
    };
    if command != "serve" {
        eprintln!("harness: unknown command {command:?}");
        return ExitCode::from(2);
    }
    // Inside a fresh PID namespace this process is its init, which the
    // kernel shields from signals sent from inside: a student's abort()
    // would be ignored. So init only waits for a second copy of itself,
    // which serves, and passes on how it ended.
    if std::process::id() == 1 {
        return serve_as_child_of_init();
    }
    match serve(implementation) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("harness: {error:#}");
            ExitCode::from(3)
        }
    }
}

fn serve_as_child_of_init() -> ExitCode {
    use std::os::unix::process::ExitStatusExt;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status =
        std::env::current_exe().and_then(|exe| std::process::Command::new(exe).args(args).status());
    match status {
        Ok(status) => match (status.code(), status.signal()) {
            (Some(code), _) => ExitCode::from(code.clamp(0, 255) as u8),
            (None, Some(signal)) => ExitCode::from((128 + signal).clamp(0, 255) as u8),
            (None, None) => ExitCode::from(3),
        },
        Err(error) => {
            eprintln!("harness: could not start the server: {error}");
            ExitCode::from(3)
        }
    }
}

fn serve(implementation: Implementation) -> anyhow::Result<()> {
    // Keep the real stdin and stdout for the grader, then point the
    // student's stdin at nothing and their stdout at the captured stderr.
    let requests: OwnedFd = std::io::stdin().as_fd().try_clone_to_owned()?;
    let responses: OwnedFd = std::io::stdout().as_fd().try_clone_to_owned()?;
    let null = std::fs::File::open("/dev/null")?;
    nix::unistd::dup2_stdin(null.as_fd())?;
    nix::unistd::dup2_stdout(std::io::stderr().as_fd())?;
    Limits::from_env()?.apply_to_self()?;

    let mut requests = BufReader::new(std::fs::File::from(requests));
    let mut responses = std::io::BufWriter::new(std::fs::File::from(responses));
    let mut line = String::new();
    loop {
        line.clear();
        if requests.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let request: Request = serde_json::from_str(&line)?;
        let response = answer(&implementation, request);
        serde_json::to_writer(&mut responses, &response)?;
        responses.write_all(b"\n")?;
        responses.flush()?;
    }
}

/// Runs one request, catching the student's panics.
fn answer(implementation: &Implementation, request: Request) -> Response {
    panic::catch_unwind(AssertUnwindSafe(|| {
        implementation.answer(request, &Unwatched)
    }))
    .unwrap_or_else(|payload| Response::Panicked(workbook::panic_message(payload.as_ref())))
}
