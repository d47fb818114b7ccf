#[allow(unused_imports)] // `RngExt` gives `rng.random_range(..)`: you will need it.
use rand::{Rng, RngExt};

/// Shuffles `values` in place: the lab's "efficient selection shuffle".
///
/// The lab's steps, for a deck of n cards:
///
/// * For k from n − 1 down to 1:
///   * draw a random integer r from 0 to k, inclusive
///     (`rng.random_range(0..=k)`);
///   * exchange `values[k]` and `values[r]` (`values.swap(k, r)`).
///
/// After the step for k, position k holds its final card, picked fairly from
/// the k + 1 cards that were still in play. r may equal k: the card then
/// stays where it is, and leaving that possibility out makes the shuffle
/// unfair.
///
/// Worked example, with `values = [1, 2, 3, 4]` and draws 2, 0, 1:
///
/// ```text
/// k = 3, r = 2: swap positions 3 and 2 -> [1, 2, 4, 3]
/// k = 2, r = 0: swap positions 2 and 0 -> [4, 2, 1, 3]
/// k = 1, r = 1: swap position 1 with itself -> [4, 2, 1, 3]
/// ```
///
/// Edge cases: with 0 or 1 cards there is nothing to do. Watch out for
/// `values.len() - 1` on an empty slice: it underflows.
///
/// Draw every random number from `rng`, with `rng.random_range(..)` (on
/// `usize`, `u32`, `i32` or `u64`), the Java way,
/// `(rng.random::<f64>() * n as f64) as usize`, or the C way,
/// `rng.random::<u32>() as usize % n`: the lab-steps checks replay all of
/// those draws exactly. (`% n` is biased for a 52-card deck, because 2^32
/// is not a multiple of 52: 48 of the 52 results come up about 1.2 parts in
/// 10^8 more often than the other 4. `random_range` is far closer but not
/// exact either: it reads a second 32-bit word only when the first could be
/// off, as if from one 64-bit word, and 2^64 is not a multiple of 52, so 16
/// of 52 results come up about 2.8 parts in 10^18 more often than the other
/// 36 (the book's "excess"); rand's `unbiased` feature makes it exact.
/// Nothing can notice either at this scale.) Draw once for each k.
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    // TODO: loop k from the last index down to 1, draw r in 0..=k, and
    // swap values[k] with values[r].
    todo!()
}
