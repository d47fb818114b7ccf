//! The class report, `index.html` in `--out`: what the class got wrong at
//! a glance. The score distribution, each exercise's mean, full marks and
//! zeros, each check's pass rate, the known mistakes ranked by how many
//! students made them (each student linked to their feedback page), the
//! submissions that did not compile and the checks that stopped or
//! panicked (grouped by what they have in common, `stops`), every
//! submission with its score, and the run's settings. Everything is
//! counted from typed values (statuses, reasons, the diagnosis's
//! mistakes), never from grade's own messages' words; only the stops are
//! grouped by words, a panic's own first clause, which is evidence as the
//! diagnosis reads it. The page names submissions and quotes their
//! compilers' messages, so it is a maud template made of [`Markup`]:
//! every value set into it is escaped, and only grade's own templates (a
//! link, a table) and the chart's drawing are markup.

use std::collections::BTreeMap;

use grading::Kind;
use maud::{Markup, html};
use workbook::LAB_EXERCISES;

use crate::report::html::{Text, breakable, figure, table, text_cell};
use crate::report::wording::{RunInfo, exercise_order, link, named_check};
use crate::results::graded::Graded;
use crate::results::messages;
use crate::results::mistakes::Found;
use crate::results::similar::Similar;
use crate::results::{Build, Reason, points};

/// The whole report page for `all`, sorted by id.
pub fn page(all: &[&Graded], similar: Option<&Similar>, run: &RunInfo) -> anyhow::Result<Markup> {
    let max = all.first().map_or(0.0, |r| r.max_score());
    let mean = all.iter().map(|r| r.score()).sum::<f64>() / all.len().max(1) as f64;
    let scores: Vec<f64> = all.iter().map(|r| r.score()).collect();
    let histogram = figure(
        &crate::report::charts::histogram(&scores, max),
        "How many submissions scored each tenth of the points; the last bar includes full marks.",
    );
    let body = html! {
        p {
            (count(all.len())) " submissions; mean score " (points(mean)) " of " (points(max))
            ". Each submission's name links to its feedback page, which can be given to the \
             student as it is."
        }
        "\n"
        (histogram)
        (mistakes_section(all))
        (exercises_section(all))
        (checks_section(all))
        (problems_section(all))
        (crate::report::similar_pages::section(similar))
        (submissions_section(all))
        (run.settings_section())
    };
    Ok(crate::report::html::page("Class report", body))
}

/// A ranked mistake: who made it.
pub(crate) struct Ranked<'a> {
    pub(crate) found: &'a Found,
    pub(crate) students: Vec<&'a str>,
}

/// The known mistakes, most students first; ties in the lab's order of
/// exercises, then by name (the table's closing lines name the first).
pub(crate) fn ranked<'a>(all: &[&'a Graded]) -> Vec<Ranked<'a>> {
    // Counted by identity; ordered among equals by the words the report
    // prints, which within an exercise are one mistake's alone.
    let mut by_mistake: BTreeMap<(usize, &str, grading::Mistake), Ranked<'a>> = BTreeMap::new();
    for result in all {
        for found in &result.mistakes {
            let order = exercise_order(&found.exercise);
            by_mistake
                .entry((order, &found.what, found.id))
                .or_insert(Ranked {
                    found,
                    students: Vec::new(),
                })
                .students
                .push(&result.submission);
        }
    }
    let mut ranked: Vec<Ranked<'a>> = by_mistake.into_values().collect();
    // A stable sort keeps the map's order among equals.
    ranked.sort_by_key(|r| std::cmp::Reverse(r.students.len()));
    ranked
}

/// A count of submissions, written as the checks write large numbers
/// (`1,204`), for a class of any size.
fn count(n: usize) -> String {
    crate::report::html::thousands(n as u64)
}

fn student_links(students: &[&str]) -> Markup {
    html! {
        @for (i, student) in students.iter().enumerate() {
            @if i > 0 { ", " }
            (link(student))
        }
    }
}

fn mistakes_section(all: &[&Graded]) -> Markup {
    let ranked = ranked(all);
    let unknown = unrecognised(all);
    html! {
        h2 id="mistakes" { "What the class got wrong" }
        "\n"
        @if ranked.is_empty() {
            p { "No submission makes a mistake the diagnosis knows." }
            "\n"
        } @else {
            p {
                "The known mistakes the grader recognised, by how many submissions make them. \
                 Each is named by the check whose message explains it."
            }
            "\n"
            ol.mistakes {
                "\n"
                @for r in &ranked {
                    @let n = r.students.len();
                    li {
                        strong { (Text(&r.found.what)) } ": " (count(n)) " submission"
                        (if n == 1 { "" } else { "s" }) " "
                        span.quiet {
                            "(" code { (Text(&r.found.exercise)) } ", shown by "
                            (Text(&named_check(&r.found.exercise, &r.found.shown_by))) ")"
                        }
                        br;
                        (student_links(&r.students))
                    }
                    "\n"
                }
            }
            "\n"
        }
        @if !unknown.is_empty() {
            p {
                "Points lost to a wrong answer the diagnosis does not recognise; the feedback \
                 pages give each failing check's message:"
            }
            "\n"
            ul {
                "\n"
                @for (exercise, students) in &unknown {
                    li { code { (exercise) } ": " (student_links(students)) }
                    "\n"
                }
            }
            "\n"
        }
    }
}

