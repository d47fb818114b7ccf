//! Which of a chain's checks run. A chain is one submission's checks of one
//! exercise, its core checks first, then the others, each in catalogue
//! order; [`Chain`] says, from the outcomes heard so far, what the chain's
//! next check comes to without being run, if anything. It starts no
//! process and reads nothing, so the policy is tested here, on outcomes
//! made up for the purpose.
//!
//! Once a check of an exercise runs out of time or crashes its process,
//! the chain's later checks are not run: an endless loop or a runaway
//! allocation costs its limit once, not once per check. Once a core check
//! fails, the exercise earns nothing whatever the others say (see
//! [`Rubric::earned`]), so they are not run either: a wrong or slow answer
//! costs one check, not the exercise's whole catalogue. A chain always
//! runs in the same order, so which checks are not run is the same on
//! every run.

use grading::{Check, CheckId, Outcome};

use crate::rubric::Rubric;

/// The chains of a batch of `submissions` submissions: one per submission
/// and exercise, as the submission's index and its checks' indices in
/// `checks`, in the order they run.
pub(crate) fn chains(
    checks: &[Check],
    rubric: &Rubric,
    submissions: usize,
) -> Vec<(usize, Vec<usize>)> {
    // Each exercise's checks, core ones first, grouped once.
    let mut by_exercise: Vec<(&str, Vec<usize>)> = Vec::new();
    let core_first = (0..checks.len())
        .filter(|&i| rubric.is_core(&checks[i]))
        .chain((0..checks.len()).filter(|&i| !rubric.is_core(&checks[i])));
    for i in core_first {
        let check = &checks[i];
        match by_exercise
            .iter_mut()
            .find(|(name, _)| *name == check.exercise)
        {
            Some((_, indices)) => indices.push(i),
            None => by_exercise.push((check.exercise, vec![i])),
        }
    }
    (0..submissions)
        .flat_map(|index| {
            by_exercise
                .iter()
                .map(move |(_, indices)| (index, indices.clone()))
        })
        .collect()
}

/// What one chain has heard so far, and so which of its checks still run.
pub(crate) struct Chain<'r> {
    rubric: &'r Rubric,
    /// What stopped the chain, and in which check.
    stopped: Option<(&'static str, &'static str)>,
    failed_core: Option<&'static str>,
    /// The checks that a failure's hint sends the student to: run
    /// whatever stopped the chain, so every pointer in a report
    /// points at a check with a message of its own (it earns
    /// nothing if the core failed).
    pointed: Vec<CheckId>,
}

impl<'r> Chain<'r> {
    /// A chain that has heard nothing yet, under `rubric`'s core checks.
    pub(crate) fn new(rubric: &'r Rubric) -> Self {
        Chain {
            rubric,
            stopped: None,
            failed_core: None,
            pointed: Vec::new(),
        }
    }

    /// What `check`, the chain's next, comes to without being run; `None`
    /// if it is to run.
    pub(crate) fn skip(&self, check: &Check) -> Option<Outcome> {
        let function = check.exercise.to_string();
        match (self.stopped, self.failed_core) {
            _ if self.pointed.contains(&check.id()) => None,
            (Some((what, earlier)), _) => Some(Outcome::NotRun {
                function,
                what: what.into(),
                earlier: earlier.into(),
            }),
            (None, Some(core)) => Some(Outcome::Moot {
                function,
                core: core.into(),
            }),
            (None, None) => None,
        }
    }

