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
