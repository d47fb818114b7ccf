//! The summary that closes `cargo test -p exercises`, pinned with insta for
//! the labs a student goes through: the pristine stubs, half a lab, a lab
//! with an endless loop, a complete lab, and the filtered runs. The
//! summary is a pure function of the checks and their outcomes, so these
//! run the checks in process, as the harness does, and no cargo.

use std::time::Duration;

use grading::harness::trial_names;
use grading::summary::{Standing, standings as standings_for_watch, summary};
use grading::{
    Implementation, Kind, LabExercise, Outcome, catalogue, run_check, run_check_with_limit,
};

// Fixtures are written as students write, not as clippy would.
#[allow(clippy::all)]
mod fair_coin {
    include!("../../fixtures/wrong/fair_coin.rs");
}

const REFERENCE: Implementation =
    grading::implementation!(solutions, extensions = solutions::extensions);
const STUBS: Implementation = grading::implementation!(stubs, extensions = stubs::extensions);
const FAIR_COIN: Implementation = grading::implementation!(fair_coin);

static PRISTINE: Implementation = STUBS;
static COMPLETE: Implementation = REFERENCE;

/// Three exercises done, one answered wrongly (a fair coin), two not
/// started: a lab half done, mixed from the reference, a fixture and the
/// stubs.
static HALF: Implementation = Implementation {
    perfect_shuffle: REFERENCE.perfect_shuffle,
    selection_shuffle: REFERENCE.selection_shuffle,
    efficient_selection_shuffle: REFERENCE.efficient_selection_shuffle,
    flip: FAIR_COIN.flip,
    ..STUBS
};

