//! The random source every check hands to a student's function.

use std::convert::Infallible;

use rand::TryRng;
use rand_pcg::Pcg64;
use serde::{Deserialize, Serialize};

use crate::ScriptedRng;

/// A seeded PCG stream for property checks, or a script for lab-steps
/// checks. One concrete type, so a check's random source can be sent to a
/// sandboxed process and its state sent back after the call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CheckRng {
    /// `rand_pcg::Pcg64`, whose stream for a seed is fixed across platforms.
    Seeded(Pcg64),
    /// A scripted source; see [`ScriptedRng`].
    Scripted(ScriptedRng),
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

    /// How many draws a scripted source has served; 0 for a seeded one.
    pub fn draws(&self) -> usize {
        match self {
            CheckRng::Seeded(_) => 0,
            CheckRng::Scripted(script) => script.draws(),
        }
    }
}

impl TryRng for CheckRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        match self {
            CheckRng::Seeded(rng) => rng.try_next_u32(),
            CheckRng::Scripted(rng) => rng.try_next_u32(),
        }
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        match self {
            CheckRng::Seeded(rng) => rng.try_next_u64(),
            CheckRng::Scripted(rng) => rng.try_next_u64(),
        }
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        match self {
            CheckRng::Seeded(rng) => rng.try_fill_bytes(dst),
            CheckRng::Scripted(rng) => rng.try_fill_bytes(dst),
        }
    }
}
