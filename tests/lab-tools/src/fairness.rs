//! The `fairness` report: shuffle a deck many times with one algorithm and
//! measure how far the results are from uniform.
//!
//! Three chi-square tests look at the shuffles from different sides: where
//! each card ends up (positions), which card follows which (pairs), and,
//! for decks of up to 6 cards, how often each whole order comes up. Three
//! targeted counts, one number each, look for the faults a table of
//! thousands of cells dilutes: successions (card a + 1 right after card a),
//! rising sequences, and fixed points (card i at position i). A chi-square
//! test runs only with enough shuffles for 5 expected per cell; the counts
//! always run. The verdict uses α = 1e-6 for the report as a whole, split
//! evenly among the tests that ran (Bonferroni), so a fair shuffle is called
//! biased with probability at most one in a million (for the counts, up to
//! their normal approximation; see [`CountTest`]).
//!
//! This module is the entry point: [`measure`], which shuffles fresh decks
//! and tallies them. The rest of the report lives beside it and is
//! re-exported here, so that `lab_tools::fairness::…` names all of it:
//! what to measure (`settings`), the shuffles it can measure
//! (`algorithm`), the one-number counts (`counts`), the chi-square tests
//! and the verdict (`report`), and the report as text (`text`) and as SVG
//! figures (`figure`). The facade is for callers outside: those modules
//! name each other by their own paths, never through it, so that none of
//! them imports the facade that imports it.

use std::convert::Infallible;

use rand::seq::SliceRandom;
use rand::{Rng, TryRng};

use grading::{Implementation, algorithms, seeded};

use crate::counts::{count_tests, counts_of};
use crate::report::{factorial, summarise};

pub use crate::algorithm::Algorithm;
pub use crate::counts::{CountTest, count_moments};
pub use crate::figure::{report_svg, riffle_svg, svg};
pub use crate::heatmap::heatmap_svg;
pub use crate::report::{ChiSquareResult, MAX_ORDER_CARDS, Report, TableTest};
pub use crate::settings::{InvalidSettings, MIN_SHUFFLES, Settings};
pub use crate::svg::{FIGURE_WIDTH, SMALLEST_TEXT};
pub use crate::text::text;

/// Counts the draws the shuffle makes.
struct Counting<R> {
    inner: R,
    draws: u64,
}

impl<R: Rng> TryRng for Counting<R> {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.draws += 1;
        Ok(self.inner.next_u32())
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.draws += 1;
        Ok(self.inner.next_u64())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.draws += 1;
        self.inner.fill_bytes(dst);
        Ok(())
    }
}

/// Shuffles `settings.shuffles` fresh decks of 0..n and measures them;
/// `progress` is called now and then with the number done.
pub fn measure(
    implementation: &Implementation,
    settings: &Settings,
    mut progress: impl FnMut(u64),
) -> Report {
    let n = settings.cards;
    let deck: Vec<i32> = (0..n as i32).collect();
    let mut rng = Counting {
        inner: seeded(settings.seed),
        draws: 0,
    };
    let mut positions = vec![vec![0u64; n]; n];
    let mut pairs = vec![vec![0u64; n]; n];
    let order_cells = (n <= MAX_ORDER_CARDS).then(|| factorial(n) as usize);
    let mut orders = vec![0u64; order_cells.unwrap_or(0)];
    // The counts' totals, and how many shuffles returned a real order.
    let mut count_totals = [0u64; 3];
    let mut ordered = 0u64;
    let mut panics = 0u64;
    // The comparator sort's panics are counted, not printed.
    let _quiet = (settings.algorithm == Algorithm::ComparatorSort).then(grading::QuietPanics::new);
    for shuffle in 0..settings.shuffles {
        let result = shuffle_deck(implementation, settings, &deck, &mut rng, &mut panics);
        // A broken shuffle may lose cards; count what is there.
        for (position, &card) in result.iter().enumerate().take(n) {
            if let Some(cell) = positions[position].get_mut(card as usize) {
                *cell += 1;
            }
        }
        // One adjacent slot per shuffle, rotating, keeps the pair counts
        // independent across shuffles and so the chi-square exact.
        let slot = (shuffle % (n as u64 - 1)) as usize;
        if let (Some(&a), Some(&b)) = (result.get(slot), result.get(slot + 1))
            && let Some(cell) = pairs
                .get_mut(a as usize)
                .and_then(|row| row.get_mut(b as usize))
        {
            *cell += 1;
        }
        if let Some(order) = as_order(&result, n) {
            for (total, count) in count_totals.iter_mut().zip(counts_of(&order)) {
                *total += count;
            }
            ordered += 1;
            if order_cells.is_some() {
                orders[algorithms::lexicographic_rank(&order)] += 1;
            }
        }
        if shuffle % 65_536 == 0 {
            progress(shuffle);
        }
    }
    summarise(
        settings,
        positions,
        pairs,
        order_cells.map(|_| orders),
        count_tests(n, count_totals, ordered, settings.shuffles),
        rng.draws,
        panics,
    )
}

