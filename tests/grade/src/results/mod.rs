//! The value the run wing hands the report wing: a submission's
//! [`graded::Graded`], typed from the registry, and its renderers that
//! are formats rather than pages: Gradescope's `results.json`
//! ([`gradescope`], into this module's [`Results`]), the CSV gradebook
//! ([`grades_csv`], whose cells `csv_row` keeps formula-free) and the words
//! every report shows (`messages`, in Markdown by `markdown` or plain).
//! `mistakes` are the diagnosed mistakes in it, `cache` says which grades
//! in `--out` are current and `gradebook` writes them there. `similar` is
//! what comparing the class's code found, with `similarity.csv` rendered
//! from it, and `class` the whole value a run hands its reports.

// The record and its renderers are the other wings' to read; only
// how a CSV cell is made safe is this wing's own.
pub(crate) mod cache;
pub(crate) mod class;
mod csv_row;
pub(crate) mod gradebook;
pub(crate) mod graded;
pub(crate) mod grades_csv;
pub(crate) mod gradescope;
pub(crate) mod markdown;
pub(crate) mod messages;
pub(crate) mod mistakes;
pub(crate) mod similar;

use serde::{Deserialize, Serialize};

use grading::Kind;

/// One submission's grade in Gradescope's `results.json` format, as
/// [`gradescope::results`] renders a [`graded::Graded`]: written, never
/// read back by grade.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// Points earned.
    pub score: f64,
    /// Seconds spent grading; the one field that differs between runs.
    pub execution_time: f64,
    /// A summary shown above the tests, in Markdown: the known mistakes in
    /// one line, then a compile error or a note.
    pub output: String,
    /// How Gradescope renders `output`: `md`.
    #[serde(default = "markdown_format")]
    pub output_format: String,
    /// How Gradescope renders each test's `output`: `md`.
    #[serde(default = "markdown_format")]
    pub test_output_format: String,
    /// One entry per check.
    pub tests: Vec<TestResult>,
    /// What Gradescope ignores and whoever reads the file may need.
    pub extra_data: Extra,
}

/// One check's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    /// "exercise: title", as in `flip: heads come up twice as often as tails`.
    pub name: String,
    pub score: f64,
    pub max_score: f64,
    /// `passed` or `failed`.
    pub status: Status,
    /// The check's message; empty when it passed.
    pub output: String,
    /// What the check is; in the JSON, a list of strings.
    pub tags: Tags,
    /// Why the result is what it is, for whoever groups results (this
    /// file's table, the class report): Gradescope keeps a test's
    /// `extra_data` and shows it to no one.
    pub extra_data: TestExtra,
}

/// Gradescope's two statuses of a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Passed,
    Failed,
}

/// A test's `extra_data`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestExtra {
    /// Why the check passed, failed or did not run.
    pub reason: Reason,
    /// The earlier test of the same exercise that failed for the same
    /// cause (the same compile error, or the same unwritten function) and
    /// gives it in full; this test's output then points there in one
    /// line, so the cause is read once. `None` for a test that says it
    /// all itself (and for every test of a submission that did not
    /// compile at all, whose one compiler's message is the summary's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_cause_as: Option<String>,
}

/// Why a check's result is what it is: the typed form of what its message
/// says, so that no report has to read a message's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Passed, and earned its worth.
    Passed,
    /// Passed, but earns nothing while a core check of its exercise fails.
    PassedWhileCoreFails,
    /// Failed, with a message and a hint of its own.
    Failed,
    /// Failed from a mistake that another check's hint explains; its hint
    /// points there.
    FollowsFrom,
    /// Not run: a core check of its exercise failed, so it could earn
    /// nothing.
    Moot,
    /// Not run: an earlier check of its exercise ran out of time or ended
    /// its process.
    NotRun,
    /// The function still calls `todo!()`.
    NotImplemented,
    /// The function panicked.
    Panicked,
    /// The process ended during a call: `exit`, `abort`, a crash or a limit.
    Crashed,
    /// A call ran past the time limit.
    TimedOut,
    /// The function, or code it calls, did not compile.
    DidNotCompile,
}

impl Reason {
    /// Whether the check stopped its exercise (ran out of time or ended
    /// its process), so that its later checks did not run: every report
    /// lists it first in its exercise.
    pub fn stopped_its_exercise(self) -> bool {
        matches!(self, Reason::TimedOut | Reason::Crashed)
    }
}

/// What a check is, written as Gradescope's list of tags: the exercise's
/// function name, then `property`, `lab_steps` or `bonus` (worth no
/// points), then `core` for a core check, without which the exercise earns
/// nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
pub struct Tags {
    /// The exercise's function name.
    pub exercise: String,
    /// Property, lab steps or bonus.
    pub kind: Kind,
    /// Whether the exercise earns nothing unless this check passes.
    pub core: bool,
}

/// The third tag of a core check.
const CORE_TAG: &str = "core";

