//! The diagnosis names nothing for a correct answer, nor for a trivial
//! one (an answer that ignores the task), even when asked about an
//! exercise no check failed: every model is compared with the answer on every input
//! it reads, and a correct answer fits none of them.

use grading::{Implementation, LabExercise, Local, Mistake, Probe, diagnose_exercise};

/// What the diagnosis says of each of the six exercises, asked directly.
fn diagnoses(implementation: &'static Implementation) -> Vec<(LabExercise, Option<Mistake>)> {
    let probe = Probe::default();
    let local = Local::new(implementation, &probe);
    LabExercise::ALL
        .iter()
        .map(|&exercise| (exercise, diagnose_exercise(exercise, &local)))
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
                    assert_eq!(found, None, "{exercise:?}");
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
correct!(vecdeque_halves);
correct!(recursion);
correct!(chunks_and_bits);
correct!(index_arithmetic);
correct!(step_by_slots);
correct!(java_loops_more);
correct!(sorted_copies);
correct!(index_order);
correct!(float_ranges);

#[allow(clippy::all)]
mod reference {
    pub use solutions::*;
}
static REFERENCE: Implementation = grading::implementation!(reference);

#[test]
fn the_reference_makes_no_mistake() {
    for (exercise, found) in diagnoses(&REFERENCE) {
        assert_eq!(found, None, "{exercise:?}");
    }
}

/// Declares a test of a trivial answer (the reference with one function
/// replaced by one that ignores the task): no mistake in any exercise.
///
/// Trivial and wrong are told apart by behaviour, the only thing a
/// diagnosis that runs the code can read: an answer that ignores the task
/// (the deck as it was or in a fixed order, one swap or a cut, a coin that
/// ignores rng, an answer that ignores the cards, Question 3's draws that
/// repeat one r) is trivial here, and never named. Question 3's r = k at
/// every step leaves the deck alone too, but it is the question's most
/// common misreading, so it is a wrong fixture, named.
/// Real mistakes that happen to earn nothing (a fair or 3:1 coin, sums,
/// `a == b`, every other card) are in `fixtures/wrong/` and named there;
/// so are the answers that look trivial in code but make a real mistake.
macro_rules! trivial {
    ($name:ident) => {
        mod $name {
            #[allow(clippy::all, unused_imports)]
            mod code {
                pub use solutions::*;
                include!(concat!("../../fixtures/trivial/", stringify!($name), ".rs"));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[test]
            fn makes_no_mistake() {
                for (exercise, found) in super::diagnoses(&FIXTURE) {
                    assert_eq!(found, None, "{exercise:?}");
                }
            }
        }
    };
}

trivial!(perfect_returns_input);
trivial!(perfect_reverses);
trivial!(perfect_sorts);
trivial!(perfect_constant);
trivial!(selection_returns_input);
trivial!(selection_reverses);
trivial!(selection_rotates);
trivial!(selection_one_swap);
trivial!(efficient_does_nothing);
trivial!(efficient_reverses);
trivial!(efficient_rotates);
trivial!(efficient_one_swap);
trivial!(flip_always_heads);
trivial!(flip_balanced_pattern);
trivial!(flip_counter_replay);
trivial!(flip_repeating_pattern);
trivial!(permutations_always_true);
trivial!(permutations_always_false);
trivial!(permutations_lengths);
trivial!(question_3_zeros);
