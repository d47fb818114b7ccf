//! One check's processes, forked by the zygote: the leader, PID 1 of the
//! check's PID and mount namespaces, and the worker, which limits itself
//! and executes the submission's image (see the parent module for the
//! tree).
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
//! | fork of the worker (now a vfork: see `under_new_process`) | 105 |
//! | pipes placed, rlimits, the check's user | 85 |
//! | Landlock (rules made once by the zygote; 75 more when per check) | 10 |
//! | seccomp (a binary search: 220 as seccompiler's chain) | 78 |
//! | `execve` of the 1.5 MB static image, its start, the first answer | 500 |
//! | in all (1,375 before the seccomp, IPC and Landlock changes) | 1,130-1,300 |
//!
//! The kernel's share dominates: on this machine fork and exit alone cost
//! 134 µs and fork and exec of a small static binary 410-470 µs. A later
//! call of the same check costs 8 µs beyond the student's code.

use std::ffi::CString;
use std::fs::File;
use std::io::Write;
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use anyhow::Context;
use nix::errno::Errno;
use nix::sched::CloneFlags;
use nix::sys::signal::{SigSet, SigmaskHow, Signal, sigprocmask};
use nix::sys::wait::{WaitStatus, waitpid};
use nix::unistd::{Pid, setpgid};

use crate::control::CHECK_PIPES;
use crate::view::{self, Isolation};
use crate::{Limits, seccomp};

/// The exit code of a check process that could not set itself up.
pub(super) const SETUP_FAILED: i32 = crate::Exit::SetupFailed.code();

/// What a check's processes need to know: the image, its limits, how it
/// is isolated, and its own user (as root).
pub(super) struct Check<'a> {
    pub(super) image: &'a Path,
    /// The Landlock rules, made once by the zygote where every check works
    /// in the same `/tmp` (with namespaces); else made by each worker.
    pub(super) landlock: Option<&'a landlock::RulesetCreated>,
    pub(super) limits: Limits,
    pub(super) isolation: Isolation,
    pub(super) uid: Option<u32>,
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

/// Ends a forked process at once, without running the destructors of the
/// zygote's frames it was copied from.
#[allow(unsafe_code)]
pub(super) fn exit_now(code: i32) -> ! {
    // SAFETY: _exit only ends the process.
    unsafe { nix::libc::_exit(code) }
}

/// The check's leader: PID 1 of the check's namespaces, where it mounts the
/// check's `/tmp`, or with none a process group of its own, working in
/// `folder`. It forks the worker and waits for it; it never runs student
/// code. Returns the exit code the zygote reports.
pub(super) fn leader(
    check: &Check<'_>,
    pipes: [OwnedFd; CHECK_PIPES],
    inherited: [RawFd; 2],
    folder: Option<PathBuf>,
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
    under_new_process(pipes, |pipes| worker(check, pipes, &workdir))
}

/// Runs `body` in a new child process and returns its exit code, or 128
/// plus the signal that ended it. This process closes its copies of the
/// pipes at once, so the grader sees them close when the child ends.
///
/// The child is a `vfork`: it shares this process's memory, on a stack of
/// its own, while this process waits for it to execute the image (or to
/// fail and exit). So no copy of the address space is made only to be
/// thrown away by `execve`: in a typical class of 100 on the 2-core
/// machine, the CPU of zygotes, leaders and workers fell from 4.65 s to
/// 3.05 s (perf, 499 Hz), 0.36 ms a check. Everything else is the child's own, as
/// with `fork`: descriptors, working folder, limits, user, Landlock,
/// seccomp and signals. What it writes to memory (the few allocations of
/// its setup) is this process's too, which only waits for it and exits.
#[allow(unsafe_code)]
fn under_new_process(
    pipes: [OwnedFd; CHECK_PIPES],
    body: impl FnOnce([OwnedFd; CHECK_PIPES]) -> i32,
) -> i32 {
    let numbers = pipes.each_ref().map(AsRawFd::as_raw_fd);
    let Some(mut stack) = WorkerStack::new() else {
        return report_setup_failure(&pipes[2], &anyhow::anyhow!("no memory for a stack"));
    };
    // The child takes the pipes and the body; this process keeps its own
    // descriptors by number, and closes them once the child has gone on.
    let mut handover = Some((pipes, body));
    let child_body = Box::new(|| match handover.take() {
        Some((pipes, body)) => body(pipes) as isize,
        None => SETUP_FAILED as isize,
    });
    // SAFETY: with CLONE_VFORK this process is suspended until the child
    // executes the image or exits, so the two never run at once in the
    // shared memory; the child runs on `stack`, its own mapping with a
    // guard page below, not on this process's frames, and this process
    // has one thread, so no lock is held while it waits.
    let cloned = unsafe {
        nix::sched::clone(
            child_body,
            stack.as_mut_slice(),
            CloneFlags::CLONE_VM | CloneFlags::CLONE_VFORK,
            Some(Signal::SIGCHLD as i32),
        )
    };
    let child = match cloned {
        Ok(child) => child,
        Err(error) => {
            // The body never ran: the pipes are still this process's.
            if let Some((pipes, _)) = handover.take() {
                return report_setup_failure(&pipes[2], &anyhow::anyhow!("clone: {error}"));
            }
            return SETUP_FAILED;
        }
    };
    for fd in numbers {
        let _ = nix::unistd::close(fd);
    }
    // Reap everything; an init also inherits the orphans.
    loop {
        match waitpid(None, None) {
            Ok(WaitStatus::Exited(pid, code)) if pid == child => return code,
            Ok(WaitStatus::Signaled(pid, signal, _)) if pid == child => {
                return 128 + signal as i32;
            }
            Err(Errno::EINTR) | Ok(_) => continue,
            Err(_) => return SETUP_FAILED,
        }
    }
}

