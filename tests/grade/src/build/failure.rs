//! Why a submission has no image, as one typed value: what the build
//! wing decided, kept as it is (in the saved results too), and shown to
//! people by its `Display`, which gives each cause's one report text with
//! the submission's id in it, never the generated crate's name.

use grade_sandbox::CompileStop;
use serde::{Deserialize, Serialize};

use crate::rubric::BuildLimits;

/// Why a submission has no image.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum BuildFailure {
    /// It could not be read as a submission (see `discover`): the problem
    /// as discover words it.
    #[error("{problem}")]
    Unreadable { problem: String },
    /// It names a construct that reads outside the submission while
    /// compiling, outside any function body (or in one already cut out),
    /// where it cannot be cut out alone: each such construct's line,
    /// `id/file:line: reason` (see `refuse`).
    #[error(
        "{}\nThe whole submission scores 0: this is outside any function body, so it cannot \
         be cut out alone.",
        refusals.join("\n")
    )]
    Refused { refusals: Vec<String> },
    /// Cutting out what reads outside the submission went on past any
    /// submission's number of functions.
    #[error("too many constructs that read outside the submission")]
    TooManyRefusals,
    /// rustc's record of what compiling it read names files or variables
    /// outside its own source (see `dep_info`).
    #[error(
        "compiling it read {}, outside the submission, which a submission may not do",
        reads.join(", ")
    )]
    ReadOutsideItsFiles { reads: Vec<String> },
    /// rustc compiled a file of it that the scan could not read as rustc
    /// does, so what it reads was never checked.
    #[error("src/{file}: {}", crate::build::refuse::UNREAD)]
    Unscanned { file: String },
    /// It did not compile, and no function's stub can take its first
    /// error (one outside any function, or a file that does not parse):
    /// the compiler's rendering of that error.
    #[error("{first_error}")]
    CompileError { first_error: String },
    /// It still did not compile after `rounds` rounds of stubbing out the
    /// functions its errors point into: the compiler's rendering of the
    /// first error left.
    #[error("{first_error}")]
    RepairsExhausted { rounds: usize, first_error: String },
    /// Its compile stopped with no error pointing into its source.
    #[error(transparent)]
    Stopped(Stopped),
    /// It compiled, but its image did not link: the linker's cause.
    #[error("its image could not be linked: {cause}")]
    LinkFailed { cause: String },
}

/// Why a crate's compile stopped with no error pointing into its source:
/// over one of the rubric's `[build]` limits, killed, or with rustc's own
/// first word that has no source line (a linker's or an assembler's), if
/// any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum Stopped {
    #[error(
        "took longer than {seconds} s of CPU to compile ([build] compile_seconds in the rubric)"
    )]
    OverCpuLimit { seconds: u64 },
    #[error(
        "needed more than {mib} MiB of memory to compile ([build] compile_memory_mib in the \
         rubric)"
    )]
    OverMemoryLimit { mib: u64 },
    #[error(
        "made the compiler write a file larger than {mib} MiB ([build] compile_output_mib in \
         the rubric)"
    )]
    OverOutputLimit { mib: u64 },
    #[error("the compiler was killed by signal {signal}")]
    Killed { signal: i32 },
    /// rustc's first error without a source line, its first line only.
    #[error("{first_line}")]
    Said { first_line: String },
    #[error("the build failed without an error message of its own")]
    Unexplained,
}

impl Stopped {
    /// Why a compile stopped: from the wall's mark (`stop`) when a limit
    /// or a signal stopped it, under `limits`, else from the first error
    /// without a source line that rustc gave (`said`).
    pub fn new(stop: Option<CompileStop>, limits: &BuildLimits, said: Option<&str>) -> Stopped {
        match stop {
            Some(CompileStop::Cpu) => Stopped::OverCpuLimit {
                seconds: limits.compile_seconds,
            },
            Some(CompileStop::Memory) => Stopped::OverMemoryLimit {
                mib: limits.compile_memory_mib,
            },
            Some(CompileStop::Output) => Stopped::OverOutputLimit {
                mib: limits.compile_output_mib,
            },
            Some(CompileStop::Signal(signal)) => Stopped::Killed { signal },
            // Never a submission's: `Cargo::unexplained_cause` stops the
            // run first.
            Some(CompileStop::Wall) => Stopped::Unexplained,
            None => match said.and_then(|message| message.lines().next()) {
                Some(first_line) => Stopped::Said {
                    first_line: first_line.to_string(),
                },
                None => Stopped::Unexplained,
            },
        }
    }

    /// The same, with rustc's words passed through `own_words` (which
    /// puts a submission's id where rustc named its generated crate).
    pub fn in_words(&self, own_words: impl Fn(&str) -> String) -> Stopped {
        match self {
            Stopped::Said { first_line } => Stopped::Said {
                first_line: own_words(first_line),
            },
            other => other.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the reports print for each cause, pinned: the texts people
    /// read are these and no other.
    #[test]
    fn each_cause_reads_as_the_reports_print_it() {
        let limits = BuildLimits::default();
        let cpu = Stopped::new(Some(CompileStop::Cpu), &limits, None);
        assert_eq!(
            BuildFailure::Stopped(cpu).to_string(),
            format!(
                "took longer than {} s of CPU to compile ([build] compile_seconds in the rubric)",
                limits.compile_seconds
            )
        );
        let said = Stopped::new(None, &limits, Some("could not write s1\nmore"));
        assert_eq!(
            said.in_words(|t| t.replace("s1", "alice")).to_string(),
            "could not write alice"
        );
        assert_eq!(
            Stopped::new(None, &limits, None).to_string(),
            "the build failed without an error message of its own"
        );
        let refused = BuildFailure::Refused {
            refusals: vec!["a/lib.rs:1: one".into(), "a/lib.rs:2: two".into()],
        };
        assert_eq!(
            refused.to_string(),
            "a/lib.rs:1: one\na/lib.rs:2: two\nThe whole submission scores 0: this is outside \
             any function body, so it cannot be cut out alone."
        );
        let read = BuildFailure::ReadOutsideItsFiles {
            reads: vec!["/etc/x".into(), "the environment variable HOME".into()],
        };
        assert_eq!(
            read.to_string(),
            "compiling it read /etc/x, the environment variable HOME, outside the submission, \
             which a submission may not do"
        );
        let saved = serde_json::to_string(&read).unwrap();
        assert_eq!(serde_json::from_str::<BuildFailure>(&saved).unwrap(), read);
    }
}
