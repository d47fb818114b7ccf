//! The shuffles the `fairness` report can measure: the lab's own three
//! through the implementation under test, the bonus riffle, rand's
//! shuffle, and the reference and wrong shuffles of
//! [`grading::algorithms`]. `fairness` shuffles a deck with each.

use serde::Serialize;

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
