//! Running a submission's functions in processes the grader can always
//! stop, and talking to them.
//!
//! Each submission gets one zygote: `grade` itself, started again as
//! `grade __zygote <image>` with `unshare` into its own PID, network,
//! mount and IPC namespaces (when this machine allows them), its limits in
//! its environment. It holds no student code. For each check the grader
//! passes it three new pipes, and it forks a fresh process tree that
//! limits itself and only then executes the submission's image, which
//! serves the student's functions on the pipes and nothing else. See the
//! `grade-sandbox` crate's `zygote` module for that tree, and the
//! instructors' chapter for what each setting guarantees.
//!
//! Shared between the checks of one submission: only the zygote, which no
//! check's code ever runs in. Not shared: every process that runs student
//! code, its memory, its CPU time, its threads, its `/tmp`, its System V
//! IPC, its user (as root) and its cgroup, all gone when its check ends.
//! The verdict is always computed here, in the grader, from return values
//! alone.

use std::collections::HashMap;
use std::io::Read;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::Context;
use nix::errno::Errno;
use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::unistd::Uid;

use grade_sandbox::control::{self, FromZygote, ToZygote};
use grade_sandbox::{Cgroups, Isolation, LIMITS_VARIABLE, Limits, SANDBOX_VARIABLE, Sandbox};
use grade_serve::{Answer, frame};
use grading::Outcome;
use workbook::{Request, Response};

/// The environment variable that chooses the isolation instead of the best
/// this machine offers: `namespaces`, `landlock` or `none`.
pub const ISOLATION_VARIABLE: &str = "GRADE_ISOLATION";

/// The `unshare` arguments that start a zygote in its own namespaces.
fn namespace_arguments() -> &'static [&'static str] {
    if Uid::effective().is_root() {
        &[
            "--pid",
            "--fork",
            "--kill-child",
            "--net",
            "--mount",
            "--ipc",
        ]
    } else {
        &[
            "--user",
            "--map-root-user",
            "--pid",
            "--fork",
            "--kill-child",
            "--net",
            "--mount",
            "--ipc",
        ]
    }
}

/// How checks are isolated on this machine: namespaces when `unshare` may
/// make them, else Landlock when the kernel enforces it, else neither.
/// `GRADE_ISOLATION` may choose a weaker one, to try it.
pub fn isolation() -> anyhow::Result<Isolation> {
    static CHOSEN: OnceLock<Result<Isolation, String>> = OnceLock::new();
    CHOSEN
        .get_or_init(|| {
            let namespaces = || {
                Command::new("unshare")
                    .args(namespace_arguments())
                    .arg("true")
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .is_ok_and(|status| status.success())
            };
            match std::env::var(ISOLATION_VARIABLE).ok().as_deref() {
                None | Some("") => Ok(if namespaces() {
                    Isolation::Namespaces
                } else if grade_sandbox::view::landlock_available() {
                    Isolation::Landlock
                } else {
                    Isolation::None
                }),
                Some("namespaces") if namespaces() => Ok(Isolation::Namespaces),
                Some("namespaces") => Err("GRADE_ISOLATION=namespaces, but unshare cannot \
                                           make namespaces here"
                    .into()),
                Some("landlock") if grade_sandbox::view::landlock_available() => {
                    Ok(Isolation::Landlock)
                }
                Some("landlock") => {
                    Err("GRADE_ISOLATION=landlock, but this kernel does not enforce it".into())
                }
                Some("none") => Ok(Isolation::None),
                Some(other) => Err(format!(
                    "GRADE_ISOLATION={other:?}: use namespaces, landlock or none"
                )),
            }
        })
        .clone()
        .map_err(anyhow::Error::msg)
}

/// Whether checks run in their own PID, network and mount namespaces.
pub fn isolated() -> bool {
    matches!(isolation(), Ok(Isolation::Namespaces))
}

