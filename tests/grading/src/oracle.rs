//! The lab's procedures, written once inside the grading suite, so that a
//! check never trusts the code it grades, and the known wrong turns, so
//! that a lab-steps failure can name the one a student took.

use rand::RngExt;
use rand::seq::SliceRandom;

use crate::Mistake;
use crate::ScriptedRng;
use crate::algorithms::{self, out_shuffle_position};

/// The out-shuffle by its position rule (see [`out_shuffle_position`]).
pub(crate) fn out_shuffle(values: &[i32]) -> Vec<i32> {
    let mut shuffled = vec![0; values.len()];
    for (i, &card) in values.iter().enumerate() {
        shuffled[out_shuffle_position(values.len(), i)] = card;
    }
    shuffled
}

/// The efficient selection shuffle, replayed with given r values for
/// k = n − 1 down to 1.
pub(crate) fn replay_swaps(values: &[i32], rs: &[usize]) -> Vec<i32> {
    let mut deck = values.to_vec();
    for (k, &r) in (1..deck.len()).rev().zip(rs) {
        deck.swap(k, r);
    }
    deck
}

/// The selection shuffle, replayed with given j values; returns the deck
/// and how many of the js it used.
pub(crate) fn replay_selection(values: &[i32], js: &[usize]) -> (Vec<i32>, usize) {
    let mut taken = vec![false; values.len()];
    let mut shuffled = Vec::new();
    let mut used = 0;
    for &j in js {
        if shuffled.len() == values.len() {
            break;
        }
        used += 1;
        if !taken[j] {
            taken[j] = true;
            shuffled.push(values[j]);
        }
    }
    (shuffled, used)
}

/// A wrong turn a student may take, with the explanation a report gives
/// when a submission's output matches it, and the mistake the diagnosis
/// names for the exercise's other failing checks.
pub(crate) struct WrongTurn {
    pub(crate) explanation: &'static str,
    pub(crate) mistake: Mistake,
    pub(crate) shuffle: fn(&[i32], &mut ScriptedRng) -> Vec<i32>,
}

/// Known ways to get the efficient selection shuffle's steps wrong. Where
/// two reproduce the same deck (r = k every time makes Sattolo's and the
/// upward loop agree), the first listed wins, so the narrower mistake
/// comes first.
pub(crate) const SWAP_WRONG_TURNS: &[WrongTurn] = &[
    WrongTurn {
        explanation: "r is drawn from 0..k, which never lets a card stay where it is. \
            That is Sattolo's algorithm: it only makes single cycles. Draw r from 0..=k",
        mistake: Mistake::Sattolo,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            algorithms::sattolo_shuffle(&mut deck, rng);
            deck
        },
    },
    WrongTurn {
        explanation: "the loop stops at k = 2, one step early. The last step, k = 1, \
            decides the order of the first two cards",
        mistake: Mistake::StopsAtK2,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            for k in (2..deck.len()).rev() {
                let r = rng.random_range(0..=k);
                deck.swap(k, r);
            }
            deck
        },
    },
    WrongTurn {
        explanation: "every position is swapped with any position (r from 0 to n - 1). \
            That naive shuffle has n^n equally likely paths, which cannot split evenly \
            over the n! orders",
        mistake: Mistake::NaiveSwap,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            algorithms::naive_shuffle(&mut deck, rng);
            deck
        },
    },
    WrongTurn {
        explanation: "k runs upwards (k from 0, r from k to n - 1). That is a fair \
            Fisher–Yates shuffle, but the lab's loop runs k from n - 1 down to 1 and draws r in 0..=k",
        mistake: Mistake::ForwardLoop,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            let n = deck.len();
            for k in 0..n.saturating_sub(1) {
                let r = rng.random_range(k..n);
                deck.swap(k, r);
            }
            deck
        },
    },
    WrongTurn {
        explanation: "it matches rand's `SliceRandom::shuffle`. That is fair, but the \
            exercise is to write the lab's loop yourself",
        mistake: Mistake::RandsShuffle,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            deck.shuffle(rng);
            deck
        },
    },
    WrongTurn {
        explanation: "the loop runs only over the top half of the deck (k from n - 1 down \
            to n / 2). The bottom half's cards then move only when a swap reaches them",
        mistake: Mistake::HalfWay,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            let n = deck.len();
            for k in (n / 2..n).rev() {
                let r = rng.random_range(0..=k);
                deck.swap(k, r);
            }
            deck
        },
    },
    WrongTurn {
        explanation: "k steps down by 2 (k -= 1 twice, or step_by(2)), so every other \
            position is never given its card",
        mistake: Mistake::HalfWay,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            for k in (1..deck.len()).rev().step_by(2) {
                let r = rng.random_range(0..=k);
                deck.swap(k, r);
            }
            deck
        },
    },
    WrongTurn {
        explanation: "each card drawn is swapped into the last position, not position k",
        mistake: Mistake::EfficientWrongPosition,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            let n = deck.len();
            for k in (1..n).rev() {
                let r = rng.random_range(0..=k);
                deck.swap(n - 1, r);
            }
            deck
        },
    },
    WrongTurn {
        explanation: "each card drawn is swapped into position k - 1, not position k",
        mistake: Mistake::EfficientWrongPosition,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            for k in (1..deck.len()).rev() {
                let r = rng.random_range(0..=k);
                deck.swap(k - 1, r);
            }
            deck
        },
    },
    WrongTurn {
        explanation: "r is drawn from 0..=n - 1 - k, a range that grows as k falls, \
            instead of the cards not yet placed, 0..=k",
        mistake: Mistake::EfficientWrongPart,
        shuffle: |values, rng| {
            let mut deck = values.to_vec();
            let n = deck.len();
            for k in (1..n).rev() {
                let r = rng.random_range(0..=n - 1 - k);
                deck.swap(k, r);
            }
            deck
        },
    },
];

