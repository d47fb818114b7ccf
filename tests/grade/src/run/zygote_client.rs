//! The grader's side of a submission's zygote: starting `grade __zygote
//! <image>` in the run's setting, asking it for a fresh process per check
//! (as a user of its own when `grade` runs as root), hearing how each
//! ended, and stopping it with everything it started. The zygote's own
//! side is the `grade-sandbox` crate's `zygote` module.

use std::collections::HashMap;
use std::io::Read;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use anyhow::Context;

use grade_sandbox::control::{self, FromZygote, ToZygote};
use grade_sandbox::{Cgroups, Isolation, LIMITS_VARIABLE, Limits, SANDBOX_VARIABLE, Sandbox};

use crate::machine::lock;
use crate::machine::process_group::GroupLeader;
use crate::machine::setting::{Setting, in_namespaces, zygote_namespaces};

/// The first of the users that checks run as when `grade` runs as root,
/// far above any real account. Each run takes a range of 2^20 by its
/// process id, and each check the next user of it, so no two checks
/// running at once share a user: a check's process count (RLIMIT_NPROC),
/// its signals and its files are its own.
const CHECK_USERS: u32 = 1 << 30;

/// The user a new check runs as: one of its own as root, else the
/// grading user's (`None`).
fn check_user(root: bool) -> Option<u32> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let run = std::process::id() % 64;
    root.then(|| CHECK_USERS + (run << 20) + NEXT.fetch_add(1, Ordering::Relaxed) % (1 << 20))
}

/// How one check's process ended, as the zygote reports it: its exit
/// status, or why there is none.
pub(crate) type Ended = Result<i32, NoStatus>;

/// Why the zygote gives no exit status for a check's process. Its words
/// are the `how` of the crash that the check reports.
#[derive(Debug, Clone, thiserror::Error)]
pub(crate) enum NoStatus {
    /// The zygote could not fork or start the process.
    #[error("the sandbox could not start it: {0}")]
    NotStarted(String),
    /// The zygote ended before the process did, saying nothing.
    #[error("the sandbox ended")]
    SandboxEnded,
    /// The zygote ended before the process did, with these last words.
    #[error("the sandbox ended: {0}")]
    SandboxSaid(String),
}

/// The grader's side of a check's process just forked: its token, the
/// pipes for requests, answers and the student's output, and where the
/// zygote will say how it ended.
#[derive(Debug)]
pub(crate) struct SpawnedCheck {
    pub(crate) token: u64,
    pub(crate) requests: std::io::PipeWriter,
    pub(crate) responses: std::io::PipeReader,
    pub(crate) output: std::io::PipeReader,
    pub(crate) ended: Receiver<Ended>,
}

/// A submission's zygote, shared by the checks that run it.
#[derive(Debug)]
pub struct Zygote {
    /// `None` once the zygote is being stopped.
    process: Mutex<Option<GroupLeader>>,
    control: OwnedFd,
    waiting: Arc<Mutex<HashMap<u64, Sender<Ended>>>>,
    next_token: AtomicU64,
    pub(crate) limits: Limits,
    root: bool,
    cgroups: Option<Cgroups>,
}

impl Zygote {
    /// Starts `grade __zygote <image>` under the limits, in `setting`.
    pub fn start(image: &Path, limits: Limits, setting: &Setting) -> anyhow::Result<Arc<Zygote>> {
        let grade = std::env::current_exe().context("finding the grade executable")?;
        let cgroups = setting.zygote_cgroups()?;
        let sandbox = Sandbox {
            isolation: setting.isolation,
            cgroups: cgroups.clone(),
        };
        let (ours, theirs) = control::socket_pair()?;
        let mut command = match setting.isolation {
            Isolation::Namespaces => {
                let mut command = in_namespaces(zygote_namespaces())?;
                command.arg(&grade);
                command
            }
            Isolation::Landlock | Isolation::None => Command::new(&grade),
        };
        command
            .arg(grade_sandbox::ZYGOTE_COMMAND)
            .arg(image)
            .env_clear()
            .env(LIMITS_VARIABLE, serde_json::to_string(&limits)?)
            .env(SANDBOX_VARIABLE, serde_json::to_string(&sandbox)?)
            .current_dir("/")
            .stdin(Stdio::from(theirs))
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut process = GroupLeader::spawn(&mut command)
            .with_context(|| format!("starting {}", grade.display()))?;
        let stderr = process.child.stderr.take().context("no stderr")?;
        let waiting: Arc<Mutex<HashMap<u64, Sender<Ended>>>> = Arc::default();
        let listener = ours.try_clone()?;
        let waiters = Arc::clone(&waiting);
        thread::spawn(move || listen(&listener, stderr, &waiters));
        Ok(Arc::new(Zygote {
            process: Mutex::new(Some(process)),
            control: ours,
            waiting,
            next_token: AtomicU64::new(0),
            limits,
            root: setting.root,
            cgroups,
        }))
    }

