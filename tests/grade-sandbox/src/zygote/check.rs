//! One check's processes, started by the zygote: the leader, PID 1 of the
//! check's PID and mount namespaces, which becomes the check's init, and
//! the worker, which limits itself and executes the submission's image
//! (see the parent module for the tree).
//!
//! What a check's start costs, and where (the grader asking until the
//! first answer, less the student's code; medians of 540 checks of 10
//! typical submissions at `--jobs 1`, on the 2-core machine at load 7-9):
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
//! Since that table, the leader and the worker are vforks and the leader
//! ends as the 76-byte init: no copy of the zygote's address space, its
//! faults or its teardown. The start's median at `--jobs 1` went from
//! 0.98 ms to 0.69 ms, and a check's whole cost beyond the student's code
//! from 1.27 ms to 0.97 ms (10 typical submissions, quiet machine).

use std::ffi::CStr;
use std::fs::File;
use std::io::Write;
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};

use anyhow::Context;
use nix::errno::Errno;
use nix::sched::CloneFlags;
use nix::sys::signal::{SigSet, SigmaskHow, Signal, sigprocmask};
use nix::sys::wait::{WaitStatus, waitpid};
use nix::unistd::{Pid, setpgid};

use super::init::Init;
use super::vfork::{Stack, execute, vfork_on};
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
    /// The init the leader becomes, where it runs (see [`Init`]).
    pub(super) init: Option<&'a Init>,
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

/// Forks the calling process into new `namespaces`: `Some(child)` in the
/// parent, `None` in the child. With a new PID namespace the child is its
/// PID 1, so one fork makes both the namespace and its init.
///
/// This is the `clone` system call with fork's arguments (no new stack:
/// the child continues on a copy of this one, guard page included), which
/// the C library's `fork` cannot pass namespace flags to. Unlike that
/// `fork`, it runs no at-fork handlers and leaves the C library's cached
/// thread id stale in the child, so the child must only set up, fork again
/// with the real `fork` (which refreshes it), wait and exit; [`leader`]
/// does just that.
#[allow(unsafe_code)]
pub(super) fn fork_into(namespaces: CloneFlags) -> nix::Result<Option<Pid>> {
    let flags = namespaces.bits() as nix::libc::c_ulong | nix::libc::SIGCHLD as nix::libc::c_ulong;
    // SAFETY: the zygote has one thread, so no lock can be held in the
    // copy; with a null stack, clone returns twice on copies of this stack
    // exactly as fork does.
    let result = unsafe {
        nix::libc::syscall(
            nix::libc::SYS_clone,
            flags,
            std::ptr::null_mut::<nix::libc::c_void>(),
            std::ptr::null_mut::<nix::libc::c_int>(),
            std::ptr::null_mut::<nix::libc::c_int>(),
            0 as nix::libc::c_ulong,
        )
    };
    match result {
        -1 => Err(Errno::last()),
        0 => Ok(None),
        pid => Ok(Some(Pid::from_raw(pid as nix::libc::pid_t))),
    }
}