/// The setting one run of `grade` sandboxes in: who it runs as, its
/// isolation, its cgroups (made for the run, removed when it is dropped)
/// and the kernel's Landlock version.
#[derive(Debug)]
pub struct Setting {
    pub root: bool,
    pub isolation: Isolation,
    pub cgroups: Option<Cgroups>,
    pub landlock_abi: i64,
    next_zygote: AtomicU64,
}

impl Setting {
    /// Finds this machine's setting, and makes the run's cgroups.
    pub fn detect() -> anyhow::Result<Setting> {
        let isolation = isolation()?;
        Ok(Setting {
            root: Uid::effective().is_root(),
            isolation,
            cgroups: Cgroups::for_run(),
            landlock_abi: grade_sandbox::view::landlock_abi(),
            next_zygote: AtomicU64::new(0),
        })
    }

    /// The one line `grade` prints on stderr: the setting, what protects
    /// the checks in it, and what it does not protect against.
    pub fn describe(&self) -> String {
        let who = match (self.root, self.isolation) {
            (true, _) => "root",
            (false, Isolation::Namespaces) => "a user with user namespaces",
            (false, _) => "a user without user namespaces",
        };
        let mut with = vec!["rlimits", "seccomp (no new process, socket or IPC)"];
        if self.root {
            with.push("a user per check");
        }
        if self.isolation == Isolation::Namespaces {
            with.push("namespaces (PID, mount, network, IPC)");
        }
        let landlock = format!("Landlock ABI {}", self.landlock_abi);
        if self.isolation != Isolation::None && self.landlock_abi > 0 {
            with.push(&landlock);
        }
        if let Some(cgroups) = &self.cgroups {
            with.push(cgroups.describe());
        }
        let mut gaps = Vec::new();
        if self.cgroups.is_none() {
            gaps.push("no cgroup: a check's memory is bounded per process (it may start none) and its threads by its address space");
        }
        if !self.root {
            gaps.push("checks run as the grading user");
        }
        match self.isolation {
            Isolation::Namespaces => {}
            Isolation::Landlock if self.landlock_abi >= 6 => gaps.push(
                "no PID, mount, network or IPC namespace: files, signals and sockets are kept in by Landlock and seccomp alone",
            ),
            Isolation::Landlock => gaps.push(
                "no namespaces, and Landlock before ABI 6 cannot scope signals (seccomp still does)",
            ),
            Isolation::None => gaps.push(
                "NO FILE-SYSTEM ISOLATION: checks can read what the grading user can read",
            ),
        }
        // The build's view is Landlock's alone (`grade __build-view`), and
        // Landlock cannot say "not here" to a process that goes on anyway.
        if self.landlock_abi == 0 {
            gaps.push(
                "no Landlock: the compiler can read what the grading user can read (the scan and rustc's dep-info check still refuse a submission that names a file outside itself)",
            );
        }
        let gaps = if gaps.is_empty() {
            "nothing known".to_string()
        } else {
            gaps.join("; ")
        };
        format!(
            "grade: sandbox setting: {who}, {}; not protected: {gaps}",
            with.join(", ")
        )
    }

    /// The cgroups of a new zygote, inside the run's.
    fn zygote_cgroups(&self) -> anyhow::Result<Option<Cgroups>> {
        let serial = self.next_zygote.fetch_add(1, Ordering::Relaxed);
        self.cgroups
            .as_ref()
            .map(|run| run.for_zygote(serial))
            .transpose()
    }
}

impl Drop for Setting {
    fn drop(&mut self) {
        if let Some(cgroups) = &self.cgroups {
            cgroups.remove();
        }
    }
}

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

/// How one check's process ended, as the zygote reports it.
type Ended = Result<i32, String>;

