//! The random shuffles' known mistakes. Most are read off one replay on a
//! scripted random source, compared with the oracle's wrong turns; the
//! rest by what the shuffle does whatever idiom it draws with: where it
//! panics (a loop that starts past the end, a deck size written into the
//! code), the shape of every order it makes (Sattolo's single cycles), or
//! a replay whose every draw has the same bound (the naive swap).

use rand::RngExt;

use super::evidence::quietly;
use super::evidence::{ShuffleOnce, attempt, one_past_the_end, past_the_end, runs_past_budget};
use crate::checks::distinct_deck;
use crate::checks::shuffles::reaches_many_orders_of_8_cards;
use crate::checks::under_test::{EFFICIENT, SELECTION, Shuffle};
use crate::oracle::{self, SELECTION_WRONG_TURNS, SWAP_WRONG_TURNS, WrongTurn, replay_swaps};
use crate::{CheckRng, Functions, Mistake};

/// The deck and draws the shuffles' diagnoses replay: every k and r of a
/// 6-card deck, including r = k and r = 0.
pub(super) const SWAP_DECK: [i32; 6] = [10, 20, 30, 40, 50, 60];
pub(super) const SWAP_RS: [usize; 5] = [3, 0, 3, 1, 0];
/// For the selection shuffle: collisions early and late.
pub(super) const SELECTION_DECK: [i32; 5] = [1, 2, 3, 4, 5];
pub(super) const SELECTION_JS: [usize; 11] = [3, 3, 0, 4, 0, 1, 4, 3, 0, 1, 2];
/// Draws from the whole 6-card deck each time, for the naive swap: with
/// one bound throughout, every idiom of drawing reads the scripted value,
/// so a naive swap written with `Math.random() * values.length`
/// translated replays as exactly as one written with `random_range`. At
/// k = 4, 3 and 2 the value is one a draw from 0..=k reads differently,
/// so the lab's loop never replays as a naive one.
const WHOLE_DECK_RS: [usize; 6] = [4, 4, 3, 1, 5, 2];

/// The seeded stream of `seed` for a probe, cut off after a million draws
/// (a correct shuffle of these probes needs a few thousand at most): a
/// shuffle that waits forever for a card it can never draw panics at once
/// instead of holding up the diagnosis for a call's whole time limit.
fn probe_rng(seed: u64) -> CheckRng {
    CheckRng::budgeted(seed, 1_000_000)
}

/// The mistake of the wrong turn of `turns` that a shuffle replayed on
/// `script` matches.
fn wrong_turn(
    turns: &'static [WrongTurn],
    deck: &[i32],
    script: &[(usize, usize)],
    once: ShuffleOnce,
) -> Option<Mistake> {
    let mut rng = CheckRng::scripted(script.iter().copied());
    let returned = quietly(|| once(deck, &mut rng))?;
    let why = oracle::diagnose(turns, deck, script, &returned, rng.draws())?;
    turns
        .iter()
        .find(|t| t.explanation == why)
        .map(|t| t.mistake)
}

/// Whether the shuffle's core check fails: it reaches only a few orders.
fn barely_shuffles(f: &dyn Functions, shuffle: &Shuffle) -> bool {
    quietly(|| reaches_many_orders_of_8_cards(f, shuffle).is_err()).unwrap_or(false)
}

/// Whether a shuffle never swaps a 2-card deck in 200 tries, which a fair
/// one does with probability 2^-200, while it follows the lab's steps on
/// every deck of 3 to 6 cards (`lab_at`): a special case for 2 cards.
///
/// Without the second half, a loop whose every r is wrong in a way that
/// happens to leave 2 cards alone (r drawn from 1..=k, never 0) was named
/// as a special case it does not have, with a hint to drop it.
fn leaves_two_cards(
    shuffle: impl FnOnce(&mut CheckRng) -> Vec<Vec<i32>>,
    lab_at: &dyn Fn(usize) -> bool,
) -> bool {
    quietly(|| shuffle(&mut probe_rng(2)))
        .is_some_and(|decks| decks.iter().all(|deck| deck == &[1, 2]))
        && (3..=6).all(lab_at)
}

/// The sizes the panic models try, on a fixed seed: every small one (10
/// is the lab tester's deck), and 26 and 52, the half and the whole of
/// the lab's deck. Without 26, a loop to 26 (half the deck's loop) broke
/// every small deck and did not follow the lab's steps on 52 cards, so it
/// went unnamed.
const PANIC_SIZES: [usize; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 26, 52];

