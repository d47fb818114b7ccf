//! The few statistics the checks and the fairness report need, built on
//! statrs' distributions.
//!
//! Every statistical check in the suite rejects at [`ALPHA`]: a correct
//! implementation fails it with probability at most one in a million, for
//! whatever stream of random numbers it happens to draw. Each check states
//! its power against a named wrong implementation; `tests::stated_powers`
//! recomputes those figures from exact distributions.

use statrs::distribution::{Binomial, ChiSquared, ContinuousCDF, Discrete, DiscreteCDF, Poisson};
use statrs::stats_tests::chisquare::chisquare;

/// The false-alarm probability of every statistical check.
pub const ALPHA: f64 = 1e-6;

/// A chi-square statistic with its degrees of freedom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChiSquare {
    /// The statistic.
    pub statistic: f64,
    /// Its degrees of freedom.
    pub df: f64,
}

impl ChiSquare {
    /// The probability of a statistic at least this large under the null
    /// hypothesis.
    pub fn p_value(&self) -> f64 {
        upper_tail(self.df, self.statistic)
    }

    /// The largest statistic a check at [`ALPHA`] accepts.
    pub fn critical(df: f64) -> f64 {
        critical_value(df, ALPHA)
    }

    /// Whether the statistic is beyond the [`ALPHA`] critical value.
    pub fn rejects(&self) -> bool {
        self.p_value() < ALPHA
    }
}

/// A p-value for a report: `2.7e-69`, or `< 1e-300` once it underflows.
pub fn format_p(p: f64) -> String {
    if p < 1e-300 {
        "< 1e-300".into()
    } else {
        format!("= {p:.1e}")
    }
}

/// P(χ²(df) ≥ x).
pub fn upper_tail(df: f64, x: f64) -> f64 {
    ChiSquared::new(df).expect("df > 0").sf(x)
}

/// The x with P(χ²(df) ≥ x) = alpha.
pub fn critical_value(df: f64, alpha: f64) -> f64 {
    ChiSquared::new(df)
        .expect("df > 0")
        .inverse_cdf(1.0 - alpha)
}

/// Pearson's goodness-of-fit statistic of counts against cell
/// probabilities (statrs' `chisquare`); df is the number of cells less one.
///
/// # Panics
///
/// If the slices differ in length, have fewer than two cells, or the
/// probabilities do not add up to one.
pub fn goodness_of_fit(observed: &[u64], probabilities: &[f64]) -> ChiSquare {
    assert_eq!(observed.len(), probabilities.len());
    assert!(observed.len() >= 2);
    let sum: f64 = probabilities.iter().sum();
    assert!(
        (sum - 1.0).abs() < 1e-9,
        "the cell probabilities add up to {sum}, not 1"
    );
    let total: u64 = observed.iter().sum();
    let mut cells: Vec<(usize, f64)> = observed
        .iter()
        .zip(probabilities)
        .map(|(&o, &p)| {
            (
                usize::try_from(o).expect("a count fits in usize"),
                total as f64 * p,
            )
        })
        .collect();
    // statrs refuses expected counts whose sum is more than 1e-14 away from
    // the observed total, and adding up thousands of cells (2,652 in the
    // 52-card pair test) rounds further than that. The largest cell, moved
    // last (the order does not change the sum), takes the rounding.
    let last = cells.len() - 1;
    let largest = (0..cells.len())
        .max_by(|&a, &b| cells[a].1.total_cmp(&cells[b].1))
        .expect("two cells");
    cells.swap(largest, last);
    let others: f64 = cells[..last].iter().map(|&(_, e)| e).sum();
    cells[last].1 = total as f64 - others;
    let (observed, expected): (Vec<usize>, Vec<f64>) = cells.into_iter().unzip();
    let (statistic, _) = chisquare(&observed, Some(&expected), None)
        .expect("two or more cells whose expected counts add up to the total");
    ChiSquare {
        statistic,
        df: last as f64,
    }
}

/// The chi-square statistic of an n×n position-by-card count matrix from
/// `shuffles` uniform random permutations.
///
/// Each shuffle puts exactly one card in each position, so the counts are
/// tied together by their row and column sums and Pearson's sum overshoots:
/// its mean is n(n − 1), not (n − 1)². The vectorised permutation matrix
/// has a covariance that is the same in every direction of the
/// (n − 1)²-dimensional space its fluctuations live in (the group of
/// row and column relabellings acts irreducibly there), so scaling the sum
/// by (n − 1)/n gives a statistic that is χ² with (n − 1)² degrees of
/// freedom for many shuffles.
///
/// # Panics
///
/// If the matrix is not square or has fewer than two rows.
pub fn position_chi_square(counts: &[Vec<u64>], shuffles: u64) -> ChiSquare {
    let n = counts.len();
    assert!(n >= 2 && counts.iter().all(|row| row.len() == n));
    let expected = shuffles as f64 / n as f64;
    let pearson: f64 = counts
        .iter()
        .flatten()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    ChiSquare {
        statistic: pearson * (n - 1) as f64 / n as f64,
        df: ((n - 1) * (n - 1)) as f64,
    }
}