/// The check's leader: PID 1 of the check's namespaces, where it mounts the
/// check's `/tmp`, or with none a process group of its own, working in
/// `folder`. It starts the worker (on `worker_stack`) and, once the worker
/// has executed the image, becomes the [`Init`] that waits for it, or,
/// without one, waits itself; it never runs student code. Returns the exit
/// code the zygote reports, when it does not become the init.
pub(super) fn leader(
    check: &Check<'_>,
    pipes: [OwnedFd; CHECK_PIPES],
    inherited: [RawFd; 2],
    folder: Option<PathBuf>,
    worker_stack: &mut Stack,
) -> i32 {
    for fd in inherited {
        let _ = nix::unistd::close(fd);
    }
    let _ = setpgid(Pid::from_raw(0), Pid::from_raw(0));
    let _ = sigprocmask(SigmaskHow::SIG_SETMASK, Some(&SigSet::empty()), None);
    let _ = nix::sys::prctl::set_pdeathsig(Signal::SIGKILL);
    let workdir = match folder {
        Some(folder) => Ok(folder),
        None => view::mount_private_tmp(&check.limits),
    };
    let workdir = match workdir {
        Ok(workdir) => workdir,
        Err(error) => return report_setup_failure(&pipes[2], &error),
    };
    // A copy of the output that closes itself if the init executes: the
    // one place to say why it did not.
    let report = pipes[2].try_clone().ok();
    let started = start_worker(pipes, worker_stack, |pipes| worker(check, pipes, &workdir));
    // What the leader allocated would stay in the zygote's memory.
    drop(workdir);
    // The worker has sent its listener on its copy, or ended.
    if let Some(socket) = check.thread_socket {
        let _ = nix::unistd::close(socket);
    }
    let worker = match started {
        Ok(worker) => worker,
        Err(code) => return code,
    };
    if let Some(init) = check.init {
        let error = init.execute();
        let _ = nix::sys::signal::kill(worker, Signal::SIGKILL);
        if let Some(report) = &report {
            report_setup_failure(
                report,
                &anyhow::anyhow!("executing the check's init: {error}"),
            );
        }
    }
    drop(report);
    wait_for(worker)
}

/// Starts `body` as the worker, a vfork of this process, and returns its
/// process id once it has executed the image (or exited, having failed).
/// This process closes its copies of the pipes then, so the grader sees
/// them close when the worker ends. `Err` is the exit code to end with.
fn start_worker(
    pipes: [OwnedFd; CHECK_PIPES],
    stack: &mut Stack,
    body: impl FnOnce([OwnedFd; CHECK_PIPES]) -> i32,
) -> Result<Pid, i32> {
    let numbers = pipes.each_ref().map(AsRawFd::as_raw_fd);
    // The worker takes the pipes (in its own descriptor table); this
    // process keeps its own copies by number.
    let mut handover = Some((pipes, body));
    #[allow(unsafe_code)]
    // SAFETY: a leader has one thread; the worker runs on its own stack,
    // sets itself up and executes the image, and what it allocates on the
    // way it frees first (the image's name is the zygote's, made once).
    let started = unsafe {
        vfork_on(stack, CloneFlags::empty(), || match handover.take() {
            Some((pipes, body)) => body(pipes),
            None => SETUP_FAILED,
        })
    };
    match started {
        Ok(worker) => {
            for fd in numbers {
                let _ = nix::unistd::close(fd);
            }
            Ok(worker)
        }
        // The body never ran: the pipes are still this process's.
        Err(error) => Err(match handover.take() {
            Some((pipes, _)) => report_setup_failure(&pipes[2], &anyhow::anyhow!("clone: {error}")),
            None => SETUP_FAILED,
        }),
    }
}

/// Waits for `worker`, reaping every child (an init also inherits the
/// orphans), and returns its exit code, or 128 plus the signal that ended
/// it.
fn wait_for(worker: Pid) -> i32 {
    loop {
        match waitpid(None, None) {
            Ok(WaitStatus::Exited(pid, code)) if pid == worker => return code,
            Ok(WaitStatus::Signaled(pid, signal, _)) if pid == worker => {
                return 128 + signal as i32;
            }
            Err(Errno::EINTR) | Ok(_) => continue,
            Err(_) => return SETUP_FAILED,
        }
    }
}

/// Says on the check's output why its process could not start; the grader
/// shows it with the exit code.
pub(super) fn report_setup_failure(output: &OwnedFd, error: &anyhow::Error) -> i32 {
    if let Ok(copy) = output.try_clone() {
        let _ = writeln!(File::from(copy), "harness: {error:#}");
    }
    SETUP_FAILED
}

/// The process that becomes the submission's image: its output to the
/// check's output pipe, the request and answer pipes at the numbers the
/// image expects and nothing else open, its own folder, the limits, its own
/// user, Landlock and seccomp, and then `execve` with no environment.
/// Returns only when it could not get that far.
fn worker(check: &Check<'_>, pipes: [OwnedFd; CHECK_PIPES], workdir: &Path) -> i32 {
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
        std::env::set_current_dir(workdir)?;
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
    if let Err(error) = setup() {
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
