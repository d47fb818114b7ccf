//! The `--out` folder: each submission's results.json (and the mistakes
//! beside it) in `submissions/<id>/`, and the class's grades.csv, each written whole or not at all
//! (`output_file`), so that a killed or concurrent run never leaves a torn
//! file.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::machine::output_file::write_atomically;
use crate::results::{self, Results};

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

/// Writes one finished submission's results.json. Grades reused from an
/// earlier run are already on disk and are not written again. Each file is
/// written to a temporary name and renamed, so a killed run never leaves a
/// half-written file.
pub(crate) fn save_results(out: &Path, result: &Results) -> anyhow::Result<()> {
    let dir = submission_dir(out, &result.extra_data.submission)?;
    fs::create_dir_all(&dir)?;
    // The mistakes first: a results.json without them is graded again.
    let mistakes = crate::results::mistakes::text(&result.mistakes)?;
    write_atomically(&dir.join(crate::results::mistakes::FILE), &mistakes)?;
    // As `grade --format json` prints it: no raw control character.
    let text = crate::terminal::json(result)? + "\n";
    write_atomically(&dir.join("results.json"), &text)
}

/// Rewrites the gradebook from every grade known so far.
pub(crate) fn save_gradebook(out: &Path, done: &BTreeMap<String, Results>) -> anyhow::Result<()> {
    let all: Vec<&Results> = done.values().collect();
    write_atomically(&out.join("grades.csv"), &results::csv(&all)?)
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
