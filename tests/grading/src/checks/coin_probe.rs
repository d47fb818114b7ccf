//! Reads a coin's exact share of heads off the draw space, for coins that
//! draw one word per flip.
//!
//! A statistical test cannot tell 2/3 from 0.6666 in any sensible number
//! of flips (their difference is 1 in 150,000). But a coin written with
//! `random_range(0..3)`, `random::<f64>() < 2.0 / 3.0`, `random_bool`,
//! `random_ratio` or a threshold on a word draws once per flip, so its
//! answer is a function of that word: handing it chosen words
//! ([`WordList`](workbook::WordList)) shows which part of the word space
//! gives heads.
//!
//! * A threshold idiom switches between heads and tails a few times over
//!   the space, and answers the same for any low bits between two words
//!   that agree (which a second grid, with scattered low bits, confirms).
//!   Each switch is found by narrowing: 256 evenly spaced words,
//!   then 256 words inside the gap where the answer changed, three times
//!   over, which locates it to 2^32 words of 2^64 (1 part in 2^32).
//! * A modulo idiom (`% 3` on a byte or a word) switches at nearly every
//!   word. Its share is read on 12,288 consecutive words, a whole number
//!   of periods of 3, 256 and 4,096, at three places of the space; it is
//!   read only if all three agree and their quarter-blocks agree to one
//!   flip, as a coin that depends on the low bits alone does.
//!
//! Anything else (several draws per flip, a pattern the two readings do not
//! fit) is not read, and the check falls back to its statistical part, so
//! a correct coin in an unexpected idiom is never failed here.

use crate::{CheckRng, Functions};

/// Evenly spaced words per narrowing round.
const GRID: u64 = 256;
/// Threshold coins with more switches than this are not read.
const MAX_SWITCHES: usize = 8;
/// A switch is located once its gap is this narrow: 1 part in 2^32.
const LOCATED: u128 = 1 << 32;
/// Consecutive words for a modulo coin: a multiple of 3, 256 and 4,096.
pub(crate) const WINDOW: u64 = 3 << 12;
/// Where the windows start, in both halves of the word: far from the
/// ends, and at different residues modulo small numbers, so a coin whose
/// period does not divide the window reads differently at each.
const WINDOW_STARTS: [u64; 3] = [0x5EED_0000, 0x9E37_79B9, 0x2545_F491];

/// 2^64 · 2/3, the exact heads share in units of 2^-64 words.
const TWO_THIRDS: u128 = (2u128 << 64) / 3;

/// What the probe read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Reading {
    /// A threshold coin: heads on between `low` and `high` of the 2^64
    /// words.
    Threshold { low: u128, high: u128 },
    /// A modulo coin: heads on `heads` of [`WINDOW`] consecutive words.
    Modulo { heads: u64 },
}

impl Reading {
    /// Whether the share is 2/3 to 1 part in 2^32.
    pub(crate) fn is_two_thirds(self) -> bool {
        match self {
            Reading::Threshold { low, high } => {
                low.saturating_sub(LOCATED) <= TWO_THIRDS && TWO_THIRDS <= high + LOCATED
            }
            Reading::Modulo { heads } => heads * 3 == WINDOW * 2,
        }
    }

    /// Whether the share is 2/3 as an `f32` draw can come to it: a
    /// threshold at one of the multiples of 2^-24 nearest 2/3 (11,184,810
    /// to 11,184,812 of 2^24), where `random::<f32>() < 2.0 / 3.0`,
    /// `>= 1.0 / 3.0` or `* 3.0 < 2.0` puts it, since an `f32` draw holds
    /// 24 random bits. Such a coin is off by about 1 in 50,000,000, which
    /// [`is_two_thirds`](Self::is_two_thirds) reads as wrong, but it wrote
    /// no decimal: 2/3 rounded by the type, not by the student. A reading
    /// that may be 2/3 itself is not this: a threshold is not always
    /// narrowed to 2^32 words (`random_range(0..3) < 2` stops at 2^40, as
    /// its draw is taken again at a boundary), and so may reach the f32 one.
    pub(crate) fn is_two_thirds_in_single_precision(self) -> bool {
        let Reading::Threshold { low, high } = self else {
            return false;
        };
        !self.is_two_thirds()
            && (11_184_810u128..=11_184_812).any(|k| {
                let share = k << 40;
                low.saturating_sub(LOCATED) <= share && share <= high + LOCATED
            })
    }

