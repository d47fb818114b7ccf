//! Bonus checks of `riffle_shuffle`, the Gilbert–Shannon–Reeds riffle.
//! Every correct riffle has the same distribution whatever it draws, so
//! these are all property checks. Those any random rearrangement must
//! pass (a permutation, small decks, the seed) are the shared ones, which
//! the registry binds to it (`in shuffles(under_test::RIFFLE)`).

use crate::algorithms::{riffle_probability, rising_sequences};
use crate::failure::deck;
use crate::stats::{self, ChiSquare};
use crate::{CheckRng, Failure, Functions};

/// Riffles for the 4-card model test: 4,000 expected for each of the
/// eleven orders the model gives 1/16, and 20,000 for the unchanged deck.
const MODEL_RIFFLES: usize = 64_000;
const MODEL_SEED: u64 = 16;

/// Positions of the cards 0..n in a deck, or `None` if it is not a
/// rearrangement of 0..n.
fn as_arrangement(output: &[i32], n: usize) -> Option<Vec<usize>> {
    let cards: Vec<usize> = output
        .iter()
        .map(|&c| usize::try_from(c).ok())
        .collect::<Option<_>>()?;
    let mut sorted = cards.clone();
    sorted.sort_unstable();
    (sorted == (0..n).collect::<Vec<_>>()).then_some(cards)
}

/// A riffle only interleaves two packets, so 0..n always comes out with at
/// most two rising sequences. This holds for every riffle, not just often.
pub fn keeps_each_packet_in_order(f: &dyn Functions) -> Result<(), Failure> {
    for n in [5, 13, 52] {
        let input: Vec<i32> = (0..n as i32).collect();
        let mut rng = CheckRng::seeded(n as u64);
        for output in f.riffle_shuffle().call(&input, &mut rng, 200) {
            let rising = as_arrangement(&output, n).map(|a| rising_sequences(&a));
            if rising.is_some_and(|r| r <= 2) {
                continue;
            }
            return Err(Failure::new(
                "riffle_shuffle mixed the cards more than one riffle can",
                format!("{} (rng seeded with {n})", deck(&input)),
                "the two packets interleaved, each in its own order: 0..cut and cut..n both \
                 appear in increasing order",
                deck(&output),
                "take each card from the front of its packet and never reorder a packet; a \
                 riffle only decides which packet the next card comes from",
            ));
        }
    }
    Ok(())
}

/// The model test: Pearson's chi-square over the 12 orders of 4 cards a
/// riffle can reach, against the model's C(2 + 4 − r, 4)/16 for an order
/// with r rising sequences (5/16 for the unchanged deck, 1/16 for the
/// eleven orders with two), df 11.
///
/// False alarm: at most 1e-6 (χ²(11) quantile at 1 − 1e-6, 48.87; 4,000
/// expected per cell). Power against a riffle that always cuts 2 + 2
/// (1/6 for each of six interleavings): λ = 83,911; against a riffle that
/// picks each card's packet with a fair coin instead of in proportion to
/// its size: λ = 9,800. Both powers exceed 1 − 1e-9 (the noncentral
/// series loses the rest to rounding; the critical value lies over 100
/// standard deviations below either alternative's mean).
/// `tests::stated_powers` recomputes them from the exact distributions.
pub fn matches_the_model_on_4_cards(f: &dyn Functions) -> Result<(), Failure> {
    let input = [0, 1, 2, 3];
    let orders = reachable_orders();
    let mut counts = vec![0u64; orders.len()];
    let mut rng = CheckRng::seeded(MODEL_SEED);
    for output in f.riffle_shuffle().call(&input, &mut rng, MODEL_RIFFLES) {
        let cell =
            as_arrangement(&output, 4).and_then(|a| orders.iter().position(|(o, _)| *o == a));
        match cell {
            Some(cell) => counts[cell] += 1,
            None => {
                return Err(Failure::new(
                    "riffle_shuffle gave a deck one riffle cannot make",
                    format!("[0, 1, 2, 3], rng seeded with {MODEL_SEED}"),
                    "the four cards, in two interleaved increasing runs",
                    format!("{output:?}"),
                    "a riffle returns every card once and keeps each packet in order",
                ));
            }
        }
    }
    let probabilities: Vec<f64> = orders.iter().map(|(_, p)| *p).collect();
    let test = stats::goodness_of_fit(&counts, &probabilities);
    if !test.rejects() {
        return Ok(());
    }
    let unchanged = counts[0];
    Err(Failure::new(
        "riffle_shuffle does not follow the Gilbert-Shannon-Reeds model",
        format!("{MODEL_RIFFLES} riffles of [0, 1, 2, 3], rng seeded with {MODEL_SEED}"),
        format!(
            "[0, 1, 2, 3] about {} times (5/16) and each other reachable order about {} \
             times (1/16): chi-square with 11 df below {:.1}",
            MODEL_RIFFLES * 5 / 16,
            MODEL_RIFFLES / 16,
            ChiSquare::critical(11.0)
        ),
        format!(
            "[0, 1, 2, 3] {unchanged} times; chi-square {:.1} (p {})",
            test.statistic,
            stats::format_p(test.p_value())
        ),
        "cut after the number of heads in n fair coin flips, not at the middle, and take the \
         next card from a packet with probability (its cards) / (cards in both), not 1/2",
    ))
}

