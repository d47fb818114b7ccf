//! The `fairness` report: shuffle a deck many times with one algorithm and
//! measure how far the results are from uniform.
//!
//! Three chi-square tests look at the shuffles from different sides: where
//! each card ends up (positions), which card follows which (pairs), and,
//! for decks of up to 6 cards, how often each whole order comes up. The
//! verdict uses α = 1e-6 for the report as a whole, split evenly among the
//! tests that ran (Bonferroni), so a fair shuffle is called biased with
//! probability at most one in a million.

use std::convert::Infallible;

use rand::seq::SliceRandom;
use rand::{Rng, TryRng};
use serde::Serialize;

use grading::stats::{self, ChiSquare};
use grading::{Implementation, algorithms, seeded};

/// The shuffles the report can measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
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
}

/// The largest deck the order test covers: 6! = 720 cells.
pub const MAX_ORDER_CARDS: usize = 6;
/// The smallest expected count per cell a chi-square test accepts.
const MIN_EXPECTED: f64 = 5.0;

impl Settings {
    /// Checks that every test has enough shuffles: at least 5 expected per
    /// cell, as a chi-square approximation needs.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.cards as f64;
        if self.cards < 2 {
            return Err("a deck needs at least 2 cards to be shuffled".into());
        }
        let mut needs = vec![("position", MIN_EXPECTED * n)];
        needs.push(("pair", MIN_EXPECTED * n * (n - 1.0)));
        if self.cards <= MAX_ORDER_CARDS {
            needs.push(("order", MIN_EXPECTED * factorial(self.cards) as f64));
        }
        for (test, least) in needs {
            if (self.shuffles as f64) < least {
                return Err(format!(
                    "{} shuffles are too few for the {test} test on {} cards: it needs at least \
                     {} (5 expected per cell)",
                    self.shuffles, self.cards, least as u64
                ));
            }
        }
        Ok(())
    }
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
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
    pub position_chi_square: f64,
    pub position_df: f64,
    pub position_p_value: f64,
    pub pair_chi_square: f64,
    pub pair_df: f64,
    pub pair_p_value: f64,
    pub order: Option<ChiSquareResult>,
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
        if order_cells.is_some()
            && let Some(rank) = rank(&result, n)
        {
            orders[rank] += 1;
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
        rng.draws,
    )
}

fn in_place(deck: &[i32], shuffle: impl FnOnce(&mut [i32])) -> Vec<i32> {
    let mut cards = deck.to_vec();
    shuffle(&mut cards);
    cards
}

/// The lexicographic rank of an order of 0..n, if it is one.
fn rank(order: &[i32], n: usize) -> Option<usize> {
    let mut seen = vec![false; n];
    let mut cards = Vec::with_capacity(n);
    for &card in order {
        let card = usize::try_from(card).ok().filter(|&c| c < n && !seen[c])?;
        seen[card] = true;
        cards.push(card);
    }
    (cards.len() == n).then(|| grading::algorithms::lexicographic_rank(&cards))
}

