//! Nothing a submission writes reaches a person raw: the `report_*`
//! fixtures of `fixtures/hostile/` (a panic message with links, images and
//! markup; one with terminal escape sequences; one graded under names
//! that collide with grade's own outputs, begin a spreadsheet formula or
//! hold markup and escapes), and a compile error that quotes a line of
//! Markdown links, graded beside two innocent copies of the reference. Their pages load nothing and link nowhere outside `--out`,
//! Gradescope's Markdown renders no link or image from them, what `grade`
//! prints holds no control character, no gradebook cell begins a formula,
//! and every output of grade's is where it belongs.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

mod classes;
mod gradebook;
use classes::fixtures;
use gradebook::{Loses, row};

/// The names `report_names.rs` is graded under, each with its gradebook
/// cell: a leading `'` (and quotes) where a spreadsheet would see a
/// formula, and control characters shown as `\u{..}`.
const NAMES: &[(&str, &str)] = &[
    ("grades.csv", "grades.csv"),
    ("index.html", "index.html"),
    ("submissions", "submissions"),
    (
        "=HYPERLINK(\"x\",\"y\")",
        "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"",
    ),
    ("=1+1", "\"'=1+1\""),
    ("+1", "\"'+1\""),
    ("-2", "\"'-2\""),
    ("@SUM(A1)", "\"'@SUM(A1)\""),
    (
        "<img src=x onerror=alert(1)>",
        "<img src=x onerror=alert(1)>",
    ),
    ("\u{1b}]0;title\u{7}esc", "\\u{1b}]0;title\\u{7}esc"),
    ("line\nforged,100", "\"line\\u{a}forged,100\""),
];

/// The fixtures graded under their own names, and the innocents.
const OWN: &[&str] = &[
    "report_markdown_links",
    "report_names",
    "report_terminal_escapes",
];
const INNOCENT: &[&str] = &["reference", "classmate"];

/// A submission whose compiler's message quotes its own line of Markdown
/// links and HTML: "partly compiled", so it is not one of the hostile
/// class (whose every member is graded), but of this one only.
const COMPILER_MESSAGE: &str = "report_compiler_message";

/// The same, under a name that retitles the terminal, with its gradebook
/// cell: a submission that does not wholly compile is named in the line
/// that closes the table ("partly compiled: 2 (…)"), which printed the
/// name raw until that line escaped it too.
const UNCOMPILABLE_NAME: (&str, &str) = ("\u{1b}]0;partly\u{7}", "\\u{1b}]0;partly\\u{7}");
const UNCOMPILABLE: &str = r#"pub fn reversing_sequence() -> [usize; 3] {
    let draws: [usize; 3] = "[see your grade](javascript:alert(1)) \
        ![x](http://example.invalid/pixel.png) <img src=http://example.invalid/c.png>";
    draws
}"#;

/// The reference with its `reversing_sequence` replaced by [`UNCOMPILABLE`].
fn uncompilable() -> String {
    let reference = std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap();
    let correct = "pub fn reversing_sequence() -> [usize; 3] {\n    [0, 1, 1]\n}";
    assert!(reference.contains(correct), "the reference changed");
    reference.replace(correct, UNCOMPILABLE)
}

/// The class, and its `--out` after one `grade --format csv` run, whose
/// standard output is kept: (class, out, csv).
fn graded() -> &'static (tempfile::TempDir, tempfile::TempDir, Vec<u8>) {
    static GRADED: OnceLock<(tempfile::TempDir, tempfile::TempDir, Vec<u8>)> = OnceLock::new();
    GRADED.get_or_init(|| {
        let class = tempfile::tempdir().unwrap();
        let hostile = fixtures().join("hostile");
        for name in OWN {
            let file = format!("{name}.rs");
            std::fs::copy(hostile.join(&file), class.path().join(&file)).unwrap();
        }
        for (name, _) in NAMES {
            let to = class.path().join(format!("{name}.rs"));
            std::fs::copy(hostile.join("report_names.rs"), to).unwrap();
        }
        for name in INNOCENT {
            let to = class.path().join(format!("{name}.rs"));
            std::fs::copy(fixtures().join("class/reference.rs"), to).unwrap();
        }
        for name in [COMPILER_MESSAGE, UNCOMPILABLE_NAME.0] {
            let to = class.path().join(format!("{name}.rs"));
            std::fs::write(to, uncompilable()).unwrap();
        }
        let out = tempfile::tempdir().unwrap();
        let csv = grade(class.path(), Some(out.path()), &["--format", "csv"]);
        (class, out, csv)
    })
}

