//! The perfect shuffle's known mistakes, each a model of what the mistaken
//! function does with every deck from 0 to 13 cards and a few near 26 and
//! 52, panics included. The student's function runs once on each of those
//! decks; a mistake is named only when its model accounts for every deck.
//! A panic names a mistake only by what it says: a deck that panics shows
//! where it overran, never where it was split.

use super::evidence::{Attempt, attempt, empty_slice, one_past_the_end, overrun};
use crate::Functions;
use crate::Mistake;
use crate::algorithms::out_shuffle_position;
use crate::checks::distinct_deck;
use crate::oracle::out_shuffle;

/// The sizes of deck the diagnosis tries, smallest first: every small
/// one, both parities, the sizes around the halves and wholes students
/// write into code (26 and 52, the 10 of a second half read from offset
/// 5), and two decks past 53 (64, 100), so that a buffer of 52 overruns
/// at three sizes by the same length and is seen not to follow the deck.
const SIZES: [usize; 22] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 25, 26, 27, 51, 52, 53, 64, 100,
];

/// Each size of [`SIZES`] with what the function did with a deck of it.
type Answers = Vec<(usize, Attempt<Vec<i32>>)>;

/// The known mistake of a perfect shuffle, if any.
pub(super) fn perfect_shuffle(f: &dyn Functions) -> Option<Mistake> {
    let answers: Answers = SIZES
        .iter()
        .map(|&n| {
            let deck = distinct_deck(n);
            (n, attempt(|| f.perfect_shuffle().call(&deck)))
        })
        .collect();
    let even_match = |model: &dyn Fn(&[i32]) -> Vec<i32>| {
        answers
            .iter()
            .filter(|(n, _)| n % 2 == 0)
            .all(|(n, answer)| answer.as_ref().ok() == Some(&model(&distinct_deck(*n))))
    };
    let right = |n: usize, answer: &Attempt<Vec<i32>>| {
        answer.as_ref().ok() == Some(&out_shuffle(&distinct_deck(n)))
    };
    if even_match(&positions) {
        return Some(Mistake::PerfectPositions);
    }
    if even_match(&in_shuffle) {
        return Some(Mistake::PerfectInShuffle);
    }
    if even_match(&unshuffle) {
        return Some(Mistake::PerfectUnshuffle);
    }
    if even_match(&out_shuffle) {
        let odd = answers.iter().filter(|(n, _)| n % 2 == 1);
        // An odd deck that overruns by one slot, every time: the extra card
        // written past the end of the second half, or of a first half
        // sized n / 2. A 1-card deck's half of n / 2 is empty, so its
        // overrun is an empty slice's index 0.
        if odd.clone().all(|(n, a)| {
            a.as_ref()
                .is_err_and(|m| one_past_the_end(m) || (*n == 1 && empty_slice(m)))
        }) {
            return Some(Mistake::PerfectMiddleRoundedDown);
        }
        // Only an odd deck that comes back, wrong, shows where it was split;
        // one that panics (past the end of a buffer, say) shows no split.
        // A buffer of 52 was named a split here when 53 was the largest
        // size tried, though every odd deck it holds is split right.
        let split_wrong = odd.clone().any(|(n, a)| a.is_ok() && !right(*n, a));
        return split_wrong.then_some(Mistake::PerfectOddSplit);
    }
    // Every deck of 2 cards or more indexes an empty slice: a new Vec
    // written (or read) by index before it holds a card. Not a loop that
    // starts past the end: index 0 is an empty Vec's first slot.
    if answers
        .iter()
        .filter(|(n, _)| *n >= 2)
        .all(|(_, a)| a.as_ref().is_err_and(|m| empty_slice(m)))
    {
        return Some(Mistake::PerfectEmptyVec);
    }
    if fixed_buffer(&answers, &right) {
        return Some(Mistake::PerfectFixedBuffer);
    }
    if right_for_one_size_only(&answers, &right) {
        return Some(Mistake::PerfectDeckSize);
    }
    let every_deck_overruns = answers
        .iter()
        .filter(|(n, _)| *n > 0)
        .all(|(_, a)| a.as_ref().is_err_and(|m| one_past_the_end(m)));
    every_deck_overruns.then_some(Mistake::PerfectPastTheEnd)
}

/// Whether the function is right only for the decks that share one
/// middle m of at least 5 (2m - 1 and 2m cards: 9 and 10, 51 and 52), as
/// a function with 52, 26 or an offset of 5 in its loops is, and wrong or
/// panicking for every other deck of 2 cards or more. (A middle of 2 or
/// 3 is left out: a function that swaps the two middle cards is right for
/// 3 and 4 cards, and writes no deck size.)
fn right_for_one_size_only(
    answers: &Answers,
    right: &dyn Fn(usize, &Attempt<Vec<i32>>) -> bool,
) -> bool {
    let middles: Vec<usize> = answers
        .iter()
        .filter(|(n, a)| *n >= 2 && right(*n, a))
        .map(|(n, _)| n.div_ceil(2))
        .collect();
    middles
        .first()
        .is_some_and(|&m| m >= 5 && middles.iter().all(|&other| other == m))
}

