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

/// `shuffler fairness` on fixed seeds: the naive shuffle is caught (its
/// order test on 6 cards, at 20,000 shuffles and alpha 1e-6/6, has
/// noncentrality 1418 and power 1 to double precision, by SciPy's ncx2 on
/// the exact 6^6-path distribution), the lab's efficient shuffle is not
/// (false alarm at most 1e-6 by construction).
#[test]
fn fairness_tells_the_naive_shuffle_from_fisher_yates() {
    let json = |algorithm: &str| -> serde_json::Value {
        let output = shuffler()
            .args([
                "fairness",
                "--algorithm",
                algorithm,
                "--cards",
                "6",
                "--shuffles",
                "20000",
            ])
            .args(["--seed", "1", "--format", "json"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        serde_json::from_slice(&output).expect("valid JSON")
    };
    let naive = json("naive");
    assert_eq!(naive["verdict"], "biased");
    for field in [
        "algorithm",
        "cards",
        "shuffles",
        "seed",
        "position",
        "pair",
        "order",
        "draws_per_shuffle",
        "verdict",
    ] {
        assert!(!naive[field].is_null(), "{field}");
    }
    assert_eq!(naive["draws_per_shuffle"], 6.0);
    let fair = json("efficient");
    assert_eq!(fair["verdict"], "no evidence of bias");
    assert_eq!(fair["draws_per_shuffle"], 5.0);
    assert_eq!(
        json("efficient"),
        fair,
        "the same seed gives the same report"
    );
}

#[test]
fn fairness_refuses_bad_input_with_exit_code_2() {
    for args in [
        &["fairness", "--algorithm", "bogus"][..],
        &["fairness", "--algorithm", "naive", "--cards", "0"],
        &[
            "fairness",
            "--algorithm",
            "naive",
            "--cards",
            "52",
            "--shuffles",
            "999",
        ],
    ] {
        shuffler()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("error:"))
            .stderr(predicate::str::contains("panicked").not());
    }
    shuffler()
        .args([
            "fairness",
            "--algorithm",
            "naive",
            "--cards",
            "52",
            "--shuffles",
            "1000",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "pair test:     not run: it needs at least 13260 shuffles of 52 cards",
        ));
    shuffler()
        .args(["fairness", "--algorithm", "naive", "--shuffles", "999"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "999 shuffles are too few: the report needs at least 1000",
        ))
        .stderr(predicate::str::contains("Usage: shuffler fairness"));
}

#[test]
fn fairness_writes_heatmaps_as_svg() {
    let folder = tempfile::tempdir().unwrap();
    let svg = folder.path().join("sattolo.svg");
    shuffler()
        .args([
            "fairness",
            "--algorithm",
            "sattolo",
            "--cards",
            "6",
            "--shuffles",
            "4000",
        ])
        .args(["--seed", "3", "--svg"])
        .arg(&svg)
        .assert()
        .success()
        .stdout(predicate::str::contains("verdict: biased"));
    let text = std::fs::read_to_string(svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("where each card lands"));
    shuffler()
        .args([
            "fairness",
            "--algorithm",
            "sattolo",
            "--cards",
            "6",
            "--shuffles",
            "4000",
        ])
        .args(["--svg", "/no/such/folder/x.svg"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "Error: could not write /no/such/folder/x.svg",
        ));
}

/// The exact distances reproduce Bayer and Diaconis' table (1992) for 52
/// cards: 1.000 for up to 4 riffles, then .924 .614 .334 .167 .085 .043.
#[test]
fn riffle_distance_prints_the_bayer_diaconis_table() {
    let folder = tempfile::tempdir().unwrap();
    let svg = folder.path().join("riffles.svg");
    shuffler()
        .args(["riffle-distance", "--riffles", "10", "--svg"])
        .arg(&svg)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "      4  1.000\n      5  0.924\n      6  0.614\n      7  0.334\n",
        ))
        .stdout(predicate::str::contains(
            "      8  0.167\n      9  0.085\n     10  0.043\n",
        ));
    assert!(
        std::fs::read_to_string(svg)
            .unwrap()
            .contains("distance from uniform")
    );
    shuffler()
        .args(["riffle-distance", "--riffles", "0"])
        .assert()
        .code(2);
}
