//! Question 2's known wrong answers, each a function compared with the
//! student's on every small pair of arrays: the pairs of plain values,
//! whose sums and products never overflow, and the pairs with the
//! extremes, where only a value used as a mark or a comparison right for
//! small values alone goes wrong. A random search is told by its answers
//! changing when the same pairs are asked again.

use super::evidence::quietly;
use crate::{Functions, Mistake};

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

/// `mark` written over each matched card of a copy of b: a real card of
/// that value in a then matches a mark.
fn marks_with(mark: i32, a: &[i32], b: &[i32]) -> bool {
    let mut left = b.to_vec();
    a.iter()
        .all(|&card| match left.iter().position(|&c| c == card) {
            Some(at) => {
                left[at] = mark;
                true
            }
            None => false,
        })
}

/// A product, wrapping, of the cards other than 0, which students leave
/// out because a 0 makes every product 0.
fn product_without_zeros(cards: &[i32]) -> i32 {
    cards
        .iter()
        .filter(|&&card| card != 0)
        .fold(1, |total, &card| total.wrapping_mul(card))
}

/// Whether each card of a is found in b at a position other than its own.
fn found_elsewhere(a: &[i32], b: &[i32]) -> bool {
    a.iter()
        .enumerate()
        .all(|(i, x)| b.iter().enumerate().any(|(j, y)| i != j && x == y))
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
        |a, b| marks_with(i32::MIN, a, b),
        Mistake::PermutationsValueAsMark,
    ),
    (
        |a, b| marks_with(i32::MAX, a, b),
        Mistake::PermutationsValueAsMark,
    ),
    (small_values_only, Mistake::PermutationsSmallValuesOnly),
];

/// The cards' digits written one after another, as a `String`.
fn digits(cards: &[i32]) -> String {
    cards.iter().map(|card| card.to_string()).collect()
}

/// [`digits`] of a sorted copy.
fn sorted_digits(cards: &[i32]) -> String {
    let mut cards = cards.to_vec();
    cards.sort_unstable();
    digits(&cards)
}

/// Comparing the cards' digits with no separator, of sorted copies or of
/// the arrays as they stand: right wherever no two different arrays read
/// alike, so told only by the pairs whose digits do
/// ([`SAME_DIGITS`](crate::checks::permutation_pairs::SAME_DIGITS)), and
/// named only when the answer fits on those and on every small pair.
const WRONG_ON_DIGITS: &[WrongAnswer] = &[
    (
        |a, b| sorted_digits(a) == sorted_digits(b),
        Mistake::PermutationsDigits,
    ),
    (|a, b| digits(a) == digits(b), Mistake::PermutationsDigits),
];

const WRONG_ANSWERS: &[WrongAnswer] = &[
    (|a, b| a == b, Mistake::PermutationsPositions),
    (|a, b| sum(a) == sum(b), Mistake::PermutationsSums),
    (
        |a, b| product(a) == product(b),
        Mistake::PermutationsProducts,
    ),
    (
        |a, b| product_without_zeros(a) == product_without_zeros(b),
        Mistake::PermutationsProducts,
    ),
    (
        |a, b| a.iter().fold(0, |x, y| x ^ y) == b.iter().fold(0, |x, y| x ^ y),
        Mistake::PermutationsXors,
    ),
    (
        |a, b| sum(a) == sum(b) && product(a) == product(b),
        Mistake::PermutationsSumsAndProducts,
    ),
    (
        |a, b| a.iter().step_by(2).all(|x| b.contains(x)),
        Mistake::PermutationsSomeCards,
    ),
    // A return inside the loop, after a[0] only: found in b, or compared
    // with b[0], with either answer for empty arrays.
    (
        |a, b| a.first().is_none_or(|x| b.contains(x)),
        Mistake::PermutationsSomeCards,
    ),
    (
        |a, b| a.first().is_some_and(|x| b.contains(x)),
        Mistake::PermutationsSomeCards,
    ),
    (
        |a, b| a.first() == b.first(),
        Mistake::PermutationsSomeCards,
    ),
    (
        |a, b| !a.is_empty() && a.first() == b.first(),
        Mistake::PermutationsSomeCards,
    ),
    (
        |a, b| a.iter().any(|x| b.contains(x)),
        Mistake::PermutationsOneMatch,
    ),
    (
        |a, b| a.is_empty() || a.iter().any(|x| b.contains(x)),
        Mistake::PermutationsOneMatch,
    ),
    (found_elsewhere, Mistake::PermutationsSameIndexSkipped),
    (
        |a, b| marks_with(-1, a, b),
        Mistake::PermutationsValueAsMark,
    ),
    (|a, b| marks_with(0, a, b), Mistake::PermutationsValueAsMark),
    (
        |a, b| {
            a.iter()
                .take(a.len().saturating_sub(1))
                .all(|x| b.contains(x))
        },
        Mistake::PermutationsShortLoopOverA,
    ),
    (
        |a, b| {
            let seen = &b[..b.len().saturating_sub(1)];
            a.iter().all(|x| seen.contains(x))
        },
        Mistake::PermutationsShortLoopOverB,
    ),
    // The loop over a started at 1 instead of 0 (`for (int i = 1; ...)`):
    // the other end of a missed. It was unnamed. (The same slip in the
    // loop over b, like the loop that stops short, needs n cards among
    // n - 1 and so says false for every pair but the empty one: it ignores
    // the cards, and is never named.)
    (
        |a, b| a.iter().skip(1).all(|x| b.contains(x)),
        Mistake::PermutationsShortLoopOverA,
    ),
    (
        |a, b| !a.is_empty() && a.iter().all(|x| b.contains(x)),
        Mistake::PermutationsEmpty,
    ),
];

pub(super) fn are_permutations(f: &dyn Functions) -> Option<Mistake> {
    use crate::checks::permutation_pairs::{
        PLAIN_VALUES, SAME_DIGITS, SAME_PRODUCT_OR_XOR, SAME_SUM, every_small_pair,
        every_small_pair_of,
    };
    let asked = |pairs: Vec<Pair>| -> Option<(Vec<Pair>, Vec<bool>)> {
        let answers = quietly(|| f.are_permutations().call(&pairs))?;
        Some((pairs, answers))
    };
    let extremes = asked(every_small_pair());
    let plain = asked(every_small_pair_of(&PLAIN_VALUES));
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
    // answer on every pair of plain values).
    let wrong_somewhere = [&extremes, &plain, &summaries, &same_digits]
        .into_iter()
        .flatten()
        .any(|(pairs, answers)| {
            pairs
                .iter()
                .zip(answers)
                .any(|((a, b), &said)| said != same_cards(a, b))
        });
    if !wrong_somewhere || ignores_the_cards(&plain) {
        return None;
    }
    let made = |asked: &Option<(Vec<Pair>, Vec<bool>)>, known: &[WrongAnswer]| {
        let (pairs, answers) = asked.as_ref()?;
        known
            .iter()
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
            .all(|asked| made(asked, std::slice::from_ref(*wrong)).is_some())
    });
    made(&extremes, WRONG_ON_EXTREMES)
        .or_else(|| on_digits.map(|(_, found)| *found))
        .or_else(|| made(&plain, WRONG_ANSWERS))
        .or_else(|| searches_at_random(f))
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
