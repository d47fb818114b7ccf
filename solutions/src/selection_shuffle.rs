use rand::{Rng, RngExt};

/// Builds a shuffled copy by picking a random unused card for each position.
///
/// For each position k of the new deck, draw an index j uniformly from
/// `0..n`; if `values[j]` has already been taken, draw again. Every order is
/// equally likely, but the retries make it slow: filling the last position
/// alone takes n draws on average, and the whole shuffle takes n·H_n draws
/// (about 236 for 52 cards), where H_n = 1 + 1/2 + … + 1/n.
///
/// Complexity: O(n log n) expected random draws, O(n) extra memory.
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
/// use solutions::selection_shuffle;
///
/// let deck = [10, 20, 30, 40];
/// let mut shuffled = selection_shuffle(&deck, &mut Pcg64::seed_from_u64(7));
/// shuffled.sort();
/// assert_eq!(shuffled, deck);
/// ```
pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    // ANCHOR: selection_shuffle
    let n = values.len();
    // A separate "taken" flag stands in for the lab's "empty" marker, so any
    // i32, including 0 or -1, can be a card.
    let mut taken = vec![false; n];
    let mut shuffled = Vec::with_capacity(n);
    for _ in 0..n {
        let j = loop {
            let j = rng.random_range(0..n);
            if !taken[j] {
                break j;
            }
        };
        taken[j] = true;
        shuffled.push(values[j]);
    }
    shuffled
    // ANCHOR_END: selection_shuffle
}

#[cfg(test)]
mod tests {
    use super::selection_shuffle;
    use crate::test::rng;

    #[test]
    fn returns_every_card_once() {
        let deck: Vec<i32> = (0..52).map(|i| i * 3 - 20).collect();
        let mut shuffled = selection_shuffle(&deck, &mut rng(1));
        assert_ne!(shuffled, deck, "52 cards should almost never stay put");
        shuffled.sort();
        assert_eq!(shuffled, deck);
    }

    #[test]
    fn empty_and_single_card_decks() {
        assert!(selection_shuffle(&[], &mut rng(2)).is_empty());
        assert_eq!(selection_shuffle(&[5], &mut rng(2)), [5]);
    }
}
