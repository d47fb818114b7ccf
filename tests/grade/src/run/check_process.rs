//! One check's process, as the grader talks to it: requests framed onto
//! one pipe, answers read off another within the per-call limit, the
//! student's output kept from a third up to its limit, and a hang or a
//! crash turned into the [`Outcome`] that reports it.

use std::io::Read;
use std::os::fd::AsFd;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

use grade_sandbox::Limits;
use grade_serve::{Answer, frame};
use grading::Outcome;
use workbook::{Request, Response};

use crate::run::zygote_client::{Ended, SpawnedCheck, Zygote};

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
pub struct CheckProcess {
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
    /// The answer pipe closed between answers: the process ended, and how
    /// is for its exit status to say.
    Ended,
    /// The child cannot answer any more, for this reason.
    Problem(String),
    TimedOut,
}

impl CheckProcess {
    /// Starts a fresh process for one check from `zygote`.
    pub fn start(zygote: &Arc<Zygote>) -> anyhow::Result<CheckProcess> {
        let SpawnedCheck {
            token,
            requests,
            responses,
            output,
            ended,
        } = zygote.spawn_check()?;
        for pipe in [responses.as_fd(), output.as_fd()] {
            let flags = OFlag::from_bits_retain(fcntl(pipe, FcntlArg::F_GETFL)?);
            fcntl(pipe, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
        }
        Ok(CheckProcess {
            zygote: Arc::clone(zygote),
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
        let mut next = CheckProcess::start(&self.zygote)?;
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
            self.crashed(during, how);
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
            Heard::Ended => {
                let how = self.how_it_ended();
                self.crashed(during, how)
            }
            Heard::Problem(how) => self.crashed(during, how),
            Heard::TimedOut => self.abandon(Outcome::TimedOut { during, limit }),
        }
    }

    /// Stops the child, which ended `during` a call as `how` says, and
    /// panics with the [`Outcome`] that says so and shows what it printed.
    fn crashed(&mut self, during: String, how: String) -> ! {
        let output = self.output_tail();
        self.abandon(Outcome::Crashed {
            during,
            how,
            output,
        })
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
                return Heard::Ended;
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
        frame::take(&mut self.pending, MAX_MESSAGE).map_err(|error| match error {
            frame::ReadError::TooLong => "it sent an overlong message".to_string(),
            _ => "it sent a message the grader cannot read".to_string(),
        })
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
            if self.captured.kept.len() >= keep {
                match discard(output) {
                    Ok(0) => self.output = None,
                    Ok(moved) => {
                        self.captured.total += moved;
                        continue;
                    }
                    // Where splice is refused, the copy below counts it.
                    Err(Errno::EINTR) => continue,
                    Err(Errno::EAGAIN) => {}
                    Err(_) => return self.read_past_the_limit(&mut buffer),
                }
                return;
            }
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

    /// Reads and counts what the output pipe holds now, keeping none of it.
    fn read_past_the_limit(&mut self, buffer: &mut [u8]) {
        while let Some(output) = &mut self.output {
            match output.read(buffer) {
                Ok(0) => self.output = None,
                Ok(read) => self.captured.total += read,
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

impl Drop for CheckProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Moves what `output` holds now, past the part of it a report keeps,
/// to /dev/null inside the kernel, and grows the pipe to 1 MiB: returns
/// how many bytes went, 0 at its end.
///
/// Why: the fixture that prints 64 MiB in each check (flood.rs) cost 1.3
/// to 2.2 s of grading for its 45 checks on the 2-core machine, most of
/// it the grader copying each 64 KiB pipeful out and the two processes
/// waking each other 1,024 times per check; now the pages are dropped
/// uncopied, 1 MiB at a time. A check that prints little never gets here.
fn discard(output: &std::io::PipeReader) -> nix::Result<usize> {
    use nix::fcntl::{SpliceFFlags, splice};
    static NULL: std::sync::OnceLock<Option<std::fs::File>> = std::sync::OnceLock::new();
    const GROWN: i32 = 1 << 20;
    let Some(null) =
        NULL.get_or_init(|| std::fs::File::options().write(true).open("/dev/null").ok())
    else {
        return Err(Errno::ENODEV);
    };
    // Growing can fail (a lower pipe-max-size as a user): the pipe then
    // stays as it is.
    if fcntl(output.as_fd(), FcntlArg::F_GETPIPE_SZ).is_ok_and(|size| size < GROWN) {
        let _ = fcntl(output.as_fd(), FcntlArg::F_SETPIPE_SZ(GROWN));
    }
    splice(
        output.as_fd(),
        None,
        null.as_fd(),
        None,
        GROWN as usize,
        SpliceFFlags::SPLICE_F_NONBLOCK,
    )
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
