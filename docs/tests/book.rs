//! The book checks itself: every chapter is in the table of contents and
//! compiled, every internal link and image resolves, and every figure is
//! exactly what the command printed beside it makes today.

use std::fs;
use std::path::{Path, PathBuf};

use clap::Parser;

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

/// Every chapter as (file name, text).
fn chapters() -> Vec<(String, String)> {
    let mut chapters: Vec<(String, String)> = fs::read_dir(src())
        .expect("docs/src")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&path).expect("a readable chapter"))
        })
        .collect();
    chapters.sort();
    chapters
}

/// The text outside fenced code blocks, where links are links.
fn prose(text: &str) -> String {
    let mut inside = false;
    let mut kept = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
            continue;
        }
        if !inside {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// The targets of every inline link and image: `[text](target)`.
fn link_targets(text: &str) -> Vec<String> {
    let prose = prose(text);
    let mut targets = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            targets.push(rest[..end].to_string());
        }
    }
    targets
}

#[test]
fn every_chapter_is_listed_and_compiled() {
    let summary = fs::read_to_string(src().join("SUMMARY.md")).expect("SUMMARY.md");
    for (name, _) in chapters() {
        if name == "SUMMARY.md" {
            continue;
        }
        assert!(
            summary.contains(&format!("]({name})")),
            "{name} is not in SUMMARY.md"
        );
        assert!(
            book::CHAPTERS.contains(&name.as_str()),
            "{name} is not compiled by doctests.rs"
        );
    }
    assert_eq!(book::CHAPTERS.len(), 11, "the eleven chapters");
}

#[test]
fn every_internal_link_and_image_resolves() {
    let mut checked = 0;
    for (name, text) in chapters() {
        for target in link_targets(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let resolved = if file.is_empty() {
                src().join(&name)
            } else {
                src().join(file)
            };
            assert!(
                resolved.exists(),
                "{name}: the link to {target} points at nothing"
            );
            if !fragment.is_empty() && resolved.extension().is_some_and(|e| e == "md") {
                let linked = prose(&fs::read_to_string(&resolved).unwrap());
                let headings: Vec<String> = linked
                    .lines()
                    .filter(|line| line.starts_with('#'))
                    .map(slug)
                    .collect();
                assert!(
                    headings.iter().any(|h| h == fragment),
                    "{name}: {target} names no heading of {file} ({headings:?})"
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

/// The id mdBook (and GitHub) give a heading: lower case, spaces to
/// hyphens, punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim_start_matches('#')
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The `shuffler` commands the book shows for its figures, as
/// (figure path relative to the workspace, arguments after `--`).
fn figure_commands() -> Vec<(String, Vec<String>)> {
    let mut commands = Vec::new();
    for (_, text) in chapters() {
        for line in text.lines() {
            let Some(args) = line
                .trim()
                .strip_prefix("cargo run --release -p solutions --bin shuffler -- ")
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
            "{path} is stale: rerun `cargo run --release -p solutions --bin shuffler -- {}`",
            args.join(" ")
        );
    }
    assert!(commands.len() >= 4, "the book's figures: {commands:?}");
}
