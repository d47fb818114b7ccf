//! Checks of `are_permutations`. Every pair respects the lab's
//! precondition: same length, no duplicates within an array. So the lab's
//! own answer, nested loops with no length check, passes.
//!
//! Three core checks (see the rubric) decide whether the answer does the
//! job at all: true for rearrangements, false when one card differs at any
//! position, and false when only a sum, product or XOR matches. Every
//! small pair, and random longer ones, are then compared with the lab's
//! answer.

use std::fmt::Write;
use std::sync::LazyLock;

use super::snapshot::pinned;
use crate::{Failure, Functions};

const REARRANGEMENTS: &[(&[i32], &[i32])] = &[
    (&[1, 2, 3], &[1, 2, 3]),
    (&[1, 2, 3], &[3, 1, 2]),
    (&[1, 2, 3, 4], &[4, 3, 2, 1]),
    (&[-7, 0, 12, 3, 99], &[99, 3, -7, 12, 0]),
    (
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        &[9, 3, 0, 8, 1, 6, 2, 7, 5, 4],
    ),
];

const ONE_CARD_DIFFERS: &[(&[i32], &[i32])] = &[
    (&[1, 2, 3], &[1, 2, 4]),
    (&[0, 1, 2], &[3, 1, 2]),
    (&[1, 2, 3], &[4, 5, 6]),
    (&[10, 20, 30, 40], &[40, 30, 20, 11]),
    (&[1, 6], &[2, 3]),
];

pub(crate) const SAME_SUM: &[(&[i32], &[i32])] = &[
    (&[1, 4], &[2, 3]),
    (&[1, 2, 6], &[1, 3, 5]),
    (&[0, 5, -5], &[1, 2, -3]),
    (&[10, 20, 30, 40], &[11, 19, 31, 39]),
];

pub(crate) const SAME_PRODUCT_OR_XOR: &[(&[i32], &[i32])] = &[
    // Same product (6), and the same sum and product at once (19 and 144).
    (&[1, 6], &[2, 3]),
    (&[2, 8, 9], &[12, 3, 4]),
    // Same XOR (3) and the same sum (3).
    (&[1, 2], &[3, 0]),
];

const SMALL: &[(&[i32], &[i32], bool)] =
    &[(&[], &[], true), (&[5], &[5], true), (&[5], &[6], false)];

/// Distinct cards for generated pairs; none is its own position.
const BASE: [i32; 6] = [3, 14, 15, 92, 65, 35];

