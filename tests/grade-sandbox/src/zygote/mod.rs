//! The zygote: one trusted process per submission, started once, that
//! starts a fresh process for each check and never holds student code.
//!
//! The processes of one check, with namespaces:
//!
//! ```text
//! grade (the grader; root or the instructor)
//!  └─ grade __zygote <image>: the launcher, in the submission's user (when
//!     │   not root), PID, network, mount and IPC namespaces, in a private
//!     │   read-only root that holds the image at /image; no student code
//!      └─ worker: a new mount namespace with a fresh /tmp, the check's
//!         cgroup, limits, its own user (as root), Landlock, seccomp, then
//!         execve(/image) with an empty environment: only now is the
//!         submission's code mapped, its constructors run, here
//! ```
//!
//! The worker is a vfork (see the `vfork` module): it shares the zygote's
//! memory, while the zygote waits, until it executes the image, so no
//! copy of the zygote's address space is made per check.
//!
//! The image holds this one submission's code and the serving loop
//! (`grade-serve`), nothing of the sandbox: every step above that limits
//! the check happens in this process's code, which no submission is linked
//! into, so no symbol a submission defines can replace it. Executing the
//! image costs a little more per check than forking a process that had it
//! loaded, but a process that had it loaded would have run its
//! constructors outside any check's sandbox.
//!
//! A check is one process: seccomp refuses it any other (see
//! [`crate::seccomp`]), so its threads end with it and a kill of the
//! worker ends the check. The zygote is its parent and reads how it ended.

use std::collections::HashMap;
use std::ffi::CString;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use anyhow::Context;
use nix::errno::Errno;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sched::CloneFlags;
use nix::sys::signal::{SigSet, SigmaskHow, Signal, kill, sigprocmask};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::Pid;

use crate::Limits;
use crate::cgroup::CheckGroups;
use crate::control::{self, CHECK_PIPES, FromZygote, ToZygote};
use crate::sandbox::Sandbox;
use crate::view::{self, Isolation};

mod check;
pub mod entry;
mod threads;
mod vfork;
use check::{Check, report_setup_failure, worker};
use vfork::{Stack, vfork_on};

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
    // A grader that is not root runs its zygotes in user namespaces, where
    // each check makes one of its own for its count of threads (see
    // `Limits::apply_to_self`); read while /proc is still in view.
    let own_user_namespaces = sandbox.isolation == Isolation::Namespaces
        && view::in_user_namespace().context("reading the zygote's uid map")?;
    let image = match sandbox.isolation {
        Isolation::Namespaces => {
            view::enter_private_root(image).context("building the private root")?;
            PathBuf::from(view::IMAGE_INSIDE)
        }
        Isolation::Landlock | Isolation::None => image.to_path_buf(),
    };
    // With namespaces every check works in /tmp, a tmpfs of its own
    // mounted there, so one ruleset serves them all.
    let landlock = match sandbox.isolation {
        Isolation::Namespaces => Some(
            view::landlock_ruleset(Some(Path::new(view::CHECK_TMP)), &image)
                .context("making the Landlock rules")?,
        ),
        Isolation::Landlock | Isolation::None => None,
    };
    let mut mask = SigSet::empty();
    mask.add(Signal::SIGCHLD);
    sigprocmask(SigmaskHow::SIG_BLOCK, Some(&mask), None)?;
    let children = SignalFd::with_flags(&mask, SfdFlags::SFD_CLOEXEC | SfdFlags::SFD_NONBLOCK)?;
    let image_name = CString::new(image.as_os_str().as_bytes())?;
    let mut zygote = Zygote {
        image,
        image_name,
        worker_stack: Stack::new().context("mapping the workers' stack")?,
        landlock,
        own_user_namespaces,
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
    for (worker, check) in zygote.running.drain() {
        let _ = kill(worker, Signal::SIGKILL);
        let _ = waitpid(worker, None);
        if let Some(folder) = check.folder {
            let _ = std::fs::remove_dir_all(folder);
        }
    }
    result
}

