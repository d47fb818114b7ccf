//! The random shuffles under test, each seen as "deck in, new decks out":
//! what the registry hands a shared check of [`shuffles`](super::shuffles)
//! or [`card_values`](super::card_values) (`in
//! shuffles(under_test::SELECTION)`), with the hints that name the
//! exercise's own mistakes. Where a shared check's power against this
//! exercise's known wrong turns differs from what the check states, the
//! constant says so.

use crate::{CheckRng, Functions};

/// Calls a shuffle `times` times on copies of a deck, one rng throughout.
type ShuffleMany = fn(&dyn Functions, &[i32], &mut CheckRng, usize) -> Vec<Vec<i32>>;

/// A random shuffle under test, seen as "deck in, new decks out".
pub(crate) struct Shuffle {
    /// The exercise's (and its function's) name.
    pub(crate) name: &'static str,
    /// What to look at when the result is not a permutation.
    pub(crate) permutation_hint: &'static str,
    /// What to look at when some orders come up too often.
    pub(crate) uniform_hint: &'static str,
    /// The deck for the seed check: big enough that two fair shuffles
    /// with different seeds agree with probability below 1e-6.
    pub(crate) seed_check_cards: usize,
    run: ShuffleMany,
}

impl Shuffle {
    pub(crate) fn many(
        &self,
        f: &dyn Functions,
        values: &[i32],
        rng: &mut CheckRng,
        times: usize,
    ) -> Vec<Vec<i32>> {
        (self.run)(f, values, rng, times)
    }

    pub(crate) fn once(&self, f: &dyn Functions, values: &[i32], rng: &mut CheckRng) -> Vec<i32> {
        self.many(f, values, rng, 1).pop().unwrap_or_default()
    }
}

/// `selection_shuffle`. The shared checks' stated powers are against its
/// known wrong turns: the step to the next unused card (the 4-card orders),
/// leaving 2 cards unshuffled, the naive swap's position bias (52 cards).
pub(crate) const SELECTION: Shuffle = Shuffle {
    name: crate::check::selection_shuffle::EXERCISE,
    permutation_hint: "every card must appear exactly once. Mark a card as used when you copy \
        it, and when j lands on a used card, draw a new j",
    uniform_hint: "when values[j] is already used, draw a brand-new j from the whole deck; \
        stepping to a neighbour or skipping the draw favours some cards",
    seed_check_cards: 10,
    run: |f, values, rng, times| f.selection_shuffle().call(values, rng, times),
};

/// `efficient_selection_shuffle`. The shared checks' stated powers are
/// against its known wrong turns (the naive swap-with-anyone shuffle,
/// Sattolo's off-by-one), and beside them: a loop that stops at k = 2
/// reaches only 12 of the 24 orders of 4 cards, so the 4-card order test
/// rejects it with power 1.
pub(crate) const EFFICIENT: Shuffle = Shuffle {
    name: crate::check::efficient_selection_shuffle::EXERCISE,
    permutation_hint: "only ever exchange two cards (`values.swap(k, r)`); copying one card \
        over another loses a card",
    uniform_hint: "k must visit every position from n - 1 down to 1, and r must range over \
        all of 0..=k, k included. Swapping with any position, or never with itself, makes \
        some orders likelier than others",
    seed_check_cards: 10,
    run: |f, values, rng, times| f.efficient_selection_shuffle().call(values, rng, times),
};

/// `riffle_shuffle`, the bonus Gilbert–Shannon–Reeds riffle, which shares
/// only the checks that hold for any random rearrangement (its
/// distribution is not uniform, so the uniformity tests are not its).
pub(crate) const RIFFLE: Shuffle = Shuffle {
    name: crate::check::riffle_shuffle::EXERCISE,
    permutation_hint: "each card goes into exactly one packet and comes out exactly once: \
        take it from the front of its packet and move past it",
    uniform_hint: "cut after a binomial number of cards and choose each card's packet in \
        proportion to the cards it has left",
    // One riffle of 10 cards repeats with probability about 1e-3 (its 2^10
    // cut-and-drop patterns are few); of 52 cards, below 2^-51.
    seed_check_cards: 52,
    run: |f, values, rng, times| f.riffle_shuffle().call(values, rng, times),
};
