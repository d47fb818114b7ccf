//! A [`Graded`] submission as Gradescope reads it: `results.json`, whose
//! messages are Markdown and whose checks are named by their titles. Each
//! exercise lists its checks as the table does where they stopped: a
//! check that ran out of time or ended its process first, then the checks
//! it kept from running, then the rest in the catalogue's order, so that
//! a student reads the cause before what it caused.

use crate::results::graded::{Graded, GradedCheck, name};
use crate::results::messages::{self, Style};
use crate::results::{Extra, Reason, Results, Status, Tags, TestExtra, TestResult, markdown};

/// `graded` as Gradescope's `results.json`.
pub fn results(graded: &Graded) -> Results {
    let mut order: Vec<&GradedCheck> = graded.checks.iter().collect();
    // A stable sort: the catalogue's order within each exercise and rank,
    // and the exercises in the order of their first check.
    let exercise_rank = |check: &GradedCheck| {
        graded
            .checks
            .iter()
            .position(|c| c.exercise() == check.exercise())
    };
    order.sort_by_key(|check| (exercise_rank(check), stop_rank(check.reason)));
    Results {
        score: graded.score(),
        execution_time: graded.seconds,
        output: messages::summary(graded, Style::Markdown),
        output_format: markdown::FORMAT.to_string(),
        test_output_format: markdown::FORMAT.to_string(),
        tests: order
            .into_iter()
            .map(|check| test_result(graded, check))
            .collect(),
        extra_data: Extra {
            submission: graded.submission.clone(),
            status: graded.status(),
            fingerprint: graded.fingerprint.clone(),
        },
    }
}

/// Where a check stands in its exercise's list: what stopped the
/// exercise, then what it stopped, then the rest.
fn stop_rank(reason: Reason) -> u8 {
    match reason {
        reason if reason.stopped_its_exercise() => 0,
        Reason::NotRun => 1,
        _ => 2,
    }
}

fn test_result(graded: &Graded, check: &GradedCheck) -> TestResult {
    TestResult {
        name: check.name(),
        score: check.points(),
        max_score: check.max_points(),
        status: if check.passed() {
            Status::Passed
        } else {
            Status::Failed
        },
        output: messages::check(graded, check, Style::Markdown),
        tags: Tags {
            exercise: check.exercise().to_string(),
            kind: check.kind,
            core: check.core,
        },
        extra_data: TestExtra {
            reason: check.reason,
            same_cause_as: check.same_cause_as.map(name),
        },
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use grading::Outcome;
    use grading::check::{flip, selection_shuffle as shuffle};

    use super::*;
    use crate::results::graded::{example, example_check, example_repeated_todo};

    /// The check that ran out of time leads its exercise, the checks it
    /// kept from running follow, and no exercise's checks move to another.
    #[test]
    fn a_timeout_leads_its_exercise() {
        let not_run = Outcome::NotRun {
            function: "selection_shuffle".into(),
            what: "ran out of time".into(),
            earlier: "small".into(),
        };
        let timed_out = Outcome::TimedOut {
            during: "selection_shuffle for 4 cards".into(),
            limit: Duration::from_secs(1),
        };
        let graded = example(vec![
            example_check(
                shuffle::returns_a_permutation,
                Reason::Passed,
                Outcome::Passed,
            ),
            example_check(shuffle::small_decks, Reason::TimedOut, timed_out),
            example_check(shuffle::uniform_at_2_cards, Reason::NotRun, not_run),
            example_check(
                flip::returns_heads_or_tails,
                Reason::TimedOut,
                Outcome::Passed,
            ),
        ]);
        let names: Vec<String> = results(&graded).tests.into_iter().map(|t| t.name).collect();
        let expected = [1, 2, 0, 3].map(|i| graded.checks[i].name());
        assert_eq!(names, expected);
    }

    /// results.json names checks by their titles only: no internal id.
    #[test]
    fn pointers_name_checks_by_their_titles() {
        let graded = example_repeated_todo();
        let json = serde_json::to_string(&results(&graded)).unwrap();
        assert!(!json.contains("::"), "{json}");
        assert!(
            json.contains("\"same_cause_as\":\"flip: returns exactly"),
            "{json}"
        );
    }
}
