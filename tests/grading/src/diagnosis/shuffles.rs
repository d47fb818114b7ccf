//! The random shuffles' known mistakes. Most are read off one replay on a
//! scripted random source, compared with the oracle's wrong turns; the
//! rest by what the shuffle does whatever idiom it draws with: where it
//! panics (a loop that starts past the end, a deck size written into the
//! code), the shape of every order it makes (Sattolo's single cycles), or
//! a replay whose every draw has the same bound (the naive swap).

use super::efficient_shuffle::{
    draws_from_a_fixed_range, makes_only_single_cycles, rounds_its_draws, sattolo_then_one_swap,
    swaps_like_the_lab, swaps_naively, wrong_step,
};
use super::evidence::{SWAP_DECK, probe_rng, quietly};
use super::evidence::{
    ShuffleOnce, attempt, below_zero, empty_slice, overrun, past_the_end, runs_past_budget,
};
use super::still_cards::{an_end_never_moves, swaps_once_after_the_loop};
use crate::checks::distinct_deck;
use crate::checks::shuffles::reaches_many_orders_of_8_cards;
use crate::checks::under_test::{EFFICIENT, SELECTION, Shuffle};
use crate::oracle::{self, SELECTION_WRONG_TURNS, SWAP_WRONG_TURNS, WrongTurn};
use crate::{CheckRng, Functions, Mistake};

/// The draws the shuffles' diagnoses replay on [`SWAP_DECK`]: every k and
/// r of its 6 cards, including r = k and r = 0.
pub(super) const SWAP_RS: [usize; 5] = [3, 0, 3, 1, 0];
/// For the selection shuffle: collisions early and late.
pub(super) const SELECTION_DECK: [i32; 5] = [1, 2, 3, 4, 5];
pub(super) const SELECTION_JS: [usize; 11] = [3, 3, 0, 4, 0, 1, 4, 3, 0, 1, 2];

/// The mistake of the wrong turn of `turns` that a shuffle replayed on
/// `script` matches.
fn wrong_turn(
    turns: &'static [WrongTurn],
    deck: &[i32],
    script: &[(usize, usize)],
    once: ShuffleOnce,
) -> Option<Mistake> {
    let mut rng = CheckRng::scripted(script.iter().copied());
    let returned = quietly(|| once(deck, &mut rng))?;
    let why = oracle::diagnose(turns, deck, script, &returned, rng.draws())?;
    turns
        .iter()
        .find(|t| t.explanation == why)
        .map(|t| t.mistake)
}

/// Whether the shuffle's core check fails: it reaches only a few orders.
fn barely_shuffles(f: &dyn Functions, shuffle: &Shuffle) -> bool {
    quietly(|| reaches_many_orders_of_8_cards(f, shuffle).is_err()).unwrap_or(false)
}

/// Whether a shuffle never swaps a 2-card deck in 200 tries, which a fair
/// one does with probability 2^-200, while it follows the lab's steps on
/// every deck of 3 to 6 cards (`lab_at`): a special case for 2 cards.
///
/// Without the second half, a loop whose every r is wrong in a way that
/// happens to leave 2 cards alone (r drawn from 1..=k, never 0) was named
/// as a special case it does not have, with a hint to drop it.
fn leaves_two_cards(
    shuffle: impl FnOnce(&mut CheckRng) -> Vec<Vec<i32>>,
    lab_at: &dyn Fn(usize) -> bool,
) -> bool {
    quietly(|| shuffle(&mut probe_rng(2)))
        .is_some_and(|decks| decks.iter().all(|deck| deck == &[1, 2]))
        && (3..=6).all(lab_at)
}

/// The sizes the panic models try, on a fixed seed: every small one (10
/// is the lab tester's deck), and 26 and 52, the half and the whole of
/// the lab's deck. Without 26, a loop to 26 (half the deck's loop) broke
/// every small deck and did not follow the lab's steps on 52 cards, so it
/// went unnamed.
const PANIC_SIZES: [usize; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 26, 52];

