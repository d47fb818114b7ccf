//! The `fairness` report for people: the tests, the counts, the verdict
//! and a text heatmap of the position counts, as `shuffler fairness`
//! prints it by default.

use grading::stats;

use crate::report::{MAX_ORDER_CARDS, Report, TableTest};

/// The algorithm's own setting, in words, for the algorithms that have
/// one: "7 riffles", "keys from 0..256", "13 cards dealt, the rest left".
pub(crate) fn setting(report: &Report) -> Option<String> {
    match (report.riffles, report.keys, report.dealt) {
        (Some(k), _, _) => Some(format!("{k} riffles")),
        (_, Some(keys), _) => Some(format!("keys from 0..{keys}")),
        (_, _, Some(k)) => Some(format!("{k} cards dealt, the rest left")),
        _ => None,
    }
}

/// The report for people: the tests, the verdict and a text heatmap of the
/// position counts, each as its z against a fair shuffle.
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
    // Each cell in standard deviations from what a fair shuffle expects,
    // as the SVG heatmaps colour it: on a count/expected scale, pure noise
    // at 1,000 shuffles (about 19 per cell, ±23 %) printed as bias.
    let _ = writeln!(
        out,
        "\nPosition (row) by card (column), z of each count:\n  \
         = below -4  - below -2  . within 2  + above 2  # above 4\n  \
         (a fair shuffle puts about 1 cell in 22 beyond 2, 1 in 15,800 beyond 4)"
    );
    let p = 1.0 / n as f64;
    let expected = report.shuffles as f64 * p;
    let sd = (expected * (1.0 - p)).sqrt();
    for row in &report.positions {
        let line: String = row
            .iter()
            .map(|&c| z_symbol((c as f64 - expected) / sd))
            .collect();
        let _ = writeln!(out, "  |{line}|");
    }
    out
}

/// A cell of the text heatmap: its z on the scale of the legend.
fn z_symbol(z: f64) -> char {
    match z {
        z if z < -4.0 => '=',
        z if z < -2.0 => '-',
        z if z <= 2.0 => '.',
        z if z <= 4.0 => '+',
        _ => '#',
    }
}

#[cfg(test)]
mod tests {
    use super::z_symbol;
    use crate::fairness::tests::{REFERENCE, settings};
    use crate::fairness::{Algorithm, measure, text};

    /// At 1,000 fair shuffles of 52 cards (about 19 per cell) the map is
    /// dots, with about 1 cell in 22 a `+` or `-`; on the old
    /// count/expected scale most cells printed as off by 5 % or more.
    #[test]
    fn a_fair_map_at_1000_shuffles_is_mostly_dots() {
        let report = measure(&REFERENCE, &settings(Algorithm::Rand, 52, 1000), |_| {});
        let printed = text(&report);
        let map: String = printed
            .lines()
            .filter_map(|line| line.strip_prefix("  |")?.strip_suffix('|'))
            .collect();
        assert_eq!(map.chars().count(), 52 * 52, "{printed}");
        let dots = map.chars().filter(|&c| c == '.').count();
        let strong = map.chars().filter(|&c| c == '#' || c == '=').count();
        assert!(dots as f64 / 2704.0 > 0.93 && strong <= 2, "{printed}");
    }

    /// Noise of a fair shuffle prints as dots; only a deviation of
    /// standard deviations, not of percent, prints as bias.
    #[test]
    fn the_map_is_drawn_in_z() {
        let symbols: String = [-4.5, -3.0, -1.9, 0.0, 2.0, 2.5, 4.5]
            .into_iter()
            .map(z_symbol)
            .collect();
        assert_eq!(symbols, "=-...+#");
    }
}
