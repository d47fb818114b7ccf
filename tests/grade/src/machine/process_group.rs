//! The process groups `grade` started, which a stop kills (see
//! [`crate::machine::interrupt`]).
//!
//! Each child that starts others (cargo, a linker, a zygote) leads a
//! process group of its own, named here while it runs. A stop sends each
//! named group one SIGKILL: the kernel delivers it to every process in the
//! group, wherever its parent is, and a process with a kill pending
//! cannot start another. Nothing below leaves its group: cargo, rustc and
//! the linkers start no session or group of their own; a check's worker
//! is in its zygote's, and dies with it too (`PR_SET_PDEATHSIG`); and where cargo or a zygote has a PID namespace, the kernel
//! ends everything in it with its PID 1, which dies with the process
//! `grade` started (see [`grade_sandbox::namespaces`]).

use std::collections::BTreeSet;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Output, Stdio};
use std::sync::Mutex;

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use crate::machine::lock;

/// The groups running now, by their leader's process id.
static RUNNING: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

/// A child that leads a process group of its own, with the group's place
/// in [`RUNNING`].
#[derive(Debug)]
pub(crate) struct GroupLeader {
    pub(crate) child: Child,
    pub(crate) named: Named,
}

/// A group's place in [`RUNNING`], until this is dropped. Drop it once the
/// leader is waited for, not before: the group is then out of a stop's
/// reach; and not long after: the leader's process id is free for the
/// kernel to give to another process.
#[derive(Debug)]
pub(crate) struct Named(i32);

impl Drop for Named {
    fn drop(&mut self) {
        lock(&RUNNING).remove(&self.0);
    }
}

impl GroupLeader {
    /// Starts `command` as the leader of a new process group.
    pub(crate) fn spawn(command: &mut Command) -> io::Result<GroupLeader> {
        let child = command.process_group(0).spawn()?;
        let id = child.id() as i32;
        lock(&RUNNING).insert(id);
        Ok(GroupLeader {
            child,
            named: Named(id),
        })
    }

    /// Kills the whole group, its leader with it.
    pub(crate) fn kill_group(&self) {
        let _ = killpg(Pid::from_raw(self.named.0), Signal::SIGKILL);
    }
}

/// Runs `command` to its end as the leader of a new process group, and
/// collects its stdout and stderr, as [`Command::output`] does.
pub(crate) fn output(command: &mut Command) -> io::Result<Output> {
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let GroupLeader { child, named } = GroupLeader::spawn(command)?;
    let output = child.wait_with_output();
    drop(named);
    output
}

/// Kills every group running now.
pub(crate) fn kill_all() {
    for &group in lock(&RUNNING).iter() {
        let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A shell that starts a sleep of its own in the background, which
    /// the kill reaches through the group, not through the shell.
    #[test]
    fn a_kill_reaches_the_whole_group_and_the_finished_are_unnamed() {
        let count = || {
            let found = Command::new("pgrep")
                .args(["-f", "^sleep 6183[12]$"])
                .output()
                .unwrap();
            String::from_utf8_lossy(&found.stdout).lines().count()
        };
        let mut leader = GroupLeader::spawn(
            Command::new("sh")
                .args(["-c", "sleep 61831 & sleep 61832"])
                .stdout(Stdio::null()),
        )
        .unwrap();
        let id = leader.named.0;
        assert!(lock(&RUNNING).contains(&id));
        let started = Instant::now();
        while count() < 2 && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(count(), 2, "both sleeps running");
        leader.kill_group();
        leader.child.wait().unwrap();
        let killed = Instant::now();
        while count() > 0 && killed.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(count(), 0, "the background sleep outlived its group");
        drop(leader);
        assert!(!lock(&RUNNING).contains(&id));

        let said = output(Command::new("echo").arg("done")).unwrap();
        assert_eq!(said.stdout, b"done\n");
    }
}
