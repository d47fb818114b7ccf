/// Question 3 for any deck: the draws that make `efficient_selection_shuffle`
/// turn `0, 1, …, n − 1` into `target`.
///
/// `target` holds each of 0..n exactly once. Return the r values the
/// shuffle would draw, for k = n − 1 first, then n − 2, and so on down to
/// k = 1: n − 1 numbers, each between 0 and its k inclusive (none for 0 or
/// 1 cards). Replaying them, swapping positions k and r, on 0..n must give
/// `target`.
///
/// Think of it the way you answered Question 3: after the swap at step k,
/// position k never changes again, so it must already hold `target[k]`.
/// Keep a copy of the deck as the shuffle would see it, and at each step
/// find where that card is. A second table that records where each card
/// sits saves searching the deck every time.
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn sequence_for(target: &[i32]) -> Vec<usize> {
    // TODO: for k from n - 1 down to 1, find r, record it, swap.
    todo!()
}