/// Runs `grade` on `what` (into `out`, if given) with the test rubric;
/// its stdout.
fn grade(what: &Path, out: Option<&Path>, arguments: &[&str]) -> Vec<u8> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grade"));
    command
        .arg("--rubric")
        .arg(fixtures().join("fast_rubric.toml"))
        .arg(what)
        .args(arguments);
    if let Some(out) = out {
        command.arg("--out").arg(out);
    }
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Every HTML page in `out`.
fn pages(out: &Path) -> Vec<PathBuf> {
    let mut pages = vec![out.join("index.html")];
    for entry in std::fs::read_dir(out.join("submissions")).unwrap() {
        pages.push(entry.unwrap().path().join("index.html"));
    }
    pages
}

/// The side-by-side pages of the pairs flagged alike: the hostile
/// fixtures share the reference, so there are some.
fn side_by_side_pages(out: &Path) -> Vec<PathBuf> {
    let pages: Vec<PathBuf> = std::fs::read_dir(out.join("similar"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert!(!pages.is_empty());
    pages
}

/// Whether `href` is one of the links grade writes: from the class
/// report, to a feedback page or a side-by-side page; from a side-by-side
/// page, to a feedback page, back to the report's section, or to a
/// matching region on itself. A feedback page links nowhere.
fn own_link(href: &str) -> bool {
    let numbered = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
    let feedback = |rest: &str| {
        rest.strip_prefix("submissions/")
            .and_then(|rest| rest.strip_suffix("/index.html"))
            .is_some_and(|id| !id.contains([':', '/', '<', '>']))
    };
    feedback(href)
        || href.strip_prefix("../").is_some_and(feedback)
        || href == "../index.html#similar"
        || href
            .strip_prefix("similar/")
            .and_then(|rest| rest.strip_suffix(".html"))
            .is_some_and(numbered)
        || href
            .strip_prefix("#a")
            .or_else(|| href.strip_prefix("#b"))
            .is_some_and(numbered)
}

/// The values of `attribute="…"` in the tags of `html`. Text a page
/// shows has its `<` escaped, so each `<` opens a tag grade wrote (the
/// style and the charts hold no `<` but their own tags').
fn attributes<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    let opening = format!(" {attribute}=\"");
    html.split('<')
        .map(|rest| &rest[..rest.find('>').unwrap_or(rest.len())])
        .filter_map(|tag| {
            let value = &tag[tag.find(opening.as_str())? + opening.len()..];
            Some(&value[..value.find('"').unwrap()])
        })
        .collect()
}

#[test]
#[ignore = "slow tier: grades a hostile class (about 20 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn no_page_loads_or_links_to_anything_a_submission_wrote() {
    let (_, out, _) = graded();
    let pages = pages(out.path());
    assert_eq!(pages.len(), 3 + OWN.len() + NAMES.len() + INNOCENT.len());
    for page in pages.iter().chain(&side_by_side_pages(out.path())) {
        let html = std::fs::read_to_string(page).unwrap();
        let head = &html[..html.find("</head>").unwrap()];
        assert!(
            head.contains(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            ),
            "{}: no Content-Security-Policy",
            page.display()
        );
        for tag in [
            "<img", "<script", "<iframe", "<object", "<embed", "<base", "<form",
        ] {
            assert!(!html.contains(tag), "{}: {tag}", page.display());
        }
        assert!(attributes(&html, "src").is_empty(), "{}", page.display());
        for href in attributes(&html, "href") {
            assert!(own_link(href), "{}: a link to {href}", page.display());
        }
        assert!(!html.contains('\u{1b}'), "{}: an ESC byte", page.display());
    }
    // The panic message and the compiler's are there, as text.
    for name in ["report_markdown_links", COMPILER_MESSAGE] {
        let page = out.path().join("submissions").join(name).join("index.html");
        let html = std::fs::read_to_string(page).unwrap();
        assert!(
            html.contains("[see your grade](javascript:alert(1))"),
            "{html}"
        );
    }
}