fn summarise(
    settings: &Settings,
    positions: Vec<Vec<u64>>,
    pairs: Vec<Vec<u64>>,
    orders: Option<Vec<u64>>,
    draws: u64,
) -> Report {
    let n = settings.cards;
    let position = ChiSquareResult::from(stats::position_chi_square(&positions, settings.shuffles));
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
    let pair_cells = off_diagonal.len() as f64;
    let mut pair = ChiSquareResult::from(stats::goodness_of_fit(
        &off_diagonal,
        &vec![1.0 / pair_cells; off_diagonal.len()],
    ));
    // Pairs of a card with itself cannot occur in a permutation; a shuffle
    // that produces them has lost cards, which the position test shows.
    if pairs.iter().enumerate().any(|(a, row)| row[a] > 0) {
        pair.p_value = 0.0;
    }
    let order = orders.map(|counts| {
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
    let mut tests = vec![("position", position.p_value), ("pair", pair.p_value)];
    if let Some(order) = &order {
        tests.push(("order", order.p_value));
    }
    let per_test = stats::ALPHA / tests.len() as f64;
    let (decider, smallest) = tests
        .iter()
        .copied()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or(("position", 1.0));
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
        position_chi_square: position.chi_square,
        position_df: position.df,
        position_p_value: position.p_value,
        pair_chi_square: pair.chi_square,
        pair_df: pair.df,
        pair_p_value: pair.p_value,
        order,
        lowest_mean_card: means.iter().copied().fold(f64::INFINITY, f64::min),
        highest_mean_card: means.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        draws_per_shuffle: draws as f64 / settings.shuffles as f64,
        verdict: verdict.into(),
        decided_by: decider.into(),
        positions,
        pairs,
    }
}

/// The report for people: the tests, the verdict and a text heatmap of the
/// position counts against their expected value.
pub fn text(report: &Report) -> String {
    use std::fmt::Write;
    let n = report.cards;
    let mut out = String::new();
    let riffles = report
        .riffles
        .map_or(String::new(), |k| format!(" ({k} riffles)"));
    let _ = writeln!(
        out,
        "{:?}{riffles}: {} shuffles of {n} cards, seed {}",
        report.algorithm, report.shuffles, report.seed
    );
    let _ = writeln!(
        out,
        "  position test: chi-square {:.1}, {} df, p {}",
        report.position_chi_square,
        report.position_df,
        stats::format_p(report.position_p_value)
    );
    let _ = writeln!(
        out,
        "  pair test:     chi-square {:.1}, {} df, p {}",
        report.pair_chi_square,
        report.pair_df,
        stats::format_p(report.pair_p_value)
    );
    if let Some(order) = &report.order {
        let _ = writeln!(
            out,
            "  order test:    chi-square {:.1}, {} df, p {}",
            order.chi_square,
            order.df,
            stats::format_p(order.p_value)
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

/// Writes heatmaps of the position and pair counts, each cell coloured by
/// its count over the count a fair shuffle expects: blue below, white at,
/// red above, with the scale beside them.
pub fn svg(report: &Report, path: &std::path::Path) -> anyhow::Result<()> {
    use plotters::prelude::*;

    let n = report.cards;
    let position_expected = report.shuffles as f64 / n as f64;
    let pair_expected = report.shuffles as f64 / (n * (n - 1)) as f64;
    let root = SVGBackend::new(path, (1320, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let riffles = report
        .riffles
        .map_or(String::new(), |k| format!(", {k} riffles"));
    let title = format!(
        "{:?}{riffles}: {} shuffles of {n} cards (seed {}), verdict: {}",
        report.algorithm, report.shuffles, report.seed, report.verdict
    );
    let root = root.titled(&title, ("sans-serif", 22))?;
    let (maps, legend) = root.split_horizontally(1200);
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
    for (panel, (counts, expected, caption, x_label, y_label)) in panels.iter().zip(heatmaps) {
        let mut chart = ChartBuilder::on(panel)
            .caption(caption, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(44)
            .build_cartesian_2d(0..n, 0..n)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .draw()?;
        chart.draw_series(counts.iter().enumerate().flat_map(|(row, cells)| {
            cells.iter().enumerate().map(move |(column, &count)| {
                let ratio = count as f64 / expected;
                let colour = if row == column && y_label == "card" {
                    RGBColor(200, 200, 200)
                } else {
                    diverging(ratio)
                };
                Rectangle::new([(column, row), (column + 1, row + 1)], colour.filled())
            })
        }))?;
    }
    let mut scale = ChartBuilder::on(&legend)
        .margin_top(60)
        .margin_bottom(40)
        .y_label_area_size(50)
        .caption("count / expected", ("sans-serif", 14))
        .build_cartesian_2d(0.0..1.0, 0.0..2.0)?;
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(9)
        .draw()?;
    scale.draw_series((0..200).map(|i| {
        let low = i as f64 / 100.0;
        Rectangle::new(
            [(0.0, low), (1.0, low + 0.01)],
            diverging(low + 0.005).filled(),
        )
    }))?;
    root.present()?;
    Ok(())
}

/// Draws total variation distance from uniform against the number of
/// riffles, as a line chart with its points marked.
pub fn riffle_svg(
    cards: usize,
    distances: &[(u32, f64)],
    path: &std::path::Path,
) -> anyhow::Result<()> {
    use plotters::prelude::*;

    let root = SVGBackend::new(path, (800, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let most = distances.iter().map(|(k, _)| *k).max().unwrap_or(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("How far {cards} cards are from uniform after k riffles (GSR model)"),
            ("sans-serif", 20),
        )
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0u32..most + 1, 0.0..1.0)?;
    chart
        .configure_mesh()
        .x_desc("riffles k")
        .y_desc("total variation distance")
        .x_labels(most as usize + 2)
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
        let error = settings(Algorithm::Rand, 52, 1000).validate().unwrap_err();
        assert!(
            error.contains("pair test on 52 cards: it needs at least 13260"),
            "{error}"
        );
        assert!(settings(Algorithm::Rand, 1, 1000).validate().is_err());
        assert!(settings(Algorithm::Rand, 4, 1000).validate().is_ok());
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
            "verdict: biased",
        ] {
            assert!(text.contains(words), "{words}");
        }
    }

    #[test]
    fn ranks_only_real_orders() {
        assert_eq!(rank(&[0, 1, 2], 3), Some(0));
        assert_eq!(rank(&[2, 1, 0], 3), Some(5));
        assert_eq!(rank(&[0, 0, 2], 3), None);
    }
}
