//! The workers that grade a batch: threads that each take the next chain
//! of checks, run its checks that [`Chain`] does not skip, each in a fresh
//! process from its submission's zygote, and send a submission's results
//! once its last check is done. When `grade` is asked to stop, they take no
//! more checks and send nothing more: a check cut short by the stop would
//! read as the submission's crash.

use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use grading::{Check, Kind, Outcome, catalogue, run_check_on};

use crate::build::compile::{self, Compiled};
use crate::results::graded::Graded;
use crate::rubric::Rubric;
use crate::run::check_process::CheckProcess;
use crate::run::sandbox::{self, lock};
use crate::run::schedule::{self, Chain};
use crate::run::timings::CheckTiming;
use crate::run::{remote, scores};

/// A batch being graded. Each task is one chain: one submission's checks
/// of one exercise, its core checks first, then the others, each in
/// catalogue order. Chains keep the workers busy whether there is one
/// submission or a hundred, and a submission that hangs holds up one
/// worker, not the batch. Which of a chain's checks are not run, and why,
/// is [`Chain`]'s to say.
pub(crate) struct Grading {
    batch: compile::Built,
    setting: sandbox::Setting,
    rubric: Rubric,
    grader: String,
    checks: Vec<Check>,
    chains: Vec<(usize, Vec<usize>)>,
    next: AtomicUsize,
    /// Set by [`Grading::stop`]: no check starts, no result is sent.
    stopping: AtomicBool,
    progress: Vec<Mutex<Progress>>,
    pub(crate) timings: Arc<Mutex<Vec<CheckTiming>>>,
}

/// One submission's checks' outcomes so far, when its first started, and
/// the zygote that its checks fork from, once one has needed it.
#[derive(Default)]
struct Progress {
    outcomes: Vec<Option<Outcome>>,
    started: Option<Instant>,
    zygote: Option<Result<Arc<sandbox::Zygote>, NoZygote>>,
}

/// Why a submission's checks have no zygote to fork from. Kept in its
/// [`Progress`] and handed to each of its checks, so kept by value.
#[derive(Debug, Clone, thiserror::Error)]
enum NoZygote {
    /// The run is stopping: no check starts.
    #[error("grading was stopped")]
    Stopped,
    /// It did not start, for these causes, in one line.
    #[error("{0}")]
    NotStarted(String),
}

impl Grading {
    pub(crate) fn new(
        batch: compile::Built,
        setting: sandbox::Setting,
        rubric: Rubric,
        grader: String,
    ) -> Self {
        let checks = catalogue();
        let submissions = batch.submissions();
        let progress = submissions
            .iter()
            .map(|_| {
                Mutex::new(Progress {
                    outcomes: vec![None; checks.len()],
                    ..Progress::default()
                })
            })
            .collect();
        let chains = schedule::chains(&checks, &rubric, submissions.len());
        Grading {
            batch,
            setting,
            rubric,
            grader,
            checks,
            chains,
            next: AtomicUsize::new(0),
            stopping: AtomicBool::new(false),
            progress,
            timings: Arc::default(),
        }
    }

    /// Stops grading: no check starts after this, and the zygotes end the
    /// checks under way, whose outcomes are thrown away.
    pub(crate) fn stop(&self) {
        // Before any zygote is told, so that a worker whose check it cuts
        // short sees the flag when that check returns.
        self.stopping.store(true, Ordering::SeqCst);
        for slot in &self.progress {
            if let Some(Ok(zygote)) = &lock(slot).zygote {
                zygote.end_checks();
            }
        }
    }

    fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Takes chains until none are left; sends each submission's record
    /// when its last check is done.
    pub(crate) fn work(&self, finished: &mpsc::Sender<Graded>) {
        loop {
            if self.stopping() {
                return;
            }
            let task = self.next.fetch_add(1, Ordering::Relaxed);
            let Some((index, chain)) = self.chains.get(task) else {
                return;
            };
            let (submission, compiled) = &self.batch.submissions()[*index];
            let index = *index;
            let first = {
                let mut slot = lock(&self.progress[index]);
                let first = slot.started.is_none();
                slot.started.get_or_insert_with(Instant::now);
                first
            };
            if first {
                self.start_ahead(index + 1);
            }
            let mut policy = Chain::new(&self.rubric);
            for &check in chain {
                let check_ = &self.checks[check];
                let outcome = policy
                    .skip(check_)
                    .unwrap_or_else(|| self.outcome_of(index, check_, compiled));
                if self.stopping() {
                    return;
                }
                policy.record(check_, &outcome);
                let mut slot = lock(&self.progress[index]);
                slot.outcomes[check] = Some(outcome);
                if slot.outcomes.iter().all(Option::is_some) {
                    // Every check is done: the zygote can go.
                    slot.zygote = None;
                    let outcomes: Vec<Outcome> =
                        slot.outcomes.iter_mut().filter_map(Option::take).collect();
                    let elapsed = slot
                        .started
                        .map_or(0.0, |start| start.elapsed().as_secs_f64());
                    drop(slot);
                    let graded = scores::graded(
                        &self.rubric,
                        &self.checks,
                        &self.grader,
                        submission,
                        compiled,
                        &outcomes,
                        elapsed,
                    );
                    if finished.send(graded).is_err() {
                        return;
                    }
                    panic_for_a_test(&submission.id);
                }
            }
        }
    }

    /// Starts the zygote of submission `index`, if it has an image, while
    /// the one before it is graded: its first check then finds it set up
    /// (a zygote takes a few milliseconds to start, which that check, and
    /// every other of the submission's waiting for it, spent idle).
    fn start_ahead(&self, index: usize) {
        if let Some((_, Compiled::Built { image, .. })) = self.batch.submissions().get(index) {
            let _ = self.zygote(index, image);
        }
    }

    /// The zygote of submission `index`, started by the first check that
    /// needs it, or ahead of it by [`Grading::start_ahead`].
    fn zygote(&self, index: usize, image: &Path) -> Result<Arc<sandbox::Zygote>, NoZygote> {
        let mut slot = lock(&self.progress[index]);
        if self.stopping() {
            // Under the slot's lock: [`Grading::stop`] sees every zygote
            // started before it, and none starts after.
            return Err(NoZygote::Stopped);
        }
        slot.zygote
            .get_or_insert_with(|| {
                sandbox::Zygote::start(image, self.rubric.limits, &self.setting)
                    .map_err(|error| NoZygote::NotStarted(format!("{error:#}")))
            })
            .clone()
    }

    /// Runs one check of submission `index` in a fresh process.
    // The check's closure returns a `grading::Failure`: large, and cold
    // (see the note in the grading crate's root).
    #[allow(clippy::result_large_err)]
    fn outcome_of(&self, index: usize, check: &Check, compiled: &Compiled) -> Outcome {
        let (image, broken) = match compiled {
            Compiled::Failed(failure) => {
                return Outcome::DidNotCompile {
                    function: check.exercise.into(),
                    message: failure.to_string(),
                };
            }
            Compiled::Built {
                image,
                broken,
                extensions,
            } => {
                if check.kind == Kind::Bonus && !extensions {
                    // Nothing to run: the generated stand-ins only say todo!().
                    return Outcome::NotImplemented {
                        function: check.exercise.into(),
                    };
                }
                (image, broken)
            }
        };
        if let Some(own) = broken.iter().find(|b| b.exercise == Some(check.exercise)) {
            return Outcome::DidNotCompile {
                function: check.exercise.into(),
                message: own.message.clone(),
            };
        }
        let helpers: Vec<(String, String)> = broken
            .iter()
            .map(|b| (b.function.clone(), b.message.clone()))
            .collect();
        let zygote = self.zygote(index, image);
        let timings = Arc::clone(&self.timings);
        let name = (check.exercise, check.name);
        // The sandbox enforces the per-call limit; this one only guards against
        // a grader bug, so it is generous.
        run_check_on(check, Duration::from_secs(3600), move |_, body| {
            let started = Instant::now();
            let server = zygote
                .map_err(anyhow::Error::new)
                .and_then(|zygote| CheckProcess::start(&zygote))
                .unwrap_or_else(|error| {
                    remote::crashed("starting the sandbox", format!("{error:#}"))
                });
            let remote = remote::Remote::new(server, helpers);
            let result = body(&remote);
            let (student, start) = (remote.student_time(), remote.start_time());
            drop(remote);
            lock(&timings).push(CheckTiming {
                check: name,
                total: started.elapsed(),
                student,
                start,
            });
            result
        })
    }
}

