/// Question 3: the random integers for which the efficient selection
/// shuffle turns `[1, 2, 3, 4]` into `[4, 3, 2, 1]`.
///
/// With 4 cards the shuffle draws three numbers: r for k = 3, then for
/// k = 2, then for k = 1, each r between 0 and k inclusive, and swaps
/// positions k and r each time. Return those three r values in that order.
///
/// Work it out by hand, one step at a time: which card has to end up at
/// position 3, and where is it before the first swap? Then position 2,
/// then position 1.
pub fn reversing_sequence() -> [usize; 3] {
    // TODO: return [r for k = 3, r for k = 2, r for k = 1].
    todo!()
}
