//! The `--out` folder: each submission's graded.json (the record a rerun
//! reads back) and results.json (Gradescope's rendering of it) in
//! `submissions/<id>/`, and the class's grades.csv, each written whole or
//! not at all
//! (`output_file`), so that a killed or concurrent run never leaves a torn
//! file.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::machine::output_file::write_atomically;
use crate::results::graded::{self, Graded};
use crate::results::similar::{CSV_FILE, Similar};

/// The folder of `--out` that holds a folder per submission. A
/// submission's id is a name it chose: in a folder of their own, no id
/// (`grades.csv`, `index.html`) can name one of grade's own outputs.
pub(crate) const SUBMISSIONS: &str = "submissions";

/// The folder of submission `id`'s outputs in `out`:
/// `out/submissions/<id>/`. An id that names no folder of its own (empty,
/// `.` or `..`, which `grade .` or a file named `...rs` would give) is
/// refused, in one line.
pub(crate) fn submission_dir(out: &Path, id: &str) -> anyhow::Result<PathBuf> {
    if matches!(id, "" | "." | "..") || id.contains('/') {
        anyhow::bail!(
            "a submission named {id:?} cannot have a folder of its own in {}: \
             give it a name (grade its folder from outside it)",
            out.display()
        );
    }
    Ok(out.join(SUBMISSIONS).join(id))
}

/// Writes one finished submission's graded.json and results.json. Grades
/// reused from an earlier run are already on disk and are not written
/// again. Each file is written to a temporary name and renamed, so a
/// killed run never leaves a half-written file.
pub(crate) fn save(out: &Path, graded: &Graded) -> anyhow::Result<()> {
    let dir = submission_dir(out, &graded.submission)?;
    fs::create_dir_all(&dir)?;
    // As `grade --format json` prints it: no raw control character.
    let results = crate::results::gradescope::results(graded);
    write_atomically(
        &dir.join("results.json"),
        &(crate::terminal::json(&results)? + "\n"),
    )?;
    // The record last: a folder without it is graded again.
    write_atomically(&dir.join(graded::FILE), &graded::text(graded)?)
}

/// Rewrites the gradebook from every grade known so far.
pub(crate) fn save_gradebook(out: &Path, done: &BTreeMap<String, Graded>) -> anyhow::Result<()> {
    let all: Vec<&Graded> = done.values().collect();
    write_atomically(
        &out.join("grades.csv"),
        &crate::results::grades_csv::csv(&all)?,
    )
}

/// Writes `similarity.csv` from what comparing found; when nothing was
/// compared, removes the one an earlier run left, which would speak for a
/// class it no longer describes.
pub(crate) fn save_similar(out: &Path, similar: Option<&Similar>) -> anyhow::Result<()> {
    let path = out.join(CSV_FILE);
    match similar {
        Some(similar) => write_atomically(&path, &crate::results::similar::csv(similar)?),
        None => match fs::remove_file(&path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                Err(anyhow::Error::new(error).context(format!("cannot remove {}", path.display())))
            }
            _ => Ok(()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_id_reaches_grades_own_outputs() {
        let out = Path::new("out");
        for id in ["grades.csv", "index.html", "submissions"] {
            let dir = submission_dir(out, id).unwrap();
            assert_eq!(dir, out.join("submissions").join(id));
        }
        for id in ["", ".", "..", "a/b"] {
            let error = submission_dir(out, id).unwrap_err().to_string();
            assert!(!error.contains('\n'), "one line: {error}");
        }
    }
}
