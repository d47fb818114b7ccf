//! What the `fairness` report holds and how it is made from the tallies:
//! the chi-square tests (positions, pairs, orders), each run only with
//! enough shuffles for 5 expected per cell, and the verdict, which splits
//! α = 1e-6 evenly among the tests that ran (Bonferroni) and is decided by
//! the smallest p-value (among p-values that underflow to 0, the largest z).

use serde::Serialize;

use grading::stats::{self, ChiSquare};

use crate::algorithm::Algorithm;
use crate::counts::CountTest;
use crate::settings::Settings;

/// The largest deck the order test covers: 6! = 720 cells.
pub const MAX_ORDER_CARDS: usize = 6;
/// The smallest expected count per cell a chi-square test accepts.
const MIN_EXPECTED: u64 = 5;

/// The chi-square tests, each of which runs only with enough shuffles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableTest {
    Position,
    Pair,
    Order,
}

impl TableTest {
    pub fn name(self) -> &'static str {
        match self {
            TableTest::Position => "position",
            TableTest::Pair => "pair",
            TableTest::Order => "order",
        }
    }

    /// The shuffles this test needs on a deck of n cards: 5 expected in
    /// each of its cells (n per position; n(n − 1) pairs; n! orders).
    pub fn shuffles_needed(self, n: usize) -> u64 {
        let n = n as u64;
        let cells = match self {
            TableTest::Position => n,
            TableTest::Pair => n * (n - 1),
            TableTest::Order => factorial(n as usize),
        };
        MIN_EXPECTED.saturating_mul(cells)
    }

    fn runs(self, settings: &Settings) -> bool {
        settings.shuffles >= self.shuffles_needed(settings.cards)
    }
}

/// n!, saturating: only decks of up to 6 cards are counted by order, but
/// [`TableTest::shuffles_needed`] may be asked about any deck.
pub(crate) fn factorial(n: usize) -> u64 {
    (1..=n as u64).fold(1, u64::saturating_mul)
}

/// One chi-square test's result.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ChiSquareResult {
    pub chi_square: f64,
    pub df: f64,
    pub p_value: f64,
}

impl From<ChiSquare> for ChiSquareResult {
    fn from(test: ChiSquare) -> Self {
        ChiSquareResult {
            chi_square: test.statistic,
            df: test.df,
            p_value: test.p_value(),
        }
    }
}

/// The whole report; its JSON form is `--format json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub algorithm: Algorithm,
    pub cards: usize,
    pub shuffles: u64,
    pub seed: u64,
    pub riffles: Option<u32>,
    /// How many values each key was drawn from, for `random-keys`.
    pub keys: Option<u64>,
    /// How many cards were dealt, for `deal`.
    pub dealt: Option<usize>,
    /// In how many shuffles the sort panicked, for `comparator-sort`; the
    /// deck is counted as the sort left it, which still holds every card.
    pub panics: Option<u64>,
    /// The chi-square tests; `None` when there were too few shuffles for
    /// 5 expected per cell (see [`TableTest::shuffles_needed`]), or, for
    /// the order test, more than [`MAX_ORDER_CARDS`] cards.
    pub position: Option<ChiSquareResult>,
    pub pair: Option<ChiSquareResult>,
    pub order: Option<ChiSquareResult>,
    /// Successions, rising sequences and fixed points.
    pub counts: Vec<CountTest>,
    /// The lowest and highest mean card value over the positions; a fair
    /// shuffle gives every position the mean (n − 1) / 2.
    pub lowest_mean_card: f64,
    pub highest_mean_card: f64,
    pub draws_per_shuffle: f64,
    /// `biased` or `no evidence of bias`.
    pub verdict: String,
    /// The test with the smallest p-value, which decided the verdict
    /// (among p-values that underflow to 0, the one with the largest z).
    pub decided_by: String,
    /// Counts of card (column) at position (row).
    pub positions: Vec<Vec<u64>>,
    /// Counts of card a (row) followed by card b (column), one rotating slot
    /// per shuffle.
    pub pairs: Vec<Vec<u64>>,
}

/// The pair test over the n(n − 1) cells of different cards.
fn pair_test(pairs: &[Vec<u64>]) -> ChiSquareResult {
    let off_diagonal: Vec<u64> = pairs
        .iter()
        .enumerate()
        .flat_map(|(a, row)| {
            row.iter()
                .enumerate()
                .filter(move |(b, _)| *b != a)
                .map(|(_, &c)| c)
        })
        .collect();
    let cells = off_diagonal.len() as f64;
    let mut pair = ChiSquareResult::from(stats::goodness_of_fit(
        &off_diagonal,
        &vec![1.0 / cells; off_diagonal.len()],
    ));
    // Pairs of a card with itself cannot occur in a permutation; a shuffle
    // that produces them has lost cards, which the counts always fail (and
    // the position test shows, when it runs).
    if pairs.iter().enumerate().any(|(a, row)| row[a] > 0) {
        pair.p_value = 0.0;
    }
    pair
}

/// A chi-square statistic as a z on the normal scale (Wilson and
/// Hilferty's cube root, close to exact from a few degrees of freedom).
fn chi_square_z(test: &ChiSquareResult) -> f64 {
    let k = test.df;
    let spread = 2.0 / (9.0 * k);
    ((test.chi_square / k).cbrt() - (1.0 - spread)) / spread.sqrt()
}

/// The test that decides the verdict, as (name, p-value): the smallest
/// p-value, and among equal ones (p-values that all rounded to 0) the
/// largest z.
fn deciding_test<'a>(tests: &[(&'a str, f64, f64)]) -> Option<(&'a str, f64)> {
    tests
        .iter()
        .min_by(|a, b| a.1.total_cmp(&b.1).then(b.2.total_cmp(&a.2)))
        .map(|&(name, p, _)| (name, p))
}

