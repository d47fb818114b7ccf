//! The diagnosis names each wrong fixture's own mistake, from every
//! outcome of its exercise's checks, panics included (`no_false_mistakes`
//! proves the other side: nothing named for a correct answer).
//!
//! The `grade` command's class report reads the same mistakes from the
//! same outcomes (`tests/grade/tests/class_report.rs` pins them there).

use grading::Mistake;

#[macro_use]
mod wrong_fixture;

// Question 2's later classes, by what the code does on small pairs.
#[path = "diagnosis/are_permutations.rs"]
mod are_permutations;
// The shuffles' later classes.
#[path = "diagnosis/shuffles.rs"]
mod shuffles;
// Issue 51: wrong answers written blind to the diagnosis.
#[path = "diagnosis/blind.rs"]
mod blind;
// Near misses, and the fixtures issue 51 named by what they do.
#[path = "diagnosis/near_misses.rs"]
mod near_misses;

// Named before this diagnosis read panics, thresholds and the models below.
wrong!(capital_heads, "flip", Some(Mistake::FlipWords));
wrong!(fair_coin, "flip", Some(Mistake::FlipFair));
wrong!(
    forward_fisher_yates,
    "efficient_selection_shuffle",
    Some(Mistake::ForwardLoop)
);
wrong!(
    half_way,
    "efficient_selection_shuffle",
    Some(Mistake::HalfWay)
);
wrong!(
    in_shuffle,
    "perfect_shuffle",
    Some(Mistake::PerfectInShuffle)
);
wrong!(
    naive_swap,
    "efficient_selection_shuffle",
    Some(Mistake::NaiveSwap)
);
wrong!(
    permutations_min_mark,
    "are_permutations",
    Some(Mistake::PermutationsValueAsMark)
);
wrong!(
    permutations_small_values_only,
    "are_permutations",
    Some(Mistake::PermutationsSmallValuesOnly)
);
wrong!(
    question_3_backwards,
    "reversing_sequence",
    Some(Mistake::Question3NotReversed)
);
wrong!(
    question_3_out_of_range,
    "reversing_sequence",
    Some(Mistake::Question3OutOfRange)
);
wrong!(
    question_3_swaps_ends,
    "reversing_sequence",
    Some(Mistake::Question3NotReversed)
);
wrong!(
    remove_from_list,
    "selection_shuffle",
    Some(Mistake::SelectionRemovesFromList)
);
wrong!(
    sattolo,
    "efficient_selection_shuffle",
    Some(Mistake::Sattolo)
);
wrong!(
    selection_duplicates,
    "selection_shuffle",
    Some(Mistake::SelectionNeverMarked)
);
wrong!(
    selection_linear_probe,
    "selection_shuffle",
    Some(Mistake::SelectionLinearProbe)
);
wrong!(
    selection_two_cards_unshuffled,
    "selection_shuffle",
    Some(Mistake::SelectionTwoCards)
);
wrong!(
    slice_random_shuffle,
    "efficient_selection_shuffle",
    Some(Mistake::RandsShuffle)
);
wrong!(
    split_at_half,
    "perfect_shuffle",
    Some(Mistake::PerfectOddSplit)
);
wrong!(
    stops_at_k_2,
    "efficient_selection_shuffle",
    Some(Mistake::StopsAtK2)
);
wrong!(
    sum_based,
    "are_permutations",
    Some(Mistake::PermutationsSums)
);
wrong!(three_quarter_coin, "flip", Some(Mistake::FlipOdds));

// Unnamed before: every failure a panic, or odds only the exact probe reads.
wrong!(
    floor_midpoint,
    "perfect_shuffle",
    Some(Mistake::PerfectMiddleRoundedDown)
);
wrong!(coin_threshold_066, "flip", Some(Mistake::FlipDecimal));
wrong!(coin_rounded_decimal, "flip", Some(Mistake::FlipDecimal));
wrong!(coin_from_a_byte, "flip", Some(Mistake::FlipByteModulo));
// A value used as a mark in the selection shuffle: a deck holding it
// never finishes.
wrong!(
    selection_min_mark,
    "selection_shuffle",
    Some(Mistake::SelectionValueAsMark)
);
wrong!(
    selection_minus_one_mark,
    "selection_shuffle",
    Some(Mistake::SelectionValueAsMark)
);

// Still unnamed, each for its reason.
// Fair, and the lab's steps for small decks only (the replays' sizes).
wrong!(
    lab_steps_for_small_decks_only,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientSmallDecksOnly)
);
wrong!(
    selection_lab_steps_for_small_decks_only,
    "selection_shuffle",
    Some(Mistake::SelectionSmallDecksOnly)
);
// It never returns: a timeout leaves nothing to compare.
wrong!(selection_never_ends, "selection_shuffle", None);

