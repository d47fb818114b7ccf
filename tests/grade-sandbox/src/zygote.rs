//! The zygote: one trusted process per submission, started once, that
//! forks a fresh process tree for each check and never holds student code.
//!
//! The process tree of one check, with namespaces:
//!
//! ```text
//! grade (the grader; root or the instructor)
//!  └─ grade __zygote <image>: the launcher, in the submission's user (when
//!     │   not root), PID, network, mount and IPC namespaces, in a private
//!     │   read-only root that holds the image at /image; no student code
//!      └─ check leader: PID 1 of new PID and mount namespaces, in the
//!         │   check's cgroup, a fresh /tmp; waits, and passes on how the
//!         │   worker ended
//!          └─ worker: limits, its own user (as root), Landlock, seccomp,
//!             then execve(/image) with an empty environment: only now is
//!             the submission's code mapped, its constructors run, here
//! ```
//!
//! The image holds this one submission's code and the serving loop
//! (`grade-serve`), nothing of the sandbox: every step above that limits
//! the check happens in this process's code, which no submission is linked
//! into, so no symbol a submission defines can replace it. Executing the
//! image costs a little more per check than forking a process that had it
//! loaded, but a process that had it loaded would have run its
//! constructors outside any check's sandbox.
//!
//! The leader does not run the image itself because the kernel shields a
//! namespace's PID 1 from signals sent from inside: a student's `abort()`
//! there would be ignored. When the leader ends, the kernel kills every
//! process left in its namespace, and the check may start none anyway (see
//! [`crate::seccomp`]). Without namespaces, the leader is a process group
//! of its own, which the zygote kills when the leader ends.

use std::collections::HashMap;
use std::ffi::CString;
use std::fs::File;
use std::io::Write;
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use anyhow::Context;
use nix::errno::Errno;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sched::CloneFlags;
use nix::sys::signal::{SigSet, SigmaskHow, Signal, killpg, sigprocmask};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::{ForkResult, Pid, fork, setpgid};

use crate::cgroup::CheckGroups;
use crate::control::{self, CHECK_PIPES, FromZygote, ToZygote};
use crate::view::{self, Isolation};
use crate::{Limits, Sandbox, seccomp};

/// The exit code of a check process that could not set itself up.
const SETUP_FAILED: i32 = crate::Exit::SetupFailed.code();

/// Runs checks of the submission whose image is `image` for the grader on
/// the control socket `control`, until the grader closes it.
pub(crate) fn run(
    image: &Path,
    control: OwnedFd,
    limits: Limits,
    sandbox: Sandbox,
) -> anyhow::Result<()> {
    // The groups are opened while the host's file system is still in view.
    let groups = match &sandbox.cgroups {
        Some(cgroups) => Some(CheckGroups::open(cgroups).context("opening the cgroups")?),
        None => None,
    };
    let image = match sandbox.isolation {
        Isolation::Namespaces => {
            view::enter_private_root(image).context("building the private root")?;
            PathBuf::from(view::IMAGE_INSIDE)
        }
        Isolation::Landlock | Isolation::None => image.to_path_buf(),
    };
    let mut mask = SigSet::empty();
    mask.add(Signal::SIGCHLD);
    sigprocmask(SigmaskHow::SIG_BLOCK, Some(&mask), None)?;
    let children = SignalFd::with_flags(&mask, SfdFlags::SFD_CLOEXEC | SfdFlags::SFD_NONBLOCK)?;
    let mut zygote = Zygote {
        image,
        groups,
        limits,
        sandbox,
        control,
        children,
        running: HashMap::new(),
    };
    let result = zygote.serve();
    // The grader has gone or is done: end every check still running, wait
    // for it, and remove its folder.
    for (leader, check) in zygote.running.drain() {
        let _ = killpg(leader, Signal::SIGKILL);
        let _ = waitpid(leader, None);
        if let Some(folder) = check.folder {
            let _ = std::fs::remove_dir_all(folder);
        }
    }
    result
}

struct Zygote {
    /// The image's path as the workers see it.
    image: PathBuf,
    groups: Option<CheckGroups>,
    limits: Limits,
    sandbox: Sandbox,
    control: OwnedFd,
    children: SignalFd,
    /// Each running check, by its leader.
    running: HashMap<Pid, Running>,
}

/// A running check: the grader's token for it, the temporary folder to
/// remove when it ends (without namespaces), and its cgroup slot.
struct Running {
    token: u64,
    folder: Option<PathBuf>,
    slot: Option<usize>,
}

impl Zygote {
    fn serve(&mut self) -> anyhow::Result<()> {
        loop {
            let (control_ready, children_ready) = {
                let mut fds = [
                    PollFd::new(self.control.as_fd(), PollFlags::POLLIN),
                    PollFd::new(self.children.as_fd(), PollFlags::POLLIN),
                ];
                match poll(&mut fds, PollTimeout::NONE) {
                    Err(Errno::EINTR) => continue,
                    result => result?,
                };
                let ready = |fd: &PollFd<'_>| fd.revents().is_some_and(|r| !r.is_empty());
                (ready(&fds[0]), ready(&fds[1]))
            };
            if children_ready {
                while let Ok(Some(_)) = self.children.read_signal() {}
                self.reap()?;
            }
            if control_ready {
                let Some((message, fds)) = control::receive::<ToZygote>(self.control.as_fd())?
                else {
                    return Ok(());
                };
                match message {
                    ToZygote::Spawn { token, uid } => self.spawn(token, uid, fds)?,
                    ToZygote::Kill { token } => {
                        let leader = self.running.iter().find(|(_, check)| check.token == token);
                        if let Some((leader, _)) = leader {
                            let _ = killpg(*leader, Signal::SIGKILL);
                        }
                    }
                }
            }
        }
    }

