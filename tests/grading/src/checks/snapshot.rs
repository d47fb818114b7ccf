//! Exact outputs pinned with insta snapshots.
//!
//! The checks compare against the snapshot files' bodies, embedded at
//! compile time, so the verdict does not depend on insta's settings or on
//! finding the workspace at run time. When a comparison fails under
//! `cargo test`, insta is asked for the same assertion so the student sees
//! its diff; the `grade` command turns that off with [`set_quiet`].

use std::sync::atomic::{AtomicBool, Ordering};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Stops failing snapshot checks from printing insta's diff to stderr.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

pub(crate) fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
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

/// Compares with the snapshot `$name` of module `$module`; on a mismatch
/// under `cargo test`, lets insta print its diff.
macro_rules! pinned {
    ($module:literal, $name:literal, $transcript:expr) => {{
        let transcript: &str = &$transcript;
        let file = include_str!(concat!(
            "snapshots/grading__checks__",
            $module,
            "__",
            $name,
            ".snap"
        ));
        let matched = $crate::checks::snapshot::matches(file, transcript);
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
}
