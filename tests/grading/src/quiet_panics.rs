//! Keeps the panics a check expects off the terminal: a student's panic
//! is reported by its check, and a probe's by whoever made it. A module
//! of its own, below both the runner and the diagnosis, which each need
//! it (the runner calls the diagnosis, so neither may hold it).

use std::panic;

thread_local! {
    /// Whether this thread runs a check: the runner sets it, and the hook
    /// keeps such a thread's panics off the terminal.
    pub(crate) static ON_CHECK_THREAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Where the last panic on this check thread happened, for its report.
    pub(crate) static PANICKED_AT: std::cell::Cell<Option<String>> = const { std::cell::Cell::new(None) };
}

/// Keeps the panics of check threads off the terminal and remembers where
/// each happened; other panics go to the hook that was there before.
///
/// A check's report already says what panicked, where and on what input.
/// The default hook would print the same panic first, in the words of the
/// standard library, and with `RUST_BACKTRACE=1` (which editors often
/// set) a backtrace of some 80 lines through the grading suite, once for
/// every failing check. Installed once per process, however often called.
pub fn quiet_check_panics() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if QUIET.get() {
                // Expected, and reported by whoever silenced it.
            } else if is_check_thread() {
                let at = info
                    .location()
                    .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
                PANICKED_AT.set(at);
            } else {
                previous(info);
            }
        }));
    });
}

thread_local! {
    /// Whether a [`QuietPanics`] guard lives on this thread.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps this thread's panics off the terminal while it lives: the one
/// panic silencer of the workspace, for code that expects panics and
/// reports them itself (a probe of a student's function, the comparator
/// sort's panics counted by the fairness tools). Other threads' panics
/// print as before. It shares [`quiet_check_panics`]'s hook.
#[derive(Debug)]
pub struct QuietPanics {
    was: bool,
}

impl QuietPanics {
    /// Silences this thread's panics until the guard is dropped.
    #[must_use = "the panics are silenced only while the guard lives"]
    pub fn new() -> QuietPanics {
        quiet_check_panics();
        QuietPanics {
            was: QUIET.replace(true),
        }
    }
}

impl Default for QuietPanics {
    fn default() -> QuietPanics {
        QuietPanics::new()
    }
}

impl Drop for QuietPanics {
    fn drop(&mut self) {
        QUIET.set(self.was);
    }
}

/// Whether this thread runs a check: its panics (a student's, or a
/// grader's way of stopping a check) become the check's [`Outcome`], so a
/// panic hook should keep them off the terminal.
pub fn is_check_thread() -> bool {
    ON_CHECK_THREAD.get()
}