/// Whether the function is right for every deck up to some size and
/// panics for every larger deck tried (at least two), each time past the
/// end of a slice of one same length: shorter than the deck, so not the
/// deck itself, and the same for decks of different sizes, so not a half
/// of one. A buffer of fixed length (`[0; 52]`, `vec![0; 52]`), filled by
/// loops that follow the deck, does exactly this; every deck it holds
/// comes back right (the largest right deck is at least its length).
fn fixed_buffer(answers: &Answers, right: &dyn Fn(usize, &Attempt<Vec<i32>>) -> bool) -> bool {
    let Some(first) = answers.iter().position(|(_, a)| a.is_err()) else {
        return false;
    };
    let (fit, beyond) = answers.split_at(first);
    let lengths: Option<Vec<usize>> = beyond
        .iter()
        .map(|(n, a)| {
            let (len, _) = overrun(a.as_ref().err()?)?;
            (0 < len && len < *n).then_some(len)
        })
        .collect();
    let Some(lengths) = lengths else {
        return false;
    };
    beyond.len() >= 2
        && lengths.iter().all(|&len| len == lengths[0])
        && fit.iter().all(|(n, a)| right(*n, a))
        && fit.last().is_some_and(|(n, _)| *n >= lengths[0])
}

/// The out-shuffle of the positions 0..n instead of the cards.
fn positions(deck: &[i32]) -> Vec<i32> {
    let indices: Vec<i32> = (0..deck.len() as i32).collect();
    out_shuffle(&indices)
}

/// The second half's card first at each pair.
fn in_shuffle(deck: &[i32]) -> Vec<i32> {
    let (first, second) = deck.split_at(deck.len() / 2);
    second
        .iter()
        .zip(first)
        .flat_map(|(&a, &b)| [a, b])
        .collect()
}

/// The perfect shuffle run backwards: the cards at even positions, then
/// those at odd ones ([0, 1, 2, 3, 4, 5] becomes [0, 2, 4, 1, 3, 5]).
fn unshuffle(deck: &[i32]) -> Vec<i32> {
    (0..deck.len())
        .map(|i| deck[out_shuffle_position(deck.len(), i)])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_unshuffle_undoes_the_shuffle() {
        assert_eq!(unshuffle(&[0, 1, 2, 3, 4, 5]), [0, 2, 4, 1, 3, 5]);
        for n in 0..12 {
            let deck = distinct_deck(n);
            assert_eq!(unshuffle(&out_shuffle(&deck)), deck);
        }
    }

    /// A buffer is fixed when its overruns have one length for decks of
    /// different sizes; a half that follows the deck (n / 2 of 53, 64 and
    /// 100 cards) is not one, however right the smaller decks are.
    #[test]
    fn a_fixed_buffer_overruns_by_one_length() {
        let right = |n: usize, a: &Attempt<Vec<i32>>| {
            a.as_ref().ok() == Some(&out_shuffle(&distinct_deck(n)))
        };
        // Right up to 52 cards, then past a slice of `len(n)` cards.
        let past = |len: &dyn Fn(usize) -> usize| -> Answers {
            SIZES
                .iter()
                .map(|&n| {
                    let deck = distinct_deck(n);
                    let l = len(n);
                    let message =
                        format!("index out of bounds: the len is {l} but the index is {l}");
                    (
                        n,
                        if n <= 52 {
                            Ok(out_shuffle(&deck))
                        } else {
                            Err(message)
                        },
                    )
                })
                .collect()
        };
        assert!(fixed_buffer(&past(&|_| 52), &right));
        assert!(fixed_buffer(&past(&|_| 26), &right));
        assert!(!fixed_buffer(&past(&|n| n / 2), &right));
        assert!(!fixed_buffer(&past(&|n| n), &right));
    }

    #[test]
    fn one_size_means_one_middle() {
        let answer = |n: usize| -> (usize, Attempt<Vec<i32>>) {
            let deck = distinct_deck(n);
            match n {
                51 | 52 => (n, Ok(out_shuffle(&deck))),
                _ => (
                    n,
                    Err("index out of bounds: the len is 3 but the index is 26".into()),
                ),
            }
        };
        let right = |n: usize, a: &Attempt<Vec<i32>>| {
            a.as_ref().ok() == Some(&out_shuffle(&distinct_deck(n)))
        };
        let fixed: Answers = SIZES.iter().map(|&n| answer(n)).collect();
        assert!(right_for_one_size_only(&fixed, &right));
        let small: Answers = SIZES
            .iter()
            .map(|&n| {
                let deck = distinct_deck(n);
                let ok = if n == 3 || n == 4 {
                    out_shuffle(&deck)
                } else {
                    deck
                };
                (n, Ok(ok))
            })
            .collect();
        assert!(!right_for_one_size_only(&small, &right));
    }
}
