/// Interleaves the two halves of a deck, as a card player's perfect riffle.
///
/// The first half goes to the even positions (0, 2, 4, …) and the second
/// half to the odd positions, so the top card stays on top: this is the
/// *out-shuffle* the lab describes. When the length is odd the first half is
/// the larger one, because a deck of odd length has one more even position
/// than odd positions.
///
/// Complexity: O(n) time, one new `Vec` of n values.
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// use solutions::perfect_shuffle;
///
/// assert_eq!(perfect_shuffle(&[0, 1, 2, 3]), [0, 2, 1, 3]);
/// // Odd length: the first half, [0, 1, 2], is the larger one.
/// assert_eq!(perfect_shuffle(&[0, 1, 2, 3, 4]), [0, 3, 1, 4, 2]);
/// ```
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    // ANCHOR: perfect_shuffle
    // Rounding the midpoint up gives the first half the extra card, which
    // matches the one extra even position in an odd-length deck.
    let middle = values.len().div_ceil(2);
    let (first_half, second_half) = values.split_at(middle);
    let mut shuffled = Vec::with_capacity(values.len());
    for (j, &card) in first_half.iter().enumerate() {
        shuffled.push(card);
        if let Some(&other) = second_half.get(j) {
            shuffled.push(other);
        }
    }
    shuffled
    // ANCHOR_END: perfect_shuffle
}

#[cfg(test)]
mod tests {
    use super::perfect_shuffle;

    #[test]
    fn keeps_the_top_card_on_top() {
        let deck: Vec<i32> = (0..52).collect();
        assert_eq!(perfect_shuffle(&deck)[0], 0);
        assert_eq!(perfect_shuffle(&deck)[51], 51);
    }

    #[test]
    fn small_decks() {
        assert_eq!(perfect_shuffle(&[]), Vec::<i32>::new());
        assert_eq!(perfect_shuffle(&[7]), [7]);
        assert_eq!(perfect_shuffle(&[7, 8]), [7, 8]);
        assert_eq!(perfect_shuffle(&[7, 8, 9]), [7, 9, 8]);
    }

    #[test]
    fn eight_out_shuffles_restore_a_52_card_deck() {
        let deck: Vec<i32> = (0..52).collect();
        let mut current = deck.clone();
        for shuffles in 1..=8 {
            current = perfect_shuffle(&current);
            assert_eq!(current == deck, shuffles == 8, "after {shuffles} shuffles");
        }
    }
}
