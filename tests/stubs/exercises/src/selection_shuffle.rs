#[allow(unused_imports)] // `RngExt` gives `rng.random_range(..)`: you will need it.
use rand::{Rng, RngExt};

/// Builds a shuffled copy of `values` by picking a random unused card for
/// each position: the lab's "selection shuffle".
///
/// The lab's steps, for a deck of n cards:
///
/// * For each position k of the new deck, from 0 to n − 1:
///   * draw a random index j from `0..n` (`rng.random_range(0..n)`);
///   * if `values[j]` has already been used, draw a new j, and keep drawing
///     until you land on an unused card;
///   * copy `values[j]` to position k and mark it as used.
///
/// Keep the marks in a separate `Vec<bool>`: any `i32` can be a card, so no
/// value is free to mean "empty".
///
/// Worked example, with `values = [10, 20, 30]` and draws j = 1, 1, 0, 1, 2:
///
/// ```text
/// k = 0: j = 1, unused      -> [20]           (mark index 1)
/// k = 1: j = 1, used; j = 0 -> [20, 10]       (mark index 0)
/// k = 2: j = 1, used; j = 2 -> [20, 10, 30]
/// ```
///
/// Edge cases: an empty deck gives an empty `Vec`; one card comes back as
/// it is.
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
/// Nothing can notice either at this scale.)
///
/// The last position alone takes n draws on average, which is why the lab
/// calls this version slow.
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    // TODO: follow the steps above. Make exactly one draw per try, always
    // from 0..n, and draw again whenever you land on a used card.
    todo!()
}
