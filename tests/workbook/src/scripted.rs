//! A random source that plays back a script, for the lab-steps checks.

use std::convert::Infallible;

use rand::TryRng;
use serde::{Deserialize, Serialize};

/// A random source that makes a student's draws come out as scripted
/// values, whichever common idiom the student draws with.
///
/// Each entry of the script is a value `r` and the bound `n` the lab's
/// procedure draws it from (`r` in `0..n`). The source answers each request
/// for random bits with a word near the middle of the interval of bit
/// patterns that rand maps to `r` for a range of size `n`, chosen to be
/// ≡ r (mod n), so all of these give `r` from one draw:
///
/// * `rng.random_range(0..n)` or `rng.random_range(0..=n - 1)` with `usize`,
///   `u32`, `i32` or `u64` bounds (rand's single-draw method multiplies the
///   bits by `n` and keeps the high half; the low half stays near the
///   middle, far from the edge where it would draw again);
/// * `(rng.random::<f64>() * n as f64) as usize`, the Java idiom, and the
///   same with `f32`;
/// * `% n` on a raw word, the C idiom: `rng.next_u32() as usize % n`,
///   `rng.random::<u32>() as usize % n`, `(rng.next_u64() % n as u64) as
///   usize`, `rng.random::<u64>() % …`. Such an interval of 2^32 / n words
///   or more always holds words of every residue when n² is well below
///   2^32; for bounds above 4,096 the word is the plain midpoint and `% n`
///   is not promised.
///
/// A draw made with a different bound decodes to a different value, which
/// is how the checks tell the lab's steps from other algorithms. Draws past
/// the end of the script come from a fixed PCG stream and are counted in
/// [`overrun`](Self::overrun). `tests::every_idiom_reads_the_scripted_value`
/// pins this against rand's real mapping.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScriptedRng {
    script: Vec<(usize, usize)>,
    draws: usize,
    fallback: rand_pcg::Pcg64,
}

impl ScriptedRng {
    /// Plays back `values`, each meant to be drawn from `0..bound`.
    ///
    /// # Panics
    ///
    /// If a value is not below its bound, or a bound exceeds 2^31.
    pub fn new(script: impl IntoIterator<Item = (usize, usize)>) -> Self {
        let script: Vec<(usize, usize)> = script.into_iter().collect();
        for &(value, bound) in &script {
            assert!(
                value < bound && bound <= 1 << 31,
                "cannot script {value} in 0..{bound}"
            );
        }
        ScriptedRng {
            script,
            draws: 0,
            fallback: crate::seeded(0x5C21_97ED),
        }
    }

    /// How many draws the code under test has made.
    pub fn draws(&self) -> usize {
        self.draws
    }

    /// How many draws went past the end of the script.
    pub fn overrun(&self) -> usize {
        self.draws.saturating_sub(self.script.len())
    }

    fn next_entry(&mut self) -> Option<(u128, u128)> {
        let entry = self
            .script
            .get(self.draws)
            .map(|&(r, n)| (r as u128, n as u128));
        self.draws += 1;
        entry
    }
}

/// The largest bound for which scripted words also read right with `% n`.
pub const MODULO_BOUND: usize = 4096;

/// The `bits`-bit word for `r` in `0..n`: the midpoint of the words that
/// multiply-and-shift maps to `r`, (r + 1/2) / n of the way through the
/// range, moved down by less than n to the nearest word ≡ r (mod n). For
/// n ≤ 4,096 that move is under n² ≤ 2^24 words, tiny beside the half
/// interval of 2^31 / n ≥ 2^19 words, so the word stays well inside the
/// interval: multiply-and-shift, the float idioms and `% n` all read r.
fn word(r: u128, n: u128, bits: u32) -> u128 {
    let middle = ((2 * r + 1) << (bits - 1)) / n;
    if n as usize > MODULO_BOUND {
        return middle;
    }
    middle - (middle + n - r % n) % n
}

