//! The known mistakes a submission makes, as the diagnosis found them
//! while its checks ran: typed values taken from each failure, kept in
//! its [`crate::results::graded::Graded`] so that a grade reused from an
//! earlier run still counts in the class report.

use grading::Outcome;
use serde::{Deserialize, Serialize};

/// One known mistake a submission's answer to an exercise makes. `id` is
/// its identity, by which it is compared and counted; the words beside it
/// are the diagnosis's, kept so that `graded.json` reads on its own.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Found {
    /// The exercise whose answer makes it.
    pub exercise: String,
    /// What went wrong, in the diagnosis's words.
    pub what: String,
    /// The check whose hint explains it.
    pub shown_by: String,
    /// The mistake itself.
    pub id: grading::Mistake,
    /// Where the student's own shuffle put each card, when a fairness
    /// check of the same exercise failed and counted them: the evidence a
    /// feedback page draws.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<grading::Positions>,
}

impl Found {
    /// `mistake`, made in `exercise`'s answer.
    pub fn of(exercise: &str, mistake: grading::Mistake) -> Found {
        Found {
            exercise: exercise.to_string(),
            what: mistake.what().to_string(),
            shown_by: mistake.shown_by().name.to_string(),
            id: mistake,
            positions: None,
        }
    }

    /// Whether this is `mistake`: compared by identity, never by words.
    pub fn is(&self, mistake: grading::Mistake) -> bool {
        self.id == mistake
    }
}

/// The mistakes that `outcomes` (one per check of `exercises`) carry, one
/// per exercise and mistake, in the lab's order of checks.
pub(crate) fn found(exercises: &[&str], outcomes: &[Outcome]) -> Vec<Found> {
    let mut all: Vec<Found> = Vec::new();
    for (exercise, outcome) in exercises.iter().zip(outcomes) {
        // A failure's, or a panic's: the diagnosis reads both.
        let Some(mistake) = outcome.mistake() else {
            continue;
        };
        let one = Found {
            positions: positions_of(exercise, exercises, outcomes),
            ..Found::of(exercise, mistake)
        };
        if !all.contains(&one) {
            all.push(one);
        }
    }
    all
}

/// `found` in one line, as every summary begins: "The mistake" or "The
/// mistakes", and each as `` `exercise`: what ``.
pub(crate) fn listed(found: &[Found]) -> (&'static str, String) {
    let each: Vec<String> = found
        .iter()
        .map(|m| format!("`{}`: {}", m.exercise, m.what))
        .collect();
    let noun = if found.len() == 1 {
        "The mistake"
    } else {
        "The mistakes"
    };
    (noun, each.join("; "))
}

/// The position counts of the first failed check of `exercise` that
/// carries them.
fn positions_of(
    exercise: &str,
    exercises: &[&str],
    outcomes: &[Outcome],
) -> Option<grading::Positions> {
    exercises
        .iter()
        .zip(outcomes)
        .filter(|(own, _)| **own == exercise)
        .find_map(|(_, outcome)| match outcome {
            Outcome::Failed(failure) => failure.positions.clone(),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grading::Failure;

    #[test]
    fn a_mistake_counts_once_per_exercise() {
        let failed = |mistake| {
            Outcome::Failed(Failure {
                mistake,
                ..Failure::new("wrong", "", "", "", "")
            })
        };
        let panicked = |mistake| Outcome::Panicked {
            during: "efficient_selection_shuffle for 5 cards".into(),
            message: "index out of bounds: the len is 5 but the index is 5".into(),
            mistake,
        };
        let outcomes = [
            failed(Some(grading::Mistake::Sattolo)),
            failed(Some(grading::Mistake::Sattolo)),
            failed(None),
            Outcome::Passed,
            panicked(Some(grading::Mistake::Sattolo)),
            panicked(None),
        ];
        let exercises = ["efficient_selection_shuffle"; 6];
        let found = found(&exercises, &outcomes);
        assert_eq!(found.len(), 1);
        assert!(found[0].is(grading::Mistake::Sattolo));
        assert!(!found[0].is(grading::Mistake::NaiveSwap));
        // A panic's mistake counts as a failure's does.
        let from_a_panic = super::found(
            &exercises[..1],
            &[panicked(Some(grading::Mistake::NaiveSwap))],
        );
        assert!(from_a_panic[0].is(grading::Mistake::NaiveSwap));
    }
}
