//! Checks of `flip`: a coin that shows "heads" with probability 2/3.

use super::coin_probe::{self, Reading, sides};
use crate::stats::{self, ChiSquare};
use crate::{CheckRng, Failure, Functions};

/// Flips for the 2:1 ratio test.
pub(crate) const RATIO_FLIPS: u64 = 6_000;
/// Non-overlapping pairs of flips for the independence test.
pub(crate) const PAIRS: u64 = 3_000;
/// Flips for the exact-odds test: enough to tell 0.66 from 2/3.
pub(crate) const EXACT_FLIPS: u64 = 360_000;
/// Its acceptance region: the counts whose exact two-sided p-value at 2/3
/// is at least 1e-6 (`tests::stated_powers` recomputes it).
const EXACT_REGION: (u64, u64) = (238_615, 241_382);

/// Flips `count` times with one generator and returns whether each was
/// heads, or the first answer that was neither "heads" nor "tails".
fn heads(f: &dyn Functions, count: u64, seed: u64) -> Result<Vec<bool>, String> {
    let mut rng = CheckRng::seeded(seed);
    sides(f.flip().call(&mut rng, count as usize))
}

fn wrong_word(word: String) -> Failure {
    Failure::new(
        "flip returned something other than \"heads\" or \"tails\"",
        "flip(rng)",
        "exactly \"heads\" or \"tails\", in lower case",
        format!("{word:?}"),
        "the strings must match exactly: lower case, no spaces, no full stop",
    )
}

/// Both words must come up in 200 flips: a correct coin shows no tails in
/// 200 flips with probability (2/3)^200 < 1e-35, and no heads with
/// (1/3)^200.
pub fn returns_heads_or_tails(f: &dyn Functions) -> Result<(), Failure> {
    let flips = heads(f, 200, 1).map_err(wrong_word)?;
    let count = flips.iter().filter(|&&h| h).count();
    if count == 0 || count == flips.len() {
        let only = if count == 0 { "tails" } else { "heads" };
        return Err(Failure::new(
            "flip always gives the same answer",
            "200 flips, rng seeded with 1",
            "both \"heads\" and \"tails\", about 2 to 1",
            format!("\"{only}\" every time"),
            "each flip must draw a random number from rng and turn it into heads or tails",
        ));
    }
    Ok(())
}

/// An exact two-sided binomial test of P(heads) = 2/3 over 6,000 flips.
///
/// False alarm: at most 1e-6 (the acceptance region is the counts whose
/// exact two-sided p-value is at least 1e-6: 3820..=4177 heads). Power against a fair coin: 1
/// to double precision; against a 3/4 coin: > 1 − 1e-15.
/// `tests::stated_powers` recomputes both.
pub fn heads_twice_as_often_as_tails(f: &dyn Functions) -> Result<(), Failure> {
    let seed = 3;
    let flips = heads(f, RATIO_FLIPS, seed).map_err(wrong_word)?;
    let count = flips.iter().filter(|&&h| h).count() as u64;
    let (low, high) = stats::binomial_acceptance(RATIO_FLIPS, 2.0 / 3.0);
    if (low..=high).contains(&count) {
        return Ok(());
    }
    let share = count as f64 / RATIO_FLIPS as f64;
    let hint = if (share - 0.5).abs() < 0.03 {
        "that looks like a fair coin. Heads needs 2 chances in 3: for example pick one of \
         three equally likely numbers and call two of them heads"
    } else {
        "heads should come up 2 times in 3 (about 67%). Check the threshold: with a number \
         drawn from 0..3, two of the three values are heads; with a float in [0, 1), heads \
         is below 2/3"
    };
    Err(Failure::new(
        "flip does not come up heads twice as often as tails",
        format!("{RATIO_FLIPS} flips, rng seeded with {seed}"),
        format!(
            "between {low} and {high} heads (2/3 is {})",
            RATIO_FLIPS * 2 / 3
        ),
        format!("{count} heads ({:.1}%)", 100.0 * share),
        hint,
    ))
}

