//! The list of checks, written once and expanded twice: into `#[test]`
//! functions by [`grading_suite!`](crate::grading_suite!) and into a
//! [`Vec<Check>`] by [`catalogue`].

#[cfg(test)]
use crate::checks;
use crate::{Failure, Functions};

/// Calls `$callback!` with every exercise and its checks, each with the
/// one-line title a report shows after the function's name: the lab's six
/// exercises in one bracket, the three bonus extensions in a second.
#[doc(hidden)]
#[macro_export]
macro_rules! with_catalogue {
    ($callback:ident! { $($args:tt)* }) => {
        $crate::$callback! { { $($args)* } [
            perfect_shuffle {
                returns_a_permutation: "returns every card exactly once",
                small_decks: "handles 0, 1 and 2 cards",
                interleaves_two_halves: "even decks of 4 to 10 cards come back as two halves interleaved",
                even_lengths_interleave_the_halves: "even lengths put the first half at even positions",
                odd_lengths_give_the_extra_card_to_the_first_half: "odd lengths give the extra card to the first half",
                moves_values_not_indices: "moves the cards' values, not their positions",
                eight_shuffles_restore_52_cards: "eight shuffles restore a 52-card deck, and fewer do not",
                every_deck_up_to_100_cards: "every deck of 0 to 100 cards, and larger ones, as the lab shuffles it",
                outputs_match_the_snapshot: "outputs for 0 to 11 cards match the pinned snapshot",
            }
            selection_shuffle {
                returns_a_permutation: "returns every card exactly once",
                small_decks: "handles 0, 1 and 2 cards",
                reaches_many_orders_of_8_cards: "shuffles of 8 cards reach hundreds of their 40,320 orders",
                uses_the_rng_it_is_given: "the shuffle follows the seed of rng",
                uniform_over_the_24_orders_of_4_cards: "all 24 orders of 4 cards are equally likely",
                uniform_at_2_cards: "2 cards are swapped half the time",
                uniform_at_52_cards: "every card is equally likely at every position of 52",
                lab_steps_retries_until_an_unused_card: "lab steps: draws j again while values[j] is used",
                lab_steps_draws_j_from_the_whole_deck: "lab steps: every j is drawn from 0 to n - 1",
            }
            efficient_selection_shuffle {
                returns_a_permutation: "returns every card exactly once",
                small_decks: "handles 0, 1 and 2 cards",
                reaches_many_orders_of_8_cards: "shuffles of 8 cards reach hundreds of their 40,320 orders",
                uses_the_rng_it_is_given: "the shuffle follows the seed of rng",
                uniform_over_the_24_orders_of_4_cards: "all 24 orders of 4 cards are equally likely",
                uniform_at_2_cards: "2 cards are swapped half the time",
                uniform_at_52_cards: "every card is equally likely at every position of 52",
                lab_steps_k_from_the_end_down_to_1: "lab steps: k runs from n - 1 down to 1, one draw each",
                lab_steps_r_can_equal_k: "lab steps: r = k leaves the card in place",
                lab_steps_question_3: "lab steps: Question 3's draws reverse [1, 2, 3, 4]",
            }
            flip {
                returns_heads_or_tails: "returns exactly \"heads\" or \"tails\"",
                heads_twice_as_often_as_tails: "heads come up twice as often as tails",
                successive_flips_are_independent: "one flip does not predict the next",
                uses_the_rng_it_is_given: "the flips follow the seed of rng",
            }
            are_permutations {
                true_for_rearrangements: "true when the arrays hold the same cards",
                false_when_a_card_differs: "false when any one card differs",
                false_when_only_the_sums_match: "false when only the sum, product or XOR matches",
                empty_and_single_card_arrays: "handles empty and one-card arrays",
                every_pair_of_up_to_4_cards: "every pair of up to 4 cards from 5 values (18,426 pairs)",
                random_pairs_of_5_to_12_cards: "1,000 random pairs of 5 to 12 cards",
                outputs_match_the_snapshot: "answers for a table of pairs match the pinned snapshot",
            }
            reversing_sequence {
                each_r_is_between_0_and_k: "each r lies in 0..=k",
                answers_question_3: "the draws turn [1, 2, 3, 4] into [4, 3, 2, 1]",
                answer_matches_the_snapshot: "the answer matches the pinned snapshot",
            }
        ] [
            perfect_shuffle_order {
                small_decks: "0, 1 and 2 cards need one shuffle",
                fifty_two_cards_need_8: "52 cards need 8 shuffles",
                matches_the_orders_up_to_60_cards: "every deck of 1 to 60 cards (OEIS A024222)",
                larger_decks: "decks of 100 to 2,000 cards",
            }
            sequence_for {
                each_r_is_between_0_and_k: "n - 1 draws, each r in 0..=k",
                rebuilds_every_order_of_4_cards: "replaying the draws rebuilds each of the 24 orders of 4 cards",
                rebuilds_shuffled_decks: "replaying the draws rebuilds shuffled decks of up to 1,000 cards",
                small_decks: "0 and 1 cards need no draws",
            }
            riffle_shuffle {
                returns_a_permutation: "returns every card exactly once",
                small_decks: "handles 0, 1 and 2 cards",
                keeps_each_packet_in_order: "the result interleaves two packets, each in order",
                uses_the_rng_it_is_given: "the riffle follows the seed of rng",
                matches_the_model_on_4_cards: "the 24 orders of 4 cards come up as the GSR model says",
            }
        ] }
    };
}

