//! One check's process, started by the zygote: the worker, which limits
//! itself and executes the submission's image (see the parent module).
//!
//! What a check's start costs, and where (the grader asking until the
//! first answer, less the student's code; medians of 540 checks of 10
//! typical submissions at `--jobs 1`, on the 2-core machine at load 7-9),
//! when each check had a leader of its own, PID 1 of a PID namespace:
//!
//! | step | µs |
//! |---|---|
//! | grader: three pipes, the request to the zygote | 70 |
//! | clone into new PID and mount namespaces | 130 |
//! | the leader joins the check's cgroups (v1: two writes) | 100 |
//! | a fresh `/tmp` (tmpfs) | 50 |
//! | fork of the worker | 105 |
//! | pipes placed, rlimits, the check's user | 85 |
//! | Landlock (rules made once by the zygote; 75 more when per check) | 10 |
//! | seccomp (a binary search: 220 as seccompiler's chain) | 78 |
//! | `execve` of the 1.5 MB static image, its start, the first answer | 500 |
//! | in all (1,375 before the seccomp, IPC and Landlock changes) | 1,130-1,300 |
//!
//! The kernel's share dominates: on this machine fork and exit alone cost
//! 134 µs and fork and exec of a small static binary 410-470 µs. A later
//! call of the same check costs 8 µs beyond the student's code.
//!
//! The leader is gone: a check may start no process (seccomp), may signal
//! only itself (seccomp) and sees no other process (its private root has
//! no `/proc`), so a PID namespace of its own kept nothing out, and the
//! leader that had to be its PID 1 (and the init it became) with it. The
//! worker is the zygote's own child, a vfork in a new mount namespace
//! (for its `/tmp`), and the zygote reads how it ended directly.

use std::ffi::CStr;
use std::fs::File;
use std::io::Write;
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};

use anyhow::Context;
use nix::errno::Errno;
use nix::sys::signal::{SigSet, SigmaskHow, Signal, sigprocmask};

use super::vfork::execute;
use crate::control::CHECK_PIPES;
use crate::view::{self, Isolation};
use crate::{Limits, seccomp};

/// The exit code of a check process that could not set itself up.
pub(super) const SETUP_FAILED: i32 = crate::Exit::SetupFailed.code();

/// What a check's processes need to know: the image, its limits, how it
/// is isolated, and its own user (as root).
pub(super) struct Check<'a> {
    pub(super) image: &'a Path,
    /// The image's path as `execve` takes it, made once by the zygote.
    pub(super) image_name: &'a CStr,
    /// The Landlock rules, made once by the zygote where every check works
    /// in the same `/tmp` (with namespaces); else made by each worker.
    pub(super) landlock: Option<&'a landlock::RulesetCreated>,
    pub(super) limits: Limits,
    pub(super) isolation: Isolation,
    pub(super) uid: Option<u32>,
    /// Whether the worker enters a user namespace of its own, whose count
    /// of processes `RLIMIT_NPROC` then bounds (a user's zygote's).
    pub(super) own_user_namespace: bool,
    /// Where the zygote counts the check's threads, the socket the worker
    /// sends its listener on (see the `threads` module).
    pub(super) thread_socket: Option<RawFd>,
}

/// Says on the check's output why its process could not start; the grader
/// shows it with the exit code.
pub(super) fn report_setup_failure(output: &OwnedFd, error: &anyhow::Error) -> i32 {
    if let Ok(copy) = output.try_clone() {
        let _ = writeln!(File::from(copy), "harness: {error:#}");
    }
    SETUP_FAILED
}

/// The process that becomes the submission's image, a vfork of the
/// zygote: the zygote's descriptors closed, its check's folder (with
/// namespaces a fresh `/tmp`, mounted here), its output to the check's
/// output pipe, the request and answer pipes at the numbers the image
/// expects and nothing else open, the limits, its own user, Landlock and
/// seccomp, and then `execve` with no environment. Returns the exit code
/// only when it could not get that far.
pub(super) fn worker(
    check: &Check<'_>,
    pipes: [OwnedFd; CHECK_PIPES],
    inherited: [RawFd; 2],
    folder: Option<PathBuf>,
) -> i32 {
    for fd in inherited {
        let _ = nix::unistd::close(fd);
    }
    // The zygote blocks SIGCHLD for its signalfd.
    let _ = sigprocmask(SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None);
    let workdir = match folder {
        Some(folder) => Ok(folder),
        None => view::mount_private_tmp(&check.limits),
    };
    match workdir {
        Ok(workdir) => set_up_and_execute(check, pipes, workdir),
        Err(error) => report_setup_failure(&pipes[2], &error),
    }
}

