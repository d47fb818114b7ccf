//! The book checks itself: every chapter is in the table of contents and
//! compiled, every internal link and image resolves, and every figure is
//! exactly what the command printed beside it makes today.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use clap::Parser as _;
mod markdown;

use markdown::options;
use pulldown_cmark::{CodeBlockKind, Event, LinkType, Parser, Tag, TagEnd};

const REFERENCE: grading::Implementation =
    grading::implementation!(solutions, extensions = solutions::extensions);

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

/// Every chapter, and every page of Going deeper (`deeper/`), as (path
/// under `src/`, text).
fn chapters() -> Vec<(String, String)> {
    let mut chapters: Vec<(String, String)> = ["", "deeper"]
        .into_iter()
        .flat_map(|folder| {
            fs::read_dir(src().join(folder))
                .expect("docs/src")
                .map(move |entry| (folder, entry.expect("an entry").path()))
        })
        .filter(|(_, path)| path.extension().is_some_and(|e| e == "md"))
        .map(|(folder, path)| {
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            let name = match folder {
                "" => file,
                folder => format!("{folder}/{file}"),
            };
            (name, fs::read_to_string(&path).expect("a readable chapter"))
        })
        .collect();
    chapters.sort();
    chapters
}

/// Where `target`, linked from the page `name` (a path under `src/`),
/// points, as a path under `src/` with `.` and `..` worked out; `None` if
/// it climbs out of the book.
fn resolve(name: &str, target: &str) -> Option<PathBuf> {
    let mut path = PathBuf::new();
    let folder = Path::new(name).parent().unwrap_or(Path::new(""));
    for part in folder.join(target).components() {
        match part {
            std::path::Component::ParentDir => {
                if !path.pop() {
                    return None;
                }
            }
            std::path::Component::CurDir => {}
            part => path.push(part),
        }
    }
    Some(path)
}

/// What the checks need from one page, as a CommonMark parser reads it: the
/// destinations of its links and images, and the anchors of its headings.
/// Code blocks and inline code hold neither, by construction.
#[derive(Debug, Default)]
struct Page {
    links: Vec<String>,
    anchors: Vec<String>,
}

fn parse(text: &str) -> Page {
    let mut page = Page::default();
    // The heading being read: its explicit `{#id}`, if any, and its text.
    let mut heading: Option<(Option<String>, String)> = None;
    // mdBook numbers repeated headings: `tips`, `tips-1`, `tips-2`.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for event in Parser::new_ext(text, options()) {
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) if link_type != LinkType::Email => page.links.push(dest_url.into_string()),
            Event::Start(Tag::Image { dest_url, .. }) => page.links.push(dest_url.into_string()),
            Event::Start(Tag::Heading { id, .. }) => {
                heading = Some((id.map(|id| id.into_string()), String::new()));
            }
            Event::Text(text) | Event::Code(text) => {
                if let Some((_, words)) = &mut heading {
                    words.push_str(&text);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some((_, words)) = &mut heading {
                    words.push('\n');
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let Some((id, words)) = heading.take() else {
                    continue;
                };
                let anchor = id.unwrap_or_else(|| {
                    let slug = slug(&words);
                    let count = seen.entry(slug.clone()).or_insert(0);
                    *count += 1;
                    match *count {
                        1 => slug,
                        n => format!("{slug}-{}", n - 1),
                    }
                });
                page.anchors.push(anchor);
            }
            _ => {}
        }
    }
    page
}

/// A link that leaves the book: `https:`, `mailto:` and any other scheme.
fn is_external(target: &str) -> bool {
    target.split_once(':').is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    })
}

#[test]
fn every_chapter_is_listed_and_compiled() {
    let summary = parse(&fs::read_to_string(src().join("SUMMARY.md")).expect("SUMMARY.md"));
    for (name, _) in chapters() {
        // 404.md is mdBook's not-found page, not a chapter.
        if name == "SUMMARY.md" || name == "404.md" {
            continue;
        }
        assert!(summary.links.contains(&name), "{name} is not in SUMMARY.md");
        assert!(
            docs::CHAPTERS.contains(&name.as_str()),
            "{name} is not compiled by doctests.rs"
        );
    }
    assert_eq!(
        docs::CHAPTERS.len(),
        33,
        "the twenty chapters and Going deeper's thirteen pages"
    );
}