impl TryRng for ScriptedRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(match self.next_entry() {
            Some((r, n)) => word(r, n, 32) as u32,
            None => self.fallback.try_next_u32()?,
        })
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(match self.next_entry() {
            Some((r, n)) => word(r, n, 64) as u64,
            None => self.fallback.try_next_u64()?,
        })
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.try_next_u64()?.to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{MODULO_BOUND, ScriptedRng};
    use rand::{Rng, RngExt};

    /// One way a student might draw an index below n.
    type Draw = fn(&mut ScriptedRng, usize) -> usize;

    fn one(r: usize, n: usize) -> ScriptedRng {
        ScriptedRng::new([(r, n)])
    }

    /// The self-test the lab-steps checks rest on: rand's own mapping from
    /// bits to a range, for each idiom a student might use, reads back the
    /// scripted value with exactly one draw. A rand upgrade that changes the
    /// mapping fails here, not in a student's grade.
    #[test]
    fn every_idiom_reads_the_scripted_value() {
        // Every value of every bound up to 1,000 (the checks use at most
        // 52), then a sample of larger bounds.
        let bounds = (1..=1000).chain([1024, 4095, 4096, 4097, 65_537, 1 << 20]);
        for n in bounds {
            let values: Vec<usize> = if n <= 1000 {
                (0..n).collect()
            } else {
                vec![0, 1, n / 3, n / 2, n - 2, n - 1]
            };
            for r in values {
                let idioms: [(&str, Draw); 13] = [
                    ("usize 0..n", |g, n| g.random_range(0..n)),
                    ("usize 0..=n-1", |g, n| g.random_range(0..=n - 1)),
                    ("u32 0..n", |g, n| g.random_range(0..n as u32) as usize),
                    ("u32 0..=n-1", |g, n| {
                        g.random_range(0..=(n - 1) as u32) as usize
                    }),
                    ("i32 0..n", |g, n| g.random_range(0..n as i32) as usize),
                    ("u64 0..n", |g, n| g.random_range(0..n as u64) as usize),
                    ("u64 0..=n-1", |g, n| {
                        g.random_range(0..=(n - 1) as u64) as usize
                    }),
                    ("f64 * n", |g, n| (g.random::<f64>() * n as f64) as usize),
                    ("f64 * n floor", |g, n| {
                        (g.random::<f64>() * n as f64).floor() as usize
                    }),
                    ("next_u32 % n", |g, n| g.next_u32() as usize % n),
                    ("random::<u32> % n", |g, n| g.random::<u32>() as usize % n),
                    ("next_u64 % n", |g, n| (g.next_u64() % n as u64) as usize),
                    ("random::<u64> % n", |g, n| {
                        (g.random::<u64>() % n as u64) as usize
                    }),
                ];
                for (idiom, draw) in idioms {
                    // The modulo idioms are promised up to MODULO_BOUND.
                    if idiom.contains('%') && n > MODULO_BOUND {
                        continue;
                    }
                    let mut rng = one(r, n);
                    assert_eq!(draw(&mut rng, n), r, "{idiom} with r = {r}, n = {n}");
                    assert_eq!(rng.draws(), 1, "{idiom} with r = {r}, n = {n}");
                }
                if n <= 1 << 16 {
                    let mut rng = one(r, n);
                    let drawn = (rng.random::<f32>() * n as f32) as usize;
                    assert_eq!(drawn, r, "f32 * n with r = {r}, n = {n}");
                }
            }
        }
    }

    #[test]
    fn another_bound_reads_another_value() {
        // Sattolo's off-by-one draws from 0..k where the lab draws from
        // 0..=k: the top value k of 0..=k reads as k - 1.
        for k in 1..60usize {
            let mut rng = one(k, k + 1);
            assert_eq!(rng.random_range(0..k), k - 1);
        }
    }

    #[test]
    fn draws_past_the_script_are_counted() {
        let mut rng = ScriptedRng::new([(1, 2)]);
        assert_eq!(rng.random_range(0..2usize), 1);
        let _: u64 = rng.random();
        let _: u32 = rng.random();
        assert_eq!((rng.draws(), rng.overrun()), (3, 2));
    }
}