/// Pearson's test of independence for a 2×2 table, df 1.
pub fn independence_2x2(table: [[u64; 2]; 2]) -> ChiSquare {
    let total: u64 = table.iter().flatten().sum();
    let rows = [table[0][0] + table[0][1], table[1][0] + table[1][1]];
    let columns = [table[0][0] + table[1][0], table[0][1] + table[1][1]];
    let mut statistic = 0.0;
    for i in 0..2 {
        for j in 0..2 {
            let e = rows[i] as f64 * columns[j] as f64 / total as f64;
            if e > 0.0 {
                statistic += (table[i][j] as f64 - e).powi(2) / e;
            }
        }
    }
    ChiSquare { statistic, df: 1.0 }
}

/// Exact two-sided binomial test: the probability, under Binomial(n, p), of
/// an outcome at most as likely as `k`.
pub fn binomial_two_sided(k: u64, n: u64, p: f64) -> f64 {
    let distribution = Binomial::new(p, n).expect("0 <= p <= 1");
    // The relative slack treats outcomes whose probabilities differ only by
    // rounding as equally likely, as R's binom.test does.
    let observed = distribution.pmf(k) * (1.0 + 1e-7);
    (0..=n)
        .map(|i| distribution.pmf(i))
        .filter(|&q| q <= observed)
        .sum::<f64>()
        .min(1.0)
}

/// The acceptance region {k : two-sided p-value ≥ ALPHA} of
/// [`binomial_two_sided`], as an inclusive range.
///
/// Worked out once per `(n, p)` and process: a region takes n + 1
/// probabilities and a sort (about 1 ms for the coin's 6,000 flips), and
/// every submission's check asks for the same few.
pub fn binomial_acceptance(n: u64, p: f64) -> (u64, u64) {
    use std::collections::BTreeMap;
    use std::sync::Mutex;
    /// Each region worked out so far, by `n` and `p`'s bits.
    type Regions = BTreeMap<(u64, u64), (u64, u64)>;
    static REGIONS: Mutex<Regions> = Mutex::new(BTreeMap::new());
    let key = (n, p.to_bits());
    if let Some(&region) = REGIONS.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return region;
    }
    let region = acceptance_region(n, p);
    REGIONS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, region);
    region
}

/// [`binomial_acceptance`], worked out.
fn acceptance_region(n: u64, p: f64) -> (u64, u64) {
    let distribution = Binomial::new(p, n).expect("0 <= p <= 1");
    let pmf: Vec<f64> = (0..=n).map(|k| distribution.pmf(k)).collect();
    // Outcomes from least to most likely; the p-value of k is the mass of
    // every outcome up to and including k's place in that order.
    let mut by_likelihood: Vec<u64> = (0..=n).collect();
    by_likelihood.sort_by(|&a, &b| pmf[a as usize].total_cmp(&pmf[b as usize]));
    let mut mass = 0.0;
    let mut rejected = 0;
    for &k in &by_likelihood {
        mass += pmf[k as usize];
        if mass >= ALPHA {
            break;
        }
        rejected += 1;
    }
    let accepted = &by_likelihood[rejected..];
    let low = accepted.iter().min().copied().unwrap_or(0);
    let high = accepted.iter().max().copied().unwrap_or(n);
    (low, high)
}

/// P(Binomial(n, p) falls outside [low, high]): the power of a binomial
/// test whose acceptance region is [low, high] when the truth is p.
pub fn binomial_rejection_probability(n: u64, p: f64, (low, high): (u64, u64)) -> f64 {
    let distribution = Binomial::new(p, n).expect("0 <= p <= 1");
    let below = if low == 0 {
        0.0
    } else {
        distribution.cdf(low - 1)
    };
    below + distribution.sf(high)
}

/// P(noncentral χ²(df, λ) ≥ x), as a Poisson(λ/2) mixture of central χ²s.
///
/// A Pearson statistic over N samples whose true cell probabilities are q
/// instead of p is approximately noncentral χ² with
/// λ = N Σ (q − p)² / p, which is how the checks' stated powers are found.
pub fn noncentral_upper_tail(df: f64, lambda: f64, x: f64) -> f64 {
    let half = lambda / 2.0;
    let weights = Poisson::new(half.max(1e-12)).expect("λ > 0");
    let last = (half + 12.0 * half.sqrt() + 60.0) as u64;
    (0..=last)
        .map(|j| weights.pmf(j) * upper_tail(df + 2.0 * j as f64, x))
        .sum()
}