/// The coin's exact odds, which the ratio check above (a core check, so
/// that a fair or 3:1 coin earns nothing) cannot see: 2/3 written as 0.66,
/// as 0.6666, or drawn from a byte (`% 3` on a `u8` is heads 171 times in
/// 256) passes it, and is a real but smaller mistake that costs this check
/// alone.
///
/// Two parts:
/// * The probe ([`coin_probe`]) hands a coin that draws one word per flip
///   chosen words and reads its share of heads to 1 part in 2^32: 0.66,
///   0.6666 and the byte coin fail here, with a hint that names them, and
///   a coin read as 2/3 passes. A coin it cannot read is left to the
///   second part.
/// * An exact two-sided binomial test of P(heads) = 2/3 over 360,000
///   flips. False alarm: at most 1e-6 (acceptance 238,615..=241,382
///   heads). Power against a 0.66 coin (off by 1/150): 0.99982.
///   `tests::stated_powers` recomputes both.
pub fn heads_exactly_2_times_in_3(f: &dyn Functions) -> Result<(), Failure> {
    // A reading is exact, so it settles the question either way: the
    // flips below are only for the coins it cannot read. They cost such a
    // submission about 0.2 s under `grade` (measured: 0.06 s in the coin,
    // the rest moving 360,000 answers across the pipe), 20 s of CPU for a
    // class of 100 if every coin needed them.
    match coin_probe::read(f) {
        Some(reading) if reading.is_two_thirds() => return Ok(()),
        Some(reading) => return Err(probe_failure(reading)),
        None => {}
    }
    let seed = 7;
    let flips = heads(f, EXACT_FLIPS, seed).map_err(wrong_word)?;
    let count = flips.iter().filter(|&&h| h).count() as u64;
    let (low, high) = EXACT_REGION;
    if (low..=high).contains(&count) {
        return Ok(());
    }
    let share = count as f64 / EXACT_FLIPS as f64;
    Err(Failure::new(
        "flip's heads do not come up exactly 2 times in 3",
        format!("{EXACT_FLIPS} flips, rng seeded with {seed}"),
        format!(
            "between {low} and {high} heads (2/3 is {})",
            EXACT_FLIPS * 2 / 3
        ),
        format!("{count} heads ({:.3}%)", 100.0 * share),
        ROUNDED_HINT,
    ))
}

// rand 0.10 makes `random_ratio(2, 3)` the float 2/3 times 2^64, the same
// coin as `2.0 / 3.0`, and `random_range` draws with at most one extra
// word, off by at most n / 2^64: neither is exact, both far beyond what
// any test can see, so the hints promise no more.
const ROUNDED_HINT: &str = "2/3 is 0.666… without end: a threshold written as a decimal \
     (0.66, 0.67, 0.6666) gives a slightly wrong coin. Write `2.0 / 3.0` (which \
     `rng.random_ratio(2, 3)` computes too), or draw from a range, `rng.random_range(0..3) < 2`";

const SINGLE_PRECISION_HINT: &str = "an f32 draw holds only 24 random bits, so \
     `rng.random::<f32>() < 2.0 / 3.0` is heads 11,184,811 times in 2^24, not 2 in 3. Draw an \
     f64, `rng.random::<f64>() < 2.0 / 3.0`, or from a range, `rng.random_range(0..3) < 2`";

fn probe_failure(reading: Reading) -> Failure {
    let share = reading.share();
    let (got, hint) = match reading {
        // The student may well have written 2.0 / 3.0: the hint about
        // decimals would send them after a mistake they did not make.
        Reading::Threshold { .. } if reading.is_two_thirds_in_single_precision() => (
            format!(
                "heads for {:.9} of the random words (2/3 is 0.666666667)",
                share
            ),
            SINGLE_PRECISION_HINT,
        ),
        Reading::Threshold { .. } => (
            format!(
                "heads for {:.6} of the random words (2/3 is 0.666667)",
                share
            ),
            ROUNDED_HINT,
        ),
        Reading::Modulo { heads } => (
            format!(
                "heads for {heads} of {} consecutive random words, {share:.6} of them",
                coin_probe::WINDOW
            ),
            "3 does not divide the number of values a byte (256) or a 16-bit word can \
             take, so `random::<u8>() % 3 < 2` is heads 171 times in 256, not 2 in 3. Draw \
             from a range, `rng.random_range(0..3) < 2`, whose odds rand gets right to \
             better than 1 part in 10^18",
        ),
    };
    Failure::new(
        "flip's heads do not come up exactly 2 times in 3",
        "flip(rng) on chosen random words, one per flip, to read its exact odds",
        "heads for 2/3 of the words, to 1 part in 2^32",
        got,
        hint,
    )
}

