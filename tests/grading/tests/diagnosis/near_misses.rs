//! Near misses, each named as the broader class it shows or not at all,
//! and the fixtures issue 51 named by what the code does rather than by
//! the fixture it looks like.

use grading::Mistake;

// Near misses: each looks like a known mistake but makes another, so the
// diagnosis must name none rather than the look-alike.
wrong!(efficient_r_clamped, "efficient_selection_shuffle", None);
wrong!(coin_single_precision, "flip", None);
wrong!(permutations_sum_of_squares, "are_permutations", None);

// More near misses, each named as the broader class or not at all: one
// step too many (k down to 0, a fair shuffle with an extra draw), and a
// middle rounded down that drops an odd deck's last card instead of
// overrunning (an odd deck split wrong, not an overrun).
wrong!(efficient_down_to_0, "efficient_selection_shuffle", None);
wrong!(
    perfect_drops_odd_card,
    "perfect_shuffle",
    Some(Mistake::PerfectOddSplit)
);

// Question 2's near misses. A loop over a from 1 is the short loop's
// other end, named so. A loop over b from 1 seeks n cards among n - 1, so
// it says false for every pair but the empty one: its answers follow the
// lengths alone, as a trivial answer's do, and it is named nothing.
// Comparing the extremes, or a sorted a with b as it is, fit no model.
wrong!(permutations_b_from_1, "are_permutations", None);
wrong!(permutations_min_and_max, "are_permutations", None);
wrong!(permutations_sorts_a_only, "are_permutations", None);
wrong!(
    permutations_a_from_1,
    "are_permutations",
    Some(Mistake::PermutationsShortLoopOverA)
);
wrong!(
    naive_swap_forwards_java_random,
    "efficient_selection_shuffle",
    Some(Mistake::NaiveSwap)
);

// Issue 51: comparing the digits of sorted copies, which scored 10/10
// before the check of arrays whose digits read alike.
wrong!(
    permutations_concatenated_digits,
    "are_permutations",
    Some(Mistake::PermutationsDigits)
);

// Issue 51: named by what the code does, not by the fixture it looks like.
// A buffer of 52 is right for every deck up to 52 cards, odd ones too,
// and panics beyond: not an odd deck split wrong.
wrong!(
    perfect_buffer_of_52,
    "perfect_shuffle",
    Some(Mistake::PerfectFixedBuffer)
);
wrong!(
    perfect_vec_of_52_truncated,
    "perfect_shuffle",
    Some(Mistake::PerfectFixedBuffer)
);
// Index 0 of an empty Vec is its first slot, not one past a last card: not
// an index that starts past the end.
wrong!(
    perfect_vec_new_then_index,
    "perfect_shuffle",
    Some(Mistake::PerfectEmptyVec)
);
wrong!(
    perfect_with_capacity_then_index,
    "perfect_shuffle",
    Some(Mistake::PerfectEmptyVec)
);
// Question 3's draws that move the deck, beside r = k (trivial: the deck
// as it was), are wrong answers and named so.
wrong!(
    question_3_first_step_only,
    "reversing_sequence",
    Some(Mistake::Question3NotReversed)
);
wrong!(
    question_3_leaves_in_place,
    "reversing_sequence",
    Some(Mistake::Question3SwapsWithItself)
);
wrong!(
    question_3_ks_in_a_loop,
    "reversing_sequence",
    Some(Mistake::Question3SwapsWithItself)
);
wrong!(
    question_3_ks_minus_one,
    "reversing_sequence",
    Some(Mistake::Question3NotReversed)
);
// The selection shuffle's own empty Vec, once named a loop that starts
// past the end, then nothing: every deck of 2 cards or more indexes an
// empty slice, which is what an empty Vec does.
wrong!(
    selection_vec_new_then_index,
    "selection_shuffle",
    Some(Mistake::SelectionEmptyVec)
);
// Issue 51: used[k] marked for used[j], seen in three writers' code, is
// a wrong turn of its own now.
wrong!(
    selection_marks_the_position,
    "selection_shuffle",
    Some(Mistake::SelectionMarksThePosition)
);
// Issue 51: an end of the deck that never moves in 300 shuffles, once a
// near miss named nothing, is named by that behaviour.
wrong!(
    efficient_r_never_0,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientFirstNeverMoves)
);
wrong!(
    efficient_starts_one_low,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientLastNeverMoves)
);
