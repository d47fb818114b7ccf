//! One mistake, one message, under `grade`: a class with a syntax error, a
//! type error in one function, a hang and a half-written lab, beside the
//! reference and three known mistakes, graded once (with `--out`) for
//! every test here. The table and `results.json` tell a compile error and
//! an unwritten function once, a timeout comes first and folds what it
//! stopped, and the table ends with the class.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::classes::fixtures;

/// The class graded once: its `--out` folder, the table and stderr.
struct Graded {
    out: tempfile::TempDir,
    table: String,
    stderr: String,
    /// Each submission's id and source, sorted by id.
    ids: Vec<(String, String)>,
}

/// The class's submissions: fixtures of `class/` as they are, and the
/// wrong answers of `wrong/` (written for the in-process tests) beside the
/// reference, Sattolo's twice so that it is the most common mistake.
const CLASS: &[&str] = &[
    "infinite_loop",
    "partly_done",
    "reference",
    "syntax_error",
    "type_error",
];
const WRONG: &[(&str, &str)] = &[
    ("sattolo", "sattolo_a"),
    ("sattolo", "sattolo_b"),
    ("fair_coin", "fair_coin"),
];

fn graded() -> &'static Graded {
    static GRADED: OnceLock<Graded> = OnceLock::new();
    GRADED.get_or_init(|| {
        let class = tempfile::tempdir().unwrap();
        for id in CLASS {
            let name = format!("{id}.rs");
            std::fs::copy(
                fixtures().join("class").join(&name),
                class.path().join(name),
            )
            .unwrap();
        }
        let reference = std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap();
        for (fixture, id) in WRONG {
            let own = std::fs::read_to_string(fixtures().join(format!("wrong/{fixture}.rs")))
                .unwrap()
                .replace("pub use solutions::*;", "")
                .replace("solutions::", "reference::");
            let text = format!("mod reference {{\n{reference}\n}}\npub use reference::*;\n{own}");
            std::fs::write(class.path().join(format!("{id}.rs")), text).unwrap();
        }
        let out = tempfile::tempdir().unwrap();
        let output = super::grade()
            .arg(class.path())
            .arg("--out")
            .arg(out.path())
            .assert()
            .success()
            .get_output()
            .clone();
        let mut ids: Vec<(String, String)> = std::fs::read_dir(class.path())
            .unwrap()
            .map(|entry| {
                let path = entry.unwrap().path();
                let id = path.file_stem().unwrap().to_string_lossy().into_owned();
                (id, std::fs::read_to_string(&path).unwrap())
            })
            .collect();
        ids.sort();
        Graded {
            out,
            table: String::from_utf8(output.stdout).unwrap(),
            stderr: String::from_utf8(output.stderr).unwrap(),
            ids,
        }
    })
}

/// The table of one submission: from its first line to the blank line
/// that ends it.
fn section<'a>(table: &'a str, id: &str) -> &'a str {
    let start = table
        .find(&format!("{id}: "))
        .unwrap_or_else(|| panic!("no {id} in {table}"));
    let rest = &table[start..];
    rest.split("\n\n").next().unwrap()
}

/// The lines of one exercise in a submission's table: its score line and
/// the failures under it.
fn exercise<'a>(section: &'a str, exercise: &str) -> Vec<&'a str> {
    let mut lines = section
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(&format!("{exercise} ")));
    let mut found = vec![lines.next().expect("the exercise's line")];
    found.extend(lines.take_while(|l| l.starts_with("    ")));
    found
}

fn results(id: &str) -> serde_json::Value {
    let path: PathBuf = graded()
        .out
        .path()
        .join("submissions")
        .join(id)
        .join("results.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn outputs(results: &serde_json::Value) -> Vec<&str> {
    let tests = results["tests"].as_array().unwrap();
    tests
        .iter()
        .map(|t| t["output"].as_str().unwrap())
        .collect()
}

fn hundredths(value: &serde_json::Value) -> i64 {
    (value.as_f64().unwrap() * 100.0).round() as i64
}

/// The points of the tests still add up to the score, and to 100 at most.
fn assert_scores_add_up(results: &serde_json::Value, score: i64) {
    let tests = results["tests"].as_array().unwrap();
    let sum: i64 = tests.iter().map(|t| hundredths(&t["score"])).sum();
    let max: i64 = tests.iter().map(|t| hundredths(&t["max_score"])).sum();
    assert_eq!((sum, max), (score, 10_000));
    assert_eq!(hundredths(&results["score"]), score);
}

/// A syntax error: the compiler's message once, under the submission's
/// line, and one line for the checks, none of which could run.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_syntax_error_is_told_once_in_the_table() {
    let table = section(&graded().table, "syntax_error");
    let mut lines = table.lines();
    assert_eq!(
        lines.next(),
        Some("syntax_error: 0 / 100 points (did not compile)")
    );
    let compiler = lines.next().unwrap().trim();
    assert!(compiler.starts_with("error"), "{table}");
    assert_eq!(graded().table.matches(compiler).count(), 1, "{table}");
    assert_eq!(table.matches('✗').count(), 1, "{table}");
    let checks = grading::catalogue().len();
    assert!(
        table.ends_with(&format!(
            "  ✗ none of the {checks} checks could run: the code did not compile (the \
             compiler's message is above)"
        )),
        "{table}"
    );
    // The submission's line, the compiler's, one per lab exercise and one
    // for every check.
    let summary = results("syntax_error")["output"]
        .as_str()
        .unwrap()
        .to_string();
    let exercises = workbook::LAB_EXERCISES.len();
    assert_eq!(
        table.lines().count(),
        1 + summary.lines().count() + exercises + 1,
        "{table}"
    );
}

