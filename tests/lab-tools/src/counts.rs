//! The report's three targeted counts, one number per shuffle each:
//! successions (card a + 1 right after card a), rising sequences and fixed
//! points (card i at position i). A chi-square table of thousands of cells
//! dilutes the faults these look for; each count is tested on its own
//! against its exact mean and variance under a uniform shuffle.

use serde::Serialize;

use grading::{algorithms, stats};

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
pub(crate) fn counts_of(order: &[usize]) -> [u64; 3] {
    let successions = order.windows(2).filter(|w| w[1] == w[0] + 1).count();
    let fixed = order.iter().enumerate().filter(|(i, c)| i == *c).count();
    [
        successions as u64,
        algorithms::rising_sequences(order) as u64,
        fixed as u64,
    ]
}

/// The targeted counts' tests from their totals. Shuffles that lost or
/// repeated a card are left out of them (the position test fails those);
/// if any were, each count is failed outright.
pub(crate) fn count_tests(
    n: usize,
    totals: [u64; 3],
    ordered: u64,
    shuffles: u64,
) -> Vec<CountTest> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fairness::tests::settings;
    use crate::fairness::{Algorithm, Report, measure};

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
}
