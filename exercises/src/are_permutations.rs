/// Question 2: tells whether `b` is a rearrangement of `a`, that is,
/// whether they hold the same values, possibly in another order.
///
/// The lab promises that the two arrays have the same length and that
/// neither holds a value twice. You may rely on that.
///
/// Worked examples:
///
/// ```text
/// [1, 2, 3] and [3, 1, 2] -> true
/// [1, 2, 3] and [1, 2, 4] -> false
/// [1, 4]    and [2, 3]    -> false (same sum, different cards)
/// []        and []        -> true
/// ```
///
/// Edge cases: empty arrays, and one-card arrays. Any `i32` can be a card,
/// `i32::MIN`, -1 and `i32::MAX` too, so no value can stand for "already
/// matched": keep such marks beside the cards, in a `Vec<bool>`.
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    // TODO: check that every value of a also appears in b.
    todo!()
}