/// Known ways to get the selection shuffle's steps wrong.
pub(crate) const SELECTION_WRONG_TURNS: &[WrongTurn] = &[
    WrongTurn {
        explanation: "each card is removed from a shrinking list, so j is drawn from fewer \
            cards each time. That is fair and quicker, but the lab keeps the whole deck and \
            draws again when values[j] is already used",
        mistake: Mistake::SelectionRemovesFromList,
        shuffle: |values, rng| {
            let mut left = values.to_vec();
            let mut shuffled = Vec::new();
            while !left.is_empty() {
                let j = rng.random_range(0..left.len());
                shuffled.push(left.remove(j));
            }
            shuffled
        },
    },
    WrongTurn {
        explanation: "after a used card, it takes the next unused one along instead of \
            drawing again. Cards that follow a run of used ones then come up too often",
        mistake: Mistake::SelectionLinearProbe,
        shuffle: |values, rng| {
            let n = values.len();
            let mut taken = vec![false; n];
            let mut shuffled = Vec::new();
            for _ in 0..n {
                let mut j = rng.random_range(0..n);
                while taken[j] {
                    j = (j + 1) % n;
                }
                taken[j] = true;
                shuffled.push(values[j]);
            }
            shuffled
        },
    },
    WrongTurn {
        explanation: "after a used card it draws again only once (an `if`, not a `while` \
            loop) and takes that card even when it is used too, so cards can repeat",
        mistake: Mistake::SelectionRedrawsOnce,
        shuffle: |values, rng| {
            let n = values.len();
            let mut taken = vec![false; n];
            let mut shuffled = Vec::new();
            for _ in 0..n {
                let mut j = rng.random_range(0..n);
                if taken[j] {
                    j = rng.random_range(0..n);
                }
                taken[j] = true;
                shuffled.push(values[j]);
            }
            shuffled
        },
    },
    WrongTurn {
        explanation: "after a used card it draws again at most twice more, then takes the \
            card even when it is used, so cards can repeat",
        mistake: Mistake::SelectionRedrawsOnce,
        shuffle: |values, rng| {
            let n = values.len();
            let mut taken = vec![false; n];
            let mut shuffled = Vec::new();
            for _ in 0..n {
                let mut j = rng.random_range(0..n);
                let mut tries = 1;
                while taken[j] && tries < 3 {
                    j = rng.random_range(0..n);
                    tries += 1;
                }
                taken[j] = true;
                shuffled.push(values[j]);
            }
            shuffled
        },
    },
    WrongTurn {
        explanation: "it never marks a card as used, so a card can be picked twice",
        mistake: Mistake::SelectionNeverMarked,
        shuffle: |values, rng| {
            let n = values.len();
            (0..n).map(|_| values[rng.random_range(0..n)]).collect()
        },
    },
    WrongTurn {
        explanation: "it never marks a card as used, so a card can be picked twice (it fills \
            the new deck from its last position to its first)",
        mistake: Mistake::SelectionNeverMarked,
        shuffle: |values, rng| {
            let n = values.len();
            let mut shuffled = vec![0; n];
            for slot in shuffled.iter_mut().rev() {
                *slot = values[rng.random_range(0..n)];
            }
            shuffled
        },
    },
    WrongTurn {
        explanation: "it marks used[k], the position it fills, instead of used[j], the card \
            it took, so a card can be taken again while cards are skipped",
        mistake: Mistake::SelectionMarksThePosition,
        shuffle: |values, rng| {
            let n = values.len();
            let mut used = vec![false; n];
            let mut shuffled = Vec::new();
            for k in 0..n {
                let mut j = rng.random_range(0..n);
                while used[j] {
                    j = rng.random_range(0..n);
                }
                used[k] = true;
                shuffled.push(values[j]);
            }
            shuffled
        },
    },
    WrongTurn {
        explanation: "it never marks the card at index 0 as used (as when 0 in a list of \
            used indices means \"none\"), so values[0] can be picked again and again",
        mistake: Mistake::SelectionIndex0NeverMarked,
        shuffle: |values, rng| {
            let n = values.len();
            let mut taken = vec![false; n];
            let mut shuffled = Vec::new();
            while shuffled.len() < n {
                let j = rng.random_range(0..n);
                if !taken[j] {
                    taken[j] = j != 0;
                    shuffled.push(values[j]);
                }
            }
            shuffled
        },
    },
];

