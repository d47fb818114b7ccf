//! The reference and wrong shuffles the fairness lab measures: the naive
//! shuffle, Sattolo's, the comparator sort and random keys (biased), and
//! pencil and paper, inside-out and deal (uniform, or uniform in the cards
//! dealt). The tests below check each against the source that describes
//! it, over every script of draws, or on seeded runs.
//!
//! The book shows this file whole on its source page and includes the
//! shuffles' bodies by their `ANCHOR` lines (`docs/src/real-shuffles.md`):
//! moving or renaming it means updating those paths.

use std::cmp::Ordering;

use rand::{Rng, RngExt};

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

/// Sorts with a comparator that answers at random, the shuffle behind
/// JavaScript's `array.sort(() => Math.random() - 0.5)`: here Rust's own
/// `sort_by`, each comparison a fair coin between `Less` and `Greater`.
///
/// It is biased, and how depends on the sort, not only on the coin. A sort
/// trusts its comparator to be consistent (a < b and b < c give a < c);
/// a coin is not, so which orders come out, and how often, is whatever
/// that sort's sequence of comparisons makes of the coins. On Rust 1.95,
/// `sort_by` sorts up to 20 elements with small routines (sorting networks
/// and insertion) that stop early, so cards tend to stay near where they
/// started: on 4 cards, card 0 stays on top a third of the time.
///
/// Complexity: O(n log n) comparisons, one draw each (O(n²) up to 20).
///
/// # Panics
///
/// Since Rust 1.81, `sort_by` may panic with "user-provided comparison
/// function does not correctly implement a total order" when it notices
/// the inconsistency; on Rust 1.95 it does in most shuffles of 21 cards or
/// more. The slice still holds every card once when it does.
///
/// # Examples
///
/// ```
/// use grading::algorithms::comparator_sort;
///
/// let mut deck = [1, 2, 3, 4];
/// comparator_sort(&mut deck, &mut grading::seeded(1));
/// deck.sort();
/// assert_eq!(deck, [1, 2, 3, 4]);
/// ```
pub fn comparator_sort<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    // ANCHOR: comparator_sort
    values.sort_by(|_, _| {
        if rng.random::<bool>() {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    });
    // ANCHOR_END: comparator_sort
}

/// Sorts the cards by a random key each, drawn from `0..keys`: the shuffle
/// behind `sort_by_key(|_| random::<u8>())`. Cards whose keys tie keep
/// their order (the sort is stable), so the deck leans towards the order
/// it started in, the more so the fewer the keys. With 52 cards and 256
/// keys, about 5 pairs of cards tie in each shuffle; keys from a range much
/// larger than n² (a random `u64`) make ties rare enough to ignore.
///
/// Complexity: O(n log n), n draws and a copy of the deck.
///
/// # Panics
///
/// If `keys` is 0 and the deck is not empty.
///
/// # Examples
///
/// ```
/// use grading::algorithms::random_keys;
///
/// let mut deck = [1, 2, 3, 4];
/// random_keys(&mut deck, 256, &mut grading::seeded(1));
/// deck.sort();
/// assert_eq!(deck, [1, 2, 3, 4]);
/// ```
pub fn random_keys<R: Rng + ?Sized>(values: &mut [i32], keys: u64, rng: &mut R) {
    // ANCHOR: random_keys
    let mut keyed: Vec<(u64, i32)> = values
        .iter()
        .map(|&card| (rng.random_range(0..keys), card))
        .collect();
    keyed.sort_by_key(|&(key, _)| key); // stable: ties keep their order
    for (slot, (_, card)) in values.iter_mut().zip(keyed) {
        *slot = card;
    }
    // ANCHOR_END: random_keys
}

