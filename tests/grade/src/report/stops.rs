//! The class's stops, grouped: every check that ran out of time, ended its
//! process or panicked, gathered by exercise and by what the stops have in
//! common (the limit, how the process ended, the panic's kind), so that an
//! instructor sees "12 submissions: index out of bounds in perfect_shuffle"
//! rather than a row per check. Read from the typed outcomes; a panic's
//! kind is the first clause of its message, which Rust's own panics
//! (`index out of bounds: …`, `attempt to subtract with overflow`) keep
//! the same from one deck to the next. A panic the diagnosis explains
//! groups by its mistake too, which says what the panics share in terms of
//! decks ("a buffer of a fixed size …, so a larger deck runs past its
//! end"), so that the class's pattern shows, not only the panic's kind.

use std::collections::BTreeMap;

use grading::Outcome;
use maud::{Markup, html};

use crate::report::html::{Text, breakable, table};
use crate::report::wording::{exercise_order, link};
use crate::results::graded::Graded;

/// How many characters of a panic's first clause a group keeps: enough
/// for any of Rust's own panic kinds, little enough to group a
/// submission's own long messages.
const KIND_CHARS: usize = 60;

/// One group of stops: in one exercise, of one kind, with the
/// submissions that had it (each once) and a check that shows it.
#[derive(Debug, PartialEq)]
pub(crate) struct Stops<'a> {
    pub(crate) exercise: &'static str,
    /// `ran out of time`, `ended its process: …` or `panicked: …`.
    pub(crate) what: String,
    pub(crate) students: Vec<&'a str>,
    /// The first check, in the first submission, that stopped so.
    pub(crate) example: String,
}

/// What a stop has in common with others of its exercise, or `None` for
/// an outcome that is no stop.
fn what(outcome: &Outcome) -> Option<String> {
    match outcome {
        Outcome::TimedOut { limit, .. } => Some(format!(
            "ran out of time ({} s a call)",
            limit.as_secs_f64()
        )),
        Outcome::Crashed { how, .. } => Some(format!("ended its process: {}", first_clause(how))),
        Outcome::Panicked {
            message,
            mistake: Some(mistake),
            ..
        } => Some(format!(
            "panicked: {}, from {}",
            first_clause(message),
            mistake.what()
        )),
        Outcome::Panicked { message, .. } => Some(format!("panicked: {}", first_clause(message))),
        _ => None,
    }
}

/// The words before the first `:` or ` (at`, at most [`KIND_CHARS`]
/// characters, with control characters shown escaped.
fn first_clause(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    let end = [line.find(':'), line.find(" (at ")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(line.len());
    let clause: String = line[..end].trim().chars().take(KIND_CHARS).collect();
    crate::terminal::escape_controls(&clause)
}

/// The stops of `all`, most submissions first; ties in the lab's order of
/// exercises, then by their words.
pub(crate) fn grouped<'a>(all: &[&'a Graded]) -> Vec<Stops<'a>> {
    let mut groups: BTreeMap<(usize, &'static str, String), Stops<'a>> = BTreeMap::new();
    for result in all {
        for check in &result.checks {
            let Some(what) = what(&check.outcome) else {
                continue;
            };
            let exercise = check.exercise();
            let group = groups
                .entry((exercise_order(exercise), exercise, what.clone()))
                .or_insert_with(|| Stops {
                    exercise,
                    what,
                    students: Vec::new(),
                    example: check.name(),
                });
            if group.students.last() != Some(&result.submission.as_str()) {
                group.students.push(&result.submission);
            }
        }
    }
    let mut groups: Vec<Stops<'a>> = groups.into_values().collect();
    // A stable sort keeps the map's order among equals.
    groups.sort_by_key(|g| std::cmp::Reverse(g.students.len()));
    groups
}