/// Gradescope renders each message of results.json as Markdown: rendered
/// by pulldown-cmark with every extension, no message of a hostile
/// fixture holds a link, an image or markup.
#[test]
#[ignore = "slow tier: grades a hostile class (about 20 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn gradescope_renders_no_link_or_image_from_a_message() {
    let (_, out, _) = graded();
    for name in OWN.iter().chain(&[COMPILER_MESSAGE]) {
        let path = out
            .path()
            .join("submissions")
            .join(name)
            .join("results.json");
        let text = std::fs::read_to_string(path).unwrap();
        let results: serde_json::Value = serde_json::from_str(&text).unwrap();
        let messages = results["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|test| test["output"].as_str().unwrap())
            .chain([results["output"].as_str().unwrap()]);
        let mut quoted = 0;
        for message in messages {
            let mut html = String::new();
            let parser = pulldown_cmark::Parser::new_ext(message, pulldown_cmark::Options::all());
            pulldown_cmark::html::push_html(&mut html, parser);
            for bad in ["<a ", "<img", "<script", "<iframe"] {
                assert!(!html.contains(bad), "{name}: {bad} in {html}");
            }
            quoted += usize::from(message.contains("panicked") || message.contains("E0308"));
        }
        assert!(quoted > 0, "{name}: no message of its own in its results");
    }
}

/// A control character, or a character that reorders a line, in `bytes`
/// other than a line break.
fn first_control(bytes: &[u8]) -> Option<(usize, char)> {
    String::from_utf8_lossy(bytes)
        .char_indices()
        .find(|&(_, c)| {
            (c.is_control() && c != '\n')
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
}

#[test]
#[ignore = "slow tier: grades a hostile class (about 20 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn what_grade_prints_holds_no_control_character() {
    let (class, out, csv) = graded();
    assert_eq!(first_control(csv), None, "the CSV");
    // The table, from the grades just made (a rerun that reuses them).
    let table = grade(class.path(), Some(out.path()), &["--format", "table"]);
    assert_eq!(first_control(&table), None, "the table");
    let table = String::from_utf8(table).unwrap();
    assert!(
        table.contains("\\u{1b}]52;c;") && table.contains("\\u{9b}2J"),
        "the escapes are shown: {table}"
    );
    assert!(table.contains("\\u{1b}]0;title\\u{7}esc: 90 / 100 points"));
    // The class's closing line names it (first by id) among the partly
    // compiled, its escapes shown.
    let class_line = table
        .lines()
        .find(|line| line.starts_with("  did not compile: "))
        .unwrap();
    assert!(
        class_line.contains("partly compiled: ")
            && class_line.contains("(\\u{1b}]0;partly\\u{7}, "),
        "{class_line}"
    );
    assert!(table.contains("line\\u{a}forged,100: 90 / 100 points"));
    // One submission's JSON, graded apart: into the class's --out it would
    // make a gradebook of one.
    let one = class.path().join("report_terminal_escapes.rs");
    let json = grade(&one, None, &["--format", "json"]);
    assert_eq!(first_control(&json), None, "the JSON");
    let json: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(json["extra_data"]["submission"], "report_terminal_escapes");
    // results.json on disk too.
    let saved = out
        .path()
        .join("submissions/report_terminal_escapes/results.json");
    assert_eq!(first_control(&std::fs::read(saved).unwrap()), None);
}

#[test]
#[ignore = "slow tier: grades a hostile class (about 20 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn no_gradebook_cell_begins_a_formula_and_every_row_is_as_expected() {
    let (class, out, csv) = graded();
    let csv = String::from_utf8(csv.clone()).unwrap();
    assert_eq!(
        std::fs::read_to_string(out.path().join("grades.csv")).unwrap(),
        csv,
        "grades.csv is a file, the gradebook, as printed"
    );
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let mut rows = 0;
    for record in reader.records() {
        let record = record.unwrap();
        for cell in record.iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{cell}"
            );
        }
        rows += 1;
    }
    assert_eq!(rows, 2 + OWN.len() + NAMES.len() + INNOCENT.len(), "{csv}");
    let source = |name: &str| std::fs::read_to_string(class.path().join(format!("{name}.rs")));
    let panics = Loses::Only(&["reversing_sequence"]);
    let lines: Vec<&str> = csv.lines().collect();
    for (name, cell) in NAMES {
        let expected = row(cell, panics, "graded", &source(name).unwrap());
        assert!(lines.contains(&expected.as_str()), "{expected} in\n{csv}");
    }
    for name in OWN {
        let expected = row(name, panics, "graded", &source(name).unwrap());
        assert!(lines.contains(&expected.as_str()), "{expected} in\n{csv}");
    }
    for name in INNOCENT {
        let expected = row(name, Loses::Nothing, "graded", &source(name).unwrap());
        assert!(lines.contains(&expected.as_str()), "{expected} in\n{csv}");
    }
    for cell in [COMPILER_MESSAGE, UNCOMPILABLE_NAME.1] {
        let expected = row(cell, panics, "partly compiled", &uncompilable());
        assert!(lines.contains(&expected.as_str()), "{expected} in\n{csv}");
    }
}

