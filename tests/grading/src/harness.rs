//! The grading suite as a test harness: `cargo test -p exercises` runs
//! [`main`], which [`grading_suite!`](crate::grading_suite!) calls from
//! the test file's `fn main`.
//!
//! It keeps cargo test's flags (filters, `--skip`, `--exact`, `--ignored`,
//! `--include-ignored`, `--list`, `--quiet`, `--format`, `--test-threads`)
//! through `libtest-mimic`, and adds what libtest cannot:
//!
//! * the checks run and print in the lab's order, the registry's, not
//!   alphabetically. One thread prints them in that order while the
//!   others run the checks ahead of it, so the run takes no longer than a
//!   parallel one. `--test-threads` runs them as libtest would;
//! * an exercise still entirely `todo!()` prints no failure per check: its
//!   checks are skipped ("ignored") and the summary says "not started".
//!   The first check of the first such exercise fails, in one line, so
//!   that the run fails while any exercise is not started, and the first
//!   run on the stubs fits on a screen;
//! * a closing [`summary`](crate::summary): progress, one line per
//!   exercise and the next step.
//!
//! One character per check is the default (`--format pretty` gives a line
//! per check), so that the summary is what the eye lands on.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;

use libtest_mimic::{Arguments, Completion, Failed, FormatSetting, Trial};

use crate::summary::{check_name, failure_message, summary};
use crate::{
    Check, Implementation, Kind, NOT_YET_IMPLEMENTED, Outcome, catalogue, quiet_check_panics,
    run_check,
};

/// A check's outcome, computed once by whichever thread asks first.
#[derive(Debug, Default)]
enum Slot {
    #[default]
    Pending,
    Running,
    Done(Outcome),
}

/// The outcomes of one run, shared by the trials, the threads that run the
/// checks ahead of them, and the summary.
#[derive(Debug)]
struct Outcomes {
    implementation: &'static Implementation,
    checks: Vec<Check>,
    slots: Vec<(Mutex<Slot>, Condvar)>,
    /// The checks this run selects, by exercise, both in the registry's
    /// order.
    groups: Vec<Vec<usize>>,
    /// For each check, the index of its exercise's group.
    group_of: Vec<usize>,
}

impl Outcomes {
    /// The outcomes, none run yet, of the checks that `args` selects.
    fn new(implementation: &'static Implementation, args: &Arguments) -> Outcomes {
        let checks = catalogue();
        let selected: Vec<bool> = trial_names()
            .into_iter()
            .map(|(name, ignored)| {
                let trial = Trial::test(name, || Ok(())).with_ignored_flag(ignored);
                !args.is_filtered_out(&trial) && !args.is_ignored(&trial)
            })
            .collect();
        let mut exercises: Vec<&str> = checks.iter().map(|check| check.exercise).collect();
        exercises.dedup();
        let groups: Vec<Vec<usize>> = exercises
            .iter()
            .map(|exercise| {
                (0..checks.len())
                    .filter(|&index| selected[index] && checks[index].exercise == *exercise)
                    .collect()
            })
            .collect();
        let group_of = checks
            .iter()
            .map(|check| {
                exercises
                    .iter()
                    .position(|exercise| *exercise == check.exercise)
                    .expect("every check's exercise is listed")
            })
            .collect();
        Outcomes {
            implementation,
            slots: checks.iter().map(|_| Default::default()).collect(),
            checks,
            groups,
            group_of,
        }
    }

