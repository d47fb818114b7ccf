//! The processes `grade` started, and those they started in turn, read
//! from /proc by their parents, and killed: how a stop ends a build that
//! cargo, rustc and the linkers are in the middle of, wherever their
//! process groups are (see [`crate::machine::interrupt`]).

use std::collections::{BTreeSet, HashMap};
use std::thread;
use std::time::{Duration, Instant};

/// Kills every process `grade` started that is still running, and what
/// those started in turn: cargo, rustc, the linkers, the zygotes and their
/// checks.
pub(crate) fn kill_descendants() {
    kill_descendants_of(std::process::id());
}

/// How long [`kill_descendants_of`] waits for the tree to stand still: a
/// process in the middle of a disk read stops only once it is done.
const FREEZE_PATIENCE: Duration = Duration::from_millis(500);

/// Kills every process descended from `root`, not `root` itself. They are
/// stopped first (SIGSTOP), until every one found is stopped and no new
/// one appears, and only then killed, together: a process killed first
/// would orphan the children it had just started, which the kernel would
/// hand to another parent, out of the tree and out of reach.
fn kill_descendants_of(root: u32) {
    use nix::sys::signal::{Signal as Kill, kill};
    use nix::unistd::Pid;
    let mut stopped: BTreeSet<i32> = BTreeSet::new();
    let deadline = Instant::now() + FREEZE_PATIENCE;
    loop {
        let found = descendants(root);
        let new: Vec<i32> = found
            .iter()
            .copied()
            .filter(|pid| !stopped.contains(pid))
            .collect();
        for &pid in &new {
            let _ = kill(Pid::from_raw(pid), Kill::SIGSTOP);
            stopped.insert(pid);
        }
        // A stopped process cannot be in the middle of starting another.
        let still = found
            .iter()
            .all(|&pid| parent_of(pid).is_none_or(|(_, state)| matches!(state, 'T' | 'Z')));
        if (new.is_empty() && still) || Instant::now() >= deadline {
            break;
        }
        thread::sleep(Duration::from_millis(1));
    }
    for &pid in &stopped {
        let _ = kill(Pid::from_raw(pid), Kill::SIGKILL);
    }
    // A kill takes effect once the process is next scheduled: wait for
    // that, so that nothing is left running when `grade` exits.
    let deadline = Instant::now() + FREEZE_PATIENCE;
    while stopped.iter().any(|&pid| alive(pid)) && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(1));
    }
}

/// Whether process `pid` exists and has not ended (a zombie has).
fn alive(pid: i32) -> bool {
    parent_of(pid).is_some_and(|(_, state)| state != 'Z')
}

/// Every living process descended from `root`, from /proc.
fn descendants(root: u32) -> Vec<i32> {
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        if let Some((parent, state)) = parent_of(pid) {
            // A zombie is dead already; its parent reaps it.
            if state != 'Z' {
                children.entry(parent).or_default().push(pid);
            }
        }
    }
    let mut found = Vec::new();
    let mut next = vec![root as i32];
    while let Some(pid) = next.pop() {
        for &child in children.get(&pid).map_or(&[][..], Vec::as_slice) {
            found.push(child);
            next.push(child);
        }
    }
    found
}

/// The parent and state of process `pid`, from /proc/PID/stat, whose
/// second field (the command's name, in parentheses) may hold anything.
fn parent_of(pid: i32) -> Option<(i32, char)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
    let state = fields.next()?.chars().next()?;
    Some((fields.next()?.parse().ok()?, state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    /// A shell and its sleep, killed however the test ends, so that a
    /// failure leaves nothing running.
    struct Shell(std::process::Child);

    impl Drop for Shell {
        fn drop(&mut self) {
            kill_descendants_of(self.0.id());
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    #[test]
    fn descendants_are_found_through_their_parents_and_killed_below_one() {
        // A shell that starts a sleep of its own: the sleep is a grandchild.
        // (Not `sleep 1000`, which grade_cli's orphan tests count.)
        let mut shell = Shell(
            Command::new("sh")
                .args(["-c", "sleep 607 & wait"])
                .stdout(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let shell_pid = shell.0.id() as i32;
        let child_of_shell =
            |pid: &i32| parent_of(*pid).map(|(parent, _)| parent) == Some(shell_pid);
        let mut grandchild = None;
        for _ in 0..500 {
            // Found from this process down, through the shell.
            let found = descendants(std::process::id());
            grandchild = found.iter().copied().find(child_of_shell);
            if grandchild.is_some() {
                assert!(found.contains(&shell_pid), "{found:?}");
                break;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let grandchild = grandchild.expect("the shell's sleep, found through the shell");
        // Below the shell only: other tests of this binary have children too.
        kill_descendants_of(shell.0.id());
        assert!(
            !alive(grandchild),
            "the grandchild {grandchild} is still running"
        );
        // Its sleep killed, the shell's `wait` returns and the shell ends.
        shell.0.wait().unwrap();
    }
}