// The classes real students make that were unnamed (issue 39).
wrong!(
    perfect_middle_rounded_down,
    "perfect_shuffle",
    Some(Mistake::PerfectMiddleRoundedDown)
);
wrong!(
    perfect_half_sized_n_over_2,
    "perfect_shuffle",
    Some(Mistake::PerfectMiddleRoundedDown)
);
wrong!(
    perfect_deck_size_52,
    "perfect_shuffle",
    Some(Mistake::PerfectDeckSize)
);
wrong!(
    perfect_second_half_at_5,
    "perfect_shuffle",
    Some(Mistake::PerfectDeckSize)
);
wrong!(
    perfect_unshuffle,
    "perfect_shuffle",
    Some(Mistake::PerfectUnshuffle)
);
wrong!(
    perfect_starts_past_the_end,
    "perfect_shuffle",
    Some(Mistake::PerfectPastTheEnd)
);
wrong!(
    efficient_deck_size_52,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientDeckSize)
);
wrong!(
    efficient_copies_back_past_the_end,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientPastTheEnd)
);
wrong!(
    efficient_starts_past_the_end,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientPastTheEnd)
);
wrong!(
    sattolo_java_random,
    "efficient_selection_shuffle",
    Some(Mistake::Sattolo)
);
wrong!(
    sattolo_forwards,
    "efficient_selection_shuffle",
    Some(Mistake::Sattolo)
);
wrong!(
    sattolo_extra_swap_of_0,
    "efficient_selection_shuffle",
    Some(Mistake::Sattolo)
);
wrong!(
    naive_swap_java_random,
    "efficient_selection_shuffle",
    Some(Mistake::NaiveSwap)
);
wrong!(
    naive_swap_down_to_1,
    "efficient_selection_shuffle",
    Some(Mistake::NaiveSwap)
);
wrong!(
    selection_index_0_never_marked,
    "selection_shuffle",
    Some(Mistake::SelectionIndex0NeverMarked)
);
wrong!(
    selection_never_removed,
    "selection_shuffle",
    Some(Mistake::SelectionNeverMarked)
);
wrong!(
    selection_deck_size_52,
    "selection_shuffle",
    Some(Mistake::SelectionDeckSize)
);
wrong!(coin_threshold_033, "flip", Some(Mistake::FlipDecimal));
wrong!(
    permutations_one_match,
    "are_permutations",
    Some(Mistake::PermutationsOneMatch)
);
wrong!(
    permutations_skips_same_index,
    "are_permutations",
    Some(Mistake::PermutationsSameIndexSkipped)
);
wrong!(
    permutations_products,
    "are_permutations",
    Some(Mistake::PermutationsProducts)
);
wrong!(
    permutations_returns_in_loop,
    "are_permutations",
    Some(Mistake::PermutationsSomeCards)
);
wrong!(
    permutations_minus_one_mark,
    "are_permutations",
    Some(Mistake::PermutationsValueAsMark)
);
wrong!(
    permutations_random_search,
    "are_permutations",
    Some(Mistake::PermutationsRandomSearch)
);

// Real mistakes that earn nothing by the core gate, moved here from the
// trivial answers: each is named (a trivial answer never is).
wrong!(
    permutations_equal,
    "are_permutations",
    Some(Mistake::PermutationsPositions)
);
wrong!(
    permutations_sums_and_products,
    "are_permutations",
    Some(Mistake::PermutationsSumsAndProducts)
);
wrong!(
    permutations_every_other_card,
    "are_permutations",
    Some(Mistake::PermutationsSomeCards)
);
wrong!(
    permutations_first_card_only,
    "are_permutations",
    Some(Mistake::PermutationsSomeCards)
);

// More of the ways students write two classes: a loop copied from
// Question 3's 4 cards, and a third written as 0.3333.
wrong!(
    efficient_deck_size_4,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientDeckSize)
);
wrong!(coin_threshold_03333, "flip", Some(Mistake::FlipDecimal));

// A deck size written into the code as the loops of a 52-card deck's half
// (26) or of the 10-card deck the lab's tester prints.
wrong!(
    perfect_deck_size_26,
    "perfect_shuffle",
    Some(Mistake::PerfectDeckSize)
);
wrong!(
    efficient_deck_size_10,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientDeckSize)
);
wrong!(
    efficient_deck_size_26,
    "efficient_selection_shuffle",
    Some(Mistake::EfficientDeckSize)
);
wrong!(
    selection_deck_size_10,
    "selection_shuffle",
    Some(Mistake::SelectionDeckSize)
);

// `if` where the lab's steps loop: marked cards, but a second used draw
// is taken anyway (not "never marked", which it looks like).
wrong!(
    selection_redraws_once,
    "selection_shuffle",
    Some(Mistake::SelectionRedrawsOnce)
);
