//! The glossary (`src/glossary.md`) checked against the book: every term
//! it lists is explained in the chapter it names, and no chapter before
//! that one uses the term, in the reading order of `SUMMARY.md` and along
//! the self-learner's path that `start-here.md` lists, which skips the
//! lab's detours.
//!
//! What counts as a use of a term:
//!
//! * any of the forms the glossary gives it in bold (`**chi-square**,
//!   **χ²**`), case-insensitively and as whole words, where a word may
//!   also carry an ending -s, -es or -ed (`p-values`, `degrees of freedom`
//!   for `degree of freedom`, `seeded`), and the words of a form stand
//!   apart only by white space, line breaks included;
//! * in a chapter's prose: paragraphs, headings, lists, tables, and image
//!   descriptions. Code blocks and inline code are not read: code names
//!   things its own way (`power` in the perfect-shuffle chapter is a power
//!   of 2, `--seed` an option);
//! * except inside the text of a link to the term's defining chapter or to
//!   the glossary, which the reader can follow, and except the phrases in
//!   [`HOMONYMS`], the same words in their everyday or mathematical sense.
//!
//! Where a term is defined: its first use in its defining chapter is in a
//! heading or emphasised (**bold** or *italic*).

use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};

mod markdown;

use markdown::options;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// Phrases that hold a glossary term's words in another sense: skipped
/// wherever they occur.
const HOMONYMS: &[&str] = &["powers of 2", "power of 2", "power of two"];

/// The terms the glossary must define, at least.
const REQUIRED: &[&str] = &[
    "mean",
    "standard deviation",
    "chi-square",
    "degrees of freedom",
    "p-value",
    "power",
    "false alarm",
    "uniform",
    "permutation",
    "Bonferroni",
    "seed",
    "modulo bias",
    "rising sequence",
    "succession",
    "fixed point",
    "total variation distance",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn read(file: &str) -> String {
    fs::read_to_string(src().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The file a link points at, without its `#fragment`.
fn file_of(target: &str) -> &str {
    target.split('#').next().unwrap_or(target)
}

/// The pages a Markdown text links to, in its order.
fn linked_pages(markdown: &str) -> Vec<String> {
    Parser::new_ext(markdown, options())
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. }) => Some(file_of(&dest_url).to_string()),
            _ => None,
        })
        .collect()
}

/// Every page of `SUMMARY.md`, in reading order.
fn reading_order() -> Vec<String> {
    linked_pages(&read("SUMMARY.md"))
}

/// One glossary entry: the words of each form, lower-cased, and the
/// chapter that defines it.
#[derive(Debug)]
struct Entry {
    term: String,
    forms: Vec<Vec<String>>,
    chapter: String,
}

fn words(phrase: &str) -> Vec<String> {
    tokens(phrase).into_iter().map(|(_, word)| word).collect()
}

/// The glossary's entries: in each list item, the bold forms before its
/// first colon, and its last link.
fn glossary() -> Vec<Entry> {
    let text = read("glossary.md");
    let mut entries = Vec::new();
    let mut item: Option<(Vec<String>, Option<String>, bool)> = None;
    let mut bold: Option<String> = None;
    for event in Parser::new_ext(&text, options()) {
        match event {
            Event::Start(Tag::Item) => item = Some((Vec::new(), None, false)),
            Event::Start(Tag::Strong) => bold = Some(String::new()),
            Event::Text(words) => {
                if let Some(form) = &mut bold {
                    form.push_str(&words);
                } else if let Some((_, _, past_colon)) = &mut item {
                    *past_colon |= words.contains(':');
                }
            }
            Event::End(TagEnd::Strong) => {
                if let (Some(form), Some((forms, _, false))) = (bold.take(), &mut item) {
                    forms.push(form);
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                if let Some((_, link, _)) = &mut item {
                    *link = Some(file_of(&dest_url).to_string());
                }
            }
            Event::End(TagEnd::Item) => {
                let (forms, link, _) = item.take().expect("an item");
                let term = forms.first().cloned().expect("a term in bold");
                entries.push(Entry {
                    chapter: link.unwrap_or_else(|| panic!("{term}: no chapter")),
                    forms: forms.iter().map(|form| words(form)).collect(),
                    term,
                });
            }
            _ => {}
        }
    }
    entries
}

/// A chapter's prose, as the reader reads it: the source with everything
/// but its text blanked out (line breaks kept, so offsets and line numbers
/// are the source's), and where its links, emphasis and headings are.
struct Prose {
    text: String,
    links: Vec<(Range<usize>, String)>,
    marked: Vec<Range<usize>>,
}

fn prose(source: &str) -> Prose {
    let mut kept = vec![false; source.len()];
    let mut links = Vec::new();
    let mut marked = Vec::new();
    let mut in_code = false;
    for (event, range) in Parser::new_ext(source, options()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(_) if !in_code => kept[range].fill(true),
            Event::Start(Tag::Link { dest_url, .. }) => {
                links.push((range, file_of(&dest_url).to_string()));
            }
            Event::Start(Tag::Emphasis | Tag::Strong | Tag::Heading { .. }) => {
                marked.push(range);
            }
            _ => {}
        }
    }
    // Text events start and end on character boundaries, so blanking the
    // other bytes one by one leaves valid UTF-8 with the source's offsets.
    let bytes: Vec<u8> = source
        .bytes()
        .zip(kept)
        .map(|(b, kept)| if kept || b == b'\n' { b } else { b' ' })
        .collect();
    let text = String::from_utf8(bytes).expect("blanked text is UTF-8");
    Prose {
        text,
        links,
        marked,
    }
}

