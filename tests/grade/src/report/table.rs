//! The table `grade` prints for people: a submission's points per
//! exercise, then the checks that did not pass, each cause told once.
//! [`failed_checks`] decides, for this table and the feedback pages alike,
//! which failed checks show a message of their own and which fold into
//! one line under the check that explains them.

use std::fmt::Write as _;

use workbook::BONUS_EXERCISES;

use crate::results::graded::{Graded, GradedCheck};
use crate::results::messages::{self, Style};
use crate::results::{Build, Reason, points};

/// A readable report of one submission: points per exercise, then every
/// check that did not pass, with its message; a submission that did not
/// compile gets the compiler's message once, above, and one line for its
/// checks, none of which could run.
pub fn table(result: &Graded) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} / {} points ({})",
        result.submission,
        points(result.score()),
        points(result.max_score()),
        result.status()
    );
    for line in messages::summary(result, Style::Plain).lines() {
        let _ = writeln!(out, "  {line}");
    }
    let compiled = result.status().build != Build::DidNotCompile;
    for (exercise, score, max) in result.by_exercise() {
        let tests = result.tests_of(exercise);
        let passed = tests.iter().filter(|t| t.passed()).count();
        let _ = writeln!(
            out,
            "  {exercise:<28} {:>6} / {:<6} {passed} of {} checks passed",
            points(score),
            points(max),
            tests.len()
        );
        if compiled {
            write_failures(&mut out, result, &tests, true);
        }
    }
    if compiled {
        bonus_table(result, &mut out);
    } else {
        // Every check would repeat the compiler's message, shown above.
        let _ = writeln!(
            out,
            "  ✗ none of the {} checks could run: the code did not compile (the compiler's \
             message is above)",
            result.checks.len()
        );
    }
    out
}

/// The checks among `tests` (one exercise's) that did not pass, in the
/// order every report shows them, and apart, those that fold into one
/// line after them because they would only repeat a cause already shown.
///
/// Shown, each with its message: first a check that ran out of time or
/// ended its process (what stopped the exercise's later checks), then the
/// others that explain a failure, then those that only point to one.
/// Folded: the checks not run because a core check failed or an earlier
/// check stopped, and those that failed for the same cause as an earlier
/// check (the same compile error, the same unwritten function), which say
/// so in one line.
pub fn failed_checks<'a>(
    tests: &[&'a GradedCheck],
) -> (Vec<&'a GradedCheck>, Vec<&'a GradedCheck>) {
    let (folded, mut shown): (Vec<&GradedCheck>, Vec<&GradedCheck>) = tests
        .iter()
        .copied()
        .filter(|t| !t.passed())
        .partition(|t| {
            matches!(t.reason, Reason::Moot | Reason::NotRun) || t.same_cause_as.is_some()
        });
    // A stable sort: catalogue order within each rank.
    shown.sort_by_key(|t| match t.reason {
        reason if reason.stopped_its_exercise() => 0,
        Reason::FollowsFrom => 2,
        _ => 1,
    });
    (shown, folded)
}

/// Each failed check with its message, indented under its exercise, and
/// the folded ones in one line with the first one's message;
/// `with_points` adds what the checks were worth.
fn write_failures(out: &mut String, result: &Graded, tests: &[&GradedCheck], with_points: bool) {
    let worth = |value: f64| {
        if with_points {
            format!(" (0 of {})", points(value))
        } else {
            String::new()
        }
    };
    let (shown, folded) = failed_checks(tests);
    for test in &shown {
        let _ = writeln!(out, "    ✗ {}{}", test.name(), worth(test.max_points()));
        write_message(out, &messages::check(result, test, Style::Plain));
    }
    if let Some(first) = folded.first() {
        let more = if shown.is_empty() { "" } else { " more" };
        let plural = if folded.len() == 1 { "" } else { "s" };
        let total = folded.iter().map(|t| t.max_points()).sum();
        let _ = writeln!(
            out,
            "    ✗ {}{more} check{plural}{}",
            folded.len(),
            worth(total)
        );
        write_message(out, &messages::check(result, first, Style::Plain));
    }
}

fn write_message(out: &mut String, plain: &str) {
    for line in plain.lines() {
        let _ = writeln!(out, "        {line}");
    }
}

