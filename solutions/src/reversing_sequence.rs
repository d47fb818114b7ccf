/// Question 3: the random integers that make the efficient selection
/// shuffle turn `[1, 2, 3, 4]` into `[4, 3, 2, 1]`.
///
/// The values are r for k = 3, 2, 1, in that order. The answer is unique:
/// at each step, position k must receive one particular card, and exactly
/// one index in `0..=k` holds it.
///
/// * k = 3: position 3 needs the 1, which sits at index 0, so r = 0:
///   `[4, 2, 3, 1]`.
/// * k = 2: position 2 needs the 2, at index 1, so r = 1: `[4, 3, 2, 1]`.
/// * k = 1: position 1 already holds the 3, so r = 1 swaps it with itself.
///
/// Complexity: O(1).
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// assert_eq!(solutions::reversing_sequence(), [0, 1, 1]);
/// ```
pub fn reversing_sequence() -> [usize; 3] {
    // ANCHOR: reversing_sequence
    [0, 1, 1]
    // ANCHOR_END: reversing_sequence
}

#[cfg(test)]
mod tests {
    use super::reversing_sequence;

    #[test]
    fn replaying_the_answer_reverses_the_deck() {
        let mut values = [1, 2, 3, 4];
        for (k, r) in (1..=3).rev().zip(reversing_sequence()) {
            values.swap(k, r);
        }
        assert_eq!(values, [4, 3, 2, 1]);
    }
}