/// A submission's zygote, shared by the checks that run it.
#[derive(Debug)]
pub struct Zygote {
    process: Mutex<Child>,
    control: OwnedFd,
    waiting: Arc<Mutex<HashMap<u64, Sender<Ended>>>>,
    next_token: AtomicU64,
    limits: Limits,
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
                let mut command = Command::new("unshare");
                command.args(namespace_arguments()).arg("--").arg(&grade);
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
            .stderr(Stdio::piped())
            .process_group(0);
        let mut process = command
            .spawn()
            .with_context(|| format!("starting {}", grade.display()))?;
        let stderr = process.stderr.take().context("no stderr")?;
        let waiting: Arc<Mutex<HashMap<u64, Sender<Ended>>>> = Arc::default();
        let listener = ours.try_clone()?;
        let waiters = Arc::clone(&waiting);
        thread::spawn(move || listen(&listener, stderr, &waiters));
        Ok(Arc::new(Zygote {
            process: Mutex::new(process),
            control: ours,
            waiting,
            next_token: AtomicU64::new(0),
            limits,
            root: setting.root,
            cgroups,
        }))
    }

    /// Starts a fresh process for one check.
    pub fn check(self: &Arc<Self>) -> anyhow::Result<Server> {
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
        Server::new(Arc::clone(self), token, requests, responses, output, ended)
    }

    fn kill(&self, token: u64) {
        let _ = control::send(self.control.as_fd(), &ToZygote::Kill { token }, &[]);
    }
}

impl Drop for Zygote {
    /// Stops the zygote: told by the socket's closing, it kills every check
    /// still running and exits; if it does not within a second, its whole
    /// process group is killed.
    fn drop(&mut self) {
        let _ =
            nix::sys::socket::shutdown(self.control.as_raw_fd(), nix::sys::socket::Shutdown::Both);
        let mut process = lock(&self.process);
        let ended = (0..200).any(|_| {
            let ended = matches!(process.try_wait(), Ok(Some(_)));
            if !ended {
                thread::sleep(Duration::from_millis(5));
            }
            ended
        });
        if !ended {
            let group = nix::unistd::Pid::from_raw(process.id() as i32);
            let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
            let _ = process.kill();
            let _ = process.wait();
        }
        if let Some(cgroups) = &self.cgroups {
            cgroups.remove();
        }
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
                    let _ = sender.send(Err(format!("the sandbox could not start it: {message}")));
                }
            }
            Ok(None) | Err(_) => break,
        }
    }
    let mut said = String::new();
    let _ = (&mut stderr).take(4096).read_to_string(&mut said);
    let why = match said.trim() {
        "" => "the sandbox ended".to_string(),
        said => format!("the sandbox ended: {said}"),
    };
    for (_, sender) in lock(waiting).drain() {
        let _ = sender.send(Err(why.clone()));
    }
}

/// Locks `mutex`, carrying on past a panic of another holder: every value
/// kept under these locks stays whole between statements.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The student's output, as much as the limit keeps, and how much there was.
#[derive(Debug, Default)]
struct Captured {
    kept: Vec<u8>,
    total: usize,
}

/// One check's process, which serves the submission's functions.
///
/// The thread that runs the check reads the child's answers and output
/// itself, waiting on both pipes at once, rather than through reader
/// threads: a check then starts no threads, and an answer wakes one thread
/// instead of two, which on a small virtual machine was a large part of a
/// call's cost.
#[derive(Debug)]
pub struct Server {
    zygote: Arc<Zygote>,
    token: u64,
    requests: Option<std::io::PipeWriter>,
    /// The answer pipe, non-blocking; `None` once the child has closed it.
    responses: Option<std::io::PipeReader>,
    /// Bytes of answers read but not yet whole.
    pending: Vec<u8>,
    /// The output pipe, non-blocking; `None` once the child has closed it.
    output: Option<std::io::PipeReader>,
    captured: Captured,
    ended: Receiver<Ended>,
    status: Option<Ended>,
    student_time: Duration,
    born: Instant,
    first_answer: Option<Duration>,
}

/// The largest message a child may send: ample for 12,000 decks of 52.
const MAX_MESSAGE: u32 = 64 << 20;

/// What came of waiting for an answer.
enum Heard {
    Answer(Answer),
    /// The child cannot answer any more, for this reason.
    Problem(String),
    TimedOut,
}

