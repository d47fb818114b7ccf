//! Cards of any `i32`: the check both random shuffles share that deals
//! decks holding -1, 0, `i32::MIN` and `i32::MAX`, the values students use
//! as "used" marks, on a random source with a draw budget, so that a
//! shuffle that waits forever for its mark fails at once, with a hint that
//! names the mistake.

use std::panic::{self, AssertUnwindSafe};

use super::not_a_permutation;
use super::under_test::Shuffle;
use crate::failure::deck;
use crate::{CheckRng, Failure, Functions};

/// Draws one shuffle of [`any_i32_decks`] may make. A fair selection
/// shuffle of 52 cards makes about n·H(n) = 236 (the efficient one 51); it
/// needs more than 100,000 with probability below 52·(51/52)^99,948 <
/// 1e-800, so only a shuffle that never finishes reaches the budget. (Two
/// shuffles share one rng and twice the budget; the bound holds for the
/// pair.)
pub(crate) const DRAW_BUDGET: u64 = 100_000;

/// Decks whose cards span the whole `i32` range: -1, 0, `i32::MIN` and
/// `i32::MAX`, the values students use as "used" marks, beside negative and
/// large ones, from 1 to 52 cards.
pub(crate) fn any_i32_decks() -> Vec<Vec<i32>> {
    use rand::RngExt;
    let mut rng = workbook::seeded(32);
    let mut wide = vec![-1, 0, i32::MIN, i32::MAX];
    while wide.len() < 52 {
        let card: i32 = rng.random();
        if !wide.contains(&card) {
            wide.push(card);
        }
    }
    let mut decks: Vec<Vec<i32>> = vec![
        vec![-1],
        vec![i32::MIN],
        vec![0, -1],
        vec![-1, 0, 1],
        vec![i32::MAX, 5, i32::MIN],
        vec![3, -1, i32::MIN, 0, i32::MAX],
        vec![
            -2_000_000_000,
            -1,
            7,
            i32::MAX,
            0,
            2_000_000_000,
            i32::MIN,
            -8,
        ],
    ];
    decks.push(wide);
    decks
}

/// Any `i32` is a card: a shuffle must deal decks that hold -1, 0,
/// `i32::MIN`, `i32::MAX`, negative and large values, as the stub's
/// signature promises. A selection shuffle that writes -1 (Java's lab:
/// `Integer.MIN_VALUE`) over a used card of a copy waits forever for a
/// card equal to its mark; here it runs out of its [`DRAW_BUDGET`] at once
/// and fails with a hint that names the mistake.
///
/// Not a core check, and not the decks of the others: a card value used as
/// a mark is a real mistake, which keeps the exercise's other points.
pub(crate) fn any_i32_can_be_a_card(f: &dyn Functions, t: &Shuffle) -> Result<(), Failure> {
    // One seed per deck and two shuffles per call: each call is a round
    // trip to the sandbox, about 1 ms under `grade`.
    for (input, seed) in any_i32_decks().into_iter().zip(1..) {
        let Some(outputs) = within_budget(f, t, &input, seed) else {
            return Err(Failure::new(
                format!("{} never finished on a deck with unusual values", t.name),
                format!("{} (rng seeded with {seed})", deck(&input)),
                "the same cards, each exactly once, in any order",
                format!(
                    "no answer after {DRAW_BUDGET} random numbers, where a fair shuffle of \
                     this deck needs a few hundred at most"
                ),
                MARK_HINT,
            ));
        };
        for output in outputs {
            if let Some(problem) = not_a_permutation(&input, &output) {
                return Err(Failure::new(
                    format!(
                        "{} lost or repeated a card of a deck with unusual values",
                        t.name
                    ),
                    format!("{} (rng seeded with {seed})", deck(&input)),
                    "the same cards, each exactly once, in any order",
                    format!("{}: {problem}", deck(&output)),
                    MARK_HINT,
                ));
            }
        }
    }
    Ok(())
}

/// Shuffles of each deck in [`any_i32_can_be_a_card`].
const SHUFFLES_PER_DECK: u64 = 2;

/// [`SHUFFLES_PER_DECK`] shuffles of `input` on one rng budgeted for them
/// all, or `None` if the shuffle ran out of its [`DRAW_BUDGET`]s. Any
/// other panic goes on to the runner.
fn within_budget(
    f: &dyn Functions,
    t: &Shuffle,
    input: &[i32],
    seed: u64,
) -> Option<Vec<Vec<i32>>> {
    let mut rng = CheckRng::budgeted(seed, DRAW_BUDGET * SHUFFLES_PER_DECK);
    let shuffled = panic::catch_unwind(AssertUnwindSafe(|| {
        t.many(f, input, &mut rng, SHUFFLES_PER_DECK as usize)
    }));
    let payload = match shuffled {
        Ok(outputs) => return Some(outputs),
        Err(payload) => payload,
    };
    // The rng's own stop, by its payload's type: in this process its
    // panic, under `grade` the sandboxed child's, raised with its outcome.
    if crate::outcome::is_over_budget(payload.as_ref()) {
        return None;
    }
    panic::resume_unwind(payload)
}

/// What to look at when a deck of unusual values goes wrong.
pub(crate) const MARK_HINT: &str = "any i32 can be a card, -1, 0 and i32::MIN included: a card \
    value used as a \"used\" mark is mistaken for a real card. Keep the marks apart, in a \
    `Vec<bool>` (`taken[j] = true`)";