    /// The outcome of check `index`: run here if no thread has started it,
    /// waited for otherwise. Running a check never waits for another, so
    /// no two threads wait for each other.
    fn get(&self, index: usize) -> Outcome {
        let (slot, ready) = &self.slots[index];
        let mut state = slot.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            match &*state {
                Slot::Done(outcome) => return outcome.clone(),
                Slot::Running => {
                    state = ready.wait(state).unwrap_or_else(PoisonError::into_inner);
                }
                Slot::Pending => {
                    *state = Slot::Running;
                    drop(state);
                    let outcome = run_check(self.implementation, &self.checks[index]);
                    let mut state = slot.lock().unwrap_or_else(PoisonError::into_inner);
                    *state = Slot::Done(outcome.clone());
                    ready.notify_all();
                    return outcome;
                }
            }
        }
    }

    /// The outcome of check `index` if it ran.
    fn finished(&self, index: usize) -> Option<Outcome> {
        match &*self.slots[index]
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
        {
            Slot::Done(outcome) => Some(outcome.clone()),
            Slot::Pending | Slot::Running => None,
        }
    }

    /// Whether `group` has selected checks and every one of them says
    /// "not yet implemented".
    fn not_started(&self, group: &[usize]) -> bool {
        !group.is_empty()
            && group
                .iter()
                .all(|&index| matches!(self.get(index), Outcome::NotImplemented { .. }))
    }

    /// What the trial of check `index` reports. The checks of an exercise
    /// still entirely `todo!()` are skipped ("ignored"), but for one: the
    /// first check of the first such exercise fails, in one line, so the
    /// run fails while any exercise is not started, whatever the filter,
    /// and the summary says which ones.
    fn trial(&self, index: usize) -> Result<Completion, Failed> {
        let check = &self.checks[index];
        let outcome = self.get(index);
        if outcome.passed() {
            return Ok(Completion::Completed);
        }
        let group = &self.groups[self.group_of[index]];
        if !matches!(outcome, Outcome::NotImplemented { .. }) || !self.not_started(group) {
            return Err(failure_message(check, &outcome).trim_end().into());
        }
        let first = self.groups[..self.group_of[index]]
            .iter()
            .all(|earlier| !self.not_started(earlier))
            && group.first() == Some(&index);
        if !first {
            return Ok(Completion::ignored_with(format!(
                "{} is not started",
                check.exercise
            )));
        }
        let Outcome::NotImplemented { function } = &outcome else {
            unreachable!("matched above")
        };
        let (count, wait) = match group.len() {
            1 => ("1 check".to_string(), "waits"),
            n => (format!("{n} checks"), "wait"),
        };
        Err(format!("{function} {NOT_YET_IMPLEMENTED} ({count} {wait} for it)").into())
    }
}

/// The trials' names and ignore flags, in the registry's order: the
/// lab's checks as `exercise::check`, the bonus ones as
/// `bonus::exercise::check`, ignored unless asked for.
pub fn trial_names() -> Vec<(String, bool)> {
    catalogue()
        .iter()
        .map(|check| (check_name(check), check.kind == Kind::Bonus))
        .collect()
}

/// Runs the grading suite against `implementation` as `cargo test` would,
/// with the arguments of the command line, and prints the summary.
/// `crate_name` names the graded crate in the summary's advice.
pub fn main(implementation: &'static Implementation, crate_name: &str) -> ExitCode {
    quiet_check_panics();
    let mut args = Arguments::from_args();
    // In order: one thread prints, the others run the checks ahead of it.
    let ahead = args.test_threads.is_none();
    if ahead {
        args.test_threads = Some(1);
    }
    if !args.quiet && args.format.is_none() {
        args.format = Some(FormatSetting::Terse);
    }
    let outcomes = Arc::new(Outcomes::new(implementation, &args));
    let names = trial_names();

    if ahead && !args.list {
        let queue: Arc<Vec<usize>> = Arc::new(outcomes.groups.concat());
        let next = Arc::new(AtomicUsize::new(0));
        let workers = thread::available_parallelism().map_or(1, |n| n.get());
        for _ in 0..workers {
            let (outcomes, queue, next) = (outcomes.clone(), queue.clone(), next.clone());
            thread::spawn(move || {
                while let Some(&index) = queue.get(next.fetch_add(1, Ordering::Relaxed)) {
                    outcomes.get(index);
                }
            });
        }
    }

    let trials = names
        .into_iter()
        .enumerate()
        .map(|(index, (name, ignored))| {
            let outcomes = outcomes.clone();
            Trial::ignorable_test(name, move || outcomes.trial(index)).with_ignored_flag(ignored)
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);

    if !args.list && args.format != Some(FormatSetting::Json) {
        let ran: Vec<Option<Outcome>> = (0..outcomes.checks.len())
            .map(|index| outcomes.finished(index))
            .collect();
        let text = summary(crate_name, &outcomes.checks, &ran);
        if !text.is_empty() {
            println!("{text}");
        }
    }
    conclusion.exit_code()
}

/// The trials `args` (a command line, without the program's name) selects,
/// in the order they run, each with its failure message if it fails: what
/// [`main`] would report, without printing. For the harness's tests.
pub fn failures(
    implementation: &'static Implementation,
    args: &[&str],
) -> Vec<(String, Option<String>)> {
    quiet_check_panics();
    let args = Arguments::from_iter(std::iter::once("grading").chain(args.iter().copied()));
    let outcomes = Outcomes::new(implementation, &args);
    outcomes
        .groups
        .concat()
        .into_iter()
        .map(|index| {
            let failure = outcomes
                .trial(index)
                .err()
                .map(|failed| failed.message().unwrap_or_default().to_string());
            (check_name(&outcomes.checks[index]), failure)
        })
        .collect()
}
