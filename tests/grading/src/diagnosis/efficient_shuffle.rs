//! The efficient selection shuffle's own models: the lab's steps replayed
//! on scripts, the shapes of Sattolo's and the naive swap's orders, and
//! the ways its swap and its draws go wrong, each read from a replay whose
//! draws are scripted with the bounds the mistaken code draws from (so
//! every idiom of drawing reads the scripted value), or, for a draw that
//! rounds, from how often each order comes up.

use rand::RngExt;

use super::evidence::{SWAP_DECK, ShuffleOnce, probe_rng, quietly};
use super::wrong_steps::{LOSING_STEPS, POSITION_STEPS, WRONG_PART_STEPS, ZEROING_STEPS};
use crate::checks::distinct_deck;
use crate::oracle::replay_swaps;
use crate::{CheckRng, Functions, Mistake};

/// Draws from the whole 6-card deck each time, for the naive swap: with
/// one bound throughout, every idiom of drawing reads the scripted value,
/// so a naive swap written with `Math.random() * values.length`
/// translated replays as exactly as one written with `random_range`. At
/// k = 4, 3 and 2 the value is one a draw from 0..=k reads differently,
/// so the lab's loop never replays as a naive one.
const WHOLE_DECK_RS: [usize; 6] = [4, 4, 3, 1, 5, 2];

/// Whether the efficient shuffle follows the lab's steps on `n` cards, on
/// a script of random draws and on n scripts that between them give every
/// k each of its values r in 0..=k (script s draws r = s mod (k + 1)).
///
/// One random script is not enough: a draw from a slightly wrong range
/// (0..=k + 1 clamped to k, say) reads the scripted word as the lab's r
/// for most values of r, so on a small deck one script can replay it as
/// the lab's steps by luck, and a model built on "the lab's steps at this
/// size" (a deck size in the code, the lab's steps for small decks only, a
/// special case for 2 cards) would name a mistake the code did not make.
/// An answer that follows the lab's steps at size n follows them on every
/// script, so it loses nothing.
pub(super) fn swaps_like_the_lab(once: ShuffleOnce, n: usize) -> bool {
    let mut draws = crate::seeded(n as u64);
    let random: Vec<usize> = (1..n).rev().map(|k| draws.random_range(0..=k)).collect();
    let every_r = (0..n).map(|s| (1..n).rev().map(|k| s % (k + 1)).collect::<Vec<usize>>());
    std::iter::once(random)
        .chain(every_r)
        .all(|rs| replays_swaps(once, &rs))
}

/// Whether the efficient shuffle replays the draws `rs` (for k = n - 1
/// down to 1) as the lab's steps do, with one draw each.
fn replays_swaps(once: ShuffleOnce, rs: &[usize]) -> bool {
    let n = rs.len() + 1;
    let script: Vec<(usize, usize)> = (1..n).rev().zip(rs).map(|(k, &r)| (r, k + 1)).collect();
    let deck = distinct_deck(n);
    let mut rng = CheckRng::scripted(script);
    quietly(|| once(&deck, &mut rng))
        .is_some_and(|out| out == replay_swaps(&deck, rs) && rng.draws() == n - 1)
}

/// Shuffles of 6 cards for the single-cycle test, and how many different
/// orders they must reach.
const CYCLE_SHUFFLES: usize = 300;
const CYCLE_ORDERS: usize = 30;

/// Whether every shuffle of 6 cards is a single 6-cycle, over many orders:
/// Sattolo's algorithm whichever way it is written (r from 0..k by any
/// idiom, the loop run forwards with r from i + 1..n, an extra last swap
/// of position 0 with itself). A fair shuffle makes a 6-cycle 1 time in 6,
/// so is named with probability 6^-300; a fixed rotation reaches one order.
/// Power against Sattolo's algorithm, uniform over the 120 cycles: its 300
/// shuffles reach about 110 orders, and fewer than 30 with probability
/// below 10^-157 (at most C(120, 29) · (29/120)^300).
pub(super) fn makes_only_single_cycles(f: &dyn Functions) -> bool {
    let deck: Vec<i32> = (0..6).collect();
    let Some(decks) = quietly(|| {
        f.efficient_selection_shuffle()
            .call(&deck, &mut probe_rng(6), CYCLE_SHUFFLES)
    }) else {
        return false;
    };
    let mut orders = decks.clone();
    orders.sort();
    orders.dedup();
    orders.len() >= CYCLE_ORDERS && decks.iter().all(|d| is_single_cycle(d))
}

