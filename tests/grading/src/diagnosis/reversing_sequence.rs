//! Question 3's known mistakes: a draw out of its range, or draws that do
//! not reverse the deck.

use super::evidence::quietly;
use crate::oracle::replay_swaps;
use crate::{Functions, Mistake};

/// The known mistake of an answer to Question 3, if any.
pub(super) fn reversing_sequence(f: &dyn Functions) -> Option<Mistake> {
    let rs = quietly(|| f.reversing_sequence().call())?;
    // One r repeated (0, 0, 0) ignores the question: a trivial answer,
    // which earns nothing by the core gate and is never named.
    if rs.iter().all(|&r| r == rs[0]) {
        return None;
    }
    if rs.iter().zip([3, 2, 1]).any(|(&r, k)| r > k) {
        return Some(Mistake::Question3OutOfRange);
    }
    // Only [3, 2, 1] replays as the deck as it was (a swap of k with an
    // r below it moves position k, which no later step touches), however
    // it is written. It is the most common wrong answer to the question,
    // a misreading of r as "the card for position k", so it is named for
    // what it does rather than called trivial: "replay your swaps" would
    // show nothing moving, so it has its own words.
    if replay_swaps(&[1, 2, 3, 4], &rs) == [1, 2, 3, 4] {
        return Some(Mistake::Question3SwapsWithItself);
    }
    let reversed = replay_swaps(&[1, 2, 3, 4], &rs) == [4, 3, 2, 1];
    (!reversed).then_some(Mistake::Question3NotReversed)
}
