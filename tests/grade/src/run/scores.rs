//! A submission's results from its checks' outcomes: what the submission
//! scores, what each check earns and says, and the status that heads the
//! report.

use grading::{Check, CheckNaming, Outcome};

use crate::build::compile::Compiled;
use crate::build::discover::Submission;
use crate::results::cache::fingerprint;
use crate::results::{
    self, Build, Extra, Reason, Results, Status, SubmissionStatus, Tags, TestExtra, TestResult,
};
use crate::rubric::Rubric;

/// The results of `submission`, whose checks of `checks` came to
/// `outcomes`, graded by `rubric` and the grader `grader`.
pub(crate) fn results(
    rubric: &Rubric,
    checks: &[Check],
    grader: &str,
    submission: &Submission,
    compiled: &Compiled,
    outcomes: &[Outcome],
    elapsed: f64,
) -> Results {
    let (build, summary) = match compiled {
        Compiled::Failed(failure) => (Build::DidNotCompile, failure.to_string()),
        Compiled::Built { broken, .. } if !broken.is_empty() => {
            let names: Vec<&str> = broken.iter().map(|b| b.function.as_str()).collect();
            let summary = format!(
                "Some functions did not compile and were graded as missing: {}",
                names.join(", ")
            );
            (Build::PartlyCompiled, summary)
        }
        Compiled::Built { .. } => (Build::Graded, String::new()),
    };
    let checks_edited = !submission.edited_checks.is_empty();
    let summary = if checks_edited {
        let note = format!(
            "The checks in this repository were edited ({}), so its GitHub Classroom \
             points cannot be trusted. These points come from grade's own checks, which \
             read only exercises/src/.",
            submission.edited_checks.join(", ")
        );
        [summary, note].join("\n").trim_start().to_string()
    } else {
        summary
    };
    let status = SubmissionStatus {
        build,
        checks_edited,
    };
    let passed: Vec<bool> = outcomes.iter().map(Outcome::passed).collect();
    let worth = rubric.hundredths(checks);
    let earned = rubric.earned(checks, &passed);
    let mut tests: Vec<TestResult> = checks
        .iter()
        .enumerate()
        .map(|(i, check)| {
            let failed_core = rubric.failed_core(check.exercise, checks, &passed);
            let is_core = rubric.is_core(check);
            test_result(
                check,
                worth[i],
                earned[i],
                &outcomes[i],
                is_core,
                &failed_core,
            )
        })
        .collect();
    tell_each_cause_once(&mut tests, outcomes, build);
    let exercises: Vec<&str> = checks.iter().map(|c| c.exercise).collect();
    let mistakes = crate::results::mistakes::found(&exercises, outcomes);
    Results {
        output: crate::results::markdown::output(
            &mistakes,
            &summary,
            build == Build::DidNotCompile,
        ),
        output_format: crate::results::markdown::FORMAT.to_string(),
        test_output_format: crate::results::markdown::FORMAT.to_string(),
        mistakes,
        score: earned.iter().sum::<u64>() as f64 / 100.0,
        execution_time: results::round(elapsed),
        tests,
        extra_data: Extra {
            submission: submission.id.clone(),
            status,
            fingerprint: fingerprint(submission, grader),
        },
    }
}

fn test_result(
    check: &Check,
    worth: u64,
    earned: u64,
    outcome: &Outcome,
    is_core: bool,
    failed_core: &[&Check],
) -> TestResult {
    let max_score = worth as f64 / 100.0;
    let passed = outcome.passed();
    let scored = earned == worth;
    let output = if !passed {
        crate::results::markdown::message(&outcome.message(CheckNaming::QuotedTitle).to_string())
    } else if !scored {
        let names: Vec<String> = failed_core.iter().map(|c| quoted(c.title)).collect();
        format!(
            "Passed, but worth nothing here: {} scores only when its core checks pass, and {} \
             did not. A check like this one can be passed by an answer that ignores the task.",
            check.exercise,
            names.join(" and ")
        )
    } else {
        String::new()
    };
    let tags = Tags {
        exercise: check.exercise.to_string(),
        kind: check.kind,
        core: is_core,
    };
    TestResult {
        name: format!("{}: {}", check.exercise, check.title),
        score: earned as f64 / 100.0,
        max_score,
        status: if passed {
            Status::Passed
        } else {
            Status::Failed
        },
        output,
        tags,
        extra_data: TestExtra {
            reason: reason(outcome, scored),
            same_cause_as: None,
        },
    }
}

/// What a test of a submission that did not compile at all says: the
/// summary above the tests holds the compiler's message, once.
pub(crate) const SEE_THE_COMPILER_ABOVE: &str = "did not compile: see the compiler's message above";

