//! What `grade` says while it works, on stderr: a progress bar on a
//! terminal, and where stderr is a file or a pipe (a CI log, Gradescope,
//! a script) one plain line per phase, with a count every
//! [`PLAIN_INTERVAL`] while grading, so that a run is never silent for
//! long. Stdout, which holds the grades, is not touched.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How often a run without a terminal says how far grading has got.
const PLAIN_INTERVAL: Duration = Duration::from_secs(10);

/// The progress of one batch: the bar, or plain lines.
#[derive(Debug)]
pub(crate) struct Progress {
    bar: ProgressBar,
    plain: Option<Plain>,
    started: Instant,
}

/// The plain lines' state: how many are graded, and when it was last said.
#[derive(Debug)]
struct Plain {
    graded: u64,
    said: Instant,
}

impl Progress {
    /// The progress of `total` submissions; plain lines unless stderr is a
    /// terminal.
    pub(crate) fn new(total: u64) -> Progress {
        let plain = !std::io::stderr().is_terminal();
        // indicatif draws nothing where stderr is not a terminal.
        let bar = ProgressBar::new(total);
        if let Ok(style) = ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} {msg}") {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress {
            bar,
            plain: plain.then(|| Plain {
                graded: 0,
                said: Instant::now(),
            }),
            started: Instant::now(),
        }
    }

    /// Prints `line` above the bar, or as it is.
    pub(crate) fn say(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    /// Building begins; the first build in a build folder also builds the
    /// dependencies of the images, which takes minutes.
    pub(crate) fn compiling(&self, dependencies_built: bool) {
        self.bar.set_message("compiling");
        if self.plain.is_none() {
            return;
        }
        let count = self.bar.length().unwrap_or(0);
        if !dependencies_built {
            self.say(
                "grade: building the dependencies of the graders' images first (once per build \
                 folder, under a minute)…",
            );
        }
        self.say(&format!("grade: compiling {}…", submissions(count)));
    }

    /// Grading begins, `jobs` checks at a time.
    pub(crate) fn grading(&mut self, jobs: usize) {
        self.bar.set_message("grading");
        if let Some(plain) = &mut self.plain {
            plain.said = Instant::now();
            let count = self.bar.length().unwrap_or(0);
            self.say(&format!(
                "grade: grading {}, {jobs} checks at a time…",
                submissions(count)
            ));
        }
    }

    /// Submission `id` is graded.
    pub(crate) fn graded(&mut self, id: &str) {
        // A submission's id is its own text: one line, controls escaped.
        self.bar.set_message(crate::terminal::one_line(id));
        self.bar.inc(1);
        let total = self.bar.length().unwrap_or(0);
        if let Some(plain) = &mut self.plain {
            plain.graded += 1;
            if plain.said.elapsed() >= PLAIN_INTERVAL && plain.graded < total {
                plain.said = Instant::now();
                let line = format!("grade: graded {} of {total} so far…", plain.graded);
                self.say(&line);
            }
        }
    }

    /// The batch is done: `graded` submissions have their grades, counting
    /// those reused from `--out`.
    pub(crate) fn done(self, graded: usize) {
        self.bar.finish_and_clear();
        if self.plain.is_some() {
            eprintln!(
                "grade: done: {} graded in {:.1} s",
                submissions(graded as u64),
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}

impl Drop for Progress {
    /// A batch that stops early leaves no bar behind on the terminal.
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

fn submissions(count: u64) -> String {
    match count {
        1 => "1 submission".into(),
        count => format!("{count} submissions"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_words() {
        assert_eq!(submissions(1), "1 submission");
        assert_eq!(submissions(17), "17 submissions");
        assert_eq!(submissions(0), "0 submissions");
    }
}
