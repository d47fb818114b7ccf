//! What a student reads when a check fails: pinned with insta so that a
//! change to a message is reviewed like a change to code.

use grading::{Implementation, Outcome, catalogue, run_check};

macro_rules! fixture {
    ($name:ident, $kind:literal) => {
        // Fixtures are written as students write, not as clippy would.
        #[allow(clippy::all)]
        mod $name {
            include!(concat!(
                "../../fixtures/",
                $kind,
                "/",
                stringify!($name),
                ".rs"
            ));
        }
    };
}

fixture!(floor_midpoint, "wrong");
fixture!(split_at_half, "wrong");
fixture!(in_shuffle, "wrong");
fixture!(naive_swap, "wrong");
fixture!(sattolo, "wrong");
fixture!(forward_fisher_yates, "wrong");
fixture!(selection_linear_probe, "wrong");
fixture!(remove_from_list, "wrong");
fixture!(fair_coin, "wrong");
// A trivial coin (it ignores rng): no mistake is named, so each failing
// check keeps its own hint.
#[allow(clippy::all)]
mod repeating_coin {
    pub use solutions::*;
    include!("../../fixtures/trivial/flip_repeating_pattern.rs");
}
fixture!(sum_based, "wrong");
fixture!(question_3_backwards, "wrong");
fixture!(coin_rounded_decimal, "wrong");
fixture!(coin_from_a_byte, "wrong");
fixture!(selection_minus_one_mark, "wrong");

static FLOOR_MIDPOINT: grading::Implementation = grading::implementation!(floor_midpoint);
static SPLIT_AT_HALF: grading::Implementation = grading::implementation!(split_at_half);
static IN_SHUFFLE: grading::Implementation = grading::implementation!(in_shuffle);
static NAIVE_SWAP: grading::Implementation = grading::implementation!(naive_swap);
static SATTOLO: grading::Implementation = grading::implementation!(sattolo);
static FORWARD_FISHER_YATES: grading::Implementation =
    grading::implementation!(forward_fisher_yates);
static LINEAR_PROBE: grading::Implementation = grading::implementation!(selection_linear_probe);
static REMOVE_FROM_LIST: grading::Implementation = grading::implementation!(remove_from_list);
static FAIR_COIN: grading::Implementation = grading::implementation!(fair_coin);
static ROUNDED_COIN: grading::Implementation = grading::implementation!(coin_rounded_decimal);
static BYTE_COIN: grading::Implementation = grading::implementation!(coin_from_a_byte);
static MINUS_ONE_MARK: grading::Implementation = grading::implementation!(selection_minus_one_mark);
static REPEATING_COIN: grading::Implementation = grading::implementation!(repeating_coin);
static SUM_BASED: grading::Implementation = grading::implementation!(sum_based);
static QUESTION3_BACKWARDS: grading::Implementation =
    grading::implementation!(question_3_backwards);
static STUBS: grading::Implementation = grading::implementation!(stubs);

/// Bonus fixtures hold only the extensions; the lab's six come from the
/// reference.
macro_rules! bonus_fixture {
    ($name:ident = $module:ident) => {
        #[allow(clippy::all)]
        mod $module {
            // Extensions the fixture does not write are the reference's,
            // so a new bonus exercise breaks no fixture.
            #[allow(unused_imports)]
            pub use solutions::extensions::*;
            include!(concat!("../../fixtures/bonus/", stringify!($module), ".rs"));
        }
        static $name: grading::Implementation =
            grading::implementation!(solutions, extensions = $module);
    };
}

bonus_fixture!(RIFFLE_COIN_DROPS = riffle_coin_drops);
bonus_fixture!(SEQUENCE_FOR_ASCENDING = sequence_for_ascending);
bonus_fixture!(ORDER_OFF_BY_ONE = order_off_by_one);

/// The report of one check, as `cargo test` prints it below the title.
fn message(implementation: &'static Implementation, path: &str) -> String {
    let check = catalogue()
        .into_iter()
        .find(|check| check.path() == path)
        .unwrap_or_else(|| panic!("no check {path}"));
    let outcome = run_check(implementation, &check);
    assert!(!outcome.passed(), "{path} passed");
    format!("{}: {}\n{outcome}", check.exercise, check.title)
}

#[test]
fn a_panic_names_the_call_that_panicked_and_where() {
    // As `cargo test` runs a check: the panic is kept off the terminal and
    // its place goes into the report.
    grading::quiet_check_panics();
    let text = message(
        &FLOOR_MIDPOINT,
        "perfect_shuffle::odd_lengths_give_the_extra_card_to_the_first_half",
    );
    assert!(
        text.contains("perfect_shuffle for 3 cards panicked: index out of bounds"),
        "{text}"
    );
    assert!(text.contains("wrong/floor_midpoint.rs:"), "{text}");
    assert!(text.contains("go to the line it names"), "{text}");
    // The diagnosis, run after the panic, names the mistake behind it.
    assert!(
        text.contains(
            "Here the cause is loop bounds that fit even decks only (a middle rounded down, \
             a second half read as long as the first), so an odd deck's extra card runs past \
             the end"
        ),
        "{text}"
    );
}