/// Fisher and Yates's method of 1938, for pencil and paper: pick a random
/// k from the cards not yet struck out, count along to the k-th of them,
/// strike it out and write it down; the last card is written without a
/// draw. Uniform, like the lab's efficient shuffle, which is Durstenfeld's
/// 1964 version of it: swapping the chosen card to the end of the deck
/// saves the counting, which makes this one O(n²).
///
/// Complexity: O(n²) (the counting), n − 1 draws.
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// use grading::algorithms::pencil_and_paper;
///
/// let mut dealt = pencil_and_paper(&[1, 2, 3, 4], &mut grading::seeded(1));
/// dealt.sort();
/// assert_eq!(dealt, [1, 2, 3, 4]);
/// ```
pub fn pencil_and_paper<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    // ANCHOR: pencil_and_paper
    let mut left = values.to_vec();
    let mut written = Vec::with_capacity(values.len());
    while left.len() > 1 {
        let k = rng.random_range(0..left.len());
        written.push(left.remove(k)); // count along, strike out, write down
    }
    written.append(&mut left);
    written
    // ANCHOR_END: pencil_and_paper
}

/// The "inside-out" Fisher–Yates: builds a shuffled copy while reading the
/// cards once, in order. Card i goes to a random slot j in 0..=i, and the
/// card that was at j moves to the end. Uniform; useful when the cards
/// arrive one at a time, or when the original must be kept.
///
/// Complexity: O(n), n − 1 draws.
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// use grading::algorithms::inside_out;
///
/// let mut copy = inside_out(&[1, 2, 3, 4], &mut grading::seeded(1));
/// copy.sort();
/// assert_eq!(copy, [1, 2, 3, 4]);
/// ```
pub fn inside_out<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    // ANCHOR: inside_out
    let mut shuffled = Vec::with_capacity(values.len());
    for (i, &card) in values.iter().enumerate() {
        // The first card has only one place to go, so it costs no draw.
        let j = if i == 0 { 0 } else { rng.random_range(0..=i) };
        if j == i {
            shuffled.push(card);
        } else {
            shuffled.push(shuffled[j]);
            shuffled[j] = card;
        }
    }
    shuffled
    // ANCHOR_END: inside_out
}

