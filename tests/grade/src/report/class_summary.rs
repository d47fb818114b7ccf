//! The lines that close the table when `grade` grades a class: how the
//! class did, in the numbers an instructor looks for first (scores, who
//! did not compile, who timed out, the mistake most of them made), so the
//! end of a long table says something about the class, not only where the
//! class report is. Counted from typed values (scores, statuses, reasons
//! and the diagnosis's mistakes), as the class report counts them, and
//! the mistake is the one the class report ranks first.

use std::fmt::Write as _;

use crate::results::graded::Graded;
use crate::results::similar::{Similar, shown};
use crate::results::{Build, Reason, points, round};

/// How many submissions a line names before it only counts the rest.
const NAMES_SHOWN: usize = 5;

/// The closing lines for `all`, the graded submissions sorted by id, and
/// what comparing their code found (`None`: `--similarity off`).
pub fn lines(all: &[&Graded], similar: Option<&Similar>) -> String {
    let mut out = String::new();
    let max = all.first().map_or(0.0, |r| r.max_score());
    let scores: Vec<f64> = all.iter().map(|r| r.score()).collect();
    let full = all
        .iter()
        .filter(|r| r.max_score() > 0.0 && round(r.score()) >= r.max_score())
        .count();
    let _ = writeln!(
        out,
        "Class: {} submissions; mean {}, median {} of {}; {full} with full marks",
        all.len(),
        points(mean(&scores)),
        points(median(&scores)),
        points(max)
    );
    let built = |build: Build| {
        let ids = all.iter().filter(|r| r.status().build == build);
        counted(ids.map(|r| r.submission.as_str()).collect())
    };
    let _ = write!(out, "  did not compile: {}", built(Build::DidNotCompile));
    if all
        .iter()
        .any(|r| r.status().build == Build::PartlyCompiled)
    {
        let _ = write!(out, "; partly compiled: {}", built(Build::PartlyCompiled));
    }
    out.push('\n');
    let stopped = |reason: Reason| {
        let ids = all
            .iter()
            .filter(|r| r.checks.iter().any(|t| t.reason == reason));
        counted(ids.map(|r| r.submission.as_str()).collect())
    };
    let _ = write!(out, "  timed out: {}", stopped(Reason::TimedOut));
    if all
        .iter()
        .any(|r| r.checks.iter().any(|t| t.reason == Reason::Crashed))
    {
        let _ = write!(out, "; crashed: {}", stopped(Reason::Crashed));
    }
    out.push('\n');
    let _ = writeln!(out, "  most common mistake: {}", most_common_mistake(all));
    let _ = writeln!(out, "  {}", alike(similar));
    out
}

/// The line on who may have copied whom: the flagged pairs, most similar
/// first, and the groups, each id on one line.
fn alike(similar: Option<&Similar>) -> String {
    let Some(similar) = similar else {
        return "alike: not compared (--similarity off)".to_string();
    };
    let at = format!("alike (similarity {} or more)", shown(similar.threshold));
    let pairs = &similar.report.pairs;
    if pairs.is_empty() {
        return format!(
            "{at}: no pair of the {} submissions compared",
            similar.compared
        );
    }
    let named: Vec<String> = pairs
        .iter()
        .map(|p| {
            format!(
                "{} and {} {}",
                crate::terminal::one_line(&p.a),
                crate::terminal::one_line(&p.b),
                shown(p.similarity)
            )
        })
        .collect();
    let mut line = format!(
        "{at}: {} pair{} {}",
        pairs.len(),
        if pairs.len() == 1 { "" } else { "s" },
        listed(&named)
    );
    let groups = &similar.report.groups;
    if let Some(largest) = groups.iter().map(|g| g.members.len()).max() {
        let _ = write!(
            line,
            "; {} group{} of three or more (the largest: {largest} submissions)",
            groups.len(),
            if groups.len() == 1 { "" } else { "s" },
        );
    }
    line
}

/// Up to [`NAMES_SHOWN`] of `items` in brackets, then how many more.
fn listed(items: &[String]) -> String {
    let shown = items[..items.len().min(NAMES_SHOWN)].join(", ");
    match items.len().saturating_sub(NAMES_SHOWN) {
        0 => format!("({shown})"),
        rest => format!("({shown} and {rest} more)"),
    }
}

/// The mistake the class report ranks first, with how many made it.
fn most_common_mistake(all: &[&Graded]) -> String {
    let ranked = crate::report::class_report::ranked(all);
    let Some(first) = ranked.first() else {
        return "none the grader recognises".to_string();
    };
    let n = first.students.len();
    let ties = ranked[1..].iter().filter(|r| r.students.len() == n).count();
    let as_common = match ties {
        0 => String::new(),
        1 => "; 1 other as common".to_string(),
        _ => format!("; {ties} others as common"),
    };
    format!(
        "{} ({}: {}{as_common})",
        first.found.what,
        first.found.exercise,
        submissions(n)
    )
}

/// "1 submission", "3 submissions".
fn submissions(n: usize) -> String {
    format!("{n} submission{}", if n == 1 { "" } else { "s" })
}

/// How many `ids` there are, then up to [`NAMES_SHOWN`] of them:
/// `0`, `2 (a, b)`, `7 (a, b, c, d, e and 2 more)`. Each is shown on one
/// line with its control characters visible, since an id is a file name a
/// submission chose: a name holding an escape sequence would otherwise
/// reach the instructor's terminal raw whenever it did not compile, timed
/// out or crashed.
fn counted(ids: Vec<&str>) -> String {
    if ids.is_empty() {
        return "0".to_string();
    }
    let shown: Vec<String> = ids.iter().map(|id| crate::terminal::one_line(id)).collect();
    format!("{} {}", ids.len(), listed(&shown))
}

fn mean(scores: &[f64]) -> f64 {
    scores.iter().sum::<f64>() / scores.len().max(1) as f64
}

/// The middle score, or the mean of the two middle ones.
fn median(scores: &[f64]) -> f64 {
    let mut sorted = scores.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_the_middle_score() {
        assert_eq!(median(&[100.0, 0.0, 85.0]), 85.0);
        assert_eq!(median(&[100.0, 0.0, 85.0, 90.0]), 87.5);
        assert_eq!(median(&[]), 0.0);
        assert_eq!(mean(&[100.0, 0.0, 85.0, 90.0]), 68.75);
    }

    #[test]
    fn a_long_list_of_names_is_cut() {
        assert_eq!(counted(vec![]), "0");
        assert_eq!(counted(vec!["a", "b"]), "2 (a, b)");
        let seven = vec!["a", "b", "c", "d", "e", "f", "g"];
        assert_eq!(counted(seven), "7 (a, b, c, d, e and 2 more)");
    }

    /// A file name is the submission's own: one that retitles the window
    /// or forges a line is shown, not obeyed.
    #[test]
    fn a_name_is_shown_on_one_line_with_its_escapes_visible() {
        assert_eq!(
            counted(vec!["\u{1b}]0;title\u{7}esc", "line\nforged"]),
            "2 (\\u{1b}]0;title\\u{7}esc, line\\u{a}forged)"
        );
    }
}
