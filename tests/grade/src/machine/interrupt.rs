//! Stopping cleanly on Ctrl-C or SIGTERM.
//!
//! A terminal's Ctrl-C reaches its whole foreground process group: `grade`,
//! not cargo, a linker or a zygote, which lead groups of their own (see
//! [`process_group`]). A `kill` reaches `grade` alone. Either way the
//! signal's handler only notes it ([`stopped`]); this module's thread then
//! runs the stop of the phase under way ([`on_stop`]): the building phase
//! kills every group `grade` started, the grading phase tells its
//! workers to take no more checks and its zygotes to end theirs. The phase
//! then returns as it does when it fails, and the grader returns
//! [`Stopped`], so every temporary folder is removed on the way out and
//! every grade already written into `--out` stays.
//!
//! A phase that does not end within [`PATIENCE`] of the signal (a wait for
//! another run's build lock, say), or a second signal, ends `grade` at
//! once: it kills what it started, removes the folders registered with
//! [`Leftover`] and exits.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::Duration;

use signal_hook::consts::{SIGINT, SIGTERM};

use crate::machine::lock;
use crate::machine::process_group;

/// How long a phase may take to stop before `grade` exits without it.
pub(crate) const PATIENCE: Duration = Duration::from_secs(10);

/// What a phase does to stop: run once, on this module's thread.
type Action = Arc<dyn Fn() + Send + Sync>;

/// The signal noted by the handler, the stop of the phase under way, and
/// the folders to remove if `grade` has to exit without its phase.
struct Watch {
    signal: Arc<AtomicUsize>,
    action: Mutex<Option<Action>>,
    leftovers: Mutex<Vec<PathBuf>>,
}

static WATCH: OnceLock<Watch> = OnceLock::new();

/// Catches SIGINT and SIGTERM for the rest of the run. Only the grading
/// command calls this: `grade assign` and the sandbox's own commands keep
/// the default, which ends them at once.
pub(crate) fn install() -> anyhow::Result<()> {
    if WATCH.get().is_some() {
        return Ok(());
    }
    let signal = Arc::new(AtomicUsize::new(0));
    // Noted in the handler itself, so that the main thread, woken by a
    // child that the same Ctrl-C killed, already sees why it died.
    for number in [SIGINT, SIGTERM] {
        signal_hook::flag::register_usize(number, Arc::clone(&signal), number as usize)?;
    }
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
    let _ = WATCH.set(Watch {
        signal,
        action: Mutex::new(None),
        leftovers: Mutex::new(Vec::new()),
    });
    thread::Builder::new()
        .name("grade-signals".into())
        .spawn(move || {
            let mut asked = false;
            for number in signals.forever() {
                if asked {
                    exit_at_once(number, "a second time");
                }
                asked = true;
                // The watchdog: if it cannot start, the phase's own stop
                // still runs.
                let _ = thread::Builder::new()
                    .name("grade-stop-watchdog".into())
                    .spawn(move || {
                        thread::sleep(PATIENCE);
                        exit_at_once(number, "and had not stopped after 10 s");
                    });
                // Run under the lock, so that a phase that has ended
                // (dropped its [`OnStop`]) is never stopped after it.
                if let Some(watch) = WATCH.get()
                    && let Some(action) = lock(&watch.action).as_ref()
                {
                    action();
                }
            }
        })?;
    Ok(())
}

/// The signal that asked `grade` to stop, if one has.
pub(crate) fn stopped() -> Option<Signal> {
    let number = WATCH.get()?.signal.load(Ordering::SeqCst);
    (number != 0).then_some(Signal(number as i32))
}

/// A signal that stops `grade`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signal(i32);

impl Signal {
    /// The exit status of a program ended by this signal, as a shell
    /// reports it: 130 for Ctrl-C, 143 for SIGTERM.
    pub fn exit_status(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(1)
    }
}

impl fmt::Display for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            SIGINT => f.write_str("Ctrl-C"),
            SIGTERM => f.write_str("SIGTERM"),
            other => write!(f, "signal {other}"),
        }
    }
}

/// What a run that was stopped kept: the error the grader returns, and the
/// one line `grade` prints for it.
#[derive(Debug)]
pub struct Stopped {
    pub signal: Signal,
    /// Submissions with a grade: reused from `--out` or graded by this run.
    pub graded: usize,
    pub total: usize,
    pub out: Option<PathBuf>,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Stopped {
            signal,
            graded,
            total,
            ..
        } = self;
        write!(
            f,
            "grade: stopped by {signal} after {graded} of {total} submissions were graded; "
        )?;
        match &self.out {
            Some(out) => write!(
                f,
                "their grades are in {}, and a rerun with the same --out grades the rest",
                out.display()
            ),
            None => f.write_str("without --out none was kept, so a rerun grades them all"),
        }
    }
}