/// Whether `order`, a rearrangement of 0..n, is one cycle through all n.
fn is_single_cycle(order: &[i32]) -> bool {
    let n = order.len();
    let mut at = 0usize;
    for step in 1..=n {
        let Some(&next) = order.get(at) else {
            return false;
        };
        at = usize::try_from(next).unwrap_or(n);
        if at >= n || (at == 0) != (step == n) {
            return false;
        }
    }
    true
}

/// The naive swap as students write it: k forwards over the whole deck,
/// backwards over it, or backwards down to 1, each r from 0..n.
fn naive_swaps(deck: &[i32], rs: &[usize]) -> [(Vec<i32>, usize); 3] {
    let n = deck.len();
    let run = |ks: Vec<usize>| {
        let mut d = deck.to_vec();
        for (&k, &r) in ks.iter().zip(rs) {
            d.swap(k, r);
        }
        (d, ks.len())
    };
    [
        run((0..n).collect()),
        run((0..n).rev().collect()),
        run((1..n).rev().collect()),
    ]
}

pub(super) fn swaps_naively(once: ShuffleOnce) -> bool {
    let n = SWAP_DECK.len();
    let mut rng = CheckRng::scripted(WHOLE_DECK_RS.iter().map(|&r| (r, n)));
    let Some(out) = quietly(|| once(&SWAP_DECK, &mut rng)) else {
        return false;
    };
    naive_swaps(&SWAP_DECK, &WHOLE_DECK_RS)
        .iter()
        .any(|(deck, draws)| *deck == out && *draws == rng.draws())
}

/// Scripts of draws for k = 5 down to 1 on [`SWAP_DECK`], each r in
/// 0..=k, with r = k and r = 0 among them and every position moved.
const SWAP_SCRIPTS: [[usize; 5]; 2] = [[3, 0, 3, 1, 0], [2, 4, 0, 2, 1]];

/// The deck and the number of draws of a replay of `once` on `script`.
fn replayed(
    once: ShuffleOnce,
    deck: &[i32],
    script: &[(usize, usize)],
) -> Option<(Vec<i32>, usize)> {
    let mut rng = CheckRng::scripted(script.iter().copied());
    let out = quietly(|| once(deck, &mut rng))?;
    Some((out, rng.draws()))
}

/// The lab's loop with its swap replaced by `step(deck, k, r)`, on the
/// lab's draws `rs`.
fn loop_with(deck: &[i32], rs: &[usize], step: fn(&mut Vec<i32>, usize, usize)) -> Vec<i32> {
    let mut d = deck.to_vec();
    for (k, &r) in (1..d.len()).rev().zip(rs) {
        step(&mut d, k, r);
    }
    d
}

/// Whether the shuffle replays, on both of [`SWAP_SCRIPTS`] drawn as the
/// lab draws, as the lab's loop with its swap replaced by one of `steps`.
fn replays_with_step(once: ShuffleOnce, steps: &[fn(&mut Vec<i32>, usize, usize)]) -> bool {
    steps.iter().any(|&step| {
        SWAP_SCRIPTS.iter().all(|rs| {
            let script: Vec<(usize, usize)> = (1..SWAP_DECK.len())
                .rev()
                .zip(rs)
                .map(|(k, &r)| (r, k + 1))
                .collect();
            replayed(once, &SWAP_DECK, &script).is_some_and(|(out, draws)| {
                out == loop_with(&SWAP_DECK, rs, step) && draws == rs.len()
            })
        })
    })
}