/// The mistakes that show as panics or broken decks: every deck
/// overrunning by exactly one slot (a loop from k = n), or every deck
/// smaller than one size overrunning or coming back with the wrong
/// number of cards (a loop to 52, 26, 10 or Question 3's 4 cards, a
/// buffer of 52 or 10) while that size follows the lab's steps. `lab_at(n)` replays the
/// lab's steps on n cards.
fn panic_mistakes(
    once: ShuffleOnce,
    lab_at: &dyn Fn(usize) -> bool,
    [starts_past_the_end, deck_size, empty_vec]: [Mistake; 3],
) -> Option<Mistake> {
    let answers: Vec<(usize, Result<Vec<i32>, String>)> = PANIC_SIZES
        .iter()
        .map(|&n| {
            let deck = distinct_deck(n);
            (n, attempt(|| once(&deck, &mut probe_rng(n as u64))))
        })
        .collect();
    // Every deck of 2 cards or more indexes a Vec that holds no card yet
    // (`Vec::with_capacity(n)` then `v[k] = …`).
    let from_2 = || answers.iter().filter(|(n, _)| *n >= 2);
    if from_2().all(|(_, a)| a.as_ref().is_err_and(|m| empty_slice(m))) {
        return Some(empty_vec);
    }
    // Every deck overruns (a loop from k = n, a copy back to `0..=n`), or
    // runs an index below 0 (`while k >= 0` on a usize).
    let overruns = |m: &String| past_the_end(m) || below_zero(m);
    if from_2().all(|(_, a)| a.as_ref().is_err_and(overruns))
        && answers
            .iter()
            .all(|(_, a)| a.as_ref().is_err_and(overruns) || a.is_ok())
    {
        return Some(starts_past_the_end);
    }
    // Every deck smaller than some size of 4 or more overruns, and every
    // larger one comes back: a size (52, 10, 4) in the loops or the draws,
    // which smaller decks cannot hold.
    // (From 2 cards: a loop over k in 1..n makes no step on 1 card.)
    let from_2: Vec<_> = from_2().collect();
    let small = from_2
        .iter()
        .take_while(|(_, a)| a.as_ref().is_err_and(|m| past_the_end(m)))
        .count();
    if small >= 3 && small < from_2.len() && from_2[small..].iter().all(|(_, a)| a.is_ok()) {
        return Some(deck_size);
    }
    // Every deck up to some size comes back, and every larger one (two at
    // least) overruns a slice shorter than itself: a buffer or a `used`
    // array of a fixed size (`[false; 13]`, `[0; 52]`).
    let fit = answers.iter().take_while(|(_, a)| a.is_ok()).count();
    let larger = &answers[fit..];
    if fit >= 4
        && larger.len() >= 2
        && larger.iter().all(|(n, a)| {
            a.as_ref()
                .err()
                .and_then(|m| overrun(m))
                .is_some_and(|(len, index)| index >= len && len < *n)
        })
    {
        return Some(deck_size);
    }
    let broken = |n: usize, answer: &Result<Vec<i32>, String>| match answer {
        Ok(deck) => deck.len() != n,
        Err(message) => past_the_end(message),
    };
    let (size, _) = answers.iter().find(|(n, a)| !broken(*n, a))?;
    (*size >= 4 && lab_at(*size)).then_some(deck_size)
}

/// Whether the shuffle panics on the empty deck and follows the lab's
/// steps on every deck of 2 to 6 cards and on 10: `len() - 1` on 0 cards,
/// in an answer right everywhere else.
fn panics_on_the_empty_deck_alone(once: ShuffleOnce, lab_at: &dyn Fn(usize) -> bool) -> bool {
    attempt(|| once(&[], &mut probe_rng(0))).is_err() && (2..=6).chain([10]).all(lab_at)
}

/// Whether the selection shuffle follows the lab's steps on `n` cards, on
/// a script of draws that never repeat a card.
fn selects_like_the_lab(once: ShuffleOnce, n: usize) -> bool {
    let mut js: Vec<usize> = (0..n).collect();
    rand::seq::SliceRandom::shuffle(js.as_mut_slice(), &mut crate::seeded(n as u64));
    let deck = distinct_deck(n);
    let mut rng = CheckRng::scripted(js.iter().map(|&j| (j, n)));
    let expected: Vec<i32> = js.iter().map(|&j| deck[j]).collect();
    quietly(|| once(&deck, &mut rng)).is_some_and(|out| out == expected && rng.draws() == n)
}

/// Whether the selection shuffle fills every position but the last as the
/// lab does (`for k in 0..n - 1`), on two scripts of 5 draws that never
/// repeat a card, with one draw fewer, the last slot left as it was made:
/// 0 in a new deck, or the last card of a copy of the old one.
fn skips_the_last_position(once: ShuffleOnce) -> bool {
    let deck = SELECTION_DECK.map(|c| 10 * c);
    let n = deck.len();
    [[3, 0, 4, 1, 2], [1, 4, 2, 0, 3]]
        .iter()
        .all(|js: &[usize; 5]| {
            let mut rng = CheckRng::scripted(js.iter().map(|&j| (j, n)));
            quietly(|| once(&deck, &mut rng)).is_some_and(|out| {
                let picked: Vec<i32> = js[..n - 1].iter().map(|&j| deck[j]).collect();
                out.len() == n
                    && out[..n - 1] == picked[..]
                    && (out[n - 1] == 0 || out[n - 1] == deck[n - 1])
                    && rng.draws() == n - 1
            })
        })
}

