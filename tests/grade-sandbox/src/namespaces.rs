//! Namespaces made by `grade` itself, in one place. A zygote and cargo
//! run as `grade __in-namespaces <namespaces> <program> <arguments>…`
//! ([`Namespaces::to_argument`]): this process makes them and
//! executes the program, which is PID 1 of the new PID namespace, while
//! this process waits for it and passes on how it ended. `grade` probes a
//! machine's setting the same way, so what it probes is what it uses.
//!
//! It replaces util-linux's `unshare --fork --kill-child`: one program
//! fewer on which the sandbox depends, and one place where namespaces are
//! made (but a check's own mount namespace, a flag of the zygote's vfork).

use std::ffi::OsString;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitCode};

use anyhow::Context;
use nix::mount::{MsFlags, mount};
use nix::poll::{PollFd, PollFlags, PollTimeout};
use nix::sched::{CloneFlags, unshare};
use nix::sys::signal::{SigHandler, Signal, signal};
use nix::sys::wait::{WaitStatus, waitpid};
use nix::unistd::{ForkResult, Gid, Pid, Uid, fork};

use crate::Exit;

/// The hidden `grade` subcommand that runs a program in new namespaces.
pub const IN_NAMESPACES_COMMAND: &str = "__in-namespaces";

/// Which namespaces the program gets. Each new one is empty of the
/// machine's: its processes, its network, its mounts' later changes, its
/// System V objects.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Namespaces {
    /// A user namespace in which the caller is root, for a caller that is
    /// not: the others need it.
    pub user: bool,
    /// A PID namespace whose PID 1 is the program; when it ends, the
    /// kernel kills every process left in it.
    pub pid: bool,
    /// A mount namespace, its mounts made private first, so that nothing
    /// mounted in it reaches the machine's.
    pub mount: bool,
    /// A fresh `/proc` (with `pid` and `mount`), which shows only the new
    /// namespace's processes, so that no other process's root shows the
    /// machine's files through it.
    pub proc: bool,
    /// A network namespace: a loopback device, down.
    pub net: bool,
    /// An IPC namespace: no System V object of the machine's.
    pub ipc: bool,
}

impl Namespaces {
    /// A zygote's: every namespace but its own `/proc`, which the checks'
    /// private roots do not show.
    pub fn zygote(user: bool) -> Namespaces {
        Namespaces {
            user,
            pid: true,
            mount: true,
            proc: false,
            net: true,
            ipc: true,
        }
    }

    /// cargo's, for the build's view: mounts that cover the answers, and a
    /// `/proc` that shows only the build's processes.
    pub fn build(user: bool) -> Namespaces {
        Namespaces {
            user,
            pid: true,
            mount: true,
            proc: true,
            net: false,
            ipc: false,
        }
    }

    /// The argument of `grade __in-namespaces` that asks for these: the
    /// namespaces wanted, each by its letter (`upmPni`), in any order.
    pub fn to_argument(self) -> String {
        self.letters()
            .into_iter()
            .filter(|(wanted, _)| *wanted)
            .map(|(_, letter)| letter)
            .collect()
    }

    /// Reads [`Namespaces::to_argument`]'s form back; `None` for a letter
    /// it does not know.
    pub fn from_argument(argument: &str) -> Option<Namespaces> {
        let mut namespaces = Namespaces::default();
        for letter in argument.chars() {
            let field = match letter {
                'u' => &mut namespaces.user,
                'p' => &mut namespaces.pid,
                'm' => &mut namespaces.mount,
                'P' => &mut namespaces.proc,
                'n' => &mut namespaces.net,
                'i' => &mut namespaces.ipc,
                _ => return None,
            };
            *field = true;
        }
        Some(namespaces)
    }

    fn letters(self) -> [(bool, char); 6] {
        [
            (self.user, 'u'),
            (self.pid, 'p'),
            (self.mount, 'm'),
            (self.proc, 'P'),
            (self.net, 'n'),
            (self.ipc, 'i'),
        ]
    }

    /// The `clone` flags of the namespaces themselves.
    fn flags(self) -> CloneFlags {
        [
            (self.user, CloneFlags::CLONE_NEWUSER),
            (self.pid, CloneFlags::CLONE_NEWPID),
            (self.mount || self.proc, CloneFlags::CLONE_NEWNS),
            (self.net, CloneFlags::CLONE_NEWNET),
            (self.ipc, CloneFlags::CLONE_NEWIPC),
        ]
        .into_iter()
        .filter(|(wanted, _)| *wanted)
        .fold(CloneFlags::empty(), |flags, (_, flag)| flags | flag)
    }

