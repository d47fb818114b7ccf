//! The one value a graded submission is: what the run wing produces, what
//! `--out` keeps (`graded.json`, one per submission, versioned) and what
//! the resume cache reads back. Every report is rendered from it: the
//! Gradescope `results.json` ([`crate::results::gradescope`]), the CSV
//! gradebook, the terminal's table, the feedback pages and the class
//! report. It holds typed values only (check ids from the registry,
//! grading's outcomes as they came, the build's failure, points in
//! hundredths), never a message's text, so no report reads prose back.

use grading::{CheckId, Kind, Outcome};
use serde::{Deserialize, Serialize};
use workbook::LAB_EXERCISES;

use crate::build::failure::BuildFailure;
use crate::results::mistakes::Found;
use crate::results::{Build, Reason, SubmissionStatus};

/// The version of [`Graded`]'s file: one written by a grader with another
/// version is not read, and its submission is graded again.
pub const VERSION: u32 = 1;

/// The file in a submission's folder of `--out` that keeps its [`Graded`].
pub const FILE: &str = "graded.json";

/// One graded submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Graded {
    /// [`VERSION`], as written.
    pub version: u32,
    /// The submission's id (a name it chose).
    pub submission: String,
    /// Identifies the source, rubric and grader this grade came from.
    pub fingerprint: String,
    /// Seconds spent grading, in hundredths; the one field that differs
    /// between runs.
    pub seconds: f64,
    /// How far its build went.
    pub build: BuildFate,
    /// In a clone of the student edition, the files of its checks that
    /// were edited; empty otherwise.
    pub edited_checks: Vec<String>,
    /// One per check, in the catalogue's order.
    pub checks: Vec<GradedCheck>,
    /// The known mistakes the diagnosis found, one per exercise and
    /// mistake, in the lab's order of checks.
    pub mistakes: Vec<Found>,
}

/// How far a submission's build went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BuildFate {
    /// Every function compiled.
    Compiled,
    /// These functions did not compile and were graded as missing.
    PartlyCompiled { missing: Vec<String> },
    /// Nothing compiled, for this reason.
    DidNotCompile(BuildFailure),
}

/// One check of a graded submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradedCheck {
    /// Which check, by the registry's id.
    pub id: CheckId,
    /// Property, lab steps or bonus.
    pub kind: Kind,
    /// Whether its exercise earns nothing unless it passes.
    pub core: bool,
    /// What it is worth, in hundredths of a point.
    pub worth: u64,
    /// What it earned, in hundredths of a point.
    pub earned: u64,
    /// Why it came out as it did.
    pub reason: Reason,
    /// How it went, as grading reported it.
    pub outcome: Outcome,
    /// The earlier check of the same exercise that failed for the same
    /// cause (the same compile error, the same unwritten function) and
    /// tells it in full; this check's message then points there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_cause_as: Option<CheckId>,
}

impl GradedCheck {
    /// The check's exercise.
    pub fn exercise(&self) -> &'static str {
        self.id.exercise
    }

    /// The check as every report lists it: "exercise: title".
    pub fn name(&self) -> String {
        name(self.id)
    }

    /// Whether the check passed (whether or not it earned its worth).
    pub fn passed(&self) -> bool {
        self.outcome.passed()
    }

    /// Points earned.
    pub fn points(&self) -> f64 {
        points(self.earned)
    }

    /// Points it is worth.
    pub fn max_points(&self) -> f64 {
        points(self.worth)
    }
}

/// `hundredths` of a point, in points: the one place the record's exact
/// units become a report's.
fn points(hundredths: u64) -> f64 {
    hundredths as f64 / 100.0
}

/// A check as every report lists it: "exercise: title".
pub fn name(id: CheckId) -> String {
    format!("{}: {}", id.exercise, id.title())
}

impl Graded {
    /// Points earned: an exact sum of hundredths.
    pub fn score(&self) -> f64 {
        points(self.checks.iter().map(|c| c.earned).sum())
    }

    /// The maximum score.
    pub fn max_score(&self) -> f64 {
        points(self.checks.iter().map(|c| c.worth).sum())
    }

    /// The status that heads its reports.
    pub fn status(&self) -> SubmissionStatus {
        SubmissionStatus {
            build: match self.build {
                BuildFate::Compiled => Build::Graded,
                BuildFate::PartlyCompiled { .. } => Build::PartlyCompiled,
                BuildFate::DidNotCompile(_) => Build::DidNotCompile,
            },
            checks_edited: !self.edited_checks.is_empty(),
        }
    }

    /// The checks of one exercise, in catalogue order.
    pub fn tests_of(&self, exercise: &str) -> Vec<&GradedCheck> {
        self.checks
            .iter()
            .filter(|c| c.exercise() == exercise)
            .collect()
    }

