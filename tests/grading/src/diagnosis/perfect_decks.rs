//! The perfect shuffle's mistakes read from what its decks share, when no
//! model of a known wrong answer fits: which sizes overrun, which decks
//! come back as positions, as they came, short, with slots left 0 or
//! with a card twice. Each needs the evidence of every deck tried.

use super::evidence::{Attempt, past_the_end};
use crate::Mistake;
use crate::checks::distinct_deck;
use crate::checks::permutation_pairs::same_cards;
use crate::oracle::out_shuffle;

/// Each size of deck tried with what the function did with a deck of it.
pub(super) type Answers = Vec<(usize, Attempt<Vec<i32>>)>;

/// What every deck that comes back wrong has in common, when no model of
/// a known mistake fits and no deck but the empty one panics: as it came
/// (for some sizes only), fewer cards than it was given,
/// a slot never written (a 0, which no deck tried holds), or a card twice
/// and another missing. Read from at least two wrong decks, each sharing
/// it; a right deck shares nothing, so a correct answer is never named.
pub(super) fn what_comes_back(answers: &Answers) -> Option<Mistake> {
    let mut wrong = Vec::new();
    // Not the empty deck: a panic there (`len() - 1`) is a slip of its own.
    for (n, answer) in answers.iter().filter(|(n, _)| *n > 0) {
        let out = answer.as_ref().ok()?;
        let deck = distinct_deck(*n);
        if *out != out_shuffle(&deck) {
            wrong.push((deck, out));
        }
    }
    // Every wrong deck as it came, and a deck of 4 cards or more right: a
    // special case for some sizes (small ones, all but 52). An answer that
    // gives every deck back is trivial, and right for none of them.
    let some_right = answers
        .iter()
        .any(|(n, a)| *n >= 4 && a.as_ref().ok() == Some(&out_shuffle(&distinct_deck(*n))));
    if some_right
        && wrong.iter().any(|(deck, _)| deck.len() >= 3)
        && wrong.iter().all(|(deck, out)| *out == deck)
    {
        return Some(Mistake::PerfectSomeSizesUnchanged);
    }
    let from_the_deck = |deck: &[i32], out: &[i32]| out.iter().all(|c| deck.contains(c));
    let repeats = |out: &[i32]| {
        let mut sorted = out.to_vec();
        sorted.sort_unstable();
        sorted.windows(2).any(|w| w[0] == w[1])
    };
    // Each wrong deck still deals at least half of its cards: an answer
    // that ignores them (a deck of 0s) is trivial, and named nothing.
    let deals_half = |deck: &[i32], out: &[i32]| {
        2 * deck.iter().filter(|c| out.contains(c)).count() >= deck.len()
    };
    let all = |shares: &dyn Fn(&[i32], &[i32]) -> bool| {
        wrong.len() >= 2
            && wrong
                .iter()
                .all(|(deck, out)| deals_half(deck, out) && shares(deck, out))
    };
    if all(&|deck, out| out.len() < deck.len() && from_the_deck(deck, out) && !repeats(out)) {
        return Some(Mistake::PerfectShortDeck);
    }
    if all(&|deck, out| {
        out.len() == deck.len()
            && out.contains(&0)
            && out.iter().all(|c| *c == 0 || deck.contains(c))
    }) {
        return Some(Mistake::PerfectUnfilledSlots);
    }
    all(&|deck, out| out.len() == deck.len() && from_the_deck(deck, out) && repeats(out))
        .then_some(Mistake::PerfectRepeatsCards)
}

/// Whether every deck from 1 card up to some size of at least 4 overruns
/// (index at or past its length), and every larger deck comes back: loops
/// or a pattern written for that many cards (4, 10, 52), which smaller
/// decks cannot hold. A loop off by one overruns every deck, not only
/// the small ones.
pub(super) fn small_decks_overrun(answers: &Answers) -> bool {
    let small = answers
        .iter()
        .filter(|(n, _)| *n >= 1)
        .take_while(|(_, a)| a.as_ref().is_err_and(|m| past_the_end(m)))
        .count();
    let rest = &answers.iter().filter(|(n, _)| *n >= 1).collect::<Vec<_>>()[small..];
    small >= 3 && !rest.is_empty() && rest.iter().all(|(_, a)| a.is_ok())
}

/// Whether every deck of 2 cards or more comes back as the positions
/// 0..n in some order, which no deck tried holds (its cards are 100, 107,
/// …): positions, or target slots, written for the cards.
pub(super) fn deals_positions(answers: &Answers) -> bool {
    answers.iter().filter(|(n, _)| *n >= 2).all(|(n, a)| {
        a.as_ref()
            .is_ok_and(|out| same_cards(out, &(0..*n as i32).collect::<Vec<_>>()))
    })
}
