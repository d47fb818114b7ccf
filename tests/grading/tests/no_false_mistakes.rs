//! The diagnosis names nothing for a correct answer, nor for a trivial
//! one beyond what that answer does, even when asked about an exercise no
//! check failed: every model is compared with the answer on every input
//! it reads, and a correct answer fits none of them.

use grading::{Implementation, Local, Probe, diagnose_exercise};

/// What the diagnosis says of each of the six exercises, asked directly.
fn diagnoses(implementation: &'static Implementation) -> Vec<(&'static str, Option<&'static str>)> {
    let probe = Probe::default();
    let local = Local::new(implementation, &probe);
    workbook::LAB_EXERCISES
        .iter()
        .map(|&exercise| {
            (
                exercise,
                diagnose_exercise(exercise, &local).map(|m| m.what),
            )
        })
        .collect()
}

/// Declares a test that a correct fixture makes no mistake in any exercise.
macro_rules! correct {
    ($name:ident) => {
        mod $name {
            #[allow(clippy::all)]
            mod code {
                include!(concat!("../../fixtures/correct/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[test]
            fn makes_no_mistake() {
                for (exercise, found) in super::diagnoses(&FIXTURE) {
                    assert_eq!(found, None, "{exercise}");
                }
            }
        }
    };
}

correct!(draws_u32);
correct!(draws_i32);
correct!(draws_u64);
correct!(java_style);
correct!(lab_loops);
correct!(iterators);
correct!(draws_modulo_u32);
correct!(draws_modulo_u64);

#[allow(clippy::all)]
mod reference {
    pub use solutions::*;
}
static REFERENCE: Implementation = grading::implementation!(reference);

#[test]
fn the_reference_makes_no_mistake() {
    for (exercise, found) in diagnoses(&REFERENCE) {
        assert_eq!(found, None, "{exercise}");
    }
}

/// Declares a test of a trivial answer (the reference with one function
/// replaced): no mistake but `$mistake` in its own exercise, none in the
/// others.
macro_rules! trivial {
    ($name:ident, $exercise:literal, $mistake:expr) => {
        mod $name {
            #[allow(clippy::all, unused_imports)]
            mod code {
                pub use solutions::*;
                include!(concat!("../../fixtures/trivial/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[allow(unused_imports)]
            use super::*;

            #[test]
            fn makes_only_what_it_does() {
                let expected: Option<&str> = $mistake;
                for (exercise, found) in super::diagnoses(&FIXTURE) {
                    let want = if exercise == $exercise {
                        expected
                    } else {
                        None
                    };
                    assert_eq!(found, want, "{exercise}");
                }
            }
        }
    };
}

const FEW_ORDERS: &str = "a shuffle that reaches only a few orders";
const NOT_REVERSED: &str = "draws that do not reverse [1, 2, 3, 4]";
const SOME_CARDS: &str = "looking at only some of the cards";

trivial!(perfect_returns_input, "perfect_shuffle", None);
trivial!(perfect_reverses, "perfect_shuffle", None);
trivial!(perfect_sorts, "perfect_shuffle", None);
trivial!(perfect_constant, "perfect_shuffle", None);
trivial!(
    selection_returns_input,
    "selection_shuffle",
    Some(FEW_ORDERS)
);
trivial!(selection_reverses, "selection_shuffle", Some(FEW_ORDERS));
trivial!(selection_rotates, "selection_shuffle", Some(FEW_ORDERS));
trivial!(selection_one_swap, "selection_shuffle", Some(FEW_ORDERS));
trivial!(
    efficient_does_nothing,
    "efficient_selection_shuffle",
    Some(FEW_ORDERS)
);
trivial!(
    efficient_reverses,
    "efficient_selection_shuffle",
    Some(FEW_ORDERS)
);
trivial!(
    efficient_rotates,
    "efficient_selection_shuffle",
    Some(FEW_ORDERS)
);
trivial!(
    efficient_one_swap,
    "efficient_selection_shuffle",
    Some(FEW_ORDERS)
);
trivial!(
    flip_fair_coin,
    "flip",
    Some("a fair coin (heads must come up 2 times in 3)")
);
trivial!(
    flip_three_quarters,
    "flip",
    Some("the coin's odds (heads must come up 2 times in 3)")
);
trivial!(
    flip_always_heads,
    "flip",
    Some("a coin that always shows the same side")
);
trivial!(
    flip_balanced_pattern,
    "flip",
    Some("flips that do not come from rng")
);
trivial!(
    flip_counter_replay,
    "flip",
    Some("flips that do not come from rng")
);
trivial!(
    permutations_always_true,
    "are_permutations",
    Some("answering true without comparing the cards")
);
trivial!(
    permutations_always_false,
    "are_permutations",
    Some("answering false even for rearrangements")
);
trivial!(
    permutations_equal,
    "are_permutations",
    Some("comparing position by position (a == b)")
);
trivial!(
    permutations_lengths,
    "are_permutations",
    Some("answering true without comparing the cards")
);
trivial!(
    permutations_sums,
    "are_permutations",
    Some("comparing sums")
);
trivial!(
    permutations_sums_and_products,
    "are_permutations",
    Some("comparing sums and products")
);
trivial!(
    permutations_every_other_card,
    "are_permutations",
    Some(SOME_CARDS)
);
trivial!(
    permutations_first_card_only,
    "are_permutations",
    Some(SOME_CARDS)
);
trivial!(question_3_zeros, "reversing_sequence", Some(NOT_REVERSED));
trivial!(
    question_3_leaves_in_place,
    "reversing_sequence",
    Some(NOT_REVERSED)
);
