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
/// else: an earlier run's pages, which may pair students this run does
/// not, go first.
fn write_side_by_side(out: &Path, similar: Option<&Similar>) -> anyhow::Result<()> {
    let folder = out.join(FOLDER);
    match std::fs::remove_dir_all(&folder) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            return Err(anyhow::Error::new(error)
                .context(format!("cannot remove the old {}", folder.display())));
        }
        _ => {}
    }
    let Some(similar) = similar.filter(|s| !s.report.pairs.is_empty()) else {
        return Ok(());
    };
    std::fs::create_dir_all(&folder)?;
    for (i, pair) in similar.report.pairs.iter().take(PAGES).enumerate() {
        write_atomically(
            &folder.join(format!("{}.html", i + 1)),
            &crate::report::similar_pages::page(similar, i + 1, pair).into_string(),
        )?;
    }
    Ok(())
}
