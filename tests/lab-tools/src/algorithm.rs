//! The shuffles the `fairness` report can measure, and how one deck is
//! shuffled with each: the lab's own three through the implementation
//! under test, the bonus riffle, rand's shuffle, and the reference and
//! wrong shuffles of [`grading::algorithms`].

use rand::Rng;
use rand::seq::SliceRandom;
use serde::Serialize;

use grading::{Implementation, algorithms};

use crate::fairness::Settings;

/// The shuffles the report can measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// The lab's perfect shuffle (of a fresh deck each time).
    Perfect,
    /// The lab's selection shuffle, retrying on used cards.
    Selection,
    /// The lab's efficient selection shuffle (Fisher–Yates).
    Efficient,
    /// Swap every position with any position.
    Naive,
    /// Fisher–Yates with r in 0..k (Sattolo's algorithm).
    Sattolo,
    /// rand's `SliceRandom::shuffle`.
    Rand,
    /// `--times` Gilbert–Shannon–Reeds riffles with `riffle_shuffle`, the
    /// bonus exercise.
    Riffle,
    /// Rust's `sort_by` with a comparator that answers at random, like
    /// JavaScript's `sort(() => Math.random() - 0.5)`.
    ComparatorSort,
    /// Sort by a random key per card, drawn from `--keys` values; cards
    /// whose keys tie keep their order.
    RandomKeys,
    /// Fisher and Yates's pencil-and-paper method of 1938.
    PencilAndPaper,
    /// The inside-out Fisher–Yates, which builds a shuffled copy.
    InsideOut,
    /// Deal `--deal` cards with Fisher–Yates and leave the rest as it is.
    Deal,
}

/// Shuffles one copy of `deck` with `settings.algorithm`, drawing from
/// `rng`; a comparator sort that panics adds one to `panics`.
pub(crate) fn shuffle<R: Rng + 'static>(
    implementation: &Implementation,
    settings: &Settings,
    deck: &[i32],
    rng: &mut R,
    panics: &mut u64,
) -> Vec<i32> {
    match settings.algorithm {
        Algorithm::Perfect => (implementation.perfect_shuffle)(deck),
        Algorithm::Selection => (implementation.selection_shuffle)(deck, rng),
        Algorithm::Efficient => in_place(deck, |d| {
            (implementation.efficient_selection_shuffle)(d, rng)
        }),
        Algorithm::Naive => in_place(deck, |d| algorithms::naive_shuffle(d, rng)),
        Algorithm::Sattolo => in_place(deck, |d| algorithms::sattolo_shuffle(d, rng)),
        Algorithm::Rand => in_place(deck, |d| d.shuffle(rng)),
        Algorithm::Riffle => (0..settings.times).fold(deck.to_vec(), |d, _| {
            (implementation.riffle_shuffle)(&d, rng)
        }),
        Algorithm::ComparatorSort => in_place(deck, |d| {
            let sorted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                algorithms::comparator_sort(d, rng)
            }));
            *panics += u64::from(sorted.is_err());
        }),
        Algorithm::RandomKeys => in_place(deck, |d| algorithms::random_keys(d, settings.keys, rng)),
        Algorithm::PencilAndPaper => algorithms::pencil_and_paper(deck, rng),
        Algorithm::InsideOut => algorithms::inside_out(deck, rng),
        Algorithm::Deal => in_place(deck, |d| algorithms::deal(d, settings.deal, rng)),
    }
}

fn in_place(deck: &[i32], shuffle: impl FnOnce(&mut [i32])) -> Vec<i32> {
    let mut cards = deck.to_vec();
    shuffle(&mut cards);
    cards
}