/// The explanation of the first wrong turn that reproduces `returned` with
/// the same number of draws, if any.
pub(crate) fn diagnose(
    turns: &[WrongTurn],
    values: &[i32],
    script: &[(usize, usize)],
    returned: &[i32],
    draws: usize,
) -> Option<&'static str> {
    turns.iter().find_map(|turn| {
        let mut rng = ScriptedRng::new(script.iter().copied());
        let theirs = (turn.shuffle)(values, &mut rng);
        (theirs == returned && rng.draws() == draws).then_some(turn.explanation)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_shuffle_follows_the_lab() {
        assert_eq!(out_shuffle(&[0, 1, 2, 3]), [0, 2, 1, 3]);
        assert_eq!(out_shuffle(&[0, 1, 2, 3, 4]), [0, 3, 1, 4, 2]);
        assert_eq!(out_shuffle(&[]), Vec::<i32>::new());
    }

    #[test]
    fn replays_follow_the_lab() {
        assert_eq!(replay_swaps(&[1, 2, 3, 4], &[1, 0, 1]), [3, 4, 1, 2]);
        assert_eq!(
            replay_selection(&[10, 20, 30], &[1, 1, 0, 1, 2]),
            (vec![20, 10, 30], 5)
        );
    }

    #[test]
    fn diagnoses_name_the_wrong_turn() {
        let script = [(2, 4), (0, 3), (1, 2)];
        let values = [1, 2, 3, 4];
        let mut rng = ScriptedRng::new(script);
        let sattolo = (SWAP_WRONG_TURNS[0].shuffle)(&values, &mut rng);
        let found = diagnose(SWAP_WRONG_TURNS, &values, &script, &sattolo, rng.draws());
        assert!(found.unwrap().contains("Sattolo"));
    }
}
