//! The check that tells an instructor whose clone of the student edition
//! had its checks edited: the edition `assign` would write now, compared
//! with the clone, file by file.

use std::fs;
use std::path::Path;

use crate::classroom::assign::{EditionFile, student_files, walk};
use crate::classroom::workflow::WORKFLOW;
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
    let mut edited = Vec::new();
    for (path, bytes) in &expected {
        let theirs = fs::read(clone.join(path)).ok();
        let same = theirs.as_ref().is_some_and(|theirs| {
            if path == Path::new(WORKFLOW) {
                without_scores(theirs) == without_scores(bytes)
            } else {
                theirs == bytes
            }
        });
        if !same {
            let how = if theirs.is_some() {
                "changed"
            } else {
                "removed"
            };
            edited.push(format!("{} {how}", path.display()));
        }
    }
    for top in ["exercises", "tests", ".cargo", ".github"] {
        let mut found = Vec::new();
        if clone.join(top).is_dir() {
            walk(&clone.join(top), &mut found)?;
        }
        for file in found {
            let path = file.strip_prefix(clone).expect("walked from the clone");
            if is_protected(path) && !expected.iter().any(|(known, _)| known == path) {
                edited.push(format!("{} added", path.display()));
            }
        }
    }
    edited.sort();
    Ok(edited)
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
