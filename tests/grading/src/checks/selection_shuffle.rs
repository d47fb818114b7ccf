//! Checks of `selection_shuffle`: pick a random unused card for each
//! position, drawing again whenever the card is already used. Its lab
//! steps are here; its property checks are the random shuffles' shared
//! ones, which the registry binds to it (`in shuffles(under_test::SELECTION)`).

use std::sync::LazyLock;

use super::shuffles::{RANDOM_SCRIPT_CARDS, RANDOM_SCRIPTS};
use crate::failure::deck;
use crate::oracle::{SELECTION_WRONG_TURNS, diagnose, replay_selection};
use crate::{CheckRng, Failure, Functions};

/// Runs the student's selection shuffle on a scripted random source and
/// compares deck and number of draws with the lab's steps.
fn follows_the_lab(f: &dyn Functions, input: &[i32], js: &[usize]) -> Result<(), Failure> {
    let n = input.len();
    let script: Vec<(usize, usize)> = js.iter().map(|&j| (j, n)).collect();
    let (expected, used) = replay_selection(input, js);
    debug_assert_eq!(used, js.len(), "the script should be used up exactly");
    let mut rng = CheckRng::scripted(script.iter().copied());
    let returned = f
        .selection_shuffle()
        .call(input, &mut rng, 1)
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
        "your result matches neither the lab's steps nor a known mistake on these draws. \
         Either your shuffle read the scripted j values differently (draw each j with \
         `rng.random_range(0..n)`, or `% n` on a raw word, once per try), or it used them \
         differently from the lab, which for each position draws j from 0..n, draws again \
         while values[j] is already used, then copies values[j] and marks it used."
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

/// Lab steps: j always comes from the whole deck, 0..n, even late on; on a
/// hand-picked script, then on every short script of up to 5 cards, then
/// on random scripts of 7, 13 and 52 cards, so that an answer that follows
/// the lab only on the small decks does not pass.
pub fn lab_steps_draws_j_from_the_whole_deck(f: &dyn Functions) -> Result<(), Failure> {
    follows_the_lab(
        f,
        &[1, 2, 3, 4, 5],
        &[4, 4, 3, 4, 3, 2, 4, 3, 2, 1, 4, 3, 2, 1, 0],
    )?;
    every_short_script_of_up_to_5_cards(f)?;
    random_scripts_of_larger_decks(f)
}

/// Replays 50 random scripts (on a fixed seed) for each of the decks of 7,
/// 13 and 52 cards: j drawn from the whole deck until every card is taken,
/// collisions and all (about 236 draws for 52 cards). One batched call a
/// deck size; a batch that disagrees is replayed one script at a time.
fn random_scripts_of_larger_decks(f: &dyn Functions) -> Result<(), Failure> {
    use rand::RngExt;
    let mut rng = crate::seeded(714);
    for n in RANDOM_SCRIPT_CARDS {
        let input: Vec<i32> = (1..=n as i32).collect();
        let scripts: Vec<Vec<usize>> = (0..RANDOM_SCRIPTS)
            .map(|_| {
                let mut taken = vec![false; n];
                let mut left = n;
                let mut js = Vec::new();
                while left > 0 {
                    let j = rng.random_range(0..n);
                    js.push(j);
                    if !taken[j] {
                        taken[j] = true;
                        left -= 1;
                    }
                }
                js
            })
            .collect();
        let draws: Vec<(usize, usize)> = scripts.iter().flatten().map(|&j| (j, n)).collect();
        let decks: Vec<Vec<i32>> = scripts
            .iter()
            .map(|js| replay_selection(&input, js).0)
            .collect();
        let mut source = CheckRng::scripted(draws.iter().copied());
        let returned = f
            .selection_shuffle()
            .call(&input, &mut source, scripts.len());
        if source.draws() != draws.len() || returned != decks {
            for js in &scripts {
                follows_the_lab(f, &input, js)?;
            }
        }
    }
    Ok(())
}

/// The longest scripts of the exhaustive replay: n + 2 draws for n cards,
/// so up to two collisions, and 6 draws at most.
fn most_draws(n: usize) -> usize {
    (n + 2).min(6)
}

/// Every sequence of j values that completes the lab's selection shuffle of
/// n cards exactly at its last draw, with at most `most_draws(n)` draws:
/// 1, 6, 66, 768 and 1,320 sequences for 1 to 5 cards (2,161 in all).
pub(crate) fn every_short_script(n: usize) -> Vec<Vec<usize>> {
    let mut complete = Vec::new();
    let mut partial: Vec<Vec<usize>> = vec![vec![]];
    let deck: Vec<i32> = (0..n as i32).collect();
    for _ in 0..most_draws(n) {
        let mut longer = Vec::new();
        for js in partial {
            for j in 0..n {
                let mut next = js.clone();
                next.push(j);
                let (shuffled, _) = replay_selection(&deck, &next);
                if shuffled.len() == n {
                    complete.push(next);
                } else {
                    longer.push(next);
                }
            }
        }
        partial = longer;
    }
    complete
}

/// Replays every short script for decks of 1 to 5 cards, smallest first,
/// in one batched call per deck size; a batch that disagrees is replayed
/// one script at a time, to report the first that fails.
fn every_short_script_of_up_to_5_cards(f: &dyn Functions) -> Result<(), Failure> {
    for replays in short_script_replays() {
        let (input, scripts) = (&replays.input, &replays.scripts);
        let mut rng = CheckRng::scripted(replays.draws.iter().copied());
        let returned = f.selection_shuffle().call(input, &mut rng, scripts.len());
        let agrees = rng.draws() == replays.draws.len() && returned == replays.decks;
        if !agrees {
            for js in scripts {
                follows_the_lab(f, input, js)?;
            }
        }
    }
    Ok(())
}

/// The short scripts for one deck size, as the check sends them, and the
/// deck the lab's steps make of each.
struct ShortScriptReplays {
    input: Vec<i32>,
    scripts: Vec<Vec<usize>>,
    /// Every script's draws, one after the other, each as (j, n).
    draws: Vec<(usize, usize)>,
    decks: Vec<Vec<i32>>,
}

/// The replays for 1 to 5 cards. Worked out once per process: a batch
/// sends every submission the same 2,161 scripts, and finding and
/// replaying them took longer than the student's code.
fn short_script_replays() -> &'static [ShortScriptReplays] {
    static REPLAYS: LazyLock<Vec<ShortScriptReplays>> = LazyLock::new(|| {
        (1..=5)
            .map(|n| {
                let input: Vec<i32> = (1..=n as i32).collect();
                let scripts = every_short_script(n);
                let draws = scripts.iter().flatten().map(|&j| (j, n)).collect();
                let decks = scripts
                    .iter()
                    .map(|js| replay_selection(&input, js).0)
                    .collect();
                ShortScriptReplays {
                    input,
                    scripts,
                    draws,
                    decks,
                }
            })
            .collect()
    });
    &REPLAYS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_scripts_are_counted_and_complete_at_their_last_draw() {
        let counts: Vec<usize> = (1..=5).map(|n| every_short_script(n).len()).collect();
        assert_eq!(counts, [1, 6, 66, 768, 1320]);
        for n in 1..=5 {
            let deck: Vec<i32> = (0..n as i32).collect();
            for js in every_short_script(n) {
                let (shuffled, used) = replay_selection(&deck, &js);
                assert_eq!((shuffled.len(), used), (n, js.len()), "{js:?}");
            }
        }
    }
}
