//! How fast three shuffles mix, beyond total variation: the separation
//! distance of GSR riffles, the random transpositions shuffle, and
//! top-in-at-random with its strong uniform time. The book's page
//! `docs/src/deeper/beyond.md` shows these functions and checks its
//! numbers with them.

use rand::{Rng, RngExt};

/// The separation distance from uniform after `riffles` GSR riffles of n
/// cards: 1 − n! × (the smallest chance of any order). It bounds the total
/// variation distance from above.
pub fn riffle_separation(n: usize, riffles: u32) -> f64 {
    // ANCHOR: riffle_separation
    // An order with r rising sequences has chance C(2ᵏ + n − r, n) / 2^(kn),
    // smallest at r = n, the reversed deck. Times n!, C(2ᵏ, n) / 2^(kn)
    // is the product of (2ᵏ − i) / 2ᵏ for i = 0 … n − 1: computed as that
    // product in f64, each factor exact (2ᵏ is a power of two), with one
    // rounding per multiplication. A factor of 0 (2ᵏ < n) makes it 0.
    let packets = 2f64.powi(riffles as i32);
    let least = (0..n)
        .map(|i| (1.0 - i as f64 / packets).max(0.0))
        .product::<f64>();
    1.0 - least
    // ANCHOR_END: riffle_separation
}

/// One step of the random transpositions shuffle: two positions drawn
/// independently and uniformly, and their cards swapped (the same
/// position twice leaves the deck as it was). Returns the two positions.
pub fn random_transposition<T, R: Rng + ?Sized>(deck: &mut [T], rng: &mut R) -> (usize, usize) {
    // ANCHOR: random_transposition
    let i = rng.random_range(0..deck.len());
    let j = rng.random_range(0..deck.len());
    deck.swap(i, j);
    (i, j)
    // ANCHOR_END: random_transposition
}

/// After `swaps` random transpositions of n cards, the expected number of
/// cards no swap has touched, and the expected number of fixed points
/// (cards at their own position, touched or not).
pub fn transpositions_untouched_and_fixed(n: usize, swaps: u32) -> (f64, f64) {
    // ANCHOR: untouched_and_fixed
    let n_f = n as f64;
    // A card escapes one swap when neither position hits it.
    let untouched = n_f * (1.0 - 1.0 / n_f).powi(2 * swaps as i32);
    // A card's position moves with chance 2(n − 1)/n² per swap, to each
    // other position with chance 2/n²; it is home again with chance
    // 1/n + (1 − 1/n)(1 − 2/n)^t after t swaps.
    let fixed = 1.0 + (n_f - 1.0) * (1.0 - 2.0 / n_f).powi(swaps as i32);
    (untouched, fixed)
    // ANCHOR_END: untouched_and_fixed
}

/// One step of top-in-at-random: the top card (index 0) is taken off and
/// put back at one of the n places, from the top to under the bottom card,
/// each with chance 1/n.
pub fn top_in_at_random<T, R: Rng + ?Sized>(deck: &mut Vec<T>, rng: &mut R) {
    // ANCHOR: top_in_at_random
    if deck.is_empty() {
        return;
    }
    let top = deck.remove(0);
    let place = rng.random_range(0..=deck.len());
    deck.insert(place, top);
    // ANCHOR_END: top_in_at_random
}

/// The chance P(T > t), for t = 0, 1, …, `up_to`, that top-in-at-random
/// on n cards has not yet reached the time T at which a watched card, the
/// one that began with `below` cards under it, has come up to the top and
/// been put back at random. With `below` = 0 (the bottom card) T is
/// Aldous and Diaconis's strong uniform time.
pub fn top_in_tail(n: usize, below: usize, up_to: usize) -> Vec<f64> {
    // ANCHOR: top_in_tail
    assert!(below < n, "the watched card is one of the n");
    // The state: how many cards lie under the watched card, `below` to
    // n − 1, and n once it has been put back (T has happened). With i
    // cards under it and i < n − 1, a step puts the top card under it with
    // chance (i + 1)/n; at i = n − 1 it is on top, and the next step is T.
    let mut state = vec![0.0; n + 1];
    state[below] = 1.0;
    let mut tail = Vec::with_capacity(up_to + 1);
    for _ in 0..=up_to {
        // Summed, not 1 − state[n], which would lose the far tail.
        tail.push(state[..n].iter().sum());
        let mut next = vec![0.0; n + 1];
        next[n] = state[n] + state[n - 1];
        for i in 0..n - 1 {
            let down = (i + 1) as f64 / n as f64;
            next[i + 1] += state[i] * down;
            next[i] += state[i] * (1.0 - down);
        }
        state = next;
    }
    tail
    // ANCHOR_END: top_in_tail
}

/// E[T] for top-in-at-random on n cards, T as in [`top_in_tail`]: n/j
/// steps on average to go from j − 1 to j cards under the watched card,
/// for j = below + 1 … n − 1, then the step that puts it back. For the
/// bottom card, n × H(n − 1) + 1 = n × H(n).
pub fn top_in_expected_time(n: usize, below: usize) -> f64 {
    (below + 1..n).map(|j| n as f64 / j as f64).sum::<f64>() + 1.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separation_is_birthday_odds_and_bounds_total_variation() {
        // 2ᵏ < 52 for k ≤ 5: the reversed deck cannot occur.
        for k in 1..=5 {
            assert_eq!(riffle_separation(52, k), 1.0);
        }
        assert!((riffle_separation(52, 10) - 0.7321).abs() < 5e-5);
        assert!((riffle_separation(52, 11) - 0.4795).abs() < 5e-5);
        // The same through ln_gamma, as riffle_probability computes it.
        let factorial: f64 = (1..=52).map(f64::from).product();
        for k in 6..=14 {
            let through_gamma =
                1.0 - factorial * grading::algorithms::riffle_probability(52, k, 52);
            assert!(
                (through_gamma - riffle_separation(52, k)).abs() < 1e-9,
                "{k}"
            );
            let tv = grading::algorithms::riffle_total_variation(52, k);
            assert!(tv <= riffle_separation(52, k), "{k}");
        }
        // Two cards, one riffle: the reversed pair has chance 1/4, not 1/2.
        assert_eq!(riffle_separation(2, 1), 0.5);
    }

    #[test]
    fn top_in_at_random_on_two_cards() {
        // Two cards: each step is T with chance 1 once the bottom card is
        // on top, which takes a geometric time with mean 2.
        let tail = top_in_tail(2, 0, 3);
        assert_eq!(tail, [1.0, 1.0, 0.5, 0.25]);
        assert_eq!(top_in_expected_time(2, 0), 3.0);
        // The top card itself, on two cards: put back at the first step.
        assert_eq!(top_in_tail(2, 1, 2), [1.0, 0.0, 0.0]);
        assert_eq!(top_in_expected_time(2, 1), 1.0);
        // The tail sums to E[T].
        for below in [0, 1] {
            let sum: f64 = top_in_tail(52, below, 5_000).iter().sum();
            assert!((sum - top_in_expected_time(52, below)).abs() < 1e-6);
        }
    }

    #[test]
    fn the_steps_keep_every_card() {
        let mut rng = grading::seeded(1);
        let mut deck: Vec<u32> = (0..10).collect();
        for _ in 0..100 {
            random_transposition(&mut deck, &mut rng);
            top_in_at_random(&mut deck, &mut rng);
        }
        deck.sort_unstable();
        assert_eq!(deck, (0..10).collect::<Vec<_>>());
        assert_eq!(transpositions_untouched_and_fixed(52, 0), (52.0, 52.0));
    }
}