impl From<Tags> for Vec<String> {
    fn from(tags: Tags) -> Vec<String> {
        let mut list = vec![tags.exercise, tags.kind.tag().to_string()];
        if tags.core {
            list.push(CORE_TAG.to_string());
        }
        list
    }
}

/// Why a results.json's words name no check or status this `grade` knows.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownWords {
    #[error("unknown kind of check {0:?}")]
    Kind(String),
    #[error("tags {0:?} are not [exercise, kind(, core)]")]
    Tags(Vec<String>),
    #[error("unknown submission status {0:?}")]
    Status(String),
}

impl TryFrom<Vec<String>> for Tags {
    type Error = UnknownWords;

    fn try_from(list: Vec<String>) -> Result<Tags, UnknownWords> {
        match list.as_slice() {
            [exercise, kind, rest @ ..] if rest.iter().all(|tag| tag == CORE_TAG) => {
                let kind = [Kind::Property, Kind::LabSteps, Kind::Bonus]
                    .into_iter()
                    .find(|k| k.tag() == kind)
                    .ok_or_else(|| UnknownWords::Kind(kind.clone()))?;
                Ok(Tags {
                    exercise: exercise.clone(),
                    kind,
                    core: !rest.is_empty(),
                })
            }
            _ => Err(UnknownWords::Tags(list)),
        }
    }
}

/// Bookkeeping kept in `extra_data`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extra {
    /// The submission's id.
    pub submission: String,
    /// `graded`, `partly compiled` or `did not compile`, followed by
    /// ` (checks edited)` for a clone of the student edition whose checks
    /// differ from the edition's.
    pub status: SubmissionStatus,
    /// Identifies the source, rubric and grader this grade came from.
    pub fingerprint: String,
}

/// How far a submission's build went, before its checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// Every function compiled.
    Graded,
    /// Some functions did not compile and were graded as missing.
    PartlyCompiled,
    /// Nothing compiled.
    DidNotCompile,
}

impl Build {
    const ALL: [Build; 3] = [Build::Graded, Build::PartlyCompiled, Build::DidNotCompile];

    fn words(self) -> &'static str {
        match self {
            Build::Graded => "graded",
            Build::PartlyCompiled => "partly compiled",
            Build::DidNotCompile => "did not compile",
        }
    }
}

/// A submission's status, as the table, the CSV and `extra_data` write it:
/// its build, then ` (checks edited)` when it is a clone of the student
/// edition whose checks were changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct SubmissionStatus {
    /// How far the build went.
    pub build: Build,
    /// Whether the clone's checks differ from the edition's.
    pub checks_edited: bool,
}

const CHECKS_EDITED: &str = " (checks edited)";

impl std::fmt::Display for SubmissionStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.build.words())?;
        if self.checks_edited {
            f.write_str(CHECKS_EDITED)?;
        }
        Ok(())
    }
}

impl From<SubmissionStatus> for String {
    fn from(status: SubmissionStatus) -> String {
        status.to_string()
    }
}

impl TryFrom<String> for SubmissionStatus {
    type Error = UnknownWords;

    fn try_from(text: String) -> Result<SubmissionStatus, UnknownWords> {
        let (words, checks_edited) = match text.strip_suffix(CHECKS_EDITED) {
            Some(words) => (words, true),
            None => (text.as_str(), false),
        };
        let build = Build::ALL
            .into_iter()
            .find(|build| build.words() == words)
            .ok_or_else(|| UnknownWords::Status(text.clone()))?;
        Ok(SubmissionStatus {
            build,
            checks_edited,
        })
    }
}

fn markdown_format() -> String {
    crate::results::markdown::FORMAT.to_string()
}

/// Rounds points to hundredths, the precision of every total.
pub fn round(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}

/// Points as a report prints them: `20`, `3.5`, `4.17`.
pub fn points(value: f64) -> String {
    let text = format!("{:.2}", round(value));
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The status reads and writes as the words reports have always shown.
    #[test]
    fn statuses_read_back_as_written() {
        for build in Build::ALL {
            for checks_edited in [false, true] {
                let status = SubmissionStatus {
                    build,
                    checks_edited,
                };
                let text = String::from(status);
                assert_eq!(
                    SubmissionStatus::try_from(text.clone()),
                    Ok(status),
                    "{text}"
                );
            }
        }
        let edited = SubmissionStatus {
            build: Build::PartlyCompiled,
            checks_edited: true,
        };
        assert_eq!(edited.to_string(), "partly compiled (checks edited)");
        assert!(SubmissionStatus::try_from("compiled".to_string()).is_err());
    }

    #[test]
    fn points_print_without_trailing_zeros() {
        assert_eq!(points(20.0), "20");
        assert_eq!(points(3.5), "3.5");
        assert_eq!(points(25.0 * 0.7 / 6.0), "2.92");
    }
}
