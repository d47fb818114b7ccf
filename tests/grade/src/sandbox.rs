//! Running a submission's functions in a child process the grader can
//! always stop, and talking to it.
//!
//! What each child gets (see the book's chapter for instructors):
//!
//! * its own PID and network namespaces when `unshare` allows it (as root,
//!   or through a user namespace): no network, and when the child ends,
//!   every process it started ends with it;
//! * resource limits set on itself before any student code runs: CPU time,
//!   address space, file size, core dumps, and as root a switch to the
//!   `nobody` user, under which the process limit applies;
//! * an empty environment and a fresh working directory, thrown away after;
//! * stdin and stdout kept for the grader's messages; the student's stdout
//!   and stderr are merged and the grader keeps only the first part.
//!
//! It does not get a private filesystem: the child can read what `nobody`
//! (or, without root, the instructor) can read.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::Duration;

use anyhow::Context;
use nix::unistd::Uid;

use grade_serve::{LIMITS_VARIABLE, Limits};
use grading::Outcome;
use workbook::{Request, Response};

/// How children are started on this machine: inside namespaces, or, when
/// `unshare` is missing or not allowed, as a plain process group.
fn namespace_wrapper() -> Option<&'static [&'static str]> {
    static WRAPPER: OnceLock<Option<&'static [&'static str]>> = OnceLock::new();
    *WRAPPER.get_or_init(|| {
        let as_root: &'static [&'static str] = &["--pid", "--fork", "--kill-child", "--net"];
        let as_user: &'static [&'static str] = &[
            "--user",
            "--map-root-user",
            "--pid",
            "--fork",
            "--kill-child",
            "--net",
        ];
        let candidate = if Uid::effective().is_root() {
            as_root
        } else {
            as_user
        };
        let works = Command::new("unshare")
            .args(candidate)
            .arg("true")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        works.then_some(candidate)
    })
}

/// Whether children run in their own PID and network namespaces.
pub fn isolated() -> bool {
    namespace_wrapper().is_some()
}

/// The student's output, as much as the limit keeps, and how much there was.
#[derive(Debug, Default)]
struct Captured {
    kept: Vec<u8>,
    total: usize,
}

/// A running child that serves one submission's functions.
#[derive(Debug)]
pub struct Server {
    process: Child,
    requests: Option<ChildStdin>,
    responses: Receiver<Result<Response, String>>,
    output: Arc<Mutex<Captured>>,
    limits: Limits,
    _workdir: tempfile::TempDir,
}

/// The largest message a child may send: ample for 12,000 decks of 52.
const MAX_MESSAGE: u64 = 64 << 20;