/// A type error in flip: its message once, under flip's first check; the
/// others fold into one line that says where it is.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_type_error_in_one_function_is_told_once_under_its_exercise() {
    let table = section(&graded().table, "type_error");
    assert_eq!(
        table.matches("error[E0308]: mismatched types").count(),
        1,
        "{table}"
    );
    let flip = exercise(table, "flip");
    assert!(flip[1].starts_with("    ✗ flip: "), "{table}");
    assert!(flip[2].contains("flip did not compile"), "{table}");
    let folded = flip.iter().position(|l| l.contains("more checks")).unwrap();
    assert!(
        flip[folded + 1].contains("did not compile: see the compiler's message in `flip: "),
        "{table}"
    );
    assert_eq!(
        flip.len(),
        folded + 2,
        "nothing after the folded line: {table}"
    );
}

/// Two unwritten functions: "not yet implemented" once for each.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_half_written_lab_says_not_yet_implemented_once_per_function() {
    let table = section(&graded().table, "partly_done");
    for function in ["selection_shuffle", "flip"] {
        let said = format!("{function} is not yet implemented");
        assert_eq!(table.matches(&said).count(), 1, "{table}");
        let lines = exercise(table, function);
        assert_eq!(lines.len(), 5, "{table}");
        assert!(lines[3].contains("more checks"), "{table}");
        assert!(lines[4].contains("not yet implemented: see `"), "{table}");
    }
}

/// The endless loop: the check that timed out first, the checks it
/// stopped in one line after it.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_timeout_comes_first_and_folds_what_it_stopped() {
    let table = section(&graded().table, "infinite_loop");
    let lines = exercise(table, "selection_shuffle");
    assert!(lines[1].starts_with("    ✗ selection_shuffle: "), "{table}");
    assert!(lines[2].contains("did not return within 1 s"), "{table}");
    let folded = lines
        .iter()
        .position(|l| l.contains("more checks"))
        .unwrap();
    assert!(
        lines[folded + 1].contains("not run: selection_shuffle ran out of time"),
        "{table}"
    );
    assert_eq!(
        table.matches("not run: selection_shuffle").count(),
        1,
        "{table}"
    );
    assert_eq!(table.matches("did not return within").count(), 1, "{table}");
}

/// The table ends with the class, then stderr names the report.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_table_ends_with_the_class() {
    let graded = graded();
    let end: Vec<&str> = graded.table.lines().rev().take(5).collect();
    let end: Vec<&str> = end.into_iter().rev().collect();
    assert!(
        end[0].starts_with("Class: 8 submissions; mean "),
        "{}",
        graded.table
    );
    assert!(end[0].ends_with(" of 100; 1 with full marks"), "{end:?}");
    // type_error, and any fixture without a function the registry has
    // gained since it was written (a new exercise's).
    let partly: Vec<String> = graded
        .ids
        .iter()
        .filter(|(id, source)| {
            *id != "syntax_error"
                && (*id == "type_error"
                    || workbook::LAB_EXERCISES
                        .iter()
                        .any(|exercise| !crate::gradebook::defines(source, exercise)))
        })
        .map(|(id, _)| id.clone())
        .collect();
    let shown = partly
        .iter()
        .take(5)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    let more = match partly.len().saturating_sub(5) {
        0 => String::new(),
        rest => format!(" and {rest} more"),
    };
    assert_eq!(
        end[1],
        format!(
            "  did not compile: 1 (syntax_error); partly compiled: {} ({shown}{more})",
            partly.len()
        )
    );
    assert_eq!(end[2], "  timed out: 1 (infinite_loop)");
    assert!(
        end[3].starts_with("  most common mistake: ") && end[3].ends_with("2 submissions)"),
        "{end:?}"
    );
    assert!(end[3].contains("(efficient_selection_shuffle: "), "{end:?}");
    // Sattolo's is there twice, the same file: the one pair flagged. The
    // rest share the reference, which more than half the class holds.
    assert_eq!(
        end[4],
        "  alike (similarity 0.50 or more): 1 pair (sattolo_a and sattolo_b 1.00)"
    );
    let report = graded.out.path().join("index.html");
    assert!(
        graded.stderr.trim_end().ends_with(&format!(
            "Class report: {} (a feedback page per submission beside it)",
            report.display()
        )),
        "{}",
        graded.stderr
    );
    assert_eq!(graded.stderr.matches("Class report:").count(), 1);
    assert!(Path::new(&report).is_file());
}

