//! What shuffling costs in randomness: the draws the lab's selection
//! shuffle makes on average, and the bits of generator state that every
//! order of a deck needs.

use statrs::function::gamma::ln_gamma;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_draws_and_deck_entropy() {
        assert!((selection_shuffle_expected_draws(52) - 235.978).abs() < 1e-3);
        assert!((log2_factorial(52) - 225.581).abs() < 1e-3);
    }
}