    /// Has the zygote fork a fresh process for one check, and hands back
    /// the grader's ends of its pipes (a
    /// [`CheckProcess`](crate::run::check_process::CheckProcess) talks
    /// through them).
    pub(crate) fn spawn_check(&self) -> anyhow::Result<SpawnedCheck> {
        let token = self.next_token.fetch_add(1, Ordering::Relaxed);
        let (requests_read, requests) = std::io::pipe()?;
        let (responses, responses_write) = std::io::pipe()?;
        let (output, output_write) = std::io::pipe()?;
        let (sender, ended) = mpsc::channel();
        lock(&self.waiting).insert(token, sender);
        let passed = [
            OwnedFd::from(requests_read),
            OwnedFd::from(responses_write),
            OwnedFd::from(output_write),
        ];
        let fds = passed.each_ref().map(AsRawFd::as_raw_fd);
        let spawn = ToZygote::Spawn {
            token,
            uid: check_user(self.root),
        };
        if let Err(error) = control::send(self.control.as_fd(), &spawn, &fds) {
            lock(&self.waiting).remove(&token);
            return Err(anyhow::Error::from(error).context("the sandbox has stopped"));
        }
        // The child's ends are the zygote's now; closing ours lets each
        // side see the other end.
        drop(passed);
        Ok(SpawnedCheck {
            token,
            requests,
            responses,
            output,
            ended,
        })
    }

    pub(crate) fn kill(&self, token: u64) {
        let _ = control::send(self.control.as_fd(), &ToZygote::Kill { token }, &[]);
    }

    /// Tells the zygote to end: it kills every check still running and
    /// exits, and each check waiting on one hears that the sandbox ended.
    /// What is left of it goes when it is dropped.
    pub(crate) fn end_checks(&self) {
        let _ =
            nix::sys::socket::shutdown(self.control.as_raw_fd(), nix::sys::socket::Shutdown::Both);
    }
}

impl Drop for Zygote {
    /// Stops the zygote: told by the socket's closing, it kills every check
    /// still running and exits; if it does not within a second, its whole
    /// process group is killed. The waiting and the removal of its cgroups
    /// happen on a thread of their own, so that the worker that ran the
    /// submission's last check goes on to the next at once (the worker
    /// waited 7.3 ms on average for each, 0.73 s of a typical 100);
    /// [`wait_for_stopping_zygotes`] waits for them all.
    fn drop(&mut self) {
        self.end_checks();
        let process = lock(&self.process).take();
        let cgroups = self.cgroups.take();
        let job = Arc::new(Mutex::new(Some((process, cgroups))));
        let stop = |job: &Mutex<Option<(Option<GroupLeader>, Option<Cgroups>)>>| {
            let Some((process, cgroups)) = lock(job).take() else {
                return;
            };
            if let Some(process) = process {
                stop_zygote(process);
            }
            if let Some(cgroups) = &cgroups {
                cgroups.remove();
            }
        };
        let on_thread = Arc::clone(&job);
        match thread::Builder::new()
            .name("zygote-stop".into())
            .spawn(move || stop(&on_thread))
        {
            Ok(handle) => lock(&STOPPING).push(handle),
            // No thread to be had: stop it here.
            Err(_) => stop(&job),
        }
    }
}

/// The threads stopping zygotes that have been dropped.
static STOPPING: Mutex<Vec<thread::JoinHandle<()>>> = Mutex::new(Vec::new());

/// Waits until every zygote dropped so far has ended and its cgroups are
/// gone: called before the run's own cgroups are removed, so that nothing
/// of a zygote is left behind.
pub(crate) fn wait_for_stopping_zygotes() {
    let handles = std::mem::take(&mut *lock(&STOPPING));
    for handle in handles {
        let _ = handle.join();
    }
}

/// Waits up to a second for the zygote `process` (told to end) to exit,
/// then kills its process group.
fn stop_zygote(mut process: GroupLeader) {
    let ended = (0..1000).any(|_| {
        let ended = matches!(process.child.try_wait(), Ok(Some(_)));
        if !ended {
            thread::sleep(Duration::from_millis(1));
        }
        ended
    });
    if !ended {
        process.kill_group();
        let _ = process.child.wait();
    }
}

/// Passes the zygote's reports to the checks waiting for them. When the
/// zygote ends, every check still waiting learns why.
fn listen(
    control: &OwnedFd,
    mut stderr: std::process::ChildStderr,
    waiting: &Mutex<HashMap<u64, Sender<Ended>>>,
) {
    loop {
        match control::receive::<FromZygote>(control.as_fd()) {
            Ok(Some((FromZygote::Ended { token, status }, _))) => {
                if let Some(sender) = lock(waiting).remove(&token) {
                    let _ = sender.send(Ok(status));
                }
            }
            Ok(Some((FromZygote::Failed { token, message }, _))) => {
                if let Some(sender) = lock(waiting).remove(&token) {
                    let _ = sender.send(Err(NoStatus::NotStarted(message)));
                }
            }
            Ok(None) | Err(_) => break,
        }
    }
    let mut said = String::new();
    let _ = (&mut stderr).take(4096).read_to_string(&mut said);
    let why = match said.trim() {
        "" => NoStatus::SandboxEnded,
        said => NoStatus::SandboxSaid(said.to_string()),
    };
    for (_, sender) in lock(waiting).drain() {
        let _ = sender.send(Err(why.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_as_root_get_users_of_their_own() {
        assert_eq!(check_user(false), None);
        let (a, b) = (check_user(true).unwrap(), check_user(true).unwrap());
        assert_ne!(a, b);
        assert!((CHECK_USERS..u32::MAX).contains(&a), "{a}");
    }
}