/// Whether the shuffle deals the positions 0..n instead of the cards, on
/// three decks of 6 cards whose values (100, 107, …) are no positions:
/// `push(j as i32)`, the index drawn for the card, or a shuffled list of
/// indexes written over the deck.
fn writes_positions(once: ShuffleOnce) -> bool {
    let deck = distinct_deck(6);
    let positions: Vec<i32> = (0..6).collect();
    (0..3).all(|seed| {
        quietly(|| once(&deck, &mut probe_rng(seed))).is_some_and(|mut out| {
            out.sort_unstable();
            out == positions
        })
    })
}

const SMALL_DECKS_ONLY: &[usize] = &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 52];

/// Whether the shuffle follows the lab's steps on every deck up to some
/// size of at least 4 cards and on no deck above it, while dealing every
/// deck's cards exactly once: an answer tuned to the replays of small
/// decks (a branch on the deck's size, a table of answers), with another
/// shuffle for larger decks. Every probe is a fixed script, so nothing is
/// left to chance; a correct shuffle follows the steps at every size, a
/// deck size written into the code at one only, and Sattolo's, the naive
/// swap or a wrong turn at none of the small ones.
fn lab_steps_for_small_decks_only(once: ShuffleOnce, lab_at: &dyn Fn(usize) -> bool) -> bool {
    let lab: Vec<bool> = SMALL_DECKS_ONLY.iter().map(|&n| lab_at(n)).collect();
    let small = lab.iter().take_while(|&&l| l).count();
    let deals = SMALL_DECKS_ONLY.iter().all(|&n| {
        let deck = distinct_deck(n);
        quietly(|| once(&deck, &mut probe_rng(n as u64))).is_some_and(|mut out| {
            out.sort_unstable();
            out == deck
        })
    });
    SMALL_DECKS_ONLY[..small].contains(&4)
        && small < lab.len()
        && !lab[small..].contains(&true)
        && deals
}

/// Values students use as a "used" or "empty" mark: -1, the 0 of a fresh
/// `int[]`, and Java's `Integer.MIN_VALUE` and `MAX_VALUE`.
const MARKS: [i32; 4] = [-1, 0, i32::MIN, i32::MAX];

/// Whether a selection shuffle follows the lab's steps on plain cards but
/// never finishes a 3-card deck that holds one of the [`MARKS`]: that
/// card looks used (or its slot looks empty) from the start, so it is
/// never dealt and the draw for the last position never ends. The draws
/// are cut off at 10,000, which a correct shuffle of 3 cards reaches only
/// if one of its 3 cards takes over 3,333 draws, each a miss with
/// probability at most 2/3: below 3 · (2/3)^3333 < 10^-586.
fn marks_with_a_card_value(once: ShuffleOnce) -> bool {
    selects_like_the_lab(once, 5)
        && MARKS.iter().any(|&mark| {
            let deck = [mark, 3, 14];
            let mut rng = CheckRng::budgeted(3, 10_000);
            runs_past_budget(|| {
                once(&deck, &mut rng);
            })
        })
}

