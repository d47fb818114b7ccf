#[allow(unused_imports)] // The stub draws no numbers yet.
use rand::{Rng, RngExt};

/// One riffle shuffle as a card player does it, in the Gilbert–Shannon–Reeds
/// model, returned as a new deck.
///
/// 1. Cut: flip n fair coins (`rng.random_bool(0.5)`, n times) and cut
///    after as many cards as there were heads. The first packet is
///    `values[..cut]`, the second `values[cut..]`.
/// 2. Drop: while cards are left, take the next card from the front of
///    one packet. With a cards left in the first packet and b in the
///    second, take it from the first with probability a / (a + b), for
///    example when `rng.random_range(0..a + b) < a`.
///
/// Each packet keeps its own order, so `0..n` comes back as two interleaved
/// increasing runs. Cutting exactly in half, or dropping from either packet
/// 50:50 whatever its size, gives a riffle that the checks can tell apart
/// from this one.
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn riffle_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    // TODO: cut after a binomial number of cards, then merge the packets,
    // choosing each card's packet in proportion to the cards it has left.
    todo!()
}
