//! The random source every check hands to a student's function.

use std::convert::Infallible;

use rand::TryRng;
use rand_pcg::Pcg64;
use serde::{Deserialize, Serialize};

use crate::{ScriptedRng, WordList};

/// A seeded PCG stream for property checks, or a script for lab-steps
/// checks. One concrete type, so a check's random source can be sent to a
/// sandboxed process and its state sent back after the call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CheckRng {
    /// `rand_pcg::Pcg64`, whose stream for a seed is fixed across platforms.
    Seeded(Pcg64),
    /// A scripted source; see [`ScriptedRng`].
    Scripted(ScriptedRng),
    /// Chosen words; see [`WordList`].
    Words(WordList),
    /// A seeded stream that panics after `budget` draws: a shuffle that
    /// waits forever for a card it can never draw then fails at once, with
    /// a message that says so, instead of running out the time limit.
    Budgeted {
        /// The stream.
        rng: Pcg64,
        /// Draws left before the panic.
        left: u64,
        /// The draws allowed, for the message.
        budget: u64,
    },
}

impl CheckRng {
    /// A PCG stream from a seed.
    pub fn seeded(seed: u64) -> Self {
        CheckRng::Seeded(crate::seeded(seed))
    }

    /// A scripted source; each entry is a value and the bound it is drawn
    /// from.
    pub fn scripted(script: impl IntoIterator<Item = (usize, usize)>) -> Self {
        CheckRng::Scripted(ScriptedRng::new(script))
    }

    /// Chosen words, in order; see [`WordList`].
    pub fn words(words: Vec<u64>) -> Self {
        CheckRng::Words(WordList::new(words))
    }

    /// A PCG stream from a seed that panics on draw `budget + 1`.
    pub fn budgeted(seed: u64, budget: u64) -> Self {
        CheckRng::Budgeted {
            rng: crate::seeded(seed),
            left: budget,
            budget,
        }
    }

    /// How many draws a scripted source or a word list has served; 0 for a
    /// seeded one.
    pub fn draws(&self) -> usize {
        match self {
            CheckRng::Seeded(_) | CheckRng::Budgeted { .. } => 0,
            CheckRng::Scripted(script) => script.draws(),
            CheckRng::Words(words) => words.draws(),
        }
    }

    /// Counts one draw of a budgeted source, and panics past its budget
    /// with an [`OverBudget`](crate::OverBudget) payload, which a check
    /// tells from the student's own panics by its type.
    fn spend(left: &mut u64, budget: u64) {
        if *left == 0 {
            std::panic::panic_any(crate::OverBudget { budget });
        }
        *left -= 1;
    }
}

impl TryRng for CheckRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        match self {
            CheckRng::Seeded(rng) => rng.try_next_u32(),
            CheckRng::Scripted(rng) => rng.try_next_u32(),
            CheckRng::Words(rng) => rng.try_next_u32(),
            CheckRng::Budgeted { rng, left, budget } => {
                Self::spend(left, *budget);
                rng.try_next_u32()
            }
        }
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        match self {
            CheckRng::Seeded(rng) => rng.try_next_u64(),
            CheckRng::Scripted(rng) => rng.try_next_u64(),
            CheckRng::Words(rng) => rng.try_next_u64(),
            CheckRng::Budgeted { rng, left, budget } => {
                Self::spend(left, *budget);
                rng.try_next_u64()
            }
        }
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        match self {
            CheckRng::Seeded(rng) => rng.try_fill_bytes(dst),
            CheckRng::Scripted(rng) => rng.try_fill_bytes(dst),
            CheckRng::Words(rng) => rng.try_fill_bytes(dst),
            CheckRng::Budgeted { rng, left, budget } => {
                Self::spend(left, *budget);
                rng.try_fill_bytes(dst)
            }
        }
    }
}
