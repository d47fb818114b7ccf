//! Property checks the random shuffles share, each given the
//! [shuffle under test](super::under_test). The registry binds each to its
//! exercises (`uniform_at_2_cards in shuffles(under_test::SELECTION)`), so
//! the test paths still read `selection_shuffle::…` and
//! `efficient_selection_shuffle::…`, and each check's false-alarm
//! probability and power are stated here, once; where an exercise's own
//! wrong turns give another power, its shuffle's constant says so.

use super::under_test::Shuffle;
use super::{StartingPositions, distinct_deck, not_a_permutation};
use crate::algorithms::{lexicographic_rank, order_at};
use crate::failure::deck;
use crate::stats::{self, ChiSquare};
use crate::{CheckRng, Failure, Functions};

/// The larger decks of both shuffles' random lab-steps replays, beside
/// their exhaustive ones on the small decks, and how many scripts each.
pub(crate) const RANDOM_SCRIPT_CARDS: [usize; 3] = [7, 13, 52];
pub(crate) const RANDOM_SCRIPTS: usize = 50;

/// Shuffles for the 4-card order test: 500 per order.
pub(crate) const ORDER_SHUFFLES: u64 = 12_000;
/// Shuffles for the 2-card test.
pub(crate) const PAIR_SHUFFLES: u64 = 1_000;
/// Shuffles for the 52-card position test: about 38 per cell.
pub(crate) const POSITION_SHUFFLES: u64 = 2_000;

const ORDER_SEED: u64 = 4;
const PAIR_SEED: u64 = 2;
const POSITION_SEED: u64 = 52;

fn not_a_permutation_failure(
    t: &Shuffle,
    input: &[i32],
    output: &[i32],
    problem: String,
    seed: u64,
) -> Failure {
    Failure::new(
        format!("{} did not return a rearrangement of its input", t.name),
        format!("{} (rng seeded with {seed})", deck(input)),
        "the same cards, each exactly once, in any order",
        format!("{}: {problem}", deck(output)),
        t.permutation_hint,
    )
}

pub(crate) fn returns_a_permutation(f: &dyn Functions, t: &Shuffle) -> Result<(), Failure> {
    for n in [3, 4, 5, 7, 10, 13, 52] {
        for seed in 1..=3 {
            let input = distinct_deck(n);
            let output = t.once(f, &input, &mut CheckRng::seeded(seed));
            if let Some(problem) = not_a_permutation(&input, &output) {
                return Err(not_a_permutation_failure(t, &input, &output, problem, seed));
            }
        }
    }
    Ok(())
}

pub(crate) fn small_decks(f: &dyn Functions, t: &Shuffle) -> Result<(), Failure> {
    for input in [vec![], vec![42]] {
        let output = t.once(f, &input, &mut CheckRng::seeded(1));
        if output != input {
            return Err(Failure::new(
                format!("{} changed a deck of {} cards", t.name, input.len()),
                deck(&input),
                deck(&input),
                deck(&output),
                "an empty deck and a one-card deck have only one order. Check that your loop \
                 bounds do not underflow or run past the end when n is 0 or 1",
            ));
        }
    }
    let input = vec![-5, 9];
    for seed in 1..=4 {
        let output = t.once(f, &input, &mut CheckRng::seeded(seed));
        if let Some(problem) = not_a_permutation(&input, &output) {
            return Err(not_a_permutation_failure(t, &input, &output, problem, seed));
        }
    }
    Ok(())
}

