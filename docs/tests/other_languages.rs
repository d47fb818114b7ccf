//! The book's blocks in other languages run too: each ```python block of a
//! chapter is run on its own with python3, and its asserts are what it
//! checks. They need scipy and numpy (`pip install scipy`), which CI
//! installs; elsewhere, without them, the test says what it skipped.

use std::fs;
use std::path::Path;
use std::process::Command;

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

/// Every ```python block of every chapter, as (chapter, code).
fn python_blocks() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut blocks = Vec::new();
    for chapter in book::CHAPTERS {
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

fn scipy_available() -> bool {
    Command::new("python3")
        .args(["-c", "import scipy, numpy"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn every_python_block_runs_and_its_asserts_hold() {
    let blocks = python_blocks();
    assert!(
        blocks.len() >= 2,
        "the any-language chapter's blocks: {blocks:?}"
    );
    if !scipy_available() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the book's Python blocks: pip install scipy"
        );
        eprintln!("python3 with scipy and numpy is not installed: the Python blocks were not run");
        return;
    }
    for (chapter, code) in &blocks {
        let output = Command::new("python3")
            .args(["-c", code])
            .output()
            .expect("python3 starts");
        assert!(
            output.status.success(),
            "a Python block of {chapter} failed:\n{code}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// The runner itself can fail: a block whose assert is false is reported.
#[test]
fn a_false_assert_fails_the_block() {
    if !scipy_available() {
        return;
    }
    let output = Command::new("python3")
        .args(["-c", "assert 1 + 1 == 3"])
        .output()
        .expect("python3 starts");
    assert!(!output.status.success());
}