impl Server {
    fn new(
        zygote: Arc<Zygote>,
        token: u64,
        requests: std::io::PipeWriter,
        responses: std::io::PipeReader,
        output: std::io::PipeReader,
        ended: Receiver<Ended>,
    ) -> anyhow::Result<Server> {
        for pipe in [responses.as_fd(), output.as_fd()] {
            let flags = OFlag::from_bits_retain(fcntl(pipe, FcntlArg::F_GETFL)?);
            fcntl(pipe, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
        }
        Ok(Server {
            zygote,
            token,
            requests: Some(requests),
            responses: Some(responses),
            pending: Vec::new(),
            output: Some(output),
            captured: Captured::default(),
            ended,
            status: None,
            student_time: Duration::ZERO,
            born: Instant::now(),
            first_answer: None,
        })
    }

    /// Replaces this check's process with a new one from the same zygote,
    /// keeping what the check has printed and the time its code has run;
    /// the old process is killed.
    pub fn restart(&mut self) -> anyhow::Result<()> {
        // A process that has answered nothing yet is as fresh as a new one.
        if self.first_answer.is_none() {
            return Ok(());
        }
        let mut next = self.zygote.check()?;
        next.captured = std::mem::take(&mut self.captured);
        next.student_time = self.student_time;
        next.first_answer = self.first_answer;
        next.born = self.born;
        // The old server, dropped here, kills its process.
        std::mem::swap(self, &mut next);
        Ok(())
    }

    /// How long the student's functions ran in this check, as the child
    /// measured it (for `GRADE_TIMINGS` only).
    pub fn student_time(&self) -> Duration {
        self.student_time
    }

    /// How long the first answer took beyond the student's code: mostly
    /// the fork of the check's processes (for `GRADE_TIMINGS` only).
    pub fn start_time(&self) -> Option<Duration> {
        self.first_answer
    }

    /// Sends a request and waits for the answer; on a hang or a crash,
    /// stops the child and panics with the [`Outcome`] that says so, which
    /// the check runner reports as it is.
    pub fn call(&mut self, request: &Request) -> Response {
        let during = request.describe();
        let sent = self
            .requests
            .as_mut()
            .map(|pipe| frame::write(pipe, request));
        if !matches!(sent, Some(Ok(()))) {
            let how = self.how_it_ended();
            let output = self.output_tail();
            self.abandon(Outcome::Crashed {
                during,
                how,
                output,
            });
        }
        let limit = self.zygote.limits.call_limit();
        match self.listen(Instant::now() + limit) {
            Heard::Answer(answer) => {
                let student = Duration::from_micros(answer.student_micros);
                self.first_answer
                    .get_or_insert_with(|| self.born.elapsed().saturating_sub(student));
                self.student_time += student;
                answer.response
            }
            Heard::Problem(problem) => {
                let how = match problem.as_str() {
                    "it ended" => self.how_it_ended(),
                    _ => problem,
                };
                let output = self.output_tail();
                self.abandon(Outcome::Crashed {
                    during,
                    how,
                    output,
                })
            }
            Heard::TimedOut => self.abandon(Outcome::TimedOut { during, limit }),
        }
    }

    /// Reads the answer and output pipes until a whole answer has come,
    /// the answer pipe closes, or `deadline` passes.
    fn listen(&mut self, deadline: Instant) -> Heard {
        loop {
            match self.whole_answer() {
                Ok(Some(answer)) => return Heard::Answer(answer),
                Ok(None) => {}
                Err(problem) => return Heard::Problem(problem),
            }
            let Some(responses) = &self.responses else {
                return Heard::Problem("it ended".into());
            };
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Heard::TimedOut;
            }
            let mut fds = vec![PollFd::new(responses.as_fd(), PollFlags::POLLIN)];
            if let Some(output) = &self.output {
                fds.push(PollFd::new(output.as_fd(), PollFlags::POLLIN));
            }
            match poll(&mut fds, poll_timeout(left)) {
                Ok(_) | Err(Errno::EINTR) => {}
                Err(error) => return Heard::Problem(format!("waiting for it failed: {error}")),
            }
            let ready = |fd: &PollFd| fd.any().unwrap_or(true);
            let (answers_ready, output_ready) = (ready(&fds[0]), fds.get(1).is_some_and(ready));
            drop(fds);
            if output_ready {
                self.read_output();
            }
            if answers_ready && let Err(problem) = self.read_answers() {
                return Heard::Problem(problem);
            }
        }
    }