    /// Hears what `check` came to, run or not.
    pub(crate) fn record(&mut self, check: &Check, outcome: &Outcome) {
        match outcome {
            Outcome::TimedOut { .. } => self.stopped = Some(("ran out of time", check.title)),
            Outcome::Crashed { .. } => self.stopped = Some(("crashed", check.title)),
            Outcome::Failed(failure) => self.pointed.extend(failure.shown_by),
            _ => {}
        }
        // A missing or unfinished function says so in every check,
        // which costs nothing and reads better than "not run".
        let missing = matches!(
            outcome,
            Outcome::DidNotCompile { .. } | Outcome::NotImplemented { .. }
        );
        if !outcome.passed() && !missing && self.rubric.is_core(check) && self.failed_core.is_none()
        {
            self.failed_core = Some(check.title);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use grading::{Failure, Kind};

    use super::*;

    /// flip's one core check in the rubric of these tests.
    const CORE: &str = "uses_the_rng_it_is_given";

    fn rubric() -> Rubric {
        Rubric::parse("[core]\nflip = [\"uses_the_rng_it_is_given\"]\nperfect_shuffle = []\n")
            .unwrap()
    }

    // A check returns a `grading::Failure`: large, and cold (see the note
    // in the grading crate's root).
    #[allow(clippy::result_large_err)]
    fn check(exercise: &'static str, name: &'static str) -> Check {
        Check {
            exercise,
            name,
            title: name,
            kind: Kind::Property,
            core: false,
            run: |_| Ok(()),
        }
    }

    fn failed(shown_by: Option<&'static str>) -> Outcome {
        Outcome::Failed(Failure {
            shown_by: shown_by.map(|name| CheckId {
                exercise: "flip",
                name,
            }),
            ..Failure::new("wrong", "", "", "", "")
        })
    }

    /// Runs a chain on `outcomes`, in order, as the workers do: each check
    /// that is not skipped gets the next outcome.
    fn run(checks: &[Check], mut outcomes: Vec<Outcome>) -> Vec<Outcome> {
        let rubric = rubric();
        let mut chain = Chain::new(&rubric);
        outcomes.reverse();
        checks
            .iter()
            .map(|check| {
                let outcome = chain
                    .skip(check)
                    .unwrap_or_else(|| outcomes.pop().expect("an outcome for each run"));
                chain.record(check, &outcome);
                outcome
            })
            .collect()
    }

    #[test]
    fn each_exercise_is_a_chain_with_its_core_checks_first() {
        let checks = [
            check("perfect_shuffle", "a"),
            check("flip", "x"),
            check("flip", CORE),
            check("flip", "y"),
        ];
        assert_eq!(
            chains(&checks, &rubric(), 2),
            [
                (0, vec![2, 1, 3]),
                (0, vec![0]),
                (1, vec![2, 1, 3]),
                (1, vec![0]),
            ]
        );
    }

    #[test]
    fn a_check_that_runs_out_of_time_stops_its_chain() {
        let checks = [check("flip", CORE), check("flip", "a"), check("flip", "b")];
        let timed_out = Outcome::TimedOut {
            during: "flip".into(),
            limit: Duration::from_secs(1),
        };
        let outcomes = run(&checks, vec![Outcome::Passed, timed_out.clone()]);
        assert_eq!(
            outcomes,
            [
                Outcome::Passed,
                timed_out,
                Outcome::NotRun {
                    function: "flip".into(),
                    what: "ran out of time".into(),
                    earlier: "a".into(),
                },
            ]
        );
    }

    #[test]
    fn a_failed_core_check_makes_the_others_moot_but_the_one_its_hint_names() {
        let checks = [check("flip", CORE), check("flip", "a"), check("flip", "b")];
        let outcomes = run(&checks, vec![failed(Some("b")), failed(None)]);
        assert_eq!(
            outcomes[1],
            Outcome::Moot {
                function: "flip".into(),
                core: CORE.into(),
            }
        );
        assert_eq!(outcomes[2], failed(None), "the pointed check runs");
    }

    #[test]
    fn a_pointed_check_that_crashes_stops_the_chain_after_a_failed_core_check() {
        let checks = [check("flip", CORE), check("flip", "a"), check("flip", "b")];
        let crashed = Outcome::Crashed {
            during: "flip".into(),
            how: "killed".into(),
            output: String::new(),
        };
        let outcomes = run(&checks, vec![failed(Some("a")), crashed.clone()]);
        assert_eq!(outcomes[1], crashed);
        assert_eq!(
            outcomes[2],
            Outcome::NotRun {
                function: "flip".into(),
                what: "crashed".into(),
                earlier: "a".into(),
            }
        );
    }

    #[test]
    fn a_missing_function_is_not_a_failed_core_check() {
        let checks = [check("flip", CORE), check("flip", "a")];
        let missing = Outcome::NotImplemented {
            function: "flip".into(),
        };
        let outcomes = run(&checks, vec![missing.clone(), missing.clone()]);
        assert_eq!(outcomes, [missing.clone(), missing]);
    }

    #[test]
    fn a_failed_check_that_is_not_core_skips_nothing() {
        let checks = [check("flip", "a"), check("flip", "b")];
        let outcomes = run(&checks, vec![failed(None), Outcome::Passed]);
        assert_eq!(outcomes, [failed(None), Outcome::Passed]);
    }
}
