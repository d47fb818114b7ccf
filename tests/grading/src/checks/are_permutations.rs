//! Checks of `are_permutations`. Every pair respects the lab's
//! precondition: same length, no duplicates within an array. So the lab's
//! own answer, nested loops with no length check, passes.
//!
//! Three core checks (see the rubric) decide whether the answer does the
//! job at all: true for rearrangements, false when one card differs at any
//! position, and false when only a sum, product or XOR matches. Every
//! small pair, and random longer ones, are then compared with the lab's
//! answer. The pairs themselves are in
//! [`permutation_pairs`](super::permutation_pairs).

use std::fmt::Write;
use std::sync::LazyLock;

use super::permutation_pairs::{
    EXHAUSTIVE_CARDS, ONE_CARD_DIFFERS, Pair, REARRANGEMENTS, SAME_DIGITS, SAME_PRODUCT_OR_XOR,
    SAME_SUM, SMALL, every_small_pair, one_card_changes, random_larger_pairs, rearrangements,
    same_cards, table,
};
use super::snapshot::pinned;
use crate::{Failure, Functions};

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

/// Arrays that share a summary but not their cards: the same sum,
/// product or XOR, both sum and product, and the same sum with the same
/// smallest and largest card. Deterministic: no false alarm (the lab's
/// answer is false on each), and power 1 against each summary the table
/// names, a sum beside the largest card
/// (`fixtures/blind/permutations_sum_and_max.rs`) included.
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

/// Different cards whose digits read the same once written one after
/// another ([`SAME_DIGITS`]): `[1, 213]` and `[12, 13]` both read "1213".
/// A property check, not a core one: comparing the digits of sorted
/// copies is right on every other pair the checks ask, so it is a real
/// mistake with partial credit, not an answer that ignores the task.
///
/// False alarm: 0. The check is deterministic and every pair holds
/// different cards, so a correct answer says false to each and never
/// fails it. Power against comparing the concatenated digits of sorted
/// copies (`fixtures/wrong/permutations_concatenated_digits.rs`): 1, as
/// four of the pairs read alike sorted; against the digits of the arrays
/// as they stand: 1, as the last two read alike unsorted (that answer
/// also fails the core check of rearrangements).
pub fn false_when_only_the_digits_match(f: &dyn Functions) -> Result<(), Failure> {
    expect_all(
        f,
        &table(SAME_DIGITS).collect::<Vec<Pair>>(),
        "are_permutations was fooled by arrays whose digits read the same",
        &|_| {
            "[1, 213] and [12, 13] hold different cards, yet both read \"1213\" when their \
              digits are written one after another. Digits are not cards: compare the cards \
              themselves (two sorted copies compared as arrays, or each card of a found in b)"
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
                let same_length: Vec<Pair> = pairs
                    .iter()
                    .filter(|(a, _)| a.len() == n)
                    .cloned()
                    .collect();
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
