//! Checks of `selection_shuffle`: pick a random unused card for each
//! position, drawing again whenever the card is already used.

use super::shuffles::{self, SELECTION};
use crate::failure::deck;
use crate::oracle::{SELECTION_WRONG_TURNS, diagnose, replay_selection};
use crate::{CheckRng, Failure, Functions};

pub fn returns_a_permutation(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::returns_a_permutation(f, &SELECTION)
}

pub fn small_decks(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::small_decks(f, &SELECTION)
}

/// The core check: see [`shuffles::reaches_many_orders_of_8_cards`].
pub fn reaches_many_orders_of_8_cards(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::reaches_many_orders_of_8_cards(f, &SELECTION)
}

pub fn uses_the_rng_it_is_given(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::uses_the_rng_it_is_given(f, &SELECTION)
}

/// See [`shuffles::uniform_over_the_24_orders_of_4_cards`]: false alarm
/// ≤ 1e-6; power against the step-to-the-next-unused-card selection shuffle
/// is 1 to double precision (λ = 4312).
pub fn uniform_over_the_24_orders_of_4_cards(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::uniform_over_the_24_orders_of_4_cards(f, &SELECTION)
}

/// See [`shuffles::uniform_at_2_cards`]: false alarm ≤ 1e-6; power 1
/// against a selection shuffle that leaves 2-card decks unshuffled.
pub fn uniform_at_2_cards(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::uniform_at_2_cards(f, &SELECTION)
}

/// See [`shuffles::uniform_at_52_cards`]: false alarm ≤ 1e-6; power
/// above 1 − 1e-12 against a shuffle with the naive swap's position bias.
pub fn uniform_at_52_cards(f: &dyn Functions) -> Result<(), Failure> {
    shuffles::uniform_at_52_cards(f, &SELECTION)
}

/// Runs the student's selection shuffle on a scripted random source and
/// compares deck and number of draws with the lab's steps.
fn follows_the_lab(f: &dyn Functions, input: &[i32], js: &[usize]) -> Result<(), Failure> {
    let n = input.len();
    let script: Vec<(usize, usize)> = js.iter().map(|&j| (j, n)).collect();
    let (expected, used) = replay_selection(input, js);
    debug_assert_eq!(used, js.len(), "the script should be used up exactly");
    let mut rng = CheckRng::scripted(script.iter().copied());
    let returned = f
        .selection_shuffle(input, &mut rng, 1)
        .pop()
        .unwrap_or_default();
    if returned == expected && rng.draws() == js.len() {
        return Ok(());
    }
    let listed: Vec<String> = js.iter().map(usize::to_string).collect();
    let hint = diagnose(
        SELECTION_WRONG_TURNS,
        input,
        &script,
        &returned,
        rng.draws(),
    )
    .map(|why| format!("your result matches a shuffle where {why}."))
    .unwrap_or_else(|| {
        "the lab's steps: for each position k, draw j from 0..n (n is the deck's \
             length); while values[j] is already used, draw a new j; then copy values[j] to \
             position k and mark it used. Make exactly one draw per try."
            .into()
    });
    Err(Failure::new(
        "selection_shuffle does not follow the lab's steps",
        format!(
            "{} with the random source scripted to give j = {} (each from 0..{n})",
            deck(input),
            listed.join(", ")
        ),
        format!("{} after all {} draws", deck(&expected), js.len()),
        format!("{} after {} draws", deck(&returned), rng.draws()),
        hint,
    ))
}

/// Lab steps: a collision means drawing again, as often as it takes.
pub fn lab_steps_retries_until_an_unused_card(f: &dyn Functions) -> Result<(), Failure> {
    follows_the_lab(f, &[10, 20, 30, 40], &[2, 2, 0, 2, 0, 3, 0, 2, 3, 1])
}

/// Lab steps: j always comes from the whole deck, 0..n, even late on.
pub fn lab_steps_draws_j_from_the_whole_deck(f: &dyn Functions) -> Result<(), Failure> {
    follows_the_lab(
        f,
        &[1, 2, 3, 4, 5],
        &[4, 4, 3, 4, 3, 2, 4, 3, 2, 1, 4, 3, 2, 1, 0],
    )
}