    /// Moves this process into the namespaces. With `pid`, it forks: only
    /// the child, PID 1 of the new namespace, returns; this process waits
    /// for it and exits as it did. The child dies with this process, so
    /// that a kill sent here ends the whole namespace.
    ///
    /// Call it while the process has one thread: the kernel refuses a new
    /// user namespace to any other, and a fork copies only the caller.
    fn enter(self) -> anyhow::Result<()> {
        let (uid, gid) = (Uid::current(), Gid::current());
        unshare(self.flags()).context("unshare")?;
        if self.user {
            // Root inside for this user outside, and no supplementary
            // groups: the kernel maps one id to one without privilege.
            std::fs::write("/proc/self/setgroups", "deny").context("setgroups")?;
            std::fs::write("/proc/self/uid_map", format!("0 {uid} 1")).context("uid_map")?;
            std::fs::write("/proc/self/gid_map", format!("0 {gid} 1")).context("gid_map")?;
        }
        if self.mount || self.proc {
            let private = MsFlags::MS_REC | MsFlags::MS_PRIVATE;
            mount(None::<&str>, "/", None::<&str>, private, None::<&str>)
                .context("making the mounts private")?;
        }
        if !self.pid {
            return Ok(());
        }
        // The parent holds the writing end until it ends: the child's
        // end then reads as hung up. (Its `getppid` is 0 either way: the
        // parent is outside its PID namespace.)
        let (alive, parent_holds) = nix::unistd::pipe().context("pipe")?;
        // SAFETY: this process has one thread (see above).
        #[allow(unsafe_code)]
        match unsafe { fork() }.context("fork")? {
            ForkResult::Child => {
                drop(parent_holds);
                nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
                // Had the parent died before the line above, nothing would
                // kill this one with it.
                let mut poll = [PollFd::new(alive.as_fd(), PollFlags::POLLIN)];
                if nix::poll::poll(&mut poll, PollTimeout::ZERO).context("poll")? != 0 {
                    anyhow::bail!("the parent ended first");
                }
                drop(alive);
                if self.proc {
                    let flags = MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC;
                    mount(Some("proc"), "/proc", Some("proc"), flags, None::<&str>)
                        .context("mounting /proc")?;
                }
                Ok(())
            }
            ForkResult::Parent { child } => {
                drop(alive);
                wait_and_pass_on(child, parent_holds)
            }
        }
    }
}

/// Waits for `child` and ends this process as it ended: with its exit
/// code, or killed by its signal. A Ctrl-C or SIGTERM sent here is left to
/// the child, which the terminal's Ctrl-C reaches too.
fn wait_and_pass_on(child: Pid, _held_until_the_end: OwnedFd) -> ! {
    for ignored in [Signal::SIGINT, Signal::SIGTERM] {
        // SAFETY: ignoring a signal installs no handler.
        #[allow(unsafe_code)]
        let _ = unsafe { signal(ignored, SigHandler::SigIgn) };
    }
    let ended = loop {
        match waitpid(child, None) {
            Ok(WaitStatus::Exited(_, code)) => break Ok(code),
            Ok(WaitStatus::Signaled(_, killed, _)) => break Err(killed),
            Ok(_) | Err(nix::errno::Errno::EINTR) => continue,
            Err(_) => break Ok(Exit::SetupFailed.code()),
        }
    };
    match ended {
        Ok(code) => std::process::exit(code),
        Err(killed) => {
            // SAFETY: restoring a signal's default installs no handler.
            #[allow(unsafe_code)]
            let _ = unsafe { signal(killed, SigHandler::SigDfl) };
            let _ = nix::sys::signal::raise(killed);
            std::process::exit(128 + killed as i32)
        }
    }
}

/// The entry point of `grade __in-namespaces <namespaces> <program>
/// <arguments>…`: the namespaces, then `program`. Returns only on failure,
/// having said why on stderr.
pub fn in_namespaces_main(arguments: &[OsString]) -> ExitCode {
    let [wanted, program, rest @ ..] = arguments else {
        eprintln!("usage: grade {IN_NAMESPACES_COMMAND} <namespaces> <program> [arguments]…");
        return Exit::Usage.into();
    };
    let Some(namespaces) = wanted.to_str().and_then(Namespaces::from_argument) else {
        eprintln!("grade: {wanted:?}: namespaces are letters of `upmPni`");
        return Exit::Usage.into();
    };
    let error = namespaces
        .enter()
        .map(|()| Command::new(program).args(rest).exec());
    match error {
        Ok(error) => eprintln!("grade: could not run {}: {error}", program.display()),
        Err(error) => eprintln!("grade: new namespaces: {error:#}"),
    }
    Exit::SetupFailed.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_argument_reads_back_as_the_namespaces_it_names() {
        for namespaces in [
            Namespaces::zygote(true),
            Namespaces::zygote(false),
            Namespaces::build(true),
            Namespaces::build(false),
            Namespaces::default(),
        ] {
            let argument = namespaces.to_argument();
            assert_eq!(Namespaces::from_argument(&argument), Some(namespaces));
        }
        assert_eq!(Namespaces::build(true).to_argument(), "upmP");
        assert_eq!(Namespaces::from_argument("upx"), None);
    }

    #[test]
    fn a_user_asks_for_a_user_namespace_and_a_proc_for_a_mount_namespace() {
        let flags = Namespaces::zygote(true).flags();
        assert!(flags.contains(CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWNET));
        assert!(
            !Namespaces::zygote(false)
                .flags()
                .contains(CloneFlags::CLONE_NEWUSER)
        );
        let proc_only = Namespaces {
            proc: true,
            ..Namespaces::default()
        };
        assert_eq!(proc_only.flags(), CloneFlags::CLONE_NEWNS);
    }
}
