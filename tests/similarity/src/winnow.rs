//! k-gram hashes of a token stream and their winnowing (Schleimer,
//! Wilkerson and Aiken, "Winnowing: local algorithms for document
//! fingerprinting", SIGMOD 2003).
//!
//! Winnowing keeps, from every window of `w` consecutive k-gram hashes, the
//! smallest (the rightmost if tied), recording each choice once. Its
//! guarantee is what the detector relies on: two streams that share a run
//! of at least `w + k - 1` tokens share at least one fingerprint, whatever
//! surrounds the run; and it keeps about 2/(w+1) of the hashes.

use crate::tokens::Token;

/// A selected k-gram: its hash and where it is in its file's stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    /// Hash of the k normalised tokens.
    pub hash: u64,
    /// Index of the first of the k tokens in the file's stream.
    pub start: u32,
}

/// Mixes a 64-bit value so that nearby inputs give unrelated outputs
/// (splitmix64's finaliser). Complexity: O(1).
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The hash of every k-gram of `tokens`, in order: `tokens.len() - k + 1`
/// of them, none when the stream is shorter than `k`.
///
/// A rolling polynomial hash over the token kinds, so each k-gram costs
/// O(1). Complexity: O(n).
pub fn kgram_hashes(tokens: &[Token], k: usize) -> Vec<u64> {
    if k == 0 || tokens.len() < k {
        return Vec::new();
    }
    const BASE: u64 = 0x0000_0100_0000_01b3;
    // BASE^(k-1), to take the outgoing token off the rolling value.
    let top = (1..k).fold(1u64, |acc, _| acc.wrapping_mul(BASE));
    let mut rolling = 0u64;
    let mut hashes = Vec::with_capacity(tokens.len() - k + 1);
    for (i, token) in tokens.iter().enumerate() {
        if i >= k {
            rolling = rolling.wrapping_sub(tokens[i - k].kind.wrapping_mul(top));
        }
        rolling = rolling.wrapping_mul(BASE).wrapping_add(token.kind);
        if i + 1 >= k {
            hashes.push(mix(rolling));
        }
    }
    hashes
}

/// Winnows `hashes` with windows of `w`: the rightmost minimum of each
/// window, each position kept once, in order of position.
///
/// When there are fewer than `w` hashes, the one window is the whole
/// stream, so a short file still gets its minimum. Complexity: O(n·w),
/// which for the w used here (under 10) beats a deque's bookkeeping.
pub fn winnow(hashes: &[u64], w: usize) -> Vec<Fingerprint> {
    let w = w.max(1);
    let mut out: Vec<Fingerprint> = Vec::new();
    if hashes.is_empty() {
        return out;
    }
    let windows = hashes.len().saturating_sub(w) + 1;
    for start in 0..windows {
        let end = (start + w).min(hashes.len());
        let mut best = start;
        for (j, &hash) in hashes.iter().enumerate().take(end).skip(start) {
            if hash <= hashes[best] {
                best = j;
            }
        }
        let position = u32::try_from(best).unwrap_or(u32::MAX);
        if out.last().is_none_or(|f| f.start != position) {
            out.push(Fingerprint {
                hash: hashes[best],
                start: position,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{kgram_hashes, winnow};
    use crate::tokens::Token;
    use std::collections::HashSet;

    fn stream(kinds: &[u64]) -> Vec<Token> {
        kinds.iter().map(|&kind| Token { kind, line: 1 }).collect()
    }

    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn equal_kgrams_hash_equal_and_short_streams_have_none() {
        let h = kgram_hashes(&stream(&[1, 2, 3, 1, 2, 3]), 3);
        assert_eq!(h.len(), 4);
        assert_eq!(h[0], h[3]);
        assert_ne!(h[0], h[1]);
        assert!(kgram_hashes(&stream(&[1, 2]), 3).is_empty());
        assert_eq!(winnow(&[5, 3, 9], 4).len(), 1);
    }

    /// The guarantee: a shared run of w + k - 1 tokens, anywhere in two
    /// otherwise random streams, gives a shared fingerprint.
    #[test]
    fn any_shared_run_of_w_plus_k_minus_1_is_found() {
        let mut state = 0x1234_5678_9abc_def1;
        for (k, w) in [(3, 4), (5, 6), (8, 5), (12, 8)] {
            for _ in 0..300 {
                let run: Vec<u64> = (0..w + k - 1).map(|_| next(&mut state) % 20).collect();
                let mut a: Vec<u64> = (0..next(&mut state) % 40)
                    .map(|_| next(&mut state) % 20)
                    .collect();
                let mut b: Vec<u64> = (0..next(&mut state) % 40)
                    .map(|_| next(&mut state) % 20)
                    .collect();
                a.extend(&run);
                b.extend(&run);
                a.extend((0..next(&mut state) % 40).map(|_| next(&mut state) % 20));
                b.extend((0..next(&mut state) % 40).map(|_| next(&mut state) % 20));
                let fa: HashSet<u64> = winnow(&kgram_hashes(&stream(&a), k), w)
                    .iter()
                    .map(|f| f.hash)
                    .collect();
                let fb: HashSet<u64> = winnow(&kgram_hashes(&stream(&b), k), w)
                    .iter()
                    .map(|f| f.hash)
                    .collect();
                assert!(fa.intersection(&fb).next().is_some(), "k={k} w={w}");
            }
        }
    }

    #[test]
    fn winnowing_keeps_a_fraction_of_the_hashes() {
        let mut state = 77;
        let hashes: Vec<u64> = (0..10_000).map(|_| next(&mut state)).collect();
        let kept = winnow(&hashes, 9).len() as f64 / hashes.len() as f64;
        // The paper's density for random hashes: 2 / (w + 1) = 0.2.
        assert!((0.17..0.23).contains(&kept), "{kept}");
    }
}