/// The cards as an order of 0..n, if they are one.
fn as_order(cards: &[i32], n: usize) -> Option<Vec<usize>> {
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for &card in cards {
        let card = usize::try_from(card).ok().filter(|&c| c < n && !seen[c])?;
        seen[card] = true;
        order.push(card);
    }
    (order.len() == n).then_some(order)
}

/// The lexicographic rank of an order of 0..n, if it is one.
/// Shuffles one copy of `deck` with `settings.algorithm`, drawing from
/// `rng`; a comparator sort that panics adds one to `panics`.
fn shuffle_deck<R: Rng + 'static>(
    implementation: &Implementation,
    settings: &Settings,
    deck: &[i32],
    rng: &mut R,
    panics: &mut u64,
) -> Vec<i32> {
    match settings.algorithm {
        Algorithm::Perfect => (implementation.perfect_shuffle)(deck),
        Algorithm::Selection => (implementation.selection_shuffle)(deck, rng),
        Algorithm::Efficient => in_place(deck, |d| {
            (implementation.efficient_selection_shuffle)(d, rng)
        }),
        Algorithm::Naive => in_place(deck, |d| algorithms::naive_shuffle(d, rng)),
        Algorithm::Sattolo => in_place(deck, |d| algorithms::sattolo_shuffle(d, rng)),
        Algorithm::Rand => in_place(deck, |d| d.shuffle(rng)),
        Algorithm::Riffle => (0..settings.times).fold(deck.to_vec(), |d, _| {
            (implementation.riffle_shuffle)(&d, rng)
        }),
        Algorithm::ComparatorSort => in_place(deck, |d| {
            let sorted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                algorithms::comparator_sort(d, rng)
            }));
            *panics += u64::from(sorted.is_err());
        }),
        Algorithm::RandomKeys => in_place(deck, |d| algorithms::random_keys(d, settings.keys, rng)),
        Algorithm::PencilAndPaper => algorithms::pencil_and_paper(deck, rng),
        Algorithm::InsideOut => algorithms::inside_out(deck, rng),
        Algorithm::Deal => in_place(deck, |d| algorithms::deal(d, settings.deal, rng)),
    }
}

fn in_place(deck: &[i32], shuffle: impl FnOnce(&mut [i32])) -> Vec<i32> {
    let mut cards = deck.to_vec();
    shuffle(&mut cards);
    cards
}

#[cfg(test)]
fn rank(cards: &[i32], n: usize) -> Option<usize> {
    as_order(cards, n).map(|order| algorithms::lexicographic_rank(&order))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The measured algorithms here are the built-in ones, so any
    /// implementation will do.
    pub(crate) const REFERENCE: grading::Implementation = grading::implementation!(solutions);

    pub(crate) fn settings(algorithm: Algorithm, cards: usize, shuffles: u64) -> Settings {
        Settings {
            algorithm,
            cards,
            shuffles,
            seed: 1,
            times: 7,
            keys: 256,
            deal: 13,
        }
    }

    /// Fixed seeds; rand's shuffle is fair, so the report must find no
    /// bias (false alarm ≤ 1e-6 by construction); Sattolo's never leaves a
    /// card in place, which the position test sees at once (power 1).
    #[test]
    fn tells_a_fair_shuffle_from_sattolo() {
        let fair = measure(&REFERENCE, &settings(Algorithm::Rand, 5, 20_000), |_| {});
        assert_eq!(fair.verdict, "no evidence of bias", "{fair:?}");
        // rand packs several small indices into one draw: at most 4 for 5 cards.
        assert!(fair.draws_per_shuffle > 0.0 && fair.draws_per_shuffle <= 4.0);
        let biased = measure(&REFERENCE, &settings(Algorithm::Sattolo, 5, 20_000), |_| {});
        assert_eq!(biased.verdict, "biased");
        assert_eq!(
            biased
                .positions
                .iter()
                .enumerate()
                .map(|(i, r)| r[i])
                .sum::<u64>(),
            0
        );
    }

    #[test]
    fn too_few_shuffles_are_refused_with_the_reason() {
        let error = settings(Algorithm::Rand, 52, 999).validate().unwrap_err();
        assert_eq!(error, InvalidSettings::TooFewShuffles(999));
        assert_eq!(
            error.to_string(),
            "999 shuffles are too few: the report needs at least 1000"
        );
        assert!(settings(Algorithm::Rand, 1, 1000).validate().is_err());
        assert!(settings(Algorithm::Rand, 52, 1000).validate().is_ok());
    }

    #[test]
    fn ranks_only_real_orders() {
        assert_eq!(rank(&[0, 1, 2], 3), Some(0));
        assert_eq!(rank(&[2, 1, 0], 3), Some(5));
        assert_eq!(rank(&[0, 0, 2], 3), None);
    }
}
