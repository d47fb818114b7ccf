//! `exercises/` and `solutions/` mirror each other file for file, with the
//! same public signatures, as rustlings' exercises and solutions do.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("readable source folder") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path.strip_prefix(root).expect("under root").to_path_buf());
            }
        }
    }
    files.sort();
    files
}

/// Every `pub fn` signature in a file, up to its opening brace, with
/// whitespace collapsed.
fn signatures(source: &str) -> Vec<String> {
    source
        .split("\npub fn ")
        .skip(1)
        .map(|rest| {
            let head = rest.split('{').next().unwrap_or_default();
            head.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[test]
fn same_files_and_same_signatures() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    // The stubs as shipped: exercises/ itself may be half done.
    let exercises = workspace.join("tests/stubs/exercises/src");
    let solutions = workspace.join("solutions/src");
    // The one file only the student's crate has: its `shuffler`. The
    // reference's is a crate of its own, tests/reference-shuffler, so that
    // `solutions` need not depend on lab-tools (and through it on this
    // crate, whose tests depend on `solutions`).
    let shuffler = Path::new("bin/shuffler.rs");
    let mut files = rust_files(&exercises);
    assert!(files.iter().any(|file| file == shuffler));
    files.retain(|file| file != shuffler);
    assert!(
        workspace
            .join("tests/reference-shuffler/src")
            .join(shuffler)
            .is_file()
    );
    assert_eq!(files, rust_files(&solutions));
    let mut found = Vec::new();
    for file in &files {
        let stub = fs::read_to_string(exercises.join(file)).expect("readable stub");
        let reference = fs::read_to_string(solutions.join(file)).expect("readable solution");
        assert_eq!(
            signatures(&stub),
            signatures(&reference),
            "{}",
            file.display()
        );
        found.extend(signatures(&stub).into_iter().map(|s| format!("pub fn {s}")));
    }
    // Each exercise of the registry is written with the signature its
    // shape gives, which is what `grade` tells a student who changed it.
    for exercise in workbook::EXERCISES {
        assert!(
            found.contains(&exercise.signature()),
            "no `{}` in the stubs and solutions/src",
            exercise.signature()
        );
    }
}