struct Zygote {
    /// The image's path as the workers see it.
    image: PathBuf,
    /// The same, as `execve` takes it.
    image_name: CString,
    /// The stack each worker runs on until it executes the image (see the
    /// `vfork` module).
    worker_stack: Stack,
    /// The workers' Landlock rules, when they are the same for every check.
    landlock: Option<landlock::RulesetCreated>,
    /// Whether each check enters a user namespace of its own.
    own_user_namespaces: bool,
    groups: Option<CheckGroups>,
    limits: Limits,
    sandbox: Sandbox,
    control: OwnedFd,
    children: SignalFd,
    /// Each running check, by its worker.
    running: HashMap<Pid, Running>,
}

/// What a check needs before its worker starts: its namespaces, its
/// folder (without namespaces), its cgroup slot, and where the zygote
/// counts its threads, the two ends of the socket (receiver, sender) the
/// worker sends its listener on.
struct Prepared {
    namespaces: CloneFlags,
    folder: Option<PathBuf>,
    slot: Option<usize>,
    threads: Option<(OwnedFd, OwnedFd)>,
}

/// A running check: the grader's token for it, the temporary folder to
/// remove when it ends (without namespaces), its cgroup slot, and where
/// nothing else counts its threads, the listener its `clone`s wait on.
struct Running {
    token: u64,
    folder: Option<PathBuf>,
    slot: Option<usize>,
    threads: Option<OwnedFd>,
}