#[test]
fn every_internal_link_and_image_resolves() {
    let mut checked = 0;
    for (name, text) in chapters() {
        for target in parse(&text).links {
            if is_external(&target) {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let resolved = if file.is_empty() {
                src().join(&name)
            } else {
                let inside = resolve(&name, file)
                    .unwrap_or_else(|| panic!("{name}: the link to {target} leaves the book"));
                src().join(inside)
            };
            assert!(
                resolved.exists(),
                "{name}: the link to {target} points at nothing"
            );
            if !fragment.is_empty() && resolved.extension().is_some_and(|e| e == "md") {
                let anchors = parse(&fs::read_to_string(&resolved).unwrap()).anchors;
                assert!(
                    anchors.iter().any(|a| a == fragment),
                    "{name}: the link to {target} names no heading of {} (its anchors: {anchors:?})",
                    resolved.file_name().unwrap().to_string_lossy()
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked > 20,
        "only {checked} links found: is the parser broken?"
    );
}

/// Going deeper was one page until the book's third edition split it into
/// one page per chapter under `deeper/`. Its index keeps each section's id
/// from that page, on the line that links to the section's new page, so a
/// link to `going-deeper.html#section` made before the split still lands
/// next to the way there (served.rs checks that the ids are in the page).
#[test]
fn going_deeper_keeps_every_section_s_old_anchor() {
    let index = fs::read_to_string(src().join("going-deeper.md")).expect("going-deeper.md");
    let links = parse(&index).links;
    let mut sections = 0;
    for (name, text) in chapters() {
        if !name.starts_with("deeper/") {
            continue;
        }
        // The page's own title, first, is new: it had no id before.
        for anchor in parse(&text).anchors.into_iter().skip(1) {
            let target = format!("{name}#{anchor}");
            assert!(
                index.contains(&format!("<a id=\"{anchor}\"></a>[")) && links.contains(&target),
                "going-deeper.md has no `<a id=\"{anchor}\"></a>` on a line linking to {target}"
            );
            sections += 1;
        }
    }
    assert!(sections >= 43, "only {sections} sections under deeper/");
}

/// A hosted copy of the book holds only the book, so a chapter never links
/// outside it: a repository file is shown on its source page, which
/// includes that file whole, and the table of contents lists every page.
#[test]
fn links_to_workbook_files_go_to_their_source_pages() {
    let summary = fs::read_to_string(src().join("SUMMARY.md")).expect("SUMMARY.md");
    let mut pages = 0;
    for (name, text) in chapters() {
        if name == "SUMMARY.md" {
            continue;
        }
        for target in parse(&text).links {
            if is_external(&target) {
                continue;
            }
            let file = target.split('#').next().unwrap_or(&target);
            let inside = resolve(&name, file).unwrap_or_else(|| {
                panic!("{name}: {target} leaves the book; link to its page under source/")
            });
            let Ok(page) = inside.strip_prefix("source") else {
                continue;
            };
            let page = page.to_string_lossy().into_owned();
            let body = fs::read_to_string(src().join("source").join(&page))
                .unwrap_or_else(|_| panic!("{name}: no source page {page}"));
            let included = body
                .lines()
                .find_map(|l| l.strip_prefix("{{#include ../../../"))
                .and_then(|l| l.strip_suffix("}}"))
                .unwrap_or_else(|| panic!("{page} includes no workbook file"));
            assert!(workspace().join(included).is_file(), "{page}: {included}");
            assert_eq!(
                page,
                format!(
                    "{}.md",
                    included.rsplit_once('.').unwrap().0.replace('/', "-")
                ),
                "a source page is named after its file"
            );
            assert!(body.starts_with(&format!("# `{included}`\n")), "{page}");
            assert!(
                summary.contains(&format!("(source/{page})")),
                "{page} is not in SUMMARY.md"
            );
            pages += 1;
        }
    }
    assert!(pages >= 25, "only {pages} links to source pages");
}

/// The anchor mdBook gives a heading from its text (mdBook's
/// `normalize_id`): alphanumerics, `-` and `_` kept, ASCII letters lower-cased
/// (mdBook leaves `Ü` as it is), whitespace to `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .trim_start_matches('#')
        .trim()
        .chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            c if c.is_whitespace() => Some('-'),
            _ => None,
        })
        .collect()
}

#[test]
fn links_and_anchors_are_read_as_mdbook_reads_them() {
    let page = parse(
        "# Über `Code` & more\n\nSee [a](a.md#x) and ![b](figures/b.svg).\n\n\
         ```\n[not](c.md)\n# not a heading\n```\n\nNor `[code](d.md)`.\n\n## Tips\n\n## Tips\n",
    );
    assert_eq!(page.links, ["a.md#x", "figures/b.svg"]);
    assert_eq!(page.anchors, ["Über-code--more", "tips", "tips-1"]);
    assert!(is_external("https://example.org/") && is_external("mailto:a@b.c"));
    assert!(!is_external("testing.md#false-alarms-and-power"));
    // A link is relative to its page's folder, and stays inside the book.
    assert_eq!(resolve("deeper/a.md", "../b.md"), Some("b.md".into()));
    assert_eq!(resolve("deeper/a.md", "c.md"), Some("deeper/c.md".into()));
    assert_eq!(resolve("a.md", "../b.md"), None);
}

/// The text's lines with shell continuations joined, as the shell reads
/// them: a line ending in `\` goes on, after one space, with the next.
fn joined_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let line = if current.is_empty() {
            line
        } else {
            line.trim_start()
        };
        match line.strip_suffix('\\') {
            Some(start) => {
                current.push_str(start.trim_end());
                current.push(' ');
            }
            None => {
                current.push_str(line);
                lines.push(std::mem::take(&mut current));
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// The `shuffler` commands the book shows for its figures, as
/// (figure path relative to the workspace, arguments after `--`).
fn figure_commands() -> Vec<(String, Vec<String>)> {
    let mut commands = Vec::new();
    for (_, text) in chapters() {
        for line in joined_lines(&text) {
            let Some(args) = line
                .trim()
                .strip_prefix("cargo run --release -p reference-shuffler --bin shuffler -- ")
            else {
                continue;
            };
            let args: Vec<String> = args.split_whitespace().map(String::from).collect();
            if let Some(at) = args.iter().position(|a| a == "--svg") {
                commands.push((args[at + 1].clone(), args));
            }
        }
    }
    commands.sort();
    commands.dedup();
    commands
}

#[test]
fn every_figure_is_what_its_command_makes() {
    let commands = figure_commands();
    let figures: Vec<String> = fs::read_dir(src().join("figures"))
        .expect("docs/src/figures")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for figure in &figures {
        // A screenshot is made in a browser, which no test redoes byte for
        // byte; its page shows the command that makes it.
        if figure.ends_with(".png") {
            let shot = format!("--shot docs/src/figures/{figure}");
            assert!(
                chapters()
                    .iter()
                    .any(|(_, text)| joined_lines(text).iter().any(|l| l.contains(&shot))),
                "no page shows the command that makes figures/{figure}"
            );
            // Light enough for a phone, as the SVGs below.
            let bytes = fs::metadata(src().join("figures").join(figure))
                .unwrap()
                .len();
            assert!(
                bytes < 100_000,
                "figures/{figure} is {bytes} bytes: reduce it to a palette \
                 (`pngquant --quality=80-95 --speed 1`)"
            );
            continue;
        }
        assert!(
            commands
                .iter()
                .any(|(path, _)| path == &format!("docs/src/figures/{figure}")),
            "no page shows the command that makes figures/{figure}"
        );
    }
    let scratch = tempfile::tempdir().unwrap();
    for (path, args) in &commands {
        let committed = workspace().join(path);
        assert!(committed.exists(), "{path} is shown but missing");
        // Light enough for a phone, and with a text alternative.
        let svg = fs::read_to_string(&committed).unwrap();
        assert!(svg.len() < 100_000, "{path} is {} bytes", svg.len());
        assert!(svg.contains("<title>"), "{path} has no <title>");
        let fresh = scratch.path().join("figure.svg");
        let mut argv = vec!["shuffler".to_string()];
        argv.extend(args.iter().map(|a| {
            if a == path {
                fresh.to_string_lossy().into_owned()
            } else {
                a.clone()
            }
        }));
        let cli = lab_tools::shuffler::Cli::try_parse_from(&argv)
            .unwrap_or_else(|e| panic!("the book's command for {path} does not parse: {e}"));
        let _ = lab_tools::shuffler::execute(&REFERENCE, &cli);
        assert_eq!(
            fs::read_to_string(&fresh).expect("the command wrote its figure"),
            fs::read_to_string(&committed).unwrap(),
            "{path} is stale: rerun `cargo run --release -p reference-shuffler --bin shuffler -- {}`",
            args.join(" ")
        );
    }
    assert!(commands.len() >= 11, "the book's figures: {commands:?}");
}

/// The start of every command that prints a fairness report.
const FAIRNESS: &str = "cargo run --release -p reference-shuffler --bin shuffler -- fairness ";

/// A report quoted in a ```text block straight after its command is what
/// the command prints today, word for word: each quoted line, in order
/// (the book wraps long lines, and may quote only some of them).
#[test]
fn every_report_shown_is_what_its_command_prints() {
    let mut checked = 0;
    for (name, text) in chapters() {
        let blocks = code_blocks(&text);
        for pair in blocks.windows(2) {
            let [(info, command), (next, quoted)] = pair else {
                continue;
            };
            let command = joined_lines(command).concat();
            let Some(args) = command.trim().strip_prefix(FAIRNESS) else {
                continue;
            };
            if info != "console" || next != "text" {
                continue;
            }
            let argv = ["shuffler", "fairness"]
                .into_iter()
                .chain(args.split_whitespace());
            let cli = lab_tools::shuffler::Cli::try_parse_from(argv)
                .unwrap_or_else(|e| panic!("{name}: `{command}` does not parse: {e}"));
            let Some(lab_tools::shuffler::Command::Fairness(flags)) = &cli.command else {
                panic!("{name}: `{command}` is not a fairness report");
            };
            assert!(flags.seed.is_some(), "{name}: `{command}` needs a --seed");
            let settings = lab_tools::shuffler::fairness_settings(flags);
            let report = lab_tools::fairness::measure(&REFERENCE, &settings, |_| {});
            let printed = lab_tools::fairness::text(&report);
            let printed: Vec<&str> = printed.split_whitespace().collect();
            let mut from = 0;
            for line in quoted_lines(quoted) {
                let words: Vec<&str> = line.split_whitespace().collect();
                let found = (from..=printed.len().saturating_sub(words.len()))
                    .find(|&at| printed[at..].starts_with(&words));
                let Some(at) = found else {
                    panic!(
                        "{name}: `{line}`, quoted after `{command}`, is not what it prints \
                         today (or not in that order):\n{}",
                        printed.join(" ")
                    );
                };
                from = at + words.len();
            }
            checked += 1;
        }
    }
    assert!(checked >= 3, "only {checked} quoted reports");
}

/// The lines of a quoted report, each with the lines the book wrapped it
/// onto (indented by four spaces or more) joined back.
fn quoted_lines(quoted: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for line in quoted.lines().filter(|l| !l.trim().is_empty()) {
        match lines.last_mut() {
            Some(last) if line.starts_with("    ") => {
                last.push(' ');
                last.push_str(line.trim());
            }
            _ => lines.push(line.to_string()),
        }
    }
    lines
}

#[test]
fn wrapped_report_lines_are_joined() {
    let quoted = "A: 1\n  b: 2,\n    p < 1\n\n  c: 3\n";
    assert_eq!(quoted_lines(quoted), ["A: 1", "  b: 2, p < 1", "  c: 3"]);
}

#[test]
fn continued_commands_are_read_whole() {
    let text = "```console\ncargo run -- fairness \\\n    --cards 52 \\\n    --svg a.svg\n```\n";
    assert_eq!(
        joined_lines(text),
        [
            "```console",
            "cargo run -- fairness --cards 52 --svg a.svg",
            "```"
        ]
    );
}

/// Every code block of a page, as (info string, text), as mdBook reads
/// them.
fn code_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut block: Option<(String, String)> = None;
    for event in Parser::new_ext(text, options()) {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.into_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                block = Some((info, String::new()));
            }
            Event::Text(text) => {
                if let Some((_, code)) = &mut block {
                    code.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(block.take()),
            _ => {}
        }
    }
    blocks
}

/// Each line of each code block as a reader sees it, with its block's info
/// string: a hidden line of a Rust block (`# ` first) is shown without its
/// `# ` when the reader unhides it.
fn shown_code_lines(text: &str) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for (info, code) in code_blocks(text) {
        let rust = info.split([',', ' ']).next() == Some("rust");
        for line in code.lines() {
            let indent = &line[..line.len() - line.trim_start().len()];
            let shown = match line.trim_start().strip_prefix('#') {
                Some(rest) if rust && (rest.is_empty() || rest.starts_with(' ')) => {
                    format!("{indent}{}", rest.strip_prefix(' ').unwrap_or(rest))
                }
                _ => line.to_string(),
            };
            lines.push((info.clone(), shown));
        }
    }
    lines
}

/// The widest code line a chapter may write. mdBook's content column is
/// 750 px wide; a code block's text is inset 10 px on each side (`pre >
/// code` has 1rem of padding) and set in Source Code Pro at 0.875 × 16 px =
/// 14 px, 8.4 px a character, so 86 characters fit exactly (in Chromium, 86
/// fit and 87 scroll). 80 keeps a line's end clear of the copy and
/// show-hidden-lines buttons that appear over a block's top right corner,
/// and fits a fallback monospace font up to 0.65 em a character. Print
/// wraps long lines anyway (mdBook's print style sheet).
const CODE_WIDTH: usize = 80;

/// The widest line the column shows whole. Code that a chapter includes
/// from the workbook is laid out by rustfmt, to 100 columns, and shown as
/// it is, so it is held to this instead of `CODE_WIDTH`.
const COLUMN_WIDTH: usize = 86;

#[test]
fn every_code_line_fits_the_column() {
    let mut too_long = Vec::new();
    for (name, text) in chapters() {
        for (info, line) in shown_code_lines(&text) {
            let width = line.chars().count();
            if width > CODE_WIDTH && !line.trim_start().starts_with("{{#include") {
                too_long.push(format!("{name}, ```{info}, {width} characters: {line}"));
            }
        }
        // As mdBook shows it, with the chapter's `{{#include}}`s expanded
        // (by build.rs, into OUT_DIR).
        let expanded = fs::read_to_string(Path::new(env!("OUT_DIR")).join(&name))
            .expect("build.rs expanded every chapter");
        let written = shown_code_lines(&text);
        for (info, line) in shown_code_lines(&expanded) {
            let width = line.chars().count();
            if width > COLUMN_WIDTH && !written.iter().any(|(_, w)| *w == line) {
                too_long.push(format!(
                    "{name}, included in a ```{info}, {width} characters: {line}"
                ));
            }
        }
    }
    assert!(
        too_long.is_empty(),
        "code lines wider than the book's column ({CODE_WIDTH} characters): break a command \
         with `\\`, wrap code as rustfmt would, and wrap output with a deeper indent:\n{}",
        too_long.join("\n")
    );
}

/// mdBook's highlight.js (10.1) colours shell builtins wherever the words
/// stand, so a ```sh block shows the `test` of `cargo test` and the
/// `times` of `--times` as keywords. Commands go in ```console blocks,
/// which it leaves plain (that grammar marks only prompts, and the book
/// writes none, so a copied command pastes as it is); output goes in
/// ```text.
#[test]
fn commands_are_console_blocks() {
    let mut blocks = 0;
    for (name, text) in chapters() {
        for (info, code) in code_blocks(&text) {
            let language = info.split([',', ' ']).next().unwrap_or("");
            assert!(
                !["sh", "bash", "shell", "zsh"].contains(&language),
                "{name}: a ```{info} block: write commands in ```console\n{code}"
            );
            blocks += usize::from(language == "console");
        }
    }
    assert!(blocks >= 20, "only {blocks} ```console blocks");
}

#[test]
fn code_lines_are_read_as_shown() {
    let text = "```rust\n# fn main() {\nlet x = 1;\n#\n#[test]\n# }\n```\n\n\
                ```text\n# not hidden\n```\n\n    indented\n";
    let shown: Vec<(String, String)> = shown_code_lines(text);
    let lines: Vec<&str> = shown.iter().map(|(_, line)| line.as_str()).collect();
    assert_eq!(
        lines,
        [
            "fn main() {",
            "let x = 1;",
            "",
            "#[test]",
            "}",
            "# not hidden",
            "indented"
        ]
    );
    assert_eq!(shown[5].0, "text");
}

/// The chapters of the main path, in reading order: every page that
/// SUMMARY.md lists before its `---` line (the appendices come after it).
fn main_path() -> Vec<String> {
    let summary = fs::read_to_string(src().join("SUMMARY.md")).expect("SUMMARY.md");
    let (path, _appendices) = summary
        .split_once("\n---\n")
        .expect("SUMMARY.md separates the main path from the appendices with ---");
    let pages: Vec<String> = parse(path)
        .links
        .into_iter()
        .filter(|target| !is_external(target))
        .collect();
    let names: Vec<String> = chapters().into_iter().map(|(name, _)| name).collect();
    for page in &pages {
        assert!(
            names.contains(page),
            "SUMMARY.md lists {page}, which is no chapter"
        );
    }
    pages
}

/// The main path stays short enough to read: a chapter's deep dives go to
/// Going deeper, the answers to Answers, and the chapter links them.
#[test]
fn the_main_path_is_at_most_2400_lines_and_no_chapter_over_350() {
    const TOTAL: usize = 2_400;
    const CHAPTER: usize = 350;
    let texts: HashMap<String, String> = chapters().into_iter().collect();
    let path = main_path();
    assert!(path.len() >= 10, "the main path: {path:?}");
    // As `wc -l` counts them: the newline characters.
    let counts: Vec<(String, usize)> = path
        .iter()
        .map(|name| (name.clone(), texts[name].matches('\n').count()))
        .collect();
    let total: usize = counts.iter().map(|(_, lines)| lines).sum();
    let listing = counts
        .iter()
        .map(|(name, lines)| format!("  {lines:>5} {name}"))
        .chain([format!("  {total:>5} total")])
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        total <= TOTAL && counts.iter().all(|(_, lines)| *lines <= CHAPTER),
        "the main path may have at most {TOTAL} lines, and a chapter at most {CHAPTER}; \
         move deep dives to Going deeper (deeper/<chapter>.md):\n{listing}"
    );
}