/// The bonus extensions, one line each, with the failures of those that
/// were attempted; a submission without them gets one line.
fn bonus_table(result: &Graded, out: &mut String) {
    let (passed, total) = result.bonus_passed();
    if total == 0 {
        return;
    }
    let not_written = |t: &&GradedCheck| t.reason == Reason::NotImplemented;
    let attempted: Vec<&str> = BONUS_EXERCISES
        .iter()
        .copied()
        .filter(|e| result.tests_of(e).iter().any(|t| !not_written(t)))
        .collect();
    if attempted.is_empty() {
        let _ = writeln!(out, "  bonus (no points): not attempted");
        return;
    }
    let _ = writeln!(
        out,
        "  bonus (no points): {passed} of {total} checks passed"
    );
    for exercise in attempted {
        let tests = result.tests_of(exercise);
        let passed = tests.iter().filter(|t| t.passed()).count();
        let _ = writeln!(
            out,
            "  {exercise:<44} {passed} of {} checks passed",
            tests.len()
        );
        write_failures(out, result, &tests, false);
    }
}

#[cfg(test)]
mod tests {
    use grading::check::selection_shuffle as checks;
    use grading::{Failure, Outcome};

    use super::*;
    use crate::results::graded::{example, example_check};

    fn failed(title: &str) -> Outcome {
        Outcome::Failed(Failure::new(format!("{title} says why"), "", "", "", ""))
    }

    /// Six checks of one exercise, in the catalogue's order.
    const IDS: [grading::CheckId; 6] = [
        checks::returns_a_permutation,
        checks::small_decks,
        checks::reaches_many_orders_of_8_cards,
        checks::uses_the_rng_it_is_given,
        checks::uniform_over_the_24_orders_of_4_cards,
        checks::uniform_at_2_cards,
    ];

    fn names(tests: &[&GradedCheck]) -> Vec<String> {
        tests.iter().map(|t| t.id.name.to_string()).collect()
    }

    /// The check that ran out of time comes first, though the catalogue
    /// lists checks it stopped before it; those fold.
    #[test]
    fn a_timeout_leads_and_what_it_stopped_folds() {
        let not_run = Outcome::NotRun {
            function: "selection_shuffle".into(),
            what: "ran out of time".into(),
            earlier: "d".into(),
        };
        let timed_out = Outcome::TimedOut {
            during: "selection_shuffle for 4 cards".into(),
            limit: std::time::Duration::from_secs(1),
        };
        let ids = IDS;
        let result = example(vec![
            example_check(ids[0], Reason::NotRun, not_run.clone()),
            example_check(ids[1], Reason::FollowsFrom, failed("b")),
            example_check(ids[2], Reason::Failed, failed("c")),
            example_check(ids[3], Reason::TimedOut, timed_out),
            example_check(ids[4], Reason::Passed, Outcome::Passed),
            example_check(ids[5], Reason::NotRun, not_run),
        ]);
        let all: Vec<&GradedCheck> = result.checks.iter().collect();
        let (shown, folded) = failed_checks(&all);
        assert_eq!(names(&shown), [ids[3].name, ids[2].name, ids[1].name]);
        assert_eq!(names(&folded), [ids[0].name, ids[5].name]);
        let mut out = String::new();
        write_failures(&mut out, &result, &all, true);
        assert!(out.contains("    ✗ 2 more checks (0 of 4)\n"), "{out}");
        assert!(
            out.starts_with(&format!("    ✗ {} (0 of 2)\n", all[3].name())),
            "{out}"
        );
    }

    /// A repeated cause is told by its first check only.
    #[test]
    fn a_repeated_cause_folds_under_its_first_check() {
        let todo = Outcome::NotImplemented {
            function: "selection_shuffle".into(),
        };
        let ids = IDS;
        let mut result = example(
            ids[..3]
                .iter()
                .map(|&id| example_check(id, Reason::NotImplemented, todo.clone()))
                .collect(),
        );
        result.checks[1].same_cause_as = Some(ids[0]);
        result.checks[2].same_cause_as = Some(ids[0]);
        let all: Vec<&GradedCheck> = result.checks.iter().collect();
        let mut out = String::new();
        write_failures(&mut out, &result, &all, false);
        assert_eq!(
            out,
            format!(
                "    ✗ {}\n        selection_shuffle is not yet implemented: replace the todo!() in its body with your code\n    ✗ 2 more checks\n        \
                 not yet implemented: see `{}`\n",
                all[0].name(),
                all[0].name()
            )
        );
    }
}
