//! No shipped source names an exercise in a string but the registry: code
//! that needs an exercise's name takes it from the typed names the
//! registry expands to (`grading::check::<exercise>::EXERCISE`,
//! `LabExercise`, `workbook::EXERCISES`), so renaming or adding an
//! exercise cannot leave a decision made on a stale string. Unit tests
//! (after `#[cfg(test)]`) and comments may quote names: they decide nothing.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root, two folders above this crate.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The lines of `source` that are not comments.
fn code_lines(source: &str) -> impl Iterator<Item = &str> {
    source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
}

/// The lines of `source` before its unit tests that quote one of `names`
/// as a whole string, comments aside.
fn quoting(source: &str, names: &[&str]) -> Vec<String> {
    let code = source.split("#[cfg(test)]").next().unwrap_or(source);
    code_lines(code)
        .filter(|line| names.iter().any(|n| line.contains(&format!("\"{n}\""))))
        .map(|line| line.trim().to_string())
        .collect()
}

#[test]
fn the_scan_finds_a_quoted_name_and_ignores_tests_and_comments() {
    let names = ["flip"];
    assert_eq!(
        quoting("fn a() { if e == \"flip\" {} }", &names),
        ["fn a() { if e == \"flip\" {} }"]
    );
    assert!(quoting("/// such as \"flip\"\nfn a() {}", &names).is_empty());
    assert!(quoting("fn a() {}\n#[cfg(test)]\nconst F: &str = \"flip\";", &names).is_empty());
    assert!(quoting("const F: &str = \"flips\";", &names).is_empty());
}

#[test]
fn no_shipped_source_but_the_registry_quotes_an_exercise_name() {
    let names: Vec<&str> = workbook::EXERCISES.iter().map(|e| e.name).collect();
    let root = root();
    let mut files = Vec::new();
    for folder in ["exercises/src", "solutions/src"] {
        sources(&root.join(folder), &mut files);
    }
    for entry in fs::read_dir(root.join("tests")).unwrap().flatten() {
        sources(&entry.path().join("src"), &mut files);
    }
    let registry = root.join("tests/workbook/src/registry.rs");
    assert!(files.len() > 100, "only {} sources found", files.len());
    let mut quoted = Vec::new();
    for file in files.iter().filter(|f| **f != registry) {
        for line in quoting(&fs::read_to_string(file).unwrap(), &names) {
            quoted.push(format!("{}: {line}", file.display()));
        }
    }
    assert!(quoted.is_empty(), "{}", quoted.join("\n"));
}

/// The registry is expanded once: one call of `with_exercises!` in all
/// the shipped sources and their tests, and one matcher of its normal form
/// (`exercises [ $( …`), the expansion's, besides the reader's own
/// grammar. A second consumer would restate the list's shape, and a field
/// added to every exercise would have to be read twice.
#[test]
fn the_registry_is_expanded_once() {
    let root = root();
    let mut files = Vec::new();
    for folder in ["exercises", "solutions", "tests", "docs"] {
        sources(&root.join(folder), &mut files);
    }
    // This file quotes what it looks for.
    files.retain(|f| {
        !f.components().any(|c| c.as_os_str() == "target")
            && !f.ends_with("tests/grading/tests/names_from_the_registry.rs")
    });
    assert!(files.len() > 100, "only {} sources found", files.len());
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
            (name, fs::read_to_string(f).unwrap())
        })
        .collect();
    let count = |needle: &str| -> Vec<String> {
        texts
            .iter()
            .filter(|(_, text)| code_lines(text).any(|line| line.contains(needle)))
            .map(|(name, _)| name.clone())
            .collect()
    };
    let expansion = ["tests/workbook/src/expansion.rs".to_string()];
    assert_eq!(
        count("with_exercises!("),
        expansion,
        "calls of the registry"
    );
    assert_eq!(
        count("exercises [ $("),
        expansion,
        "matchers of its normal form"
    );
}

#[test]
fn the_count_sees_code_and_skips_comments() {
    let source = "/// with_exercises!([x])\n// exercises [ $(\nwith_exercises!([expand]);\n";
    let with = |needle| {
        code_lines(source)
            .filter(|line| line.contains(needle))
            .count()
    };
    assert_eq!(with("with_exercises!("), 1);
    assert_eq!(with("exercises [ $("), 0);
}