/// The instructors' chapter teaches grading; `grade`'s operations manual
/// (the sandbox in full, the compile's wall, the speed) lives with its
/// code in `tests/grade/docs/`, summed up in the chapter and linked
/// through its source pages.
#[test]
fn the_instructors_chapter_is_at_most_1000_lines() {
    const CAP: usize = 1_000;
    let text = fs::read_to_string(src().join("instructors.md")).expect("instructors.md");
    // As `wc -l` counts them: the newline characters.
    let lines = text.matches('\n').count();
    assert!(
        lines <= CAP,
        "instructors.md has {lines} lines, at most {CAP}: move `grade`'s internals to \
         tests/grade/docs/ and link them through a page under source/"
    );
    for doc in ["sandbox", "compile-time", "speed"] {
        assert!(
            text.contains(&format!("(source/tests-grade-docs-{doc}.md)")),
            "instructors.md does not link tests/grade/docs/{doc}.md's source page"
        );
    }
}

/// A Markdown file of the workbook shown on a source page is read where it
/// lives too (on GitHub, in a checkout), so its own links, relative to its
/// folder, lead to files that exist and to headings that do.
#[test]
fn the_workbook_docs_shown_in_the_book_link_to_what_exists() {
    let mut checked = 0;
    for entry in fs::read_dir(src().join("source")).expect("docs/src/source") {
        let body = fs::read_to_string(entry.expect("an entry").path()).expect("a page");
        let Some(included) = body
            .lines()
            .find_map(|l| l.strip_prefix("{{#include ../../../"))
            .and_then(|l| l.strip_suffix("}}"))
        else {
            continue;
        };
        if !included.ends_with(".md") {
            continue;
        }
        let text = fs::read_to_string(workspace().join(included)).expect(included);
        for target in parse(&text).links {
            if is_external(&target) {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let resolved = if file.is_empty() {
                workspace().join(included)
            } else {
                let inside = resolve(included, file)
                    .unwrap_or_else(|| panic!("{included}: {target} leaves the workbook"));
                workspace().join(inside)
            };
            assert!(resolved.exists(), "{included}: {target} points at nothing");
            if !fragment.is_empty() {
                let anchors = parse(&fs::read_to_string(&resolved).unwrap()).anchors;
                assert!(
                    anchors.iter().any(|a| a == fragment),
                    "{included}: {target} names no heading (its anchors: {anchors:?})"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} links in the workbook's docs");
}
