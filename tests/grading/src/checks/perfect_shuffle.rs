//! Checks of `perfect_shuffle`: the first half (rounded up) to the even
//! positions, the second half to the odd positions.

use std::fmt::Write;

use super::snapshot::pinned;
use super::{distinct_deck, not_a_permutation};
use crate::failure::deck;
use crate::oracle::out_shuffle;
use crate::{Failure, Functions};

/// Compares the submission with the lab's position rule on each input.
fn agrees_with_the_lab(
    f: &dyn Functions,
    inputs: impl IntoIterator<Item = Vec<i32>>,
    summary: &str,
    hint: &str,
) -> Result<(), Failure> {
    for input in inputs {
        let expected = out_shuffle(&input);
        let returned = f.perfect_shuffle().call(&input);
        if returned != expected {
            return Err(Failure::new(
                summary,
                deck(&input),
                deck(&expected),
                deck(&returned),
                hint,
            ));
        }
    }
    Ok(())
}

pub fn returns_a_permutation(f: &dyn Functions) -> Result<(), Failure> {
    for n in (0..=13).chain([52]) {
        let input = distinct_deck(n);
        let returned = f.perfect_shuffle().call(&input);
        if let Some(problem) = not_a_permutation(&input, &returned) {
            return Err(Failure::new(
                "perfect_shuffle did not return a rearrangement of its input",
                deck(&input),
                format!(
                    "{} (the same cards, interleaved)",
                    deck(&out_shuffle(&input))
                ),
                format!("{}: {problem}", deck(&returned)),
                "each card of the input goes to exactly one position of the result: \
                 first-half cards to 0, 2, 4, …, second-half cards to 1, 3, 5, …",
            ));
        }
    }
    Ok(())
}

pub fn small_decks(f: &dyn Functions) -> Result<(), Failure> {
    agrees_with_the_lab(
        f,
        [vec![], vec![7], vec![7, 8]],
        "perfect_shuffle gets a deck of 0, 1 or 2 cards wrong",
        "0 and 1 cards have nothing to interleave; with 2 cards the first half is [7] and \
         the second [8], so the deck stays [7, 8]. Check the loop bounds for tiny decks",
    )
}

/// The core check: whatever else is wrong, an even deck must come back as
/// its two halves interleaved, one card from each in turn, either half
/// first. The out-shuffle passes, and so do an in-shuffle, a split off by
/// one (which differs only on odd decks) and a shuffle that writes
/// positions for cards (the deck is 0..n, so positions are its cards).
/// Returning the deck as it was, reversing it, a constant or a rotation
/// fails.
pub fn interleaves_two_halves(f: &dyn Functions) -> Result<(), Failure> {
    for n in [4, 6, 8, 10] {
        let input: Vec<i32> = (0..n).collect();
        let returned = f.perfect_shuffle().call(&input);
        let (first, second) = input.split_at(input.len() / 2);
        let interleave = |top: &[i32], other: &[i32]| -> Vec<i32> {
            top.iter().zip(other).flat_map(|(&x, &y)| [x, y]).collect()
        };
        if returned == interleave(first, second) || returned == interleave(second, first) {
            continue;
        }
        return Err(Failure::new(
            "perfect_shuffle does not interleave the two halves of the deck",
            deck(&input),
            format!(
                "{} (one card from each half in turn)",
                deck(&out_shuffle(&input))
            ),
            deck(&returned),
            "split the deck into two halves and take one card from each in turn: the first \
             half's cards go to positions 0, 2, 4, …, the second half's to 1, 3, 5, …. A \
             function that leaves the deck as it was, or rearranges it some other way, earns \
             no points for perfect_shuffle",
        ));
    }
    Ok(())
}

pub fn even_lengths_interleave_the_halves(f: &dyn Functions) -> Result<(), Failure> {
    agrees_with_the_lab(
        f,
        [4, 6, 10, 52].map(|n| (0..n).collect()),
        "perfect_shuffle does not interleave an even deck as the lab does",
        "values[j] of the first half goes to position 2j; values[j] of the second half goes \
         to position 2(j - n/2) + 1. The top card stays on top (an out-shuffle); putting \
         the second half first is an in-shuffle",
    )
}