    /// Takes one whole answer off the front of what has been read.
    fn whole_answer(&mut self) -> Result<Option<Answer>, String> {
        let Some(header) = self.pending.first_chunk::<4>() else {
            return Ok(None);
        };
        let length = u32::from_le_bytes(*header);
        if length > MAX_MESSAGE {
            return Err("it sent an overlong message".into());
        }
        let end = 4 + length as usize;
        if self.pending.len() < end {
            return Ok(None);
        }
        let answer = frame::decode(&self.pending[4..end])
            .map_err(|_| "it sent a message the grader cannot read".to_string());
        self.pending.drain(..end);
        answer.map(Some)
    }

    /// Reads what the answer pipe holds now. At its end, what is left
    /// over is either nothing (the child ended between answers) or half a
    /// message.
    fn read_answers(&mut self) -> Result<(), String> {
        let Some(responses) = &mut self.responses else {
            return Ok(());
        };
        let mut buffer = [0u8; 64 << 10];
        loop {
            match responses.read(&mut buffer) {
                Ok(0) => {
                    self.responses = None;
                    return match self.pending.is_empty() {
                        true => Ok(()),
                        false => Err("it sent a message the grader cannot read".into()),
                    };
                }
                Ok(read) => {
                    self.pending.extend_from_slice(&buffer[..read]);
                    if self.pending.len() > MAX_MESSAGE as usize + 4 {
                        return Err("it sent an overlong message".into());
                    }
                }
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => return Ok(()),
                Err(error) => return Err(format!("reading from it failed: {error}")),
            }
        }
    }

    /// Keeps what the output pipe holds now, up to the limit, and counts
    /// the rest.
    fn read_output(&mut self) {
        let Some(output) = &mut self.output else {
            return;
        };
        let keep = self.zygote.limits.output_kib << 10;
        let mut buffer = [0u8; 64 << 10];
        loop {
            match output.read(&mut buffer) {
                Ok(0) => {
                    self.output = None;
                    return;
                }
                Ok(read) => {
                    let room = keep.saturating_sub(self.captured.kept.len());
                    self.captured
                        .kept
                        .extend_from_slice(&buffer[..read.min(room)]);
                    self.captured.total += read;
                }
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return,
            }
        }
    }

    fn abandon(&mut self, outcome: Outcome) -> ! {
        self.stop();
        std::panic::panic_any(outcome)
    }

    /// Waits for the zygote's word on how the child ended, and says it.
    fn how_it_ended(&mut self) -> String {
        match self.wait_for_end(Duration::from_secs(1)) {
            Some(Ok(status)) => describe_status(status, &self.zygote.limits),
            Some(Err(why)) => why,
            None => "it stopped answering".into(),
        }
    }

    fn wait_for_end(&mut self, patience: Duration) -> Option<Ended> {
        if self.status.is_none() {
            self.status = match self.ended.recv_timeout(patience) {
                Ok(ended) => Some(ended),
                Err(RecvTimeoutError::Disconnected) => Some(Err("the sandbox ended".into())),
                Err(RecvTimeoutError::Timeout) => None,
            };
        }
        self.status.clone()
    }

