//! One mistake, one message. When a check fails, the exercise's answer is
//! compared with the known mistakes of that exercise (the wrong-answer
//! corpus is the catalogue). When it makes one of them, only the check that
//! shows that mistake best keeps its own hint; every other failing check of
//! the exercise still fails, with the same input, expectation and result,
//! but its hint says which failure to fix first. So one bug reads as one
//! bug, not as a cascade of three.

use std::panic::{self, AssertUnwindSafe};

use crate::checks::distinct_deck;
use crate::oracle::{
    self, SELECTION_WRONG_TURNS, SWAP_WRONG_TURNS, WrongTurn, out_shuffle, replay_swaps,
};
use crate::runner::QuietPanics;
use crate::{Check, CheckRng, Failure, Functions, Kind};

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
    if quietly(|| (shown_by.run)(f).is_ok()).unwrap_or(true) {
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

/// The known mistake that `exercise`'s answer makes, if any.
pub(crate) fn diagnose(exercise: &str, f: &dyn Functions) -> Option<Mistake> {
    match exercise {
        "perfect_shuffle" => perfect_shuffle(f),
        "selection_shuffle" => selection_shuffle(f),
        "efficient_selection_shuffle" => efficient_selection_shuffle(f),
        "flip" => flip(f),
        "are_permutations" => are_permutations(f),
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

fn perfect_shuffle(f: &dyn Functions) -> Option<Mistake> {
    let shuffled = |deck: &[i32]| quietly(|| f.perfect_shuffle().call(deck));
    let even = [2, 4, 6, 8, 10, 12];
    let all_even = |want: &dyn Fn(&[i32]) -> Vec<i32>| {
        even.iter().all(|&n| {
            let deck = distinct_deck(n);
            shuffled(&deck) == Some(want(&deck))
        })
    };
    let positions = |deck: &[i32]| -> Vec<i32> {
        let indices: Vec<i32> = (0..deck.len() as i32).collect();
        out_shuffle(&indices)
    };
    if all_even(&positions) {
        return Some(mistake(
            "writing positions into the new deck instead of the cards",
            "moves_values_not_indices",
        ));
    }
    let in_shuffle = |deck: &[i32]| -> Vec<i32> {
        let (first, second) = deck.split_at(deck.len() / 2);
        second
            .iter()
            .zip(first)
            .flat_map(|(&a, &b)| [a, b])
            .collect()
    };
    if all_even(&in_shuffle) {
        return Some(mistake(
            "putting the second half's card first (an in-shuffle)",
            "even_lengths_interleave_the_halves",
        ));
    }
    let odd_wrong = (1..12).step_by(2).any(|n| {
        let deck = distinct_deck(n);
        shuffled(&deck) != Some(out_shuffle(&deck))
    });
    if all_even(&out_shuffle) && odd_wrong {
        return Some(mistake(
            "where an odd deck is split (the first half gets the extra card)",
            "odd_lengths_give_the_extra_card_to_the_first_half",
        ));
    }
    None
}

/// The deck and draws the shuffles' diagnoses replay: every k and r of a
/// 6-card deck, including r = k and r = 0.
const SWAP_DECK: [i32; 6] = [10, 20, 30, 40, 50, 60];
const SWAP_RS: [usize; 5] = [3, 0, 3, 1, 0];
/// For the selection shuffle: collisions early and late.
const SELECTION_DECK: [i32; 5] = [1, 2, 3, 4, 5];
const SELECTION_JS: [usize; 11] = [3, 3, 0, 4, 0, 1, 4, 3, 0, 1, 2];

/// The mistake of the wrong turn of `turns` that a shuffle replayed on
/// `script` matches.
fn wrong_turn(
    turns: &'static [WrongTurn],
    deck: &[i32],
    script: &[(usize, usize)],
    shuffle: impl FnOnce(&mut CheckRng) -> Vec<Vec<i32>>,
) -> Option<Mistake> {
    let mut rng = CheckRng::scripted(script.iter().copied());
    let returned = quietly(|| shuffle(&mut rng))?.pop()?;
    let why = oracle::diagnose(turns, deck, script, &returned, rng.draws())?;
    turns
        .iter()
        .find(|t| t.explanation == why)
        .map(|t| t.mistake)
}

/// A shuffle whose core check fails reaches only a few orders; everything
/// else it fails follows from that.
fn barely_shuffles(f: &dyn Functions, check: fn(&dyn Functions) -> Result<(), Failure>) -> bool {
    quietly(|| check(f).is_err()).unwrap_or(false)
}

/// Whether a shuffle never swaps a 2-card deck in 200 tries, which a fair
/// one does with probability 2^-200.
fn leaves_two_cards(shuffle: impl FnOnce(&mut CheckRng) -> Vec<Vec<i32>>) -> bool {
    quietly(|| shuffle(&mut CheckRng::seeded(2)))
        .is_some_and(|decks| decks.iter().all(|deck| deck == &[1, 2]))
}

const TWO_CARDS: Mistake = mistake("leaving a 2-card deck as it is", "uniform_at_2_cards");

fn efficient_selection_shuffle(f: &dyn Functions) -> Option<Mistake> {
    use crate::checks::efficient_selection_shuffle as checks;
    if barely_shuffles(f, checks::reaches_many_orders_of_8_cards) {
        return Some(mistake(
            "a shuffle that reaches only a few orders",
            "reaches_many_orders_of_8_cards",
        ));
    }
    let script: Vec<(usize, usize)> = (1..SWAP_DECK.len())
        .rev()
        .zip(SWAP_RS)
        .map(|(k, r)| (r, k + 1))
        .collect();
    wrong_turn(SWAP_WRONG_TURNS, &SWAP_DECK, &script, |rng| {
        f.efficient_selection_shuffle().call(&SWAP_DECK, rng, 1)
    })
    .or_else(|| {
        leaves_two_cards(|rng| f.efficient_selection_shuffle().call(&[1, 2], rng, 200))
            .then_some(TWO_CARDS)
    })
}

fn selection_shuffle(f: &dyn Functions) -> Option<Mistake> {
    use crate::checks::selection_shuffle as checks;
    if barely_shuffles(f, checks::reaches_many_orders_of_8_cards) {
        return Some(mistake(
            "a shuffle that reaches only a few orders",
            "reaches_many_orders_of_8_cards",
        ));
    }
    let n = SELECTION_DECK.len();
    let script: Vec<(usize, usize)> = SELECTION_JS.iter().map(|&j| (j, n)).collect();
    wrong_turn(SELECTION_WRONG_TURNS, &SELECTION_DECK, &script, |rng| {
        f.selection_shuffle().call(&SELECTION_DECK, rng, 1)
    })
    .or_else(|| {
        leaves_two_cards(|rng| f.selection_shuffle().call(&[1, 2], rng, 200)).then_some(TWO_CARDS)
    })
}

fn flip(f: &dyn Functions) -> Option<Mistake> {
    let words =
        |seed: u64, times: usize| quietly(|| f.flip().call(&mut CheckRng::seeded(seed), times));
    let many = words(11, 600)?;
    if many.iter().any(|w| w != "heads" && w != "tails") {
        return Some(mistake(
            "the words returned (exactly \"heads\" or \"tails\")",
            "returns_heads_or_tails",
        ));
    }
    if many.iter().all(|w| *w == many[0]) {
        return Some(mistake(
            "a coin that always shows the same side",
            "returns_heads_or_tails",
        ));
    }
    let (first, again, other) = (words(9, 64)?, words(9, 64)?, words(10, 64)?);
    if first != again || first == other {
        return Some(mistake(
            "flips that do not come from rng",
            "uses_the_rng_it_is_given",
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
    None
}

/// A known wrong answer to Question 2, with the mistake it makes.
type WrongAnswer = (fn(&[i32], &[i32]) -> bool, Mistake);

/// A sum as a student's code computes it where `grade` builds it: wrapping
/// (release builds have no overflow checks), since the cards reach
/// `i32::MIN` and `i32::MAX`. (In a debug build the student's own sum
/// panics instead, which names the overflow.)
fn sum(cards: &[i32]) -> i32 {
    cards
        .iter()
        .fold(0, |total, &card| total.wrapping_add(card))
}

/// A product, wrapping, as [`sum`].
fn product(cards: &[i32]) -> i32 {
    cards
        .iter()
        .fold(1, |total, &card| total.wrapping_mul(card))
}

/// `i32::MIN` used to mark each matched card of a copy of b: a real
/// `i32::MIN` in a then matches a mark.
fn marks_with_min(a: &[i32], b: &[i32]) -> bool {
    let mut left = b.to_vec();
    a.iter()
        .all(|&card| match left.iter().position(|&c| c == card) {
            Some(at) => {
                left[at] = i32::MIN;
                true
            }
            None => false,
        })
}

/// Equal cards compared as Java compares boxed `Integer`s with `==`: the
/// same only from -128 to 127.
fn small_values_only(a: &[i32], b: &[i32]) -> bool {
    let same = |x: i32, y: i32| x == y && (-128..=127).contains(&x);
    a.iter().all(|&x| b.iter().any(|&y| same(x, y)))
}

/// Mistakes that show only on the extremes: right on every pair of plain
/// values, wrong where a card is `i32::MIN` or `i32::MAX`.
const WRONG_ON_EXTREMES: &[WrongAnswer] = &[
    (
        marks_with_min,
        mistake(
            "a card value (i32::MIN) used as a 'used' mark",
            "every_pair_of_up_to_4_cards",
        ),
    ),
    (
        small_values_only,
        mistake(
            "a comparison that is right only for small values",
            "every_pair_of_up_to_4_cards",
        ),
    ),
];

const WRONG_ANSWERS: &[WrongAnswer] = &[
    (
        |a, b| a.len() == b.len(),
        mistake(
            "answering true without comparing the cards",
            "false_when_a_card_differs",
        ),
    ),
    (
        |_, _| false,
        mistake(
            "answering false even for rearrangements",
            "true_for_rearrangements",
        ),
    ),
    (
        |a, b| a == b,
        mistake(
            "comparing position by position (a == b)",
            "true_for_rearrangements",
        ),
    ),
    (
        |a, b| sum(a) == sum(b),
        mistake("comparing sums", "false_when_only_the_sums_match"),
    ),
    (
        |a, b| product(a) == product(b),
        mistake("comparing products", "false_when_only_the_sums_match"),
    ),
    (
        |a, b| sum(a) == sum(b) && product(a) == product(b),
        mistake(
            "comparing sums and products",
            "false_when_only_the_sums_match",
        ),
    ),
    (
        |a, b| a.iter().step_by(2).all(|x| b.contains(x)),
        mistake(
            "looking at only some of the cards",
            "false_when_a_card_differs",
        ),
    ),
    (
        |a, b| a.first().is_none_or(|x| b.contains(x)),
        mistake(
            "looking at only some of the cards",
            "false_when_a_card_differs",
        ),
    ),
    (
        |a, b| {
            a.iter()
                .take(a.len().saturating_sub(1))
                .all(|x| b.contains(x))
        },
        mistake(
            "a loop over a that stops before its last card",
            "false_when_a_card_differs",
        ),
    ),
    (
        |a, b| {
            let seen = &b[..b.len().saturating_sub(1)];
            a.iter().all(|x| seen.contains(x))
        },
        mistake(
            "a loop over b that stops before its last card",
            "true_for_rearrangements",
        ),
    ),
    (
        |a, b| !a.is_empty() && a.iter().all(|x| b.contains(x)),
        mistake("empty arrays", "empty_and_single_card_arrays"),
    ),
];

fn are_permutations(f: &dyn Functions) -> Option<Mistake> {
    use crate::checks::are_permutations::{PLAIN_VALUES, every_small_pair, every_small_pair_of};
    let made = |pairs: &[(Vec<i32>, Vec<i32>)], known: &[WrongAnswer]| -> Option<Mistake> {
        let answers = quietly(|| f.are_permutations().call(pairs))?;
        known
            .iter()
            .find(|(wrong, _)| {
                pairs
                    .iter()
                    .zip(&answers)
                    .all(|((a, b), answer)| wrong(a, b) == *answer)
            })
            .map(|(_, found)| *found)
    };
    // The extremes first: an answer right on every plain pair is also
    // indistinguishable there from comparing sums and products.
    made(&every_small_pair(), WRONG_ON_EXTREMES)
        .or_else(|| made(&every_small_pair_of(&PLAIN_VALUES), WRONG_ANSWERS))
}

fn reversing_sequence(f: &dyn Functions) -> Option<Mistake> {
    let rs = quietly(|| f.reversing_sequence().call())?;
    if rs.iter().zip([3, 2, 1]).any(|(&r, k)| r > k) {
        return Some(mistake(
            "an r larger than its k, which the shuffle can never draw",
            "each_r_is_between_0_and_k",
        ));
    }
    let reversed = replay_swaps(&[1, 2, 3, 4], &rs) == [4, 3, 2, 1];
    (!reversed).then_some(mistake(
        "draws that do not reverse [1, 2, 3, 4]",
        "answers_question_3",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scripts_are_used_up_exactly() {
        let (deck, used) = oracle::replay_selection(&SELECTION_DECK, &SELECTION_JS);
        assert_eq!(
            (deck.len(), used),
            (SELECTION_DECK.len(), SELECTION_JS.len())
        );
        assert_eq!(SWAP_RS.len(), SWAP_DECK.len() - 1);
        for (k, r) in (1..SWAP_DECK.len()).rev().zip(SWAP_RS) {
            assert!(r <= k);
        }
    }
}