/// The words of a text, lower-cased, with their byte ranges. A word is a
/// run of letters, digits and hyphens (`chi-square`, `p-value`, `χ²`).
fn tokens(text: &str) -> Vec<(Range<usize>, String)> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices().chain([(text.len(), ' ')]) {
        let in_word = c.is_alphanumeric() || c == '-';
        match (start, in_word) {
            (None, true) => start = Some(at),
            (Some(from), false) => {
                tokens.push((from..at, text[from..at].to_lowercase()));
                start = None;
            }
            _ => {}
        }
    }
    tokens
}

fn same_word(token: &str, word: &str) -> bool {
    token == word
        || ["s", "es", "ed"]
            .iter()
            .any(|ending| token.strip_suffix(ending) == Some(word))
}

/// Where a text uses any of the forms, as byte ranges, homonyms left out.
fn uses(text: &str, forms: &[Vec<String>]) -> Vec<Range<usize>> {
    let tokens = tokens(text);
    let homonyms: Vec<Vec<String>> = HOMONYMS.iter().map(|h| words(h)).collect();
    let apart = |a: usize, b: usize| text[tokens[a].0.end..tokens[b].0.start].trim().is_empty();
    let mut found = Vec::new();
    for start in 0..tokens.len() {
        let homonym = homonyms.iter().any(|h| {
            h.len() <= tokens.len() - start
                && (0..h.len()).all(|i| tokens[start + i].1 == h[i])
                && (1..h.len()).all(|i| apart(start + i - 1, start + i))
        });
        if homonym {
            continue;
        }
        for form in forms {
            let end = start + form.len();
            if end <= tokens.len()
                && (0..form.len()).all(|i| same_word(&tokens[start + i].1, &form[i]))
                && (start + 1..end).all(|i| apart(i - 1, i))
            {
                found.push(tokens[start].0.start..tokens[end - 1].0.end);
            }
        }
    }
    found
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// A use of a term before the chapter that defines it.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct EarlyUse {
    term: String,
    chapter: String,
    line: usize,
    defined_in: String,
}

/// Every use of a glossary term in a chapter that comes before the one
/// that defines it, other than inside a link to that chapter or the
/// glossary, in the reading order of `SUMMARY.md`.
fn early_uses() -> Vec<EarlyUse> {
    let order = reading_order();
    for entry in glossary() {
        assert!(
            order.contains(&entry.chapter),
            "{}: {} is not in SUMMARY.md",
            entry.term,
            entry.chapter
        );
    }
    early_uses_along(&order)
}

/// Every use of a glossary term, read in `order`, before the reader has
/// met its definition: in a chapter before the defining one, or anywhere
/// when `order` skips the defining chapter (a detour of the path); a use
/// inside a link to the definition or the glossary does not count.
fn early_uses_along(order: &[String]) -> Vec<EarlyUse> {
    let mut early = Vec::new();
    for entry in glossary() {
        let met_at = order
            .iter()
            .position(|page| *page == entry.chapter)
            .unwrap_or(order.len());
        for chapter in &order[..met_at] {
            let prose = prose(&read(chapter));
            for found in uses(&prose.text, &entry.forms) {
                let linked = prose.links.iter().any(|(range, target)| {
                    range.contains(&found.start)
                        && (*target == entry.chapter || target == "glossary.md")
                });
                if !linked {
                    early.push(EarlyUse {
                        term: entry.term.clone(),
                        chapter: chapter.clone(),
                        line: line_of(&prose.text, found.start),
                        defined_in: entry.chapter.clone(),
                    });
                }
            }
        }
    }
    early.sort();
    early
}