impl std::error::Error for Stopped {}

/// While the guard lives, `action` is how the phase under way stops; if a
/// signal came before, it runs at once.
pub(crate) fn on_stop(action: impl Fn() + Send + Sync + 'static) -> OnStop {
    // A signal between the registration and the check below is seen by
    // both this thread and the signal thread: the action runs once, not
    // twice (a watch said "stopped watching" twice, one test run in six).
    let ran = AtomicBool::new(false);
    let action: Action = Arc::new(move || {
        if !ran.swap(true, Ordering::SeqCst) {
            action();
        }
    });
    if let Some(watch) = WATCH.get() {
        *lock(&watch.action) = Some(Arc::clone(&action));
    }
    if stopped().is_some() {
        action();
    }
    OnStop
}

/// The registration of a phase's stop. Dropping it waits for a stop
/// under way to end, and then drops the action and what it holds.
#[derive(Debug)]
pub(crate) struct OnStop;

impl Drop for OnStop {
    fn drop(&mut self) {
        if let Some(watch) = WATCH.get() {
            *lock(&watch.action) = None;
        }
    }
}

/// While the guard lives, a stop kills every group `grade` has started,
/// and every one it starts next: how the building phase stops, since
/// cargo may be started again (a repair round, the images' link) before
/// the phase notices.
#[derive(Debug)]
pub(crate) struct KillChildren {
    over: Arc<AtomicBool>,
    _stop: OnStop,
}

/// The building phase's stop (see [`KillChildren`]).
pub(crate) fn kill_children_on_stop() -> KillChildren {
    let over = Arc::new(AtomicBool::new(false));
    let until = Arc::clone(&over);
    let stop = on_stop(move || {
        let until = Arc::clone(&until);
        let killing = thread::Builder::new().spawn(move || {
            while !until.load(Ordering::SeqCst) {
                process_group::kill_all();
                thread::sleep(Duration::from_millis(20));
            }
        });
        if killing.is_err() {
            // Once, then: a cargo started later runs to its end.
            process_group::kill_all();
        }
    });
    KillChildren { over, _stop: stop }
}

impl Drop for KillChildren {
    /// Ends the phase; after a stop, kills what is left before `grade`
    /// exits, which would otherwise outrun the killing thread.
    fn drop(&mut self) {
        self.over.store(true, Ordering::SeqCst);
        if stopped().is_some() {
            process_group::kill_all();
        }
    }
}

/// Ends `grade` at once with `line`, as the signal that asked it to stop
/// would: for a phase with nothing to clean up, such as `--watch` waiting
/// for a change.
pub(crate) fn exit_now(line: &str) -> ! {
    eprintln!("{line}");
    let status = stopped().map_or(1, Signal::exit_status);
    std::process::exit(i32::from(status));
}

/// A folder that `grade` removes itself if it has to exit without its
/// phase (its owner removes it otherwise), for as long as the guard lives.
#[derive(Debug)]
pub(crate) struct Leftover(PathBuf);

impl Leftover {
    pub(crate) fn new(path: &Path) -> Leftover {
        if let Some(watch) = WATCH.get() {
            lock(&watch.leftovers).push(path.to_path_buf());
        }
        Leftover(path.to_path_buf())
    }
}

impl Drop for Leftover {
    fn drop(&mut self) {
        if let Some(watch) = WATCH.get() {
            lock(&watch.leftovers).retain(|path| *path != self.0);
        }
    }
}

/// Ends `grade` now, for a phase that did not stop: kills what it started,
/// removes the registered folders, says so in one line, and exits as the
/// signal would have.
fn exit_at_once(number: i32, why: &str) -> ! {
    process_group::kill_all();
    if let Some(watch) = WATCH.get() {
        for path in lock(&watch.leftovers).iter() {
            let _ = std::fs::remove_dir_all(path);
        }
    }
    let signal = Signal(number);
    eprintln!(
        "grade: stopped at once by {signal}, {why}; grades already written into --out are kept, \
         and a rerun grades the rest"
    );
    std::process::exit(i32::from(signal.exit_status()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_what_was_kept_and_how_to_resume() {
        let with_out = Stopped {
            signal: Signal(SIGINT),
            graded: 37,
            total: 100,
            out: Some(PathBuf::from("grades")),
        };
        assert_eq!(
            with_out.to_string(),
            "grade: stopped by Ctrl-C after 37 of 100 submissions were graded; their grades are \
             in grades, and a rerun with the same --out grades the rest"
        );
        let without = Stopped {
            signal: Signal(SIGTERM),
            graded: 0,
            total: 3,
            out: None,
        };
        assert!(without.to_string().contains("without --out"), "{without}");
        assert_eq!(with_out.signal.exit_status(), 130);
        assert_eq!(without.signal.exit_status(), 143);
    }
}