/// k runs down to 0 instead of 1, so the last draw is from 0..0.
#[allow(clippy::all)]
mod draws_from_an_empty_range {
    use rand::{Rng, RngExt};
    pub use solutions::*;
    pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
        for k in (0..values.len()).rev() {
            let r = rng.random_range(0..k);
            values.swap(k, r);
        }
    }
}
static EMPTY_RANGE: grading::Implementation = grading::implementation!(draws_from_an_empty_range);

#[test]
fn an_empty_range_gets_its_own_hint() {
    let text = message(
        &EMPTY_RANGE,
        "efficient_selection_shuffle::returns_a_permutation",
    );
    assert!(text.contains("cannot sample empty range"), "{text}");
    assert!(
        text.contains("the lab draws r from 0 to k inclusive"),
        "{text}"
    );
}

#[test]
fn todo_reads_as_not_yet_implemented() {
    insta::assert_snapshot!(message(&STUBS, "flip::heads_twice_as_often_as_tails"));
}

#[test]
fn exact_output_shows_input_expected_returned_and_hint() {
    insta::assert_snapshot!(message(
        &IN_SHUFFLE,
        "perfect_shuffle::even_lengths_interleave_the_halves"
    ));
}

#[test]
fn uniformity_failure_shows_the_statistic_and_the_extremes() {
    insta::assert_snapshot!(message(
        &NAIVE_SWAP,
        "efficient_selection_shuffle::uniform_over_the_24_orders_of_4_cards"
    ));
    insta::assert_snapshot!(message(
        &LINEAR_PROBE,
        "selection_shuffle::uniform_over_the_24_orders_of_4_cards"
    ));
}

#[test]
fn lab_steps_failures_name_the_wrong_turn() {
    insta::assert_snapshot!(message(
        &SATTOLO,
        "efficient_selection_shuffle::lab_steps_r_can_equal_k"
    ));
    insta::assert_snapshot!(message(
        &FORWARD_FISHER_YATES,
        "efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1"
    ));
    insta::assert_snapshot!(message(
        &REMOVE_FROM_LIST,
        "selection_shuffle::lab_steps_retries_until_an_unused_card"
    ));
}

#[test]
fn coin_failures_explain_ratio_and_independence() {
    insta::assert_snapshot!(message(&FAIR_COIN, "flip::heads_twice_as_often_as_tails"));
    insta::assert_snapshot!(message(
        &REPEATING_COIN,
        "flip::successive_flips_are_independent"
    ));
}

/// The near misses each read as their own mistake: the threshold written
/// as a decimal, the byte's modulo bias, a card value used as a mark.
#[test]
fn near_misses_name_their_mistake() {
    grading::quiet_check_panics();
    insta::assert_snapshot!(message(&ROUNDED_COIN, "flip::heads_exactly_2_times_in_3"));
    insta::assert_snapshot!(message(&BYTE_COIN, "flip::heads_exactly_2_times_in_3"));
    insta::assert_snapshot!(message(
        &MINUS_ONE_MARK,
        "selection_shuffle::any_i32_can_be_a_card"
    ));
}

#[test]
fn question_failures_explain_why() {
    insta::assert_snapshot!(message(
        &SUM_BASED,
        "are_permutations::false_when_only_the_sums_match"
    ));
    insta::assert_snapshot!(message(
        &QUESTION3_BACKWARDS,
        "reversing_sequence::answers_question_3"
    ));
}

#[test]
fn bonus_failures_explain_the_model_and_the_replay() {
    insta::assert_snapshot!(message(
        &RIFFLE_COIN_DROPS,
        "riffle_shuffle::matches_the_model_on_4_cards"
    ));
    insta::assert_snapshot!(message(
        &SEQUENCE_FOR_ASCENDING,
        "sequence_for::rebuilds_shuffled_decks"
    ));
    insta::assert_snapshot!(message(
        &ORDER_OFF_BY_ONE,
        "perfect_shuffle_order::fifty_two_cards_need_8"
    ));
}

#[test]
fn outcomes_compare_by_value() {
    assert_eq!(
        Outcome::NotImplemented {
            function: "flip".into()
        },
        Outcome::NotImplemented {
            function: "flip".into()
        }
    );
}

/// One mistake, one message: a split at n / 2 fails six checks of
/// perfect_shuffle; one explains the split, the other five point to it.
#[test]
fn one_mistake_reads_as_one_message() {
    let report: Vec<String> = catalogue()
        .iter()
        .filter(|check| check.exercise == "perfect_shuffle")
        .filter_map(|check| match run_check(&SPLIT_AT_HALF, check) {
            Outcome::Passed => None,
            outcome => Some(format!("{}: {}\n{outcome}", check.exercise, check.title)),
        })
        .collect();
    insta::assert_snapshot!(report.join("\n"));
}

/// A slip in the efficient shuffle fails the check that runs Question 3's
/// draws through it; its message must not give those draws, the answer to
/// Question 3, away.
#[test]
fn the_question_3_replay_does_not_give_the_answer_away() {
    for wrong in [&SATTOLO, &NAIVE_SWAP, &FORWARD_FISHER_YATES] {
        let text = message(wrong, "efficient_selection_shuffle::lab_steps_question_3");
        assert!(text.contains("Question 3's draws"), "{text}");
        for answer in ["r = 0 for k = 3", "r = 1 for k = 2", "0, 1, 1", "[0, 1, 1]"] {
            assert!(!text.contains(answer), "{answer} in:\n{text}");
        }
    }
}