impl Server {
    /// Starts `harness serve <id>` under the limits.
    pub fn start(harness: &Path, id: &str, limits: Limits) -> anyhow::Result<Server> {
        let workdir = tempfile::Builder::new().prefix("grade-check-").tempdir()?;
        if Uid::effective().is_root() {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(workdir.path(), std::fs::Permissions::from_mode(0o777))?;
        }
        let mut command = match namespace_wrapper() {
            Some(wrapper) => {
                let mut command = Command::new("unshare");
                command.args(wrapper).arg("--").arg(harness);
                command
            }
            None => Command::new(harness),
        };
        command
            .args(["serve", id])
            .env_clear()
            .env(LIMITS_VARIABLE, serde_json::to_string(&limits)?)
            .current_dir(workdir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let mut process = command
            .spawn()
            .with_context(|| format!("starting {}", harness.display()))?;
        let requests = process.stdin.take();
        let stdout = process.stdout.take().context("no stdout")?;
        let stderr = process.stderr.take().context("no stderr")?;

        let (sender, responses) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                line.clear();
                match (&mut reader).take(MAX_MESSAGE).read_until(b'\n', &mut line) {
                    Ok(0) => {
                        let _ = sender.send(Err("it ended".into()));
                        return;
                    }
                    Ok(_) if line.last() != Some(&b'\n') => {
                        let _ = sender.send(Err("it sent an overlong message".into()));
                        return;
                    }
                    Ok(_) => {
                        let parsed = serde_json::from_slice(&line)
                            .map_err(|_| "it sent a message the grader cannot read".to_string());
                        if sender.send(parsed).is_err() {
                            return;
                        }
                    }
                    Err(error) => {
                        let _ = sender.send(Err(format!("reading from it failed: {error}")));
                        return;
                    }
                }
            }
        });

        let output = Arc::new(Mutex::new(Captured::default()));
        let keep = limits.output_kib << 10;
        let sink = Arc::clone(&output);
        thread::spawn(move || {
            let mut stderr = stderr;
            let mut buffer = [0u8; 64 << 10];
            while let Ok(read) = stderr.read(&mut buffer) {
                if read == 0 {
                    return;
                }
                let mut captured = sink.lock().unwrap_or_else(PoisonError::into_inner);
                let room = keep.saturating_sub(captured.kept.len());
                captured.kept.extend_from_slice(&buffer[..read.min(room)]);
                captured.total += read;
            }
        });

        Ok(Server {
            process,
            requests,
            responses,
            output,
            limits,
            _workdir: workdir,
        })
    }

    /// Sends a request and waits for the answer; on a hang or a crash,
    /// stops the child and panics with the [`Outcome`] that says so, which
    /// the check runner reports as it is.
    pub fn call(&mut self, request: &Request) -> Response {
        let during = request.describe();
        let sent = self.requests.as_mut().map(|pipe| {
            serde_json::to_writer(&mut *pipe, request)
                .map_err(std::io::Error::from)
                .and_then(|()| pipe.write_all(b"\n"))
                .and_then(|()| pipe.flush())
        });
        if !matches!(sent, Some(Ok(()))) {
            let how = self.how_it_ended();
            let output = self.output_tail();
            self.abandon(Outcome::Crashed {
                during,
                how,
                output,
            });
        }
        match self.responses.recv_timeout(self.limits.call_limit()) {
            Ok(Ok(response)) => response,
            Ok(Err(problem)) => {
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
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                let limit = self.limits.call_limit();
                self.abandon(Outcome::TimedOut { during, limit })
            }
        }
    }

    fn abandon(&mut self, outcome: Outcome) -> ! {
        self.stop();
        std::panic::panic_any(outcome)
    }

    /// Waits briefly for the child to finish and describes how it ended.
    fn how_it_ended(&mut self) -> String {
        for _ in 0..100 {
            if let Ok(Some(status)) = self.process.try_wait() {
                return describe_status(status.code(), status.signal(), &self.limits);
            }
            thread::sleep(Duration::from_millis(10));
        }
        "it stopped answering".into()
    }

    /// The end of what the student's code printed, for a report.
    pub fn output_tail(&self) -> String {
        // Give the reader thread a moment to drain what the child wrote
        // just before it ended.
        thread::sleep(Duration::from_millis(20));
        let captured = self.output.lock().unwrap_or_else(PoisonError::into_inner);
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

    /// Kills the child and everything it started.
    pub fn stop(&mut self) {
        self.requests = None;
        let group = nix::unistd::Pid::from_raw(self.process.id() as i32);
        let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Turns an exit into words. Exit codes above 128 come from the init
/// process of the namespace, which reports a signal as 128 + its number.
fn describe_status(code: Option<i32>, signal: Option<i32>, limits: &Limits) -> String {
    let signal = signal.or(code.filter(|&c| c > 128 && isolated()).map(|c| c - 128));
    match (signal, code) {
        (Some(6), _) => "it aborted (abort(), a failed allocation or a stack overflow)".into(),
        (Some(9), _) => "it was killed (out of memory or over a limit)".into(),
        (Some(11), _) => "it crashed with a segmentation fault (often a stack overflow)".into(),
        (Some(24), _) => format!("it used more than {} s of CPU time", limits.cpu_seconds),
        (Some(25), _) => format!("it wrote a file larger than {} KiB", limits.file_kib),
        (Some(signal), _) => format!("it was stopped by signal {signal}"),
        (None, Some(code)) => {
            format!("the process exited with status {code} in the middle of the call")
        }
        (None, None) => "it ended".into(),
    }
}
