//! One submission's feedback page, `<id>/index.html` in `--out`: its score
//! per exercise, the known mistake its answers make, each failed check's
//! message, a compile error in full, and last, below the words a student
//! acts on, the heatmaps of the student's own biased shuffle. Checks are named by their
//! titles throughout, as the page lists them and Gradescope shows them.
//! The page stands alone (it links nowhere), so it can be given to the
//! student as it is. It quotes what the submission wrote, so it is a maud
//! template made of [`Markup`]: every value set into it is escaped, and
//! only grade's own templates (a table, a message rendered by
//! `markdown::to_html`) and the charts' drawings are markup.

use maud::{Markup, html};

use crate::report::html::{Text, breakable, date_line, figure, table, text_cell};
use crate::report::table::failed_checks;
use crate::report::wording::{RunInfo, named_check};
use crate::results::graded::{Graded, GradedCheck};
use crate::results::messages::{self, Style};
use crate::results::{Build, Reason, points};

/// The feedback page of `result`.
pub fn page(result: &Graded, run: &RunInfo) -> anyhow::Result<Markup> {
    let status = result.status();
    // The summary as Gradescope shows it (the mistake in one line, then a
    // compile error whole, with its line numbers, or a note), when there
    // is more than the mistake, which has a section of its own below.
    let summary = (status.build != Build::Graded || status.checks_edited).then(|| {
        if status.build == Build::Graded {
            "Note"
        } else {
            "What the compiler said"
        }
    });
    let body = html! {
        p {
            strong { (points(result.score())) " of " (points(result.max_score())) " points" }
            " "
            span.quiet { "(" (Text(&status.to_string())) ")" }
        }
        "\n"
        (scores(result))
        @if let Some(heading) = summary {
            h2 { (heading) }
            "\n"
            (message(&messages::summary(result, Style::Markdown)))
            "\n"
        }
        (mistakes(result))
        (failures(result))
        (heatmaps(result))
        p.quiet {
            "Graded by " code { (Text(&run.grader)) } " with the rubric "
            code { (Text(&run.rubric)) } "."
        }
        "\n"
        (date_line(run.written))
    };
    let title = format!("{}: feedback", result.submission);
    Ok(crate::report::html::page(&title, body))
}

/// The known mistakes, each in one line with its hint, naming the check
/// whose message explains it.
fn mistakes(result: &Graded) -> Markup {
    if result.mistakes.is_empty() {
        return html! {};
    }
    html! {
        h2 { "The mistake" }
        "\n"
        ul {
            "\n"
            @for found in &result.mistakes {
                li {
                    code { (Text(&found.exercise)) } ": " (Text(&found.what))
                    ". To fix it: " (Text(found.id.hint()))
                    "; the message of "
                    (Text(&named_check(&found.exercise, &found.shown_by)))
                    " below says more."
                }
                "\n"
            }
        }
        "\n"
    }
}

/// The heatmap of the student's own shuffle, as the failed fairness check
/// counted it, beside a fair shuffle's: after the failed checks, whose
/// words say what to fix, as pictures of what the mistake does to a deck.
fn heatmaps(result: &Graded) -> Markup {
    let maps: Vec<crate::report::heatmaps::Heatmap> = result
        .mistakes
        .iter()
        .filter_map(crate::report::heatmaps::for_mistake)
        .flatten()
        .collect();
    if maps.is_empty() {
        return html! {};
    }
    html! {
        h2 { "What your shuffle does to a deck" }
        "\n"
        @for map in &maps {
            (figure(&map.drawing, &map.caption))
        }
    }
}

fn scores(result: &Graded) -> Markup {
    let mut rows: Vec<Vec<Markup>> = result
        .by_exercise()
        .into_iter()
        .map(|(exercise, score, max)| {
            let tests = result.tests_of(exercise);
            let passed = tests.iter().filter(|t| t.passed()).count();
            vec![
                html! { code { (breakable(exercise)) } },
                text_cell(&points(score)),
                text_cell(&points(max)),
                text_cell(&format!("{passed} of {}", tests.len())),
            ]
        })
        .collect();
    let (passed, total) = result.bonus_passed();
    if total > 0 {
        rows.push(vec![
            html! { "bonus " span.quiet { "(no points)" } },
            html! {},
            html! {},
            text_cell(&format!("{passed} of {total}")),
        ]);
    }
    html! {
        h2 { "Score" }
        "\n"
        (table(&["exercise", "points", "of", "checks passed"], &rows, &[1, 2, 3]))
    }
}

/// Each failed check with its message, exercise by exercise: the check
/// that explains a mistake first, those pointing to it next, and the
/// checks a failed core check made moot as one line, as the text table
/// writes them.
fn failures(result: &Graded) -> Markup {
    if result.status().build == Build::DidNotCompile {
        // Every check would repeat the compiler's message, shown above.
        return html! {
            h2 { "Failed checks" }
            "\n"
            p { "No check could run: the code did not compile." }
            "\n"
        };
    }
    let failed: Vec<(&str, Vec<&GradedCheck>, Vec<&GradedCheck>)> = workbook::EXERCISES
        .iter()
        .filter_map(|exercise| {
            let tests = result.tests_of(exercise.name);
            let (shown, moot) = failed_checks(&tests);
            let written = shown
                .iter()
                .chain(&moot)
                .any(|t| t.reason != Reason::NotImplemented);
            written.then_some((exercise.name, shown, moot))
        })
        .collect();
    if failed.is_empty() {
        return html! {};
    }
    html! {
        h2 { "Failed checks" }
        "\n"
        @for (exercise, shown, moot) in &failed {
            h3 { code { (exercise) } }
            "\n"
            @for test in shown {
                p {
                    "✗ " (Text(&test.name())) " "
                    span.quiet { "(0 of " (points(test.max_points())) ")" }
                }
                "\n"
                div.message { (message(&messages::check(result, test, Style::Markdown))) }
                "\n"
            }
            @if let Some(first) = moot.first() {
                @let worth: f64 = moot.iter().map(|t| t.max_points()).sum();
                p {
                    "✗ " (moot.len()) " more check" (if moot.len() == 1 { "" } else { "s" }) " "
                    span.quiet { "(0 of " (points(worth)) ")" }
                }
                "\n"
                div.message { (message(&messages::check(result, first, Style::Markdown))) }
                "\n"
            }
        }
    }
}

/// A check's message as HTML.
fn message(markdown: &str) -> Markup {
    crate::results::markdown::to_html(markdown)
}