    /// Points earned and worth per lab exercise, in the lab's order.
    pub fn by_exercise(&self) -> Vec<(&'static str, f64, f64)> {
        LAB_EXERCISES
            .iter()
            .map(|&exercise| {
                let checks = self.tests_of(exercise);
                let earned: u64 = checks.iter().map(|c| c.earned).sum();
                let worth: u64 = checks.iter().map(|c| c.worth).sum();
                (exercise, points(earned), points(worth))
            })
            .collect()
    }

    /// The bonus checks passed, and how many there are.
    pub fn bonus_passed(&self) -> (usize, usize) {
        let bonus = self.checks.iter().filter(|c| c.kind == Kind::Bonus);
        let passed = bonus.clone().filter(|c| c.passed()).count();
        (passed, bonus.count())
    }

    /// The core checks of `exercise` that failed.
    pub fn failed_core(&self, exercise: &str) -> Vec<&GradedCheck> {
        self.tests_of(exercise)
            .into_iter()
            .filter(|c| c.core && !c.passed())
            .collect()
    }
}

/// `text` of a saved [`Graded`], if it is of this version (a record of
/// another shape does not parse at all).
pub(crate) fn read(text: &str) -> Option<Graded> {
    serde_json::from_str::<Graded>(text)
        .ok()
        .filter(|graded| graded.version == VERSION)
}

/// The text of `graded.json`: no raw control character, as everything
/// grade writes.
pub(crate) fn text(graded: &Graded) -> anyhow::Result<String> {
    Ok(crate::terminal::json(graded)? + "\n")
}

/// A record of `checks` (worth 2 points each, none earned unless passed),
/// for the reports' unit tests.
#[cfg(test)]
pub(crate) fn example(checks: Vec<GradedCheck>) -> Graded {
    Graded {
        version: VERSION,
        submission: "example".into(),
        fingerprint: String::new(),
        seconds: 0.0,
        build: BuildFate::Compiled,
        edited_checks: Vec::new(),
        checks,
        mistakes: Vec::new(),
    }
}

/// An [`example`] whose flip is not written: its first check tells it,
/// and its second points there.
#[cfg(test)]
pub(crate) fn example_repeated_todo() -> Graded {
    use grading::check::flip;
    let todo = Outcome::NotImplemented {
        function: "flip".into(),
    };
    let first = flip::returns_heads_or_tails;
    let mut graded = example(vec![
        example_check(first, Reason::NotImplemented, todo.clone()),
        example_check(
            flip::heads_twice_as_often_as_tails,
            Reason::NotImplemented,
            todo,
        ),
    ]);
    graded.checks[1].same_cause_as = Some(first);
    graded
}

/// A check of [`example`]: a property worth 2 points, earned if it passed.
#[cfg(test)]
pub(crate) fn example_check(id: CheckId, reason: Reason, outcome: Outcome) -> GradedCheck {
    GradedCheck {
        id,
        kind: Kind::Property,
        core: false,
        worth: 200,
        earned: if outcome.passed() { 200 } else { 0 },
        reason,
        outcome,
        same_cause_as: None,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use grading::check::{flip, perfect_shuffle};
    use grading::{Failure, Mistake};

    use super::*;

    /// What is saved is read back whole: typed outcomes, ids and the
    /// build's failure; a file of another version, or naming a check this
    /// catalogue lacks, is not read (its submission is graded again).
    #[test]
    fn a_record_reads_back_as_written() {
        let failure = Failure {
            shown_by: Some(perfect_shuffle::interleaves_two_halves),
            mistake: Some(Mistake::PerfectOddSplit),
            ..Failure::new("wrong", "[1, 2, 3]", "[1, 3, 2]", "[2, 1, 3]", "look")
        };
        let mut graded = example(vec![
            example_check(
                flip::returns_heads_or_tails,
                Reason::FollowsFrom,
                Outcome::Failed(failure),
            ),
            example_check(
                flip::heads_twice_as_often_as_tails,
                Reason::TimedOut,
                Outcome::TimedOut {
                    during: "flip".into(),
                    limit: Duration::from_millis(1500),
                },
            ),
        ]);
        graded.checks[1].same_cause_as = Some(flip::returns_heads_or_tails);
        graded.build = BuildFate::DidNotCompile(BuildFailure::CompileError {
            first_error: "error: expected `;`".into(),
        });
        graded.mistakes = vec![Found::of("flip", Mistake::FlipFair)];
        let saved = text(&graded).unwrap();
        assert_eq!(read(&saved), Some(graded.clone()));
        let older = saved.replace(&format!("\"version\": {VERSION}"), "\"version\": 0");
        assert_ne!(older, saved);
        assert_eq!(read(&older), None);
        let unknown = saved.replace("flip::returns_heads_or_tails", "flip::no_such_check");
        assert_eq!(read(&unknown), None);
    }
}