/// Per lab exercise, the submissions that fail one of its checks with a
/// wrong answer (not a missing function, a stop or a compile error) and
/// no known mistake.
fn unrecognised<'a>(all: &[&'a Graded]) -> Vec<(&'static str, Vec<&'a str>)> {
    let wrong = |reason: Reason| {
        matches!(
            reason,
            Reason::Failed | Reason::FollowsFrom | Reason::Panicked
        )
    };
    LAB_EXERCISES
        .iter()
        .map(|&exercise| {
            let students = all
                .iter()
                .filter(|r| !r.mistakes.iter().any(|m| m.exercise == exercise))
                .filter(|r| r.tests_of(exercise).iter().any(|t| wrong(t.reason)))
                .map(|r| r.submission.as_str())
                .collect();
            (exercise, students)
        })
        .filter(|(_, students): &(_, Vec<&str>)| !students.is_empty())
        .collect()
}

fn exercises_section(all: &[&Graded]) -> Markup {
    // Each submission's points per lab exercise, in the lab's order.
    let by_exercise: Vec<_> = all.iter().map(|r| r.by_exercise()).collect();
    let mut rows = Vec::new();
    for (i, &exercise) in LAB_EXERCISES.iter().enumerate() {
        let earned: Vec<(f64, f64)> = by_exercise
            .iter()
            .map(|points| (points[i].1, points[i].2))
            .collect();
        let max = earned.first().map_or(0.0, |e| e.1);
        let mean = earned.iter().map(|e| e.0).sum::<f64>() / earned.len().max(1) as f64;
        let full = earned.iter().filter(|e| e.0 >= e.1 && e.1 > 0.0).count();
        let zero = earned.iter().filter(|e| e.0 == 0.0).count();
        rows.push(vec![
            html! { code { (breakable(exercise)) } },
            text_cell(&points(mean)),
            text_cell(&points(max)),
            text_cell(&count(full)),
            text_cell(&count(zero)),
        ]);
    }
    let head = ["exercise", "mean", "of", "full marks", "zero"];
    html! {
        h2 id="exercises" { "Exercises" }
        "\n"
        (table(&head, &rows, &[1, 2, 3, 4]))
    }
}

fn checks_section(all: &[&Graded]) -> Markup {
    let Some(first) = all.first() else {
        return html! {};
    };
    let mut rows = Vec::new();
    let mut unattempted = 0;
    for (i, test) in first.checks.iter().enumerate() {
        // A bonus check no one attempted would only add a row of zeros.
        let attempted = all.iter().any(|r| {
            r.status().build != Build::DidNotCompile
                && r.checks
                    .get(i)
                    .is_some_and(|t| t.reason != Reason::NotImplemented)
        });
        if test.kind == Kind::Bonus && !attempted {
            unattempted += 1;
            continue;
        }
        let passed = all
            .iter()
            .filter(|r| r.checks.get(i).is_some_and(|t| t.passed()))
            .count();
        let share = passed as f64 / all.len() as f64;
        let kind = match (test.kind, test.core) {
            (Kind::Bonus, _) => "bonus",
            (_, true) => "core",
            (Kind::LabSteps, _) => "lab steps",
            _ => "",
        };
        let bar = format!("width: {:.0}px", share * 60.0);
        rows.push(vec![
            html! { (Text(&test.name())) " " span.quiet { (kind) } },
            html! { (Text(&count(passed))) " of " (Text(&count(all.len()))) },
            html! { span.bar style=(bar) {} " " (format!("{:.0}%", share * 100.0)) },
        ]);
    }
    html! {
        h2 id="checks" { "Checks" }
        "\n"
        p {
            "How many submissions pass each check; a core check must pass for its exercise \
             to earn anything."
        }
        "\n"
        (table(&["check", "passed", "pass rate"], &rows, &[1, 2]))
        @if unattempted > 0 {
            p.quiet { "Left out: " (unattempted) " bonus checks that no submission attempted." }
            "\n"
        }
    }
}

/// Every submission with its score, linked to its page: the way to a
/// student with full marks, whom no other section names.
fn submissions_section(all: &[&Graded]) -> Markup {
    let rows: Vec<Vec<Markup>> = all
        .iter()
        .map(|r| {
            vec![
                link(&r.submission),
                text_cell(&points(r.score())),
                text_cell(&r.status().to_string()),
            ]
        })
        .collect();
    html! {
        h2 id="submissions" { "Submissions" }
        "\n"
        (table(&["submission", "score", "status"], &rows, &[1]))
    }
}

fn problems_section(all: &[&Graded]) -> Markup {
    let broken: Vec<Vec<Markup>> = all
        .iter()
        .filter(|r| r.status().build != Build::Graded)
        .map(|r| {
            vec![
                link(&r.submission),
                text_cell(&r.status().to_string()),
                text_cell(&messages::build_cause(r)),
            ]
        })
        .collect();
    let stopped = crate::report::stops::table_of(all);
    let head = ["submission", "status", "cause"];
    html! {
        h2 id="problems" { "Did not compile, or stopped" }
        "\n"
        @if broken.is_empty() && stopped.is_none() {
            p { "Every submission compiled and no check was stopped or panicked." }
            "\n"
        }
        @if !broken.is_empty() {
            p {
                "Submissions that did not compile, in whole or in part (refused source is here \
                 too, with what was refused):"
            }
            "\n"
            (table(&head, &broken, &[]))
        }
        @if let Some(stopped) = stopped {
            p {
                "Checks that ran out of time, whose process was stopped (a crash, "
                code { "exit" } ", a limit) or that panicked, grouped by exercise and by what \
                 the stops have in common, most submissions first:"
            }
            "\n"
            (stopped)
        }
    }
}
