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

use std::convert::Infallible;

use rand::seq::SliceRandom;
use rand::{Rng, TryRng};
use serde::Serialize;

use grading::stats::{self, ChiSquare};
use grading::{Implementation, algorithms, seeded};

/// The shuffles the report can measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// The lab's perfect shuffle (of a fresh deck each time).
    Perfect,
    /// The lab's selection shuffle, retrying on used cards.
    Selection,
    /// The lab's efficient selection shuffle (Fisher–Yates).
    Efficient,
    /// Swap every position with any position.
    Naive,
    /// Fisher–Yates with r in 0..k (Sattolo's algorithm).
    Sattolo,
    /// rand's `SliceRandom::shuffle`.
    Rand,
    /// `--times` Gilbert–Shannon–Reeds riffles with `riffle_shuffle`, the
    /// bonus exercise.
    Riffle,
    /// Rust's `sort_by` with a comparator that answers at random, like
    /// JavaScript's `sort(() => Math.random() - 0.5)`.
    ComparatorSort,
    /// Sort by a random key per card, drawn from `--keys` values; cards
    /// whose keys tie keep their order.
    RandomKeys,
    /// Fisher and Yates's pencil-and-paper method of 1938.
    PencilAndPaper,
    /// The inside-out Fisher–Yates, which builds a shuffled copy.
    InsideOut,
    /// Deal `--deal` cards with Fisher–Yates and leave the rest as it is.
    Deal,
}

/// What to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub algorithm: Algorithm,
    pub cards: usize,
    pub shuffles: u64,
    pub seed: u64,
    /// Riffles per shuffle, for `riffle`.
    pub times: u32,
    /// How many values a key is drawn from, for `random-keys`.
    pub keys: u64,
    /// How many cards are dealt, for `deal`.
    pub deal: usize,
}

/// The largest deck the order test covers: 6! = 720 cells.
pub const MAX_ORDER_CARDS: usize = 6;
/// The smallest expected count per cell a chi-square test accepts.
const MIN_EXPECTED: u64 = 5;
/// The fewest shuffles a report takes: the one-number counts lean on a
/// normal approximation that needs about this many (see [`CountTest`]).
pub const MIN_SHUFFLES: u64 = 1_000;

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

impl Settings {
    /// Checks the settings: a deck of 2 cards or more, and at least
    /// [`MIN_SHUFFLES`] shuffles. A chi-square test that would have fewer
    /// than 5 expected per cell is left out of the report, not refused.
    pub fn validate(&self) -> Result<(), String> {
        if self.cards < 2 {
            return Err("a deck needs at least 2 cards to be shuffled".into());
        }
        if self.algorithm == Algorithm::Deal && self.deal > self.cards {
            return Err(format!(
                "cannot deal {} cards from a deck of {}",
                self.deal, self.cards
            ));
        }
        if self.algorithm == Algorithm::RandomKeys && self.keys == 0 {
            return Err("random keys need at least 1 value to be drawn from".into());
        }
        if self.shuffles < MIN_SHUFFLES {
            return Err(format!(
                "{} shuffles are too few: the report needs at least {MIN_SHUFFLES}",
                self.shuffles
            ));
        }
        Ok(())
    }
}

/// n!, saturating: only decks of up to 6 cards are counted by order, but
/// [`TableTest::shuffles_needed`] may be asked about any deck.
fn factorial(n: usize) -> u64 {
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

/// One of the targeted counts, summed over the shuffles and compared with
/// its exact mean and variance under a uniform shuffle. The sum of N
/// independent counts is close to normal: z is its distance from the mean
/// in standard deviations, and the p-value is two-sided (one degree of
/// freedom). The normal tail is an approximation; with the 1,000 or more
/// shuffles a report needs, the counts' skewness (at most 1, for fixed
/// points) shrinks to 1/√N ≈ 0.03 or less in the sum.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountTest {
    /// What is counted, per shuffle.
    pub name: &'static str,
    /// Its average over the shuffles.
    pub mean: f64,
    /// Its exact average under a uniform shuffle.
    pub expected: f64,
    pub z: f64,
    pub p_value: f64,
}