/// Equal seeds must give equal shuffles, and another seed a different
/// one: a fair shuffle of 10 cards repeats with probability 1/10! < 3e-7,
/// a riffle of 52 cards with probability below 2^-51.
pub(crate) fn uses_the_rng_it_is_given(f: &dyn Functions, t: &Shuffle) -> Result<(), Failure> {
    let input = distinct_deck(t.seed_check_cards);
    // Each run in a process of its own under `grade`: a static call counter
    // that replays the first run cannot pass.
    let run = |seed| {
        f.fresh_process();
        t.once(f, &input, &mut CheckRng::seeded(seed))
    };
    let (first, second, other) = (run(9), run(9), run(10));
    if first == second && first != other {
        return Ok(());
    }
    let summary = if first == second {
        format!("{} gave the same result for different seeds", t.name)
    } else {
        format!(
            "{} gave two different results for generators seeded alike",
            t.name
        )
    };
    Err(Failure::new(
        summary,
        format!("{} with rng seeded with 9, 9, then 10", deck(&input)),
        "the same order for equal seeds, another order for another seed",
        format!("{}, {} then {}", deck(&first), deck(&second), deck(&other)),
        "draw every random number from the `rng` argument, for example \
         `rng.random_range(0..=k)`, not from `rand::rng()` or a generator of your own. \
         Then a seeded run can be repeated, and so can a bug",
    ))
}

/// Shuffles for the core check: 1,000 shuffles of 8 cards.
pub(crate) const MIXING_SHUFFLES: usize = 1_000;
/// The fewest different orders the core check accepts among them.
pub(crate) const MIXING_ORDERS: usize = 500;
const MIXING_SEED: u64 = 8;

/// The core check of a random shuffle: in 1,000 shuffles of 8 cards, at
/// least 500 different arrangements of the deck's cards come up. Outputs
/// that are not arrangements of the input's cards (wrong length, or a card
/// that was not dealt) do not count; repeated cards do, so a shuffle that
/// forgets to mark used cards is judged by its other checks.
///
/// False alarm: a fair shuffle shows about 988 different orders of the
/// 8! = 40,320; the chance that 1,000 uniform draws show at most 500 is
/// below C(40320, 500)·(500/40320)^1000 < 1e-700 (`tests::mixing_bound`).
/// Power: 1 against any shuffle that reaches fewer than 500 orders:
/// doing nothing or any fixed rearrangement (1 order), one random swap
/// (29), a random rotation (8). Every real shuffle, biased ones included,
/// passes: Sattolo's reaches 5,040 orders, a loop that stops half way
/// 1,680, one that stops at k = 2 20,160.
pub(crate) fn reaches_many_orders_of_8_cards(
    f: &dyn Functions,
    t: &Shuffle,
) -> Result<(), Failure> {
    let input = distinct_deck(8);
    let mut rng = CheckRng::seeded(MIXING_SEED);
    let outputs = t.many(f, &input, &mut rng, MIXING_SHUFFLES);
    let dealt = |output: &&Vec<i32>| {
        output.len() == input.len() && output.iter().all(|card| input.contains(card))
    };
    let mut orders: Vec<&Vec<i32>> = outputs.iter().filter(dealt).collect();
    orders.sort();
    orders.dedup();
    if orders.len() >= MIXING_ORDERS {
        return Ok(());
    }
    let shown: Vec<String> = orders.iter().take(3).map(|o| deck(o)).collect();
    Err(Failure::new(
        format!("{} hardly shuffles: it reaches only a few orders", t.name),
        format!(
            "{MIXING_SHUFFLES} shuffles of {}, rng seeded with {MIXING_SEED}",
            deck(&input)
        ),
        format!(
            "hundreds of different orders of the 40,320 possible (a fair shuffle shows about \
             988; at least {MIXING_ORDERS} are needed)"
        ),
        format!(
            "{} different order{}{}{}",
            orders.len(),
            if orders.len() == 1 { "" } else { "s" },
            if shown.is_empty() { "" } else { ", such as " },
            shown.join(", ")
        ),
        format!(
            "a shuffle must be able to put any card anywhere. One that leaves the deck as it \
             was, rearranges it the same way every time, swaps one pair or rotates it reaches \
             only a handful of orders, and {} earns no points until this check passes",
            t.name
        ),
    ))
}

