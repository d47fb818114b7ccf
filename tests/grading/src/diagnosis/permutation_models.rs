//! Question 2's known wrong answers, as models: each a function of the
//! pair of arrays with the mistake it makes, compared by
//! [`are_permutations`](super::are_permutations) with what the student's
//! function says on every small pair.

use crate::Mistake;
use crate::checks::permutation_pairs::same_cards;

/// A known wrong answer to Question 2, with the mistake it makes.
pub(super) type WrongAnswer = (fn(&[i32], &[i32]) -> bool, Mistake);

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
pub(super) const WRONG_ON_EXTREMES: &[WrongAnswer] = &[
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
pub(super) const WRONG_ON_DIGITS: &[WrongAnswer] = &[
    (
        |a, b| sorted_digits(a) == sorted_digits(b),
        Mistake::PermutationsDigits,
    ),
    (|a, b| digits(a) == digits(b), Mistake::PermutationsDigits),
];

pub(super) const WRONG_ANSWERS: &[WrongAnswer] = &[
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
    // A flag set by each card's search, found or not, with no early
    // return: a's last card alone decides.
    (
        |a, b| a.last().is_none_or(|x| b.contains(x)),
        Mistake::PermutationsSomeCards,
    ),
    (
        |a, b| a.last().is_some_and(|x| b.contains(x)),
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

/// The cards but the last (all of them, for an empty array): what a loop
/// `for i in 0..len - 1` reads.
fn but_last(cards: &[i32]) -> &[i32] {
    &cards[..cards.len().saturating_sub(1)]
}

fn sorted(cards: &[i32]) -> Vec<i32> {
    let mut cards = cards.to_vec();
    cards.sort_unstable();
    cards
}

/// `mark` written over each matched card of a copy of b (the first equal
/// one, marks included), and true when every card of the copy is a mark
/// at the end: a real card of that value in b passes for a matched one.
fn marks_then_checks_b(mark: i32, a: &[i32], b: &[i32]) -> bool {
    let mut left = b.to_vec();
    for &card in a {
        if let Some(at) = left.iter().position(|&c| c == card) {
            left[at] = mark;
        }
    }
    left.iter().all(|&c| c == mark)
}

/// The mark models of [`marks_then_checks_b`] on the extremes.
pub(super) const MARKS_ON_EXTREMES: &[WrongAnswer] = &[
    (
        |a, b| marks_then_checks_b(i32::MIN, a, b),
        Mistake::PermutationsValueAsMark,
    ),
    (
        |a, b| marks_then_checks_b(i32::MAX, a, b),
        Mistake::PermutationsValueAsMark,
    ),
];

/// Loops that stop one card early (`0..len - 1`, Java's `i < length - 1`
/// translated), a flag overwritten by each comparison, and a rejection of
/// identical arrays, each as it answers for non-empty arrays and for the
/// empty pair alike when its loops never run there.
pub(super) const LOOP_SLIPS: &[WrongAnswer] = &[
    (
        |a, b| a != b && same_cards(a, b),
        Mistake::PermutationsIdenticalRejected,
    ),
    (
        |a, b| but_last(a).iter().all(|x| but_last(b).contains(x)),
        Mistake::PermutationsLastCardUnchecked,
    ),
    (
        |a, b| but_last(&sorted(a)) == but_last(&sorted(b)),
        Mistake::PermutationsLastCardUnchecked,
    ),
    // The loop over a to len - 1 whose loop over b is whole: false for
    // the empty pair where `len - 1` wraps (a release build) and the
    // first pass finds nothing in an empty b.
    (
        |a, b| !a.is_empty() && but_last(a).iter().all(|x| b.contains(x)),
        Mistake::PermutationsShortLoopOverA,
    ),
    // A flag set by each comparison, true or false, so that only the last
    // one counts: per card of a (each must equal b's last card), over all
    // of them (a's last card against b's last), or after sorting (the
    // largest cards alone), with the flag starting true or false.
    (
        |a, b| a.iter().all(|x| Some(x) == b.last()),
        Mistake::PermutationsLastComparisonOnly,
    ),
    // `else { return false; }` inside the loop over b: each card of a must
    // be b's first. On distinct cards it answers as the flag above does
    // (false for every pair of two cards or more), which is why the
    // mistake's name covers both.
    (
        |a, b| a.iter().all(|x| Some(x) == b.first()),
        Mistake::PermutationsLastComparisonOnly,
    ),
    (
        |a, b| a.last() == b.last(),
        Mistake::PermutationsLastComparisonOnly,
    ),
    (
        |a, b| !a.is_empty() && a.last() == b.last(),
        Mistake::PermutationsLastComparisonOnly,
    ),
    (
        |a, b| a.iter().max() == b.iter().max(),
        Mistake::PermutationsLastComparisonOnly,
    ),
    (
        |a, b| !a.is_empty() && a.iter().max() == b.iter().max(),
        Mistake::PermutationsLastComparisonOnly,
    ),
    (
        |a, b| marks_then_checks_b(-1, a, b),
        Mistake::PermutationsValueAsMark,
    ),
    (
        |a, b| marks_then_checks_b(0, a, b),
        Mistake::PermutationsValueAsMark,
    ),
];

/// The answers whose loops run to `len - 1` or read `a[0]`: they panic on
/// two empty arrays (`0 - 1` overflows, or index 0 of an empty slice), so
/// only their answers on non-empty arrays are compared.
pub(super) const PANIC_ON_EMPTY: &[WrongAnswer] = &[
    (
        |a, b| but_last(a).iter().all(|x| b.contains(x)),
        Mistake::PermutationsShortLoopOverA,
    ),
    (
        |a, b| but_last(a).iter().all(|x| but_last(b).contains(x)),
        Mistake::PermutationsLastCardUnchecked,
    ),
    (
        |a, b| but_last(&sorted(a)) == but_last(&sorted(b)),
        Mistake::PermutationsLastCardUnchecked,
    ),
    (
        |a, b| a.iter().all(|x| but_last(b).contains(x)),
        Mistake::PermutationsShortLoopOverB,
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
        |a, b| a.iter().all(|x| Some(x) == b.last()),
        Mistake::PermutationsLastComparisonOnly,
    ),
    (
        |a, b| a.last() == b.last(),
        Mistake::PermutationsLastComparisonOnly,
    ),
    (
        |a, b| a.iter().max() == b.iter().max(),
        Mistake::PermutationsLastComparisonOnly,
    ),
];
