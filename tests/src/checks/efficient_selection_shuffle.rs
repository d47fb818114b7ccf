//! Checks of `efficient_selection_shuffle`: for k from n − 1 down to 1,
//! swap position k with a random r in 0..=k.

use super::shuffles::{self, EFFICIENT};
use crate::failure::deck;
use crate::oracle::{SWAP_WRONG_TURNS, diagnose, replay_swaps};
use crate::{CheckRng, Failure, Functions};

pub fn returns_a_permutation(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::returns_a_permutation(f, &EFFICIENT)
}

pub fn small_decks(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::small_decks(f, &EFFICIENT)
}

/// The core check: see [`shuffles::reaches_many_orders_of_8_cards`].
pub fn reaches_many_orders_of_8_cards(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::reaches_many_orders_of_8_cards(f, &EFFICIENT)
}

pub fn uses_the_rng_it_is_given(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::uses_the_rng_it_is_given(f, &EFFICIENT)
}

/// See [`shuffles::uniform_over_the_24_orders_of_4_cards`]: false alarm
/// ≤ 1e-6; power against the naive swap-with-anyone shuffle > 1 − 1e-12
/// (λ = 357). A loop that stops at k = 2 reaches only 12 of the 24 orders.
pub fn uniform_over_the_24_orders_of_4_cards(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::uniform_over_the_24_orders_of_4_cards(f, &EFFICIENT)
}

/// See [`shuffles::uniform_at_2_cards`]: false alarm ≤ 1e-6; power 1
/// against Sattolo's off-by-one, which always swaps two cards.
pub fn uniform_at_2_cards(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::uniform_at_2_cards(f, &EFFICIENT)
}

/// See [`shuffles::uniform_at_52_cards`]: false alarm ≤ 1e-6; power
/// above 1 − 1e-12 against the naive swap-with-anyone shuffle (λ = 1316).
pub fn uniform_at_52_cards(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::uniform_at_52_cards(f, &EFFICIENT)
}

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
        .efficient_selection_shuffle(input, &mut rng, 1)
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
                hint_if_unexplained.to_string()
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

/// Lab steps: one draw per k, in the lab's order, and a swap each time.
pub fn lab_steps_k_from_the_end_down_to_1(f: &dyn Functions) -> Result<(), Failure> {
    follows_the_lab(
        f,
        &[10, 20, 30, 40, 50, 60],
        &[1, 3, 0, 2, 0],
        "the lab's steps: for k from n - 1 down to 1, draw r from 0..=k and exchange \
         values[k] with values[r]",
    )
}

/// Lab steps: r ranges over 0..=k, so r = k is possible and swaps a card
/// with itself.
pub fn lab_steps_r_can_equal_k(f: &dyn Functions) -> Result<(), Failure> {
    follows_the_lab(
        f,
        &[10, 20, 30, 40, 50, 60],
        &[5, 4, 3, 2, 1],
        "when the random source gives r = k every time, every swap exchanges a card with \
         itself and the deck must come back unchanged. Draw r from 0..=k (k included)",
    )
}

/// Lab steps: Question 3 run through the student's own shuffle.
pub fn lab_steps_question_3(f: &dyn Functions) -> Result<(), Failure> {
    follows_the_lab(
        f,
        &[1, 2, 3, 4],
        &[0, 1, 1],
        "with r = 0 for k = 3, r = 1 for k = 2 and r = 1 for k = 1, the lab's swaps turn \
         [1, 2, 3, 4] into [4, 3, 2, 1]. Check the order of your loop and of your swap",
    )
}