/// The 4-card check's statistic: Pearson's chi-square over the 24 orders,
/// df 23.
///
/// False alarm: at most 1e-6 (the critical value is the χ²(23) quantile at
/// 1 − 1e-6; 500 expected per cell keeps the χ² approximation tight).
/// Power against the naive swap-with-anyone shuffle: λ = 357, power
/// above 1 − 1e-12. Against the selection shuffle that steps to the next unused
/// card: λ = 4312, power 1 to double precision. `tests::stated_powers`
/// recomputes both from the exact distributions.
pub(crate) fn uniform_over_the_24_orders_of_4_cards(
    f: &dyn Functions,
    t: &Shuffle,
) -> Result<(), Failure> {
    let input = [1, 2, 3, 4];
    let mut counts = [0u64; 24];
    let mut rng = CheckRng::seeded(ORDER_SEED);
    for output in t.many(f, &input, &mut rng, ORDER_SHUFFLES as usize) {
        if let Some(problem) = not_a_permutation(&input, &output) {
            return Err(not_a_permutation_failure(
                t, &input, &output, problem, ORDER_SEED,
            ));
        }
        let order: Vec<usize> = output.iter().map(|&card| card as usize - 1).collect();
        counts[lexicographic_rank(&order)] += 1;
    }
    let test = stats::goodness_of_fit(&counts, &[1.0 / 24.0; 24]);
    if !test.rejects() {
        return Ok(());
    }
    let show = |rank: usize| -> String {
        let cards: Vec<i32> = order_at(rank, 4).iter().map(|&i| input[i]).collect();
        format!("{cards:?} {} times", counts[rank])
    };
    let most = (0..24).max_by_key(|&r| counts[r]).unwrap_or(0);
    let least = (0..24).min_by_key(|&r| counts[r]).unwrap_or(0);
    let never = counts.iter().filter(|&&c| c == 0).count();
    let failure = Failure::new(
        format!(
            "{} does not make all 24 orders of 4 cards equally likely",
            t.name
        ),
        format!("{ORDER_SHUFFLES} shuffles of [1, 2, 3, 4], rng seeded with {ORDER_SEED}"),
        format!(
            "each order about {} times: chi-square with 23 df below {:.1}",
            ORDER_SHUFFLES / 24,
            ChiSquare::critical(23.0)
        ),
        format!(
            "chi-square {:.1} (p {}); most often {}, least often {}{}",
            test.statistic,
            stats::format_p(test.p_value()),
            show(most),
            show(least),
            if never > 0 {
                format!("; {never} orders never came up")
            } else {
                String::new()
            }
        ),
        t.uniform_hint,
    );
    // The counts behind the verdict, for a picture of the student's own
    // shuffle (grade's feedback page).
    Err(Failure {
        positions: Some(crate::failure::Positions::of_orders(4, &counts)),
        ..failure
    })
}

/// The 2-card check: an exact two-sided binomial test of P(swap) = 1/2.
///
/// False alarm: at most 1e-6 (the acceptance region is every count whose
/// two-sided p-value is at least 1e-6: 423..=577 of 1000). Power against a
/// shuffle that leaves 2-card decks unshuffled, and against Sattolo's
/// (which always swaps): 1, since 0 and 1000 are far outside the region.
pub(crate) fn uniform_at_2_cards(f: &dyn Functions, t: &Shuffle) -> Result<(), Failure> {
    let input = [1, 2];
    let mut swapped = 0;
    let mut rng = CheckRng::seeded(PAIR_SEED);
    for output in t.many(f, &input, &mut rng, PAIR_SHUFFLES as usize) {
        if let Some(problem) = not_a_permutation(&input, &output) {
            return Err(not_a_permutation_failure(
                t, &input, &output, problem, PAIR_SEED,
            ));
        }
        swapped += u64::from(output == [2, 1]);
    }
    let (low, high) = stats::binomial_acceptance(PAIR_SHUFFLES, 0.5);
    if (low..=high).contains(&swapped) {
        return Ok(());
    }
    let hint = match swapped {
        0 => "the two cards were never swapped. Does your loop skip a 2-card deck?",
        s if s == PAIR_SHUFFLES => {
            "the two cards were always swapped. A card must be allowed to stay where it is"
        }
        _ => t.uniform_hint,
    };
    Err(Failure::new(
        format!("{} does not shuffle 2 cards evenly", t.name),
        format!("{PAIR_SHUFFLES} shuffles of [1, 2], rng seeded with {PAIR_SEED}"),
        format!("[2, 1] between {low} and {high} times, as a fair coin would"),
        format!(
            "[2, 1] {swapped} times (p {})",
            stats::format_p(stats::binomial_two_sided(swapped, PAIR_SHUFFLES, 0.5))
        ),
        hint,
    ))
}

