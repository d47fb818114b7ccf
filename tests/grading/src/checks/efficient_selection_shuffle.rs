//! Checks of `efficient_selection_shuffle`: for k from n − 1 down to 1,
//! swap position k with a random r in 0..=k. Its lab steps are here; its
//! property checks are the random shuffles' shared ones, which the
//! registry binds to it (`in shuffles(under_test::EFFICIENT)`).

use super::shuffles::{RANDOM_SCRIPT_CARDS, RANDOM_SCRIPTS};
use crate::failure::deck;
use crate::oracle::{SWAP_WRONG_TURNS, diagnose, replay_swaps};
use crate::{CheckRng, Failure, Functions};

/// The start of a hint when a replay matches neither the lab's steps nor a
/// known wrong turn: the steps may be right and the draws read otherwise,
/// so the hint does not claim a wrong step.
const UNREAD: &str = "your deck matches neither the lab's steps nor a known mistake on \
    these draws. Either your shuffle read the scripted r values differently (draw each r \
    with `rng.random_range(0..=k)`, or `% (k + 1)` on a raw word, once per k), or it used \
    them differently from the lab:";

/// Runs the student's shuffle on a scripted random source, r for k = n − 1
/// down to 1, and compares deck and number of draws with the lab's steps.
fn follows_the_lab(
    f: &dyn Functions,
    input: &[i32],
    rs: &[usize],
    hint_if_unexplained: &str,
) -> Result<(), Failure> {
    let n = input.len();
    let script: Vec<(usize, usize)> = (1..n).rev().zip(rs).map(|(k, &r)| (r, k + 1)).collect();
    let expected = replay_swaps(input, rs);
    let mut rng = CheckRng::scripted(script.iter().copied());
    let returned = f
        .efficient_selection_shuffle()
        .call(input, &mut rng, 1)
        .pop()
        .unwrap_or_default();
    if returned == expected && rng.draws() == rs.len() {
        return Ok(());
    }
    let steps: Vec<String> = (1..n)
        .rev()
        .zip(rs)
        .map(|(k, r)| format!("r = {r} for k = {k}"))
        .collect();
    let hint = diagnose(SWAP_WRONG_TURNS, input, &script, &returned, rng.draws())
        .map(|why| format!("your result matches a shuffle where {why}."))
        .unwrap_or_else(|| {
            if rng.draws() < rs.len() {
                format!(
                    "the lab draws once for each k from {} down to 1: {} draws. Yours drew \
                     {}: does the loop stop early?",
                    n - 1,
                    rs.len(),
                    rng.draws()
                )
            } else if rng.draws() > rs.len() {
                format!(
                    "the lab draws once for each k from {} down to 1: {} draws. Yours drew {}",
                    n - 1,
                    rs.len(),
                    rng.draws()
                )
            } else {
                format!("{UNREAD} {hint_if_unexplained}")
            }
        });
    Err(Failure::new(
        "efficient_selection_shuffle does not follow the lab's steps",
        format!(
            "{} with the random source scripted to give {}",
            deck(input),
            steps.join(", ")
        ),
        format!("{} after {} draws", deck(&expected), rs.len()),
        format!("{} after {} draws", deck(&returned), rng.draws()),
        hint,
    ))
}

const K_FROM_THE_END: &str = "for k from n - 1 down to 1, the lab draws r from 0..=k and \
    exchanges values[k] with values[r]";

/// Lab steps: one draw per k, in the lab's order, and a swap each time; on
/// a hand-picked script, then on every script of 2 to 6 cards, then on
/// random scripts of 7, 13 and 52 cards, so that a table of answers for
/// the small decks with something else above them does not pass.
pub fn lab_steps_k_from_the_end_down_to_1(f: &dyn Functions) -> Result<(), Failure> {
    follows_the_lab(
        f,
        &[10, 20, 30, 40, 50, 60],
        &[1, 3, 0, 2, 0],
        K_FROM_THE_END,
    )?;
    every_script_of_up_to_6_cards(f)?;
    random_scripts_of_larger_decks(f)
}

/// The decks of the exhaustive replay.
const EXHAUSTIVE_CARDS: std::ops::RangeInclusive<usize> = 2..=6;

/// Every sequence of draws for an n-card deck: r for k = n − 1 down to 1,
/// each in 0..=k, so n! sequences, one per order.
pub(crate) fn every_draw_sequence(n: usize) -> Vec<Vec<usize>> {
    let mut sequences = vec![vec![]];
    for k in (1..n).rev() {
        sequences = sequences
            .into_iter()
            .flat_map(|rs: Vec<usize>| {
                (0..=k).map(move |r| {
                    let mut longer = rs.clone();
                    longer.push(r);
                    longer
                })
            })
            .collect();
    }
    sequences
}

