//! Proof that the suite tells right from wrong: the reference passes every
//! check, the pristine stubs fail every check as "not yet implemented",
//! every wrong fixture fails its own exercise and nothing else, and every
//! correct fixture, however it draws its randomness, passes. The same holds
//! for the bonus extensions, and a submission without them is graded on
//! the lab's checks exactly as before.

use grading::{Implementation, Kind, Outcome, catalogue, run_check};

/// Runs the whole catalogue against `S`, returning (check path, kind,
/// exercise, outcome) for each check.
fn grade(implementation: &'static Implementation) -> Vec<(String, Kind, &'static str, Outcome)> {
    catalogue()
        .iter()
        .map(|check| {
            (
                check.path(),
                check.kind,
                check.exercise,
                run_check(implementation, check),
            )
        })
        .collect()
}

fn failures(results: &[(String, Kind, &'static str, Outcome)]) -> Vec<String> {
    results
        .iter()
        .filter(|(.., outcome)| !outcome.passed())
        .map(|(path, ..)| path.clone())
        .collect()
}

/// The lab's checks only, after asserting that every bonus check reads
/// "not yet implemented", as it must for a submission without extensions.
fn core_only(
    results: Vec<(String, Kind, &'static str, Outcome)>,
) -> Vec<(String, Kind, &'static str, Outcome)> {
    let (bonus, core): (Vec<_>, Vec<_>) = results
        .into_iter()
        .partition(|(_, kind, ..)| *kind == Kind::Bonus);
    let catalogued = catalogue()
        .iter()
        .filter(|check| check.kind == Kind::Bonus)
        .count();
    assert_eq!(bonus.len(), catalogued);
    for (path, _, exercise, outcome) in bonus {
        let expected = Outcome::NotImplemented {
            function: exercise.to_string(),
        };
        assert_eq!(outcome, expected, "{path}");
    }
    core
}

static REFERENCE: grading::Implementation =
    grading::implementation!(solutions, extensions = solutions::extensions);
static STUBS: grading::Implementation =
    grading::implementation!(stubs, extensions = stubs::extensions);

#[test]
#[ignore = "slow tier: grades every fixture in the sandbox (about 35 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn reference_solutions_pass_every_check() {
    let results = grade(&REFERENCE);
    assert_eq!(failures(&results), Vec::<String>::new());
}

/// The pristine stubs, from the frozen copy in `tests/stubs`, so this holds
/// while someone works in `exercises/`.
#[test]
#[ignore = "slow tier: grades every fixture in the sandbox (about 35 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn pristine_stubs_fail_every_check_as_not_yet_implemented() {
    for (path, _, exercise, outcome) in grade(&STUBS) {
        assert_eq!(
            outcome,
            Outcome::NotImplemented {
                function: exercise.to_string()
            },
            "{path}"
        );
    }
}

/// Asserts that a wrong fixture fails at least `must_fail` of its own
/// exercise and passes every check of every other exercise. A fair but
/// different algorithm (`lab_steps_only`) must also pass every property
/// check of its own exercise.
fn assert_graded_as_wrong(
    results: &[(String, Kind, &'static str, Outcome)],
    own_exercise: &str,
    must_fail: &[&str],
    lab_steps_only: bool,
) {
    let failed = failures(results);
    for check in must_fail {
        let path = format!("{own_exercise}::{check}");
        assert!(
            failed.contains(&path),
            "{path} should fail; failed: {failed:?}"
        );
    }
    for (path, kind, exercise, outcome) in results {
        let may_fail = *exercise == own_exercise && (!lab_steps_only || *kind == Kind::LabSteps);
        assert!(
            may_fail || outcome.passed(),
            "{path} should pass: {outcome}"
        );
    }
}

/// Asserts what a wrong fixture earns for its exercise under the shipped
/// rubric: nothing for an answer that ignores the task (`zero`), partial
/// credit for a real mistake (`wrong`), every property point and no
/// lab-steps point for a fair shuffle that is not the lab's (`fair`).
#[cfg(target_os = "linux")]
fn assert_points(results: &[(String, Kind, &'static str, Outcome)], exercise: &str, verdict: &str) {
    let full = points_by_exercise(&grade(&REFERENCE));
    let max = full.iter().find(|(e, _)| *e == exercise).map_or(0, |p| p.1);
    let earned = points_by_exercise(results)
        .into_iter()
        .find(|(e, _)| *e == exercise)
        .map_or(0, |p| p.1);
    match verdict {
        "zero" => assert_eq!(earned, 0, "{exercise} must earn nothing"),
        "wrong" => assert!(
            0 < earned && earned < max,
            "{exercise}: a real mistake keeps partial credit, not {earned} of {max}"
        ),
        _ => {
            let lab_steps = (max as f64 * 0.3).round() as u64;
            assert!(
                max - lab_steps <= earned && earned < max,
                "{exercise}: a fair shuffle keeps its property points, not {earned} of {max}"
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn assert_points(_: &[(String, Kind, &'static str, Outcome)], _: &str, _: &str) {}

/// Asserts that a one-bug fixture reads as one mistake: the check that
/// shows it (`shown`) keeps its own hint, and every other failing check of
/// the exercise points to it instead of sending the student after a
/// second bug.
fn assert_one_message(
    results: &[(String, Kind, &'static str, Outcome)],
    exercise: &str,
    shown: &str,
) {
    let mut full_hints = Vec::new();
    for (path, _, own, outcome) in results {
        let Outcome::Failed(failure) = outcome else {
            continue;
        };
        if *own != exercise {
            continue;
        }
        if let Some(pointed) = failure.shown_by {
            assert_eq!(pointed.path(), format!("{exercise}::{shown}"), "{path}");
        } else {
            full_hints.push(path.clone());
        }
    }
    // A fixture whose every failure is a panic (floor_midpoint indexes
    // past the end) has no hints to mislead: the panic names its input.
    if !full_hints.is_empty() {
        assert_eq!(full_hints, [format!("{exercise}::{shown}")], "full hints");
    }
}

/// Asserts that no failure names a mistake or points to another check:
/// for a wrong answer that makes no known mistake, each failing check
/// keeps its own hint.
fn assert_nothing_named(results: &[(String, Kind, &'static str, Outcome)]) {
    for (path, _, _, outcome) in results {
        assert_eq!(outcome.mistake(), None, "{path}");
        if let Outcome::Failed(failure) = outcome {
            assert_eq!(failure.shown_by, None, "{path}");
        }
    }
}

/// Declares a fixture module and a test of how the suite must grade it.
macro_rules! fixture {
    (correct $name:ident) => {
        mod $name {
            // Fixtures are written as students write, not as clippy would.
            #[allow(clippy::all)]
            mod code {
                include!(concat!("../../fixtures/correct/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[test]
            #[ignore = "slow tier: grades every fixture in the sandbox (about 35 s): .ci/run runs it (cargo test -- --include-ignored)"]
            fn passes_every_check() {
                let results = super::core_only(super::grade(&FIXTURE));
                assert_eq!(super::failures(&results), Vec::<String>::new());
            }
        }
    };
    ($verdict:ident $name:ident fails $exercise:ident: $($check:ident),+; unnamed) => {
        mod $name {
            // Fixtures are written as students write, not as clippy would.
            #[allow(clippy::all)]
            mod code {
                include!(concat!("../../fixtures/wrong/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[test]
            #[ignore = "slow tier: grades every fixture in the sandbox (about 35 s): .ci/run runs it (cargo test -- --include-ignored)"]
            fn fails_its_own_exercise_and_names_nothing() {
                let results = super::grade(&FIXTURE);
                super::assert_graded_as_wrong(
                    &super::core_only(results.clone()),
                    stringify!($exercise),
                    &[$(stringify!($check)),+],
                    stringify!($verdict) == "fair",
                );
                super::assert_points(&results, stringify!($exercise), stringify!($verdict));
                super::assert_nothing_named(&results);
            }
        }
    };
    ($verdict:ident $name:ident fails $exercise:ident: $($check:ident),+; shown by $shown:ident) => {
        mod $name {
            // Fixtures are written as students write, not as clippy would.
            #[allow(clippy::all)]
            mod code {
                include!(concat!("../../fixtures/wrong/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[test]
            #[ignore = "slow tier: grades every fixture in the sandbox (about 35 s): .ci/run runs it (cargo test -- --include-ignored)"]
            fn fails_its_own_exercise_and_nothing_else() {
                let results = super::grade(&FIXTURE);
                super::assert_graded_as_wrong(
                    &super::core_only(results.clone()),
                    stringify!($exercise),
                    &[$(stringify!($check)),+],
                    stringify!($verdict) == "fair",
                );
                super::assert_points(&results, stringify!($exercise), stringify!($verdict));
                super::assert_one_message(&results, stringify!($exercise), stringify!($shown));
            }
        }
    };
}

/// Declares a bonus fixture: the reference's six functions with the
/// fixture's extensions, and a test of how the suite must grade them.
macro_rules! bonus_fixture {
    (correct $name:ident) => {
        mod $name {
            #[allow(clippy::all)]
            mod code {
                // Extensions the fixture does not write are the
                // reference's, so a new bonus exercise breaks no fixture.
                #[allow(unused_imports)]
                pub use solutions::extensions::*;
                include!(concat!("../../fixtures/bonus/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(solutions, extensions = code);

            #[test]
            #[ignore = "slow tier: grades every fixture in the sandbox (about 35 s): .ci/run runs it (cargo test -- --include-ignored)"]
            fn passes_every_check() {
                let results = super::grade(&FIXTURE);
                assert_eq!(super::failures(&results), Vec::<String>::new());
            }
        }
    };
    ($name:ident fails $exercise:ident: $($check:ident),+) => {
        mod $name {
            #[allow(clippy::all)]
            mod code {
                // Extensions the fixture does not write are the
                // reference's, so a new bonus exercise breaks no fixture.
                #[allow(unused_imports)]
                pub use solutions::extensions::*;
                include!(concat!("../../fixtures/bonus/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(solutions, extensions = code);

            #[test]
            #[ignore = "slow tier: grades every fixture in the sandbox (about 35 s): .ci/run runs it (cargo test -- --include-ignored)"]
            fn fails_its_own_exercise_and_nothing_else() {
                super::assert_graded_as_wrong(
                    &super::grade(&FIXTURE),
                    stringify!($exercise),
                    &[$(stringify!($check)),+],
                    false,
                );
            }
        }
    };
}

bonus_fixture!(correct correct_other_ways);
bonus_fixture!(riffle_half_cut fails riffle_shuffle: matches_the_model_on_4_cards);
bonus_fixture!(riffle_coin_drops fails riffle_shuffle: matches_the_model_on_4_cards);
bonus_fixture!(sequence_for_ascending fails sequence_for:
    rebuilds_every_order_of_4_cards, rebuilds_shuffled_decks);
bonus_fixture!(order_off_by_one fails perfect_shuffle_order:
    small_decks, fifty_two_cards_need_8, matches_the_orders_up_to_60_cards, larger_decks);

fixture!(correct draws_u32);
fixture!(correct draws_i32);
fixture!(correct draws_u64);
fixture!(correct java_style);
fixture!(correct lab_loops);
fixture!(correct iterators);
fixture!(correct draws_modulo_u32);
fixture!(correct draws_modulo_u64);
fixture!(correct vecdeque_halves);
fixture!(correct recursion);
fixture!(correct chunks_and_bits);
fixture!(correct index_arithmetic);
fixture!(correct step_by_slots);
fixture!(correct java_loops_more);
fixture!(correct sorted_copies);
fixture!(correct index_order);
fixture!(correct float_ranges);

fixture!(wrong naive_swap fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, uniform_at_52_cards, lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong sattolo fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, uniform_at_2_cards, uniform_at_52_cards, lab_steps_r_can_equal_k;
    shown by lab_steps_r_can_equal_k);
// Only the first two cards' order is off, too little to show among 52.
fixture!(wrong stops_at_k_2 fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, uniform_at_2_cards, lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
// With 2 cards, half way is the whole way.
fixture!(wrong half_way fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, uniform_at_52_cards;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong floor_midpoint fails perfect_shuffle:
    returns_a_permutation, odd_lengths_give_the_extra_card_to_the_first_half, outputs_match_the_snapshot;
    shown by odd_lengths_give_the_extra_card_to_the_first_half);
// The same mistake without the panic: one full hint, five pointers to it.
fixture!(wrong split_at_half fails perfect_shuffle:
    returns_a_permutation, small_decks, odd_lengths_give_the_extra_card_to_the_first_half,
    moves_values_not_indices, every_deck_up_to_100_cards, outputs_match_the_snapshot;
    shown by odd_lengths_give_the_extra_card_to_the_first_half);
fixture!(wrong in_shuffle fails perfect_shuffle:
    even_lengths_interleave_the_halves, eight_shuffles_restore_52_cards, outputs_match_the_snapshot;
    shown by even_lengths_interleave_the_halves);
fixture!(wrong selection_duplicates fails selection_shuffle:
    returns_a_permutation, uniform_over_the_24_orders_of_4_cards, lab_steps_retries_until_an_unused_card;
    shown by returns_a_permutation);
fixture!(wrong selection_two_cards_unshuffled fails selection_shuffle: uniform_at_2_cards;
    shown by uniform_at_2_cards);
// Its bias is strong on 4 cards and faint, per cell, on 52.
fixture!(wrong selection_linear_probe fails selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, lab_steps_retries_until_an_unused_card;
    shown by lab_steps_retries_until_an_unused_card);
fixture!(zero fair_coin fails flip: heads_twice_as_often_as_tails;
    shown by heads_twice_as_often_as_tails);
fixture!(zero three_quarter_coin fails flip: heads_twice_as_often_as_tails;
    shown by heads_twice_as_often_as_tails);
fixture!(zero capital_heads fails flip: returns_heads_or_tails, heads_twice_as_often_as_tails;
    shown by returns_heads_or_tails);
fixture!(zero sum_based fails are_permutations: false_when_only_the_sums_match;
    shown by false_when_only_the_sums_match);
fixture!(wrong selection_minus_one_mark fails selection_shuffle: any_i32_can_be_a_card;
    shown by any_i32_can_be_a_card);
fixture!(wrong selection_min_mark fails selection_shuffle: any_i32_can_be_a_card;
    shown by any_i32_can_be_a_card);
fixture!(wrong coin_rounded_decimal fails flip: heads_exactly_2_times_in_3;
    shown by heads_exactly_2_times_in_3);
fixture!(wrong coin_threshold_066 fails flip: heads_exactly_2_times_in_3;
    shown by heads_exactly_2_times_in_3);
fixture!(wrong coin_from_a_byte fails flip: heads_exactly_2_times_in_3;
    shown by heads_exactly_2_times_in_3);
fixture!(wrong permutations_min_mark fails are_permutations:
    every_pair_of_up_to_4_cards, random_pairs_of_5_to_12_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(wrong permutations_small_values_only fails are_permutations:
    every_pair_of_up_to_4_cards, random_pairs_of_5_to_12_cards;
    shown by every_pair_of_up_to_4_cards);
// Real mistakes that earn nothing, moved from the trivial answers: the
// diagnosis names each, so the other failing checks point to one hint.
fixture!(zero permutations_equal fails are_permutations: true_for_rearrangements;
    shown by true_for_rearrangements);
fixture!(zero permutations_sums_and_products fails are_permutations: false_when_only_the_sums_match;
    shown by false_when_only_the_sums_match);
fixture!(zero permutations_every_other_card fails are_permutations: false_when_a_card_differs;
    shown by false_when_a_card_differs);
fixture!(zero permutations_first_card_only fails are_permutations: false_when_a_card_differs;
    shown by false_when_a_card_differs);
fixture!(zero question_3_backwards fails reversing_sequence: answers_question_3, answer_matches_the_snapshot;
    shown by answers_question_3);
fixture!(zero question_3_out_of_range fails reversing_sequence:
    each_r_is_between_0_and_k, answers_question_3;
    shown by each_r_is_between_0_and_k);
fixture!(zero question_3_swaps_ends fails reversing_sequence: answers_question_3;
    shown by answers_question_3);

// The classes of mistake real students make (issue 39), each as students
// write it. Every failure of the first three is a panic.
fixture!(wrong perfect_middle_rounded_down fails perfect_shuffle:
    returns_a_permutation, odd_lengths_give_the_extra_card_to_the_first_half;
    shown by odd_lengths_give_the_extra_card_to_the_first_half);
fixture!(wrong perfect_half_sized_n_over_2 fails perfect_shuffle:
    returns_a_permutation, odd_lengths_give_the_extra_card_to_the_first_half;
    shown by odd_lengths_give_the_extra_card_to_the_first_half);
fixture!(zero perfect_deck_size_52 fails perfect_shuffle:
    returns_a_permutation, interleaves_two_halves, every_deck_up_to_100_cards;
    shown by every_deck_up_to_100_cards);
fixture!(zero perfect_second_half_at_5 fails perfect_shuffle:
    returns_a_permutation, interleaves_two_halves, every_deck_up_to_100_cards;
    shown by every_deck_up_to_100_cards);
fixture!(zero perfect_unshuffle fails perfect_shuffle:
    interleaves_two_halves, even_lengths_interleave_the_halves;
    shown by even_lengths_interleave_the_halves);
fixture!(zero perfect_starts_past_the_end fails perfect_shuffle:
    returns_a_permutation, interleaves_two_halves;
    shown by returns_a_permutation);
fixture!(zero efficient_deck_size_52 fails efficient_selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(zero efficient_copies_back_past_the_end fails efficient_selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(zero efficient_starts_past_the_end fails efficient_selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(wrong sattolo_java_random fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, uniform_at_2_cards, lab_steps_r_can_equal_k;
    shown by lab_steps_r_can_equal_k);
fixture!(wrong sattolo_forwards fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, uniform_at_2_cards, lab_steps_r_can_equal_k;
    shown by lab_steps_r_can_equal_k);
fixture!(wrong sattolo_extra_swap_of_0 fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, uniform_at_2_cards, lab_steps_r_can_equal_k;
    shown by lab_steps_r_can_equal_k);
fixture!(wrong naive_swap_java_random fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong naive_swap_forwards_java_random fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong naive_swap_down_to_1 fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong selection_index_0_never_marked fails selection_shuffle:
    returns_a_permutation, uniform_over_the_24_orders_of_4_cards;
    shown by returns_a_permutation);
fixture!(wrong selection_never_removed fails selection_shuffle:
    returns_a_permutation, uniform_over_the_24_orders_of_4_cards;
    shown by returns_a_permutation);
fixture!(zero selection_deck_size_52 fails selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(wrong coin_threshold_033 fails flip: heads_exactly_2_times_in_3;
    shown by heads_exactly_2_times_in_3);
fixture!(zero permutations_one_match fails are_permutations: false_when_a_card_differs;
    shown by false_when_a_card_differs);
fixture!(zero permutations_skips_same_index fails are_permutations: true_for_rearrangements;
    shown by true_for_rearrangements);
fixture!(zero permutations_products fails are_permutations: false_when_only_the_sums_match;
    shown by false_when_only_the_sums_match);
fixture!(zero permutations_returns_in_loop fails are_permutations: false_when_a_card_differs;
    shown by false_when_a_card_differs);
fixture!(wrong permutations_minus_one_mark fails are_permutations: every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(zero permutations_random_search fails are_permutations: true_for_rearrangements;
    shown by true_for_rearrangements);

// A deck size in the code as the loops of half a 52-card deck (26) or of
// the lab tester's 10 cards.
fixture!(zero perfect_deck_size_26 fails perfect_shuffle:
    returns_a_permutation, interleaves_two_halves, every_deck_up_to_100_cards;
    shown by every_deck_up_to_100_cards);
fixture!(zero efficient_deck_size_10 fails efficient_selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(zero efficient_deck_size_26 fails efficient_selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(zero selection_deck_size_10 fails selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);

fixture!(wrong selection_redraws_once fails selection_shuffle:
    returns_a_permutation, lab_steps_retries_until_an_unused_card;
    shown by lab_steps_retries_until_an_unused_card);

// Near misses of known mistakes that make none of them: nothing is named,
// so every failing check keeps its own hint.
fixture!(wrong efficient_r_clamped fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, lab_steps_k_from_the_end_down_to_1; unnamed);
fixture!(wrong efficient_r_never_0 fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong coin_single_precision fails flip: heads_exactly_2_times_in_3; unnamed);
fixture!(wrong permutations_sum_of_squares fails are_permutations:
    every_pair_of_up_to_4_cards; unnamed);

fixture!(fair efficient_down_to_0 fails efficient_selection_shuffle:
    lab_steps_k_from_the_end_down_to_1; unnamed);
fixture!(wrong efficient_starts_one_low fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards, lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong selection_marks_the_position fails selection_shuffle:
    returns_a_permutation, lab_steps_retries_until_an_unused_card;
    shown by lab_steps_retries_until_an_unused_card);
fixture!(wrong perfect_drops_odd_card fails perfect_shuffle:
    returns_a_permutation, odd_lengths_give_the_extra_card_to_the_first_half;
    shown by odd_lengths_give_the_extra_card_to_the_first_half);

fixture!(zero permutations_a_from_1 fails are_permutations: false_when_a_card_differs;
    shown by false_when_a_card_differs);
fixture!(zero permutations_b_from_1 fails are_permutations: true_for_rearrangements; unnamed);
// Only the smallest and largest cards compared: a summary of the cards,
// as a sum is, so it earns nothing since the summaries' check holds a
// pair with the same sum, smallest and largest card (issue 51).
fixture!(zero permutations_min_and_max fails are_permutations:
    false_when_only_the_sums_match; unnamed);
fixture!(zero permutations_sorts_a_only fails are_permutations: true_for_rearrangements;
    unnamed);
// The digits of sorted copies compared: right on every pair but those
// whose digits read alike, so it keeps partial credit.
fixture!(wrong permutations_concatenated_digits fails are_permutations:
    false_when_only_the_digits_match; shown by false_when_only_the_digits_match);

// Fair algorithms that are not the lab's: only lab-steps checks may fail.
fixture!(fair forward_fisher_yates fails efficient_selection_shuffle:
    lab_steps_k_from_the_end_down_to_1, lab_steps_question_3;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(fair slice_random_shuffle fails efficient_selection_shuffle:
    lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(fair lab_steps_for_small_decks_only fails efficient_selection_shuffle:
    lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(fair selection_lab_steps_for_small_decks_only fails selection_shuffle:
    lab_steps_draws_j_from_the_whole_deck;
    shown by lab_steps_draws_j_from_the_whole_deck);
fixture!(fair remove_from_list fails selection_shuffle:
    lab_steps_retries_until_an_unused_card, lab_steps_draws_j_from_the_whole_deck;
    shown by lab_steps_retries_until_an_unused_card);

// Issue 51: named by what the code does. A buffer of 52 is right for
// every deck it holds, odd ones too, so it keeps partial credit; an empty
// Vec indexed panics on every deck with a card, and Question 3's draws
// that move the deck are wrong, not trivial.
fixture!(wrong perfect_buffer_of_52 fails perfect_shuffle: every_deck_up_to_100_cards;
    shown by every_deck_up_to_100_cards);
fixture!(wrong perfect_vec_of_52_truncated fails perfect_shuffle: every_deck_up_to_100_cards;
    shown by every_deck_up_to_100_cards);
fixture!(zero perfect_vec_new_then_index fails perfect_shuffle:
    returns_a_permutation, interleaves_two_halves;
    shown by returns_a_permutation);
fixture!(zero perfect_with_capacity_then_index fails perfect_shuffle:
    returns_a_permutation, interleaves_two_halves;
    shown by returns_a_permutation);
fixture!(zero selection_vec_new_then_index fails selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(zero question_3_first_step_only fails reversing_sequence:
    answers_question_3, answer_matches_the_snapshot;
    shown by answers_question_3);
fixture!(zero question_3_ks_minus_one fails reversing_sequence:
    answers_question_3, answer_matches_the_snapshot;
    shown by answers_question_3);
// Issue 51: r = k at every step, once trivial, named for what it does.
fixture!(zero question_3_leaves_in_place fails reversing_sequence:
    answers_question_3, answer_matches_the_snapshot;
    shown by answers_question_3);
fixture!(zero question_3_ks_in_a_loop fails reversing_sequence:
    answers_question_3, answer_matches_the_snapshot;
    shown by answers_question_3);

// Issue 51, Question 2's later classes, each named by its answers on
// small pairs (a loop to len - 1 panics on two empty arrays, asked alone).
fixture!(zero permutations_identical_rejected fails are_permutations: true_for_rearrangements;
    shown by true_for_rearrangements);
fixture!(zero permutations_needs_a_moved_card fails are_permutations: true_for_rearrangements;
    shown by true_for_rearrangements);
fixture!(zero permutations_loops_to_len_minus_1 fails are_permutations:
    false_when_a_card_differs, empty_and_single_card_arrays, every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(zero permutations_sorted_to_len_minus_1 fails are_permutations:
    false_when_a_card_differs, empty_and_single_card_arrays, every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(zero permutations_outer_to_len_minus_1 fails are_permutations:
    false_when_a_card_differs, empty_and_single_card_arrays;
    shown by false_when_a_card_differs);
fixture!(zero permutations_found_not_reset fails are_permutations: false_when_a_card_differs;
    shown by false_when_a_card_differs);
fixture!(zero permutations_found_not_reset_counted fails are_permutations: false_when_a_card_differs;
    shown by false_when_a_card_differs);
fixture!(zero permutations_found_overwritten fails are_permutations:
    true_for_rearrangements, every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(zero permutations_sorted_last_pair fails are_permutations:
    false_when_a_card_differs, every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(zero permutations_counts_by_value fails are_permutations:
    true_for_rearrangements, every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(zero permutations_counts_in_vec_of_100 fails are_permutations:
    true_for_rearrangements, every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(wrong permutations_marks_then_checks_b fails are_permutations: every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);
fixture!(wrong permutations_min_mark_checked_at_end fails are_permutations:
    every_pair_of_up_to_4_cards;
    shown by every_pair_of_up_to_4_cards);

// Issue 51, the shuffles' later classes, each read from replays scripted
// with the bounds the mistaken code draws from; a rounded draw from the
// frequencies of the orders of 4 cards; a loop body cut off is trivial.
fixture!(zero efficient_writes_r fails efficient_selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(zero efficient_swap_writes_r fails efficient_selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(wrong efficient_temp_never_used fails efficient_selection_shuffle: returns_a_permutation;
    shown by returns_a_permutation);
fixture!(wrong efficient_temp_of_r_never_used fails efficient_selection_shuffle: returns_a_permutation;
    shown by returns_a_permutation);
fixture!(wrong efficient_range_from_the_end fails efficient_selection_shuffle:
    lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong efficient_range_from_the_end_java fails efficient_selection_shuffle:
    lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(zero efficient_fixed_range_9 fails efficient_selection_shuffle:
    reaches_many_orders_of_8_cards, lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong efficient_fixed_range_n_minus_2 fails efficient_selection_shuffle:
    lab_steps_k_from_the_end_down_to_1;
    shown by lab_steps_k_from_the_end_down_to_1);
fixture!(wrong sattolo_then_extra_swap fails efficient_selection_shuffle: lab_steps_r_can_equal_k;
    shown by lab_steps_r_can_equal_k);
fixture!(wrong sattolo_then_swap_last fails efficient_selection_shuffle: lab_steps_r_can_equal_k;
    shown by lab_steps_r_can_equal_k);
fixture!(wrong efficient_rounded fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards;
    shown by uniform_over_the_24_orders_of_4_cards);
fixture!(wrong efficient_rounded_range fails efficient_selection_shuffle:
    uniform_over_the_24_orders_of_4_cards;
    shown by uniform_over_the_24_orders_of_4_cards);
fixture!(zero efficient_stray_semicolon fails efficient_selection_shuffle:
    reaches_many_orders_of_8_cards; unnamed);
fixture!(zero efficient_swap_after_the_loop fails efficient_selection_shuffle:
    reaches_many_orders_of_8_cards;
    shown by reaches_many_orders_of_8_cards);
fixture!(zero selection_last_never_picked fails selection_shuffle:
    returns_a_permutation, reaches_many_orders_of_8_cards;
    shown by returns_a_permutation);
fixture!(wrong selection_last_kept_from_copy fails selection_shuffle: returns_a_permutation;
    shown by returns_a_permutation);
fixture!(wrong selection_with_replacement fails selection_shuffle: returns_a_permutation;
    shown by returns_a_permutation);
fixture!(wrong selection_with_replacement_java fails selection_shuffle: returns_a_permutation;
    shown by returns_a_permutation);

/// The points each exercise earns under the shipped rubric, core checks
/// and all, in hundredths.
#[cfg(target_os = "linux")]
fn points_by_exercise(
    results: &[(String, Kind, &'static str, Outcome)],
) -> Vec<(&'static str, u64)> {
    use ::grade::{DEFAULT_RUBRIC, Rubric};
    let rubric = Rubric::parse(DEFAULT_RUBRIC).expect("the shipped rubric");
    let checks = catalogue();
    let passed: Vec<bool> = results.iter().map(|(.., o)| o.passed()).collect();
    let earned = rubric.earned(&checks, &passed);
    workbook::LAB_EXERCISES
        .iter()
        .map(|&exercise| {
            let sum = checks
                .iter()
                .zip(&earned)
                .filter(|(c, _)| c.exercise == exercise)
                .map(|(_, e)| e)
                .sum();
            (exercise, sum)
        })
        .collect()
}

/// Declares a trivial answer, one that ignores the task: the reference
/// with one function replaced. It must earn nothing for that exercise and
/// every point of every other.
#[cfg(target_os = "linux")]
macro_rules! trivial {
    ($name:ident earns nothing for $exercise:ident) => {
        mod $name {
            #[allow(clippy::all, unused_imports)]
            mod code {
                pub use solutions::*;
                include!(concat!("../../fixtures/trivial/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[test]
            #[ignore = "slow tier: grades every fixture in the sandbox (about 35 s): .ci/run runs it (cargo test -- --include-ignored)"]
            fn earns_nothing_for_its_exercise_and_everything_else() {
                let results = super::grade(&FIXTURE);
                let full = super::points_by_exercise(&super::grade(&super::REFERENCE));
                for ((exercise, earned), (_, max)) in
                    super::points_by_exercise(&results).into_iter().zip(full)
                {
                    let want = if exercise == stringify!($exercise) {
                        0
                    } else {
                        max
                    };
                    assert_eq!(earned, want, "{exercise}");
                }
            }
        }
    };
}

#[cfg(target_os = "linux")]
mod trivial {
    use super::{REFERENCE, grade, points_by_exercise};

    trivial!(perfect_returns_input earns nothing for perfect_shuffle);
    trivial!(perfect_reverses earns nothing for perfect_shuffle);
    trivial!(perfect_sorts earns nothing for perfect_shuffle);
    trivial!(perfect_constant earns nothing for perfect_shuffle);
    trivial!(selection_returns_input earns nothing for selection_shuffle);
    trivial!(selection_reverses earns nothing for selection_shuffle);
    trivial!(selection_rotates earns nothing for selection_shuffle);
    trivial!(selection_one_swap earns nothing for selection_shuffle);
    trivial!(efficient_does_nothing earns nothing for efficient_selection_shuffle);
    trivial!(efficient_reverses earns nothing for efficient_selection_shuffle);
    trivial!(efficient_rotates earns nothing for efficient_selection_shuffle);
    trivial!(efficient_one_swap earns nothing for efficient_selection_shuffle);
    trivial!(flip_always_heads earns nothing for flip);
    trivial!(flip_balanced_pattern earns nothing for flip);
    trivial!(flip_repeating_pattern earns nothing for flip);
    trivial!(permutations_always_true earns nothing for are_permutations);
    trivial!(permutations_always_false earns nothing for are_permutations);
    trivial!(permutations_lengths earns nothing for are_permutations);
    trivial!(question_3_zeros earns nothing for reversing_sequence);
}
