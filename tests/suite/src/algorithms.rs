//! Shuffles that are not exercises, kept as reference code for the
//! fairness lab, and exact results about shuffles, each checked against a
//! published source in this module's tests.
//!
//! The lab's own three shuffles and the bonus riffle live in `solutions`;
//! these are the classic wrong ones and the numbers the workbook quotes.

use rand::{Rng, RngExt};
use statrs::function::gamma::ln_gamma;

/// The naive shuffle: swap every position with a position drawn from the
/// whole deck. It looks like Fisher–Yates but is biased: its n^n equally
/// likely paths cannot fall evenly on n! orders (for n ≥ 3).
///
/// Complexity: O(n), n draws.
pub fn naive_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    for k in 0..n {
        let r = rng.random_range(0..n);
        values.swap(k, r);
    }
}

/// Sattolo's algorithm: Fisher–Yates with r drawn from 0..k instead of
/// 0..=k. It is uniform over the (n − 1)! single cycles, so no card ever
/// stays in place: an off-by-one that makes a different, biased shuffle.
///
/// Complexity: O(n), n − 1 draws.
pub fn sattolo_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    for k in (1..values.len()).rev() {
        let r = rng.random_range(0..k);
        values.swap(k, r);
    }
}

/// How many out-shuffles (the lab's perfect shuffle, top card staying on
/// top, the extra card of an odd deck in the first half) bring an n-card
/// deck back to its order: the least common multiple of the cycle lengths
/// of the shuffle's position permutation. 52 cards: 8.
///
/// Complexity: O(n).
pub fn out_shuffle_order(n: usize) -> usize {
    cycle_lcm(n, |i| crate::oracle::out_shuffle_position(n, i))
}

/// How many in-shuffles (the second half's first card goes on top) bring
/// an n-card deck back to its order. 52 cards: 52.
pub fn in_shuffle_order(n: usize) -> usize {
    let half = n / 2;
    let target = |i: usize| if i < half { 2 * i + 1 } else { 2 * (i - half) };
    cycle_lcm(n, target)
}

fn cycle_lcm(n: usize, target: impl Fn(usize) -> usize) -> usize {
    let mut seen = vec![false; n];
    let mut order = 1;
    for start in 0..n {
        let mut length = 0;
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            i = target(i);
            length += 1;
        }
        if length > 0 {
            order = lcm(order, length);
        }
    }
    order
}

