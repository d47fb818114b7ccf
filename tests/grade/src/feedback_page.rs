//! One submission's feedback page, `<id>/index.html` in `--out`: its score
//! per exercise, the known mistake its answers make, each failed check's
//! message, the heatmaps of a biased shuffle, and a compile error in full.
//! The page stands alone (it links nowhere), so it can be given to the
//! student as it is.

use std::fmt::Write as _;

use crate::html::{date_line, escape, figure, table};
use crate::pages::RunInfo;
use crate::report::{Build, Reason, Results, Status, failed_checks, points};

/// The feedback page of `result`.
pub fn page(result: &Results, run: &RunInfo) -> anyhow::Result<String> {
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<p><strong>{} of {} points</strong> <span class=\"quiet\">({})</span></p>",
        points(result.score),
        points(result.max_score()),
        escape(&result.extra_data.status.to_string())
    );
    body += &scores(result);
    // The summary as Gradescope shows it (the mistake in one line, then a
    // compile error whole, with its line numbers, or a note), when there
    // is more than the mistake, which has a section of its own below.
    let status = result.extra_data.status;
    if status.build != Build::Graded || status.checks_edited {
        let heading = if result.extra_data.status.build == Build::Graded {
            "Note"
        } else {
            "What the compiler said"
        };
        let _ = writeln!(
            body,
            "<h2>{heading}</h2>\n{}",
            crate::markdown::to_html(&result.output)
        );
    }
    body += &mistakes(result);
    body += &failures(result);
    let _ = write!(
        body,
        "<p class=\"quiet\">Graded by <code>{}</code> with the rubric <code>{}</code>.</p>\n{}",
        escape(&run.grader),
        escape(&run.rubric),
        date_line(run.written)
    );
    let title = format!("{}: feedback", result.extra_data.submission);
    Ok(crate::html::page(&title, &body))
}

/// The known mistakes, each with the fairness lab's heatmaps when it
/// draws them.
fn mistakes(result: &Results) -> String {
    if result.mistakes.is_empty() {
        return String::new();
    }
    let mut out = String::from("<h2>The mistake</h2>\n<ul>\n");
    for found in &result.mistakes {
        let _ = writeln!(
            out,
            "<li><code>{}</code>: {}; the message of <code>{}</code> below says how to fix it.</li>",
            escape(&found.exercise),
            escape(&found.what),
            escape(&found.shown_by)
        );
    }
    out.push_str("</ul>\n");
    for found in &result.mistakes {
        if let Some(maps) = crate::heatmaps::for_mistake(found) {
            for map in maps {
                out += &figure(&map.svg, &map.caption);
            }
        }
    }
    out
}

fn scores(result: &Results) -> String {
    let mut rows: Vec<Vec<String>> = result
        .by_exercise()
        .into_iter()
        .map(|(exercise, score, max)| {
            let tests = result.tests_of(exercise);
            let passed = tests.iter().filter(|t| t.status == Status::Passed).count();
            vec![
                format!("<code>{}</code>", crate::html::breakable(exercise)),
                points(score),
                points(max),
                format!("{passed} of {}", tests.len()),
            ]
        })
        .collect();
    let (passed, total) = result.bonus_passed();
    if total > 0 {
        rows.push(vec![
            "bonus <span class=\"quiet\">(no points)</span>".into(),
            String::new(),
            String::new(),
            format!("{passed} of {total}"),
        ]);
    }
    format!(
        "<h2>Score</h2>\n{}",
        table(
            &["exercise", "points", "of", "checks passed"],
            &rows,
            &[1, 2, 3]
        )
    )
}

/// Each failed check with its message, exercise by exercise: the check
/// that explains a mistake first, those pointing to it next, and the
/// checks a failed core check made moot as one line, as the text table
/// writes them.
fn failures(result: &Results) -> String {
    if result.extra_data.status.build == Build::DidNotCompile {
        // Every check would repeat the compiler's message, shown above.
        return "<h2>Failed checks</h2>\n<p>No check could run: the code did not compile.</p>\n"
            .to_string();
    }
    let mut out = String::new();
    let exercises = workbook::EXERCISES.iter().map(|e| e.name);
    for exercise in exercises {
        let tests = result.tests_of(exercise);
        let (shown, moot) = failed_checks(&tests);
        if shown
            .iter()
            .chain(&moot)
            .all(|t| t.extra_data.reason == Reason::NotImplemented)
        {
            continue;
        }
        let _ = writeln!(out, "<h3><code>{exercise}</code></h3>");
        for test in shown {
            let _ = writeln!(
                out,
                "<p>✗ {} <span class=\"quiet\">(0 of {})</span></p>\n<div class=\"message\">{}</div>",
                escape(&test.name),
                points(test.max_score),
                crate::markdown::to_html(&test.output)
            );
        }
        if let Some(first) = moot.first() {
            let worth: f64 = moot.iter().map(|t| t.max_score).sum();
            let _ = writeln!(
                out,
                "<p>✗ {} more check{} <span class=\"quiet\">(0 of {})</span></p>\n<div class=\"message\">{}</div>",
                moot.len(),
                if moot.len() == 1 { "" } else { "s" },
                points(worth),
                crate::markdown::to_html(&first.output)
            );
        }
    }
    if out.is_empty() {
        return String::new();
    }
    format!("<h2>Failed checks</h2>\n{out}")
}