impl Zygote {
    fn serve(&mut self) -> anyhow::Result<()> {
        loop {
            let (control_ready, children_ready, listeners) = {
                let counted: Vec<(Pid, BorrowedFd<'_>)> = (self.running.iter())
                    .filter_map(|(worker, check)| Some((*worker, check.threads.as_ref()?.as_fd())))
                    .collect();
                let mut fds = [self.control.as_fd(), self.children.as_fd()]
                    .into_iter()
                    .chain(counted.iter().map(|(_, fd)| *fd))
                    .map(|fd| PollFd::new(fd, PollFlags::POLLIN))
                    .collect::<Vec<_>>();
                match poll(&mut fds, PollTimeout::NONE) {
                    Err(Errno::EINTR) => continue,
                    result => result?,
                };
                let ready = |fd: &PollFd<'_>| fd.revents().unwrap_or(PollFlags::empty());
                let listeners: Vec<(Pid, PollFlags)> = (counted.iter().zip(&fds[2..]))
                    .map(|((worker, _), fd)| (*worker, ready(fd)))
                    .collect();
                (
                    !ready(&fds[0]).is_empty(),
                    !ready(&fds[1]).is_empty(),
                    listeners,
                )
            };
            for (worker, ready) in listeners {
                self.answer_clones(worker, ready);
            }
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
                        let worker = self.running.iter().find(|(_, check)| check.token == token);
                        if let Some((worker, _)) = worker {
                            let _ = kill(*worker, Signal::SIGKILL);
                        }
                    }
                }
            }
        }
    }

    /// Answers the `clone` a check's worker waits on, if `ready` says one
    /// does, and forgets the listener once the check has no thread left.
    fn answer_clones(&mut self, worker: Pid, ready: PollFlags) {
        let Some(check) = self.running.get_mut(&worker) else {
            return;
        };
        let gone = PollFlags::POLLHUP | PollFlags::POLLERR | PollFlags::POLLNVAL;
        let open = check.threads.as_ref().is_some_and(|listener| {
            !ready.intersects(gone)
                && (!ready.contains(PollFlags::POLLIN)
                    || threads::answer(listener.as_fd(), self.limits.processes))
        });
        if !open {
            check.threads = None;
        }
    }

    /// Collects every ended worker and tells the grader how it ended.
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
                self.clear_up(check.folder, check.slot);
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
        let prepared = match self.prepare(uid) {
            Ok(prepared) => prepared,
            Err(message) => return self.tell(&failed(message)),
        };
        let (receiver, sender) = prepared.threads.unzip();
        let inherited = [self.control.as_raw_fd(), self.children.as_raw_fd()];
        let check = Check {
            image: &self.image,
            image_name: &self.image_name,
            landlock: self.landlock.as_ref(),
            limits: self.limits,
            isolation: self.sandbox.isolation,
            uid,
            own_user_namespace: self.own_user_namespaces && uid.is_none(),
            thread_socket: sender.as_ref().map(AsRawFd::as_raw_fd),
        };
        let (groups, slot) = (&self.groups, prepared.slot);
        // The worker's own copy of the folder's name: after a vfork, what
        // the worker frees is gone from the zygote's memory too.
        let folder_for_worker = prepared.folder.clone();
        let numbers = pipes.each_ref().map(AsRawFd::as_raw_fd);
        let run_worker = move || {
            let joined = match (groups, slot) {
                (Some(groups), Some(slot)) => groups.join(slot),
                _ => Ok(()),
            };
            match joined {
                Ok(()) => worker(&check, pipes, inherited, folder_for_worker),
                Err(error) => report_setup_failure(&pipes[2], &error),
            }
        };
        // SAFETY: the zygote has one thread; the worker runs on its own
        // stack, and executes the image (or exits) before the zygote runs
        // again, having freed what it allocated.
        #[allow(unsafe_code)]
        let started = unsafe { vfork_on(&mut self.worker_stack, prepared.namespaces, run_worker) };
        // The worker took the pipes in its own descriptor table; the
        // zygote's copies close by number (had the clone failed, the
        // worker's body would have been dropped here with them).
        if started.is_ok() {
            for fd in numbers {
                let _ = nix::unistd::close(fd);
            }
        }
        // The worker has sent the listener on its copy, or has ended.
        drop(sender);
        match started {
            Ok(child) => {
                let threads = receiver.as_ref().and_then(threads::receive_listener);
                let Prepared { folder, slot, .. } = prepared;
                let running = Running {
                    token,
                    folder,
                    slot,
                    threads,
                };
                self.running.insert(child, running);
                Ok(())
            }
            Err(error) => {
                self.clear_up(prepared.folder, prepared.slot);
                self.tell(&failed(format!("clone: {error}")))
            }
        }
    }

    /// What a check needs before its worker starts, or why it cannot have
    /// it (what was made by then is undone).
    fn prepare(&mut self, uid: Option<u32>) -> Result<Prepared, String> {
        // Without namespaces, the check's folder is made and removed here,
        // where a kill cannot interrupt the removal.
        let (namespaces, folder) = match self.sandbox.isolation {
            // A mount namespace for its /tmp, and no other: no IPC
            // namespace (39 µs of kernel time each on the 2-core machine),
            // since seccomp refuses every System V and POSIX message call,
            // so a check has nothing in one, and the zygote's own keeps the
            // submission's from the host's (sysv_shm_*); no PID namespace
            // (see the module's comment).
            Isolation::Namespaces => (CloneFlags::CLONE_NEWNS, None),
            Isolation::Landlock | Isolation::None => {
                let folder = view::make_temporary_folder(uid.is_some())
                    .map_err(|error| format!("{error:#}"))?;
                (CloneFlags::empty(), Some(folder))
            }
        };
        let slot = match &mut self.groups {
            Some(groups) => match groups.take(self.limits.memory_mib, self.limits.processes) {
                Ok(slot) => Some(slot),
                Err(error) => {
                    self.clear_up(folder, None);
                    return Err(format!("{error:#}"));
                }
            },
            None => None,
        };
        // Where neither a user of its own (root) nor a user namespace of its
        // own counts a check's threads, the zygote does (see `threads`).
        let counted = match self.sandbox.isolation {
            Isolation::Namespaces => false,
            Isolation::Landlock | Isolation::None => uid.is_none(),
        };
        let threads = match counted.then(threads::socket).transpose() {
            Ok(ends) => ends,
            Err(error) => {
                self.clear_up(folder, slot);
                return Err(format!("socketpair: {error}"));
            }
        };
        Ok(Prepared {
            namespaces,
            folder,
            slot,
            threads,
        })
    }

    /// Removes a check's folder and frees its cgroup slot.
    fn clear_up(&mut self, folder: Option<PathBuf>, slot: Option<usize>) {
        if let Some(folder) = folder {
            let _ = std::fs::remove_dir_all(folder);
        }
        if let (Some(groups), Some(slot)) = (&mut self.groups, slot) {
            groups.release(slot);
        }
    }
}