pub(super) fn efficient_selection_shuffle(f: &dyn Functions) -> Option<Mistake> {
    let once = |deck: &[i32], rng: &mut CheckRng| {
        let mut decks = f.efficient_selection_shuffle().call(deck, rng, 1);
        decks.pop().unwrap_or_default()
    };
    // Draws from a fixed range (0..10) overrun every deck smaller than it,
    // as a deck size in the loops does; the scripted draws tell which.
    if draws_from_a_fixed_range(&once) {
        return Some(Mistake::EfficientFixedRange);
    }
    if panics_on_the_empty_deck_alone(&once, &|n| swaps_like_the_lab(&once, n)) {
        return Some(Mistake::EfficientEmptyDeck);
    }
    // A deck size in the code fails the core check too, as a cause.
    if let Some(found) = panic_mistakes(
        &once,
        &|n| swaps_like_the_lab(&once, n),
        [
            Mistake::EfficientPastTheEnd,
            Mistake::EfficientDeckSize,
            Mistake::EfficientPastTheEnd,
        ],
    ) {
        return Some(found);
    }
    // Before the trivial gate: a position written for a card deals none of
    // the cards, so no order of them comes up, yet it is the lab's loop.
    if let Some(found) = wrong_step(&once) {
        return Some(found);
    }
    // The positions 0..n shuffled and written for the cards.
    if writes_positions(&once) {
        return Some(Mistake::EfficientPositions);
    }
    // Before the trivial gate too: one swap after n - 1 draws moves at
    // most two cards, yet every draw of the lab's loop is made.
    if swaps_once_after_the_loop(&once) {
        return Some(Mistake::EfficientSwapOutsideLoop);
    }
    // Before the trivial gate too: a wrong turn that moves the deck
    // replays the lab's draws at the lab's k values, which no trivial
    // answer does, though some turns (every other k) reach few orders of
    // 8 cards. One that leaves the deck as it was (a stray `;`) may
    // replay as a turn by chance, so the gate decides it.
    let script: Vec<(usize, usize)> = (1..SWAP_DECK.len())
        .rev()
        .zip(SWAP_RS)
        .map(|(k, r)| (r, k + 1))
        .collect();
    let moves = quietly(|| once(&SWAP_DECK, &mut CheckRng::scripted(script.iter().copied())))
        .is_some_and(|out| out != SWAP_DECK);
    // Replayed once: read here when the deck moves, after the gate if not.
    let turn = wrong_turn(SWAP_WRONG_TURNS, &SWAP_DECK, &script, &once);
    if moves && turn.is_some() {
        return turn;
    }
    // A shuffle that reaches only a few orders (the deck as it was, a fixed
    // rearrangement, one swap, a cut) ignores the task: a trivial answer,
    // which earns nothing by the core gate and is never named.
    if barely_shuffles(f, &EFFICIENT) {
        return None;
    }
    turn.or_else(|| makes_only_single_cycles(f).then_some(Mistake::Sattolo))
        .or_else(|| sattolo_then_one_swap(&once).then_some(Mistake::Sattolo))
        .or_else(|| swaps_naively(&once).then_some(Mistake::NaiveSwap))
        .or_else(|| {
            lab_steps_for_small_decks_only(&once, &|n| swaps_like_the_lab(&once, n))
                .then_some(Mistake::EfficientSmallDecksOnly)
        })
        .or_else(|| {
            leaves_two_cards(
                |rng| f.efficient_selection_shuffle().call(&[1, 2], rng, 200),
                &|n| swaps_like_the_lab(&once, n),
            )
            .then_some(Mistake::EfficientTwoCards)
        })
        .or_else(|| rounds_its_draws(f).then_some(Mistake::EfficientRounded))
        .or_else(|| {
            let deck = distinct_deck(6);
            let decks = quietly(|| {
                f.efficient_selection_shuffle()
                    .call(&deck, &mut probe_rng(66), 300)
            });
            an_end_never_moves(
                decks,
                [
                    Mistake::EfficientFirstNeverMoves,
                    Mistake::EfficientLastNeverMoves,
                ],
            )
        })
}

pub(super) fn selection_shuffle(f: &dyn Functions) -> Option<Mistake> {
    let once = |deck: &[i32], rng: &mut CheckRng| {
        let mut decks = f.selection_shuffle().call(deck, rng, 1);
        decks.pop().unwrap_or_default()
    };
    if panics_on_the_empty_deck_alone(&once, &|n| selects_like_the_lab(&once, n)) {
        return Some(Mistake::SelectionEmptyDeck);
    }
    if let Some(found) = panic_mistakes(
        &once,
        &|n| selects_like_the_lab(&once, n),
        [
            Mistake::SelectionPastTheEnd,
            Mistake::SelectionDeckSize,
            Mistake::SelectionEmptyVec,
        ],
    ) {
        return Some(found);
    }
    // Before the trivial gate: positions written for cards deal none of
    // the cards, so no order of them comes up.
    if writes_positions(&once) {
        return Some(Mistake::SelectionPositions);
    }
    // Before the trivial gate: a last slot left as it was deals a card
    // that is not among the others, or none.
    if skips_the_last_position(&once) {
        return Some(Mistake::SelectionLastNeverPicked);
    }
    // A shuffle that reaches only a few orders (the deck as it was, a fixed
    // rearrangement, one swap, a cut) ignores the task: a trivial answer,
    // which earns nothing by the core gate and is never named.
    if barely_shuffles(f, &SELECTION) {
        return None;
    }
    let n = SELECTION_DECK.len();
    let script: Vec<(usize, usize)> = SELECTION_JS.iter().map(|&j| (j, n)).collect();
    wrong_turn(SELECTION_WRONG_TURNS, &SELECTION_DECK, &script, &once)
        .or_else(|| marks_with_a_card_value(&once).then_some(Mistake::SelectionValueAsMark))
        .or_else(|| {
            lab_steps_for_small_decks_only(&once, &|n| selects_like_the_lab(&once, n))
                .then_some(Mistake::SelectionSmallDecksOnly)
        })
        .or_else(|| {
            leaves_two_cards(|rng| f.selection_shuffle().call(&[1, 2], rng, 200), &|n| {
                selects_like_the_lab(&once, n)
            })
            .then_some(Mistake::SelectionTwoCards)
        })
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
