//! The zygote: one process per submission, started once, that forks a fresh
//! process for each check and never runs student code itself.
//!
//! The process tree of one check, with namespaces:
//!
//! ```text
//! zygote (init of the submission's PID namespace; private read-only root)
//!  └─ check leader: PID 1 of new PID and mount namespaces, a fresh /tmp;
//!     │             waits, and passes on how the worker ended
//!      └─ worker: the limits, then the student's code
//! ```
//!
//! Forking from a process that has already loaded the harness costs far
//! less than starting it anew. The leader does not run the student's code
//! itself because the kernel shields a namespace's PID 1 from signals sent
//! from inside: a student's `abort()` there would be ignored. When the
//! leader ends, the kernel kills every process left in its namespace, so
//! nothing a check starts outlives it. Without namespaces, the leader is a
//! process group of its own, which the zygote kills when the leader ends.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use nix::errno::Errno;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sched::CloneFlags;
use nix::sys::signal::{SigSet, SigmaskHow, Signal, killpg, sigprocmask};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::{ForkResult, Pid, fork, setpgid};

use crate::control::{self, Answer, CHECK_PIPES, FromZygote, ToZygote};
use crate::frame;
use crate::view::{self, Isolation};
use crate::workbook::{Implementation, Request, Response, Unwatched};
use crate::{Limits, Sandbox};

/// The exit code of a check process that could not set itself up.
const SETUP_FAILED: i32 = 3;

/// Serves `implementation` to the grader on the control socket `control`
/// until the grader closes it.
pub(crate) fn run(
    implementation: Implementation,
    control: OwnedFd,
    limits: Limits,
    sandbox: Sandbox,
) -> anyhow::Result<()> {
    if sandbox.isolation == Isolation::Namespaces {
        view::enter_private_root().context("building the private root")?;
    }
    let mut mask = SigSet::empty();
    mask.add(Signal::SIGCHLD);
    sigprocmask(SigmaskHow::SIG_BLOCK, Some(&mask), None)?;
    let children = SignalFd::with_flags(&mask, SfdFlags::SFD_CLOEXEC | SfdFlags::SFD_NONBLOCK)?;
    let mut zygote = Zygote {
        implementation,
        limits,
        sandbox,
        control,
        children,
        running: HashMap::new(),
    };
    let result = zygote.serve();
    // The grader has gone or is done: end every check still running, wait
    // for it, and remove its folder.
    for (leader, (_, folder)) in zygote.running.drain() {
        let _ = killpg(leader, Signal::SIGKILL);
        let _ = waitpid(leader, None);
        if let Some(folder) = folder {
            let _ = std::fs::remove_dir_all(folder);
        }
    }
    result
}