/// Replays every sequence of draws for decks of 2 to 6 cards (2 + 6 + 24 +
/// 120 + 720 = 872), smallest deck first, against the lab's steps. Each
/// deck size is one batched call on the concatenated scripts; only a batch
/// that disagrees is replayed one script at a time, to report the first
/// that fails with its diagnosis.
fn every_script_of_up_to_6_cards(f: &dyn Functions) -> Result<(), Failure> {
    for n in EXHAUSTIVE_CARDS {
        replays_agree(f, n, &every_draw_sequence(n))?;
    }
    Ok(())
}

/// Replays 50 random sequences of draws (on a fixed seed) for each of the
/// decks of 7, 13 and 52 cards against the lab's steps, as
/// [`every_script_of_up_to_6_cards`] does for every sequence of the small
/// ones.
fn random_scripts_of_larger_decks(f: &dyn Functions) -> Result<(), Failure> {
    use rand::RngExt;
    let mut rng = crate::seeded(713);
    for n in RANDOM_SCRIPT_CARDS {
        let sequences: Vec<Vec<usize>> = (0..RANDOM_SCRIPTS)
            .map(|_| (1..n).rev().map(|k| rng.random_range(0..=k)).collect())
            .collect();
        replays_agree(f, n, &sequences)?;
    }
    Ok(())
}

/// Replays `sequences` of draws on a deck of `n` cards in one batched call,
/// and only if the batch disagrees with the lab, one at a time, to report
/// the first that fails with its diagnosis.
fn replays_agree(f: &dyn Functions, n: usize, sequences: &[Vec<usize>]) -> Result<(), Failure> {
    let input: Vec<i32> = (1..=n as i32).map(|card| 10 * card).collect();
    let script: Vec<(usize, usize)> = sequences
        .iter()
        .flat_map(|rs| (1..n).rev().zip(rs).map(|(k, &r)| (r, k + 1)))
        .collect();
    let mut rng = CheckRng::scripted(script.iter().copied());
    let returned = f
        .efficient_selection_shuffle()
        .call(&input, &mut rng, sequences.len());
    let agrees = rng.draws() == script.len()
        && returned.len() == sequences.len()
        && sequences
            .iter()
            .zip(&returned)
            .all(|(rs, deck)| *deck == replay_swaps(&input, rs));
    if !agrees {
        for rs in sequences {
            follows_the_lab(f, &input, rs, K_FROM_THE_END)?;
        }
    }
    Ok(())
}

/// Lab steps: r ranges over 0..=k, so r = k is possible and swaps a card
/// with itself.
pub fn lab_steps_r_can_equal_k(f: &dyn Functions) -> Result<(), Failure> {
    follows_the_lab(
        f,
        &[10, 20, 30, 40, 50, 60],
        &[5, 4, 3, 2, 1],
        "when the random source gives r = k every time, every swap exchanges a card with \
         itself and the deck comes back unchanged, which needs r drawn from 0..=k (k \
         included)",
    )
}

/// Lab steps: Question 3 run through the student's own shuffle.
///
/// The draws are Question 3's answer, so a failure here names neither
/// them nor the draws it shows in other checks: a slip in the shuffle must
/// not give the question away. For the same reason they are found here, by
/// trying all 24 sequences, rather than written down: the student edition
/// ships this file.
pub fn lab_steps_question_3(f: &dyn Functions) -> Result<(), Failure> {
    let draws = every_draw_sequence(4)
        .into_iter()
        .find(|rs| replay_swaps(&[1, 2, 3, 4], rs) == [4, 3, 2, 1])
        .expect("one sequence of draws reverses four cards");
    follows_the_lab(
        f,
        &[1, 2, 3, 4],
        &draws,
        "on these draws the lab's swaps, with k running downwards from 3 to 1, turn \
         [1, 2, 3, 4] into [4, 3, 2, 1]",
    )
    .map_err(|mut failure| {
        failure.input = "[1, 2, 3, 4] with the random source scripted to give Question 3's \
                         draws (not shown here: finding them is Question 3)"
            .into();
        failure
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_has_one_sequence() {
        let counts: Vec<usize> = EXHAUSTIVE_CARDS
            .map(|n| every_draw_sequence(n).len())
            .collect();
        assert_eq!(counts, [2, 6, 24, 120, 720]);
        assert_eq!(counts.iter().sum::<usize>(), 872);
        let deck = [1, 2, 3, 4];
        let mut orders: Vec<Vec<i32>> = every_draw_sequence(4)
            .iter()
            .map(|rs| replay_swaps(&deck, rs))
            .collect();
        orders.sort();
        orders.dedup();
        assert_eq!(orders.len(), 24, "each sequence gives a different order");
    }
}
