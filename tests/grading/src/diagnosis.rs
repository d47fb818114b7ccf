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

use std::panic::{self, AssertUnwindSafe};

use crate::checks::coin_probe::{self, Reading};
use crate::oracle::replay_swaps;
use crate::runner::QuietPanics;
use crate::{Check, CheckRng, Failure, Functions, Kind};

mod are_permutations;
mod evidence;
mod perfect_shuffle;
mod shuffles;

/// A known mistake: what it is, and the check that shows it best. A
/// failure carries it (see [`Failure::mistake`]), so that whoever gathers
/// failures across a class (`grade`'s class report) counts mistakes by
/// value, never by reading hints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mistake {
    /// What went wrong, to follow "this follows from".
    pub what: &'static str,
    /// The check whose hint explains it; its exercise is the failing one's.
    pub shown_by: &'static str,
}

pub(crate) const fn mistake(what: &'static str, shown_by: &'static str) -> Mistake {
    Mistake { what, shown_by }
}

/// The start of every hint that points to another check.
pub const FOLLOWS_FROM: &str = "this follows from";

/// `failure` of `check`, with its hint replaced by a pointer to the check
/// that shows the mistake when the exercise's answer makes a known mistake
/// that another failing check explains better.
pub(crate) fn refine(check: &Check, f: &dyn Functions, failure: Failure) -> Failure {
    if check.kind == Kind::Bonus {
        return failure;
    }
    let Some(Some(found)) = quietly(|| diagnose(check.exercise, f)) else {
        return failure;
    };
    if found.shown_by == check.name {
        return Failure {
            mistake: Some(found),
            ..failure
        };
    }
    // The diagnosis holds only if the check that shows it fails too.
    let Some(shown_by) = crate::catalogue()
        .into_iter()
        .find(|c| c.exercise == check.exercise && c.name == found.shown_by)
    else {
        return failure;
    };
    // A check that panics on the mistake shows it too: its report names
    // the input and the panic, with a hint.
    if quietly(|| (shown_by.run)(f).is_ok()).unwrap_or(false) {
        return failure;
    }
    Failure {
        hint: format!(
            "{FOLLOWS_FROM} {}, which {}::{} reports with a hint; fix that first",
            found.what, check.exercise, found.shown_by
        ),
        shown_by: Some(found.shown_by),
        mistake: Some(found),
        ..failure
    }
}

/// The known mistake that `check`'s exercise makes, read after the
/// student's code panicked in it with `message`: the panic's report is
/// made, and the panic's input and message are among what the models
/// account for.
///
/// Not after the check's own stop of an endless loop (a random source
/// past its budget), nor after a timeout or a crash, which are not
/// panics: such a function may never return on the diagnosis's inputs
/// either, each costing a call's whole time limit, and no known mistake
/// is a model of a loop that never ends.
pub(crate) fn after_panic(check: &Check, f: &dyn Functions, message: &str) -> Option<Mistake> {
    if check.kind == Kind::Bonus || message.starts_with(workbook::OVER_BUDGET) {
        return None;
    }
    quietly(|| diagnose(check.exercise, f)).flatten()
}

/// The known mistake that `exercise`'s answer makes, if any.
pub(crate) fn diagnose(exercise: &str, f: &dyn Functions) -> Option<Mistake> {
    match exercise {
        "perfect_shuffle" => perfect_shuffle::diagnose(f),
        "selection_shuffle" => shuffles::selection_shuffle(f),
        "efficient_selection_shuffle" => shuffles::efficient_selection_shuffle(f),
        "flip" => flip(f),
        "are_permutations" => are_permutations::are_permutations(f),
        "reversing_sequence" => reversing_sequence(f),
        _ => None,
    }
}

/// Runs `body`, returning `None` if it panicked, without printing the
/// panic: a student's function may panic on a probe, and that panic is not
/// news to them.
fn quietly<T>(body: impl FnOnce() -> T) -> Option<T> {
    let _quiet = QuietPanics::new();
    panic::catch_unwind(AssertUnwindSafe(body)).ok()
}

fn flip(f: &dyn Functions) -> Option<Mistake> {
    let words =
        |seed: u64, times: usize| quietly(|| f.flip().call(&mut CheckRng::seeded(seed), times));
    let many = words(11, 600)?;
    // A coin whose flips do not follow rng (a constant, a fixed pattern, a
    // count of its calls) ignores the task: it is a trivial answer, which
    // earns nothing by the core gate and is never named as a mistake.
    let (first, again, other) = (words(9, 64)?, words(9, 64)?, words(10, 64)?);
    if first != again || first == other {
        return None;
    }
    if many.iter().any(|w| w != "heads" && w != "tails") {
        return Some(mistake(
            "the words returned (exactly \"heads\" or \"tails\")",
            "returns_heads_or_tails",
        ));
    }
    let share = many.iter().filter(|w| *w == "heads").count() as f64 / many.len() as f64;
    if (0.44..=0.56).contains(&share) {
        return Some(mistake(
            "a fair coin (heads must come up 2 times in 3)",
            "heads_twice_as_often_as_tails",
        ));
    }
    if !(0.6..=0.73).contains(&share) {
        return Some(mistake(
            "the coin's odds (heads must come up 2 times in 3)",
            "heads_twice_as_often_as_tails",
        ));
    }
    // Near 2/3 but not exactly: only the coin's exact odds, read off the
    // words it is handed, tell which.
    match coin_probe::read(f)? {
        reading if reading.is_two_thirds() => None,
        Reading::Threshold { .. } => Some(mistake(
            "2/3 written as a decimal (0.66, 0.6666, 1 - 0.33)",
            "heads_exactly_2_times_in_3",
        )),
        Reading::Modulo { .. } => Some(mistake(
            "a small number (a byte) taken % 3, which is not exactly 2 in 3",
            "heads_exactly_2_times_in_3",
        )),
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
        return Some(mistake(
            "an r larger than its k, which the shuffle can never draw",
            "each_r_is_between_0_and_k",
        ));
    }
    if replay_swaps(&[1, 2, 3, 4], &rs) == [1, 2, 3, 4] {
        return None;
    }
    let reversed = replay_swaps(&[1, 2, 3, 4], &rs) == [4, 3, 2, 1];
    (!reversed).then_some(mistake(
        "draws that do not reverse [1, 2, 3, 4]",
        "answers_question_3",
    ))
}