/// A chi-square test of independence on 3,000 non-overlapping pairs of
/// successive flips (first flip × second flip, a 2×2 table, df 1).
///
/// False alarm: at most 1e-6 (χ²(1) critical value 23.93). Power against a
/// coin that repeats heads, heads, tails: 1, since its table has no
/// tails-tails cell and its statistic is 750 whatever the phase.
pub fn successive_flips_are_independent(f: &dyn Functions) -> Result<(), Failure> {
    let seed = 5;
    let flips = heads(f, 2 * PAIRS, seed).map_err(wrong_word)?;
    let table = pair_table(&flips);
    let test = stats::independence_2x2(table);
    // A coin that never shows one side has nothing to be independent of;
    // returns_heads_or_tails reports it, and it earns nothing here either.
    let one_sided = flips.iter().all(|&h| h) || flips.iter().all(|&h| !h);
    if !test.rejects() && !one_sided {
        return Ok(());
    }
    let [[tt, th], [ht, hh]] = table;
    Err(Failure::new(
        "one flip of the coin predicts the next",
        format!("{PAIRS} pairs of successive flips, rng seeded with {seed}"),
        format!(
            "a second flip that does not depend on the first: chi-square (1 df) below {:.1}",
            ChiSquare::critical(1.0)
        ),
        format!(
            "heads then heads {hh}, heads then tails {ht}, tails then heads {th}, tails then \
             tails {tt}: chi-square {:.1}",
            test.statistic
        ),
        "a coin with the right ratio can still be wrong: each flip must draw fresh \
         randomness from rng, not follow a pattern or a counter",
    ))
}

/// Counts (first, second) over non-overlapping pairs; index 1 is heads.
pub(crate) fn pair_table(flips: &[bool]) -> [[u64; 2]; 2] {
    let mut table = [[0u64; 2]; 2];
    for pair in flips.chunks_exact(2) {
        table[usize::from(pair[0])][usize::from(pair[1])] += 1;
    }
    table
}

/// Equal seeds must give equal flips, and two other seeds different ones:
/// 64 fair draws of a correct coin agree with probability (5/9)^64 < 1e-16.
pub fn uses_the_rng_it_is_given(f: &dyn Functions) -> Result<(), Failure> {
    // Each run in a process of its own under `grade`: a static call counter
    // that replays the first run cannot pass.
    let run = |seed| {
        f.fresh_process();
        heads(f, 64, seed).map_err(wrong_word)
    };
    let (first, second, other) = (run(9)?, run(9)?, run(10)?);
    if first == second && first != other {
        return Ok(());
    }
    let show = |flips: &[bool]| -> String {
        flips
            .iter()
            .take(16)
            .map(|&h| if h { 'H' } else { 'T' })
            .collect()
    };
    Err(Failure::new(
        "flip does not follow the rng it is given",
        "64 flips, twice with rng seeded with 9, then once seeded with 10",
        "the same flips for the same seed, different flips for another",
        format!(
            "{}…, {}… and {}…",
            show(&first),
            show(&second),
            show(&other)
        ),
        "draw from the `rng` argument (for example `rng.random_ratio(2, 3)` or \
         `rng.random_range(0..3)`), not from `rand::rng()` or a counter of your own",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::binomial_rejection_probability;

    #[test]
    fn stated_powers() {
        let region = stats::binomial_acceptance(RATIO_FLIPS, 2.0 / 3.0);
        assert_eq!(region, (3820, 4177)); // SciPy binomtest agrees.
        assert!(binomial_rejection_probability(RATIO_FLIPS, 0.5, region) > 1.0 - 1e-15);
        assert!(binomial_rejection_probability(RATIO_FLIPS, 0.75, region) > 1.0 - 1e-15);
        // The false-alarm rate of the region itself.
        assert!(binomial_rejection_probability(RATIO_FLIPS, 2.0 / 3.0, region) <= 1e-6);

        // The exact-odds check: its region, its false alarm, and its power
        // against a coin off by 1/150.
        let exact = stats::binomial_acceptance(EXACT_FLIPS, 2.0 / 3.0);
        assert_eq!(exact, EXACT_REGION);
        assert!(binomial_rejection_probability(EXACT_FLIPS, 2.0 / 3.0, exact) <= 1e-6);
        let against_066 = binomial_rejection_probability(EXACT_FLIPS, 0.66, exact);
        assert!(against_066 >= 0.999, "{against_066}");
        assert!((against_066 - 0.99982).abs() < 5e-5, "{against_066}");

        for phase in 0..3 {
            let flips: Vec<bool> = (0..2 * PAIRS as usize)
                .map(|i| (i + phase) % 3 != 2)
                .collect();
            let test = stats::independence_2x2(pair_table(&flips));
            assert!(
                (test.statistic - 750.0).abs() < 1.0,
                "phase {phase}: {test:?}"
            );
            assert!(test.rejects());
        }
    }
}
