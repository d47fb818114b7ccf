//! Dealing k cards from a stream, after Knuth (The Art of Computer
//! Programming, vol. 2, section 3.4.2): Algorithm S when the stream's
//! length is known, Algorithm R (reservoir sampling) when it is not. The
//! book's page `docs/src/deeper/beyond.md` shows both and tests them.

use rand::{Rng, RngExt};

/// Algorithm S, selection sampling: k of the `total` items of `items`,
/// each set of k equally likely, in the stream's order. It reads no more
/// of the stream than it needs; a stream shorter than `total` gives fewer.
pub fn selection_sample<T, R: Rng + ?Sized>(
    items: impl IntoIterator<Item = T>,
    total: usize,
    k: usize,
    rng: &mut R,
) -> Vec<T> {
    // ANCHOR: selection_sample
    assert!(k <= total, "cannot deal {k} cards from {total}");
    let mut chosen = Vec::with_capacity(k);
    for (seen, item) in items.into_iter().take(total).enumerate() {
        if chosen.len() == k {
            break;
        }
        // Take this item with chance (still wanted) / (still to come).
        if rng.random_range(0..total - seen) < k - chosen.len() {
            chosen.push(item);
        }
    }
    chosen
    // ANCHOR_END: selection_sample
}

/// Algorithm R, reservoir sampling: k items of a stream of unknown
/// length, each set of k equally likely (all of them if there are fewer).
pub fn reservoir_sample<T, R: Rng + ?Sized>(
    items: impl IntoIterator<Item = T>,
    k: usize,
    rng: &mut R,
) -> Vec<T> {
    // ANCHOR: reservoir_sample
    let mut reservoir = Vec::with_capacity(k);
    for (seen, item) in items.into_iter().enumerate() {
        if seen < k {
            reservoir.push(item);
            continue;
        }
        // Item number seen + 1 stays with chance k / (seen + 1), in
        // place of a reservoir item chosen uniformly.
        let slot = rng.random_range(0..=seen);
        if slot < k {
            reservoir[slot] = item;
        }
    }
    reservoir
    // ANCHOR_END: reservoir_sample
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_deal_k_distinct_cards() {
        let mut rng = grading::seeded(3);
        for _ in 0..100 {
            let mut hand = selection_sample(0..52, 52, 13, &mut rng);
            assert_eq!(hand.len(), 13);
            assert!(hand.windows(2).all(|w| w[0] < w[1]), "in stream order");
            hand = reservoir_sample(0..52, 13, &mut rng);
            hand.sort_unstable();
            hand.dedup();
            assert_eq!(hand.len(), 13);
        }
        assert_eq!(reservoir_sample(0..3, 5, &mut rng), [0, 1, 2]);
        assert_eq!(selection_sample(0..5, 5, 5, &mut rng), [0, 1, 2, 3, 4]);
        assert!(selection_sample(0..5, 5, 0, &mut rng).is_empty());
    }
}