/// The lab's answer: the same cards, whatever their order.
fn same_cards(a: &[i32], b: &[i32]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

type Pair = (Vec<i32>, Vec<i32>);

/// Asks about every pair in one batch and reports the first wrong answer.
fn expect_all(
    f: &dyn Functions,
    pairs: &[Pair],
    summary: &str,
    hint: &dyn Fn(bool) -> String,
) -> Result<(), Failure> {
    let expected: Vec<bool> = pairs.iter().map(|(a, b)| same_cards(a, b)).collect();
    expect_answers(f, pairs, &expected, summary, hint)
}

/// [`expect_all`] with the lab's answers already worked out.
fn expect_answers(
    f: &dyn Functions,
    pairs: &[Pair],
    expected: &[bool],
    summary: &str,
    hint: &dyn Fn(bool) -> String,
) -> Result<(), Failure> {
    let answers = f.are_permutations().call(pairs);
    let wrong = pairs
        .iter()
        .zip(&answers)
        .zip(expected)
        .find(|((_, returned), expected)| *returned != *expected);
    match wrong {
        None => Ok(()),
        Some((((a, b), &returned), _)) => Err(Failure::new(
            summary,
            format!("a = {a:?}, b = {b:?}"),
            (!returned).to_string(),
            returned.to_string(),
            hint(returned),
        )),
    }
}

fn table(cases: &[(&[i32], &[i32])]) -> impl Iterator<Item = Pair> {
    cases.iter().map(|&(a, b)| (a.to_vec(), b.to_vec()))
}

/// Every deck of 2 to 6 cards against each of its rotations and its
/// reversal, so each card of b sits somewhere other than in a.
fn rearrangements() -> Vec<Pair> {
    let mut pairs: Vec<Pair> = table(REARRANGEMENTS).collect();
    for n in 2..=BASE.len() {
        let a = BASE[..n].to_vec();
        for turn in 1..n {
            let mut b = a.clone();
            b.rotate_left(turn);
            pairs.push((a.clone(), b));
        }
        pairs.push((a.clone(), a.iter().rev().copied().collect()));
    }
    pairs
}

/// Every deck of 2 to 6 cards with each one of its cards replaced in b,
/// both in place and moved along, so an answer that skips any position of
/// a or of b says true somewhere.
fn one_card_changes() -> Vec<Pair> {
    let mut pairs: Vec<Pair> = table(ONE_CARD_DIFFERS).collect();
    for n in 2..=BASE.len() {
        let a = BASE[..n].to_vec();
        for i in 0..n {
            let mut b = a.clone();
            b[i] = 1000 + i as i32;
            pairs.push((a.clone(), b.clone()));
            b.rotate_left(1);
            pairs.push((a.clone(), b));
        }
    }
    pairs
}

pub fn true_for_rearrangements(f: &dyn Functions) -> Result<(), Failure> {
    expect_all(
        f,
        &rearrangements(),
        "are_permutations said false for two arrays that hold the same cards",
        &|_| {
            "for each value in a, look for it anywhere in b, not only at the same index; \
              check that your inner loop reaches the last card of b"
                .into()
        },
    )
}

pub fn false_when_a_card_differs(f: &dyn Functions) -> Result<(), Failure> {
    expect_all(
        f,
        &one_card_changes(),
        "are_permutations said true for arrays that hold different cards",
        &|_| {
            "equal lengths are not enough: every value of a, the last one included, must \
              also be in b. Look at every card, not only some of them"
                .into()
        },
    )
}

pub fn false_when_only_the_sums_match(f: &dyn Functions) -> Result<(), Failure> {
    let pairs: Vec<Pair> = table(SAME_SUM).chain(table(SAME_PRODUCT_OR_XOR)).collect();
    expect_all(
        f,
        &pairs,
        "are_permutations was fooled by arrays with the same sum, product or XOR",
        &|_| {
            "[1, 4] and [2, 3] both add up to 5 but hold different cards, and [1, 6] and \
              [2, 3] have the same product. A summary of the cards (a sum, a product, an XOR) \
              cannot tell such arrays apart; compare the cards themselves"
                .into()
        },
    )
}

pub fn empty_and_single_card_arrays(f: &dyn Functions) -> Result<(), Failure> {
    let pairs: Vec<Pair> = SMALL
        .iter()
        .map(|&(a, b, _)| (a.to_vec(), b.to_vec()))
        .collect();
    expect_all(
        f,
        &pairs,
        "are_permutations gets an empty or one-card array wrong",
        &|_| {
            "two empty arrays are rearrangements of each other (there is nothing to \
              differ), and [5] is a rearrangement of [5] but not of [6]"
                .into()
        },
    )
}

/// The values the exhaustive check draws its arrays from: any `i32` can be
/// a card, so the extremes are among them. An answer that marks matched
/// cards with a value (`i32::MIN`, -1) mistakes a real card for its mark,
/// and one that compares small values right but not large ones (Java's
/// boxed `Integer` and `==` past 127, translated) calls equal cards
/// different; both show here, on the smallest arrays.
const SMALL_VALUES: [i32; 5] = [i32::MIN, -1, 0, 1, i32::MAX];
/// Small values whose sums and products never overflow: the diagnosis
/// recognises the known mistakes on their pairs, where an answer that sums
/// the cards answers rather than panics (as it does on the extremes in a
/// debug build).
pub(crate) const PLAIN_VALUES: [i32; 5] = [-1, 0, 1, 2, 3];
/// The longest arrays the exhaustive check tries.
const EXHAUSTIVE_CARDS: usize = 4;

/// Every array of `n` distinct values from `values`, in lexicographic
/// order of positions.
fn arrangements(values: &[i32], n: usize) -> Vec<Vec<i32>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for shorter in arrangements(values, n - 1) {
        for &v in values {
            if !shorter.contains(&v) {
                let mut longer = shorter.clone();
                longer.push(v);
                all.push(longer);
            }
        }
    }
    all
}