/// `grades.csv.rs`, `index.html.rs` and `submissions.rs` stopped the run
/// when each submission's folder stood beside grade's own outputs; now
/// each has a folder of its own under `submissions/`.
#[test]
#[ignore = "slow tier: grades a hostile class (about 20 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn no_submission_collides_with_grades_own_outputs() {
    let (_, out, _) = graded();
    let out = out.path();
    assert!(out.join("grades.csv").is_file());
    let report = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(report.contains("<title>Class report</title>"));
    for (name, _) in NAMES {
        let folder = out.join("submissions").join(name);
        for file in ["results.json", "graded.json", "index.html"] {
            assert!(folder.join(file).is_file(), "{}", folder.display());
        }
    }
    let mut top: Vec<String> = std::fs::read_dir(out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        // A rerun's file being written, by another test here.
        .filter(|name| !name.starts_with('.'))
        .collect();
    top.sort();
    assert_eq!(
        top,
        [
            "grades.csv",
            "index.html",
            "similar",
            "similarity.csv",
            "submissions"
        ]
    );
}

/// The class report and the hostile feedback pages in headless Chromium
/// (`browser_check.py`): no request leaves them, no console error (a load
/// the Content-Security-Policy refused would be one), no link outside
/// `--out`. Ignored by a plain `cargo test`; `.ci/run` installs Chromium
/// and runs it.
#[test]
#[ignore = "needs Chromium: .ci/run installs it and runs this (cargo test -- --include-ignored)"]
fn hostile_pages_make_no_request_in_a_browser() {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .chain(std::env::var("CHROMIUM").ok().as_deref())
        .any(|name| {
            Command::new("sh")
                .args(["-c", &format!("command -v '{name}'")])
                .output()
                .is_ok_and(|o| o.status.success())
        });
    assert!(found, "Chromium is missing: apt-get install chromium");
    let (_, out, _) = graded();
    let pages: Vec<PathBuf> = [
        "report_markdown_links",
        "report_names",
        "=HYPERLINK(\"x\",\"y\")",
        COMPILER_MESSAGE,
    ]
    .iter()
    .map(|name| out.path().join("submissions").join(name).join("index.html"))
    .chain([out.path().join("index.html")])
    .chain(side_by_side_pages(out.path()))
    .collect();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("browser_check.py");
    let output = Command::new("python3")
        .arg(script)
        .args(&pages)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let checked: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(checked.len(), pages.len(), "{stdout}");
    for page in &checked {
        for empty in ["requests", "errors", "broken_links"] {
            assert_eq!(page[empty], serde_json::json!([]), "{page}");
        }
    }
}