/// The worker's stack while it sets itself up: its own anonymous mapping,
/// with an inaccessible page at the bottom, so that an overflow faults
/// instead of writing over this process's memory, which the worker shares.
struct WorkerStack {
    base: std::ptr::NonNull<std::ffi::c_void>,
}

impl WorkerStack {
    /// Far more than the setup needs (the seccomp filter is the deepest);
    /// only the pages it touches are ever made.
    const SIZE: usize = 1 << 20;
    const GUARD: usize = 1 << 12;

    #[allow(unsafe_code)]
    fn new() -> Option<WorkerStack> {
        use nix::sys::mman::{MapFlags, ProtFlags, mmap_anonymous, mprotect};
        let size = std::num::NonZeroUsize::new(Self::SIZE)?;
        // SAFETY: a fresh private mapping, which nothing else refers to.
        let base = unsafe {
            mmap_anonymous(
                None,
                size,
                ProtFlags::PROT_READ | ProtFlags::PROT_WRITE,
                MapFlags::MAP_PRIVATE | MapFlags::MAP_STACK,
            )
        }
        .ok()?;
        let stack = WorkerStack { base };
        // SAFETY: the lowest page of the mapping just made.
        unsafe { mprotect(base, Self::GUARD, ProtFlags::PROT_NONE) }.ok()?;
        Some(stack)
    }

    /// The usable part, above the guard page.
    #[allow(unsafe_code)]
    fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: the mapping is SIZE bytes, readable and writable above
        // its guard page, and owned by this value.
        unsafe {
            std::slice::from_raw_parts_mut(
                self.base.as_ptr().cast::<u8>().add(Self::GUARD),
                Self::SIZE - Self::GUARD,
            )
        }
    }
}

impl Drop for WorkerStack {
    #[allow(unsafe_code)]
    fn drop(&mut self) {
        // SAFETY: the mapping this value made; the worker that ran on it
        // has executed the image or exited by now (CLONE_VFORK).
        let _ = unsafe { nix::sys::mman::munmap(self.base, Self::SIZE) };
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
    let setup = || -> anyhow::Result<CString> {
        let image = CString::new(check.image.as_os_str().as_bytes())?;
        nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
        nix::unistd::dup2_stdin(File::open("/dev/null")?.as_fd())?;
        nix::unistd::dup2_stdout(output.as_fd())?;
        nix::unistd::dup2_stderr(output.as_fd())?;
        place_pipes(&requests, &responses)?;
        std::env::set_current_dir(workdir)?;
        check.limits.apply_to_self(check.uid)?;
        // Becoming another user clears the parent-death signal.
        nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
        // With namespaces Landlock is a second wall, where the kernel has
        // it (5.13 on); without them it is the wall, and must hold.
        if check.isolation != Isolation::None {
            let enforced = match check.landlock {
                Some(ruleset) => view::restrict_with(ruleset)?,
                None => view::restrict_with_landlock(workdir, check.image)?,
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
        Ok(image)
    };
    let image = match setup() {
        Ok(image) => image,
        Err(error) => return report_setup_failure(&output, &error),
    };
    // From here on the standard three and the two pipes at their numbers
    // are all this process has open; stderr is the check's output.
    for fd in [requests, responses, output] {
        let _ = std::os::fd::IntoRawFd::into_raw_fd(fd);
    }
    if let Err(error) = close_everything_else() {
        eprintln!("harness: {error:#}");
        return SETUP_FAILED;
    }
    let no_environment: [&CString; 0] = [];
    let error = nix::unistd::execve(&image, &[&image], &no_environment)
        .err()
        .map_or_else(|| "execve returned".to_string(), |e| e.to_string());
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