    /// The end of what the student's code printed, for a report.
    pub fn output_tail(&mut self) -> String {
        // Once the child has ended, the output pipe closes; give it a
        // moment to deliver what the child wrote just before.
        let deadline = Instant::now() + Duration::from_millis(100);
        while let Some(output) = &self.output {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            let mut fds = [PollFd::new(output.as_fd(), PollFlags::POLLIN)];
            if matches!(poll(&mut fds, poll_timeout(left)), Ok(0)) {
                break;
            }
            self.read_output();
        }
        let captured = &self.captured;
        let text = String::from_utf8_lossy(&captured.kept);
        let mut lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let dropped = lines.len().saturating_sub(6);
        lines.drain(..dropped);
        let mut tail = lines.join("\n");
        if captured.total > captured.kept.len() {
            tail.push_str(&format!(
                "\n({} bytes of output in all; the first {} were kept)",
                captured.total,
                captured.kept.len()
            ));
        }
        tail
    }

    /// Kills the check's processes. The zygote kills the whole process
    /// tree at once; the grader does not wait to hear that it has, because
    /// the next check starts in namespaces of its own, and the zygote, when
    /// it is stopped, makes sure that nothing of any check is left.
    pub fn stop(&mut self) {
        self.requests = None;
        if self.status.is_none() {
            self.zygote.kill(self.token);
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// `left` as a `poll` timeout: whole milliseconds, at least one, so that a
/// deadline less than a millisecond away is still waited for.
fn poll_timeout(left: Duration) -> PollTimeout {
    PollTimeout::try_from(left.as_millis().max(1)).unwrap_or(PollTimeout::MAX)
}

/// Turns an exit into words. The zygote reports a signal as 128 plus its
/// number, as a shell does.
fn describe_status(status: i32, limits: &Limits) -> String {
    if status <= 128 {
        return format!("the process exited with status {status} in the middle of the call");
    }
    match status - 128 {
        6 => "it aborted (abort(), a failed allocation or a stack overflow)".into(),
        9 => "it was killed (out of memory or over a limit)".into(),
        11 => "it crashed with a segmentation fault (often a stack overflow)".into(),
        24 => format!("it used more than {} s of CPU time", limits.cpu_seconds),
        25 => format!("it wrote a file larger than {} KiB", limits.file_kib),
        signal => format!("it was stopped by signal {signal}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(root: bool, isolation: Isolation, cgroups: bool, landlock_abi: i64) -> Setting {
        Setting {
            root,
            isolation,
            cgroups: cgroups.then(|| Cgroups::V2 {
                dir: std::path::PathBuf::from("/nonexistent/grade-test"),
            }),
            landlock_abi,
            next_zygote: AtomicU64::new(0),
        }
    }

    /// The setting line names the setting, what protects it, and its gaps.
    #[test]
    fn the_setting_line_says_what_is_not_protected() {
        let root = setting(true, Isolation::Namespaces, true, 7).describe();
        assert!(root.starts_with("grade: sandbox setting: root, "), "{root}");
        assert!(root.contains("a user per check") && root.contains("cgroup v2"));
        assert!(root.ends_with("not protected: nothing known"), "{root}");

        let user = setting(false, Isolation::Namespaces, false, 7).describe();
        assert!(user.contains("a user with user namespaces"), "{user}");
        assert!(user.contains("no cgroup") && user.contains("checks run as the grading user"));

        let laptop = setting(false, Isolation::Landlock, false, 5).describe();
        assert!(
            laptop.contains("a user without user namespaces"),
            "{laptop}"
        );
        assert!(laptop.contains("before ABI 6"), "{laptop}");
        assert!(!laptop.contains("namespaces (PID"), "{laptop}");

        let bare = setting(false, Isolation::None, false, 0).describe();
        assert!(bare.contains("NO FILE-SYSTEM ISOLATION") && !bare.contains("Landlock ABI"));
        assert!(
            bare.contains("no Landlock: the compiler can read"),
            "{bare}"
        );
        let old_kernel = setting(true, Isolation::Namespaces, true, 0).describe();
        assert!(old_kernel.ends_with("refuse a submission that names a file outside itself)"));
    }

    #[test]
    fn checks_as_root_get_users_of_their_own() {
        assert_eq!(check_user(false), None);
        let (a, b) = (check_user(true).unwrap(), check_user(true).unwrap());
        assert_ne!(a, b);
        assert!((CHECK_USERS..u32::MAX).contains(&a), "{a}");
    }
}