/// The mistakes read off the lab's loop with another step: a position
/// written for a card, a swap that loses a card, a range at the wrong end.
pub(super) fn wrong_step(once: ShuffleOnce) -> Option<Mistake> {
    [
        (&POSITION_STEPS[..], Mistake::EfficientPositions),
        (&LOSING_STEPS[..], Mistake::EfficientLosesCards),
        (&WRONG_PART_STEPS[..], Mistake::EfficientWrongPart),
        (&ZEROING_STEPS[..], Mistake::EfficientSwapZeroes),
    ]
    .into_iter()
    .find(|(steps, _)| replays_with_step(once, steps))
    .map(|(_, mistake)| mistake)
}

/// Whether every r comes from one fixed range 0..b (`random_range(0..9)`,
/// `0..n - 2`), b not the deck's size (the naive swap), on a 10-card deck
/// (the lab tester's): for some b, two scripts drawn from 0..b each
/// replay as the lab's swaps with those r, some of them above their k,
/// which the lab's draws never are, in one of the loops students write.
pub(super) fn draws_from_a_fixed_range(once: ShuffleOnce) -> bool {
    let n = 10;
    let deck = distinct_deck(n);
    (2..=2 * n).filter(|&b| b != n).any(|b| {
        (1..=2).all(|seed: usize| {
            let rs: Vec<usize> = (0..n).map(|i| (seed + 3 * i) % b.min(n)).collect();
            let script: Vec<(usize, usize)> = rs.iter().map(|&r| (r, b)).collect();
            let Some((out, draws)) = replayed(once, &deck, &script) else {
                return false;
            };
            let loops: [Vec<usize>; 3] = [
                (1..n).rev().collect(),
                (0..n).rev().collect(),
                (0..n).collect(),
            ];
            loops.iter().any(|ks| {
                let mut d = deck.clone();
                for (&k, &r) in ks.iter().zip(&rs) {
                    d.swap(k, r);
                }
                d == out && draws == ks.len() && ks.iter().zip(&rs).any(|(k, r)| r > k)
            })
        })
    })
}

/// Whether the shuffle is Sattolo's loop (r from 0..k) followed by one more
/// swap of a card with a position drawn from the whole deck, on two
/// scripts drawn with those bounds: whichever position the extra swap
/// takes, the deck differs from Sattolo's by that one swap.
pub(super) fn sattolo_then_one_swap(once: ShuffleOnce) -> bool {
    let n = SWAP_DECK.len();
    [([2, 0, 1, 0, 0], 4), ([4, 3, 0, 1, 0], 1)]
        .iter()
        .all(|(rs, extra)| {
            let mut script: Vec<(usize, usize)> =
                (1..n).rev().zip(rs).map(|(k, &r)| (r, k)).collect();
            script.push((*extra, n));
            let Some((out, draws)) = replayed(once, &SWAP_DECK, &script) else {
                return false;
            };
            let sattolo = replay_swaps(&SWAP_DECK, rs);
            draws == n
                && (0..n).any(|i| {
                    let mut d = sattolo.clone();
                    d.swap(i, *extra);
                    d == out
                })
        })
}

/// Shuffles of 4 cards for the rounding test.
const ROUNDING_SHUFFLES: usize = 4000;

