//! The diagnosis names each wrong fixture's own mistake, from every
//! outcome of its exercise's checks, panics included (`no_false_mistakes`
//! proves the other side: nothing named for a correct answer).
//!
//! The `grade` command's class report reads the same mistakes from the
//! same outcomes (`tests/grade/tests/class_report.rs` pins them there).

use std::time::Duration;

use grading::{Implementation, Kind, catalogue, run_check_with_limit};

/// The mistakes the outcomes of `exercise`'s checks carry, each once.
fn mistakes_of(implementation: &'static Implementation, exercise: &str) -> Vec<&'static str> {
    grading::quiet_check_panics();
    let mut found = Vec::new();
    for check in catalogue() {
        if check.exercise != exercise || check.kind == Kind::Bonus {
            continue;
        }
        // A call that does not return is given 2 s, not 10: the endless
        // loop of `selection_never_ends` times out in most of its checks.
        let outcome = run_check_with_limit(implementation, &check, Duration::from_secs(2));
        if let Some(mistake) = outcome.mistake()
            && !found.contains(&mistake.what)
        {
            found.push(mistake.what);
        }
    }
    found
}

const MIDDLE_ROUNDED_DOWN: &str =
    "the middle rounded down (n / 2), so an odd deck's extra card runs past the end";
const DECK_SIZE: &str = "a deck size written into the code (right for one size of deck only)";
const PAST_THE_END: &str =
    "an index that starts one past the end (values[n]), so every deck panics";
const SATTOLO: &str = "drawing r from 0..k instead of 0..=k (Sattolo's algorithm)";
const NAIVE: &str = "swapping every position with any position (the naive shuffle)";
const NEVER_MARKED: &str = "never marking a card as used, so cards repeat";
const DECIMAL: &str = "2/3 written as a decimal (0.66, 0.6666, 1 - 0.33)";
const MARK: &str = "a card value (such as i32::MIN or -1) used as a 'used' mark";
const SOME_CARDS: &str = "looking at only some of the cards";
const SMALL_DECKS_ONLY: &str =
    "the lab's steps for small decks only (another shuffle for larger ones)";
const NOT_REVERSED: &str = "draws that do not reverse [1, 2, 3, 4]";

/// Declares a test that a wrong fixture's exercise carries exactly its
/// mistake (`None`: one the diagnosis does not name, and why).
macro_rules! wrong {
    ($name:ident, $exercise:literal, $mistake:expr) => {
        mod $name {
            // Fixtures are written as students write, not as clippy would.
            #[allow(clippy::all)]
            mod code {
                include!(concat!("../../fixtures/wrong/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[allow(unused_imports)]
            use super::*;

            #[test]
            fn makes_its_mistake() {
                let expected: Option<&str> = $mistake;
                let found = super::mistakes_of(&FIXTURE, $exercise);
                assert_eq!(found, expected.into_iter().collect::<Vec<_>>());
            }
        }
    };
}

// Named before this diagnosis read panics, thresholds and the models below.
wrong!(
    capital_heads,
    "flip",
    Some("the words returned (exactly \"heads\" or \"tails\")")
);
wrong!(
    fair_coin,
    "flip",
    Some("a fair coin (heads must come up 2 times in 3)")
);
wrong!(
    forward_fisher_yates,
    "efficient_selection_shuffle",
    Some("running k upwards instead of from n - 1 down to 1")
);
wrong!(
    half_way,
    "efficient_selection_shuffle",
    Some("a loop that covers only part of the deck")
);
wrong!(
    in_shuffle,
    "perfect_shuffle",
    Some("putting the second half's card first (an in-shuffle)")
);
wrong!(naive_swap, "efficient_selection_shuffle", Some(NAIVE));
wrong!(permutations_min_mark, "are_permutations", Some(MARK));
wrong!(
    permutations_small_values_only,
    "are_permutations",
    Some("a comparison that is right only for small values")
);
wrong!(
    question_3_backwards,
    "reversing_sequence",
    Some(NOT_REVERSED)
);
wrong!(
    question_3_out_of_range,
    "reversing_sequence",
    Some("an r larger than its k, which the shuffle can never draw")
);
wrong!(
    question_3_swaps_ends,
    "reversing_sequence",
    Some(NOT_REVERSED)
);
wrong!(
    remove_from_list,
    "selection_shuffle",
    Some("removing each card from a shrinking list instead of drawing again")
);
wrong!(sattolo, "efficient_selection_shuffle", Some(SATTOLO));
wrong!(
    selection_duplicates,
    "selection_shuffle",
    Some(NEVER_MARKED)
);
wrong!(
    selection_linear_probe,
    "selection_shuffle",
    Some("stepping to the next unused card instead of drawing again")
);
wrong!(
    selection_two_cards_unshuffled,
    "selection_shuffle",
    Some("leaving a 2-card deck as it is")
);
wrong!(
    slice_random_shuffle,
    "efficient_selection_shuffle",
    Some("calling rand's shuffle instead of writing the lab's loop")
);
wrong!(
    split_at_half,
    "perfect_shuffle",
    Some("where an odd deck is split (the first half gets the extra card)")
);
wrong!(
    stops_at_k_2,
    "efficient_selection_shuffle",
    Some("a loop that stops at k = 2, one step early")
);
wrong!(sum_based, "are_permutations", Some("comparing sums"));
wrong!(
    three_quarter_coin,
    "flip",
    Some("the coin's odds (heads must come up 2 times in 3)")
);

// Unnamed before: every failure a panic, or odds only the exact probe reads.
wrong!(floor_midpoint, "perfect_shuffle", Some(MIDDLE_ROUNDED_DOWN));
wrong!(coin_threshold_066, "flip", Some(DECIMAL));
wrong!(coin_rounded_decimal, "flip", Some(DECIMAL));
wrong!(
    coin_from_a_byte,
    "flip",
    Some("a small number (a byte) taken % 3, which is not exactly 2 in 3")
);
// A value used as a mark in the selection shuffle: a deck holding it
// never finishes.
wrong!(selection_min_mark, "selection_shuffle", Some(MARK));
wrong!(selection_minus_one_mark, "selection_shuffle", Some(MARK));

// Still unnamed, each for its reason.
// Fair, and the lab's steps for small decks only (the replays' sizes).
wrong!(
    lab_steps_for_small_decks_only,
    "efficient_selection_shuffle",
    Some(SMALL_DECKS_ONLY)
);
wrong!(
    selection_lab_steps_for_small_decks_only,
    "selection_shuffle",
    Some(SMALL_DECKS_ONLY)
);
// It never returns: a timeout leaves nothing to compare.
wrong!(selection_never_ends, "selection_shuffle", None);

// The classes real students make that were unnamed (issue 39).
wrong!(
    perfect_middle_rounded_down,
    "perfect_shuffle",
    Some(MIDDLE_ROUNDED_DOWN)
);
wrong!(
    perfect_half_sized_n_over_2,
    "perfect_shuffle",
    Some(MIDDLE_ROUNDED_DOWN)
);
wrong!(perfect_deck_size_52, "perfect_shuffle", Some(DECK_SIZE));
wrong!(perfect_second_half_at_5, "perfect_shuffle", Some(DECK_SIZE));
wrong!(
    perfect_unshuffle,
    "perfect_shuffle",
    Some("undoing a perfect shuffle (even positions first, then odd ones)")
);
wrong!(
    perfect_starts_past_the_end,
    "perfect_shuffle",
    Some(PAST_THE_END)
);
wrong!(
    efficient_deck_size_52,
    "efficient_selection_shuffle",
    Some(DECK_SIZE)
);
wrong!(
    efficient_copies_back_past_the_end,
    "efficient_selection_shuffle",
    Some(PAST_THE_END)
);
wrong!(
    efficient_starts_past_the_end,
    "efficient_selection_shuffle",
    Some(PAST_THE_END)
);
wrong!(
    sattolo_java_random,
    "efficient_selection_shuffle",
    Some(SATTOLO)
);
wrong!(
    sattolo_forwards,
    "efficient_selection_shuffle",
    Some(SATTOLO)
);
wrong!(
    sattolo_extra_swap_of_0,
    "efficient_selection_shuffle",
    Some(SATTOLO)
);
wrong!(
    naive_swap_java_random,
    "efficient_selection_shuffle",
    Some(NAIVE)
);
wrong!(
    naive_swap_down_to_1,
    "efficient_selection_shuffle",
    Some(NAIVE)
);
wrong!(
    selection_index_0_never_marked,
    "selection_shuffle",
    Some("never marking index 0 as used, so its card repeats")
);
wrong!(
    selection_never_removed,
    "selection_shuffle",
    Some(NEVER_MARKED)
);
wrong!(selection_deck_size_52, "selection_shuffle", Some(DECK_SIZE));
wrong!(coin_threshold_033, "flip", Some(DECIMAL));
wrong!(
    permutations_one_match,
    "are_permutations",
    Some("answering true as soon as one card matches")
);
wrong!(
    permutations_skips_same_index,
    "are_permutations",
    Some("skipping the same position (i != j), so a card in its own place is never found")
);
wrong!(
    permutations_products,
    "are_permutations",
    Some("comparing products")
);
wrong!(
    permutations_returns_in_loop,
    "are_permutations",
    Some(SOME_CARDS)
);
wrong!(permutations_minus_one_mark, "are_permutations", Some(MARK));
wrong!(
    permutations_random_search,
    "are_permutations",
    Some("a random search for each card, which can give up before finding it")
);

// Real mistakes that earn nothing by the core gate, moved here from the
// trivial answers: each is named (a trivial answer never is).
wrong!(
    permutations_equal,
    "are_permutations",
    Some("comparing position by position (a == b)")
);
wrong!(
    permutations_sums_and_products,
    "are_permutations",
    Some("comparing sums and products")
);
wrong!(
    permutations_every_other_card,
    "are_permutations",
    Some(SOME_CARDS)
);
wrong!(
    permutations_first_card_only,
    "are_permutations",
    Some(SOME_CARDS)
);
