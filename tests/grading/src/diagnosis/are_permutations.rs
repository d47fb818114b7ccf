//! Question 2's known wrong answers, each a function compared with the
//! student's on every small pair of arrays: the pairs of plain values,
//! whose sums and products never overflow, and the pairs with the
//! extremes, where only a value used as a mark or a comparison right for
//! small values alone goes wrong. A random search is told by its answers
//! changing when the same pairs are asked again.

use super::evidence::{attempt, overrun, quietly, short_of_an_empty_array};
use super::permutation_models::{
    LOOP_SLIPS, MARKS_ON_EXTREMES, PANIC_ON_EMPTY, WRONG_ANSWERS, WRONG_ON_DIGITS,
    WRONG_ON_EXTREMES, WrongAnswer,
};
use crate::{Functions, Mistake};

pub(super) fn are_permutations(f: &dyn Functions) -> Option<Mistake> {
    use crate::checks::permutation_pairs::{
        PLAIN_VALUES, SAME_DIGITS, SAME_PRODUCT_OR_XOR, SAME_SUM, every_small_pair,
        every_small_pair_of,
    };
    let asked = |pairs: Vec<Pair>| -> Option<(Vec<Pair>, Vec<bool>)> {
        let answers = quietly(|| f.are_permutations().call(&pairs))?;
        Some((pairs, answers))
    };
    // The empty pair is asked alone: a loop to `len - 1` panics on it
    // alone, and that panic would hide every other answer of its batch.
    let empty = attempt(|| f.are_permutations().call(&[(vec![], vec![])]))
        .map(|answers| answers.first().copied());
    let non_empty = |pairs: Vec<Pair>| -> Vec<Pair> {
        pairs.into_iter().filter(|(a, _)| !a.is_empty()).collect()
    };
    let extremes = asked(non_empty(every_small_pair()));
    let plain = asked(non_empty(every_small_pair_of(&PLAIN_VALUES)));
    let summaries = asked(
        SAME_SUM
            .iter()
            .chain(SAME_PRODUCT_OR_XOR)
            .map(|&(a, b)| (a.to_vec(), b.to_vec()))
            .collect(),
    );
    let same_digits = asked(
        SAME_DIGITS
            .iter()
            .map(|&(a, b)| (a.to_vec(), b.to_vec()))
            .collect(),
    );
    // An answer right on every pair asked makes no mistake there, whatever
    // model it also fits (comparing sums and products fits the lab's own
    // answer on every pair of plain values). A panic is wrong everywhere.
    let batches = [&extremes, &plain, &summaries, &same_digits];
    let wrong_somewhere = empty != Ok(Some(true))
        || batches.iter().any(|asked| asked.is_none())
        || batches.into_iter().flatten().any(|(pairs, answers)| {
            pairs
                .iter()
                .zip(answers)
                .any(|((a, b), &said)| said != same_cards(a, b))
        });
    if !wrong_somewhere || ignores_the_cards(&plain) {
        return None;
    }
    // The models that say what the answer said for the empty pair; after a
    // panic there that a loop to `len - 1` leaves, only the models of such
    // loops, compared on the other pairs.
    let fits_empty = |(wrong, _): &WrongAnswer, panics_there: bool| match &empty {
        Ok(said) => !panics_there && Some(wrong(&[], &[])) == *said,
        Err(message) => panics_there && short_of_an_empty_array(message),
    };
    let made = |asked: &Option<(Vec<Pair>, Vec<bool>)>, known: &[WrongAnswer], panics_there| {
        let (pairs, answers) = asked.as_ref()?;
        known
            .iter()
            .filter(|wrong| fits_empty(wrong, panics_there))
            .find(|(wrong, _)| {
                pairs
                    .iter()
                    .zip(answers)
                    .all(|((a, b), answer)| wrong(a, b) == *answer)
            })
            .map(|(_, found)| *found)
    };
    // The extremes first: an answer right on every plain pair is also
    // indistinguishable there from comparing sums and products.
    // The digits before the plain pairs: an answer that compares the
    // digits of the arrays as they stand says what `a == b` says on every
    // plain pair, and only the pairs whose digits read alike tell them
    // apart. Its model must fit every pair asked.
    let on_digits = WRONG_ON_DIGITS.iter().find(|wrong| {
        [&extremes, &plain, &same_digits]
            .into_iter()
            .all(|asked| made(asked, std::slice::from_ref(*wrong), false).is_some())
    });
    made(&extremes, WRONG_ON_EXTREMES, false)
        .or_else(|| made(&extremes, MARKS_ON_EXTREMES, false))
        .or_else(|| on_digits.map(|(_, found)| *found))
        .or_else(|| made(&plain, WRONG_ANSWERS, false))
        .or_else(|| made(&plain, LOOP_SLIPS, false))
        .or_else(|| made(&plain, PANIC_ON_EMPTY, true))
        .or_else(|| plain.is_none().then(|| counts_by_value(f)).flatten())
        .or_else(|| searches_at_random(f))
}

