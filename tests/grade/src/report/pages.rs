//! The HTML that `--out` holds beside the grades: the class report,
//! `index.html`, and a feedback page per submission,
//! `submissions/<id>/index.html`, which the report links to. Static files
//! that open from disk. A rerun over the same grades writes the same bytes
//! but for each page's date line, and a page already holding its text is
//! not written again.

use std::collections::BTreeMap;
use std::path::Path;

use crate::machine::output_file::write_atomically;
use crate::report::similar_pages::{FOLDER, PAGES};
use crate::report::wording::RunInfo;
use crate::results::graded::Graded;
use crate::results::similar::Similar;

/// Writes the class report, every submission's feedback page and the
/// side-by-side pages of the flagged pairs into `out`.
pub fn write_all(
    out: &Path,
    done: &BTreeMap<String, Graded>,
    similar: Option<&Similar>,
    run: &RunInfo,
) -> anyhow::Result<()> {
    let all: Vec<&Graded> = done.values().collect();
    for result in &all {
        let dir = crate::results::gradebook::submission_dir(out, &result.submission)?;
        std::fs::create_dir_all(&dir)?;
        write_atomically(
            &dir.join("index.html"),
            &crate::report::feedback_page::page(result, run)?.into_string(),
        )?;
    }
    write_side_by_side(out, similar)?;
    write_atomically(
        &out.join("index.html"),
        &crate::report::class_report::page(&all, similar, run)?.into_string(),
    )
}

/// The side-by-side pages, in a folder of their own that holds nothing
/// else. A page already holding its text is not written again; an earlier
/// run's pages that this run has no pair for (it may have paired students
/// this run does not) are removed, and the folder with them when no pair
/// is flagged.
fn write_side_by_side(out: &Path, similar: Option<&Similar>) -> anyhow::Result<()> {
    let folder = out.join(FOLDER);
    let pairs = similar.map_or(&[][..], |s| &s.report.pairs[..]);
    let pages: Vec<String> = (1..=pairs.len().min(PAGES))
        .map(|rank| format!("{rank}.html"))
        .collect();
    if let Some(similar) = similar.filter(|_| !pages.is_empty()) {
        std::fs::create_dir_all(&folder)?;
        for (pair, (i, name)) in pairs.iter().zip(pages.iter().enumerate()) {
            let page = crate::report::similar_pages::page(similar, i + 1, pair);
            write_atomically(&folder.join(name), &page.into_string())?;
        }
    }
    let cannot_remove = |error: std::io::Error, path: &Path| {
        anyhow::Error::new(error).context(format!("cannot remove the old {}", path.display()))
    };
    let entries = match std::fs::read_dir(&folder) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        entries => entries.map_err(|e| cannot_remove(e, &folder))?,
    };
    for entry in entries {
        let path = entry.map_err(|e| cannot_remove(e, &folder))?.path();
        if !pages
            .iter()
            .any(|name| path.file_name() == Some(name.as_ref()))
        {
            std::fs::remove_file(&path).map_err(|e| cannot_remove(e, &path))?;
        }
    }
    if pages.is_empty() {
        std::fs::remove_dir(&folder).map_err(|e| cannot_remove(e, &folder))?;
    }
    Ok(())
}
