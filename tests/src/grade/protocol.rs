//! The messages between the grader and a sandboxed child that runs a
//! student's functions. One JSON object per line.
//!
//! The child only ever reports what a student's function returned (or that
//! it panicked). Every verdict is computed in the grader, so a child that
//! writes its own messages can at most claim return values, which is no
//! more than a function can do by returning them.

use serde::{Deserialize, Serialize};

use crate::CheckRng;

/// A call the grader asks the child to make.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Request {
    /// `perfect_shuffle(values)`.
    PerfectShuffle { values: Vec<i32> },
    /// `times` calls of `selection_shuffle(values, rng)`.
    SelectionShuffle {
        values: Vec<i32>,
        rng: CheckRng,
        times: usize,
    },
    /// `times` calls of `efficient_selection_shuffle` on copies of `values`.
    EfficientSelectionShuffle {
        values: Vec<i32>,
        rng: CheckRng,
        times: usize,
    },
    /// `times` calls of `flip(rng)`.
    Flip { rng: CheckRng, times: usize },
    /// `are_permutations(a, b)` for each pair.
    ArePermutations { pairs: Vec<(Vec<i32>, Vec<i32>)> },
    /// `reversing_sequence()`.
    ReversingSequence,
    /// Bonus: `perfect_shuffle_order(n)`.
    PerfectShuffleOrder { n: usize },
    /// Bonus: `sequence_for(target)`.
    SequenceFor { target: Vec<i32> },
    /// Bonus: `times` calls of `riffle_shuffle(values, rng)`.
    RiffleShuffle {
        values: Vec<i32>,
        rng: CheckRng,
        times: usize,
    },
}

#[cfg(feature = "suite")]
impl Request {
    /// The student function this request calls.
    pub fn function(&self) -> &'static str {
        match self {
            Request::PerfectShuffle { .. } => "perfect_shuffle",
            Request::SelectionShuffle { .. } => "selection_shuffle",
            Request::EfficientSelectionShuffle { .. } => "efficient_selection_shuffle",
            Request::Flip { .. } => "flip",
            Request::ArePermutations { .. } => "are_permutations",
            Request::ReversingSequence => "reversing_sequence",
            Request::PerfectShuffleOrder { .. } => "perfect_shuffle_order",
            Request::SequenceFor { .. } => "sequence_for",
            Request::RiffleShuffle { .. } => "riffle_shuffle",
        }
    }

    /// The call as a report names it: "selection_shuffle for 4 cards".
    pub fn describe(&self) -> String {
        let function = self.function();
        match self {
            Request::PerfectShuffle { values }
            | Request::SelectionShuffle { values, .. }
            | Request::EfficientSelectionShuffle { values, .. }
            | Request::RiffleShuffle { values, .. }
            | Request::SequenceFor { target: values } => match values.len() {
                1 => format!("{function} for 1 card"),
                n => format!("{function} for {n} cards"),
            },
            Request::ArePermutations { pairs } => match pairs.as_slice() {
                [(a, b)] => format!("{function} for {a:?} and {b:?}"),
                [(a, _), ..] if pairs.iter().all(|(x, _)| x.len() == a.len()) => {
                    format!(
                        "{function} for {} pairs of {}-card arrays",
                        pairs.len(),
                        a.len()
                    )
                }
                _ => format!("{function} for {} pairs of arrays", pairs.len()),
            },
            Request::PerfectShuffleOrder { n } => format!("{function} for n = {n}"),
            Request::Flip { .. } | Request::ReversingSequence => function.to_string(),
        }
    }
}

/// What the child answers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Response {
    /// The decks the shuffles returned, and the random source's state after.
    Decks {
        decks: Vec<Vec<i32>>,
        rng: Option<CheckRng>,
    },
    /// The words `flip` returned, and the random source's state after.
    Words { words: Vec<String>, rng: CheckRng },
    /// `are_permutations`' answers, one per pair.
    Answers(Vec<bool>),
    /// `reversing_sequence`'s answer.
    Sequence([usize; 3]),
    /// `perfect_shuffle_order`'s answer.
    Count(usize),
    /// `sequence_for`'s draws.
    Draws(Vec<usize>),
    /// The function panicked with this message.
    Panicked(String),
}
