//! How `grade`'s hidden subcommands, and the check processes the zygote
//! starts, end when they fail: one list of exit codes, so that no code is
//! a bare number in two places.

use std::process::ExitCode;

/// A failure's exit code. Success is 0 (`ExitCode::SUCCESS`); `grade`'s
/// own errors exit with 1 (`ExitCode::FAILURE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    /// `grade __zygote` or `grade __build-view` was called with the wrong
    /// arguments: only `grade` itself starts them.
    Usage = 2,
    /// A zygote, or a check's worker, could not set up its part
    /// of the sandbox; the grader reports the check as crashed, with the
    /// cause the process wrote first.
    SetupFailed = 3,
    /// `grade __build-view` could not restrict itself or start cargo. The
    /// build's generated shell wrappers use the same code when they cannot
    /// set the compile limit or hide a file, so that every failure of the
    /// build's wall reads alike.
    BuildViewFailed = 97,
}

impl Exit {
    /// The code, as `_exit` and a shell's `exit` take it.
    pub const fn code(self) -> i32 {
        self as i32
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}