    /// Collects every ended child and tells the grader about the leaders.
    fn reap(&mut self) -> anyhow::Result<()> {
        loop {
            let (pid, status) = match waitpid(None, Some(WaitPidFlag::WNOHANG)) {
                Ok(WaitStatus::Exited(pid, code)) => (pid, code),
                Ok(WaitStatus::Signaled(pid, signal, _)) => (pid, 128 + signal as i32),
                Ok(WaitStatus::StillAlive) | Err(Errno::ECHILD) => return Ok(()),
                Ok(_) => continue,
                Err(Errno::EINTR) => continue,
                Err(error) => return Err(error.into()),
            };
            if let Some(check) = self.running.remove(&pid) {
                // Whatever the check left in its group goes with it, and
                // then its folder and its cgroup.
                let _ = killpg(pid, Signal::SIGKILL);
                if let Some(folder) = check.folder {
                    let _ = std::fs::remove_dir_all(folder);
                }
                if let (Some(groups), Some(slot)) = (&mut self.groups, check.slot) {
                    groups.release(slot);
                }
                self.tell(&FromZygote::Ended {
                    token: check.token,
                    status,
                })?;
            }
        }
    }

    fn tell(&self, message: &FromZygote) -> anyhow::Result<()> {
        control::send(self.control.as_fd(), message, &[])?;
        Ok(())
    }

    fn spawn(&mut self, token: u64, uid: Option<u32>, fds: Vec<OwnedFd>) -> anyhow::Result<()> {
        let failed = |message: String| FromZygote::Failed { token, message };
        let Ok(pipes) = <[OwnedFd; CHECK_PIPES]>::try_from(fds) else {
            return self.tell(&failed(format!("a check needs {CHECK_PIPES} pipes")));
        };
        // Without namespaces, the check's folder is made and removed here,
        // where a kill cannot interrupt the removal.
        let (namespaces, folder) = match self.sandbox.isolation {
            // No IPC namespace of its own (39 µs of kernel time each on the
            // 2-core machine): seccomp refuses every System V and POSIX
            // message call, so a check has nothing in one; the zygote's
            // own keeps the submission's from the host's (sysv_shm_*).
            Isolation::Namespaces => (CloneFlags::CLONE_NEWPID | CloneFlags::CLONE_NEWNS, None),
            Isolation::Landlock | Isolation::None => {
                match view::make_temporary_folder(uid.is_some()) {
                    Ok(folder) => (CloneFlags::empty(), Some(folder)),
                    Err(error) => return self.tell(&failed(format!("{error:#}"))),
                }
            }
        };
        let slot = match &mut self.groups {
            Some(groups) => match groups.take(self.limits.memory_mib, self.limits.processes) {
                Ok(slot) => Some(slot),
                Err(error) => return self.tell(&failed(format!("{error:#}"))),
            },
            None => None,
        };
        match fork_into(namespaces) {
            Ok(None) => {
                let inherited = [self.control.as_raw_fd(), self.children.as_raw_fd()];
                let check = Check {
                    image: &self.image,
                    limits: self.limits,
                    isolation: self.sandbox.isolation,
                    uid,
                };
                let joined = match (&self.groups, slot) {
                    (Some(groups), Some(slot)) => groups.join(slot),
                    _ => Ok(()),
                };
                let code = match joined {
                    Ok(()) => leader(&check, pipes, inherited, folder),
                    Err(error) => report_setup_failure(&pipes[2], &error),
                };
                exit_now(code)
            }
            Ok(Some(child)) => {
                // The leader's own group, set from both sides so that a kill
                // sent at once still reaches it.
                let _ = setpgid(child, child);
                self.running.insert(
                    child,
                    Running {
                        token,
                        folder,
                        slot,
                    },
                );
                Ok(())
            }
            Err(error) => {
                if let (Some(groups), Some(slot)) = (&mut self.groups, slot) {
                    groups.release(slot);
                }
                self.tell(&failed(format!("clone: {error}")))
            }
        }
    }
}

/// What a check's processes need to know: the image, its limits, how it
/// is isolated, and its own user (as root).
struct Check<'a> {
    image: &'a Path,
    limits: Limits,
    isolation: Isolation,
    uid: Option<u32>,
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
fn fork_into(namespaces: CloneFlags) -> nix::Result<Option<Pid>> {
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
fn exit_now(code: i32) -> ! {
    // SAFETY: _exit only ends the process.
    unsafe { nix::libc::_exit(code) }
}

/// The check's leader: PID 1 of the check's namespaces, where it mounts the
/// check's `/tmp`, or with none a process group of its own, working in
/// `folder`. It forks the worker and waits for it; it never runs student
/// code. Returns the exit code the zygote reports.
fn leader(
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
#[allow(unsafe_code)]
fn under_new_process(
    pipes: [OwnedFd; CHECK_PIPES],
    body: impl FnOnce([OwnedFd; CHECK_PIPES]) -> i32,
) -> i32 {
    // SAFETY: the calling process has one thread.
    match unsafe { fork() } {
        Ok(ForkResult::Child) => exit_now(body(pipes)),
        Ok(ForkResult::Parent { child }) => {
            drop(pipes);
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
        Err(error) => report_setup_failure(&pipes[2], &anyhow::anyhow!("fork: {error}")),
    }
}

/// Says on the check's output why its process could not start; the grader
/// shows it with the exit code.
fn report_setup_failure(output: &OwnedFd, error: &anyhow::Error) -> i32 {
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
            let enforced = view::restrict_with_landlock(workdir, check.image)?;
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