/// The orders of 0, 1, 2, 3 that one riffle can make, with their model
/// probabilities; the unchanged deck first.
fn reachable_orders() -> Vec<(Vec<usize>, f64)> {
    let mut orders = Vec::new();
    for rank in 0..24 {
        let order = crate::algorithms::order_at(rank, 4);
        let p = riffle_probability(4, 1, rising_sequences(&order));
        if p > 0.0 {
            orders.push((order, p));
        }
    }
    orders
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::power;

    /// The exact distribution over the 24 orders of 4 cards of a riffle
    /// with the given cut distribution and packet choice.
    fn exact(cuts: &[(usize, f64)], from_left: fn(usize, usize) -> f64) -> Vec<(Vec<usize>, f64)> {
        fn merge(
            left: &[usize],
            right: &[usize],
            from_left: fn(usize, usize) -> f64,
            prefix: Vec<usize>,
            p: f64,
            out: &mut Vec<(Vec<usize>, f64)>,
        ) {
            if left.is_empty() || right.is_empty() {
                let mut done = prefix;
                done.extend(left.iter().chain(right));
                out.push((done, p));
                return;
            }
            let q = from_left(left.len(), right.len());
            let mut with = prefix.clone();
            with.push(left[0]);
            merge(&left[1..], right, from_left, with, p * q, out);
            let mut with = prefix;
            with.push(right[0]);
            merge(left, &right[1..], from_left, with, p * (1.0 - q), out);
        }
        let deck = [0, 1, 2, 3];
        let mut out = Vec::new();
        for &(cut, p) in cuts {
            merge(
                &deck[..cut],
                &deck[cut..],
                from_left,
                Vec::new(),
                p,
                &mut out,
            );
        }
        out
    }

    fn lambda(alternative: &[(Vec<usize>, f64)]) -> f64 {
        reachable_orders()
            .iter()
            .map(|(order, p)| {
                let q: f64 = alternative
                    .iter()
                    .filter(|(o, _)| o == order)
                    .map(|(_, q)| q)
                    .sum();
                MODEL_RIFFLES as f64 * (q - p).powi(2) / p
            })
            .sum()
    }

    #[test]
    fn stated_powers() {
        let binomial: Vec<(usize, f64)> = [1.0, 4.0, 6.0, 4.0, 1.0]
            .iter()
            .enumerate()
            .map(|(c, w)| (c, w / 16.0))
            .collect();
        let proportional = |a: usize, b: usize| a as f64 / (a + b) as f64;
        let model = exact(&binomial, proportional);
        assert!(lambda(&model).abs() < 1e-9, "the enumeration is the model");
        assert_eq!(reachable_orders().len(), 12);

        let l = lambda(&exact(&[(2, 1.0)], proportional));
        assert!((l - 83_911.1).abs() < 0.5, "λ = {l}");
        assert!(power(11.0, l) > 1.0 - 1e-9, "power {}", power(11.0, l));

        let l = lambda(&exact(&binomial, |_, _| 0.5));
        assert!((l - 9_800.0).abs() < 0.5, "λ = {l}");
        assert!(power(11.0, l) > 1.0 - 1e-9, "power {}", power(11.0, l));
        assert!((ChiSquare::critical(11.0) - 48.866).abs() < 1e-3);
    }
}
