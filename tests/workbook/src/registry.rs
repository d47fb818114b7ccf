//! The one list of the exercises. Everything that names an exercise (the
//! function table, the requests and answers between a grader and a
//! sandboxed child, the typed calls the checks make, the `grade` command's
//! generated wrappers, the `#[test]` functions and the report's columns) is
//! expanded from [`with_exercises!`], once, in `expansion.rs`, so an
//! exercise added there and nowhere else is a compile error that names
//! what it lacks. Two matchers read the list's shape: `__normal_form!`,
//! which reads its grammar, and the expansion, which reads the normal form.

/// Calls a macro with every exercise: the lab's, then the bonus ones.
///
/// Each exercise gives its name (the function's, and its checks' module in
/// the grading suite), its [shape](crate::shapes), which fixes its
/// signature, a one-line summary, for a lab exercise the points it is
/// worth by default (`worth 20`; 100 in all, and a rubric may change
/// them) and how its known mistakes are diagnosed (`diagnosis shuffles`:
/// the function of the exercise's name in `grading`'s `diagnosis::shuffles`;
/// `diagnosis none` until its mistakes are modelled; the grammar requires
/// one or the other, so a lab exercise cannot be left out of the
/// diagnosis), and its checks. Each check is `property` (it holds for every
/// correct implementation), `core` (a property check that gates its
/// exercise: the exercise earns nothing unless all its core checks pass,
/// so an answer that ignores the task earns 0; a rubric may change the
/// list) or `steps` (it grades the lab's exact steps, and its name starts
/// with `lab_steps_`), then its name, a function of that name in
/// `grading::checks::<exercise>`, and the one-line title a report shows
/// after the function's name.
///
/// A check several exercises share says where it lives and what it is
/// given instead (`uniform_at_2_cards in shuffles(under_test::SELECTION)`:
/// `grading::checks::shuffles::uniform_at_2_cards`, called with
/// `&grading::checks::under_test::SELECTION`), so that it is written, and
/// its false-alarm probability and power stated, once, where it lives.
///
/// The callback is given in brackets; there is one, the expansion
/// (`expansion.rs`). It never sees this grammar: the list is read here,
/// once, and handed on in one normal form, every exercise alike, whatever
/// its group:
///
/// ```text
/// { args }
/// exercises [ $( ($name:ident $shape:ident $summary:literal $group:ident $points:literal
///     [ $( ($kind:ident $check:ident $title:literal [ $( $module:ident $($param:tt)* )? ]) )* ]) )* ]
/// lab [ $( ($lab:ident $diagnosis:ident) )* ]
/// ```
///
/// `$group` is `lab` or `bonus` (whose `$points` are 0); a check's last
/// bracket is empty unless it is shared, and then holds its module and
/// the parameter's path under `grading::checks`. `lab [ … ]` names the
/// lab's exercises alone, each with its diagnosis's module (or `none`),
/// for what only they have (a mistake, a default score).
#[doc(hidden)]
#[macro_export]
macro_rules! with_exercises {
    ([$($callback:tt)*] $($args:tt)*) => {
        $crate::__normal_form! { [$($callback)*] { $($args)* }
        lab [
            perfect_shuffle: DeckToDeck "Interleaves the two halves of the deck, as a perfect riffle does." worth 20 diagnosis perfect_shuffle {
                property returns_a_permutation: "returns every card exactly once",
                property small_decks: "handles 0, 1 and 2 cards",
                // Core: even decks of 4 to 10 cards come back as two halves
                // interleaved, either half first: the out-shuffle, its
                // in-shuffle cousin and a split off by one (which differs
                // only on odd decks) all pass; returning the deck as it was
                // does not.
                core interleaves_two_halves: "even decks of 4 to 10 cards come back as two halves interleaved",
                property even_lengths_interleave_the_halves: "even lengths put the first half at even positions",
                property odd_lengths_give_the_extra_card_to_the_first_half: "odd lengths give the extra card to the first half",
                property moves_values_not_indices: "moves the cards' values, not their positions",
                property eight_shuffles_restore_52_cards: "eight shuffles restore a 52-card deck, and fewer do not",
                property every_deck_up_to_100_cards: "every deck of 0 to 100 cards, and larger ones, as the lab shuffles it",
                property outputs_match_the_snapshot: "outputs for 0 to 11 cards match the pinned snapshot",
            }
            selection_shuffle: RandomDeck "Picks a random unused card for each position, drawing again when the card is used." worth 20 diagnosis shuffles {
                property returns_a_permutation in shuffles(under_test::SELECTION): "returns every card exactly once",
                property small_decks in shuffles(under_test::SELECTION): "handles 0, 1 and 2 cards",
                // Core: hundreds of the 40,320 orders of 8 cards come up:
                // doing nothing, a fixed rearrangement, one random swap or a
                // random rotation cannot; every real shuffle, biased ones
                // included, can.
                core reaches_many_orders_of_8_cards in shuffles(under_test::SELECTION): "shuffles of 8 cards reach hundreds of their 40,320 orders",
                property uses_the_rng_it_is_given in shuffles(under_test::SELECTION): "the shuffle follows the seed of rng",
                property uniform_over_the_24_orders_of_4_cards in shuffles(under_test::SELECTION): "all 24 orders of 4 cards are equally likely",
                property uniform_at_2_cards in shuffles(under_test::SELECTION): "2 cards are swapped half the time",
                property uniform_at_52_cards in shuffles(under_test::SELECTION): "every card is equally likely at every position of 52",
                property any_i32_can_be_a_card in card_values(under_test::SELECTION): "deals decks of any i32 values: -1, 0, i32::MIN, i32::MAX",
                steps lab_steps_retries_until_an_unused_card: "lab steps: draws j again while values[j] is used",
                steps lab_steps_draws_j_from_the_whole_deck: "lab steps: every j is drawn from 0 to n - 1",
            }
            efficient_selection_shuffle: RandomInPlace "Swaps each position k, from the end down to 1, with a random r in 0..=k." worth 25 diagnosis shuffles {
                property returns_a_permutation in shuffles(under_test::EFFICIENT): "returns every card exactly once",
                property small_decks in shuffles(under_test::EFFICIENT): "handles 0, 1 and 2 cards",
                // Core: as for the selection shuffle.
                core reaches_many_orders_of_8_cards in shuffles(under_test::EFFICIENT): "shuffles of 8 cards reach hundreds of their 40,320 orders",
                property uses_the_rng_it_is_given in shuffles(under_test::EFFICIENT): "the shuffle follows the seed of rng",
                property uniform_over_the_24_orders_of_4_cards in shuffles(under_test::EFFICIENT): "all 24 orders of 4 cards are equally likely",
                property uniform_at_2_cards in shuffles(under_test::EFFICIENT): "2 cards are swapped half the time",
                property uniform_at_52_cards in shuffles(under_test::EFFICIENT): "every card is equally likely at every position of 52",
                property any_i32_can_be_a_card in card_values(under_test::EFFICIENT): "deals decks of any i32 values: -1, 0, i32::MIN, i32::MAX",
                steps lab_steps_k_from_the_end_down_to_1: "lab steps: k runs from n - 1 down to 1, one draw each",
                steps lab_steps_r_can_equal_k: "lab steps: r = k leaves the card in place",
                steps lab_steps_question_3: "lab steps: Question 3's draws reverse [1, 2, 3, 4]",
            }
            flip: RandomWord "Returns \"heads\" twice as often as \"tails\"." worth 15 diagnosis flip {
                property returns_heads_or_tails: "returns exactly \"heads\" or \"tails\"",
                // Core: a coin is only right if it is 2:1, random and drawn
                // from rng: a fair coin, a 3:1 coin or a fixed pattern earns
                // nothing.
                core heads_twice_as_often_as_tails: "heads come up twice as often as tails",
                property heads_exactly_2_times_in_3: "heads come up exactly 2 times in 3, not 0.66 or 171 in 256",
                core successive_flips_are_independent: "one flip does not predict the next",
                core uses_the_rng_it_is_given: "the flips follow the seed of rng",
            }
            are_permutations: PairTest "Whether two same-length, duplicate-free arrays hold the same values." worth 10 diagnosis are_permutations {
                // Core: a constant, `==`, comparing lengths, sums or
                // products, or looking at only some of the cards each fails
                // one of these.
                core true_for_rearrangements: "true when the arrays hold the same cards",
                core false_when_a_card_differs: "false when any one card differs",
                core false_when_only_the_sums_match: "false when only the sum, product or XOR matches",
                // Not core: comparing the digits of sorted copies is right
                // on every other pair, a real mistake with partial credit.
                property false_when_only_the_digits_match: "false when only the digits, written one after another, match",
                property empty_and_single_card_arrays: "handles empty and one-card arrays",
                property every_pair_of_up_to_4_cards: "every pair of up to 4 cards from 5 values (18,426 pairs)",
                property random_pairs_of_5_to_12_cards: "1,000 random pairs of 5 to 12 cards",
                property outputs_match_the_snapshot: "answers for a table of pairs match the pinned snapshot",
            }
            reversing_sequence: ThreeDraws "Question 3: the r for k = 3, 2, 1 that turn [1, 2, 3, 4] into [4, 3, 2, 1]." worth 10 diagnosis reversing_sequence {
                property each_r_is_between_0_and_k: "each r lies in 0..=k",
                // Core: the question has one answer.
                core answers_question_3: "the draws turn [1, 2, 3, 4] into [4, 3, 2, 1]",
                property answer_matches_the_snapshot: "the answer matches the pinned snapshot",
            }
        ]
        bonus [
            perfect_shuffle_order: Count "Bonus: how many perfect shuffles restore an n-card deck." {
                property small_decks: "0, 1 and 2 cards need one shuffle",
                property fifty_two_cards_need_8: "52 cards need 8 shuffles",
                property matches_the_orders_up_to_60_cards: "every deck of 1 to 60 cards (OEIS A024222)",
                property larger_decks: "decks of 100 to 2,000 cards",
            }
            sequence_for: DeckToDraws "Bonus: the draws that make the efficient selection shuffle produce a target deck." {
                property each_r_is_between_0_and_k: "n - 1 draws, each r in 0..=k",
                property rebuilds_every_order_of_4_cards: "replaying the draws rebuilds each of the 24 orders of 4 cards",
                property rebuilds_shuffled_decks: "replaying the draws rebuilds shuffled decks of up to 1,000 cards",
                property small_decks: "0 and 1 cards need no draws",
            }
            riffle_shuffle: RandomDeck "Bonus: one Gilbert–Shannon–Reeds riffle." {
                property returns_a_permutation in shuffles(under_test::RIFFLE): "returns every card exactly once",
                property small_decks in shuffles(under_test::RIFFLE): "handles 0, 1 and 2 cards",
                property keeps_each_packet_in_order: "the result interleaves two packets, each in order",
                property uses_the_rng_it_is_given in shuffles(under_test::RIFFLE): "the riffle follows the seed of rng",
                property matches_the_model_on_4_cards: "the 24 orders of 4 cards come up as the GSR model says",
            }
        ]
        }
    };
}

