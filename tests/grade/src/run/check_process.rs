//! One check's process, as the grader talks to it: requests framed onto
//! one pipe, answers read off another within the per-call limit, the
//! student's output kept from a third up to its limit (those two pipes
//! are [`crate::run::child_pipes`]'), and a hang or a crash turned into
//! the [`Outcome`] that reports it.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use grade_sandbox::Limits;
use grade_serve::frame;
use grading::{Outcome, Raised};
use workbook::{Request, Response};

use crate::run::child_pipes::{ChildPipes, Heard, with_panic_cut};
use crate::run::zygote_client::{Ended, NoStatus, SpawnedCheck, Zygote};

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
    /// The answer and output pipes.
    pipes: ChildPipes,
    ended: Receiver<Ended>,
    status: Option<Ended>,
    student_time: Duration,
    born: Instant,
    first_answer: Option<Duration>,
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
        let pipes = ChildPipes::new(responses, output, zygote.limits.output_kib << 10)?;
        Ok(CheckProcess {
            zygote: Arc::clone(zygote),
            token,
            requests: Some(requests),
            pipes,
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
        next.pipes.captured = std::mem::take(&mut self.pipes.captured);
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
        match self.pipes.listen(Instant::now() + limit) {
            Heard::Answer(answer) => {
                let student = Duration::from_micros(answer.student_micros);
                self.first_answer
                    .get_or_insert_with(|| self.born.elapsed().saturating_sub(student));
                self.student_time += student;
                with_panic_cut(answer, self.zygote.limits.output_kib << 10)
            }
            Heard::Ended => {
                let how = self.how_it_ended();
                self.crashed(during, how)
            }
            Heard::Problem(problem) => self.crashed(during, problem.to_string()),
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

    fn abandon(&mut self, outcome: Outcome) -> ! {
        self.stop();
        Raised::without_panic(outcome).raise()
    }

    /// Waits for the zygote's word on how the child ended, and says it.
    fn how_it_ended(&mut self) -> String {
        match self.wait_for_end(Duration::from_secs(1)) {
            Some(Ok(status)) => describe_status(status, &self.zygote.limits),
            Some(Err(why)) => why.to_string(),
            None => "it stopped answering".into(),
        }
    }

    fn wait_for_end(&mut self, patience: Duration) -> Option<Ended> {
        if self.status.is_none() {
            self.status = match self.ended.recv_timeout(patience) {
                Ok(ended) => Some(ended),
                Err(RecvTimeoutError::Disconnected) => Some(Err(NoStatus::SandboxEnded)),
                Err(RecvTimeoutError::Timeout) => None,
            };
        }
        self.status.clone()
    }

    /// The end of what the student's code printed, for a report.
    pub fn output_tail(&mut self) -> String {
        self.pipes.output_tail()
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
