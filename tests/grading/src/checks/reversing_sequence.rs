//! Checks of `reversing_sequence`, Question 3. The answer is replayed by
//! the lab's own procedure, so a bug in the student's shuffle costs nothing
//! here.

use sha2::{Digest, Sha256};

use crate::oracle::replay_swaps;
use crate::{Failure, Functions};

const WHY_UNIQUE: &str = "work one step at a time. At k = 3, position 3 must end up holding \
    the card that belongs there in [4, 3, 2, 1]; find the one index in 0..=3 that holds it now, \
    and that is r. Swap, then do the same for k = 2 and k = 1. Each step has exactly one right \
    r, which is why the answer is unique";

pub fn each_r_is_between_0_and_k(f: &dyn Functions) -> Result<(), Failure> {
    let rs = f.reversing_sequence().call();
    for (k, r) in [3, 2, 1].into_iter().zip(rs) {
        if r > k {
            return Err(Failure::new(
                "reversing_sequence gives an r the shuffle can never draw",
                "the efficient selection shuffle of [1, 2, 3, 4]: r for k = 3, 2, 1",
                "each r between 0 and its k, inclusive",
                format!("{rs:?}: r = {r} for k = {k}"),
                "the shuffle draws r from 0..=k, so r is at most 3 for k = 3, at most 2 for \
                 k = 2 and at most 1 for k = 1",
            ));
        }
    }
    Ok(())
}

pub fn answers_question_3(f: &dyn Functions) -> Result<(), Failure> {
    let rs = f.reversing_sequence().call();
    if rs.iter().zip([3, 2, 1]).any(|(&r, k)| r > k) {
        return Err(Failure::new(
            "reversing_sequence cannot be replayed",
            "[1, 2, 3, 4]",
            "[4, 3, 2, 1]",
            format!("{rs:?}, which has an r above its k"),
            WHY_UNIQUE,
        ));
    }
    let result = replay_swaps(&[1, 2, 3, 4], &rs);
    if result == [4, 3, 2, 1] {
        return Ok(());
    }
    Err(Failure::new(
        "reversing_sequence does not reverse [1, 2, 3, 4]",
        format!("[1, 2, 3, 4], swapping position k with r = {rs:?} for k = 3, 2, 1"),
        "[4, 3, 2, 1]",
        format!("{result:?}"),
        WHY_UNIQUE,
    ))
}

/// What the snapshot pins for an answer: a digest, not the answer itself.
///
/// The student edition ships the checks and their snapshots, and Question 3
/// should take working out, not `cat`. A digest of 24 possible answers can
/// be searched, but only by trying answers, which the checks already allow.
pub(crate) fn answer_digest(rs: [usize; 3]) -> String {
    let digest = Sha256::digest(format!("Activity 3, Question 3: {rs:?}"));
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

pub fn answer_matches_the_snapshot(f: &dyn Functions) -> Result<(), Failure> {
    let rs = f.reversing_sequence().call();
    let transcript = format!("sha256 of reversing_sequence() = {}", answer_digest(rs));
    // No insta diff here: it would print the pinned digest for every student.
    let file = include_str!(
        "snapshots/grading__checks__reversing_sequence__reversing_sequence_answer.snap"
    );
    if super::snapshot::matches(file, &transcript) {
        return Ok(());
    }
    Err(Failure::new(
        "reversing_sequence differs from the pinned answer",
        "reversing_sequence()",
        "the pinned answer, which reverses [1, 2, 3, 4]",
        format!("{rs:?}"),
        WHY_UNIQUE,
    ))
}