/// Every pair of equal-length, duplicate-free arrays of up to 4 values
/// from 5 (18,426 pairs, the lab's precondition throughout), shortest
/// first, so the pair reported is the smallest one answered wrong.
pub(crate) fn every_small_pair() -> Vec<Pair> {
    every_small_pair_of(&SMALL_VALUES)
}

/// [`every_small_pair`] with its values taken from `values`.
pub(crate) fn every_small_pair_of(values: &[i32]) -> Vec<Pair> {
    let mut pairs = Vec::new();
    for n in 0..=EXHAUSTIVE_CARDS {
        let all = arrangements(values, n);
        for a in &all {
            for b in &all {
                pairs.push((a.clone(), b.clone()));
            }
        }
    }
    pairs
}

fn wrong_answer_hint(returned: bool) -> String {
    if returned {
        "this is the smallest pair your answer gets wrong: the arrays differ in at least one \
         card, so some value of a is missing from b"
    } else {
        "this is the smallest pair your answer gets wrong: every value of a is somewhere in \
         b, so the answer is true"
    }
    .into()
}

/// Every small pair, grouped by length, with the lab's answer to each.
/// Worked out once per process: a batch asks every submission the same
/// 18,426 questions, and building them took longer than the answers.
fn small_pairs_by_length() -> &'static [(Vec<Pair>, Vec<bool>)] {
    static BY_LENGTH: LazyLock<Vec<(Vec<Pair>, Vec<bool>)>> = LazyLock::new(|| {
        let pairs = every_small_pair();
        (0..=EXHAUSTIVE_CARDS)
            .map(|n| {
                let same_length: Vec<Pair> =
                    pairs.iter().filter(|(a, _)| a.len() == n).cloned().collect();
                let answers = same_length.iter().map(|(a, b)| same_cards(a, b)).collect();
                (same_length, answers)
            })
            .collect()
    });
    &BY_LENGTH
}

pub fn every_pair_of_up_to_4_cards(f: &dyn Functions) -> Result<(), Failure> {
    for (pairs, answers) in small_pairs_by_length() {
        expect_answers(
            f,
            pairs,
            answers,
            "are_permutations disagrees with the lab on a small pair of arrays",
            &wrong_answer_hint,
        )
        .map_err(|failure| name_the_extremes(pairs, answers, f, failure))?;
    }
    Ok(())
}

/// The hint for an answer wrong only where a card is `i32::MIN` or
/// `i32::MAX`: right on every pair of the same lengths without them, so
/// the values, not the loops, are what it gets wrong.
fn name_the_extremes(
    pairs: &[Pair],
    answers: &[bool],
    f: &dyn Functions,
    failure: Failure,
) -> Failure {
    let extreme = |cards: &[i32]| cards.iter().any(|&c| c == i32::MIN || c == i32::MAX);
    let (plain, plain_answers): (Vec<Pair>, Vec<bool>) = pairs
        .iter()
        .zip(answers)
        .filter(|((a, b), _)| !extreme(a) && !extreme(b))
        .map(|(pair, &answer)| (pair.clone(), answer))
        .unzip();
    if f.are_permutations().call(&plain) != plain_answers {
        return failure;
    }
    // "true" for different cards: a real card taken for a mark; "false"
    // for the same cards: equal values compared as different.
    let likely = if failure.returned == "true" {
        "A card value used as a 'used' mark (i32::MIN, -1) is taken for a real card: keep \
         the marks in a Vec<bool> beside the cards instead"
    } else {
        "Equal cards were compared as different: compare the values themselves with ==, \
         not anything that holds only for small numbers (Java's boxed Integer and == are \
         the same only from -128 to 127)"
    };
    Failure {
        hint: format!(
            "any i32 can be a card, i32::MIN and i32::MAX too, and your answer is right on \
             every array without them. {likely}"
        ),
        ..failure
    }
}

