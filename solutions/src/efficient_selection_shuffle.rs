use rand::{Rng, RngExt};

/// Shuffles a deck in place by swapping each position with a random earlier
/// one (the Fisher–Yates shuffle, in Durstenfeld's form).
///
/// For k from n − 1 down to 1, draw r uniformly from `0..=k` and swap
/// `values[k]` with `values[r]`. Position k is then final, and it was filled
/// by a card chosen uniformly from the k + 1 cards still in play, so each of
/// the n! orders comes out with probability exactly
/// 1/n × 1/(n − 1) × … × 1/2 = 1/n!.
///
/// Complexity: O(n) time, n − 1 random draws, no extra memory.
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64;
/// use solutions::efficient_selection_shuffle;
///
/// let mut deck = [1, 2, 3, 4];
/// efficient_selection_shuffle(&mut deck, &mut Pcg64::seed_from_u64(7));
/// let mut sorted = deck;
/// sorted.sort();
/// assert_eq!(sorted, [1, 2, 3, 4]);
/// ```
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    // ANCHOR: efficient_selection_shuffle
    // `(1..n).rev()` is empty for n = 0 and n = 1, so no subtraction can
    // underflow. Including k in the range lets a card stay where it is;
    // leaving it out (`0..k`) is Sattolo's algorithm, which only makes
    // single cycles.
    for k in (1..values.len()).rev() {
        let r = rng.random_range(0..=k);
        values.swap(k, r);
    }
    // ANCHOR_END: efficient_selection_shuffle
}

#[cfg(test)]
mod tests {
    use super::efficient_selection_shuffle;
    use crate::test::rng;

    #[test]
    fn returns_every_card_once() {
        let deck: Vec<i32> = (0..52).collect();
        let mut shuffled = deck.clone();
        efficient_selection_shuffle(&mut shuffled, &mut rng(1));
        assert_ne!(shuffled, deck, "52 cards should almost never stay put");
        shuffled.sort();
        assert_eq!(shuffled, deck);
    }

    #[test]
    fn empty_and_single_card_decks() {
        let mut empty: [i32; 0] = [];
        efficient_selection_shuffle(&mut empty, &mut rng(2));
        let mut single = [9];
        efficient_selection_shuffle(&mut single, &mut rng(2));
        assert_eq!(single, [9]);
    }
}