/// The grouped stops as a table: exercise, what they have in common with
/// a check that shows it, and how many submissions and which.
pub(crate) fn table_of(all: &[&Graded]) -> Option<Markup> {
    let groups = grouped(all);
    if groups.is_empty() {
        return None;
    }
    let rows: Vec<Vec<Markup>> = groups
        .iter()
        .map(|g| {
            vec![
                html! { code { (breakable(g.exercise)) } },
                html! { (Text(&g.what)) br; span.quiet { "e.g. " (Text(&g.example)) } },
                html! {
                    (g.students.len()) ": "
                    @for (i, student) in g.students.iter().enumerate() {
                        @if i > 0 { ", " }
                        (link(student))
                    }
                },
            ]
        })
        .collect();
    // Three columns, so that the table fits a phone's width.
    Some(table(&["exercise", "what happened", "who"], &rows, &[]))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use grading::check::{flip, perfect_shuffle};

    use super::*;
    use crate::results::Reason;
    use crate::results::graded::{example, example_check};

    fn panicked(message: &str) -> Outcome {
        Outcome::Panicked {
            during: "perfect_shuffle for 5 cards".into(),
            message: message.into(),
            mistake: None,
        }
    }

    /// Two decks' overruns are one group, whatever their lengths and
    /// places; a timeout is another; each submission counts once a group.
    #[test]
    fn stops_group_by_exercise_and_kind() {
        let mut a = example(vec![
            example_check(
                perfect_shuffle::interleaves_two_halves,
                Reason::Panicked,
                panicked("index out of bounds: the len is 5 but the index is 5 (at src/a.rs:3:9)"),
            ),
            example_check(
                perfect_shuffle::returns_a_permutation,
                Reason::Panicked,
                panicked("index out of bounds: the len is 2 but the index is 2"),
            ),
        ]);
        a.submission = "a".into();
        let mut b = example(vec![
            example_check(
                perfect_shuffle::interleaves_two_halves,
                Reason::Panicked,
                panicked("index out of bounds: the len is 9 but the index is 9"),
            ),
            example_check(
                flip::returns_heads_or_tails,
                Reason::TimedOut,
                Outcome::TimedOut {
                    during: "flip".into(),
                    limit: Duration::from_secs(3),
                },
            ),
        ]);
        b.submission = "b".into();
        let groups = grouped(&[&a, &b]);
        assert_eq!(groups.len(), 2, "{groups:?}");
        assert_eq!(groups[0].what, "panicked: index out of bounds");
        assert_eq!(groups[0].students, ["a", "b"]);
        assert_eq!(groups[0].example, a.checks[0].name());
        assert_eq!(groups[1].what, "ran out of time (3 s a call)");
        assert_eq!(groups[1].students, ["b"]);
    }

    /// Panics the diagnosis explains group by their mistake as well: two
    /// overruns from a fixed buffer are one group, apart from an overrun
    /// it does not explain.
    #[test]
    fn explained_panics_group_by_their_mistake() {
        let overrun = |mistake| Outcome::Panicked {
            during: "perfect_shuffle for 53 cards".into(),
            message: "index out of bounds: the len is 52 but the index is 52".into(),
            mistake,
        };
        let student = |name: &str, mistake| {
            let mut graded = example(vec![example_check(
                perfect_shuffle::every_deck_up_to_100_cards,
                Reason::Panicked,
                overrun(mistake),
            )]);
            graded.submission = name.into();
            graded
        };
        let fixed = Some(grading::Mistake::PerfectFixedBuffer);
        let (a, b, c) = (student("a", fixed), student("b", fixed), student("c", None));
        let groups = grouped(&[&a, &b, &c]);
        assert_eq!(groups.len(), 2, "{groups:?}");
        assert_eq!(
            groups[0].what,
            format!(
                "panicked: index out of bounds, from {}",
                grading::Mistake::PerfectFixedBuffer.what()
            )
        );
        assert_eq!(groups[0].students, ["a", "b"]);
        assert_eq!(groups[1].what, "panicked: index out of bounds");
    }

    #[test]
    fn a_kind_is_the_first_clause_cut_and_escaped() {
        assert_eq!(
            first_clause("attempt to subtract with overflow"),
            "attempt to subtract with overflow"
        );
        assert_eq!(first_clause("boom (at src/lib.rs:1:1)"), "boom");
        assert_eq!(first_clause("\u{1b}[31mred: x"), "\\u{1b}[31mred");
        assert_eq!(first_clause(&"x".repeat(500)).len(), KIND_CHARS);
    }
}