    /// The share of heads, as a fraction.
    pub(crate) fn share(self) -> f64 {
        match self {
            Reading::Threshold { low, high } => (low + high) as f64 / 2.0 / 2f64.powi(64),
            Reading::Modulo { heads } => heads as f64 / WINDOW as f64,
        }
    }
}

/// Flips once per word; the answers, or `None` if any flip drew other than
/// exactly once or answered other than "heads" or "tails".
fn flips_on(f: &dyn Functions, words: &[u64]) -> Option<Vec<bool>> {
    let mut rng = CheckRng::words(words.to_vec());
    let answers = f.flip().call(&mut rng, words.len());
    if rng.draws() != words.len() || answers.len() != words.len() {
        return None;
    }
    sides(answers).ok()
}

/// Whether each answer was heads, or the first answer that was neither
/// "heads" nor "tails".
pub(super) fn sides(answers: Vec<String>) -> Result<Vec<bool>, String> {
    answers
        .into_iter()
        .map(|word| match word.as_str() {
            "heads" => Ok(true),
            "tails" => Ok(false),
            _ => Err(word),
        })
        .collect()
}

/// Reads the coin, if it draws one word per flip in a way the probe knows.
pub(crate) fn read(f: &dyn Functions) -> Option<Reading> {
    // 257 words from 0 to u64::MAX, so the grid brackets every switch.
    let mut grid: Vec<u64> = (0..GRID).map(|i| i << 56).collect();
    grid.push(u64::MAX);
    let sides = flips_on(f, &grid)?;
    let switches = (1..grid.len())
        .filter(|&i| sides[i] != sides[i - 1])
        .count();
    // The same cells again, each word with scattered low bits. A threshold
    // coin answers as at the cell's ends wherever they agree; a coin that
    // reads low bits (a byte: `random::<u8>() < 171`) does not, though its
    // plain grid, whose low bits are all 0, looks like a threshold.
    let scattered: Vec<u64> = (0..GRID).map(|i| (i << 56) | (scatter(i) >> 8)).collect();
    let scattered_sides = flips_on(f, &scattered)?;
    let steady =
        (0..GRID as usize).all(|i| sides[i] != sides[i + 1] || scattered_sides[i] == sides[i]);
    if steady && (1..=MAX_SWITCHES).contains(&switches) {
        read_threshold(f, &grid, &sides)
    } else {
        read_modulo(f)
    }
}

