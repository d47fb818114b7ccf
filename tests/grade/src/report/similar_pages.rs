//! Who may have copied whom, for the instructor alone: the class report's
//! section of flagged pairs and groups, and a page per pair,
//! `similar/<rank>.html`, that sets the two submissions side by side with
//! the regions that match highlighted and numbered alike in both. These
//! pages are the only ones that hold two students' code; no feedback page
//! links to them. Every line of code is set in as [`Text`], escaped.

use maud::{Markup, html};
use similarity::{Lines, Pair, SourceFile};

use crate::report::html::{Text, table, text_cell};
use crate::report::wording::{link, link_from_folder};
use crate::results::similar::{Similar, shown};

/// The folder of `--out` that holds the side-by-side pages.
pub(crate) const FOLDER: &str = "similar";

/// How many pairs, most similar first, get a row and a page: a class that
/// handed in one source (100 copies of one answer are 4,950 pairs) would
/// otherwise write thousands of pages that say the same thing, which its
/// group says once. `similarity.csv` lists every pair.
pub(crate) const PAGES: usize = 100;

/// The section of the class report: what a flag means, then the flagged
/// pairs and the groups, or why there are none.
pub(crate) fn section(similar: Option<&Similar>) -> Markup {
    html! {
        h2 id="similar" { "Submissions alike" }
        "\n"
        @match similar {
            None => p { "Not compared: " code { "--similarity off" } "." },
            Some(similar) => (compared(similar)),
        }
        "\n"
    }
}

fn compared(similar: &Similar) -> Markup {
    let pairs = &similar.report.pairs;
    let rows: Vec<Vec<Markup>> = pairs
        .iter()
        .take(PAGES)
        .enumerate()
        .map(|(i, pair)| {
            let href = format!("{FOLDER}/{}.html", i + 1);
            vec![
                html! { (link(&pair.a)) " and " (link(&pair.b)) },
                text_cell(&shown(pair.similarity)),
                html! { a href=(href) { "side by side" } },
            ]
        })
        .collect();
    html! {
        p {
            "Every pair of the " (similar.compared) " submissions that could be read was \
             compared on what its students wrote: the stubs' text and what a student left as \
             it was count for nothing, names and numbers count alike, and a stretch of code \
             that many in the class share counts for little. Pairs at "
            (shown(similar.threshold)) " or more are flagged. A flag is a reason to look at \
             the two side by side, never a verdict: the instructors' chapter of the book says \
             what it can and cannot mean."
        }
        "\n"
        @if !similar.report.groups.is_empty() {
            p {
                "Groups: three or more submissions joined by flagged pairs, which may \
                 share one source."
            }
            "\n"
            ul {
                @for group in &similar.report.groups {
                    li {
                        (group.members.len()) " submissions (highest pair "
                        (shown(group.similarity)) "): "
                        @for (i, member) in group.members.iter().enumerate() {
                            @if i > 0 { ", " }
                            (link(member))
                        }
                    }
                    "\n"
                }
            }
        }
        @if pairs.is_empty() {
            p { "No pair is flagged." }
        } @else {
            (table(&["pair", "similarity", "code"], &rows, &[1]))
            @if pairs.len() > PAGES {
                p.quiet {
                    "The " (PAGES) " most similar of " (pairs.len()) " flagged pairs; "
                    code { (crate::results::similar::CSV_FILE) } " lists them all."
                }
            }
        }
    }
}

/// The side-by-side page of the pair ranked `rank` (from 1).
pub(crate) fn page(similar: &Similar, rank: usize, pair: &Pair) -> Markup {
    let none = Vec::new();
    let files_a = similar.sources.get(&pair.a).unwrap_or(&none);
    let files_b = similar.sources.get(&pair.b).unwrap_or(&none);
    let regions: Vec<Vec<Markup>> = pair
        .matches
        .iter()
        .enumerate()
        .map(|(i, m)| {
            vec![
                text_cell(&(i + 1).to_string()),
                place(files_a, m.a_lines, "a", i),
                place(files_b, m.b_lines, "b", i),
            ]
        })
        .collect();
    let body = html! {
        p {
            "Similarity " (shown(pair.similarity)) ", flagged at " (shown(similar.threshold))
            " or more; pair " (rank) " of the " a href="../index.html#similar" { "class report" }
            ". Highlighted: the regions that match, numbered alike on both sides. A flag is a \
             reason to look, never a verdict: look for what independent work would not share \
             (the same odd helper, the same mistake, the same order of unusual steps)."
        }
        "\n"
        (table(&["match", "first", "second"], &regions, &[0]))
        div.sides {
            (side(&pair.a, files_a, pair, true))
            (side(&pair.b, files_b, pair, false))
        }
        "\n"
    };
    let title = format!("Pair {rank}: {} and {}", pair.a, pair.b);
    crate::report::html::page(&title, body)
}

