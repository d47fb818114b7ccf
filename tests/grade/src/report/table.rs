//! The table `grade` prints for people: a submission's points per
//! exercise, then the checks that did not pass, each cause told once.
//! [`failed_checks`] decides, for this table and the feedback pages alike,
//! which failed checks show a message of their own and which fold into
//! one line under the check that explains them.

use std::fmt::Write as _;

use workbook::BONUS_EXERCISES;

use crate::results::{Build, Reason, Results, Status, TestResult, points};

/// A readable report of one submission: points per exercise, then every
/// check that did not pass, with its message; a submission that did not
/// compile gets the compiler's message once, above, and one line for its
/// checks, none of which could run.
pub fn table(result: &Results) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} / {} points ({})",
        result.extra_data.submission,
        points(result.score),
        points(result.max_score()),
        result.extra_data.status
    );
    if !result.output.is_empty() {
        for line in crate::results::markdown::to_plain(&result.output).lines() {
            let _ = writeln!(out, "  {line}");
        }
    }
    let compiled = result.extra_data.status.build != Build::DidNotCompile;
    for (exercise, score, max) in result.by_exercise() {
        let tests = result.tests_of(exercise);
        let passed = tests.iter().filter(|t| t.status == Status::Passed).count();
        let _ = writeln!(
            out,
            "  {exercise:<28} {:>6} / {:<6} {passed} of {} checks passed",
            points(score),
            points(max),
            tests.len()
        );
        if compiled {
            write_failures(&mut out, &tests, true);
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
            result.tests.len()
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
pub fn failed_checks<'a>(tests: &[&'a TestResult]) -> (Vec<&'a TestResult>, Vec<&'a TestResult>) {
    let (folded, mut shown): (Vec<&TestResult>, Vec<&TestResult>) = tests
        .iter()
        .copied()
        .filter(|t| t.status != Status::Passed)
        .partition(|t| {
            matches!(t.extra_data.reason, Reason::Moot | Reason::NotRun)
                || t.extra_data.same_cause_as.is_some()
        });
    // A stable sort: catalogue order within each rank.
    shown.sort_by_key(|t| match t.extra_data.reason {
        Reason::TimedOut | Reason::Crashed => 0,
        Reason::FollowsFrom => 2,
        _ => 1,
    });
    (shown, folded)
}

/// Each failed check with its message, indented under its exercise, and
/// the folded ones in one line with the first one's message;
/// `with_points` adds what the checks were worth.
fn write_failures(out: &mut String, tests: &[&TestResult], with_points: bool) {
    let worth = |value: f64| {
        if with_points {
            format!(" (0 of {})", points(value))
        } else {
            String::new()
        }
    };
    let (shown, folded) = failed_checks(tests);
    for test in &shown {
        let _ = writeln!(out, "    ✗ {}{}", test.name, worth(test.max_score));
        write_message(out, &test.output);
    }
    if let Some(first) = folded.first() {
        let more = if shown.is_empty() { "" } else { " more" };
        let plural = if folded.len() == 1 { "" } else { "s" };
        let total = folded.iter().map(|t| t.max_score).sum();
        let _ = writeln!(
            out,
            "    ✗ {}{more} check{plural}{}",
            folded.len(),
            worth(total)
        );
        write_message(out, &first.output);
    }
}

fn write_message(out: &mut String, markdown: &str) {
    for line in crate::results::markdown::to_plain(markdown).lines() {
        let _ = writeln!(out, "        {line}");
    }
}

/// The bonus extensions, one line each, with the failures of those that
/// were attempted; a submission without them gets one line.
fn bonus_table(result: &Results, out: &mut String) {
    let (passed, total) = result.bonus_passed();
    if total == 0 {
        return;
    }
    let not_written = |t: &&TestResult| t.extra_data.reason == Reason::NotImplemented;
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
        let passed = tests.iter().filter(|t| t.status == Status::Passed).count();
        let _ = writeln!(
            out,
            "  {exercise:<44} {passed} of {} checks passed",
            tests.len()
        );
        write_failures(out, &tests, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::{Tags, TestExtra};
    use grading::Kind;

    fn test(name: &str, reason: Reason, same_cause_as: Option<&str>) -> TestResult {
        TestResult {
            name: format!("selection_shuffle: {name}"),
            score: 0.0,
            max_score: 2.0,
            status: if reason == Reason::Passed {
                Status::Passed
            } else {
                Status::Failed
            },
            output: format!("{name} says why"),
            tags: Tags {
                exercise: "selection_shuffle".into(),
                kind: Kind::Property,
                core: false,
            },
            extra_data: TestExtra {
                reason,
                same_cause_as: same_cause_as.map(String::from),
            },
        }
    }

    fn names(tests: &[&TestResult]) -> Vec<String> {
        tests.iter().map(|t| t.name.clone()).collect()
    }

    /// The check that ran out of time comes first, though the catalogue
    /// lists checks it stopped before it; those fold.
    #[test]
    fn a_timeout_leads_and_what_it_stopped_folds() {
        let tests = [
            test("a", Reason::NotRun, None),
            test("b", Reason::FollowsFrom, None),
            test("c", Reason::Failed, None),
            test("d", Reason::TimedOut, None),
            test("e", Reason::Passed, None),
            test("f", Reason::NotRun, None),
        ];
        let all: Vec<&TestResult> = tests.iter().collect();
        let (shown, folded) = failed_checks(&all);
        assert_eq!(
            names(&shown),
            [
                "selection_shuffle: d",
                "selection_shuffle: c",
                "selection_shuffle: b"
            ]
        );
        assert_eq!(
            names(&folded),
            ["selection_shuffle: a", "selection_shuffle: f"]
        );
        let mut out = String::new();
        write_failures(&mut out, &all, true);
        assert!(
            out.ends_with("    ✗ 2 more checks (0 of 4)\n        a says why\n"),
            "{out}"
        );
        assert!(
            out.starts_with("    ✗ selection_shuffle: d (0 of 2)\n"),
            "{out}"
        );
    }

    /// A repeated cause is told by its first check only.
    #[test]
    fn a_repeated_cause_folds_under_its_first_check() {
        let first = "selection_shuffle: a";
        let tests = [
            test("a", Reason::NotImplemented, None),
            test("b", Reason::NotImplemented, Some(first)),
            test("c", Reason::NotImplemented, Some(first)),
        ];
        let all: Vec<&TestResult> = tests.iter().collect();
        let mut out = String::new();
        write_failures(&mut out, &all, false);
        assert_eq!(
            out,
            "    ✗ selection_shuffle: a\n        a says why\n    ✗ 2 more checks\n        b says why\n"
        );
    }
}
