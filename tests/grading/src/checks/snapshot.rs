//! Exact outputs pinned with insta snapshots.
//!
//! The checks compare against the snapshot files' bodies, embedded at
//! compile time, so the verdict does not depend on insta's settings or on
//! finding the workspace at run time. A failing comparison is told by the
//! check's own message, which names the first line that differs: insta is
//! asked for the same assertion only when a maintainer re-pins the outputs
//! (`INSTA_UPDATE=always` or `new`) from the reference's suite, the one
//! run that calls [`let_this_run_repin`]. Any other run (a student's, whose
//! insta box ending "Run `cargo insta test`" would only point at a tool
//! they need not install; `grade`'s; a test that puts wrong fixtures
//! through the checks) never writes a snapshot, whatever `INSTA_UPDATE`
//! says, so no wrong answer can be pinned by accident.

#[cfg(feature = "repin")]
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether this process may re-pin: set by the reference's suite alone.
#[cfg(feature = "repin")]
static MAY_REPIN: AtomicBool = AtomicBool::new(false);

/// Lets a failing comparison in this process ask insta to write the new
/// output when `INSTA_UPDATE` asks: for the reference's suite only (see
/// [`grading_suite!`](crate::grading_suite)).
#[cfg(feature = "repin")]
pub fn let_this_run_repin() {
    MAY_REPIN.store(true, Ordering::Relaxed);
}

/// Whether a failing comparison should go through insta.
#[cfg(feature = "repin")]
pub(crate) fn repins() -> bool {
    repinning(
        MAY_REPIN.load(Ordering::Relaxed),
        std::env::var("INSTA_UPDATE").ok().as_deref(),
    )
}

/// Whether a run that `may_repin` is asked by `INSTA_UPDATE` to write
/// snapshots.
#[cfg(any(feature = "repin", test))]
fn repinning(may_repin: bool, insta_update: Option<&str>) -> bool {
    may_repin && matches!(insta_update, Some("always" | "new"))
}

/// The body of an insta `.snap` file: what follows its metadata header.
pub(crate) fn body(file: &str) -> &str {
    file.strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map_or(file, |(_, body)| body)
}

/// Whether `transcript` matches the pinned snapshot `file` (as insta
/// compares: trailing whitespace aside).
pub(crate) fn matches(file: &str, transcript: &str) -> bool {
    body(file).trim_end() == transcript.trim_end()
}

/// Compares with the snapshot `$name` of module `$module` (the calling
/// check module, as insta names its files); on a mismatch while a
/// maintainer re-pins, lets insta write the new output.
macro_rules! pinned {
    ($module:ident, $name:literal, $transcript:expr) => {{
        let transcript: &str = &$transcript;
        let file = include_str!(concat!(
            "snapshots/grading__checks__",
            stringify!($module),
            "__",
            $name,
            ".snap"
        ));
        let matched = $crate::checks::snapshot::matches(file, transcript);
        // Only a build with the `repin` feature can re-pin; `grade` and a
        // student's build leave insta out.
        #[cfg(feature = "repin")]
        if !matched && $crate::checks::snapshot::repins() {
            let _ = std::panic::catch_unwind(|| insta::assert_snapshot!($name, transcript));
        }
        matched
    }};
}
pub(crate) use pinned;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_body_after_the_header() {
        let file = "---\nsource: x.rs\nexpression: t\n---\nline 1\nline 2\n";
        assert_eq!(body(file), "line 1\nline 2\n");
        assert!(matches(file, "line 1\nline 2"));
        assert!(!matches(file, "line 1\nline 3"));
    }

    /// A student's run, the workspace's settings and the student edition's
    /// forced `no` all keep insta quiet; a maintainer's re-pin does not,
    /// and only from the reference's suite.
    #[test]
    fn insta_speaks_only_when_a_maintainer_repins_from_the_reference() {
        assert!(!repinning(true, None));
        assert!(!repinning(true, Some("no")));
        assert!(!repinning(true, Some("auto")));
        assert!(repinning(true, Some("always")));
        assert!(repinning(true, Some("new")));
        assert!(!repinning(false, Some("always")));
        assert!(!repinning(false, Some("new")));
    }
}
