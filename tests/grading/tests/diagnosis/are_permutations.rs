//! Question 2's classes read from behaviour on small pairs: loops that
//! stop one card early (they panic on two empty arrays, asked alone), a
//! flag that is not reset or is overwritten by each comparison, identical
//! arrays rejected, a counting array indexed by the cards, and a value
//! written over matched cards that is checked for at the end.

use grading::Mistake;

// Identical arrays rejected: false where a == b, the lab's answer
// elsewhere, whether by `a == b` up front or by a flag that some card
// moved.
wrong!(
    permutations_identical_rejected,
    "are_permutations",
    Some(Mistake::PermutationsIdenticalRejected)
);
wrong!(
    permutations_needs_a_moved_card,
    "are_permutations",
    Some(Mistake::PermutationsIdenticalRejected)
);
// Loops to len - 1: both loops (a's last card against b's, never
// compared), sorted copies compared but for their last, and the loop over
// a alone (an existing mistake, named once the empty pair's panic no
// longer hides every other answer).
wrong!(
    permutations_loops_to_len_minus_1,
    "are_permutations",
    Some(Mistake::PermutationsLastCardUnchecked)
);
wrong!(
    permutations_sorted_to_len_minus_1,
    "are_permutations",
    Some(Mistake::PermutationsLastCardUnchecked)
);
wrong!(
    permutations_outer_to_len_minus_1,
    "are_permutations",
    Some(Mistake::PermutationsShortLoopOverA)
);
// A `found` flag never reset answers as a[0] alone decides: the same
// answers as a return inside the loop, so the same mistake.
wrong!(
    permutations_found_not_reset,
    "are_permutations",
    Some(Mistake::PermutationsSomeCards)
);
wrong!(
    permutations_found_not_reset_counted,
    "are_permutations",
    Some(Mistake::PermutationsSomeCards)
);
// A flag overwritten by each comparison: b's last card decides, or,
// after sorting, the largest cards.
wrong!(
    permutations_found_overwritten,
    "are_permutations",
    Some(Mistake::PermutationsLastComparisonOnly)
);
wrong!(
    permutations_sorted_last_pair,
    "are_permutations",
    Some(Mistake::PermutationsLastComparisonOnly)
);
// Counting arrays indexed by the cards: right on small cards, an overrun
// at the card's own value on a negative one.
wrong!(
    permutations_counts_by_value,
    "are_permutations",
    Some(Mistake::PermutationsCountsByValue)
);
wrong!(
    permutations_counts_in_vec_of_100,
    "are_permutations",
    Some(Mistake::PermutationsCountsByValue)
);
// A mark written over matched cards of b and checked for at the end: a
// real card of that value in b passes for a match.
wrong!(
    permutations_marks_then_checks_b,
    "are_permutations",
    Some(Mistake::PermutationsValueAsMark)
);
wrong!(
    permutations_min_mark_checked_at_end,
    "are_permutations",
    Some(Mistake::PermutationsValueAsMark)
);
