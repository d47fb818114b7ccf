//! `--watch`: waiting until a submission's source has really changed, by
//! the file system's change notices where it gives them, else by rereading
//! the sources at an interval.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use crate::build::discover::{Submission, discover};

/// How `--watch` learns that a source may have changed.
pub(crate) enum Changes {
    /// The file system's change notices (inotify on Linux). The watcher
    /// must be kept alive for them to arrive.
    Notices {
        _watcher: notify::RecommendedWatcher,
        events: mpsc::Receiver<notify::Result<notify::Event>>,
    },
    /// Rereading every source at an interval, where notices cannot be had.
    Polling,
}

/// How often `Changes::Polling` rereads the sources.
const POLL_INTERVAL: Duration = Duration::from_millis(500);

/// How long the file system must stay quiet after a notice before the
/// sources are reread: an editor's save or a `git checkout` is a burst of
/// events, and should be graded once, whole.
const QUIET: Duration = Duration::from_millis(200);

impl Changes {
    /// Watches every path: a folder with all its subfolders, a single file
    /// through its folder, since editors often save by replacing the file
    /// and a watch on the old one would go quiet. Falls back to polling,
    /// saying so, if the system will not watch (inotify's limits, say).
    pub(crate) fn watch(paths: &[PathBuf]) -> Self {
        use notify::{RecursiveMode, Watcher};
        let (sender, events) = mpsc::channel();
        let watched = notify::recommended_watcher(sender).and_then(|mut watcher| {
            for path in paths {
                if path.is_file() {
                    let folder = path
                        .parent()
                        .filter(|p| !p.as_os_str().is_empty())
                        .unwrap_or(Path::new("."));
                    watcher.watch(folder, RecursiveMode::NonRecursive)?;
                } else {
                    watcher.watch(path, RecursiveMode::Recursive)?;
                }
            }
            Ok(watcher)
        });
        match watched {
            Ok(watcher) => Changes::Notices {
                _watcher: watcher,
                events,
            },
            Err(error) => {
                eprintln!(
                    "Cannot watch for changes ({error}); rereading the sources every {} ms \
                     instead.",
                    POLL_INTERVAL.as_millis()
                );
                Changes::Polling
            }
        }
    }

    /// Returns once the sources differ from those `graded`. Touching a file,
    /// or writing the grades into a watched folder, wakes the watch but
    /// changes no content hash, so it does not return.
    pub(crate) fn wait(&mut self, paths: &[PathBuf], graded: &[Submission]) {
        let before: Vec<String> = graded.iter().map(Submission::content_hash).collect();
        loop {
            match self {
                Changes::Notices { events, .. } => {
                    if next_notice(events).is_err() {
                        eprintln!(
                            "The watch for changes stopped; rereading the sources every {} ms \
                             instead.",
                            POLL_INTERVAL.as_millis()
                        );
                        *self = Changes::Polling;
                        continue;
                    }
                    while events.recv_timeout(QUIET).is_ok() {}
                }
                Changes::Polling => thread::sleep(POLL_INTERVAL),
            }
            if content_hashes(paths) != before {
                return;
            }
        }
    }
}

/// Waits for a notice that may mean a source changed. Reads do not: the
/// grader itself opens every source to hash it. A notice that the watch
/// failed (its queue overflowed, say) may hide a change, so it counts.
fn next_notice(
    events: &mpsc::Receiver<notify::Result<notify::Event>>,
) -> Result<(), mpsc::RecvError> {
    loop {
        if events.recv()?.map_or(true, |event| !event.kind.is_access()) {
            return Ok(());
        }
    }
}

/// The content hashes of the submissions now on disk; none if they cannot
/// be read, which counts as a change so that the grader says why.
fn content_hashes(paths: &[PathBuf]) -> Vec<String> {
    discover(paths)
        .map(|subs| subs.iter().map(Submission::content_hash).collect())
        .unwrap_or_default()
}
