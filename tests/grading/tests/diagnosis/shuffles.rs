//! The shuffles' later classes, read from replays whose draws are
//! scripted with the bounds the mistaken code draws from (any idiom of
//! drawing then reads the scripted value), and, for a draw that rounds,
//! from how often each order of 4 cards comes up.

use grading::Mistake;

// The random index written into the deck: alone, or as a swap's second
// line. No card is dealt, yet it is the lab's loop, so it is read before
// the trivial gate.
wrong!(
    efficient_writes_r,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientPositions)
);
wrong!(
    efficient_swap_writes_r,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientPositions)
);
// A swap whose temporary is never read back: one card copied over the
// other, from either side.
wrong!(
    efficient_temp_never_used,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientLosesCards)
);
wrong!(
    efficient_temp_of_r_never_used,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientLosesCards)
);
// A range of k + 1 positions that shrinks at the front: n - 1 - k..n.
wrong!(
    efficient_range_from_the_end,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientWrongPart)
);
wrong!(
    efficient_range_from_the_end_java,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientWrongPart)
);
// One fixed range for every k: 0..9 (the tester's 10 cards) or 0..n - 2.
wrong!(
    efficient_fixed_range_9,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientFixedRange)
);
wrong!(
    efficient_fixed_range_n_minus_2,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientFixedRange)
);
// Sattolo's loop patched with one more swap: no longer single cycles,
// but Sattolo's deck but for that swap, on scripts of Sattolo's bounds.
wrong!(
    sattolo_then_extra_swap,
    "efficient_selection_shuffle",
    Some(Mistake::Sattolo)
);
wrong!(
    sattolo_then_swap_last,
    "efficient_selection_shuffle",
    Some(Mistake::Sattolo)
);
// A rounded draw replays as the lab on every script (each scripted
// value's middle rounds to it); only the frequencies of the orders of 4
// cards tell it.
wrong!(
    efficient_rounded,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientRounded)
);
wrong!(
    efficient_rounded_range,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientRounded)
);
// A loop body cut off (a stray `;`, a brace too early) leaves one swap, at
// k = 0 or k = 1. At k = 0 the deck never moves: as a trivial answer, it
// is never named.
wrong!(
    efficient_stray_semicolon,
    "efficient_selection_shuffle",
    None
);
// Issue 51: the swap after the loop makes every one of the n - 1 draws
// and one swap, which one step alone (trivial, one draw) does not: named.
wrong!(
    efficient_swap_after_the_loop,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientSwapOutsideLoop)
);
// The selection shuffle's last position never filled by a pick: 0, or the
// old last card of a copy.
wrong!(
    selection_last_never_picked,
    "selection_shuffle",
    Some(Mistake::SelectionLastNeverPicked)
);
wrong!(
    selection_last_kept_from_copy,
    "selection_shuffle",
    Some(Mistake::SelectionLastNeverPicked)
);
// Picking with replacement, whatever the marks: the known never-marked
// mistake, read from the replay.
wrong!(
    selection_with_replacement,
    "selection_shuffle",
    Some(Mistake::SelectionNeverMarked)
);
wrong!(
    selection_with_replacement_java,
    "selection_shuffle",
    Some(Mistake::SelectionNeverMarked)
);