/// One cause, one message: a compile error or an unwritten function fails
/// every check it touches with the same words, so only the first of those
/// checks keeps them and the others say in one line where they are. When
/// nothing compiled, the summary holds the compiler's message and every
/// check points there. Only `output` changes: each test keeps its score,
/// its status and its reason.
fn tell_each_cause_once(tests: &mut [TestResult], outcomes: &[Outcome], build: Build) {
    // Each cause seen so far (its outcome, which names the exercise), and
    // the test that tells it.
    let mut told: Vec<(&Outcome, String)> = Vec::new();
    for (test, outcome) in tests.iter_mut().zip(outcomes) {
        let what = match outcome {
            Outcome::DidNotCompile { .. } if build == Build::DidNotCompile => {
                test.output = SEE_THE_COMPILER_ABOVE.to_string();
                continue;
            }
            Outcome::DidNotCompile { .. } => "did not compile: see the compiler's message in",
            Outcome::NotImplemented { .. } => "not yet implemented: see",
            _ => continue,
        };
        match told.iter().find(|(cause, _)| *cause == outcome) {
            Some((_, first)) => {
                // A code span: a check's name may hold quotes of its own.
                test.output = format!("{what} `{first}`");
                test.extra_data.same_cause_as = Some(first.clone());
            }
            None => told.push((outcome, test.name.clone())),
        }
    }
}

/// Why `outcome` came out as it did; `scored` is whether the check earned
/// its worth.
fn reason(outcome: &Outcome, scored: bool) -> Reason {
    match outcome {
        Outcome::Passed if scored => Reason::Passed,
        Outcome::Passed => Reason::PassedWhileCoreFails,
        Outcome::Failed(failure) if failure.shown_by.is_some() => Reason::FollowsFrom,
        Outcome::Failed(_) => Reason::Failed,
        Outcome::NotImplemented { .. } => Reason::NotImplemented,
        Outcome::Panicked { .. } => Reason::Panicked,
        Outcome::Crashed { .. } => Reason::Crashed,
        Outcome::DidNotCompile { .. } => Reason::DidNotCompile,
        Outcome::TimedOut { .. } => Reason::TimedOut,
        Outcome::NotRun { .. } => Reason::NotRun,
        Outcome::Moot { .. } => Reason::Moot,
    }
}

fn quoted(title: &str) -> String {
    format!("\"{title}\"")
}

#[cfg(test)]
mod tests {
    use grading::Kind;

    use super::*;

    fn test(name: &str, outcome: &Outcome) -> TestResult {
        TestResult {
            name: name.to_string(),
            score: 0.0,
            max_score: 1.0,
            status: Status::Failed,
            output: crate::results::markdown::message(&outcome.to_string()),
            tags: Tags {
                exercise: "flip".into(),
                kind: Kind::Property,
                core: false,
            },
            extra_data: TestExtra {
                reason: reason(outcome, false),
                same_cause_as: None,
            },
        }
    }

    fn told(outcomes: &[Outcome], build: Build) -> Vec<TestResult> {
        let names = ["a", "b", "c", "d", "e", "f"];
        let mut tests: Vec<TestResult> = names
            .iter()
            .zip(outcomes)
            .map(|(name, outcome)| test(name, outcome))
            .collect();
        tell_each_cause_once(&mut tests, outcomes, build);
        tests
    }

    #[test]
    fn a_repeated_cause_is_told_by_its_first_test_only() {
        let todo = Outcome::NotImplemented {
            function: "flip".into(),
        };
        let broken = Outcome::DidNotCompile {
            function: "are_permutations".into(),
            message: "error[E0308]: mismatched types".into(),
        };
        let other_todo = Outcome::NotImplemented {
            function: "perfect_shuffle".into(),
        };
        let outcomes = [
            todo.clone(),
            Outcome::Passed,
            todo.clone(),
            broken.clone(),
            broken.clone(),
            other_todo.clone(),
        ];
        let tests = told(&outcomes, Build::PartlyCompiled);
        let first = |i: usize| test(["a", "b", "c", "d", "e", "f"][i], &outcomes[i]);
        for i in [0, 1, 3, 5] {
            assert_eq!(tests[i], first(i), "the first of its cause, or another");
        }
        assert_eq!(tests[2].output, "not yet implemented: see `a`");
        assert_eq!(tests[2].extra_data.same_cause_as.as_deref(), Some("a"));
        assert_eq!(
            tests[4].output,
            "did not compile: see the compiler's message in `d`"
        );
        assert_eq!(tests[4].extra_data.same_cause_as.as_deref(), Some("d"));
        assert_eq!(tests[4].extra_data.reason, Reason::DidNotCompile);
    }

    #[test]
    fn a_submission_that_did_not_compile_points_every_test_to_the_summary() {
        let broken = Outcome::DidNotCompile {
            function: "flip".into(),
            message: "error: expected `;`".into(),
        };
        let tests = told(&[broken.clone(), broken], Build::DidNotCompile);
        for test in tests {
            assert_eq!(test.output, SEE_THE_COMPILER_ABOVE);
            assert_eq!(test.extra_data.same_cause_as, None);
        }
    }
}