/// The exact mean and variance, under a uniform shuffle of n ≥ 2 cards,
/// of the number of successions, of rising sequences and of fixed points.
/// (Checked over every order of 2 to 7 cards in the tests.)
pub fn count_moments(n: usize) -> [(&'static str, f64, f64); 3] {
    let n = n as f64;
    [
        ("successions", (n - 1.0) / n, (n * n - n - 1.0) / (n * n)),
        ("rising sequences", (n + 1.0) / 2.0, (n + 1.0) / 12.0),
        ("fixed points", 1.0, 1.0),
    ]
}

/// The three counts of one order of 0..n.
fn counts_of(order: &[usize]) -> [u64; 3] {
    let successions = order.windows(2).filter(|w| w[1] == w[0] + 1).count();
    let fixed = order.iter().enumerate().filter(|(i, c)| i == *c).count();
    [
        successions as u64,
        algorithms::rising_sequences(order) as u64,
        fixed as u64,
    ]
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
    /// The test with the smallest p-value, which decided the verdict.
    pub decided_by: String,
    /// Counts of card (column) at position (row).
    pub positions: Vec<Vec<u64>>,
    /// Counts of card a (row) followed by card b (column), one rotating slot
    /// per shuffle.
    pub pairs: Vec<Vec<u64>>,
}

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
        let result = match settings.algorithm {
            Algorithm::Perfect => (implementation.perfect_shuffle)(&deck),
            Algorithm::Selection => (implementation.selection_shuffle)(&deck, &mut rng),
            Algorithm::Efficient => in_place(&deck, |d| {
                (implementation.efficient_selection_shuffle)(d, &mut rng)
            }),
            Algorithm::Naive => in_place(&deck, |d| algorithms::naive_shuffle(d, &mut rng)),
            Algorithm::Sattolo => in_place(&deck, |d| algorithms::sattolo_shuffle(d, &mut rng)),
            Algorithm::Rand => in_place(&deck, |d| d.shuffle(&mut rng)),
            Algorithm::Riffle => (0..settings.times).fold(deck.clone(), |d, _| {
                (implementation.riffle_shuffle)(&d, &mut rng)
            }),
            Algorithm::ComparatorSort => in_place(&deck, |d| {
                let sorted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    algorithms::comparator_sort(d, &mut rng)
                }));
                panics += u64::from(sorted.is_err());
            }),
            Algorithm::RandomKeys => in_place(&deck, |d| {
                algorithms::random_keys(d, settings.keys, &mut rng)
            }),
            Algorithm::PencilAndPaper => algorithms::pencil_and_paper(&deck, &mut rng),
            Algorithm::InsideOut => algorithms::inside_out(&deck, &mut rng),
            Algorithm::Deal => in_place(&deck, |d| algorithms::deal(d, settings.deal, &mut rng)),
        };
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

