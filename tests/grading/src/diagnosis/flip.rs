//! The coin's known mistakes: words other than "heads" and "tails", a
//! fair coin, odds far from 2:1, and, near 2/3, the exact odds read off
//! the words the coin is handed (a rounded decimal, a byte's modulo).

use super::evidence::quietly;
use crate::checks::coin_probe::{self, Reading};
use crate::{CheckRng, Functions, Mistake};

/// The known mistake of a coin, if any.
pub(super) fn flip(f: &dyn Functions) -> Option<Mistake> {
    let words =
        |seed: u64, times: usize| quietly(|| f.flip().call(&mut CheckRng::seeded(seed), times));
    let many = words(11, 600)?;
    // A coin whose flips do not follow rng (a constant, a fixed pattern, a
    // count of its calls) ignores the task: it is a trivial answer, which
    // earns nothing by the core gate and is never named as a mistake. The
    // seeds are fixed, so this is a fact about the function, not a chance:
    // a coin that draws its flips from rng makes seeds 9 and 10 agree on
    // 64 flips only if their streams do, which for a 2:1 coin has
    // probability (5/9)^64 < 1e-16 over the choice of seeds.
    let (first, again, other) = (words(9, 64)?, words(9, 64)?, words(10, 64)?);
    if first != again || first == other {
        return None;
    }
    if many.iter().any(|w| w != "heads" && w != "tails") {
        return Some(Mistake::FlipWords);
    }
    let share = many.iter().filter(|w| *w == "heads").count() as f64 / many.len() as f64;
    if (0.44..=0.56).contains(&share) {
        return Some(Mistake::FlipFair);
    }
    if !(0.6..=0.73).contains(&share) {
        return Some(Mistake::FlipOdds);
    }
    // Near 2/3 but not exactly: only the coin's exact odds, read off the
    // words it is handed, tell which. An `f32` draw compared with 2/3 is
    // off by the type's 24 bits, not by a decimal: named neither way (a
    // decimal of 7 digits compared in `f32` is the same coin).
    match coin_probe::read(f)? {
        reading if reading.is_two_thirds() => None,
        reading if reading.is_two_thirds_in_single_precision() => None,
        Reading::Threshold { .. } => Some(Mistake::FlipDecimal),
        Reading::Modulo { .. } => Some(Mistake::FlipByteModulo),
    }
}
