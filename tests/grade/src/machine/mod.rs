//! The floor under every wing: what `grade` needs of the machine it runs
//! on, and hands to no one in particular.
//!
//! `host` names the workspace `grade` was built from and the target rustc
//! builds for; `setting` finds and describes the sandbox this machine
//! allows; `output_file` writes a file whole or not at all; `interrupt`
//! stops a run cleanly on Ctrl-C or SIGTERM, ending what it started
//! (`process_group`); `untrusted_tree` walks and reads a folder that
//! someone else wrote, following no link and bounded in what it reads.

// The floor's nouns, for every wing.
pub(crate) mod host;
pub(crate) mod interrupt;
pub(crate) mod output_file;
pub(crate) mod process_group;
pub(crate) mod setting;
pub(crate) mod untrusted_tree;

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks `mutex`, carrying on past a panic of another holder: every value
/// kept under these locks stays whole between statements.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