/// Pairs asked one at a time for a count by value: plain small cards, then
/// cards no counting array has a slot for (negative, or two billion).
const COUNTING_PAIRS: &[(&[i32], &[i32])] = &[
    (&[0, 1, 2], &[2, 0, 1]),
    (&[0, 1, 2], &[0, 1, 3]),
    (&[3, 1], &[1, 3]),
    (&[2, 5], &[5, 3]),
    (&[-1, 2], &[2, -1]),
    (&[1, -5], &[-5, 1]),
    (&[1, 2_000_000_000], &[2_000_000_000, 1]),
];

/// Whether the answer counts the cards in an array indexed by their values
/// (`count[a[i] as usize] += 1`): right wherever it answers, and each
/// panic an overrun at a card's own value (`-1 as usize` is 2^64 - 1),
/// with at least one at a negative card.
fn counts_by_value(f: &dyn Functions) -> Option<Mistake> {
    let (mut answered, mut negative_overran) = (false, false);
    for &(a, b) in COUNTING_PAIRS {
        let pair = (a.to_vec(), b.to_vec());
        match attempt(|| f.are_permutations().call(std::slice::from_ref(&pair))) {
            Ok(answers) if answers == [same_cards(a, b)] => answered = true,
            Ok(_) => return None,
            Err(message) => {
                let (len, index) = overrun(&message)?;
                let card_at = |card: &i32| *card as usize == index;
                if index < len || !a.iter().chain(b).any(card_at) {
                    return None;
                }
                negative_overran |= a.iter().chain(b).any(|c| *c < 0 && card_at(c));
            }
        }
    }
    (answered && negative_overran).then_some(Mistake::PermutationsCountsByValue)
}

type Pair = (Vec<i32>, Vec<i32>);

/// Whether the answers depend on the arrays' lengths alone (always true,
/// always false, `a.len() == b.len()`): an answer that ignores the cards
/// ignores the task. It is a trivial answer, which earns nothing by the
/// core gate and is never named as a mistake.
fn ignores_the_cards(asked: &Option<(Vec<Pair>, Vec<bool>)>) -> bool {
    let Some((pairs, answers)) = asked else {
        return false;
    };
    let mut by_lengths: Vec<((usize, usize), bool)> = Vec::new();
    pairs.iter().zip(answers).all(|((a, b), &said)| {
        let lengths = (a.len(), b.len());
        match by_lengths.iter().find(|(l, _)| *l == lengths) {
            Some(&(_, first)) => first == said,
            None => {
                by_lengths.push((lengths, said));
                true
            }
        }
    })
}

/// Whether the answer is a random search that can give up: asked the same
/// 60 rearrangements of 2 to 4 cards (and each with one card changed)
/// three times, it answers differently, and never says true for arrays
/// that differ.
///
/// A function of its input alone cannot answer the same question two
/// ways, so a deterministic answer is never named here. Power against the
/// search of `fixtures/wrong/permutations_random_search.rs` (b.length
/// random tries per card, true for 2, 3 and 4 cards with probability
/// 0.56, 0.35 and 0.22): its three runs all agree with probability
/// (0.26 · 0.32 · 0.49)^20 < 10^-27.
fn searches_at_random(f: &dyn Functions) -> Option<Mistake> {
    let mut pairs: Vec<Pair> = Vec::new();
    for n in 2..=4 {
        for start in 0..20 {
            let a: Vec<i32> = (0..n).map(|i| 100 * start + 7 * i).collect();
            let mut b = a.clone();
            b.rotate_left(1 + start as usize % (n as usize - 1));
            pairs.push((a.clone(), b.clone()));
            b[0] += 1;
            pairs.push((a, b));
        }
    }
    let runs: Vec<Vec<bool>> = (0..3)
        .map(|_| quietly(|| f.are_permutations().call(&pairs)))
        .collect::<Option<_>>()?;
    let never_wrongly_true = runs.iter().all(|answers| {
        pairs
            .iter()
            .zip(answers)
            .all(|((a, b), &said)| !said || same_cards(a, b))
    });
    let changes = runs.windows(2).any(|w| w[0] != w[1]);
    (changes && never_wrongly_true).then_some(Mistake::PermutationsRandomSearch)
}

fn same_cards(a: &[i32], b: &[i32]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}
