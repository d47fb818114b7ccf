//! One mistake, one message. When a check fails, the exercise's answer is
//! compared with the known mistakes of that exercise (the wrong-answer
//! corpus is the catalogue). When it makes one of them, only the check that
//! shows that mistake best keeps its own hint; every other failing check of
//! the exercise still fails, with the same input, expectation and result,
//! but its hint says which failure to fix first. So one bug reads as one
//! bug, not as a cascade of three.
//!
//! A panic is diagnosed too ([`after_panic`]): each exercise's models say
//! what the mistaken function does with every chosen input, panics and
//! their messages included, and a mistake is named only when its model
//! accounts for all of them. Each exercise's models are in the module the
//! registry names (`diagnosis shuffles`), in a function of the exercise's
//! name; [`diagnose`] dispatches to it.
//!
//! An answer that ignores the task (a shuffle that reaches only a few
//! orders, a coin that ignores rng, a comparison of lengths alone, draws
//! that leave the deck as it was) is recognised first and named nothing:
//! a trivial answer earns nothing by the core gate, and its own failures
//! say why. The mistakes themselves are typed ([`Mistake`]), each with the
//! check that shows it.

use crate::{Check, Failure, Functions, Kind, LabExercise, Mistake};

// One module per diagnosed exercise, each with a function of the
// exercise's name that the registry's `diagnosis <module>` names.
mod are_permutations;
mod efficient_shuffle;
mod evidence;
mod flip;
mod perfect_decks;
mod perfect_shuffle;
mod permutation_models;
mod reversing_sequence;
mod shuffles;
mod still_cards;
mod wrong_steps;

use evidence::quietly;

/// `failure` of `check`, pointing to the check that shows the mistake
/// (its `shown_by`, which its message's hint then names) when the
/// exercise's answer makes a known mistake that another failing check
/// explains better.
pub(crate) fn refine(check: &Check, f: &dyn Functions, failure: Failure) -> Failure {
    if check.kind == Kind::Bonus {
        return failure;
    }
    let Some(exercise) = LabExercise::named(check.exercise) else {
        return failure;
    };
    let Some(Some(found)) = quietly(|| diagnose(exercise, f)) else {
        return failure;
    };
    let shown_by = found.shown_by();
    if shown_by.name == check.name {
        return Failure {
            mistake: Some(found),
            ..failure
        };
    }
    // The diagnosis holds only if the check that shows it fails too. The
    // check is found by its typed name, which the registry guarantees.
    let Some(showing) = crate::catalogue().into_iter().find(|c| c.id() == shown_by) else {
        return failure;
    };
    // A check that panics on the mistake shows it too: its report names
    // the input and the panic, with a hint.
    if quietly(|| (showing.run)(f).is_ok()).unwrap_or(false) {
        return failure;
    }
    Failure {
        shown_by: Some(shown_by),
        mistake: Some(found),
        ..failure
    }
}

/// The known mistake that `check`'s exercise makes, read after the
/// student's code panicked in it: the panic's report is made, and the
/// panic's input and message are among what the models account for.
///
/// Not after the check's own stop of an endless loop (`over_budget`: a
/// random source past its budget, told by its payload's type), nor after a timeout or a crash, which are not
/// panics: such a function may never return on the diagnosis's inputs
/// either, each costing a call's whole time limit, and no known mistake
/// is a model of a loop that never ends. (A timeout cannot be diagnosed
/// under `grade` at all: the sandboxed process that ran out of time is
/// ended, and the functions go with it.)
pub(crate) fn after_panic(check: &Check, f: &dyn Functions, over_budget: bool) -> Option<Mistake> {
    if check.kind == Kind::Bonus || over_budget {
        return None;
    }
    let exercise = LabExercise::named(check.exercise)?;
    quietly(|| diagnose(exercise, f)).flatten()
}

// `diagnose(exercise, f)`, the known mistake that `exercise`'s answer
// makes, if any: a `match` over every lab exercise, each arm the function
// of the exercise's name in the module the registry names (`diagnosis
// shuffles`), or nothing (`diagnosis none`).
workbook::__diagnose!();

/// The known mistake `exercise`'s answer makes, as the diagnosis reads it
/// whether or not a check failed, with panics kept off the terminal: for
/// the tests that prove it names nothing for a correct answer.
#[doc(hidden)]
pub fn diagnose_exercise(exercise: LabExercise, f: &dyn Functions) -> Option<Mistake> {
    quietly(|| diagnose(exercise, f)).flatten()
}
