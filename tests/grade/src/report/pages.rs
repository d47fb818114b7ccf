//! The HTML that `--out` holds beside the grades: the class report,
//! `index.html`, and a feedback page per submission,
//! `submissions/<id>/index.html`, which the report links to. Static files
//! that open from disk. A rerun over the same grades writes the same bytes
//! but for each page's date line, and a page already holding its text is
//! not written again.

use std::collections::BTreeMap;
use std::path::Path;

use crate::machine::output_file::write_atomically;
use crate::report::wording::RunInfo;
use crate::results::graded::Graded;

/// Writes the class report and every submission's feedback page into
/// `out`.
pub fn write_all(out: &Path, done: &BTreeMap<String, Graded>, run: &RunInfo) -> anyhow::Result<()> {
    let all: Vec<&Graded> = done.values().collect();
    for result in &all {
        let dir = crate::results::gradebook::submission_dir(out, &result.submission)?;
        std::fs::create_dir_all(&dir)?;
        write_atomically(
            &dir.join("index.html"),
            &crate::report::feedback_page::page(result, run)?.into_string(),
        )?;
    }
    write_atomically(
        &out.join("index.html"),
        &crate::report::class_report::page(&all, run)?.into_string(),
    )
}
