//! The harness keeps cargo test's flags as the README and the Classroom
//! workflow use them: `--list`, a filter, `--skip`, `--ignored bonus`,
//! `--include-ignored`, `--quiet`, and prints the checks in the registry's
//! order. Run on the reference's own `cargo test -p solutions --test
//! grading`, as a student's command would run on theirs.

use std::path::Path;
use std::process::Command;

use grading::harness::{failures, trial_names};
use grading::{Implementation, Kind, LabExercise, catalogue};

static STUBS: Implementation = grading::implementation!(stubs, extensions = stubs::extensions);

/// How many checks the registry declares: the lab's, which a plain run
/// runs, and the bonus ones, which it leaves ignored. Every count below
/// follows from these, so a new exercise changes none of these tests.
fn lab_and_bonus_checks() -> (usize, usize) {
    let checks = catalogue();
    let bonus = checks.iter().filter(|c| c.kind == Kind::Bonus).count();
    (checks.len() - bonus, bonus)
}

/// How many checks one exercise has.
fn checks_of(exercise: &str) -> usize {
    catalogue()
        .iter()
        .filter(|c| c.exercise == exercise)
        .count()
}

/// `cargo test -p solutions --test grading -- args`: whether it passed,
/// and what it printed on stdout.
fn suite(cargo_args: &[&str], args: &[&str]) -> (bool, String) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "-p", "solutions", "--test", "grading"])
        .args(cargo_args)
        .arg("--")
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .env("CARGO_TERM_COLOR", "never")
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked at"),
        "{stdout}\n--- stderr ---\n{stderr}"
    );
    (output.status.success(), stdout)
}

#[test]
#[ignore = "slow tier: runs the reference's and the stubs' cargo test (about 25 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn list_names_every_check_in_the_registry_order_and_no_summary() {
    let (passed, stdout) = suite(&[], &["--list"]);
    assert!(passed, "{stdout}");
    let listed: Vec<&str> = stdout.lines().filter(|l| !l.is_empty()).collect();
    let expected: Vec<String> = trial_names()
        .into_iter()
        .map(|(name, _)| format!("{name}: test"))
        .collect();
    assert_eq!(listed, expected);
}

#[test]
#[ignore = "slow tier: runs the reference's and the stubs' cargo test (about 25 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_plain_run_prints_the_checks_in_order_then_the_summary() {
    let (passed, stdout) = suite(&[], &["--format", "pretty"]);
    assert!(passed, "{stdout}");
    let ran: Vec<&str> = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("test "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "result:")
        .collect();
    let expected: Vec<String> = trial_names().into_iter().map(|(name, _)| name).collect();
    assert_eq!(ran, expected);
    let (lab, bonus) = lab_and_bonus_checks();
    assert!(
        stdout.contains(&format!(
            "test result: ok. {lab} passed; 0 failed; {bonus} ignored"
        )),
        "{stdout}"
    );
    let summary = stdout.split("test result:").nth(1).expect("a result line");
    let exercises = LabExercise::ALL.len();
    assert!(
        summary.contains(&format!("{exercises} of {exercises} exercises done")),
        "{stdout}"
    );
    assert!(summary.contains("The lab is complete"), "{stdout}");
}

#[test]
#[ignore = "slow tier: runs the reference's and the stubs' cargo test (about 25 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_filter_runs_one_exercise_and_the_summary_says_so() {
    let (passed, stdout) = suite(&[], &["flip"]);
    assert!(passed, "{stdout}");
    let (lab, bonus) = lab_and_bonus_checks();
    let flip = checks_of("flip");
    let others = lab + bonus - flip;
    assert!(
        stdout.contains(&format!(
            "{flip} passed; 0 failed; 0 ignored; 0 measured; {others} filtered out"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("filtered: {flip} of its {lab} checks ran")),
        "{stdout}"
    );
    assert!(stdout.contains("✓ flip"), "{stdout}");
    assert!(!stdout.contains("perfect_shuffle"), "{stdout}");
}

#[test]
#[ignore = "slow tier: runs the reference's and the stubs' cargo test (about 25 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn ignored_bonus_runs_the_bonus_checks_alone() {
    let (passed, stdout) = suite(&[], &["--ignored", "bonus"]);
    assert!(passed, "{stdout}");
    let (lab, bonus) = lab_and_bonus_checks();
    assert!(
        stdout.contains(&format!(
            "{bonus} passed; 0 failed; 0 ignored; 0 measured; {lab} filtered out"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("bonus, not counted: ✓ perfect_shuffle_order"),
        "{stdout}"
    );
    let (passed, stdout) = suite(&[], &["--include-ignored", "bonus::riffle_shuffle::"]);
    assert!(passed, "{stdout}");
    let riffle = checks_of("riffle_shuffle");
    assert!(
        stdout.contains(&format!("{riffle} passed; 0 failed; 0 ignored")),
        "{stdout}"
    );
}

/// The command the Classroom workflow gives `selection_shuffle`, whose
/// name is inside `efficient_selection_shuffle`'s.
#[test]
#[ignore = "slow tier: runs the reference's and the stubs' cargo test (about 25 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_classroom_command_runs_one_exercise() {
    let (passed, stdout) = suite(
        &["--quiet"],
        &[
            "selection_shuffle::",
            "--skip",
            "efficient_selection_shuffle::",
        ],
    );
    assert!(passed, "{stdout}");
    let (lab, bonus) = lab_and_bonus_checks();
    let selection = checks_of("selection_shuffle");
    let others = lab + bonus - selection;
    assert!(
        stdout.contains(&format!(
            "{selection} passed; 0 failed; 0 ignored; 0 measured; {others} filtered out"
        )),
        "{stdout}"
    );
}

/// The pristine stubs fail once in all, on the first exercise, in one
/// line; every other check is skipped.
#[test]
#[ignore = "slow tier: runs the reference's and the stubs' cargo test (about 25 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_stubs_fail_once_on_the_first_exercise() {
    let failed: Vec<_> = failures(&STUBS, &[])
        .into_iter()
        .filter_map(|(name, failure)| failure.map(|message| (name, message)))
        .collect();
    assert_eq!(
        failed,
        [(
            "perfect_shuffle::returns_a_permutation".to_string(),
            "perfect_shuffle is not yet implemented (9 checks wait for it)".to_string()
        )]
    );
}

/// Each exercise alone, as the Classroom workflow runs it, fails while it
/// is not started: an exercise filtered out does not count as "not
/// started".
#[test]
#[ignore = "slow tier: runs the reference's and the stubs' cargo test (about 25 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn each_exercise_alone_fails_while_not_started() {
    for exercise in workbook::EXERCISES {
        let filter = format!("{}::", exercise.name);
        let skips: Vec<String> = workbook::EXERCISES
            .iter()
            .filter(|other| other.name != exercise.name && other.name.contains(exercise.name))
            .map(|other| format!("{}::", other.name))
            .collect();
        let mut args = vec!["--include-ignored", filter.as_str()];
        for skip in &skips {
            args.extend(["--skip", skip.as_str()]);
        }
        let trials = failures(&STUBS, &args);
        let failed: Vec<_> = trials.iter().filter(|(_, f)| f.is_some()).collect();
        assert_eq!(failed.len(), 1, "{}: {trials:?}", exercise.name);
        assert!(
            failed[0].0.contains(&filter),
            "{}: {trials:?}",
            exercise.name
        );
    }
}
