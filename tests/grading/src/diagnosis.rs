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
//! accounts for all of them. One module per exercise whose models need
//! room; the coin and Question 3 are here.
//!
//! An answer that ignores the task (a shuffle that reaches only a few
//! orders, a coin that ignores rng, a comparison of lengths alone, draws
//! that leave the deck as it was) is recognised first and named nothing:
//! a trivial answer earns nothing by the core gate, and its own failures
//! say why. The mistakes themselves are typed ([`Mistake`]), each with the
//! check that shows it.

use crate::checks::coin_probe::{self, Reading};
use crate::oracle::replay_swaps;
use crate::{Check, CheckRng, Failure, Functions, Kind, LabExercise, Mistake};

mod are_permutations;
mod evidence;
mod perfect_shuffle;
mod shuffles;

use evidence::quietly;

/// The start of every hint that points to another check.
pub const FOLLOWS_FROM: &str = "this follows from";

/// `failure` of `check`, with its hint replaced by a pointer to the check
/// that shows the mistake when the exercise's answer makes a known mistake
/// that another failing check explains better.
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
    let Some(showing) = crate::catalogue()
        .into_iter()
        .find(|c| c.exercise == shown_by.exercise && c.name == shown_by.name)
    else {
        return failure;
    };
    // A check that panics on the mistake shows it too: its report names
    // the input and the panic, with a hint.
    if quietly(|| (showing.run)(f).is_ok()).unwrap_or(false) {
        return failure;
    }
    Failure {
        hint: format!(
            "{FOLLOWS_FROM} {}, which {}::{} reports with a hint; fix that first",
            found.what(),
            shown_by.exercise,
            shown_by.name
        ),
        shown_by: Some(shown_by.name),
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

/// The known mistake that `exercise`'s answer makes, if any. The match is
/// exhaustive: a lab exercise added to the registry must be given its
/// diagnosis (or `None`) here.
pub(crate) fn diagnose(exercise: LabExercise, f: &dyn Functions) -> Option<Mistake> {
    match exercise {
        LabExercise::perfect_shuffle => perfect_shuffle::diagnose(f),
        LabExercise::selection_shuffle => shuffles::selection_shuffle(f),
        LabExercise::efficient_selection_shuffle => shuffles::efficient_selection_shuffle(f),
        LabExercise::flip => flip(f),
        LabExercise::are_permutations => are_permutations::are_permutations(f),
        LabExercise::reversing_sequence => reversing_sequence(f),
    }
}

/// The known mistake `exercise`'s answer makes, as the diagnosis reads it
/// whether or not a check failed, with panics kept off the terminal: for
/// the tests that prove it names nothing for a correct answer.
#[doc(hidden)]
pub fn diagnose_exercise(exercise: LabExercise, f: &dyn Functions) -> Option<Mistake> {
    quietly(|| diagnose(exercise, f)).flatten()
}

fn flip(f: &dyn Functions) -> Option<Mistake> {
    let words =
        |seed: u64, times: usize| quietly(|| f.flip().call(&mut CheckRng::seeded(seed), times));
    let many = words(11, 600)?;
    // A coin whose flips do not follow rng (a constant, a fixed pattern, a
    // count of its calls) ignores the task: it is a trivial answer, which
    // earns nothing by the core gate and is never named as a mistake. The
    // seeds are fixed, so this is a fact about the function, not a chance:
    // a coin that draws its flips from rng makes seeds 9 and 10 agree on
    // 64 flips only if their streams do, which for a 2:1 coin has
    // probability (5/9)^64 < 1e-16 over the choice of seeds.
    let (first, again, other) = (words(9, 64)?, words(9, 64)?, words(10, 64)?);
    if first != again || first == other {
        return None;
    }
    if many.iter().any(|w| w != "heads" && w != "tails") {
        return Some(Mistake::FlipWords);
    }
    let share = many.iter().filter(|w| *w == "heads").count() as f64 / many.len() as f64;
    if (0.44..=0.56).contains(&share) {
        return Some(Mistake::FlipFair);
    }
    if !(0.6..=0.73).contains(&share) {
        return Some(Mistake::FlipOdds);
    }
    // Near 2/3 but not exactly: only the coin's exact odds, read off the
    // words it is handed, tell which. An `f32` draw compared with 2/3 is
    // off by the type's 24 bits, not by a decimal: named neither way (a
    // decimal of 7 digits compared in `f32` is the same coin).
    match coin_probe::read(f)? {
        reading if reading.is_two_thirds() => None,
        reading if reading.is_two_thirds_in_single_precision() => None,
        Reading::Threshold { .. } => Some(Mistake::FlipDecimal),
        Reading::Modulo { .. } => Some(Mistake::FlipByteModulo),
    }
}

fn reversing_sequence(f: &dyn Functions) -> Option<Mistake> {
    let rs = quietly(|| f.reversing_sequence().call())?;
    // One r repeated (0, 0, 0), or draws that leave the deck as it was
    // (r = k each time), ignore the question: trivial answers, which earn
    // nothing by the core gate and are never named as a mistake.
    if rs.iter().all(|&r| r == rs[0]) {
        return None;
    }
    if rs.iter().zip([3, 2, 1]).any(|(&r, k)| r > k) {
        return Some(Mistake::Question3OutOfRange);
    }
    if replay_swaps(&[1, 2, 3, 4], &rs) == [1, 2, 3, 4] {
        return None;
    }
    let reversed = replay_swaps(&[1, 2, 3, 4], &rs) == [4, 3, 2, 1];
    (!reversed).then_some(Mistake::Question3NotReversed)
}
