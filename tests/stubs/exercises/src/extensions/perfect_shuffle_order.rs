/// How many perfect shuffles (your `perfect_shuffle`) bring an n-card deck
/// back to its starting order.
///
/// 52 cards need 8; 10 cards need 6. An empty or one-card deck is in order
/// after a single shuffle, so return 1 for n = 0 and n = 1.
///
/// The simplest way is to shuffle `0, 1, …, n − 1` again and again and
/// count until it is back. That is fine for a few hundred cards. For a
/// faster answer, notice that a perfect shuffle always sends position i to
/// the same place: follow each position round its cycle, and the deck is
/// home after the least common multiple of the cycle lengths.
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn perfect_shuffle_order(n: usize) -> usize {
    // TODO: count the perfect shuffles that return 0..n to its order.
    todo!()
}