/// Whether a check looks only at results or at the lab's exact steps, or
/// grades a bonus extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Holds for every correct implementation.
    Property,
    /// Holds only for the lab's own procedure; named `lab_steps_…`.
    LabSteps,
    /// A property check of a bonus extension: reported, never scored.
    Bonus,
}

impl Kind {
    /// The tag a report gives checks of this kind.
    pub fn tag(self) -> &'static str {
        match self {
            Kind::Property => "property",
            Kind::LabSteps => "lab_steps",
            Kind::Bonus => "bonus",
        }
    }
}

/// One check of the catalogue, ready to run against a submission.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    /// The function under test, such as `"flip"`.
    pub exercise: &'static str,
    /// The check's own name, such as `"heads_twice_as_often_as_tails"`.
    pub name: &'static str,
    /// What the check verifies, as one line.
    pub title: &'static str,
    /// Runs the check against a submission's functions.
    pub run: fn(&dyn Functions) -> Result<(), Failure>,
}

impl Check {
    /// Bonus by its exercise, otherwise property or lab steps by its name.
    pub fn kind(&self) -> Kind {
        if crate::checks::BONUS_EXERCISES.contains(&self.exercise) {
            Kind::Bonus
        } else if self.name.contains("lab_steps") {
            Kind::LabSteps
        } else {
            Kind::Property
        }
    }

    /// The check's path as a test: `exercise::name`.
    pub fn path(&self) -> String {
        format!("{}::{}", self.exercise, self.name)
    }
}

#[doc(hidden)]
#[macro_export]
macro_rules! __catalogue_vec {
    ({} $( [ $( $exercise:ident { $( $check:ident : $title:literal ),* $(,)? } )* ] )*) => {
        vec![ $( $( $(
            $crate::Check {
                exercise: stringify!($exercise),
                name: stringify!($check),
                title: $title,
                run: $crate::checks::$exercise::$check,
            },
        )* )* )* ]
    };
}

/// Every check of the suite, in catalogue order.
pub fn catalogue() -> Vec<Check> {
    crate::with_catalogue!(__catalogue_vec! {})
}

#[doc(hidden)]
#[macro_export]
macro_rules! __test_functions {
    (
        { $s:ident }
        [ $( $exercise:ident { $( $check:ident : $title:literal ),* $(,)? } )* ]
        [ $( $bonus:ident { $( $bonus_check:ident : $bonus_title:literal ),* $(,)? } )* ]
    ) => {
        $(
            #[allow(non_snake_case)]
            mod $exercise {
                $(
                    #[test]
                    fn $check() {
                        $crate::run_as_test::<super::$s>(&$crate::Check {
                            exercise: stringify!($exercise),
                            name: stringify!($check),
                            title: $title,
                            run: $crate::checks::$exercise::$check,
                        });
                    }
                )*
            }
        )*
        /// The extensions: ignored by default, so the lab's checks alone
        /// decide when `cargo test` is green.
        mod bonus {
            $(
                #[allow(non_snake_case)]
                mod $bonus {
                    $(
                        #[test]
                        #[ignore = "bonus: run with `-- --ignored bonus`"]
                        fn $bonus_check() {
                            $crate::run_as_test::<super::super::$s>(&$crate::Check {
                                exercise: stringify!($bonus),
                                name: stringify!($bonus_check),
                                title: $bonus_title,
                                run: $crate::checks::$bonus::$bonus_check,
                            });
                        }
                    )*
                }
            )*
        }
    };
}

/// Expands to the whole grading suite as `#[test]` functions for a crate
/// that exposes the six functions at its root and the bonus extensions in
/// its `extensions` module.
///
/// The tests are named `exercise::check`, so `cargo test -p exercises flip`
/// runs the checks of `flip` alone. The bonus checks are named
/// `bonus::exercise::check` and are ignored unless asked for:
/// `cargo test -p exercises -- --ignored bonus`.
///
/// ```text
/// // exercises/tests/grading.rs: the whole file
/// grading::grading_suite!(exercises);
/// ```
#[macro_export]
macro_rules! grading_suite {
    ($($path:ident)::+) => {
        $crate::submission!(
            /// The crate under test, as the grading suite sees it.
            Graded = $($path)::+,
            extensions = $($path)::+::extensions
        );
        $crate::with_catalogue!(__test_functions! { Graded });
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lab_steps_are_tagged() {
        let checks = catalogue();
        let mut paths: Vec<String> = checks.iter().map(Check::path).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), checks.len());
        for exercise in checks::EXERCISES.iter().chain(checks::BONUS_EXERCISES) {
            let mine: Vec<_> = checks.iter().filter(|c| c.exercise == *exercise).collect();
            assert!(
                mine.iter().any(|c| c.kind() != Kind::LabSteps),
                "{exercise}"
            );
        }
        let count = |kind| checks.iter().filter(|c| c.kind() == kind).count();
        assert_eq!(count(Kind::LabSteps), 5);
        assert_eq!(count(Kind::Bonus), 13);
        assert!(
            checks
                .iter()
                .all(|c| c.kind() != Kind::Bonus || !c.name.contains("lab_steps")),
            "a bonus check is never a lab-steps check"
        );
    }
}