fn in_place(deck: &[i32], shuffle: impl FnOnce(&mut [i32])) -> Vec<i32> {
    let mut cards = deck.to_vec();
    shuffle(&mut cards);
    cards
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
#[cfg(test)]
fn rank(cards: &[i32], n: usize) -> Option<usize> {
    as_order(cards, n).map(|order| algorithms::lexicographic_rank(&order))
}

/// The targeted counts' tests from their totals. Shuffles that lost or
/// repeated a card are left out of them (the position test fails those);
/// if any were, each count is failed outright.
fn count_tests(n: usize, totals: [u64; 3], ordered: u64, shuffles: u64) -> Vec<CountTest> {
    count_moments(n)
        .into_iter()
        .zip(totals)
        .map(|((name, mean, variance), total)| {
            let runs = ordered.max(1) as f64;
            let z = (total as f64 - runs * mean) / (runs * variance).sqrt();
            let p_value = if ordered < shuffles {
                0.0
            } else {
                stats::upper_tail(1.0, z * z)
            };
            CountTest {
                name,
                mean: total as f64 / runs,
                expected: mean,
                z,
                p_value,
            }
        })
        .collect()
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

fn summarise(
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
    let mut tests: Vec<(&str, f64)> = [
        (TableTest::Position, &position),
        (TableTest::Pair, &pair),
        (TableTest::Order, &order),
    ]
    .into_iter()
    .filter_map(|(test, result)| result.as_ref().map(|r| (test.name(), r.p_value)))
    .collect();
    tests.extend(counts.iter().map(|c| (c.name, c.p_value)));
    let per_test = stats::ALPHA / tests.len() as f64;
    let (decider, smallest) = tests
        .iter()
        .copied()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or(("successions", 1.0));
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

/// The algorithm's own setting, in words, for the algorithms that have
/// one: "7 riffles", "keys from 0..256", "13 cards dealt, the rest left".
fn setting(report: &Report) -> Option<String> {
    match (report.riffles, report.keys, report.dealt) {
        (Some(k), _, _) => Some(format!("{k} riffles")),
        (_, Some(keys), _) => Some(format!("keys from 0..{keys}")),
        (_, _, Some(k)) => Some(format!("{k} cards dealt, the rest left")),
        _ => None,
    }
}

/// The report for people: the tests, the verdict and a text heatmap of the
/// position counts against their expected value.
pub fn text(report: &Report) -> String {
    use std::fmt::Write;
    let n = report.cards;
    let mut out = String::new();
    let detail = setting(report).map_or(String::new(), |s| format!(" ({s})"));
    let _ = writeln!(
        out,
        "{:?}{detail}: {} shuffles of {n} cards, seed {}",
        report.algorithm, report.shuffles, report.seed
    );
    if let Some(panics) = report.panics {
        let _ = writeln!(
            out,
            "  the sort panicked in {panics} of {} shuffles (\"does not correctly implement a \
             total order\"); each deck is counted as the sort left it",
            report.shuffles
        );
    }
    for (test, result) in [
        (TableTest::Position, &report.position),
        (TableTest::Pair, &report.pair),
        (TableTest::Order, &report.order),
    ] {
        let label = format!("{} test:", test.name());
        match result {
            Some(r) => {
                let _ = writeln!(
                    out,
                    "  {label:<14} chi-square {:.1}, {} df, p {}",
                    r.chi_square,
                    r.df,
                    stats::format_p(r.p_value)
                );
            }
            // The order test is not offered beyond 6 cards at all.
            None if test == TableTest::Order && n > MAX_ORDER_CARDS => {}
            None => {
                let _ = writeln!(
                    out,
                    "  {label:<14} not run: it needs at least {} shuffles of {n} cards \
                     (5 expected per cell)",
                    test.shuffles_needed(n)
                );
            }
        }
    }
    for count in &report.counts {
        let _ = writeln!(
            out,
            "  {:<17} {:.4} per shuffle (fair: {:.4}), z = {:.1}, p {}",
            format!("{}:", count.name),
            count.mean,
            count.expected,
            count.z,
            stats::format_p(count.p_value)
        );
    }
    let _ = writeln!(
        out,
        "  mean card value per position: lowest {:.3}, highest {:.3} (fair: {:.1} everywhere)",
        report.lowest_mean_card,
        report.highest_mean_card,
        (n as f64 - 1.0) / 2.0
    );
    let _ = writeln!(
        out,
        "  random draws per shuffle: {:.2}",
        report.draws_per_shuffle
    );
    let _ = writeln!(
        out,
        "  verdict: {} (decided by the {} test; alpha 1e-6 for the whole report)",
        report.verdict, report.decided_by
    );
    let _ = writeln!(
        out,
        "\nPosition (row) by card (column), count / expected:  ' ' <0.5  . <0.8  - <0.95  = ~1  + >1.05  * >1.2  # >1.5"
    );
    let expected = report.shuffles as f64 / n as f64;
    for row in &report.positions {
        let line: String = row
            .iter()
            .map(|&c| match c as f64 / expected {
                r if r < 0.5 => ' ',
                r if r < 0.8 => '.',
                r if r < 0.95 => '-',
                r if r <= 1.05 => '=',
                r if r <= 1.2 => '+',
                r if r <= 1.5 => '*',
                _ => '#',
            })
            .collect();
        let _ = writeln!(out, "  |{line}|");
    }
    out
}

/// The width the book's column shows a figure at, in pixels: figures are
/// drawn at this size, so their text is shown at the size it is set in.
pub const FIGURE_WIDTH: u32 = 740;
/// The smallest text a figure uses, in pixels.
pub const SMALLEST_TEXT: u32 = 12;

/// A sans-serif font that the SVG shows `pixels` high, at least
/// [`SMALLEST_TEXT`]. plotters writes a font size of s as s / 1.24 pixels,
/// so the size asked for is scaled up by that (and a hair more).
fn font(pixels: u32) -> (&'static str, f64) {
    ("sans-serif", f64::from(pixels.max(SMALLEST_TEXT)) * 1.25)
}

/// Writes heatmaps of the position and pair counts, each cell coloured by
/// its count over the count a fair shuffle expects: blue below, white at,
/// red above, with the scale beside them and a key for the pair map's
/// grey diagonal.
pub fn svg(report: &Report, path: &std::path::Path) -> anyhow::Result<()> {
    use plotters::prelude::*;

    let n = report.cards;
    let position_expected = report.shuffles as f64 / n as f64;
    let pair_expected = report.shuffles as f64 / (n * (n - 1)) as f64;
    let text = font;
    let root = SVGBackend::new(path, (FIGURE_WIDTH, 430)).into_drawing_area();
    root.fill(&WHITE)?;
    let detail = setting(report).map_or(String::new(), |s| format!(", {s}"));
    let title = format!(
        "{:?}{detail}: {} shuffles of {n} cards, seed {}; verdict: {}",
        report.algorithm, report.shuffles, report.seed, report.verdict
    );
    let root = root.titled(&title, text(15))?;
    let (body, key) = root.split_vertically(370);
    let (maps, legend) = body.split_horizontally(FIGURE_WIDTH - 80);
    let panels = maps.split_evenly((1, 2));
    let heatmaps = [
        (
            &report.positions,
            position_expected,
            "where each card lands",
            "card",
            "position",
        ),
        (
            &report.pairs,
            pair_expected,
            "which card follows which",
            "next card",
            "card",
        ),
    ];
    let step = match n {
        0..=10 => 1,
        11..=25 => 5,
        _ => 10,
    };
    let ticks = n.div_ceil(step) + 1;
    for (panel, (counts, expected, caption, x_label, y_label)) in panels.iter().zip(heatmaps) {
        let mut chart = ChartBuilder::on(panel)
            .caption(caption, text(14))
            .margin(6)
            .x_label_area_size(38)
            .y_label_area_size(46)
            .build_cartesian_2d(0..n, 0..n)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(ticks)
            .y_labels(ticks)
            .x_label_formatter(&|v| {
                if v % step == 0 {
                    v.to_string()
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|v| {
                if v % step == 0 {
                    v.to_string()
                } else {
                    String::new()
                }
            })
            .label_style(text(12))
            .axis_desc_style(text(13))
            .x_desc(x_label)
            .y_desc(y_label)
            .draw()?;
        chart.draw_series(counts.iter().enumerate().flat_map(|(row, cells)| {
            cells.iter().enumerate().map(move |(column, &count)| {
                let ratio = count as f64 / expected;
                let colour = if row == column && y_label == "card" {
                    NEVER
                } else {
                    diverging(ratio)
                };
                Rectangle::new([(column, row), (column + 1, row + 1)], colour.filled())
            })
        }))?;
    }
    let mut scale = ChartBuilder::on(&legend)
        .margin_top(34)
        .margin_bottom(44)
        .margin_left(10)
        .margin_right(30)
        .y_label_area_size(34)
        .build_cartesian_2d(0.0..1.0, 0.0..2.0)?;
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(5)
        .label_style(text(12))
        .draw()?;
    scale.draw_series((0..200).map(|i| {
        let low = i as f64 / 100.0;
        Rectangle::new(
            [(0.0, low), (1.0, low + 0.01)],
            diverging(low + 0.005).filled(),
        )
    }))?;
    // The key: what the colours mean, and the grey that is not a count.
    let swatch = |x: i32, colour: RGBColor, words: &str| -> anyhow::Result<()> {
        key.draw(&Rectangle::new([(x, 14), (x + 14, 28)], colour.filled()))?;
        key.draw(&Rectangle::new(
            [(x, 14), (x + 14, 28)],
            BLACK.stroke_width(1),
        ))?;
        key.draw(&Text::new(words.to_string(), (x + 20, 14), text(12)))?;
        Ok(())
    };
    swatch(10, diverging(0.0), "count / expected below 1")?;
    swatch(210, diverging(2.0), "above 1 (white: as expected)")?;
    swatch(450, NEVER, "a card cannot follow itself")?;
    root.present()?;
    Ok(())
}

/// The pair map's diagonal: a card followed by itself, which no order has.
const NEVER: plotters::style::RGBColor = plotters::style::RGBColor(190, 190, 190);

/// Draws total variation distance from uniform against the number of
/// riffles, as a line chart with its points marked.
pub fn riffle_svg(
    cards: usize,
    distances: &[(u32, f64)],
    path: &std::path::Path,
) -> anyhow::Result<()> {
    use plotters::prelude::*;

    let text = font;
    let root = SVGBackend::new(path, (FIGURE_WIDTH, 440)).into_drawing_area();
    root.fill(&WHITE)?;
    let most = distances.iter().map(|(k, _)| *k).max().unwrap_or(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("How far {cards} cards are from uniform after k riffles (GSR model)"),
            text(15),
        )
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0u32..most + 1, 0.0..1.0)?;
    chart
        .configure_mesh()
        .x_desc("riffles k")
        .y_desc("total variation distance")
        .x_labels(most as usize + 2)
        .label_style(text(12))
        .axis_desc_style(text(13))
        .draw()?;
    chart.draw_series(LineSeries::new(
        distances.iter().copied(),
        RED.stroke_width(2),
    ))?;
    chart.draw_series(
        distances
            .iter()
            .map(|&(k, d)| Circle::new((k, d), 4, RED.filled())),
    )?;
    root.present()?;
    Ok(())
}

/// Blue for ratios below 1, white at 1, red above; saturates at 0 and 2.
fn diverging(ratio: f64) -> plotters::style::RGBColor {
    let t = (ratio - 1.0).clamp(-1.0, 1.0);
    let fade = |strength: f64| (255.0 * (1.0 - strength)).round() as u8;
    if t < 0.0 {
        plotters::style::RGBColor(fade(-t), fade(-t * 0.6), 255)
    } else {
        plotters::style::RGBColor(255, fade(t * 0.6), fade(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The measured algorithms here are the built-in ones, so any
    /// implementation will do.
    const REFERENCE: grading::Implementation = grading::implementation!(solutions);

    fn settings(algorithm: Algorithm, cards: usize, shuffles: u64) -> Settings {
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
        assert!(
            error.contains("999 shuffles are too few: the report needs at least 1000"),
            "{error}"
        );
        assert!(settings(Algorithm::Rand, 1, 1000).validate().is_err());
        assert!(settings(Algorithm::Rand, 52, 1000).validate().is_ok());
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

    #[test]
    fn writes_a_readable_svg() {
        let report = measure(&REFERENCE, &settings(Algorithm::Sattolo, 6, 5_000), |_| {});
        let file = tempfile::NamedTempFile::new().unwrap();
        svg(&report, file.path()).unwrap();
        let text = std::fs::read_to_string(file.path()).unwrap();
        assert!(text.starts_with("<svg"));
        for words in [
            "where each card lands",
            "which card follows which",
            "count / expected",
            "a card cannot follow itself",
            "verdict: biased",
        ] {
            assert!(text.contains(words), "{words}");
        }
        assert_readable(&text);
        let distances = [(1, 1.0), (2, 0.5)];
        riffle_svg(52, &distances, file.path()).unwrap();
        assert_readable(&std::fs::read_to_string(file.path()).unwrap());
    }

    /// The figure is drawn at the column's width, so its text is shown at
    /// the size it is set in: at least [`SMALLEST_TEXT`] pixels.
    fn assert_readable(svg: &str) {
        assert!(
            svg.contains(&format!("width=\"{FIGURE_WIDTH}\"")),
            "{}",
            &svg[..200]
        );
        let sizes: Vec<f64> = svg
            .split("font-size=\"")
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
            .collect();
        assert!(!sizes.is_empty());
        for size in sizes {
            assert!(size >= f64::from(SMALLEST_TEXT), "text of {size} px");
        }
    }

    /// The moments the counts are tested against, over every order of 2
    /// to 7 cards: exact, not estimated.
    #[test]
    fn count_moments_are_exact() {
        for n in 2..=7 {
            let orders: Vec<Vec<usize>> = (0..(1..=n).product::<usize>())
                .map(|rank| algorithms::order_at(rank, n))
                .collect();
            for (i, (name, mean, variance)) in count_moments(n).into_iter().enumerate() {
                let values: Vec<f64> = orders.iter().map(|o| counts_of(o)[i] as f64).collect();
                let m = values.iter().sum::<f64>() / values.len() as f64;
                let v = values.iter().map(|x| (x - m).powi(2)).sum::<f64>() / values.len() as f64;
                assert!((m - mean).abs() < 1e-12, "{name} on {n} cards: mean {m}");
                assert!(
                    (v - variance).abs() < 1e-12,
                    "{name} on {n} cards: variance {v}"
                );
            }
        }
    }

    /// Seven riffles of 52 cards with the bonus reference, seed 1.
    fn seven_riffles(shuffles: u64) -> Report {
        const WITH_RIFFLE: grading::Implementation =
            grading::implementation!(solutions, extensions = solutions::extensions);
        measure(
            &WITH_RIFFLE,
            &settings(Algorithm::Riffle, 52, shuffles),
            |_| {},
        )
    }

    /// The book's worked example. Seven GSR riffles of 52 cards leave
    /// successor pairs about 22 % too frequent. The pair test spreads that
    /// over 2,651 cells and misses it at 20,000 shuffles; the one-number
    /// succession count finds it at z ≈ 6.8 × √20 ≈ 30. Seed fixed. False
    /// alarm: a fair shuffle fails the report with probability at most
    /// 1e-6 (Bonferroni over its five tests; the counts by their normal
    /// approximation), which `tells_a_fair_shuffle_from_sattolo` runs;
    /// power against seven riffles: z ≈ 30 against a line at z ≈ 5.2, so
    /// a miss would take a 25-standard-deviation fluke.
    #[test]
    fn successions_catch_seven_riffles_that_the_pair_test_misses() {
        let report = seven_riffles(20_000);
        assert_eq!(report.verdict, "biased");
        let pair = report
            .pair
            .expect("20,000 shuffles are enough for the pair test");
        assert!(pair.p_value > stats::ALPHA / 5.0, "{}", pair.p_value);
        let successions = &report.counts[0];
        assert!(successions.p_value < stats::ALPHA / 5.0);
        assert_eq!(successions.name, "successions");
        assert!((successions.mean / successions.expected - 1.22).abs() < 0.03);
        assert!((successions.z - 30.0).abs() < 4.0, "z = {}", successions.z);
    }

    /// The same with only 1,000 shuffles, too few for the pair test (it
    /// needs 13,260) but not for the succession count, whose z is about
    /// 0.2145 × √1000 ≈ 6.8 (the book derives it). Four tests run, so each
    /// has alpha 2.5e-7, a line at |z| ≈ 5.16. False alarm: at most 1e-6,
    /// as above. Power of the succession count alone: z ~ N(6.8, 1) stays
    /// above 5.16 with chance about 0.95; the rising sequences (z ≈ −26)
    /// make the verdict certain. Seed 1 gives z = 7.6, which the book
    /// quotes.
    #[test]
    fn successions_catch_seven_riffles_in_1000_shuffles() {
        let report = seven_riffles(1_000);
        assert!(report.pair.is_none());
        assert_eq!(report.verdict, "biased");
        let successions = &report.counts[0];
        assert_eq!(successions.name, "successions");
        assert!(successions.p_value < stats::ALPHA / 4.0);
        assert!((successions.z - 7.6).abs() < 0.05, "z = {}", successions.z);
    }

    #[test]
    fn ranks_only_real_orders() {
        assert_eq!(rank(&[0, 1, 2], 3), Some(0));
        assert_eq!(rank(&[2, 1, 0], 3), Some(5));
        assert_eq!(rank(&[0, 0, 2], 3), None);
    }
}