pub fn odd_lengths_give_the_extra_card_to_the_first_half(f: &dyn Functions) -> Result<(), Failure> {
    agrees_with_the_lab(
        f,
        [3, 5, 7, 51].map(|n| (0..n).collect()),
        "perfect_shuffle splits an odd deck in the wrong place",
        "an odd deck has one more even position than odd ones, so the first half gets the \
         extra card: it ends at (n + 1) / 2, rounded down in integer division, not at n / 2",
    )
}

pub fn moves_values_not_indices(f: &dyn Functions) -> Result<(), Failure> {
    agrees_with_the_lab(
        f,
        [vec![40, -3, 17, 0, 99, 5], vec![8, 8, 1, -1, 8]],
        "perfect_shuffle returned positions or changed values instead of moving the cards",
        "copy the card itself (`values[j]`) into the new deck, not its index j",
    )
}

pub fn eight_shuffles_restore_52_cards(f: &dyn Functions) -> Result<(), Failure> {
    let deck_52: Vec<i32> = (0..52).collect();
    let mut current = deck_52.clone();
    for shuffles in 1..=8 {
        current = f.perfect_shuffle().call(&current);
        if (current == deck_52) != (shuffles == 8) {
            let returned = if shuffles < 8 {
                format!("back in order after only {shuffles}")
            } else {
                format!("after 8 shuffles: {}", deck(&current))
            };
            return Err(Failure::new(
                "perfect_shuffle does not have the out-shuffle's order 8 on 52 cards",
                "52 cards [0, 1, …, 51], shuffled again and again",
                "back in order after exactly 8 perfect shuffles, and not before",
                returned,
                "the lab's perfect shuffle keeps the top card on top. An in-shuffle, which \
                 puts the second half's first card on top, needs 52 shuffles instead of 8",
            ));
        }
    }
    Ok(())
}

/// Every deck of 0 to 100 distinct cards, smallest first, then a few
/// larger ones with repeated cards on a fixed seed, against the lab's
/// position rule: 101 + 5 decks.
pub fn every_deck_up_to_100_cards(f: &dyn Functions) -> Result<(), Failure> {
    use rand::RngExt;
    let mut rng = crate::seeded(100);
    let larger = [101, 255, 256, 999, 1000]
        .map(|n| -> Vec<i32> { (0..n).map(|_| rng.random_range(-20..20)).collect() });
    agrees_with_the_lab(
        f,
        (0..=100).map(distinct_deck).chain(larger),
        "perfect_shuffle disagrees with the lab's perfect shuffle",
        "this is the smallest deck your answer gets wrong. Card i of the first half (the \
         first (n + 1) / 2 cards) goes to position 2i, card i of the second half to 2i + 1",
    )
}

/// Pins the outputs for 0 to 11 cards with an insta snapshot, so that the
/// expected values are reviewed once and cannot drift.
pub fn outputs_match_the_snapshot(f: &dyn Functions) -> Result<(), Failure> {
    let mut transcript = String::new();
    let mut lines = Vec::new();
    for n in 0..12 {
        let input: Vec<i32> = (0..n).collect();
        let returned = f.perfect_shuffle().call(&input);
        let line = format!("perfect_shuffle({input:?}) = {returned:?}");
        let _ = writeln!(transcript, "{line}");
        lines.push((input, returned));
    }
    if pinned!(perfect_shuffle, "perfect_shuffle_0_to_11_cards", transcript) {
        return Ok(());
    }
    let (input, returned) = lines
        .into_iter()
        .find(|(input, returned)| *returned != out_shuffle(input))
        .unwrap_or_default();
    Err(Failure::new(
        "perfect_shuffle's outputs differ from the pinned snapshot",
        deck(&input),
        deck(&out_shuffle(&input)),
        deck(&returned),
        "the snapshot lists the lab's perfect shuffle of [0], [0, 1], … up to 11 cards; the \
         first line that differs is shown here",
    ))
}
