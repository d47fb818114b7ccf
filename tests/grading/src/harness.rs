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
//! * an endless loop costs one time limit per exercise, not one per
//!   check, and reads as one failure: once a check of an exercise times
//!   out, its later checks are not started, and are skipped ("ignored")
//!   with `grade`'s words, "not run: … ran out of time in an earlier
//!   check"; the summary counts them as not run;
//! * a closing [`summary`](crate::summary): progress, one line per
//!   exercise and the next step.
//!
//! One character per check is the default (`--format pretty` gives a line
//! per check), so that the summary is what the eye lands on.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use libtest_mimic::{Arguments, Completion, Failed, FormatSetting, Trial};

use crate::summary::{STANDINGS_FILE, check_name, failure_message, standings, summary};
use crate::{
    CALL_LIMIT, Check, Implementation, Kind, NOT_YET_IMPLEMENTED, Outcome, catalogue,
    quiet_check_panics, run_check_with_limit,
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
    /// How long one call of the student's function may take.
    limit: Duration,
}

impl Outcomes {
    /// The outcomes, none run yet, of the checks that `args` selects.
    fn new(implementation: &'static Implementation, args: &Arguments, limit: Duration) -> Outcomes {
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
            limit,
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
                    // An earlier check of this exercise already timed out:
                    // this one would most likely hang too, so it costs
                    // nothing rather than another time limit.
                    let outcome = match self.earlier_timeout(index, Self::finished) {
                        Some(earlier) => self.not_run(index, earlier),
                        None => run_check_with_limit(
                            self.implementation,
                            &self.checks[index],
                            self.limit,
                        ),
                    };
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

    /// The first check of `index`'s exercise, before it in the run, that
    /// timed out, as `outcome_of` tells (it may wait, or not).
    fn earlier_timeout(
        &self,
        index: usize,
        outcome_of: impl Fn(&Self, usize) -> Option<Outcome>,
    ) -> Option<usize> {
        self.groups[self.group_of[index]]
            .iter()
            .take_while(|&&earlier| earlier != index)
            .copied()
            .find(|&earlier| matches!(outcome_of(self, earlier), Some(Outcome::TimedOut { .. })))
    }

    /// What check `index` reports when check `earlier` of its exercise
    /// timed out before it: the words `grade` uses.
    fn not_run(&self, index: usize, earlier: usize) -> Outcome {
        Outcome::NotRun {
            function: self.checks[index].exercise.into(),
            what: "ran out of time".into(),
            earlier: self.checks[earlier].title.into(),
        }
    }

    /// What check `index` reports, once it ran: its outcome, unless it did
    /// not pass and an earlier check of its exercise timed out. A check
    /// that ran beside that one, on another thread, may have timed out
    /// too; it reads "not run" all the same, so the hang is told once.
    fn reported(&self, index: usize) -> Outcome {
        let outcome = self.get(index);
        if outcome.passed() {
            return outcome;
        }
        match self.earlier_timeout(index, |outcomes, earlier| Some(outcomes.get(earlier))) {
            Some(earlier) => self.not_run(index, earlier),
            None => outcome,
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
        let outcome = self.reported(index);
        if outcome.passed() {
            return Ok(Completion::Completed);
        }
        // It follows from an earlier check's timeout, which tells the
        // mistake: skipped, so the hang reads as one failure, not ten.
        if matches!(outcome, Outcome::NotRun { .. }) {
            return Ok(Completion::ignored_with(outcome));
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
    let outcomes = Arc::new(Outcomes::new(implementation, &args, CALL_LIMIT));
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
            .map(|index| outcomes.finished(index).map(|_| outcomes.reported(index)))
            .collect();
        let text = summary(crate_name, &outcomes.checks, &ran);
        if !text.is_empty() {
            println!("{text}");
        }
        // For `watch`, which asked for them; a student's own run sets no
        // such variable and writes nothing.
        if let Some(path) = std::env::var_os(STANDINGS_FILE) {
            let standings = standings(crate_name, &outcomes.checks, &ran);
            if let Err(error) = std::fs::write(&path, standings) {
                eprintln!("cannot write the standings for watch: {error}");
            }
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
    verdicts(implementation, args, CALL_LIMIT)
        .into_iter()
        .map(|(name, verdict)| (name, verdict.err()))
        .collect()
}

/// [`failures`] in full, with `limit` as the time one call may take, so a
/// test of an endless loop need not wait the standard [`CALL_LIMIT`]: each
/// trial is `Ok(None)` when it passes, `Ok(Some(reason))` when it is
/// skipped ("ignored"), and `Err(message)` when it fails.
pub fn verdicts(
    implementation: &'static Implementation,
    args: &[&str],
    limit: Duration,
) -> Vec<(String, Result<Option<String>, String>)> {
    quiet_check_panics();
    let args = Arguments::from_iter(std::iter::once("grading").chain(args.iter().copied()));
    let outcomes = Outcomes::new(implementation, &args, limit);
    outcomes
        .groups
        .concat()
        .into_iter()
        .map(|index| {
            let verdict = match outcomes.trial(index) {
                Ok(Completion::Completed) => Ok(None),
                Ok(Completion::Ignored { reason }) => Ok(reason.or(Some(String::new()))),
                Err(failed) => Err(failed.message().unwrap_or_default().to_string()),
            };
            (check_name(&outcomes.checks[index]), verdict)
        })
        .collect()
}
/// Expands to the whole grading suite as the `main` of a test target with
/// `harness = false`, for a crate that exposes the lab's functions at its
/// root and the bonus extensions in its `extensions` module.
///
/// The checks are named `exercise::check` and run in the lab's order, so
/// `cargo test -p exercises flip` runs the checks of `flip` alone. The
/// bonus checks are named `bonus::exercise::check` and are ignored unless
/// asked for: `cargo test -p exercises -- --ignored bonus`. A summary of
/// the lab and the next step close the run; see [`harness`](crate::harness).
///
/// ```text
/// # exercises/Cargo.toml
/// [[test]]
/// name = "grading"
/// harness = false
///
/// // exercises/tests/grading.rs: the whole file
/// grading::grading_suite!(exercises);
/// ```
///
/// The reference's suite alone says `grading_suite!(solutions, repins
/// snapshots)` (with the `repin` feature): only its outputs may re-pin
/// the checks' own snapshots when `INSTA_UPDATE` asks, so no other run,
/// of a wrong fixture say, can write a wrong answer into them.
#[macro_export]
macro_rules! grading_suite {
    ($first:ident $(:: $path:ident)*, repins snapshots) => {
        $crate::grading_suite!(@suite $first $(:: $path)*; $crate::checks::snapshot::let_this_run_repin(););
    };
    ($first:ident $(:: $path:ident)*) => {
        $crate::grading_suite!(@suite $first $(:: $path)*;);
    };
    (@suite $first:ident $(:: $path:ident)*; $($before:stmt;)?) => {
        /// The crate under test, as the grading suite sees it.
        static GRADED: $crate::Implementation = $crate::implementation!(
            $first $(:: $path)*,
            extensions = $first $(:: $path)*::extensions
        );

        fn main() -> ::std::process::ExitCode {
            $($before;)?
            $crate::harness::main(&GRADED, stringify!($first))
        }
    };
}
