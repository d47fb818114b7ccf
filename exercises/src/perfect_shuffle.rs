/// Interleaves the two halves of a deck, like a card player's perfect
/// riffle, and returns the result as a new deck.
///
/// Split `values` into a first half and a second half. The first half goes
/// to the even positions of the new deck (0, 2, 4, …) and the second half to
/// the odd positions (1, 3, 5, …), so the top card stays on top.
///
/// Worked example with 6 cards:
///
/// ```text
/// values:    [0, 1, 2 | 3, 4, 5]
/// positions:  0  2  4   1  3  5
/// result:    [0, 3, 1, 4, 2, 5]
/// ```
///
/// Edge cases:
///
/// * An odd number of cards leaves one more even position than odd ones,
///   so the first half gets the extra card: `[0, 1, 2, 3, 4]` splits as
///   `[0, 1, 2]` and `[3, 4]` and becomes `[0, 3, 1, 4, 2]`. The middle is
///   n / 2 rounded up: `n.div_ceil(2)`.
/// * 0, 1 and 2 cards come back unchanged.
///
/// Shuffle a 52-card deck this way eight times and it is back in order
/// (`cargo run -p exercises --bin shuffler -- --shuffles 8 --values 52`).
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    // TODO: build a new Vec: copy the first half (rounded up) to the even
    // positions and the second half to the odd positions.
    todo!()
}