impl Drop for Grading {
    /// Stops every zygote still held (one started ahead for a submission
    /// that needed none, or those of a stopped run) and waits until each
    /// has ended, before the run's cgroups go with its setting.
    fn drop(&mut self) {
        for slot in &self.progress {
            lock(slot).zygote = None;
        }
        crate::run::zygote_client::wait_for_stopping_zygotes();
    }
}

/// In a debug build, panics once submission `id` is graded if
/// [`PANIC_AFTER_VARIABLE`] names it: how the tests make a worker fail.
/// Release builds, which instructors run, hold no such seam.
fn panic_for_a_test(id: &str) {
    #[cfg(debug_assertions)]
    if std::env::var_os(PANIC_AFTER_VARIABLE).is_some_and(|after| after == id) {
        panic!("the test's panic after grading {id}");
    }
    let _ = id;
}

/// The environment variable of [`panic_for_a_test`], read by debug builds
/// only: a release grade has no such seam.
#[cfg(debug_assertions)]
pub const PANIC_AFTER_VARIABLE: &str = "GRADE_TEST_PANIC_AFTER";

/// Starts `jobs` workers on `grading`, each sending the results it
/// finishes to `finished`. A worker's panic, a bug in `grade`, is kept
/// off the terminal here and reported by [`join_workers`].
pub(crate) fn spawn_workers(
    grading: &Arc<Grading>,
    jobs: usize,
    finished: &mpsc::Sender<Graded>,
) -> anyhow::Result<Vec<JoinHandle<()>>> {
    (0..jobs)
        .map(|_| {
            let grading = Arc::clone(grading);
            let finished = finished.clone();
            thread::Builder::new()
                .name("grade-worker".into())
                .spawn(move || {
                    let _quiet = grading::QuietPanics::new();
                    grading.work(&finished);
                })
                .map_err(|error| anyhow::anyhow!("cannot start a grading thread: {error}"))
        })
        .collect()
}

/// Waits for every worker: what each one that panicked said.
pub(crate) fn join_workers(workers: Vec<JoinHandle<()>>) -> Vec<String> {
    workers
        .into_iter()
        .filter_map(|worker| worker.join().err())
        .map(|payload| {
            payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".into())
        })
        .collect()
}

/// Three checks per core: each alternates between the grader's thread
/// (sending, counting, judging), the zygote (which waits while a check's
/// worker sets up, see `grade_sandbox`'s vfork) and the
/// sandboxed child (the student's code), so one per core leaves a core
/// idle about a third of the time (measured: 2.2 s of grading at one per
/// core, 1.8 s at two, 1.7 s at three, for 20 submissions on 2 cores), and
/// two still left 10% of it idle once starting a check took less: a
/// typical 100 took a median of 8.77 s at two per core and 8.35 s at three,
/// the hostile mix 13.46 s and 12.88 s (3 rounds each, 2026-11-26). More
/// at once also means more memory at once: at most `memory_mib` a check.
pub(crate) fn available_jobs() -> usize {
    3 * thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_that_panicked_is_reported_with_its_message() {
        let quiet = |f: fn()| {
            thread::spawn(move || {
                let _quiet = grading::QuietPanics::new();
                f();
            })
        };
        let workers = vec![
            quiet(|| {}),
            quiet(|| panic!("a bug in the grader")),
            quiet(|| std::panic::panic_any(7_u8)),
        ];
        assert_eq!(
            join_workers(workers),
            ["a bug in the grader", "a panic without a message"]
        );
    }
}
