/// Tells whether one array is a rearrangement of the other.
///
/// The lab promises both arrays have the same length and no duplicates, so
/// it is enough to sort copies and compare them. Without the "no
/// duplicates" promise this is still right; without the "same length" one
/// the length comparison that `==` makes on the sorted copies keeps it right.
///
/// Complexity: O(n log n) time, O(n) extra memory for the sorted copies.
/// (The lab's nested loops are O(n²) and need no memory.)
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// use solutions::are_permutations;
///
/// assert!(are_permutations(&[1, 2, 3], &[3, 1, 2]));
/// assert!(!are_permutations(&[1, 4], &[2, 3])); // same sum, other cards
/// ```
pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    // ANCHOR: are_permutations
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a == b
    // ANCHOR_END: are_permutations
}

#[cfg(test)]
mod tests {
    use super::are_permutations;

    #[test]
    fn rearrangements_and_impostors() {
        assert!(are_permutations(&[], &[]));
        assert!(are_permutations(&[5, -1, 0], &[0, 5, -1]));
        assert!(!are_permutations(&[5, -1, 0], &[0, 5, 1]));
        assert!(!are_permutations(&[1, 6], &[2, 5]));
    }
}
