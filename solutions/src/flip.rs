use rand::{Rng, RngExt};

/// Flips a weighted coin that comes up `"heads"` twice as often as
/// `"tails"`.
///
/// Heads has probability 2/3, to within 4e-17: `random_ratio(2, 3)`
/// compares one random 64-bit number with 2/3 of 2^64. Each call draws
/// fresh randomness from `rng`, so successive flips are independent.
///
/// Complexity: O(1), one random draw.
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64;
/// use solutions::flip;
///
/// let mut rng = Pcg64::seed_from_u64(7);
/// let heads = (0..3000).filter(|_| flip(&mut rng) == "heads").count();
/// assert!((1800..2200).contains(&heads)); // about 2000
/// ```
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    // ANCHOR: flip
    // `random_ratio(2, 3)` says what it means: true two times in three.
    // rand rounds 2/3 to a double on the way, as `random::<f64>() < 2.0 / 3.0`
    // would; an error below 4e-17 is far beyond what any test can see.
    if rng.random_ratio(2, 3) {
        "heads"
    } else {
        "tails"
    }
    // ANCHOR_END: flip
}

#[cfg(test)]
mod tests {
    use super::flip;
    use crate::test::rng;

    #[test]
    fn only_heads_or_tails() {
        let mut rng = rng(3);
        assert!((0..100).all(|_| matches!(flip(&mut rng), "heads" | "tails")));
    }
}
