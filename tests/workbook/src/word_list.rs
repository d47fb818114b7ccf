//! A random source that hands out chosen words, for reading a coin's odds
//! off the draw space.

use std::convert::Infallible;

use rand::TryRng;
use serde::{Deserialize, Serialize};

/// A random source whose k-th request for bits is answered from the k-th
/// chosen word, then from a fixed PCG stream once the words run out.
///
/// A coin that draws once per flip then shows, flip by flip, which side
/// each word gives: that is how `flip::heads_exactly_2_times_in_3` finds
/// where a threshold sits to 1 part in 2^32. `next_u64` is the word itself
/// and `next_u32` its high half, so a threshold on either scales with the
/// word; bytes come from the word's little-endian bytes, one word per 8.
/// [`draws`](Self::draws) counts every request, so a caller can tell
/// whether each flip drew exactly once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WordList {
    words: Vec<u64>,
    draws: usize,
    fallback: rand_pcg::Pcg64,
}

impl WordList {
    /// Hands out `words` in order.
    pub fn new(words: Vec<u64>) -> Self {
        WordList {
            words,
            draws: 0,
            fallback: crate::seeded(0x0DD5_2023),
        }
    }

    /// How many requests for bits the code under test has made.
    pub fn draws(&self) -> usize {
        self.draws
    }

    fn next_word(&mut self) -> u64 {
        let word = self.words.get(self.draws).copied();
        self.draws += 1;
        word.unwrap_or_else(|| {
            let Ok(word) = self.fallback.try_next_u64();
            word
        })
    }
}

impl TryRng for WordList {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok((self.next_word() >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next_word())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_word().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::WordList;
    use rand::{Rng, RngExt};

    /// The words a coin idiom turns into heads: the probe's readings rest
    /// on rand's own mappings, so a rand upgrade that changes one fails
    /// here first.
    #[test]
    fn each_idiom_draws_once_and_reads_the_word() {
        let third = u64::MAX / 3;
        let below = third * 2 - (1 << 33);
        let above = third * 2 + (1 << 33);
        type Coin = fn(&mut WordList) -> bool;
        let coins: [(&str, Coin); 5] = [
            ("random_range(0..3) < 2", |g| g.random_range(0..3) < 2),
            ("random::<f64>() < 2/3", |g| g.random::<f64>() < 2.0 / 3.0),
            ("random_bool(2/3)", |g| g.random_bool(2.0 / 3.0)),
            ("random_ratio(2, 3)", |g| g.random_ratio(2, 3)),
            ("random_range(0..3u64) < 2", |g| g.random_range(0..3u64) < 2),
        ];
        for (idiom, coin) in coins {
            let mut rng = WordList::new(vec![below, above]);
            assert!(coin(&mut rng), "{idiom} below 2/3");
            assert!(!coin(&mut rng), "{idiom} above 2/3");
            assert_eq!(rng.draws(), 2, "{idiom}");
        }
        // The byte idiom reads the low byte of the high half.
        let mut rng = WordList::new(vec![0x0000_0002_0000_0000, 0x0000_0003_0000_0000]);
        assert_eq!(rng.random::<u8>(), 2);
        assert_eq!(rng.random::<u8>(), 3);
        // Past the list, a fixed stream, still counted.
        let mut rng = WordList::new(vec![7]);
        assert_eq!(rng.next_u64(), 7);
        let after = rng.next_u64();
        assert_eq!(WordList::new(vec![7]).fallback.next_u64(), after);
        assert_eq!(rng.draws(), 2);
    }
}
