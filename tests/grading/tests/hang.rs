//! A submission that never returns must fail fast and clearly, without
//! stalling the run. It lives in its own test binary because the looping
//! thread cannot be stopped: it spins until this binary exits.

use std::time::{Duration, Instant};

use grading::{Outcome, catalogue, run_check_with_limit};

#[allow(clippy::all)] // written as a student would write it
mod selection_never_ends {
    include!("../../fixtures/wrong/selection_never_ends.rs");
}
static NEVER_ENDS: grading::Implementation = grading::implementation!(selection_never_ends);

#[test]
fn an_endless_loop_times_out_with_the_input_named() {
    let check = catalogue()
        .into_iter()
        .find(|check| check.path() == "selection_shuffle::uniform_over_the_24_orders_of_4_cards")
        .expect("the check exists");
    let started = Instant::now();
    let outcome = run_check_with_limit(&NEVER_ENDS, &check, Duration::from_millis(500));
    assert_eq!(
        outcome,
        Outcome::TimedOut {
            during: "selection_shuffle for 4 cards".into(),
            limit: Duration::from_millis(500)
        }
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "took {:?}",
        started.elapsed()
    );
    let message = outcome.to_string();
    assert!(
        message.starts_with(
            "selection_shuffle for 4 cards did not return within 0.5 s: does the loop ever end?\n"
        ),
        "{message}"
    );
    assert!(
        message.contains("check the range you draw from"),
        "{message}"
    );
}

/// An endless loop costs one time limit per exercise, not one per check,
/// and reads as one failure: the harness runs the exercise's first check,
/// which times out, and skips its later checks at once as "not run", in
/// `grade`'s words, rather than waiting out the limit again for each.
#[test]
fn the_harness_tells_a_hang_once_and_runs_no_later_check_of_it() {
    let limit = Duration::from_millis(300);
    let verdicts = grading::harness::verdicts(
        &NEVER_ENDS,
        &[
            "selection_shuffle::",
            "--skip",
            "efficient_selection_shuffle::",
        ],
        limit,
    );
    let checks = catalogue()
        .into_iter()
        .filter(|check| check.exercise == "selection_shuffle")
        .collect::<Vec<_>>();
    assert_eq!(verdicts.len(), checks.len(), "{verdicts:#?}");
    let Err(first) = &verdicts[0].1 else {
        panic!("the first check fails: {verdicts:#?}")
    };
    assert!(
        first.starts_with(&format!(
            "selection_shuffle: {}\nselection_shuffle for ",
            checks[0].title
        )) && first.contains("did not return within 0.3 s"),
        "{first}"
    );
    for (name, verdict) in &verdicts[1..] {
        assert_eq!(
            verdict.as_ref().map(Option::as_deref),
            Ok(Some(
                format!(
                    "not run: selection_shuffle ran out of time in an earlier check \
                     (\"{}\"), so its later checks were not run",
                    checks[0].title
                )
                .as_str()
            )),
            "{name}"
        );
    }
}