/// A fixed scramble of `i` (SplitMix64's finaliser).
fn scatter(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Narrows each switch of the grid to 2^32 words and adds up the heads.
fn read_threshold(f: &dyn Functions, grid: &[u64], sides: &[bool]) -> Option<Reading> {
    // Each gap (last word of one side, first word of the other).
    let mut gaps: Vec<(u64, u64)> = (1..grid.len())
        .filter(|&i| sides[i] != sides[i - 1])
        .map(|i| (grid[i - 1], grid[i]))
        .collect();
    while gaps.iter().any(|&(a, b)| u128::from(b - a) > LOCATED) {
        let step = |&(a, b): &(u64, u64)| (b - a) / GRID;
        let words: Vec<u64> = gaps
            .iter()
            .flat_map(|gap| (1..GRID).map(move |j| gap.0 + j * step(gap)))
            .collect();
        // A round the coin does not read once per word (rand's range
        // sampling draws again right at a boundary) keeps the gaps found
        // so far: wider, but still true.
        let Some(inside) = flips_on(f, &words) else {
            break;
        };
        let mut narrowed = Vec::with_capacity(gaps.len());
        for (g, gap) in gaps.iter().enumerate() {
            let row = &inside[g * (GRID as usize - 1)..(g + 1) * (GRID as usize - 1)];
            let before = sides_before(grid, sides, gap.0);
            // One switch in the gap: the row is `before` up to some point
            // and the other side after it. Anything else is not read.
            let first_other = row.iter().position(|&side| side != before);
            let switch = first_other.unwrap_or(row.len());
            if row[switch..].contains(&before) {
                return None;
            }
            let word = |j: usize| gap.0 + (j as u64 + 1) * step(gap);
            let low = if switch == 0 { gap.0 } else { word(switch - 1) };
            let high = if switch == row.len() {
                gap.1
            } else {
                word(switch)
            };
            narrowed.push((low, high));
        }
        gaps = narrowed;
    }
    // Heads words certainly counted (`low`), and at most (`high`): each gap
    // may be all of one side or the other.
    let mut low = 0u128;
    let mut uncertain = 0u128;
    let mut from = 0u128;
    let mut side = sides[0];
    for &(a, b) in &gaps {
        if side {
            low += u128::from(a) + 1 - from;
        }
        uncertain += u128::from(b - a) - 1;
        from = u128::from(b);
        side = !side;
    }
    if side {
        low += (1u128 << 64) - from;
    }
    Some(Reading::Threshold {
        low,
        high: low + uncertain,
    })
}

/// The side of the grid just before `word`.
fn sides_before(grid: &[u64], sides: &[bool], word: u64) -> bool {
    let at = grid.partition_point(|&g| g <= word);
    sides[at - 1]
}

/// Counts heads on [`WINDOW`] consecutive words at each start, if they
/// agree as a coin that depends only on low bits does.
fn read_modulo(f: &dyn Functions) -> Option<Reading> {
    let mut counts = Vec::new();
    for start in WINDOW_STARTS {
        // Both halves count up together, so `% 3` or a byte of either
        // the 32-bit or the 64-bit word runs through its whole period.
        let words: Vec<u64> = (0..WINDOW)
            .map(|k| ((start + k) << 32) | (start ^ 0xFFFF_0000).wrapping_add(k) & 0xFFFF_FFFF)
            .collect();
        let sides = flips_on(f, &words)?;
        let quarter = WINDOW as usize / 4;
        let blocks: Vec<usize> = sides
            .chunks(quarter)
            .map(|block| block.iter().filter(|&&h| h).count())
            .collect();
        let (least, most) = (blocks.iter().min()?, blocks.iter().max()?);
        if most - least > 1 {
            return None;
        }
        counts.push(blocks.iter().sum::<usize>() as u64);
    }
    let heads = counts[0];
    let agree = counts.iter().all(|&c| c == heads);
    // All heads or all tails is a coin that ignores these bits: not read.
    (agree && heads != 0 && heads != WINDOW).then_some(Reading::Modulo { heads })
}

#[cfg(test)]
mod tests {
    use super::{Reading, WINDOW, read};
    use rand::{Rng, RngExt};
    use workbook::shapes::{Draws, Returned};
    use workbook::{CheckRng, Functions, Request, Response};

    /// A way to flip: heads when it returns `true`.
    type CoinFn = fn(&mut CheckRng) -> bool;

    /// A submission whose `flip` is the given coin; nothing else is called.
    struct Coin(CoinFn);

    impl Functions for Coin {
        fn call(&self, request: Request) -> Response {
            let Request::flip(Draws { mut rng, times }) = request else {
                unreachable!("the probe only flips")
            };
            let answers = (0..times)
                .map(|_| if (self.0)(&mut rng) { "heads" } else { "tails" }.to_string())
                .collect();
            Response::flip(Returned { answers, rng })
        }
    }

    fn reading(coin: CoinFn) -> Option<Reading> {
        read(&Coin(coin))
    }

    /// Every correct one-draw idiom is read, and read as 2/3.
    #[test]
    fn correct_coins_read_as_two_thirds() {
        let coins: [(&str, CoinFn); 12] = [
            ("random_range(0..3) < 2", |g| g.random_range(0..3) < 2),
            ("random_range(0..3u32) != 2", |g| {
                g.random_range(0..3u32) != 2
            }),
            ("random_range(0..3u64) < 2", |g| g.random_range(0..3u64) < 2),
            ("random_range(0..3) != 1", |g| g.random_range(0..3) != 1),
            ("random_range(1..=3) > 1", |g| g.random_range(1..=3) > 1),
            ("random_range(0..300) < 200", |g| {
                g.random_range(0..300) < 200
            }),
            ("random::<f64>() < 2/3", |g| g.random::<f64>() < 2.0 / 3.0),
            ("random::<f64>() >= 1/3", |g| g.random::<f64>() >= 1.0 / 3.0),
            ("random_bool(2/3)", |g| g.random_bool(2.0 / 3.0)),
            ("random_ratio(2, 3)", |g| g.random_ratio(2, 3)),
            ("next_u32() % 3 < 2", |g| g.next_u32() % 3 < 2),
            ("next_u64() % 3 != 0", |g| g.next_u64() % 3 != 0),
        ];
        for (idiom, coin) in coins {
            let got = reading(coin);
            assert!(got.is_some_and(Reading::is_two_thirds), "{idiom}: {got:?}");
        }
    }

    /// The slips the check exists for are read, and read as wrong.
    #[test]
    fn near_misses_read_as_wrong() {
        let coins: [(&str, CoinFn, f64); 5] = [
            ("f64 < 0.6666", |g| g.random::<f64>() < 0.6666, 0.6666),
            ("f64 <= 0.66", |g| g.random::<f64>() <= 0.66, 0.66),
            ("random_bool(0.67)", |g| g.random_bool(0.67), 0.67),
            ("u8 % 3 < 2", |g| g.random::<u8>() % 3 < 2, 171.0 / 256.0),
            ("u8 < 171", |g| g.random::<u8>() < 171, 171.0 / 256.0),
        ];
        for (idiom, coin, share) in coins {
            let got = reading(coin).unwrap_or_else(|| panic!("{idiom} not read"));
            assert!(!got.is_two_thirds(), "{idiom}: {got:?}");
            assert!((got.share() - share).abs() < 1e-6, "{idiom}: {got:?}");
        }
        assert_eq!(
            reading(|g| g.random::<u8>() % 3 < 2),
            Some(Reading::Modulo {
                heads: WINDOW / 256 * 171
            })
        );
    }

    /// An `f32` coin meant as 2/3 is read as wrong, but as 2/3 rounded by
    /// the type; no decimal slip, nor a correct coin, reads that way.
    #[test]
    fn single_precision_coins_are_told_from_decimals() {
        let f32_coins: [CoinFn; 3] = [
            |g| g.random::<f32>() < 2.0 / 3.0,
            |g| g.random::<f32>() >= 1.0 / 3.0,
            |g| g.random::<f32>() * 3.0 < 2.0,
        ];
        for coin in f32_coins {
            let got = reading(coin).expect("an f32 coin is read");
            assert!(!got.is_two_thirds() && got.is_two_thirds_in_single_precision());
        }
        let others: [CoinFn; 4] = [
            |g| g.random::<f64>() < 0.6666,
            |g| g.random::<f64>() < 0.666667,
            |g| g.random::<f64>() < 2.0 / 3.0,
            |g| g.random_range(0..3) < 2,
        ];
        for coin in others {
            let got = reading(coin).expect("read");
            assert!(!got.is_two_thirds_in_single_precision(), "{got:?}");
        }
    }

    /// A coin that draws more than once, or whose pattern the probe does
    /// not know, is not read (the statistical part then judges it), and a
    /// correct one is never read as wrong.
    #[test]
    fn other_coins_are_left_to_the_statistics() {
        // Two bits at a time, drawing again on 3: exact, but not one draw.
        let rejection: CoinFn = |g| loop {
            let bits = g.next_u32() >> 30;
            if bits < 3 {
                return bits < 2;
            }
        };
        assert_eq!(reading(rejection), None);
        assert_eq!(
            reading(|g| g.random_bool(0.5) || g.random_bool(1.0 / 3.0)),
            None
        );
        // A coin that ignores its rng.
        assert_eq!(reading(|_| true), None);
        // Correct up to a modulo bias of 1 in 2^26: never read as wrong.
        for coin in [
            (|g| g.next_u32() % 300 < 200) as CoinFn,
            |g| g.next_u32() % 9 < 6,
            |g| (g.next_u32() >> 24) % 3 < 2,
        ] {
            assert!(reading(coin).is_none_or(Reading::is_two_thirds));
        }
    }
}