/// Random pairs of 5 to 12 cards on a fixed seed, from the whole range of
/// `i32` with its extremes, -1 and 0 among them: half are rearrangements,
/// half have one card changed.
pub(crate) fn random_larger_pairs() -> Vec<Pair> {
    use rand::RngExt;
    use rand::seq::SliceRandom;
    let mut rng = crate::seeded(2025);
    (0..1000)
        .map(|i| {
            let n = rng.random_range(5..=12);
            let mut pool: Vec<i32> = vec![i32::MIN, i32::MAX, -1, 0];
            while pool.len() < 16 {
                let card = rng.random::<i32>();
                if !pool.contains(&card) {
                    pool.push(card);
                }
            }
            pool.shuffle(&mut rng);
            let a = pool[..n].to_vec();
            let mut b = a.clone();
            if i % 2 == 1 {
                let at = rng.random_range(0..n);
                b[at] = pool[n];
            }
            b.shuffle(&mut rng);
            (a, b)
        })
        .collect()
}

pub fn random_pairs_of_5_to_12_cards(f: &dyn Functions) -> Result<(), Failure> {
    expect_all(
        f,
        &random_larger_pairs(),
        "are_permutations disagrees with the lab on a longer pair of arrays",
        &|returned| {
            if returned {
                "one card of a is not in b. Check every card, up to the last one".into()
            } else {
                "b holds the same cards as a in another order. Look for each value of a \
                 anywhere in b, up to b's last card"
                    .into()
            }
        },
    )
}

/// Pins the answers to the hand-picked tables in one insta snapshot.
pub fn outputs_match_the_snapshot(f: &dyn Functions) -> Result<(), Failure> {
    let pairs: Vec<Pair> = table(REARRANGEMENTS)
        .chain(table(ONE_CARD_DIFFERS))
        .chain(table(SAME_SUM))
        .chain(SMALL.iter().map(|&(a, b, _)| (a.to_vec(), b.to_vec())))
        .collect();
    let answers = f.are_permutations().call(&pairs);
    let mut transcript = String::new();
    for ((a, b), returned) in pairs.iter().zip(&answers) {
        let _ = writeln!(transcript, "are_permutations({a:?}, {b:?}) = {returned}");
    }
    if pinned!(are_permutations, "are_permutations_table", transcript) {
        return Ok(());
    }
    let nothing_wrong: Pair = (vec![], vec![]);
    let ((a, b), returned) = pairs
        .iter()
        .zip(answers)
        .find(|((a, b), returned)| *returned != same_cards(a, b))
        .unwrap_or((&nothing_wrong, true));
    Err(Failure::new(
        "are_permutations' answers differ from the pinned snapshot",
        format!("a = {a:?}, b = {b:?}"),
        (!returned).to_string(),
        returned.to_string(),
        "the snapshot lists the hand-picked pairs; the first wrong answer is shown here",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generated_pairs_are_as_documented() {
        let small = every_small_pair();
        assert_eq!(small.len(), 18_426);
        let all_within_the_precondition = |pairs: &[Pair]| {
            pairs.iter().all(|(a, b)| {
                let distinct = |x: &[i32]| {
                    let mut x = x.to_vec();
                    x.sort_unstable();
                    x.windows(2).all(|w| w[0] != w[1])
                };
                a.len() == b.len() && distinct(a) && distinct(b)
            })
        };
        assert!(all_within_the_precondition(&small));
        let larger = random_larger_pairs();
        assert!(all_within_the_precondition(&larger));
        let same = larger.iter().filter(|(a, b)| same_cards(a, b)).count();
        assert_eq!(same, 500, "half are rearrangements");
        assert!(rearrangements().iter().all(|(a, b)| same_cards(a, b)));
        assert!(one_card_changes().iter().all(|(a, b)| !same_cards(a, b)));
    }
}
