//! Question 3's known mistakes: a draw out of its range, or draws that do
//! not reverse the deck.

use super::evidence::quietly;
use crate::oracle::replay_swaps;
use crate::{Functions, Mistake};

/// The known mistake of an answer to Question 3, if any.
pub(super) fn reversing_sequence(f: &dyn Functions) -> Option<Mistake> {
    let rs = quietly(|| f.reversing_sequence().call())?;
    // One r repeated (0, 0, 0), or draws that leave the deck as it was
    // (r = k each time), ignore the question: trivial answers, which earn
    // nothing by the core gate and are never named as a mistake.
    if rs.iter().all(|&r| r == rs[0]) {
        return None;
    }
    if rs.iter().zip([3, 2, 1]).any(|(&r, k)| r > k) {
        return Some(Mistake::Question3OutOfRange);
    }
    // Only [3, 2, 1] replays as the deck as it was (a swap of k with an
    // r below it moves position k, which no later step touches), however
    // it is written. Trivial rather than Question3NotReversed, as r = k
    // in every other exercise is (efficient_does_nothing): the core
    // check's own hint (find where the card that belongs at k is now) is
    // the one message, and "replay your swaps" would show nothing moving.
    if replay_swaps(&[1, 2, 3, 4], &rs) == [1, 2, 3, 4] {
        return None;
    }
    let reversed = replay_swaps(&[1, 2, 3, 4], &rs) == [4, 3, 2, 1];
    (!reversed).then_some(Mistake::Question3NotReversed)
}
