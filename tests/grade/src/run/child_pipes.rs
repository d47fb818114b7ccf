//! The grader's ends of one check's answer and output pipes, read by the
//! thread that runs the check, waiting on both at once: whole answers off
//! one, the student's output off the other up to its limit. What the
//! process is and how it ended are for
//! [`CheckProcess`](crate::run::check_process::CheckProcess) to say.

use std::io::Read;
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::fcntl::{FcntlArg, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

use grade_serve::{Answer, frame};
use workbook::{Panic, Response};

/// The largest message a child may send. The largest a correct answer
/// needs is 320,047 bytes (measured: the solutions, bonus included, under
/// the shipped rubric), and a panic's text is cut to 1 MiB by the image
/// ([`grade_serve::PANIC_TEXT_SENT`]); 4 MiB is ample for both (75,000
/// decks of 52 small cards) and bounds what one check's reader holds, the
/// bytes read and then their decoding, to 8 MiB. It was 64 MiB, which let
/// one panic's 60 MiB message through to be copied and escaped.
const MAX_MESSAGE: u32 = 4 << 20;

/// Why the child cannot answer any more. Its words are the `how` of the
/// crash that a check reports.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Unreadable {
    #[error("it sent an overlong message")]
    Overlong,
    #[error("it sent a message the grader cannot read")]
    Garbled,
    #[error("waiting for it failed: {0}")]
    Waiting(Errno),
    #[error("reading from it failed: {0}")]
    Reading(std::io::Error),
}

/// What came of waiting for an answer.
pub(crate) enum Heard {
    Answer(Answer),
    /// The answer pipe closed between answers: the process ended, and how
    /// is for its exit status to say.
    Ended,
    /// The child cannot answer any more.
    Problem(Unreadable),
    TimedOut,
}

/// The student's output, as much as the limit keeps, and how much there was.
#[derive(Debug, Default)]
pub(crate) struct Captured {
    kept: Vec<u8>,
    total: usize,
}

/// `answer`'s response, with a panic's text cut to `keep` bytes, the limit
/// of the student's printed output (the rubric's `output_kib`): a panic's
/// message is the student's words as much as what it prints, and is cut
/// here, in the grader, before anything copies, escapes or stores it, and
/// says once how much was cut (the image's cut, [`Answer::panic_bytes_cut`],
/// counted in).
///
/// Why: a submission whose functions panic with 4 MiB messages made
/// results.json 59 MB and grade's peak 324 MiB for one submission
/// (panic_flood.rs at 4 MiB); at 60 MiB a class run was killed at 8 GiB.
pub(crate) fn with_panic_cut(answer: Answer, keep: usize) -> Response {
    let Answer {
        mut response,
        panic_bytes_cut,
        ..
    } = answer;
    if let Response::Panicked(panic) = &mut response {
        let cut = panic.cut(keep).saturating_add(panic_bytes_cut);
        if cut > 0 {
            let note = format!("… ({} more bytes cut)", crate::terminal::thousands(cut));
            match panic {
                Panic::Message(text) | Panic::DidNotCompile { function: text } => {
                    text.push_str(&note);
                }
                Panic::NotYetImplemented | Panic::OverBudget { .. } => {}
            }
        }
    }
    response
}

/// The answer and output pipes of one check's process, both non-blocking.
#[derive(Debug)]
pub(crate) struct ChildPipes {
    /// The answer pipe; `None` once the child has closed it.
    responses: Option<std::io::PipeReader>,
    /// Bytes of answers read but not yet whole.
    pending: Vec<u8>,
    /// The output pipe; `None` once the child has closed it.
    output: Option<std::io::PipeReader>,
    /// The bytes of output a report keeps.
    keep: usize,
    pub(crate) captured: Captured,
}

impl ChildPipes {
    /// Reads `responses` and `output`, made non-blocking here, keeping
    /// `keep` bytes of the output.
    pub(crate) fn new(
        responses: std::io::PipeReader,
        output: std::io::PipeReader,
        keep: usize,
    ) -> nix::Result<ChildPipes> {
        use nix::fcntl::OFlag;
        for pipe in [responses.as_fd(), output.as_fd()] {
            let flags = OFlag::from_bits_retain(fcntl(pipe, FcntlArg::F_GETFL)?);
            fcntl(pipe, FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
        }
        Ok(ChildPipes {
            responses: Some(responses),
            pending: Vec::new(),
            output: Some(output),
            keep,
            captured: Captured::default(),
        })
    }

    /// Reads the answer and output pipes until a whole answer has come,
    /// the answer pipe closes, or `deadline` passes.
    pub(crate) fn listen(&mut self, deadline: Instant) -> Heard {
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
                Err(error) => return Heard::Problem(Unreadable::Waiting(error)),
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
    fn whole_answer(&mut self) -> Result<Option<Answer>, Unreadable> {
        frame::take(&mut self.pending, MAX_MESSAGE).map_err(|error| match error {
            frame::ReadError::TooLong => Unreadable::Overlong,
            _ => Unreadable::Garbled,
        })
    }

    /// Reads what the answer pipe holds now. At its end, what is left
    /// over is either nothing (the child ended between answers) or half a
    /// message.
    fn read_answers(&mut self) -> Result<(), Unreadable> {
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
                        false => Err(Unreadable::Garbled),
                    };
                }
                Ok(read) => {
                    self.pending.extend_from_slice(&buffer[..read]);
                    if self.pending.len() > MAX_MESSAGE as usize + 4 {
                        return Err(Unreadable::Overlong);
                    }
                }
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => return Ok(()),
                Err(error) => return Err(Unreadable::Reading(error)),
            }
        }
    }

    /// Keeps what the output pipe holds now, up to the limit, and counts
    /// the rest.
    fn read_output(&mut self) {
        let Some(output) = &mut self.output else {
            return;
        };
        let keep = self.keep;
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

    /// The end of what the student's code printed, for a report.
    pub(crate) fn output_tail(&mut self) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn panicked(text: &str, cut_before: u64) -> Response {
        let answer = Answer {
            response: Response::Panicked(Panic::Message(text.into())),
            student_micros: 0,
            panic_bytes_cut: cut_before,
        };
        with_panic_cut(answer, 4)
    }

    /// A long message keeps its first bytes and says once how many went,
    /// the image's cut counted in; a short one is left as it is.
    #[test]
    fn a_panics_text_is_cut_to_the_output_limit_and_says_so_once() {
        let said = |response| match response {
            Response::Panicked(panic) => panic.message(),
            _ => unreachable!(),
        };
        assert_eq!(said(panicked("boom", 0)), "boom");
        assert_eq!(
            said(panicked("boom, and more", 0)),
            "boom… (10 more bytes cut)"
        );
        assert_eq!(
            said(panicked("boom, and more", 1_000_000)),
            "boom… (1,000,010 more bytes cut)"
        );
    }
}
