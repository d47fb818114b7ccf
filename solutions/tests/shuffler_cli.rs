//! The `shuffler` binary, driven as a user would drive it.

use assert_cmd::Command;
use predicates::prelude::*;

fn shuffler() -> Command {
    Command::cargo_bin("shuffler").expect("the shuffler binary is built for these tests")
}

#[test]
fn prints_the_lab_report_for_a_seed() {
    let output = shuffler()
        .args(["--shuffles", "3", "--values", "4", "--seed", "7"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report = String::from_utf8(output).expect("the report is UTF-8");
    assert!(report.starts_with("Results of 3 consecutive perfect shuffles:\n  1: 0 2 1 3\n"));
    insta::assert_snapshot!(report);
}

#[test]
fn defaults_to_one_shuffle_of_four_values_and_prints_its_seed() {
    shuffler()
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Results of 1 consecutive perfect shuffles:\n  1: 0 2 1 3\n\n\
             Results of 1 consecutive efficient selection shuffles:\n  1: ",
        ))
        .stdout(predicate::str::is_match(r"\nSeed: \d+ \(run again with --seed \d+").unwrap());
}

#[test]
fn the_same_seed_repeats_the_same_shuffles() {
    let run = || {
        shuffler()
            .args(["--shuffles", "5", "--values", "10", "--seed", "99"])
            .output()
            .unwrap()
    };
    assert_eq!(run().stdout, run().stdout);
}

#[test]
fn bad_flags_are_refused_with_exit_code_2() {
    for args in [
        &["--shuffles", "0"][..],
        &["--shuffles", "-3"],
        &["--values", "-1"],
        &["--values", "1000000"],
        &["--shuffles", "many"],
        &["--seed", "-1"],
        &["--decks", "2"],
    ] {
        shuffler()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("error:"))
            .stderr(predicate::str::contains("panicked").not());
    }
}
