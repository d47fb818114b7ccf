//! Who may have copied whom: the pairs of submissions whose own code is
//! alike past a threshold, and the groups they form, as the `similarity`
//! crate finds them (normalised tokens, winnowed, each shared fingerprint
//! weighed by its rarity in the class). The stubs every student started
//! from are its base, so their text, and a function left as it was, is
//! evidence of nothing. [`Similar`] is the class's value that the terminal's
//! summary, `similarity.csv` ([`csv`]) and the class report's section and
//! side-by-side pages render.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use similarity::{Base, Config, Index, Report, SourceFile};

use crate::build::discover::Submission;

/// The file in `--out` that lists the flagged pairs.
pub(crate) const CSV_FILE: &str = "similarity.csv";

/// What comparing a class found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Similar {
    /// Pairs at or above it are flagged.
    pub(crate) threshold: f64,
    /// How many submissions were compared: those that could be read.
    pub(crate) compared: usize,
    /// The flagged pairs, most similar first, and the groups of three or
    /// more that they join.
    pub(crate) report: Report,
    /// The files of every submission in a flagged pair, by id: what the
    /// side-by-side pages show, and nothing of anyone else's.
    pub(crate) sources: BTreeMap<String, Vec<SourceFile>>,
}

/// Compares every pair of `submissions` that could be read, flagging
/// those at or above `threshold`.
///
/// Complexity: that of [`Index::build`] and [`Index::report`], about
/// linear in the class's code (1,000 submissions in 0.33 s, 2026-11-28).
pub(crate) fn compare(submissions: &[Submission], threshold: f64) -> Similar {
    let config = Config {
        threshold,
        ..Config::default()
    };
    let base = Base::new(stub_texts().iter().map(String::as_str), &config);
    let class: Vec<similarity::Submission> = submissions
        .iter()
        .filter(|s| s.problem.is_none())
        .map(|s| similarity::Submission {
            id: s.id.clone(),
            files: s
                .files
                .iter()
                .map(|(path, text)| SourceFile {
                    name: path.display().to_string(),
                    text: text.clone(),
                })
                .collect(),
        })
        .collect();
    // `Index::build` lexes on threads of its own, so the table of every
    // text it read, which the lexer keeps per thread (about 3 KB a
    // submission), goes with them rather than staying with grade.
    let report = Index::build(&class, &base, &config).report();
    let compared = class.len();
    let flagged: BTreeSet<&str> = report
        .pairs
        .iter()
        .flat_map(|p| [p.a.as_str(), p.b.as_str()])
        .collect();
    let sources = class
        .into_iter()
        .filter(|s| flagged.contains(s.id.as_str()))
        .map(|s| (s.id, s.files))
        .collect();
    Similar {
        threshold,
        compared,
        report,
        sources,
    }
}

/// The stubs' source files as shipped: the frozen copy in a workspace
/// (`tests/stubs/exercises/src`), or in the autograder, where the stubs
/// are `exercises/` itself, read once a process (`--watch` compares the
/// class again on every change). None found leaves an empty base: the
/// lab's given text then counts as rare as it is in the class.
fn stub_texts() -> &'static [String] {
    static STUBS: OnceLock<Vec<String>> = OnceLock::new();
    STUBS.get_or_init(|| {
        let root = crate::machine::host::workspace_root();
        ["tests/stubs/exercises/src", "exercises/src"]
            .into_iter()
            .map(|folder| root.join(folder))
            .find(|src| src.join("lib.rs").is_file())
            .and_then(|src| crate::build::discover::read_tree(&src).ok())
            .map(|files| files.into_iter().map(|(_, text)| text).collect())
            .unwrap_or_default()
    })
}

/// A similarity as every report writes it: two decimals.
pub(crate) fn shown(similarity: f64) -> String {
    format!("{similarity:.2}")
}

/// `similarity.csv`: a header, then one row per flagged pair, most similar
/// first. The ids are the only cells a submission wrote, made safe as the
/// gradebook's are.
pub(crate) fn csv(similar: &Similar) -> anyhow::Result<String> {
    let header = ["submission_a", "submission_b", "similarity"].map(String::from);
    let mut text = crate::results::csv_row::header(&header)?;
    for pair in &similar.report.pairs {
        text += &crate::results::csv_row::row_of(&[&pair.a, &pair.b], &[shown(pair.similarity)])?;
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn submission(id: &str, text: &str) -> Submission {
        Submission {
            id: id.to_string(),
            origin: PathBuf::from(id),
            files: vec![(PathBuf::from("lib.rs"), text.to_string())],
            problem: None,
            edited_checks: Vec::new(),
        }
    }

    const CODE: &str = "pub fn f(v: &[i32]) -> usize { let mut n = 0; for x in v { \
        if *x > 3 { n += 2; } else { n -= 1; } } n }";

    #[test]
    fn a_copy_is_flagged_and_written_safely() {
        let class = [
            submission("=a", CODE),
            submission("b", &CODE.replace('n', "count")),
            submission("c", "pub fn f(v: &[i32]) -> usize { v.iter().count() }"),
        ];
        let similar = compare(&class, 0.5);
        assert_eq!(similar.compared, 3);
        assert_eq!(similar.report.pairs.len(), 1);
        assert_eq!(similar.sources.keys().collect::<Vec<_>>(), ["=a", "b"]);
        let csv = csv(&similar).unwrap();
        assert!(
            csv.starts_with("submission_a,submission_b,similarity\n\"'=a\",b,"),
            "{csv}"
        );
    }

    #[test]
    fn the_stubs_are_found_and_unreadable_submissions_are_not_compared() {
        assert!(stub_texts().len() >= 8, "the stubs were not found");
        let mut broken = submission("b", CODE);
        broken.problem = Some("unreadable".into());
        let similar = compare(&[submission("a", CODE), broken], 0.5);
        assert_eq!(similar.compared, 1);
        assert!(similar.report.pairs.is_empty());
    }
}