/// Reads the registry's grammar, the only place that does, and calls the
/// callback with the normal form [`with_exercises!`] describes.
#[doc(hidden)]
#[macro_export]
macro_rules! __normal_form {
    (
        [$($callback:tt)*] { $($args:tt)* }
        lab [ $( $lab:ident : $lab_shape:ident $lab_summary:literal worth $lab_points:literal
            diagnosis $lab_diagnosis:ident {
            $( $lab_kind:ident $lab_check:ident $( in $lab_module:ident ( $($lab_param:tt)* ) )?
                : $lab_title:literal ),* $(,)?
        } )* ]
        bonus [ $( $bonus:ident : $bonus_shape:ident $bonus_summary:literal {
            $( $bonus_kind:ident $bonus_check:ident $( in $bonus_module:ident ( $($bonus_param:tt)* ) )?
                : $bonus_title:literal ),* $(,)?
        } )* ]
    ) => {
        $($callback)*! { { $($args)* }
            exercises [
                $( ($lab $lab_shape $lab_summary lab $lab_points
                    [ $( ($lab_kind $lab_check $lab_title
                        [ $( $lab_module $($lab_param)* )? ]) )* ]) )*
                $( ($bonus $bonus_shape $bonus_summary bonus 0
                    [ $( ($bonus_kind $bonus_check $bonus_title
                        [ $( $bonus_module $($bonus_param)* )? ]) )* ]) )*
            ]
            lab [ $( ($lab $lab_diagnosis) )* ]
        }
    };
}
