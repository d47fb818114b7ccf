//! What a random shuffle leaves where it was, read from behaviour alone:
//! an end of the deck that never moves however many shuffles are made
//! (`k` from `n - 2`, `r` never 0), and a loop whose draws are all made
//! but whose one swap comes after it.

use super::evidence::{ShuffleOnce, quietly};
use crate::checks::distinct_deck;
use crate::checks::permutation_pairs::same_cards;
use crate::{CheckRng, Mistake};

/// The cards of the probe deck.
const CARDS: usize = 6;

/// Which end of the deck never moves over `decks`, shuffles of
/// [`distinct_deck`]`(6)` on a fixed seed, while every other position does
/// and every shuffle deals each card once: `first` or `last`.
///
/// A fair shuffle leaves a given card in place 1 time in 6, so it keeps
/// it there in all of 300 shuffles with probability 6^-300 (under
/// 10^-233): the false alarm. Power against `k` from `n - 2`
/// (`fixtures/wrong/efficient_starts_one_low.rs`) or `r` drawn from
/// `1..=k` (`efficient_r_never_0.rs`): that card cannot move, so the
/// only way to miss is that another card also stays put in all 300,
/// which on the fixed seed it does not (both fixtures are pinned).
pub(super) fn an_end_never_moves(
    decks: Option<Vec<Vec<i32>>>,
    [first, last]: [Mistake; 2],
) -> Option<Mistake> {
    let deck = distinct_deck(CARDS);
    let decks = decks?;
    let mut moved = [false; CARDS];
    for out in &decks {
        if !same_cards(out, &deck) {
            return None;
        }
        for (i, m) in moved.iter_mut().enumerate() {
            *m |= out[i] != deck[i];
        }
    }
    let others_move = |skip: usize| (0..CARDS).filter(|&i| i != skip).all(|i| moved[i]);
    if decks.len() >= 300 && !moved[0] && others_move(0) {
        return Some(first);
    }
    (decks.len() >= 300 && !moved[CARDS - 1] && others_move(CARDS - 1)).then_some(last)
}

/// The draws for k = 5 down to 1, each within 0..=k, that the lab's steps
/// turn into decks 4 or 5 cards away from where they started.
const SCRIPTS: [[usize; CARDS - 1]; 3] = [[2, 4, 1, 0, 1], [0, 1, 3, 2, 0], [4, 0, 0, 1, 0]];

/// Whether every script of the lab's n - 1 draws is read in full and
/// leaves the deck one swap (or none) from where it was, one swap in at
/// least one: the loop's body holds the draw alone, and the one swap
/// after it (a stray `;`, a misplaced `}`) uses the last k and r.
/// The lab's steps move 4 or more cards on each of these scripts; one
/// step of the loop alone (`fixtures/trivial/efficient_one_swap.rs`)
/// makes a single draw, so it is not this, and stays trivial.
pub(super) fn swaps_once_after_the_loop(once: ShuffleOnce) -> bool {
    let deck = distinct_deck(CARDS);
    let mut swapped = false;
    for rs in SCRIPTS {
        let script = (1..CARDS).rev().zip(rs).map(|(k, r)| (r, k + 1));
        let mut rng = CheckRng::scripted(script);
        let Some(out) = quietly(|| once(&deck, &mut rng)) else {
            return false;
        };
        let moved = (0..CARDS).filter(|&i| out.get(i) != deck.get(i)).count();
        if rng.draws() != CARDS - 1 || !same_cards(&out, &deck) || !(moved == 0 || moved == 2) {
            return false;
        }
        swapped |= moved == 2;
    }
    swapped
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::replay_swaps;

    #[test]
    fn the_lab_moves_many_cards_on_every_script() {
        let deck = distinct_deck(CARDS);
        for rs in SCRIPTS {
            for (k, r) in (1..CARDS).rev().zip(rs) {
                assert!(r <= k);
            }
            let out = replay_swaps(&deck, &rs);
            assert!((0..CARDS).filter(|&i| out[i] != deck[i]).count() >= 4);
        }
    }
}
