//! The perfect shuffle's known mistakes, each a model of what the mistaken
//! function does with every deck from 0 to 13 cards and a few near 26 and
//! 52, panics included. The student's function runs once on each of those
//! decks; a mistake is named only when its model accounts for every deck.
//! A panic names a mistake only by what it says: a deck that panics shows
//! where it overran, never where it was split.

use super::evidence::{
    Attempt, attempt, below_zero, empty_slice, one_past_the_end, overrun, past_the_end,
};
use super::perfect_decks::{Answers, deals_positions, small_decks_overrun, what_comes_back};
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
            // Not the empty deck: a panic there (`len() - 1`, `chunks(0)`)
            // is a slip of its own, not what the interleave does.
            .filter(|(n, _)| n % 2 == 0 && *n > 0)
            .all(|(n, answer)| answer.as_ref().ok() == Some(&model(&distinct_deck(*n))))
    };
    let right = |n: usize, answer: &Attempt<Vec<i32>>| {
        answer.as_ref().ok() == Some(&out_shuffle(&distinct_deck(n)))
    };
    // Right for every deck but the empty one, which panics: `len() - 1`
    // (or `chunks(len / 2)`) on 0 cards.
    if answers
        .iter()
        .all(|(n, a)| if *n == 0 { a.is_err() } else { right(*n, a) })
    {
        return Some(Mistake::PerfectEmptyDeck);
    }
    if even_match(&positions) || deals_positions(&answers) {
        return Some(Mistake::PerfectPositions);
    }
    if even_match(&|deck| out_shuffle(deck).into_iter().rev().collect()) {
        return Some(Mistake::PerfectReversed);
    }
    // A half dealt from its far end: `pop()` for the top card, or a loop
    // run backwards over one half or both.
    let dealt = |deck: &[i32], first_back: bool, second_back: bool| -> Vec<i32> {
        let (first, second) = deck.split_at(deck.len() / 2);
        let order = |half: &[i32], back: bool| -> Vec<i32> {
            if back {
                half.iter().rev().copied().collect()
            } else {
                half.to_vec()
            }
        };
        order(first, first_back)
            .into_iter()
            .zip(order(second, second_back))
            .flat_map(|(a, b)| [a, b])
            .collect()
    };
    if [(true, true), (false, true), (true, false)]
        .iter()
        .any(|&(f, b)| even_match(&|deck| dealt(deck, f, b)))
    {
        return Some(Mistake::PerfectHalfReversed);
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
        // And every odd deck of 3 cards or more that comes back is wrong:
        // an answer wrong for 3 cards alone (a special case for small
        // decks) splits 5, 7 and 9 right, so no split is wrong.
        let came_back: Vec<(usize, &Vec<i32>)> = odd
            .filter_map(|(n, a)| Some((*n, a.as_ref().ok()?)))
            .filter(|(n, _)| *n >= 3)
            .collect();
        let every_odd = |shows: &dyn Fn(usize, &Vec<i32>) -> bool| {
            !came_back.is_empty() && came_back.iter().all(|(n, out)| shows(*n, out))
        };
        // Given back as they came: a special case, not a split.
        if every_odd(&|n, out| *out == distinct_deck(n)) {
            return Some(Mistake::PerfectSomeSizesUnchanged);
        }
        // Right, with more after it: the split is right, so it is not the
        // split. Slots left 0 are a buffer one too long; anything else
        // after the right deck (a card clamped in twice) is no known
        // mistake.
        let right_then =
            |n: usize, out: &Vec<i32>| out.len() > n && out[..n] == out_shuffle(&distinct_deck(n));
        if every_odd(&right_then) {
            let zeros = every_odd(&|n, out| out[n..].iter().all(|&c| c == 0));
            return zeros.then_some(Mistake::PerfectUnfilledSlots);
        }
        let split_wrong = every_odd(&|n, out| *out != out_shuffle(&distinct_deck(n)));
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
    // Odd decks right and every even deck of 2 cards or more overrunning:
    // the odd decks' middle, n / 2 + 1, used for even decks too.
    if answers.iter().filter(|(n, _)| *n > 0).all(|(n, a)| {
        if n % 2 == 1 {
            right(*n, a)
        } else {
            a.as_ref().is_err_and(|m| past_the_end(m))
        }
    }) {
        return Some(Mistake::PerfectEvenDecksOverrun);
    }
    if fixed_buffer(&answers, &right) {
        return Some(Mistake::PerfectFixedBuffer);
    }
    if right_for_one_size_only(&answers, &right) || small_decks_overrun(&answers) {
        return Some(Mistake::PerfectDeckSize);
    }
    // Every deck of 2 cards or more reads or writes past an end (a bound
    // one too far, a second half that starts one early, a copy back to
    // `0..=n`), or underflows an index below 0.
    // (A 2-card deck may come back right: an insert at 2j + 1 fits it.)
    // An index near the end, not a card's value (100, 107, …) used as
    // one: a card used as its own position is no bound one too far.
    let near_the_end =
        |m: &String| overrun(m).is_some_and(|(len, index)| index >= len && index <= 2 * len + 2);
    let overruns = |m: &String| near_the_end(m) || below_zero(m);
    let every_deck_overruns = answers
        .iter()
        .all(|(n, a)| a.as_ref().is_err_and(overruns) || (*n < 3 && right(*n, a)))
        && answers.iter().any(|(_, a)| a.is_err());
    if every_deck_overruns {
        return Some(Mistake::PerfectPastTheEnd);
    }
    what_comes_back(&answers)
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
            // A buffer is indexed; a Vec that grows by `insert` is none.
            let message = a.as_ref().err()?;
            if message.starts_with("insertion index") {
                return None;
            }
            let (len, _) = overrun(message)?;
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