/// Whether r is drawn as `(random * k).round()`: 0 and k come up half as
/// often as each r between (a probability of 1/(2k) each), which no
/// scripted replay shows (the middle of each scripted interval rounds to
/// the lab's r). Over 4,000 shuffles of 4 cards the 24 orders must fit
/// that model (chi-square below 80 on 23 degrees of freedom, which the
/// model itself exceeds with probability under 10^-7) and not the uniform
/// one (above 200; the model's expected distance from uniform is about
/// 1,000, and a fair shuffle's chi-square against the model is as large).
pub(super) fn rounds_its_draws(f: &dyn Functions) -> bool {
    let deck: Vec<i32> = (0..4).collect();
    let Some(decks) = quietly(|| {
        f.efficient_selection_shuffle()
            .call(&deck, &mut probe_rng(4), ROUNDING_SHUFFLES)
    }) else {
        return false;
    };
    let mut model = [0.0f64; 24];
    for r3 in 0..=3 {
        for r2 in 0..=2 {
            for r1 in 0..=1 {
                let p = |r: usize, k: usize| {
                    if r == 0 || r == k {
                        0.5 / k as f64
                    } else {
                        1.0 / k as f64
                    }
                };
                let order = replay_swaps(&deck, &[r3, r2, r1]);
                model[index_of(&order)] += p(r3, 3) * p(r2, 2) * p(r1, 1);
            }
        }
    }
    let mut counts = [0usize; 24];
    for d in &decks {
        let mut sorted = d.clone();
        sorted.sort_unstable();
        if sorted != deck {
            return false;
        }
        counts[index_of(d)] += 1;
    }
    let chi = |expected: &dyn Fn(usize) -> f64| -> f64 {
        (0..24)
            .map(|i| {
                let e = expected(i) * ROUNDING_SHUFFLES as f64;
                (counts[i] as f64 - e).powi(2) / e
            })
            .sum()
    };
    chi(&|i| model[i]) < 80.0 && chi(&|_| 1.0 / 24.0) > 200.0
}

/// The index of an order of 0..4 among the 24, by its Lehmer code.
fn index_of(order: &[i32]) -> usize {
    let mut index = 0;
    for (i, &x) in order.iter().enumerate() {
        let smaller_after = order[i + 1..].iter().filter(|&&y| y < x).count();
        index = index * (order.len() - i) + smaller_after;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ScriptedRng;

    #[test]
    fn the_24_orders_of_4_cards_have_24_indexes() {
        let mut seen = [false; 24];
        for r3 in 0..=3 {
            for r2 in 0..=2 {
                for r1 in 0..=1 {
                    let order = replay_swaps(&[0, 1, 2, 3], &[r3, r2, r1]);
                    seen[index_of(&order)] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn single_cycles_are_told_from_other_orders() {
        assert!(is_single_cycle(&[1, 2, 3, 4, 5, 0]));
        assert!(!is_single_cycle(&[3, 0, 5, 4, 1, 2]));
        assert!(!is_single_cycle(&[0, 1, 2]));
        assert!(!is_single_cycle(&[1, 0, 3, 2]));
        // Sattolo's shuffle, from the fairness lab, makes only those.
        let mut rng = crate::seeded(1);
        for _ in 0..100 {
            let mut deck: Vec<i32> = (0..6).collect();
            crate::algorithms::sattolo_shuffle(&mut deck, &mut rng);
            assert!(is_single_cycle(&deck), "{deck:?}");
        }
    }

    #[test]
    fn the_lab_never_replays_as_a_naive_swap() {
        // The lab's loop, drawing each r from 0..=k by the scripted words
        // meant for 0..6, in each idiom the scripted source serves.
        let n = SWAP_DECK.len();
        let naive = naive_swaps(&SWAP_DECK, &WHOLE_DECK_RS);
        let idioms: [fn(&mut ScriptedRng, usize) -> usize; 3] = [
            |rng, k| rng.random_range(0..=k),
            |rng, k| (rng.random::<f64>() * (k + 1) as f64) as usize,
            |rng, k| rng.random::<u32>() as usize % (k + 1),
        ];
        for draw in idioms {
            let mut rng = ScriptedRng::new(WHOLE_DECK_RS.iter().map(|&r| (r, n)));
            let mut deck = SWAP_DECK.to_vec();
            for k in (1..n).rev() {
                let r = draw(&mut rng, k);
                deck.swap(k, r);
            }
            assert!(
                naive
                    .iter()
                    .all(|(d, draws)| *d != deck || *draws != rng.draws())
            );
        }
        // The three naive loops tell themselves apart.
        assert_ne!(naive[0].0, naive[1].0);
        assert_ne!(naive[1].0, naive[2].0);
    }
}
