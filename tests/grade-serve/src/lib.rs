//! The student's side of the `grade` command: the `main` of each
//! submission's image.
//!
//! `grade` links one image per submission: this crate, the submission's
//! code and nothing of any other submission. The trusted launcher
//! (`grade-sandbox`) sets up a check's sandbox and only then executes the
//! image, with an empty environment, the grader's requests on descriptor
//! [`REQUESTS_FD`], the answers on [`RESPONSES_FD`], and its output on
//! stdout and stderr. So everything the submission's code does, its
//! constructors and statics included, happens inside that sandbox, and
//! nothing here is trusted: every verdict is computed in the grader from
//! the answers alone. [`frame`] is how those messages are framed on the
//! pipes.

pub mod frame;

#[doc(hidden)]
pub use workbook;

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use workbook::{Implementation, Request, Response, Unobserved};

/// The descriptor an image reads the grader's requests from.
pub const REQUESTS_FD: i32 = 3;
/// The descriptor an image writes its answers to.
pub const RESPONSES_FD: i32 = 4;
/// The exit code of an image that could not serve.
pub const SERVE_FAILED: u8 = 3;

/// One answer on a check's response pipe: what the student's function
/// returned, and how long it ran. The time only feeds `GRADE_TIMINGS`; no
/// verdict depends on it, so an image that lies about it gains nothing.
#[derive(Debug, Serialize, Deserialize)]
pub struct Answer {
    pub response: Response,
    pub student_micros: u64,
    /// The bytes of a panic's text that the image cut before sending
    /// ([`PANIC_TEXT_SENT`]), for the grader's note of how much was cut.
    /// Only the student's own report shows it.
    pub panic_bytes_cut: u64,
}

/// The most of a panic's text an image sends: a submission can panic with
/// 60 MiB in safe Rust, which would cost the grader as much again to read
/// and would not fit an answer's frame. The grader cuts it again, to the
/// rubric's `output_kib` (16 KiB as shipped), so an image that sends more
/// gains nothing; 1 MiB leaves room for any `output_kib` a rubric sensibly
/// sets.
pub const PANIC_TEXT_SENT: usize = 1 << 20;

/// The entry point of a submission's image: answers one request at a time
/// until the grader closes the request pipe.
pub fn main(implementation: Implementation) -> ExitCode {
    let (requests, responses) = take_pipes();
    match serve(&implementation, requests, responses) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("harness: {error}");
            ExitCode::from(SERVE_FAILED)
        }
    }
}

/// The symbol every image's submission is reached through. `grade` links
/// each image with `--defsym` pointing it at that submission's generated
/// `__grading::image` function, so one template link line serves every
/// image of a batch (see grade's `link` module).
pub const LINKED_SUBMISSION: &str = "grade_linked_submission";

#[allow(unsafe_code)]
unsafe extern "Rust" {
    /// The functions of the submission this image was linked for: defined
    /// by the linker, never by any code (see [`LINKED_SUBMISSION`]).
    safe fn grade_linked_submission() -> Implementation;
}

/// The entry point of an image linked by `grade`: serves the submission
/// the linker bound to [`LINKED_SUBMISSION`].
pub fn serve_linked() -> ExitCode {
    main(grade_linked_submission())
}

/// The two pipes the launcher left open across `exec`.
#[allow(unsafe_code)]
fn take_pipes() -> (File, File) {
    use std::os::fd::FromRawFd;
    // SAFETY: the launcher passes exactly these two descriptors to every
    // image, open and owned by nobody else in this process; an image
    // started any other way fails on its first read or write.
    unsafe {
        (
            File::from_raw_fd(REQUESTS_FD),
            File::from_raw_fd(RESPONSES_FD),
        )
    }
}

/// Answers requests until the grader closes the pipe. The error is only
/// printed, by [`main`], before the image exits with [`SERVE_FAILED`]: no
/// caller matches on it, so it stays a `String`, and every image links no
/// error type for it.
fn serve(implementation: &Implementation, requests: File, responses: File) -> Result<(), String> {
    let mut requests = BufReader::new(requests);
    let mut responses = BufWriter::new(responses);
    loop {
        let request: Request = match frame::read(&mut requests, u32::MAX) {
            Ok(request) => request,
            Err(frame::ReadError::Ended) => return Ok(()),
            Err(error) => return Err(format!("a request the harness cannot read: {error:?}")),
        };
        let started = Instant::now();
        let mut response = answer(implementation, request);
        let student_micros = started.elapsed().as_micros().try_into().unwrap_or(u64::MAX);
        let panic_bytes_cut = match &mut response {
            Response::Panicked(panic) => panic.cut(PANIC_TEXT_SENT),
            _ => 0,
        };
        let answer = Answer {
            response,
            student_micros,
            panic_bytes_cut,
        };
        frame::write(&mut responses, &answer).map_err(|error| error.to_string())?;
    }
}

/// Runs one request, catching the student's panics.
fn answer(implementation: &Implementation, request: Request) -> Response {
    panic::catch_unwind(AssertUnwindSafe(|| {
        implementation.answer(request, &Unobserved)
    }))
    .unwrap_or_else(|payload| Response::Panicked(workbook::Panic::of(payload.as_ref())))
}