fn list(early: &[EarlyUse]) -> String {
    early
        .iter()
        .map(|u| {
            format!(
                "  {:?} at {}:{} (defined in {})",
                u.term, u.chapter, u.line, u.defined_in
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The self-learner's path as `start-here.md` lists it: that page, where
/// every reader starts, then the links of its paragraph that starts "The
/// self-learner's path", in order.
fn self_learners_path() -> Vec<String> {
    let start = read("start-here.md");
    let from = start
        .find("**The self-learner's path**")
        .expect("start-here.md names the self-learner's path");
    let paragraph = &start[from..start[from..]
        .find("\n\n")
        .map_or(start.len(), |end| from + end)];
    std::iter::once("start-here.md".to_string())
        .chain(linked_pages(paragraph))
        .collect()
}

/// Read in the path's own order, no chapter uses a term before the path
/// has taught it: the path is read from `start-here.md`, not from
/// `SUMMARY.md`, whose order the test above checks.
#[test]
fn the_self_learners_path_teaches_each_term_before_it_uses_it() {
    let path = self_learners_path();
    assert!(
        path.len() >= 10,
        "the path as start-here.md lists it: {path:?}"
    );
    for chapter in &path {
        assert!(
            src().join(chapter).is_file(),
            "{chapter} is on the path but not in the book"
        );
    }
    let early = early_uses_along(&path);
    assert!(
        early.is_empty(),
        "on the self-learner's path {path:?}, terms used before the path teaches them: \
         teach the term on the path first, or link the use to its definition:\n{}",
        list(&early)
    );
}

/// The whole promise: no term before its definition.
#[test]
fn no_chapter_uses_a_term_before_the_chapter_that_defines_it() {
    let early = early_uses();
    assert!(
        early.is_empty(),
        "terms used before the chapter that defines them: explain the term where it \
         is first used and point the glossary there, or link the use to its \
         definition:\n{}",
        list(&early)
    );
}

#[test]
fn every_term_is_introduced_where_the_glossary_says() {
    let mut wrong = Vec::new();
    for entry in glossary() {
        let source = read(&entry.chapter);
        let prose = prose(&source);
        match uses(&prose.text, &entry.forms).first() {
            None => wrong.push(format!("{}: {} never uses it", entry.term, entry.chapter)),
            Some(first) => {
                if !prose
                    .marked
                    .iter()
                    .any(|range| range.contains(&first.start))
                {
                    wrong.push(format!(
                        "{}: its first use in {}, line {}, is neither emphasised nor a heading",
                        entry.term,
                        entry.chapter,
                        line_of(&source, first.start)
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_glossary_lists_the_book_s_terms_in_order() {
    let entries = glossary();
    let terms: Vec<String> = entries.iter().map(|e| e.term.to_lowercase()).collect();
    for required in REQUIRED {
        assert!(
            entries.iter().any(|e| e.forms.contains(&words(required))),
            "the glossary has no entry for {required:?}"
        );
    }
    let mut sorted = terms.clone();
    sorted.sort();
    assert_eq!(terms, sorted, "the glossary is in alphabetical order");
    let order = reading_order();
    assert!(order.iter().any(|page| page == "glossary.md"));
    assert!(
        entries.iter().all(|e| order.contains(&e.chapter)),
        "every defining chapter is in SUMMARY.md"
    );
}

#[test]
fn terms_are_found_as_a_reader_reads_them() {
    let source = "# Power\n\nThe *standard\ndeviation* of `mean`, and p-values.\n\n\
                  ```rust\nlet chi_square = 1; // a mean\n```\n\n\
                  The powers of 2, a [seed](start-here.md), seeded, meanwhile.\n";
    let prose = prose(source);
    let found = |term: &str| -> Vec<usize> {
        uses(&prose.text, &[words(term)])
            .into_iter()
            .map(|range| line_of(&prose.text, range.start))
            .collect()
    };
    assert_eq!(found("standard deviation"), [3], "across a line break");
    assert_eq!(found("p-value"), [4], "with a plural ending");
    assert_eq!(
        found("mean"),
        Vec::<usize>::new(),
        "not in code, nor in meanwhile"
    );
    assert_eq!(found("power"), [1], "the heading, not the powers of 2");
    assert_eq!(found("seed"), [10, 10], "the link and seeded");
    let (link, target) = &prose.links[0];
    assert_eq!(target, "start-here.md");
    assert!(link.contains(&uses(&prose.text, &[words("seed")])[0].start));
    assert_eq!(prose.marked.len(), 2, "the heading and the emphasis");
}
