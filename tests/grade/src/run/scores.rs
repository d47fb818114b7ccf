//! A submission's [`Graded`] record from its checks' outcomes: what each
//! check earns and why, each cause told once, and the mistakes found. No
//! words are composed here; the reports compose them from this record.

use grading::{Check, CheckId, Outcome};

use crate::build::compile::Compiled;
use crate::build::discover::Submission;
use crate::results::Reason;
use crate::results::cache::fingerprint;
use crate::results::graded::{self, BuildFate, Graded, GradedCheck};
use crate::rubric::Rubric;

/// The record of `submission`, whose checks of `checks` came to
/// `outcomes`, graded by `rubric` and the grader `grader`.
pub(crate) fn graded(
    rubric: &Rubric,
    checks: &[Check],
    grader: &str,
    submission: &Submission,
    compiled: &Compiled,
    outcomes: &[Outcome],
    elapsed: f64,
) -> Graded {
    let build = match compiled {
        Compiled::Failed(failure) => BuildFate::DidNotCompile(failure.clone()),
        Compiled::Built { broken, .. } if !broken.is_empty() => BuildFate::PartlyCompiled {
            missing: broken.iter().map(|b| b.function.clone()).collect(),
        },
        Compiled::Built { .. } => BuildFate::Compiled,
    };
    let passed: Vec<bool> = outcomes.iter().map(Outcome::passed).collect();
    let worth = rubric.hundredths(checks);
    let earned = rubric.earned(checks, &passed);
    let ids: Vec<CheckId> = checks.iter().map(Check::id).collect();
    let whole_build_failed = matches!(build, BuildFate::DidNotCompile(_));
    let same_cause = same_causes(&ids, outcomes, whole_build_failed);
    let graded_checks = checks
        .iter()
        .enumerate()
        .map(|(i, check)| GradedCheck {
            id: ids[i],
            kind: check.kind,
            core: rubric.is_core(check),
            worth: worth[i],
            earned: earned[i],
            reason: reason(&outcomes[i], earned[i] == worth[i]),
            outcome: outcomes[i].clone(),
            same_cause_as: same_cause[i],
        })
        .collect();
    let exercises: Vec<&str> = checks.iter().map(|c| c.exercise).collect();
    Graded {
        version: graded::VERSION,
        submission: submission.id.clone(),
        fingerprint: fingerprint(submission, grader),
        seconds: crate::results::round(elapsed),
        build,
        edited_checks: submission.edited_checks.clone(),
        checks: graded_checks,
        mistakes: crate::results::mistakes::found(&exercises, outcomes),
    }
}

/// One cause, one message: a compile error or an unwritten function fails
/// every check it touches with the same outcome, so only the first of
/// those checks tells it and each of the others points to that first one.
/// So does a panic the diagnosis explains: the checks of one exercise
/// that panic from the same mistake (a deck size in the code overruns
/// every small deck) are one cause, told by the first, whatever deck and
/// message each panicked with.
/// When nothing compiled, the summary tells the compiler's message and no
/// check points to another.
fn same_causes(
    ids: &[CheckId],
    outcomes: &[Outcome],
    whole_build_failed: bool,
) -> Vec<Option<CheckId>> {
    // Each cause seen so far, and the check that tells it.
    let mut told: Vec<(&Outcome, CheckId)> = Vec::new();
    let mut panics_told: Vec<(grading::Mistake, CheckId)> = Vec::new();
    let mut pointers = Vec::with_capacity(ids.len());
    for (&id, outcome) in ids.iter().zip(outcomes) {
        if let Outcome::Panicked {
            mistake: Some(mistake),
            ..
        } = outcome
        {
            // A mistake is of one exercise, so it keys the exercise too.
            let first = panics_told.iter().find(|(m, _)| m == mistake);
            pointers.push(first.map(|(_, first)| *first));
            if first.is_none() {
                panics_told.push((*mistake, id));
            }
            continue;
        }
        let repeats = match outcome {
            Outcome::DidNotCompile { .. } => !whole_build_failed,
            Outcome::NotImplemented { .. } => true,
            _ => false,
        };
        let first = told.iter().find(|(cause, _)| *cause == outcome);
        pointers.push(match first {
            Some((_, first)) if repeats => Some(*first),
            None if repeats => {
                told.push((outcome, id));
                None
            }
            _ => None,
        });
    }
    pointers
}

/// Why `outcome` came out as it did; `scored` is whether the check earned
/// its worth.
fn reason(outcome: &Outcome, scored: bool) -> Reason {
    match outcome {
        Outcome::Passed if scored => Reason::Passed,
        Outcome::Passed => Reason::PassedWhileCoreFails,
        Outcome::Failed(failure) if failure.shown_by.is_some() => Reason::FollowsFrom,
        Outcome::Failed(_) => Reason::Failed,
        Outcome::NotImplemented { .. } => Reason::NotImplemented,
        Outcome::Panicked { .. } => Reason::Panicked,
        Outcome::Crashed { .. } => Reason::Crashed,
        Outcome::DidNotCompile { .. } => Reason::DidNotCompile,
        Outcome::TimedOut { .. } => Reason::TimedOut,
        Outcome::NotRun { .. } => Reason::NotRun,
        Outcome::Moot { .. } => Reason::Moot,
    }
}

#[cfg(test)]
mod tests {
    use grading::check::{are_permutations, flip, perfect_shuffle};

    use super::*;

    #[test]
    fn a_repeated_cause_is_told_by_its_first_check_only() {
        let todo = Outcome::NotImplemented {
            function: "flip".into(),
        };
        let broken = Outcome::DidNotCompile {
            function: "are_permutations".into(),
            message: "error[E0308]: mismatched types".into(),
        };
        let other_todo = Outcome::NotImplemented {
            function: "perfect_shuffle".into(),
        };
        let ids = [
            flip::returns_heads_or_tails,
            flip::heads_twice_as_often_as_tails,
            flip::uses_the_rng_it_is_given,
            are_permutations::true_for_rearrangements,
            are_permutations::false_when_a_card_differs,
            perfect_shuffle::returns_a_permutation,
        ];
        let outcomes = [
            todo.clone(),
            Outcome::Passed,
            todo,
            broken.clone(),
            broken,
            other_todo,
        ];
        assert_eq!(
            same_causes(&ids, &outcomes, false),
            [None, None, Some(ids[0]), None, Some(ids[3]), None]
        );
        // Two panics from one mistake are one cause, whatever their
        // messages; a panic the diagnosis does not explain tells its own.
        let panic = |message: &str, mistake| Outcome::Panicked {
            during: "perfect_shuffle for 3 cards".into(),
            message: message.into(),
            mistake,
        };
        let size = Some(grading::Mistake::PerfectDeckSize);
        let panics = [
            panic("index out of bounds: the len is 3 but the index is 5", size),
            panic("index out of bounds: the len is 1 but the index is 5", size),
            panic("index out of bounds: the len is 1 but the index is 5", None),
        ];
        let panic_ids = [
            perfect_shuffle::returns_a_permutation,
            perfect_shuffle::small_decks,
            perfect_shuffle::interleaves_two_halves,
        ];
        assert_eq!(
            same_causes(&panic_ids, &panics, false),
            [None, Some(panic_ids[0]), None]
        );
        // When nothing compiled, the summary tells it: no pointers but
        // those of unwritten functions.
        assert_eq!(
            same_causes(&ids, &outcomes, true),
            [None, None, Some(ids[0]), None, None, None]
        );
    }
}