/// Deals `k` cards: Fisher–Yates run from the top for k steps only, each
/// step swapping a card drawn from the rest of the deck into place. The
/// top k cards are then a uniformly random hand in a uniformly random
/// order, for k draws instead of n − 1; the cards below them are left
/// half-mixed, and must not be used as if they were shuffled.
///
/// Complexity: O(k), k draws (n − 1 when k = n).
///
/// # Panics
///
/// If `k` is larger than the deck.
///
/// # Examples
///
/// ```
/// use grading::algorithms::deal;
///
/// let mut deck = [1, 2, 3, 4, 5, 6];
/// deal(&mut deck, 2, &mut grading::seeded(1));
/// let mut all = deck;
/// all.sort();
/// assert_eq!(all, [1, 2, 3, 4, 5, 6]);
/// ```
pub fn deal<R: Rng + ?Sized>(values: &mut [i32], k: usize, rng: &mut R) {
    // ANCHOR: deal
    let n = values.len();
    assert!(k <= n, "cannot deal {k} cards from a deck of {n}");
    // Once one card is left it has nowhere else to go: no draw for it.
    for i in 0..k.min(n.saturating_sub(1)) {
        let j = rng.random_range(i..n);
        values.swap(i, j);
    }
    // ANCHOR_END: deal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seeded;

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

    /// Every script of draws whose i-th draw is from `0..bounds[i]`, each as
    /// (value, bound) pairs for a [`ScriptedRng`](crate::ScriptedRng).
    fn every_script(bounds: &[usize]) -> Vec<Vec<(usize, usize)>> {
        bounds.iter().fold(vec![vec![]], |scripts, &bound| {
            scripts
                .iter()
                .flat_map(|script| {
                    (0..bound).map(move |value| {
                        let mut longer = script.clone();
                        longer.push((value, bound));
                        longer
                    })
                })
                .collect()
        })
    }

    /// Runs `shuffle` on 0..n once per script and counts each order it
    /// returns, checking that it used each script up exactly.
    fn orders_over_scripts(
        n: usize,
        bounds: &[usize],
        mut shuffle: impl FnMut(&[i32], &mut crate::ScriptedRng) -> Vec<i32>,
    ) -> std::collections::BTreeMap<Vec<i32>, usize> {
        let deck: Vec<i32> = (0..n as i32).collect();
        let mut counts = std::collections::BTreeMap::new();
        for script in every_script(bounds) {
            let mut rng = crate::ScriptedRng::new(script.iter().copied());
            let order = shuffle(&deck, &mut rng);
            assert_eq!(rng.draws(), script.len(), "script {script:?} not used up");
            *counts.entry(order).or_insert(0) += 1;
        }
        counts
    }

    /// Every equally likely path of draws gives a different order: all n!
    /// orders, once each, so the shuffle is exactly uniform.
    #[test]
    fn pencil_and_paper_and_inside_out_reach_every_order_once() {
        for n in 1..=5 {
            let factorial: usize = (1..=n).product();
            let fewer: Vec<usize> = (2..=n).rev().collect();
            let more: Vec<usize> = (2..=n).collect();
            let by_hand = orders_over_scripts(n, &fewer, pencil_and_paper);
            let inside = orders_over_scripts(n, &more, inside_out);
            for counts in [by_hand, inside] {
                assert_eq!(counts.len(), factorial, "{n} cards");
                assert!(counts.values().all(|&c| c == 1));
            }
        }
    }

    /// Dealing 2 of 5 cards: the 20 paths give the 20 ordered hands once
    /// each; dealing all 4 of 4 is a whole Fisher–Yates shuffle.
    #[test]
    fn deal_gives_every_hand_once() {
        let dealt = |k: usize| {
            move |d: &[i32], rng: &mut crate::ScriptedRng| {
                let mut d = d.to_vec();
                deal(&mut d, k, rng);
                d
            }
        };
        let hands = orders_over_scripts(5, &[5, 4], dealt(2));
        let mut by_hand = std::collections::BTreeMap::new();
        for (order, count) in hands {
            *by_hand.entry(order[..2].to_vec()).or_insert(0) += count;
        }
        assert_eq!(by_hand.len(), 20);
        assert!(by_hand.values().all(|&c| c == 1));
        let whole = orders_over_scripts(4, &[4, 3, 2], dealt(4));
        assert_eq!(whole.len(), 24);
        let mut empty: [i32; 0] = [];
        deal(&mut empty, 0, &mut seeded(1));
    }

    /// Two cards and two keys: the four equally likely key pairs are
    /// (0, 0), (0, 1), (1, 0) and (1, 1), and only (1, 0) swaps the cards.
    /// A tie keeps them in order, so [1, 0] comes up 1 time in 4, not 2.
    #[test]
    fn random_keys_ties_keep_the_starting_order() {
        let counts = orders_over_scripts(2, &[2, 2], |d, rng| {
            let mut d = d.to_vec();
            random_keys(&mut d, 2, rng);
            d
        });
        assert_eq!(counts[&vec![0, 1]], 3);
        assert_eq!(counts[&vec![1, 0]], 1);
    }

    /// `sort_by` with a random comparator: on 4 cards (an insertion sort on
    /// Rust 1.95) card 0 stays on top far more often than 1 time in 4; on 52
    /// cards the sort usually notices the coin and panics, and the deck
    /// still holds every card. The seed is fixed, so the counts are too. A
    /// fair shuffle would put card 0 on top more than 1,200 times in 4,000
    /// with probability about 1e-13 (z = 7.3), so the first bound cannot
    /// pass by luck; the comparator sort measures about 1,330.
    #[test]
    fn comparator_sort_is_biased_and_may_panic() {
        let mut rng = seeded(7);
        let shuffles = 4_000;
        let mut on_top = 0;
        for _ in 0..shuffles {
            let mut deck = [0, 1, 2, 3];
            comparator_sort(&mut deck, &mut rng);
            on_top += usize::from(deck[0] == 0);
        }
        // 1,000 expected if fair (sd 27); seen well above 1,200.
        assert!(on_top > 1_200, "card 0 on top {on_top} times in {shuffles}");

        let quiet = crate::QuietPanics::new();
        let mut panics = 0;
        for _ in 0..100 {
            let mut deck: Vec<i32> = (0..52).collect();
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                comparator_sort(&mut deck, &mut rng)
            }));
            panics += usize::from(caught.is_err());
            deck.sort();
            assert_eq!(deck, (0..52).collect::<Vec<i32>>());
        }
        drop(quiet);
        assert!(panics > 50, "{panics} of 100 sorts of 52 cards panicked");
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