fn lcm(a: usize, b: usize) -> usize {
    a / gcd(a, b) * b
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The expected number of draws the lab's selection shuffle makes for n
/// cards: filling position k takes n/(n − k) draws on average, so the total
/// is n·H_n, H_n = 1 + 1/2 + … + 1/n. 52 cards: 235.98.
pub fn selection_shuffle_expected_draws(n: usize) -> f64 {
    (1..=n).map(|k| n as f64 / k as f64).sum()
}

/// log₂ n!, the bits of state a generator needs to reach every order of an
/// n-card deck. 52 cards: 225.58.
pub fn log2_factorial(n: usize) -> f64 {
    ln_gamma(n as f64 + 1.0) / std::f64::consts::LN_2
}

/// The number of rising sequences of an arrangement of the cards 0..n:
/// maximal runs of consecutive card values that appear in increasing
/// positions. A riffle's outcome is determined by it alone.
pub fn rising_sequences(arrangement: &[usize]) -> usize {
    let mut position = vec![0; arrangement.len()];
    for (p, &card) in arrangement.iter().enumerate() {
        position[card] = p;
    }
    1 + position.windows(2).filter(|w| w[1] < w[0]).count()
}

/// The probability, after `riffles` GSR riffles of n cards, of one given
/// arrangement with `rising` rising sequences: C(2^k + n − r, n) / 2^(kn)
/// (Bayer and Diaconis 1992).
pub fn riffle_probability(n: usize, riffles: u32, rising: usize) -> f64 {
    let a = 2f64.powi(riffles as i32);
    let top = a + n as f64 - rising as f64;
    if top < n as f64 {
        return 0.0;
    }
    let ln_choose = ln_gamma(top + 1.0) - ln_gamma(n as f64 + 1.0) - ln_gamma(top - n as f64 + 1.0);
    (ln_choose - n as f64 * riffles as f64 * std::f64::consts::LN_2).exp()
}

/// The total variation distance from uniform after `riffles` GSR riffles
/// of n cards, exactly: the arrangements with r rising sequences number the
/// Eulerian number A(n, r − 1), and all share one probability.
pub fn riffle_total_variation(n: usize, riffles: u32) -> f64 {
    // Eulerian numbers A(n, m) for m = 0..n, as f64: 52! ≈ 8e67 fits.
    let mut eulerian = vec![1.0f64];
    for size in 2..=n {
        let mut next = vec![0.0; size];
        for (m, slot) in next.iter_mut().enumerate() {
            let stay = eulerian.get(m).copied().unwrap_or(0.0) * (m + 1) as f64;
            let rise = if m > 0 {
                eulerian.get(m - 1).copied().unwrap_or(0.0)
            } else {
                0.0
            };
            *slot = stay + rise * (size - m) as f64;
        }
        eulerian = next;
    }
    let uniform = (-ln_gamma(n as f64 + 1.0)).exp();
    0.5 * eulerian
        .iter()
        .enumerate()
        .map(|(m, count)| count * (riffle_probability(n, riffles, m + 1) - uniform).abs())
        .sum::<f64>()
}

/// The rank of a permutation of 0..n among all n! in lexicographic order.
pub fn lexicographic_rank(order: &[usize]) -> usize {
    let n = order.len();
    let mut rank = 0;
    for i in 0..n {
        let smaller_later = order[i + 1..].iter().filter(|&&x| x < order[i]).count();
        rank = rank * (n - i) + smaller_later;
    }
    rank
}

/// The order of 0..n at lexicographic `rank`.
pub fn order_at(mut rank: usize, n: usize) -> Vec<usize> {
    let mut left: Vec<usize> = (0..n).collect();
    let mut weights = vec![1; n];
    for i in (0..n.saturating_sub(1)).rev() {
        weights[i] = weights[i + 1] * (n - 1 - i);
    }
    let mut order = Vec::new();
    for weight in weights {
        order.push(left.remove(rank / weight));
        rank %= weight;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seeded;

    /// OEIS A024222, "Number of shuffles (perfect faro shuffles with cut)
    /// required to return a deck of size n to original order", terms for
    /// n = 1..=60. OEIS gives a(1) = 0 by convention; a one-card deck is in
    /// order after any number of shuffles, and this function returns the
    /// least positive one, 1.
    const A024222: [usize; 60] = [
        0, 1, 2, 2, 4, 4, 3, 3, 6, 6, 10, 10, 12, 12, 4, 4, 8, 8, 18, 18, 6, 6, 11, 11, 20, 20, 18,
        18, 28, 28, 5, 5, 10, 10, 12, 12, 36, 36, 12, 12, 20, 20, 14, 14, 12, 12, 23, 23, 21, 21,
        8, 8, 52, 52, 20, 20, 18, 18, 58, 58,
    ];

    #[test]
    fn out_shuffle_orders_match_oeis_a024222() {
        for n in 2..=60 {
            assert_eq!(out_shuffle_order(n), A024222[n - 1], "n = {n}");
        }
        assert_eq!(out_shuffle_order(1), 1);
        assert_eq!(out_shuffle_order(52), 8);
        assert_eq!(in_shuffle_order(52), 52);
    }

    /// Atwood, "The Danger of Naïveté": the 27 equally likely paths of the
    /// naive shuffle of 3 cards give the orders 123, 132, 213, 231, 312, 321
    /// 4, 5, 5, 5, 4 and 4 times.
    #[test]
    fn naive_shuffle_of_3_cards_matches_atwood() {
        let orders = [
            [1, 2, 3],
            [1, 3, 2],
            [2, 1, 3],
            [2, 3, 1],
            [3, 1, 2],
            [3, 2, 1],
        ];
        let mut counts = [0; 6];
        for path in 0..27usize {
            let draws = [path % 3, path / 3 % 3, path / 9];
            let mut deck = [1, 2, 3];
            for (k, &r) in draws.iter().enumerate() {
                deck.swap(k, r);
            }
            counts[orders.iter().position(|o| *o == deck).expect("an order")] += 1;
        }
        assert_eq!(counts, [4, 5, 5, 5, 4, 4]);
    }

    /// Sattolo (1986): the algorithm produces exactly the (n − 1)! cyclic
    /// permutations, each once; for 4 cards, the 6 single 4-cycles.
    #[test]
    fn sattolo_on_4_cards_reaches_exactly_the_6_single_cycles() {
        let mut reached = Vec::new();
        for r3 in 0..3 {
            for r2 in 0..2 {
                let mut deck = [0usize, 1, 2, 3];
                deck.swap(3, r3);
                deck.swap(2, r2);
                deck.swap(1, 0);
                reached.push(deck);
            }
        }
        reached.sort();
        reached.dedup();
        assert_eq!(reached.len(), 6);
        for deck in reached {
            let (mut i, mut length) = (0, 0);
            loop {
                i = deck[i];
                length += 1;
                if i == 0 {
                    break;
                }
            }
            assert_eq!(length, 4, "{deck:?} is not a single cycle");
        }
    }

    /// Bayer and Diaconis, "Trailing the Dovetail Shuffle to its Lair"
    /// (1992), Table 1: total variation distance for 52 cards after
    /// k = 5..10 riffles.
    #[test]
    fn riffle_distances_match_bayer_and_diaconis() {
        let table = [
            (5, 0.924),
            (6, 0.614),
            (7, 0.334),
            (8, 0.167),
            (9, 0.085),
            (10, 0.043),
        ];
        for (k, distance) in table {
            let exact = riffle_total_variation(52, k);
            assert!((exact - distance).abs() < 5e-4, "k = {k}: {exact}");
        }
        assert!(riffle_total_variation(52, 1) > 0.999_999);
    }

    #[test]
    fn selection_draws_and_deck_entropy() {
        assert!((selection_shuffle_expected_draws(52) - 235.978).abs() < 1e-3);
        assert!((log2_factorial(52) - 225.581).abs() < 1e-3);
    }

    #[test]
    fn reference_shuffles_return_permutations() {
        let mut rng = seeded(3);
        for n in 0..20 {
            let deck: Vec<i32> = (0..n).collect();
            let mut naive = deck.clone();
            naive_shuffle(&mut naive, &mut rng);
            let mut sattolo = deck.clone();
            sattolo_shuffle(&mut sattolo, &mut rng);
            for mut result in [naive, sattolo.clone()] {
                result.sort();
                assert_eq!(result, deck);
            }
            assert!(
                sattolo
                    .iter()
                    .enumerate()
                    .all(|(i, &c)| n < 2 || c != i as i32)
            );
        }
    }
}