/// [`worker`]'s part once it has its folder, `workdir`, which it frees
/// before it executes the image: what it allocates is the zygote's memory.
fn set_up_and_execute(check: &Check<'_>, pipes: [OwnedFd; CHECK_PIPES], workdir: PathBuf) -> i32 {
    // Every descriptor this process owns moves above the numbers in play,
    // so that placing the pipes at theirs closes none of them.
    let pipes = pipes.map(|fd| move_high(&fd).unwrap_or(fd));
    let [requests, responses, output] = pipes;
    let setup = || -> anyhow::Result<()> {
        nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
        // First, while the socket's number is still its own: the pipes
        // are placed at low numbers below.
        if let Some(socket) = check.thread_socket {
            super::threads::hand_clones_to_the_zygote(socket)?;
        }
        nix::unistd::dup2_stdin(File::open("/dev/null")?.as_fd())?;
        nix::unistd::dup2_stdout(output.as_fd())?;
        nix::unistd::dup2_stderr(output.as_fd())?;
        place_pipes(&requests, &responses)?;
        std::env::set_current_dir(&workdir)?;
        check
            .limits
            .apply_to_self(check.uid, check.own_user_namespace)?;
        // Becoming another user clears the parent-death signal.
        nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
        // With namespaces Landlock is a second wall, where the kernel has
        // it (5.13 on); without them it is the wall, and must hold.
        if check.isolation != Isolation::None {
            let enforced = match check.landlock {
                Some(ruleset) => view::restrict_with(ruleset)?,
                None => view::restrict_with_landlock(check.image)?,
            };
            anyhow::ensure!(
                enforced || check.isolation == Isolation::Namespaces,
                "this kernel does not enforce Landlock"
            );
        }
        // In a user namespace the worker is its root: it keeps no
        // capability into the image (no_new_privs, set by Landlock and
        // seccomp, keeps exec from granting them again).
        caps::clear(None, caps::CapSet::Effective)?;
        caps::clear(None, caps::CapSet::Permitted)?;
        caps::clear(None, caps::CapSet::Inheritable)?;
        seccomp::confine(nix::unistd::getpid().as_raw())?;
        Ok(())
    };
    let set_up = setup();
    drop(workdir);
    if let Err(error) = set_up {
        return report_setup_failure(&output, &error);
    }
    // From here on the standard three and the two pipes at their numbers
    // are all this process has open; stderr is the check's output.
    for fd in [requests, responses, output] {
        let _ = std::os::fd::IntoRawFd::into_raw_fd(fd);
    }
    if let Err(error) = close_everything_else() {
        eprintln!("harness: {error:#}");
        return SETUP_FAILED;
    }
    let error = execute(nix::libc::AT_FDCWD, check.image_name, check.image_name, 0);
    eprintln!("harness: executing the image: {error}");
    SETUP_FAILED
}

/// Puts the request and answer pipes at the descriptors the image reads
/// them from, and closes every other descriptor but the standard three:
/// nothing of the launcher's reaches the image.
#[allow(unsafe_code)]
fn place_pipes(requests: &OwnedFd, responses: &OwnedFd) -> anyhow::Result<()> {
    use nix::libc;
    for (fd, target) in [
        (requests, grade_serve::REQUESTS_FD),
        (responses, grade_serve::RESPONSES_FD),
    ] {
        // SAFETY: dup2 onto a fixed number that this process owns nothing
        // at that it still needs: the originals sit at 16 or above.
        if unsafe { libc::dup2(fd.as_raw_fd(), target) } != target {
            anyhow::bail!("dup2: {}", Errno::last());
        }
    }
    Ok(())
}

/// A copy of `fd` at 16 or above, closed on exec.
#[allow(unsafe_code)]
fn move_high(fd: &OwnedFd) -> anyhow::Result<OwnedFd> {
    use std::os::fd::FromRawFd;
    let copy = nix::fcntl::fcntl(fd.as_fd(), nix::fcntl::FcntlArg::F_DUPFD_CLOEXEC(16))
        .context("duplicating a pipe")?;
    // SAFETY: fcntl has just made this descriptor, and nothing else owns it.
    Ok(unsafe { OwnedFd::from_raw_fd(copy) })
}

/// Closes every descriptor above the two pipes, so that nothing of the
/// launcher's reaches the image. The descriptors it closes are forgotten
/// by their owners first (see [`worker`]).
#[allow(unsafe_code)]
fn close_everything_else() -> anyhow::Result<()> {
    let first = grade_serve::RESPONSES_FD.max(grade_serve::REQUESTS_FD) + 1;
    // SAFETY: closes descriptors only; nothing in this process, which
    // execs next, uses one above the pipes.
    let closed = unsafe { nix::libc::syscall(nix::libc::SYS_close_range, first, u32::MAX, 0) };
    anyhow::ensure!(closed == 0, "close_range: {}", Errno::last());
    Ok(())
}