pub(crate) fn summarise(
    settings: &Settings,
    positions: Vec<Vec<u64>>,
    pairs: Vec<Vec<u64>>,
    orders: Option<Vec<u64>>,
    counts: Vec<CountTest>,
    draws: u64,
    panics: u64,
) -> Report {
    let n = settings.cards;
    let position = TableTest::Position
        .runs(settings)
        .then(|| ChiSquareResult::from(stats::position_chi_square(&positions, settings.shuffles)));
    let pair = TableTest::Pair.runs(settings).then(|| pair_test(&pairs));
    let order = orders
        .filter(|_| TableTest::Order.runs(settings))
        .map(|counts| {
            let cells = counts.len();
            ChiSquareResult::from(stats::goodness_of_fit(
                &counts,
                &vec![1.0 / cells as f64; cells],
            ))
        });
    let means: Vec<f64> = positions
        .iter()
        .map(|row| {
            let total: u64 = row.iter().sum();
            let weighted: u64 = row
                .iter()
                .enumerate()
                .map(|(card, &c)| card as u64 * c)
                .sum();
            if total == 0 {
                0.0
            } else {
                weighted as f64 / total as f64
            }
        })
        .collect();
    // Each test with its p-value and its strength, a z on the normal
    // scale: p-values beyond about 1e-300 all round to 0, and then the
    // stronger evidence (the larger z) decides, not the order of the lines.
    let mut tests: Vec<(&str, f64, f64)> = [
        (TableTest::Position, &position),
        (TableTest::Pair, &pair),
        (TableTest::Order, &order),
    ]
    .into_iter()
    .filter_map(|(test, result)| {
        result
            .as_ref()
            .map(|r| (test.name(), r.p_value, chi_square_z(r)))
    })
    .collect();
    tests.extend(counts.iter().map(|c| (c.name, c.p_value, c.z.abs())));
    let per_test = stats::ALPHA / tests.len() as f64;
    let (decider, smallest) = deciding_test(&tests).unwrap_or(("successions", 1.0));
    let verdict = if smallest < per_test {
        "biased"
    } else {
        "no evidence of bias"
    };
    Report {
        algorithm: settings.algorithm,
        cards: n,
        shuffles: settings.shuffles,
        seed: settings.seed,
        riffles: (settings.algorithm == Algorithm::Riffle).then_some(settings.times),
        keys: (settings.algorithm == Algorithm::RandomKeys).then_some(settings.keys),
        dealt: (settings.algorithm == Algorithm::Deal).then_some(settings.deal),
        panics: (settings.algorithm == Algorithm::ComparatorSort).then_some(panics),
        position,
        pair,
        order,
        counts,
        lowest_mean_card: means.iter().copied().fold(f64::INFINITY, f64::min),
        highest_mean_card: means.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        draws_per_shuffle: draws as f64 / settings.shuffles as f64,
        verdict: verdict.into(),
        decided_by: decider.into(),
        positions,
        pairs,
    }
}

#[cfg(test)]
mod tests {
    use super::{ChiSquareResult, chi_square_z, deciding_test};
    use crate::fairness::tests::{REFERENCE, settings};
    use crate::fairness::{Algorithm, TableTest, measure, text};

    /// Seven riffles of 100,000 decks give successions z = 68.9 and rising
    /// sequences z = −269.6, both p-values 0 in floating point: the
    /// stronger one decides, not the first listed.
    #[test]
    fn p_values_that_underflow_are_told_apart_by_z() {
        let tests = [
            ("position", 6.0e-191, 29.0),
            ("successions", 0.0, 68.9),
            ("rising sequences", 0.0, 269.6),
        ];
        assert_eq!(deciding_test(&tests), Some(("rising sequences", 0.0)));
        assert_eq!(deciding_test(&tests[..1]), Some(("position", 6.0e-191)));
        assert_eq!(deciding_test(&[]), None);
        // Wilson–Hilferty: chi-square at its mean is z ≈ 0, and the riffle's
        // position statistic (5337.8 on 2601 df) is about 29.
        let z = |chi_square, df| {
            chi_square_z(&ChiSquareResult {
                chi_square,
                df,
                p_value: 0.0,
            })
        };
        assert!(z(2601.0, 2601.0).abs() < 0.02);
        assert!((z(5337.8, 2601.0) - 29.3).abs() < 0.1);
    }

    /// A chi-square test with fewer than 5 expected per cell is left out,
    /// says how many shuffles it needs, and has no share of alpha.
    #[test]
    fn a_test_without_enough_shuffles_is_left_out_and_says_why() {
        let report = measure(&REFERENCE, &settings(Algorithm::Rand, 52, 1000), |_| {});
        assert!(report.position.is_some() && report.pair.is_none());
        assert_eq!(TableTest::Pair.shuffles_needed(52), 13_260);
        assert_eq!(TableTest::Order.shuffles_needed(6), 3_600);
        assert_eq!(TableTest::Order.shuffles_needed(52), u64::MAX);
        let printed = text(&report);
        assert!(
            printed.contains(
                "  pair test:     not run: it needs at least 13260 shuffles of 52 cards \
                 (5 expected per cell)"
            ),
            "{printed}"
        );
        assert!(!printed.contains("order test"), "{printed}");

        let six = measure(&REFERENCE, &settings(Algorithm::Rand, 6, 3_599), |_| {});
        assert!(six.position.is_some() && six.pair.is_some() && six.order.is_none());
        assert!(text(&six).contains("order test:    not run: it needs at least 3600"));
        let six = measure(&REFERENCE, &settings(Algorithm::Rand, 6, 3_600), |_| {});
        assert!(six.order.is_some());
        assert!(text(&six).contains("order test:    chi-square"));
    }
}
