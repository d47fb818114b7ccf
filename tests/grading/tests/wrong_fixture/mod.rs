//! What the diagnosis tests share: the mistakes a wrong fixture's
//! exercise carries, and the `wrong!` macro that pins them, one test file
//! per group of exercises (each under 400 lines).

use std::time::Duration;

use grading::{Implementation, Kind, Mistake, catalogue, run_check_with_limit};

/// The mistakes the outcomes of `exercise`'s checks carry, each once.
pub fn mistakes_of(implementation: &'static Implementation, exercise: &str) -> Vec<Mistake> {
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
            && !found.contains(&mistake)
        {
            found.push(mistake);
        }
    }
    found
}

/// Declares a test that a wrong fixture's exercise carries exactly its
/// mistake (`None`: one the diagnosis does not name, and why), from
/// `tests/fixtures/wrong` unless another folder is named.
macro_rules! wrong {
    ($name:ident, $exercise:literal, $mistake:expr) => {
        wrong!(in "wrong": $name, $exercise, $mistake);
    };
    // A fixture of another folder of `tests/fixtures` (`blind`).
    (in $folder:literal: $name:ident, $exercise:literal, $mistake:expr) => {
        mod $name {
            // Fixtures are written as students write, not as clippy would,
            // with the warnings students leave (unused names, a usize >= 0).
            #[allow(clippy::all, warnings)]
            mod code {
                include!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../fixtures/",
                    $folder,
                    "/",
                    stringify!($name),
                    ".rs"
                ));
            }
            static FIXTURE: grading::Implementation = grading::implementation!(code);

            #[allow(unused_imports)]
            use super::*;

            #[test]
            #[ignore = "slow tier: runs every check on each of 355 wrong fixtures (about 100 s): .ci/run runs it (cargo test -- --include-ignored)"]
            fn makes_its_mistake() {
                let expected: Option<Mistake> = $mistake;
                let found = crate::wrong_fixture::mistakes_of(&FIXTURE, $exercise);
                assert_eq!(found, expected.into_iter().collect::<Vec<_>>());
            }
        }
    };
}
