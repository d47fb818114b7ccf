//! Exact outputs pinned with insta snapshots.
//!
//! The checks compare against the snapshot files' bodies, embedded at
//! compile time, so the verdict does not depend on insta's settings or on
//! finding the workspace at run time. A failing comparison is told by the
//! check's own message, which names the first line that differs: insta is
//! asked for the same assertion only when a maintainer re-pins the outputs
//! (`INSTA_UPDATE=always` or `new`), since its box in the middle of a
//! student's run, ending "Run `cargo insta test`", says the same thing
//! less clearly and points at a tool the student need not install. The
//! `grade` command never asks it ([`set_quiet`]).

use std::sync::atomic::{AtomicBool, Ordering};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Stops failing snapshot checks from printing insta's diff to stderr.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether a failing comparison should go through insta: only when a
/// maintainer asks it to write the new outputs, never under `grade`.
#[cfg(feature = "repin")]
pub(crate) fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed) || !repinning(std::env::var("INSTA_UPDATE").ok().as_deref())
}

/// Whether `INSTA_UPDATE` asks insta to write snapshots.
#[cfg(any(feature = "repin", test))]
fn repinning(insta_update: Option<&str>) -> bool {
    matches!(insta_update, Some("always" | "new"))
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
        if !matched && !$crate::checks::snapshot::quiet() {
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
    /// forced `no` all keep insta quiet; a maintainer's re-pin does not.
    #[test]
    fn insta_speaks_only_when_a_maintainer_repins() {
        assert!(!repinning(None));
        assert!(!repinning(Some("no")));
        assert!(!repinning(Some("auto")));
        assert!(repinning(Some("always")));
        assert!(repinning(Some("new")));
    }
}