struct Zygote {
    implementation: Implementation,
    limits: Limits,
    sandbox: Sandbox,
    control: OwnedFd,
    children: SignalFd,
    /// Each running check's leader, the grader's token for it, and the
    /// temporary folder to remove when it ends (without namespaces).
    running: HashMap<Pid, (u64, Option<PathBuf>)>,
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
                    ToZygote::Spawn { token } => self.spawn(token, fds)?,
                    ToZygote::Kill { token } => {
                        let leader = self.running.iter().find(|(_, (t, _))| *t == token);
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
            if let Some((token, folder)) = self.running.remove(&pid) {
                // Whatever the check left in its group goes with it, and
                // then its folder.
                let _ = killpg(pid, Signal::SIGKILL);
                if let Some(folder) = folder {
                    let _ = std::fs::remove_dir_all(folder);
                }
                self.tell(&FromZygote::Ended { token, status })?;
            }
        }
    }

    fn tell(&self, message: &FromZygote) -> anyhow::Result<()> {
        control::send(self.control.as_fd(), message, &[])?;
        Ok(())
    }

    fn spawn(&mut self, token: u64, fds: Vec<OwnedFd>) -> anyhow::Result<()> {
        let Ok(pipes) = <[OwnedFd; CHECK_PIPES]>::try_from(fds) else {
            return self.tell(&FromZygote::Failed {
                token,
                message: format!("a check needs {CHECK_PIPES} pipes"),
            });
        };
        // Without namespaces, the check's folder is made and removed here,
        // where a kill cannot interrupt the removal.
        let (namespaces, folder) = match self.sandbox.isolation {
            Isolation::Namespaces => (CloneFlags::CLONE_NEWPID | CloneFlags::CLONE_NEWNS, None),
            Isolation::Landlock | Isolation::None => {
                match view::make_temporary_folder(self.sandbox.drop_to_nobody) {
                    Ok(folder) => (CloneFlags::empty(), Some(folder)),
                    Err(error) => {
                        return self.tell(&FromZygote::Failed {
                            token,
                            message: format!("{error:#}"),
                        });
                    }
                }
            }
        };
        match fork_into(namespaces) {
            Ok(None) => {
                let inherited = [self.control.as_raw_fd(), self.children.as_raw_fd()];
                let code = leader(
                    &self.implementation,
                    self.limits,
                    self.sandbox,
                    pipes,
                    inherited,
                    folder,
                );
                exit_now(code)
            }
            Ok(Some(child)) => {
                // The leader's own group, set from both sides so that a kill
                // sent at once still reaches it.
                let _ = setpgid(child, child);
                self.running.insert(child, (token, folder));
                Ok(())
            }
            Err(error) => self.tell(&FromZygote::Failed {
                token,
                message: format!("clone: {error}"),
            }),
        }
    }
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
/// `folder`. It forks the worker and waits for it; it never runs student code.
/// Returns the exit code the zygote reports.
fn leader(
    implementation: &Implementation,
    limits: Limits,
    sandbox: Sandbox,
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
        None => view::mount_private_tmp(&limits),
    };
    let workdir = match workdir {
        Ok(workdir) => workdir,
        Err(error) => return report_setup_failure(&pipes[2], &error),
    };
    under_new_process(pipes, |pipes| {
        worker(implementation, limits, sandbox, pipes, &workdir)
    })
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

/// The process that runs the student's code: its output to the check's
/// output pipe, its own folder, the limits, and then one request at a time
/// until the grader closes the request pipe.
fn worker(
    implementation: &Implementation,
    limits: Limits,
    sandbox: Sandbox,
    pipes: [OwnedFd; CHECK_PIPES],
    workdir: &std::path::Path,
) -> i32 {
    let [requests, responses, output] = pipes;
    let setup = || -> anyhow::Result<()> {
        nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
        let null = File::open("/dev/null")?;
        nix::unistd::dup2_stdin(null.as_fd())?;
        nix::unistd::dup2_stdout(output.as_fd())?;
        nix::unistd::dup2_stderr(output.as_fd())?;
        std::env::set_current_dir(workdir)?;
        if sandbox.isolation == Isolation::Landlock {
            view::restrict_with_landlock(workdir)?;
        }
        limits.apply_to_self(sandbox.drop_to_nobody)?;
        // Dropping to nobody clears the parent-death signal.
        nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
        Ok(())
    };
    if let Err(error) = setup() {
        return report_setup_failure(&output, &error);
    }
    drop(output);
    match serve(implementation, File::from(requests), File::from(responses)) {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("harness: {error:#}");
            SETUP_FAILED
        }
    }
}

fn serve(implementation: &Implementation, requests: File, responses: File) -> anyhow::Result<()> {
    let mut requests = BufReader::new(requests);
    let mut responses = BufWriter::new(responses);
    loop {
        let request: Request = match frame::read(&mut requests, u32::MAX) {
            Ok(request) => request,
            Err(frame::ReadError::Ended) => return Ok(()),
            Err(error) => anyhow::bail!("a request the harness cannot read: {error:?}"),
        };
        let started = Instant::now();
        let response = answer(implementation, request);
        let student_micros = started.elapsed().as_micros().try_into().unwrap_or(u64::MAX);
        frame::write(
            &mut responses,
            &Answer {
                response,
                student_micros,
            },
        )?;
    }
}

/// Runs one request, catching the student's panics.
fn answer(implementation: &Implementation, request: Request) -> Response {
    panic::catch_unwind(AssertUnwindSafe(|| {
        implementation.answer(request, &Unwatched)
    }))
    .unwrap_or_else(|payload| Response::Panicked(crate::workbook::panic_message(payload.as_ref())))
}
