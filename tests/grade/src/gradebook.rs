//! The `--out` folder: each submission's results.json (and the mistakes
//! beside it) and the class's grades.csv, each written whole or not at all
//! (`output_file`), so that a killed or concurrent run never leaves a torn
//! file.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::output_file::write_atomically;
use crate::report::{self, Results};

/// Writes one finished submission's results.json. Grades reused from an
/// earlier run are already on disk and are not written again. Each file is
/// written to a temporary name and renamed, so a killed run never leaves a
/// half-written file.
pub(crate) fn save_results(out: &Path, result: &Results) -> anyhow::Result<()> {
    let dir = out.join(&result.extra_data.submission);
    fs::create_dir_all(&dir)?;
    // The mistakes first: a results.json without them is graded again.
    let mistakes = crate::mistakes::text(&result.mistakes)?;
    write_atomically(&dir.join(crate::mistakes::FILE), &mistakes)?;
    let text = serde_json::to_string_pretty(result)? + "\n";
    write_atomically(&dir.join("results.json"), &text)
}

/// Rewrites the gradebook from every grade known so far.
pub(crate) fn save_gradebook(out: &Path, done: &BTreeMap<String, Results>) -> anyhow::Result<()> {
    let all: Vec<&Results> = done.values().collect();
    write_atomically(&out.join("grades.csv"), &report::csv(&all)?)
}
