//! Whether a grade in `--out` is still current: fingerprints of what a
//! grade depends on (the source, the rubric and the grader), so that a rerun
//! regrades only what changed.

use std::fs;
use std::path::Path;

use anyhow::Context;
use sha2::{Digest, Sha256};

use crate::build::discover::Submission;
use crate::results::graded::{self, Graded};

/// Identifies everything a grade depends on besides the source: the rubric
/// and the grader itself (its executable's bytes).
pub(crate) fn grader_fingerprint(rubric_text: &str) -> anyhow::Result<String> {
    let mut hasher = Sha256::new();
    hasher.update(rubric_text.as_bytes());
    let exe = std::env::current_exe().context("finding the grade executable")?;
    hasher.update(fs::read(&exe).with_context(|| format!("reading {}", exe.display()))?);
    Ok(format!("{:x}", hasher.finalize()))
}

pub(crate) fn fingerprint(submission: &Submission, grader: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(submission.content_hash().as_bytes());
    hasher.update(grader.as_bytes());
    format!("{:x}", hasher.finalize())
}

/// A previous grade in `out`, if it was made from the same source, rubric
/// and grader and its file is of this grader's version.
pub(crate) fn cached(out: &Path, submission: &Submission, grader: &str) -> Option<Graded> {
    let dir = crate::results::gradebook::submission_dir(out, &submission.id).ok()?;
    let text = fs::read_to_string(dir.join(graded::FILE)).ok()?;
    let previous = graded::read(&text)?;
    (previous.fingerprint == fingerprint(submission, grader)).then_some(previous)
}