/// The mistakes that show as panics or broken decks: every deck
/// overrunning by exactly one slot (a loop from k = n), or every deck
/// smaller than one size overrunning or coming back with the wrong
/// number of cards (a loop to 52, 26, 10 or Question 3's 4 cards, a
/// buffer of 52 or 10) while that size follows the lab's steps. `lab_at(n)` replays the
/// lab's steps on n cards.
fn panic_mistakes(
    once: ShuffleOnce,
    lab_at: &dyn Fn(usize) -> bool,
    [starts_past_the_end, deck_size]: [Mistake; 2],
) -> Option<Mistake> {
    let answers: Vec<(usize, Result<Vec<i32>, String>)> = PANIC_SIZES
        .iter()
        .map(|&n| {
            let deck = distinct_deck(n);
            (n, attempt(|| once(&deck, &mut probe_rng(n as u64))))
        })
        .collect();
    if answers
        .iter()
        .all(|(_, a)| a.as_ref().is_err_and(|m| one_past_the_end(m)))
    {
        return Some(starts_past_the_end);
    }
    let broken = |n: usize, answer: &Result<Vec<i32>, String>| match answer {
        Ok(deck) => deck.len() != n,
        Err(message) => past_the_end(message),
    };
    let (size, _) = answers.iter().find(|(n, a)| !broken(*n, a))?;
    (*size >= 4 && lab_at(*size)).then_some(deck_size)
}

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
fn swaps_like_the_lab(once: ShuffleOnce, n: usize) -> bool {
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

/// Whether the selection shuffle follows the lab's steps on `n` cards, on
/// a script of draws that never repeat a card.
fn selects_like_the_lab(once: ShuffleOnce, n: usize) -> bool {
    let mut js: Vec<usize> = (0..n).collect();
    rand::seq::SliceRandom::shuffle(js.as_mut_slice(), &mut crate::seeded(n as u64));
    let deck = distinct_deck(n);
    let mut rng = CheckRng::scripted(js.iter().map(|&j| (j, n)));
    let expected: Vec<i32> = js.iter().map(|&j| deck[j]).collect();
    quietly(|| once(&deck, &mut rng)).is_some_and(|out| out == expected && rng.draws() == n)
}

const SMALL_DECKS_ONLY: &[usize] = &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 52];

/// Whether the shuffle follows the lab's steps on every deck up to some
/// size of at least 4 cards and on no deck above it, while dealing every
/// deck's cards exactly once: an answer tuned to the replays of small
/// decks (a branch on the deck's size, a table of answers), with another
/// shuffle for larger decks. Every probe is a fixed script, so nothing is
/// left to chance; a correct shuffle follows the steps at every size, a
/// deck size written into the code at one only, and Sattolo's, the naive
/// swap or a wrong turn at none of the small ones.
fn lab_steps_for_small_decks_only(once: ShuffleOnce, lab_at: &dyn Fn(usize) -> bool) -> bool {
    let lab: Vec<bool> = SMALL_DECKS_ONLY.iter().map(|&n| lab_at(n)).collect();
    let small = lab.iter().take_while(|&&l| l).count();
    let deals = SMALL_DECKS_ONLY.iter().all(|&n| {
        let deck = distinct_deck(n);
        quietly(|| once(&deck, &mut probe_rng(n as u64))).is_some_and(|mut out| {
            out.sort_unstable();
            out == deck
        })
    });
    SMALL_DECKS_ONLY[..small].contains(&4)
        && small < lab.len()
        && !lab[small..].contains(&true)
        && deals
}

/// Values students use as a "used" or "empty" mark: -1, the 0 of a fresh
/// `int[]`, and Java's `Integer.MIN_VALUE` and `MAX_VALUE`.
const MARKS: [i32; 4] = [-1, 0, i32::MIN, i32::MAX];