/// A student's Question 3 that never returns; it sleeps rather than spins,
/// so the threads it strands cost the rest of this binary nothing.
fn endless_reversing_sequence() -> [usize; 3] {
    loop {
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The lab done but for Question 3, which hangs.
static HANG: Implementation = Implementation {
    reversing_sequence: endless_reversing_sequence,
    ..REFERENCE
};

/// The time limit of a call in the hang's run: short, to keep the test
/// quick, and round, so that the message is the same on every machine.
const HANG_LIMIT: Duration = Duration::from_millis(300);

/// The progress line's count, out of the registry's lab exercises: the
/// snapshots below pin the lab as it ships, these counts any lab.
fn done(exercises: usize) -> String {
    format!("{exercises} of {} exercises done", LabExercise::ALL.len())
}

/// The outcomes of a plain `cargo test`: every lab check, no bonus one.
fn lab_run(implementation: &'static Implementation) -> Vec<Option<Outcome>> {
    catalogue()
        .iter()
        .map(|check| (check.kind != Kind::Bonus).then(|| run_check(implementation, check)))
        .collect()
}

#[test]
fn pristine_stubs_read_as_not_started_with_the_first_exercise_next() {
    let text = summary("exercises", &catalogue(), &lab_run(&PRISTINE));
    assert!(text.contains(&done(0)), "{text}");
    assert!(
        text.contains("Next: perfect_shuffle, in exercises/src/perfect_shuffle.rs"),
        "{text}"
    );
    // A line per exercise and at most eight more: it fits a terminal.
    assert!(text.lines().count() <= LabExercise::ALL.len() + 8, "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn half_a_lab_shows_progress_and_the_next_step_in_full() {
    let text = summary("exercises", &catalogue(), &lab_run(&HALF));
    assert!(text.contains(&done(3)), "{text}");
    assert!(text.contains("Next: flip"), "{text}");
    // The next step is the check's whole message, hint included.
    assert!(text.contains("hint:"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_lab_with_an_endless_loop_names_the_call_that_hangs() {
    let outcomes: Vec<Option<Outcome>> = catalogue()
        .iter()
        .map(|check| {
            (check.kind != Kind::Bonus).then(|| run_check_with_limit(&HANG, check, HANG_LIMIT))
        })
        .collect();
    let text = summary("exercises", &catalogue(), &outcomes);
    assert!(text.contains(&done(LabExercise::ALL.len() - 1)), "{text}");
    assert!(text.contains("did not return within 0.3 s"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_complete_lab_says_so() {
    let text = summary("exercises", &catalogue(), &lab_run(&COMPLETE));
    assert!(text.contains(&done(LabExercise::ALL.len())), "{text}");
    assert!(text.contains("The lab is complete"), "{text}");
    insta::assert_snapshot!(text);
}

/// `cargo test -p exercises flip`: the summary speaks of flip alone, and
/// says that it does.
#[test]
fn a_filtered_run_speaks_of_the_checks_that_ran() {
    let checks = catalogue();
    let outcomes: Vec<Option<Outcome>> = checks
        .iter()
        .map(|check| (check.exercise == "flip").then(|| run_check(&HALF, check)))
        .collect();
    let text = summary("exercises", &checks, &outcomes);
    assert!(text.contains("filtered"), "{text}");
    assert!(!text.contains("perfect_shuffle"), "{text}");
    insta::assert_snapshot!(text);
}

/// `cargo test -p exercises -- --ignored bonus` on the stubs: the bonus
/// exercises' line, and the first of them next.
#[test]
fn a_bonus_run_has_its_own_line_and_next_step() {
    let checks = catalogue();
    let outcomes: Vec<Option<Outcome>> = checks
        .iter()
        .map(|check| (check.kind == Kind::Bonus).then(|| run_check(&PRISTINE, check)))
        .collect();
    let text = summary("exercises", &checks, &outcomes);
    assert!(!text.contains("Activity 3"), "{text}");
    insta::assert_snapshot!(text);
}

/// What `watch` reads to answer its keys: every lab exercise with its mark,
/// standing and file, then the next exercise and its step in full, the
/// same words as the summary's. `tests/watch` parses this very snapshot.
#[test]
fn the_standings_of_half_a_lab_are_what_watch_reads() {
    let outcomes = lab_run(&HALF);
    let text = standings_for_watch("exercises", &catalogue(), &outcomes);
    let summary = summary("exercises", &catalogue(), &outcomes);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("exercise\t"))
        .collect();
    assert_eq!(rows.len(), LabExercise::ALL.len(), "{text}");
    let next = text.split_once("\nnext\t").expect("a next step").1;
    assert!(next.starts_with("flip\texercises/src/flip.rs\n"), "{text}");
    let step = next.split_once('\n').expect("the step follows").1;
    assert!(summary.contains(step.trim_end()), "{summary}\n---\n{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_complete_lab_has_no_next_step_to_read() {
    let text = standings_for_watch("exercises", &catalogue(), &lab_run(&COMPLETE));
    assert!(!text.contains("\nnext\t"), "{text}");
    assert!(
        text.lines().all(|l| l.starts_with("exercise\t✓\t")),
        "{text}"
    );
}

#[test]
fn nothing_ran_nothing_to_say() {
    let checks = catalogue();
    let outcomes = vec![None; checks.len()];
    assert_eq!(summary("exercises", &checks, &outcomes), "");
}

#[test]
fn standings() {
    let todo = Outcome::NotImplemented {
        function: "flip".into(),
    };
    let hang = Outcome::TimedOut {
        during: "flip".into(),
        limit: HANG_LIMIT,
    };
    assert_eq!(Standing::of([]), None);
    assert_eq!(Standing::of([&Outcome::Passed]), Some(Standing::Done));
    assert_eq!(Standing::of([&todo, &todo]), Some(Standing::NotStarted));
    assert_eq!(
        Standing::of([&Outcome::Passed, &todo, &hang]),
        Some(Standing::Failing {
            failing: 2,
            not_run: 0,
            ran: 3
        })
    );
    let not_run = Outcome::NotRun {
        function: "flip".into(),
        what: "ran out of time".into(),
        earlier: "a check".into(),
    };
    assert_eq!(
        Standing::of([&hang, &not_run, &not_run]),
        Some(Standing::Failing {
            failing: 1,
            not_run: 2,
            ran: 3
        })
    );
}

/// The tests run in the lab's order, the registry's: its exercises as
/// `workbook` lists them, then the bonus ones, each exercise's checks
/// together and in the order the registry declares them.
#[test]
fn the_trials_follow_the_registry() {
    let names = trial_names();
    let expected: Vec<(String, bool)> = catalogue()
        .iter()
        .map(|check| match check.kind {
            Kind::Bonus => (format!("bonus::{}::{}", check.exercise, check.name), true),
            Kind::Property | Kind::LabSteps => {
                (format!("{}::{}", check.exercise, check.name), false)
            }
        })
        .collect();
    assert_eq!(names, expected);
    let mut exercises: Vec<&str> = catalogue().iter().map(|check| check.exercise).collect();
    exercises.dedup();
    let registry: Vec<&str> = workbook::EXERCISES.iter().map(|e| e.name).collect();
    assert_eq!(
        exercises, registry,
        "each exercise's checks together, in order"
    );
    assert_eq!(names[0].0, "perfect_shuffle::returns_a_permutation");
    let mut sorted = names.clone();
    sorted.sort();
    assert_ne!(names, sorted, "the lab's order, not the alphabet's");
}

/// Where each lab exercise is first named in `text` as `open`name`close`,
/// in the registry's order, leaving out those it does not name.
fn first_mentions(text: &str, open: &str, close: &str) -> Vec<(usize, &'static str)> {
    LabExercise::ALL
        .iter()
        .map(|exercise| exercise.name())
        .filter_map(|exercise| {
            text.find(&format!("{open}{exercise}{close}"))
                .map(|at| (at, exercise))
        })
        .collect()
}

/// One order everywhere: the stubs' crate docs and the README suggest the
/// exercises in the order the checks run and the summary lists them, the
/// registry's. (An exercise they do not name yet, such as a new one, is
/// left out rather than failed.)
#[test]
fn the_stubs_docs_and_the_readme_suggest_the_registry_order() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let lib = std::fs::read_to_string(root.join("tests/stubs/exercises/src/lib.rs")).unwrap();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let students = readme
        .split_once("## For students")
        .expect("the README has a students' part")
        .1;
    for (what, mentions) in [
        ("lib.rs", first_mentions(&lib, "[`", "`]")),
        ("the README", first_mentions(students, "`", "`")),
    ] {
        assert!(mentions.len() > 1, "{what} names no order: {mentions:?}");
        let mut sorted = mentions.clone();
        sorted.sort();
        assert_eq!(mentions, sorted, "{what} names them out of order");
    }
}
