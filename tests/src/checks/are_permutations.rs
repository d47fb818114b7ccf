//! Checks of `are_permutations`. Every pair respects the lab's
//! precondition: same length, no duplicates within an array. So the lab's
//! own answer, nested loops with no length check, passes.

use std::fmt::Write;

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

const SAME_SUM: &[(&[i32], &[i32])] = &[
    (&[1, 4], &[2, 3]),
    (&[1, 2, 6], &[1, 3, 5]),
    (&[0, 5, -5], &[1, 2, -3]),
    (&[10, 20, 30, 40], &[11, 19, 31, 39]),
];

const SMALL: &[(&[i32], &[i32], bool)] =
    &[(&[], &[], true), (&[5], &[5], true), (&[5], &[6], false)];

fn expect(
    f: &dyn Functions,
    cases: impl IntoIterator<Item = (&'static [i32], &'static [i32], bool)>,
    summary: &str,
    hint: &str,
) -> Result<(), Failure> {
    for (a, b, expected) in cases {
        let returned = f.are_permutations(a, b);
        if returned != expected {
            return Err(Failure::new(
                summary,
                format!("a = {a:?}, b = {b:?}"),
                expected.to_string(),
                returned.to_string(),
                hint,
            ));
        }
    }
    Ok(())
}

pub fn true_for_rearrangements(f: &dyn Functions) -> Result<(), Failure> {
    expect(
        f,
        REARRANGEMENTS.iter().map(|&(a, b)| (a, b, true)),
        "are_permutations said false for two arrays that hold the same cards",
        "for each value in a, look for it anywhere in b, not only at the same index",
    )
}

pub fn false_when_a_card_differs(f: &dyn Functions) -> Result<(), Failure> {
    expect(
        f,
        ONE_CARD_DIFFERS.iter().map(|&(a, b)| (a, b, false)),
        "are_permutations said true for arrays that hold different cards",
        "equal lengths are not enough: every value of a must also be in b",
    )
}

pub fn false_when_only_the_sums_match(f: &dyn Functions) -> Result<(), Failure> {
    expect(
        f,
        SAME_SUM.iter().map(|&(a, b)| (a, b, false)),
        "are_permutations was fooled by arrays with the same sum",
        "[1, 4] and [2, 3] both add up to 5 but hold different cards. Comparing sums (or \
         products) cannot tell them apart; compare the cards themselves",
    )
}

pub fn empty_and_single_card_arrays(f: &dyn Functions) -> Result<(), Failure> {
    expect(
        f,
        SMALL.iter().copied(),
        "are_permutations gets an empty or one-card array wrong",
        "two empty arrays are rearrangements of each other (there is nothing to differ), \
         and [5] is a rearrangement of [5] but not of [6]",
    )
}

/// Pins every answer of the tables above in one insta snapshot.
pub fn outputs_match_the_snapshot(f: &dyn Functions) -> Result<(), Failure> {
    let cases: Vec<(&[i32], &[i32], bool)> = REARRANGEMENTS
        .iter()
        .map(|&(a, b)| (a, b, true))
        .chain(
            ONE_CARD_DIFFERS
                .iter()
                .chain(SAME_SUM)
                .map(|&(a, b)| (a, b, false)),
        )
        .chain(SMALL.iter().copied())
        .collect();
    let mut transcript = String::new();
    let mut first_wrong = None;
    for &(a, b, expected) in &cases {
        let returned = f.are_permutations(a, b);
        let _ = writeln!(transcript, "are_permutations({a:?}, {b:?}) = {returned}");
        if returned != expected && first_wrong.is_none() {
            first_wrong = Some((a, b, expected, returned));
        }
    }
    if pinned!("are_permutations", "are_permutations_table", transcript) {
        return Ok(());
    }
    let (a, b, expected, returned) = first_wrong.unwrap_or((&[], &[], true, true));
    Err(Failure::new(
        "are_permutations' answers differ from the pinned snapshot (with cargo test, insta's diff is printed above)",
        format!("a = {a:?}, b = {b:?}"),
        expected.to_string(),
        returned.to_string(),
        "the snapshot lists every pair the other checks ask about; the first wrong answer is \
         shown here",
    ))
}