/// Whether a selection shuffle follows the lab's steps on plain cards but
/// never finishes a 3-card deck that holds one of the [`MARKS`]: that
/// card looks used (or its slot looks empty) from the start, so it is
/// never dealt and the draw for the last position never ends. The draws
/// are cut off at 10,000, which a correct shuffle of 3 cards reaches only
/// if one of its 3 cards takes over 3,333 draws, each a miss with
/// probability at most 2/3: below 3 · (2/3)^3333 < 10^-586.
fn marks_with_a_card_value(once: ShuffleOnce) -> bool {
    selects_like_the_lab(once, 5)
        && MARKS.iter().any(|&mark| {
            let deck = [mark, 3, 14];
            let mut rng = CheckRng::budgeted(3, 10_000);
            runs_past_budget(|| {
                once(&deck, &mut rng);
            })
        })
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
fn makes_only_single_cycles(f: &dyn Functions) -> bool {
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

fn swaps_naively(once: ShuffleOnce) -> bool {
    let n = SWAP_DECK.len();
    let mut rng = CheckRng::scripted(WHOLE_DECK_RS.iter().map(|&r| (r, n)));
    let Some(out) = quietly(|| once(&SWAP_DECK, &mut rng)) else {
        return false;
    };
    naive_swaps(&SWAP_DECK, &WHOLE_DECK_RS)
        .iter()
        .any(|(deck, draws)| *deck == out && *draws == rng.draws())
}

pub(super) fn efficient_selection_shuffle(f: &dyn Functions) -> Option<Mistake> {
    let once = |deck: &[i32], rng: &mut CheckRng| {
        let mut decks = f.efficient_selection_shuffle().call(deck, rng, 1);
        decks.pop().unwrap_or_default()
    };
    // A deck size in the code fails the core check too, as a cause.
    if let Some(found) = panic_mistakes(
        &once,
        &|n| swaps_like_the_lab(&once, n),
        [Mistake::EfficientPastTheEnd, Mistake::EfficientDeckSize],
    ) {
        return Some(found);
    }
    // A shuffle that reaches only a few orders (the deck as it was, a fixed
    // rearrangement, one swap, a cut) ignores the task: a trivial answer,
    // which earns nothing by the core gate and is never named.
    if barely_shuffles(f, &EFFICIENT) {
        return None;
    }
    let script: Vec<(usize, usize)> = (1..SWAP_DECK.len())
        .rev()
        .zip(SWAP_RS)
        .map(|(k, r)| (r, k + 1))
        .collect();
    wrong_turn(SWAP_WRONG_TURNS, &SWAP_DECK, &script, &once)
        .or_else(|| makes_only_single_cycles(f).then_some(Mistake::Sattolo))
        .or_else(|| swaps_naively(&once).then_some(Mistake::NaiveSwap))
        .or_else(|| {
            lab_steps_for_small_decks_only(&once, &|n| swaps_like_the_lab(&once, n))
                .then_some(Mistake::EfficientSmallDecksOnly)
        })
        .or_else(|| {
            leaves_two_cards(
                |rng| f.efficient_selection_shuffle().call(&[1, 2], rng, 200),
                &|n| swaps_like_the_lab(&once, n),
            )
            .then_some(Mistake::EfficientTwoCards)
        })
}

pub(super) fn selection_shuffle(f: &dyn Functions) -> Option<Mistake> {
    let once = |deck: &[i32], rng: &mut CheckRng| {
        let mut decks = f.selection_shuffle().call(deck, rng, 1);
        decks.pop().unwrap_or_default()
    };
    if let Some(found) = panic_mistakes(
        &once,
        &|n| selects_like_the_lab(&once, n),
        [Mistake::SelectionPastTheEnd, Mistake::SelectionDeckSize],
    ) {
        return Some(found);
    }
    // A shuffle that reaches only a few orders (the deck as it was, a fixed
    // rearrangement, one swap, a cut) ignores the task: a trivial answer,
    // which earns nothing by the core gate and is never named.
    if barely_shuffles(f, &SELECTION) {
        return None;
    }
    let n = SELECTION_DECK.len();
    let script: Vec<(usize, usize)> = SELECTION_JS.iter().map(|&j| (j, n)).collect();
    wrong_turn(SELECTION_WRONG_TURNS, &SELECTION_DECK, &script, &once)
        .or_else(|| marks_with_a_card_value(&once).then_some(Mistake::SelectionValueAsMark))
        .or_else(|| {
            lab_steps_for_small_decks_only(&once, &|n| selects_like_the_lab(&once, n))
                .then_some(Mistake::SelectionSmallDecksOnly)
        })
        .or_else(|| {
            leaves_two_cards(|rng| f.selection_shuffle().call(&[1, 2], rng, 200), &|n| {
                selects_like_the_lab(&once, n)
            })
            .then_some(Mistake::SelectionTwoCards)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ScriptedRng;

    #[test]
    fn the_scripts_are_used_up_exactly() {
        let (deck, used) = oracle::replay_selection(&SELECTION_DECK, &SELECTION_JS);
        assert_eq!(
            (deck.len(), used),
            (SELECTION_DECK.len(), SELECTION_JS.len())
        );
        assert_eq!(SWAP_RS.len(), SWAP_DECK.len() - 1);
        for (k, r) in (1..SWAP_DECK.len()).rev().zip(SWAP_RS) {
            assert!(r <= k);
        }
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