/// For each line of file `file` (line 1 first), the region that holds
/// it: the one that starts there, so that each region's number shows where
/// it begins, or else the first. Built once per file rather than asked
/// line by line, which scanned every match for every line.
fn regions_by_line(
    pair: &Pair,
    lines_of: &impl Fn(&similarity::Match) -> Lines,
    file: usize,
    count: usize,
) -> Vec<Option<usize>> {
    let mut by_line = vec![None; count];
    let slot = |line: u32| (line as usize).checked_sub(1);
    let in_file = || {
        (pair.matches.iter().enumerate())
            .map(|(r, m)| (r, lines_of(m)))
            .filter(|(_, l)| l.file == file)
    };
    for (r, l) in in_file() {
        for i in (l.first..=l.last).filter_map(slot) {
            if let Some(held) = by_line.get_mut(i) {
                held.get_or_insert(r);
            }
        }
    }
    // Reversed, so that of two regions starting on one line the first wins.
    for (r, l) in in_file().collect::<Vec<_>>().into_iter().rev() {
        if let Some(held) = slot(l.first).and_then(|i| by_line.get_mut(i)) {
            *held = Some(r);
        }
    }
    by_line
}

/// "lines 3–9 of flip.rs", linked to where the region starts.
fn place(files: &[SourceFile], lines: Lines, side: &str, region: usize) -> Markup {
    let file = files.get(lines.file).map_or("?", |f| f.name.as_str());
    let href = format!("#{side}{}", region + 1);
    html! {
        a href=(href) { "lines " (lines.first) "–" (lines.last) } " of " code { (Text(file)) }
    }
}

/// One submission's files, its lines numbered, each matching region
/// marked with its number (the first region that holds the line).
fn side(id: &str, files: &[SourceFile], pair: &Pair, first: bool) -> Markup {
    let lines_of = |m: &similarity::Match| if first { m.a_lines } else { m.b_lines };
    let prefix = if first { "a" } else { "b" };
    html! {
        div {
            h2 { (link_from_folder(id)) }
            @for (f, file) in files.iter().enumerate() {
                h3 { code { (Text(&file.name)) } }
                @let regions = regions_by_line(pair, &lines_of, f, file.text.lines().count());
                pre {
                    @for (n, text) in file.text.lines().enumerate() {
                        @let line = u32::try_from(n + 1).unwrap_or(u32::MAX);
                        @let region = regions[n];
                        @let text = text.replace('\t', "    ");
                        @match region {
                            Some(r) => {
                                @let starts = lines_of(&pair.matches[r]).first == line;
                                mark id=[starts.then(|| format!("{prefix}{}", r + 1))]
                                    class=[(r % 2 == 1).then_some("odd")] {
                                    span.ln { (line) } (Text(&text))
                                }
                                @if starts { " " span.region { "match " (r + 1) } }
                            }
                            None => { span.ln { (line) } (Text(&text)) }
                        }
                        "\n"
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use similarity::{Lines, Match, Pair};

    use super::regions_by_line;

    fn lines(file: usize, first: u32, last: u32) -> Lines {
        Lines { file, first, last }
    }

    #[test]
    fn a_line_shows_the_region_that_starts_there_or_else_the_first() {
        let region = |a: Lines| Match {
            a_lines: a,
            b_lines: lines(0, 1, 1),
        };
        let pair = Pair {
            a: "a".into(),
            b: "b".into(),
            similarity: 1.0,
            // Lines 2–6 and 4–8 of file 0 overlap; line 4 starts the
            // second. A region of file 1 and one past the end change
            // nothing here.
            matches: vec![
                region(lines(0, 2, 6)),
                region(lines(0, 4, 8)),
                region(lines(1, 1, 9)),
                region(lines(0, 20, 30)),
            ],
        };
        let by_line = regions_by_line(&pair, &|m: &Match| m.a_lines, 0, 9);
        let expected = [
            None,
            Some(0),
            Some(0),
            Some(1),
            Some(0),
            Some(0),
            Some(1),
            Some(1),
            None,
        ];
        assert_eq!(by_line, expected);
    }
}
