//! The book's blocks in other languages run too: each ```python block of a
//! chapter is run on its own with python3, and its asserts are what it
//! checks. They need scipy and numpy (`pip install scipy`), so a plain
//! `cargo test` reports them ignored; `.ci/run` installs the tools and
//! runs them (`cargo test -- --include-ignored`). The R calls of the any-language chapter's table run with Rscript (Debian's
//! `r-base-core`) and must give scipy's numbers.

use std::fs;
use std::path::Path;
use std::process::Command;

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

/// Every ```python block of every chapter, as (chapter, code).
fn python_blocks() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut blocks = Vec::new();
    for chapter in docs::CHAPTERS {
        let text = fs::read_to_string(src.join(chapter)).expect("a readable chapter");
        let mut code: Option<String> = None;
        for event in Parser::new(&text) {
            match event {
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                    if info.split([',', ' ']).next() == Some("python") =>
                {
                    code = Some(String::new());
                }
                Event::Text(text) => {
                    if let Some(code) = code.as_mut() {
                        code.push_str(&text);
                    }
                }
                Event::End(TagEnd::CodeBlock) => {
                    if let Some(code) = code.take() {
                        blocks.push((chapter.to_string(), code));
                    }
                }
                _ => {}
            }
        }
    }
    blocks
}

/// Whether `program args` starts and exits 0.
fn succeeds(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

fn scipy_available() -> bool {
    succeeds("python3", &["-c", "import scipy, numpy"])
}

/// Fails, saying how to install them, unless the tools a test needs are
/// here: an ignored test runs only when asked to, and then must run.
fn require_tools(present: bool, install: &str) {
    assert!(present, "this test needs tools that are missing: {install}");
}

/// Runs `program args`, which must exit 0 (`what` names it if it does
/// not), and returns what it printed.
fn run(program: &str, args: &[&str], what: &str) -> String {
    let output = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} starts: {e}"));
    assert!(
        output.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What the two tests below run is there, whatever tools this machine
/// has.
#[test]
fn the_chapters_have_python_blocks_and_a_table_of_calls() {
    let blocks = python_blocks();
    assert!(
        blocks.len() >= 2,
        "the any-language chapter's blocks: {blocks:?}"
    );
    let rows = table_of_calls();
    assert!(rows.len() >= 3, "the table of calls: {rows:?}");
}

#[test]
#[ignore = "needs python3 with scipy: .ci/run installs it and runs this (cargo test -- --include-ignored)"]
fn every_python_block_runs_and_its_asserts_hold() {
    let blocks = python_blocks();
    require_tools(scipy_available(), "pip install scipy");
    for (chapter, code) in &blocks {
        run(
            "python3",
            &["-c", code],
            &format!("a Python block of {chapter}:\n{code}\n"),
        );
    }
}

/// The runner itself can fail: a block whose assert is false is reported.
#[test]
fn a_false_assert_fails_the_block() {
    if !scipy_available() {
        return;
    }
    assert!(!succeeds("python3", &["-c", "assert 1 + 1 == 3"]));
}

/// The rows of the any-language chapter's table of calls, as (what, the
/// Python call, the R call), each call as written between its backticks.
fn table_of_calls() -> Vec<(String, String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/any-language.md");
    let text = fs::read_to_string(path).expect("a readable chapter");
    let code = |cell: &str| {
        let cell = cell.trim();
        assert!(
            cell.starts_with('`') && cell.ends_with('`'),
            "a call in the table is not code: {cell}"
        );
        cell.trim_matches('`').to_string()
    };
    text.lines()
        .skip_while(|line| !line.starts_with("| what | Python (scipy) | R |"))
        .skip(2) // the header and its |---| line
        .take_while(|line| line.starts_with('|'))
        .map(|row| {
            let cells: Vec<&str> = row.split('|').collect();
            assert_eq!(cells.len(), 5, "a row of three cells: {row}");
            (cells[1].trim().to_string(), code(cells[2]), code(cells[3]))
        })
        .collect()
}

/// The values the table's names stand for: a position test of 52 cards.
const ARGUMENTS: [(&str, &str); 5] = [
    ("x", "2700"),
    ("df", "2601"),
    ("alpha", "1e-6"),
    ("critical", "2958.348"),
    ("lam", "400"),
];

/// The numbers a program prints, one a line.
fn numbers(printed: &str) -> Vec<f64> {
    printed
        .lines()
        .map(|line| {
            line.trim()
                .parse()
                .unwrap_or_else(|_| panic!("a number: {line}"))
        })
        .collect()
}

#[test]
#[ignore = "needs R and scipy: .ci/run installs them and runs this (cargo test -- --include-ignored)"]
fn the_tables_r_calls_give_scipys_numbers() {
    let rows = table_of_calls();
    require_tools(
        scipy_available() && succeeds("Rscript", &["--version"]),
        "pip install scipy; apt-get install r-base-core",
    );
    let python: String = ARGUMENTS
        .iter()
        .map(|(name, value)| format!("{name} = {value}\n"))
        .collect::<String>()
        + "from scipy.stats import chi2, ncx2\n"
        + &rows
            .iter()
            .map(|(_, call, _)| format!("print(repr(float({call})))\n"))
            .collect::<String>();
    let r: String = ARGUMENTS
        .iter()
        .map(|(name, value)| format!("{name} <- {value}\n"))
        .collect::<String>()
        + &rows
            .iter()
            .map(|(_, _, call)| format!("cat(sprintf('%.17g\\n', {call}))\n"))
            .collect::<String>();
    let from_python = numbers(&run("python3", &["-c", &python], &python));
    let from_r = numbers(&run("Rscript", &["-e", &r], &r));
    assert_eq!(from_python.len(), rows.len());
    assert_eq!(from_r.len(), rows.len());
    for (((what, py, r_call), p), r) in rows.iter().zip(&from_python).zip(&from_r) {
        // The two libraries agree to about 1e-12 on these; 1e-9 leaves room
        // for another version and still fails a wrong tail or argument.
        assert!(
            (p - r).abs() <= 1e-9 * p.abs().max(r.abs()),
            "{what}: {py} = {p}, but {r_call} = {r}"
        );
    }
}