/// The power of a chi-square check at [`ALPHA`] with the given df against
/// an alternative of noncentrality λ.
pub fn power(df: f64, lambda: f64) -> f64 {
    noncentral_upper_tail(df, lambda, ChiSquare::critical(df))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pearson's sum as written in every textbook.
    fn pearson(observed: &[u64], probabilities: &[f64]) -> f64 {
        let total: u64 = observed.iter().sum();
        observed
            .iter()
            .zip(probabilities)
            .map(|(&o, &p)| (o as f64 - total as f64 * p).powi(2) / (total as f64 * p))
            .sum()
    }

    #[test]
    fn goodness_of_fit_is_pearsons_sum() {
        // SciPy: chisquare([16, 18, 16, 14, 12, 12], [16, 16, 16, 16, 16, 8])
        // has statistic 3.5.
        let model = [16.0, 16.0, 16.0, 16.0, 16.0, 8.0].map(|e| e / 88.0);
        let test = goodness_of_fit(&[16, 18, 16, 14, 12, 12], &model);
        assert!((test.statistic - 3.5).abs() < 1e-12, "{test:?}");
        assert_eq!(test.df, 5.0);
        // The shape of the fairness report's pair test for 52 cards: 52 × 51
        // cells of 1/2652 and about 5.1 million pairs, where the expected
        // counts' sum rounds too far for statrs unless it is fixed up.
        let cells = 52 * 51;
        let observed: Vec<u64> = (0..cells).map(|i| 1873 + (i * 37 % 101) as u64).collect();
        let probabilities = vec![1.0 / cells as f64; cells];
        let test = goodness_of_fit(&observed, &probabilities);
        let expected = pearson(&observed, &probabilities);
        assert!(
            (test.statistic - expected).abs() <= 1e-9 * expected,
            "{} vs {expected}",
            test.statistic
        );
        assert_eq!(test.df, (cells - 1) as f64);
    }

    #[test]
    fn critical_values_match_published_tables() {
        // SciPy: chi2.isf(1e-6, 1) = 23.9281, chi2.isf(1e-6, 23) = 70.5496,
        // chi2.isf(0.05, 3) = 7.8147 (the last is in every printed table).
        assert!((critical_value(1.0, ALPHA) - 23.9281).abs() < 1e-3);
        assert!((critical_value(23.0, ALPHA) - 70.5496).abs() < 1e-3);
        assert!((critical_value(3.0, 0.05) - 7.815).abs() < 1e-3);
    }

    #[test]
    fn noncentral_tail_reduces_to_central_at_zero() {
        let x = 30.0;
        assert!((noncentral_upper_tail(10.0, 0.0, x) - upper_tail(10.0, x)).abs() < 1e-12);
        // SciPy: ncx2.sf(30, 10, 15) = 0.264599.
        assert!((noncentral_upper_tail(10.0, 15.0, x) - 0.264599).abs() < 1e-5);
    }

    #[test]
    fn position_statistic_is_calibrated() {
        // Under a fair shuffle the scaled statistic has mean (n - 1)²; an
        // unscaled one would average n(n - 1). Two thousand 4-card
        // Fisher–Yates shuffles: the mean is 9 ± 0.5.
        use rand::RngExt;
        let mut rng = crate::seeded(11);
        let mut total = 0.0;
        let rounds = 400;
        for _ in 0..rounds {
            let mut counts = vec![vec![0u64; 4]; 4];
            for _ in 0..200 {
                let mut deck = [0usize, 1, 2, 3];
                for k in (1..4).rev() {
                    deck.swap(k, rng.random_range(0..=k));
                }
                for (position, &card) in deck.iter().enumerate() {
                    counts[position][card] += 1;
                }
            }
            total += position_chi_square(&counts, 200).statistic;
        }
        let mean = total / rounds as f64;
        assert!((mean - 9.0).abs() < 0.6, "mean {mean}");
    }

    #[test]
    fn binomial_test_matches_r() {
        // SciPy: binomtest(60, 100, 0.5).pvalue = 0.056888.
        assert!((binomial_two_sided(60, 100, 0.5) - 0.05689).abs() < 1e-4);
        let (low, high) = binomial_acceptance(100, 0.5);
        assert!(low < 50 && high > 50 && high - 50 == 50 - low);
        assert!(binomial_two_sided(low, 100, 0.5) >= ALPHA);
        assert!(binomial_two_sided(low - 1, 100, 0.5) < ALPHA);
    }
}