/// In results.json, a syntax error's message is in the summary alone, each
/// test says in one line where it is, and the scores are as before.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn results_json_tells_a_compile_error_once() {
    let results = results("syntax_error");
    let summary = results["output"].as_str().unwrap();
    let compiler = summary.lines().next().unwrap().trim();
    assert!(compiler.starts_with("error"), "{summary}");
    let outputs = outputs(&results);
    assert_eq!(outputs.len(), grading::catalogue().len());
    let everywhere = outputs.iter().chain([&summary]);
    assert_eq!(
        everywhere
            .map(|o| o.matches(compiler).count())
            .sum::<usize>(),
        1
    );
    for output in &outputs {
        assert_eq!(*output, "did not compile: see the compiler's message above");
    }
    assert_scores_add_up(&results, 0);
}

/// A type error in flip: its message in flip's first test alone; the
/// others name that test, in their output and in `same_cause_as`.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn results_json_tells_a_type_error_once_in_its_exercise() {
    let results = results("type_error");
    let outputs = outputs(&results);
    let told: Vec<&&str> = outputs
        .iter()
        .filter(|o| o.contains("error[E0308]: mismatched types"))
        .collect();
    assert_eq!(told.len(), 1, "{outputs:#?}");
    assert!(!results["output"].as_str().unwrap().contains("error[E0308]"));
    let flip: Vec<&serde_json::Value> = results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["tags"][0] == "flip")
        .collect();
    assert!(flip[0]["output"].as_str().unwrap().contains("error[E0308]"));
    for test in &flip[1..] {
        assert_eq!(test["extra_data"]["same_cause_as"], flip[0]["name"]);
        assert_eq!(test["extra_data"]["reason"], "did_not_compile");
        assert_eq!(test["output"].as_str().unwrap().lines().count(), 1);
    }
    assert_scores_add_up(&results, 8_500);
    let partly_done = results_of_partly_done();
    assert_scores_add_up(&partly_done.0, partly_done.1);
}

/// partly_done's results and its score in hundredths, from the gradebook.
fn results_of_partly_done() -> (serde_json::Value, i64) {
    let csv = std::fs::read_to_string(graded().out.path().join("grades.csv")).unwrap();
    let row = csv.lines().find(|l| l.starts_with("partly_done,")).unwrap();
    let score: f64 = row.split(',').nth(1).unwrap().parse().unwrap();
    let results = results("partly_done");
    for function in ["selection_shuffle", "flip"] {
        let said = format!("{function} is not yet implemented");
        let times = outputs(&results)
            .iter()
            .filter(|o| o.contains(&said))
            .count();
        assert_eq!(times, 1, "{said}");
    }
    (results, (score * 100.0).round() as i64)
}

/// In results.json, as in the table, the check that ran out of time comes
/// first in its exercise and the checks it kept from running follow it,
/// so a student on Gradescope reads the cause before what it caused; each
/// exercise's tests stay together, in the lab's order.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn results_json_lists_a_timeout_first_in_its_exercise() {
    let results = results("infinite_loop");
    let tests = results["tests"].as_array().unwrap();
    let reason = |t: &serde_json::Value| t["extra_data"]["reason"].as_str().unwrap().to_string();
    let timed_out = tests
        .iter()
        .find(|t| reason(t) == "timed_out")
        .expect("a check that ran out of time");
    let exercise = &timed_out["tags"][0];
    let reasons: Vec<String> = tests
        .iter()
        .filter(|t| &t["tags"][0] == exercise)
        .map(reason)
        .collect();
    let not_run = reasons.iter().filter(|r| *r == "not_run").count();
    assert!(not_run > 0, "{reasons:?}");
    assert_eq!(reasons[0], "timed_out", "{reasons:?}");
    assert!(
        reasons[1..=not_run].iter().all(|r| r == "not_run"),
        "{reasons:?}"
    );
    let mut exercises: Vec<&str> = tests
        .iter()
        .map(|t| t["tags"][0].as_str().unwrap())
        .collect();
    exercises.dedup();
    let lab: Vec<&str> = grading::catalogue().iter().map(|c| c.exercise).collect();
    let mut lab = lab;
    lab.dedup();
    assert_eq!(exercises, lab, "each exercise's tests together, in order");
}
