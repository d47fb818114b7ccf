//! The check that tells an instructor whose clone of the student edition
//! had its checks edited: the edition `assign` would write now, compared
//! with the clone, file by file.

use std::collections::BTreeSet;
use std::path::Path;

use crate::classroom::assign::{EditionFile, student_files};
use crate::classroom::workflow::WORKFLOW;
use crate::machine::untrusted_tree::{self, Bounds, Found};
use crate::rubric::Rubric;

/// The files of a clone of the student edition that hold or run the
/// checks, and differ from what `grade assign` writes from this workspace.
///
/// A GitHub Classroom repository belongs to its student, checks and
/// workflow included, so its Classroom points are only as good as those
/// files. `grade` never runs them (it grades `exercises/src/` with its own
/// checks), but an instructor comparing the two gradebooks needs to know
/// whose checks were changed. What a student may edit is left out: their
/// `exercises/src/`, the README and `.gitignore`; so is each workflow
/// test's `max-score`, which a later rubric changes.
///
/// # Errors
///
/// When this workspace cannot make the edition (a Gradescope autograder
/// has no stubs to make it from), or the clone cannot be read.
pub fn edited_checks(clone: &Path, root: &Path, rubric: &Rubric) -> anyhow::Result<Vec<String>> {
    let expected: Vec<EditionFile> = student_files(root, rubric)?
        .into_iter()
        .filter(|(path, _)| is_protected(path))
        .collect();
    // The clone as it is on disk, links and all, none followed: git keeps
    // symbolic links, and a clone is its student's to fill.
    let skip = |path: &Path, folder: bool| {
        folder && (path == Path::new(".git") || path.ends_with("target"))
    };
    let found = match untrusted_tree::walk(clone, CLONE_BOUNDS, skip) {
        Ok(found) => found,
        Err(refused) => return Ok(vec![format!("not compared: {refused}")]),
    };
    let of_kind = |link: bool| -> BTreeSet<&Path> {
        found
            .iter()
            .filter(|f| matches!(f, Found::Link(_)) == link)
            .map(Found::path)
            .collect()
    };
    let (files, links) = (of_kind(false), of_kind(true));
    let known: BTreeSet<&Path> = expected.iter().map(|(path, _)| path.as_path()).collect();
    let mut edited = Vec::new();
    for (path, bytes) in &expected {
        let how = if links.iter().any(|link| path.starts_with(link)) {
            "replaced by a symbolic link"
        } else if !files.contains(path.as_path()) {
            "removed"
        } else if is_unchanged(&clone.join(path), path, bytes) {
            continue;
        } else {
            "changed"
        };
        edited.push(format!("{} {how}", path.display()));
    }
    for file in &found {
        let path = file.path();
        let under_checks = ["exercises", "tests", ".cargo", ".github"]
            .iter()
            .any(|top| path.starts_with(top));
        if under_checks && is_protected(path) && !known.contains(path) {
            edited.push(format!("{} added", path.display()));
        }
    }
    edited.sort();
    Ok(edited)
}

/// How far a clone is walked: the student edition is about a hundred files
/// (its `.git` and any `target/` left out).
const CLONE_BOUNDS: Bounds = Bounds {
    depth: 32,
    entries: 20_000,
};

/// Whether the clone's file at `on_disk` is the edition's `bytes`, read no
/// further than a file the edition's size could be: a later rubric only
/// changes the workflow's scores.
fn is_unchanged(on_disk: &Path, path: &Path, bytes: &[u8]) -> bool {
    let limit = bytes.len() as u64 + (64 << 10);
    let Ok(theirs) = untrusted_tree::read(on_disk, limit) else {
        return false;
    };
    if path == Path::new(WORKFLOW) {
        without_scores(&theirs) == without_scores(bytes)
    } else {
        theirs == bytes
    }
}

/// Whether a student edition's file is part of the checks rather than the
/// student's to edit.
fn is_protected(path: &Path) -> bool {
    !(path.starts_with("exercises/src")
        || path == Path::new("README.md")
        || path == Path::new(".gitignore"))
}

fn without_scores(workflow: &[u8]) -> String {
    String::from_utf8_lossy(workflow)
        .lines()
        .filter(|line| !line.trim_start().starts_with("max-score:"))
        .collect::<Vec<_>>()
        .join("\n")
}