/// The 52-card check: chi-square over the 52×52 position-by-card counts,
/// scaled for the permutation constraint (see
/// [`position_chi_square`](stats::position_chi_square)), df 2601.
///
/// False alarm: at most 1e-6 (χ²(2601) quantile at 1 − 1e-6, 2958.3).
/// Power against the naive swap-with-anyone shuffle: λ = 1316, power
/// above 1 − 1e-12, from its exact position matrix in `tests::stated_powers`.
pub(crate) fn uniform_at_52_cards(f: &dyn Functions, t: &Shuffle) -> Result<(), Failure> {
    let input = distinct_deck(52);
    let mut counts = vec![vec![0u64; 52]; 52];
    let mut rng = CheckRng::seeded(POSITION_SEED);
    let starts = StartingPositions::of(&input);
    let mut seen = vec![false; input.len()];
    for output in t.many(f, &input, &mut rng, POSITION_SHUFFLES as usize) {
        if !starts.is_rearranged_by(&output, &mut seen)
            && let Some(problem) = not_a_permutation(&input, &output)
        {
            return Err(not_a_permutation_failure(
                t,
                &input,
                &output,
                problem,
                POSITION_SEED,
            ));
        }
        for (position, &card) in output.iter().enumerate() {
            let start = starts.of_card(card).unwrap_or(0);
            counts[position][start] += 1;
        }
    }
    let test = stats::position_chi_square(&counts, POSITION_SHUFFLES);
    if !test.rejects() {
        return Ok(());
    }
    let expected = POSITION_SHUFFLES as f64 / 52.0;
    let (position, card) = (0..52)
        .flat_map(|p| (0..52).map(move |c| (p, c)))
        .max_by(|&(p, c), &(q, d)| {
            let a = (counts[p][c] as f64 - expected).abs();
            let b = (counts[q][d] as f64 - expected).abs();
            a.total_cmp(&b)
        })
        .unwrap_or((0, 0));
    Err(Failure::new(
        format!(
            "{} favours some positions for some cards in a 52-card deck",
            t.name
        ),
        format!(
            "{POSITION_SHUFFLES} shuffles of 52 distinct cards, rng seeded with {POSITION_SEED}"
        ),
        format!(
            "each card at each position about {expected:.0} times: chi-square with 2601 df \
             below {:.1}",
            ChiSquare::critical(2601.0)
        ),
        format!(
            "chi-square {:.1} (p {}); the furthest off: the card that started at \
             position {card} ended at position {position} {} times",
            test.statistic,
            stats::format_p(test.p_value()),
            counts[position][card]
        ),
        t.uniform_hint,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::power;

    #[test]
    fn ranks_round_trip() {
        for rank in 0..120 {
            assert_eq!(lexicographic_rank(&order_at(rank, 5)), rank);
        }
        assert_eq!(order_at(0, 4), [0, 1, 2, 3]);
        assert_eq!(order_at(23, 4), [3, 2, 1, 0]);
    }

    /// Every order's probability under a procedure that makes `n` uniform
    /// draws from 0..n, found by walking all n^n paths.
    fn exact_orders(n: usize, procedure: fn(&[usize]) -> Vec<usize>) -> Vec<f64> {
        let paths = n.pow(n as u32);
        let factorial: usize = (1..=n).product();
        let mut counts = vec![0usize; factorial];
        for mut path in 0..paths {
            let draws: Vec<usize> = (0..n)
                .map(|_| {
                    let d = path % n;
                    path /= n;
                    d
                })
                .collect();
            counts[lexicographic_rank(&procedure(&draws))] += 1;
        }
        counts.iter().map(|&c| c as f64 / paths as f64).collect()
    }

    fn naive(draws: &[usize]) -> Vec<usize> {
        let mut deck: Vec<usize> = (0..draws.len()).collect();
        for (i, &j) in draws.iter().enumerate() {
            deck.swap(i, j);
        }
        deck
    }

    fn next_unused(draws: &[usize]) -> Vec<usize> {
        let n = draws.len();
        let mut taken = vec![false; n];
        draws
            .iter()
            .map(|&j| {
                let mut j = j;
                while taken[j] {
                    j = (j + 1) % n;
                }
                taken[j] = true;
                j
            })
            .collect()
    }

    fn lambda(samples: u64, truth: &[f64], null: f64) -> f64 {
        samples as f64 * truth.iter().map(|q| (q - null).powi(2) / null).sum::<f64>()
    }

    /// The exact 52×52 position matrix of the naive shuffle: each card's
    /// position is a Markov chain, one step per swap.
    fn naive_positions(n: usize) -> Vec<Vec<f64>> {
        let mut matrix = vec![vec![0.0; n]; n];
        for card in 0..n {
            let mut at = vec![0.0; n];
            at[card] = 1.0;
            for i in 0..n {
                let from_i = at[i];
                let elsewhere: f64 = at.iter().sum::<f64>() - from_i;
                let mut next: Vec<f64> = at.iter().map(|p| p * (1.0 - 1.0 / n as f64)).collect();
                next[i] = elsewhere / n as f64;
                for p in &mut next {
                    *p += from_i / n as f64;
                }
                at = next;
            }
            for position in 0..n {
                matrix[position][card] = at[position];
            }
        }
        matrix
    }

    /// The false-alarm bound of the core check: at most 500 different
    /// orders among 1,000 uniform draws from 8! means all 1,000 fall in
    /// some set of 500 orders, so the chance is at most
    /// C(40320, 500)·(500/40320)^1000, computed here in logs.
    #[test]
    fn mixing_bound() {
        let orders = 40_320f64;
        let kept = MIXING_ORDERS as f64;
        let ln_choose: f64 = (0..MIXING_ORDERS)
            .map(|i| ((orders - i as f64) / (i as f64 + 1.0)).ln())
            .sum();
        let ln_bound = ln_choose + MIXING_SHUFFLES as f64 * (kept / orders).ln();
        assert!(ln_bound < 1e-6f64.ln(), "ln bound {ln_bound}");
        assert!(ln_bound / std::f64::consts::LN_10 < -700.0, "{ln_bound}");
        // A fair shuffle's expected number of different orders.
        let expected = orders * (1.0 - (1.0 - 1.0 / orders).powi(MIXING_SHUFFLES as i32));
        assert!((expected - 987.7).abs() < 0.1, "{expected}");
    }

    /// Recomputes the powers the check comments state.
    #[test]
    fn stated_powers() {
        let naive_4 = exact_orders(4, naive);
        let l = lambda(ORDER_SHUFFLES, &naive_4, 1.0 / 24.0);
        assert!((l - 357.4).abs() < 0.1, "λ = {l}");
        assert!(power(23.0, l) > 1.0 - 1e-12);

        let probe_4 = exact_orders(4, next_unused);
        let l = lambda(ORDER_SHUFFLES, &probe_4, 1.0 / 24.0);
        assert!((l - 4312.5).abs() < 0.1, "λ = {l}");
        assert!(power(23.0, l) > 1.0 - 1e-15);

        let (low, high) = stats::binomial_acceptance(PAIR_SHUFFLES, 0.5);
        assert_eq!((low, high), (423, 577)); // SciPy binomtest agrees.

        let matrix = naive_positions(52);
        let cells: Vec<f64> = matrix.into_iter().flatten().collect();
        // The position statistic is Pearson's sum scaled by (n - 1)/n.
        let l = lambda(POSITION_SHUFFLES, &cells, 1.0 / 52.0) * 51.0 / 52.0;
        assert!((l - 1315.6).abs() < 0.5, "λ = {l}");
        assert!(power(2601.0, l) > 1.0 - 1e-12);
        assert!((ChiSquare::critical(2601.0) - 2958.35).abs() < 0.05);
    }
}
