//! The `grade` command, driven as an instructor drives it. The class in
//! `fixtures/class/` holds one submission for each way a submission can go
//! wrong, each with its expected score.
#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::Command as Process;

use assert_cmd::Command;
use predicates::prelude::*;

mod build_paths;
mod classes;
mod gradebook;
mod one_message;
mod similar;
// Ctrl-C and SIGTERM, and the progress lines of a run without a terminal.
mod stopping;
use classes::{autograder_root, fixtures};
use gradebook::{Loses, assert_has_row, assert_has_row_in, did_not_compile, row, source_of};

/// `grade` with the test rubric, whose 1 s call limit keeps hangs short.
fn grade() -> Command {
    let mut command = Command::cargo_bin("grade").expect("the grade binary");
    command
        .arg("--rubric")
        .arg(fixtures().join("fast_rubric.toml"));
    command
}

fn stdout(command: &mut Command) -> String {
    let output = command.assert().success().get_output().stdout.clone();
    String::from_utf8(output).expect("UTF-8")
}

/// Held by each test that grades `orphan.rs` and `tmp_state.rs`: the
/// orphan's `sleep 1000`s live for the length of a check, so a test
/// counting them must not overlap another that starts them, and each
/// checks that no state note reached the machine's folders.
static ORPHANS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The places where `tmp_state.rs` leaves its note if a check can write
/// the machine's folders.
const NOTE_PLACES: [&str; 4] = ["/tmp", "/var/tmp", "/dev/shm", "/"];

/// The lock, and no state note left by an earlier run that had no sandbox
/// to stop it (`GRADE_ISOLATION=none`, say): such a note fails the checks
/// that prove this run left none, and makes `tmp_state` right where it
/// must not be.
fn orphans_to_myself() -> std::sync::MutexGuard<'static, ()> {
    let alone = ORPHANS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for place in NOTE_PLACES {
        let note = Path::new(place).join(".grade-state-note");
        if std::fs::remove_file(&note).is_ok() {
            eprintln!("removed {}, left by an earlier run", note.display());
        }
    }
    alone
}

fn sleepers() -> usize {
    let output = Process::new("pgrep").args(["-f", "^sleep 1000$"]).output();
    output.map_or(0, |o| String::from_utf8_lossy(&o.stdout).lines().count())
}

/// What each submission of the class earns nothing for, and its status;
/// it earns full points for every other lab exercise.
const EXPECTED: &[(&str, Loses<'static>, &str)] = &[
    ("abort", Loses::Only(&["reversing_sequence"]), "graded"),
    ("exit_zero", Loses::Only(&["flip"]), "graded"),
    ("flood", Loses::Nothing, "graded"),
    // Its forged OverBudget and DidNotCompile payloads are panics of its
    // own functions: they earn nothing and leave it "graded".
    (
        "forged_panic_payloads",
        Loses::Only(&["selection_shuffle", "flip"]),
        "graded",
    ),
    (
        "huge_allocation",
        Loses::Only(&["are_permutations"]),
        "graded",
    ),
    (
        "infinite_loop",
        Loses::Only(&["selection_shuffle"]),
        "graded",
    ),
    (
        "missing_function",
        Loses::Only(&["are_permutations"]),
        "partly compiled",
    ),
    ("orphan", Loses::Nothing, "graded"),
    ("own_manifest", Loses::Nothing, "graded"),
    (
        "partly_done",
        Loses::Only(&["selection_shuffle", "flip"]),
        "graded",
    ),
    ("reference", Loses::Nothing, "graded"),
    // Right only if a check could see the checkout, the batch or /tmp.
    ("snooping", Loses::Only(&["flip"]), "graded"),
    (
        "stack_overflow",
        Loses::Only(&["perfect_shuffle"]),
        "graded",
    ),
    ("syntax_error", Loses::Everything, "did not compile"),
    ("thread_bomb", Loses::Only(&["flip"]), "graded"),
    // Right only if a file written by one check's process outlived it.
    ("tmp_state", Loses::Only(&["are_permutations"]), "graded"),
    ("type_error", Loses::Only(&["flip"]), "partly compiled"),
];

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn grades_a_hostile_class_reproducibly_and_loses_nothing() {
    let _alone = orphans_to_myself();
    let before = sleepers();
    // forged_files writes results.json and grades.csv into its working
    // folder and the one above; with its own /tmp under a read-only root,
    // neither reaches the machine's /tmp or /.
    let forgeable = [
        "/tmp/results.json",
        "/tmp/grades.csv",
        "/results.json",
        "/grades.csv",
    ];
    let existed: Vec<bool> = forgeable.iter().map(|p| Path::new(p).exists()).collect();
    let out = tempfile::tempdir().unwrap();
    let csv = stdout(
        grade()
            .arg(fixtures().join("class"))
            .args(["--format", "csv", "--out"])
            .arg(out.path()),
    );
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows[0].starts_with(
        "submission,score,max_score,perfect_shuffle,selection_shuffle,\
         efficient_selection_shuffle,flip,are_permutations,reversing_sequence"
    ));
    // fake_ok's coin is fair and forged_files compares lengths: answers
    // that ignore the task, which earn nothing for their exercise however
    // many of its other checks they pass. Both also print or write lies.
    let source = |id: &str| source_of(&fixtures().join("class").join(id));
    let fake_ok = row(
        "fake_ok",
        Loses::Only(&["flip"]),
        "graded",
        &source("fake_ok"),
    );
    assert_has_row(&csv, &fake_ok);
    let forged_files = source("forged_files");
    let forged_files = row(
        "forged_files",
        Loses::Only(&["are_permutations"]),
        "graded",
        &forged_files,
    );
    assert_has_row(&csv, &forged_files);
    for (id, loses, status) in EXPECTED {
        // None of the class attempted the bonus: 0 bonus checks passed.
        assert_has_row_in(out.path(), &csv, &row(id, *loses, status, &source(id)));
    }
    assert_eq!(rows.len(), 1 + EXPECTED.len() + 2);
    let class_size = rows.len() - 1;

    // Nothing the submissions started is still running, and nothing they
    // wrote is left outside their checks' own /tmp.
    assert_eq!(
        sleepers(),
        before,
        "an orphaned `sleep 1000` survived grading"
    );
    for place in NOTE_PLACES {
        let note = Path::new(place).join(".grade-state-note");
        assert!(!note.exists(), "tmp_state left {}", note.display());
    }
    let exists: Vec<bool> = forgeable.iter().map(|p| Path::new(p).exists()).collect();
    assert_eq!(
        exists, existed,
        "forged_files wrote outside its check: {forgeable:?}"
    );

    // --out holds the same gradebook, one results.json per submission, and
    // nothing the forger wrote.
    assert_eq!(
        std::fs::read_to_string(out.path().join("grades.csv")).unwrap(),
        csv
    );
    // Beside results.json: the mistakes the class report counts, and the
    // submission's feedback page.
    let mut forged_dir: Vec<_> = std::fs::read_dir(out.path().join("submissions/forged_files"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    forged_dir.sort();
    assert_eq!(
        forged_dir,
        ["graded.json", "index.html", "results.json"],
        "only grade's own files"
    );

    // What a submission prints reaches its report only up to the rubric's
    // output_kib (16 KiB here), however much it prints (flood prints
    // without end): each test's output is the grader's own message plus at
    // most that much of the student's.
    for (id, ..) in EXPECTED {
        let text =
            std::fs::read_to_string(out.path().join("submissions").join(id).join("results.json"))
                .unwrap();
        let results: serde_json::Value = serde_json::from_str(&text).unwrap();
        for test in results["tests"].as_array().unwrap() {
            let output = test["output"].as_str().unwrap();
            assert!(
                output.len() <= 16 * 1024 + 4096,
                "{id}: {} bytes",
                output.len()
            );
        }
    }

    // A forged "did not compile" is the forger's own panic, in its own
    // words: grade says a function did not compile only when it stubbed
    // the function out itself, and it stubbed nothing here.
    let forged = std::fs::read_to_string(
        out.path()
            .join("submissions/forged_panic_payloads/results.json"),
    )
    .unwrap();
    let forged: serde_json::Value = serde_json::from_str(&forged).unwrap();
    let flip: Vec<&str> = forged["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|test| test["tags"][0] == "flip")
        .map(|test| test["output"].as_str().unwrap())
        .collect();
    assert!(
        flip.iter().all(|o| !o.contains("its checks could not run"))
            && flip
                .iter()
                .any(|o| o.contains("panicked: flip did not compile")),
        "{flip:#?}"
    );

    // A second run reuses every grade and prints the same bytes.
    let mut again = grade();
    again
        .arg(fixtures().join("class"))
        .args(["--format", "csv", "--out"])
        .arg(out.path());
    again
        .assert()
        .success()
        .stdout(csv.clone())
        .stderr(predicate::str::contains(format!(
            "{class_size} of {class_size} submissions are unchanged",
        )));

    // A run killed half way leaves whole files; losing two records costs
    // only their regrading (results.json is Gradescope's rendering of the
    // record, written, never read back).
    std::fs::remove_file(out.path().join("submissions/reference/graded.json")).unwrap();
    std::fs::write(
        out.path().join("submissions/abort/graded.json"),
        "{ truncated",
    )
    .unwrap();
    let mut resumed = grade();
    resumed
        .arg(fixtures().join("class"))
        .args(["--format", "csv", "--out"])
        .arg(out.path());
    resumed
        .assert()
        .success()
        .stdout(csv)
        .stderr(predicate::str::contains(format!(
            "{} of {class_size} submissions are unchanged",
            class_size - 2
        )));
}

/// Where namespaces are not available, Landlock hides the same files: the
/// snooping and state-keeping submissions still earn nothing for the
/// exercise that depends on seeing them, and an orphan does not survive.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn landlock_hides_the_file_system_where_namespaces_are_missing() {
    let _alone = orphans_to_myself();
    let before = sleepers();
    let class = fixtures().join("class");
    let csv = stdout(
        grade()
            .env("GRADE_ISOLATION", "landlock")
            .args(["snooping.rs", "tmp_state.rs", "orphan.rs"].map(|f| class.join(f)))
            .args(["--format", "csv"]),
    );
    for (id, loses) in [
        ("snooping", Loses::Only(&["flip"])),
        ("tmp_state", Loses::Only(&["are_permutations"])),
        ("orphan", Loses::Nothing),
    ] {
        let source = std::fs::read_to_string(class.join(format!("{id}.rs"))).unwrap();
        assert_has_row(&csv, &row(id, loses, "graded", &source));
    }
    assert_eq!(sleepers(), before, "an orphaned `sleep 1000` survived");
}

/// Writes each file of `fixtures/<folder>/` as a single-file submission in
/// a new folder: the reference solutions in a module, re-exported by glob,
/// so the fixture's own functions shadow them. `@SOLUTIONS@` in a fixture
/// becomes this checkout's `solutions/src`.
fn beside_the_reference(folder: &str) -> (tempfile::TempDir, Vec<String>) {
    let reference = std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap();
    let solutions = fixtures()
        .join("../../solutions/src")
        .canonicalize()
        .unwrap();
    let class = tempfile::tempdir().unwrap();
    let mut names = Vec::new();
    for entry in std::fs::read_dir(fixtures().join(folder)).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        // The wrong answers are written for the in-process tests, against
        // the `solutions` crate: here the reference module stands in.
        let own = std::fs::read_to_string(&path)
            .unwrap()
            .replace("@SOLUTIONS@", solutions.to_str().unwrap())
            .replace("pub use solutions::*;", "")
            .replace("solutions::", "reference::");
        let submission = format!("mod reference {{\n{reference}\n}}\npub use reference::*;\n{own}");
        std::fs::write(class.path().join(format!("{name}.rs")), submission).unwrap();
        names.push(name);
    }
    names.sort();
    (class, names)
}

/// Each submission in `fixtures/borrowing/` tries to read the reference
/// solutions, or the machine's environment, while it compiles. None gets a
/// point for what it borrowed, and no report holds a line of the reference.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn borrowing_the_reference_at_compile_time_earns_nothing() {
    let (class, names) = beside_the_reference("borrowing");
    let expected = [
        ("debugger_visualizer", Loses::Everything, "did not compile"),
        (
            "env_home",
            Loses::Only(&["reversing_sequence"]),
            "partly compiled",
        ),
        ("exfiltrate", Loses::Only(&["flip"]), "partly compiled"),
        ("include_concat", Loses::Everything, "did not compile"),
        ("macro_builds_call", Loses::Everything, "did not compile"),
        ("path_attribute", Loses::Everything, "did not compile"),
        (
            "path_from_macro_argument",
            Loses::Everything,
            "did not compile",
        ),
    ];
    assert_eq!(names, expected.map(|(name, ..)| name));
    let out = tempfile::tempdir().unwrap();
    let csv = stdout(
        grade()
            .arg(class.path())
            .args(["--format", "csv", "--out"])
            .arg(out.path()),
    );
    for (name, loses, status) in expected {
        let source = std::fs::read_to_string(class.path().join(format!("{name}.rs"))).unwrap();
        assert_has_row(&csv, &row(name, loses, status, &source));
    }
    // No report holds a line of any reference file: the files were never
    // read, so nothing of them can be printed.
    let sources: Vec<String> = std::fs::read_dir(fixtures().join("../../solutions/src"))
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.unwrap().path()).ok())
        .collect();
    for name in &names {
        let report = std::fs::read_to_string(
            out.path()
                .join("submissions")
                .join(name)
                .join("results.json"),
        )
        .unwrap();
        for line in sources.iter().flat_map(|s| s.lines()).map(str::trim) {
            let distinctive = line.len() >= 30 && !line.starts_with("//");
            assert!(
                !distinctive || !report.contains(line),
                "{name}'s report holds a line of the reference: {line}"
            );
        }
    }
    // Each says why in one line.
    let report =
        std::fs::read_to_string(out.path().join("submissions/exfiltrate/results.json")).unwrap();
    assert!(
        report.contains("`include_str!` reads a file while compiling"),
        "{report}"
    );
    let report =
        std::fs::read_to_string(out.path().join("submissions/path_attribute/results.json"))
            .unwrap();
    assert!(
        report.contains("`#[path]` makes a module out of a file outside"),
        "{report}"
    );
}

/// Each answer in `fixtures/trivial/` ignores the task of one exercise; the
/// rest of the submission is the reference. Graded in one run, each earns 0
/// for its own exercise and full marks for every other, and the report
/// says why. The exercise is named by the fixture's prefix.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn trivial_answers_earn_nothing_for_their_exercise() {
    let exercises = [
        ("perfect", "perfect_shuffle"),
        ("selection", "selection_shuffle"),
        ("efficient", "efficient_selection_shuffle"),
        ("flip", "flip"),
        ("permutations", "are_permutations"),
        ("question_3", "reversing_sequence"),
    ];
    let (class, names) = beside_the_reference("trivial");
    assert!(names.len() >= 20, "the corpus: {names:?}");
    let csv = stdout(grade().arg(class.path()).args(["--format", "csv"]));
    for name in &names {
        let (_, own) = exercises
            .iter()
            .find(|(prefix, _)| name.starts_with(prefix))
            .unwrap_or_else(|| panic!("{name} names no exercise"));
        let source = std::fs::read_to_string(class.path().join(format!("{name}.rs"))).unwrap();
        assert_has_row(&csv, &row(name, Loses::Only(&[own]), "graded", &source));
    }

    // The table says why, beside the failed core check's own hint, and
    // folds the checks it made moot into one line.
    let report = stdout(grade().arg(class.path().join("efficient_does_nothing.rs")));
    assert!(
        report.contains(
            "not run: efficient_selection_shuffle earns nothing while its core check \
             \"shuffles of 8 cards reach hundreds of their 40,320 orders\" fails"
        ),
        "{report}"
    );
    assert!(
        report.contains("One that leaves the deck as it was"),
        "{report}"
    );
    assert!(report.contains("✗ 10 more checks (0 of 22.81)"), "{report}");
    assert_eq!(report.matches("not run:").count(), 1, "{report}");
}

/// A static call counter that replays a seeded run (`fixtures/replay/`)
/// passes a "follows the seed" check whose runs share one process. `grade`
/// starts each run in a process of its own, so there it fails: the shuffle
/// keeps its property checks and loses the seed check and the lab steps.
/// (The coin that does the same is in `fixtures/trivial/`: flip's seed
/// check is core, so it earns nothing.)
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_call_counter_cannot_replay_a_seeded_run() {
    let (class, names) = beside_the_reference("replay");
    assert_eq!(names, ["selection_counter_replay"]);
    let csv = stdout(grade().arg(class.path()).args(["--format", "csv"]));
    // Of selection_shuffle's 20 points, it keeps the property checks' but
    // for the seed check's: 12.25.
    let source = std::fs::read_to_string(class.path().join("selection_counter_replay.rs")).unwrap();
    let partial = Loses::Part("selection_shuffle", 12.25);
    let expected = row("selection_counter_replay", partial, "graded", &source);
    assert_has_row(&csv, &expected);
    let report = stdout(grade().arg(class.path()));
    assert!(
        report.contains("selection_shuffle gave the same result for different seeds"),
        "{report}"
    );
}

/// Under `grade`, every hint that sends the student to another check
/// ("this follows from …, which “title” reports with a hint", the
/// check named by its title as the report lists it, never by its path)
/// names a check of the same exercise that ran and shows its own message,
/// even where the core gate skipped the rest of the exercise: across the
/// wrong and trivial corpora and the class fixtures.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn every_pointer_in_a_report_names_a_check_that_ran() {
    let titles: std::collections::BTreeSet<String> = grading::catalogue()
        .iter()
        .map(|c| format!("{}: {}", c.exercise, c.title))
        .collect();
    let out = tempfile::tempdir().unwrap();
    let mut pointers = 0;
    for folder in ["wrong", "trivial"] {
        let (class, names) = beside_the_reference(folder);
        let folder_out = out.path().join(folder);
        grade()
            .arg(class.path())
            .args(["--format", "csv", "--out"])
            .arg(&folder_out)
            .assert()
            .success();
        for name in names {
            let text = std::fs::read_to_string(
                folder_out
                    .join("submissions")
                    .join(&name)
                    .join("results.json"),
            )
            .unwrap();
            let json: serde_json::Value = serde_json::from_str(&text).unwrap();
            let tests = json["tests"].as_array().unwrap();
            for test in tests {
                let output = test["output"].as_str().unwrap_or_default();
                let Some((before, _)) = output.split_once(" reports with a hint") else {
                    continue;
                };
                let (_, quoted) = before.rsplit_once(" which “").unwrap_or_else(|| {
                    panic!("{name}: a pointer that names no check by title: {before}")
                });
                let target = quoted.strip_suffix('”').unwrap_or_else(|| {
                    panic!("{name}: a pointer that names no check by title: {before}")
                });
                let test_name = test["name"].as_str().unwrap();
                let (exercise, _) = test_name.split_once(": ").unwrap();
                pointers += 1;
                let title = titles
                    .get(&format!("{exercise}: {target}"))
                    .unwrap_or_else(|| panic!("{name}: a pointer to no check: {target}"));
                let shown = tests
                    .iter()
                    .find(|t| t["name"] == title.as_str())
                    .unwrap_or_else(|| panic!("{name}: no test {title}"));
                let said = shown["output"].as_str().unwrap_or_default();
                assert!(
                    !said.is_empty() && !said.starts_with("not run"),
                    "{name}: {} points at {title}, which says {said:?}",
                    test["name"]
                );
            }
        }
    }
    assert!(
        pointers >= 10,
        "only {pointers} pointers: the corpus changed?"
    );
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn json_is_gradescope_results_and_stable_apart_from_time() {
    let run = || {
        let text = stdout(
            grade()
                .arg(fixtures().join("class/type_error.rs"))
                .args(["--format", "json"]),
        );
        let mut json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        json.as_object_mut().unwrap().remove("execution_time");
        json
    };
    let first = run();
    assert_eq!(first, run());
    assert_eq!(first["score"], 85.0);
    let tests = first["tests"].as_array().unwrap();
    assert_eq!(tests.len(), grading::catalogue().len());
    // The points of the tests add up exactly to the score, in hundredths.
    let hundredths = |v: &serde_json::Value| (v.as_f64().unwrap() * 100.0).round() as i64;
    let sum: i64 = tests.iter().map(|t| hundredths(&t["score"])).sum();
    assert_eq!(sum, hundredths(&first["score"]));
    let max: i64 = tests.iter().map(|t| hundredths(&t["max_score"])).sum();
    assert_eq!(max, 10_000);
    for test in tests {
        let tags: Vec<&str> = test["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        assert!(
            test["name"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{}: ", tags[0]))
        );
        assert!(["property", "lab_steps", "bonus"].contains(&tags[1]));
        if tags[1] == "bonus" {
            assert_eq!(test["max_score"], 0.0, "bonus checks are worth nothing");
        }
        assert!(test["status"] == "passed" || test["status"] == "failed");
    }
    let flip = tests.iter().find(|t| t["tags"][0] == "flip").unwrap();
    let message = flip["output"].as_str().unwrap();
    assert!(
        message.contains("error[E0308]: mismatched types"),
        "{message}"
    );
    assert!(
        message.contains("type_error/lib.rs"),
        "the student's own path: {message}"
    );
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_pristine_stubs_read_as_not_yet_implemented() {
    let stubs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../stubs/exercises");
    let report = stdout(grade().arg(stubs));
    assert!(
        report.starts_with("exercises: 0 / 100 points (graded)"),
        "{report}"
    );
    assert!(report.contains("flip is not yet implemented"), "{report}");
    assert!(
        report.contains("bonus (no points): not attempted"),
        "{report}"
    );
}

/// The README's first command: the reference earns every point, and every
/// bonus check passes without adding to the score.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_reference_earns_every_point_and_every_bonus_check() {
    let solutions = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../solutions");
    let report = stdout(grade().arg(solutions));
    assert!(
        report.starts_with("solutions: 100 / 100 points (graded)"),
        "{report}"
    );
    let bonus = grading::catalogue()
        .iter()
        .filter(|c| c.kind == grading::Kind::Bonus)
        .count();
    assert!(
        report.contains(&format!(
            "bonus (no points): {bonus} of {bonus} checks passed"
        )),
        "{report}"
    );
}

/// An extension with the wrong signature is stubbed out alone: the lab's
/// points stand, and the bonus check says what signature is expected.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_broken_extension_costs_only_its_bonus_checks() {
    let folder = tempfile::tempdir().unwrap();
    let reference = std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap();
    let extensions = "
pub mod extensions {
    pub fn perfect_shuffle_order(n: usize) -> u32 { n as u32 }
    pub fn sequence_for(target: &[i32]) -> Vec<usize> { vec![0; target.len().saturating_sub(1)] }
    pub fn riffle_shuffle<R: rand::Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
        let _ = rng;
        values.to_vec()
    }
}
";
    let file = folder.path().join("half_bonus.rs");
    std::fs::write(&file, reference + extensions).unwrap();
    let report = stdout(grade().arg(&file));
    assert!(
        report.starts_with("half_bonus: 100 / 100 points (partly compiled)"),
        "{report}"
    );
    assert!(
        report.contains("pub fn perfect_shuffle_order(n: usize) -> usize"),
        "{report}"
    );
    assert!(
        report.contains("riffle_shuffle mixed the cards more than one riffle can")
            || report.contains("does not follow the Gilbert-Shannon-Reeds model")
            || report.contains("does not follow the seed of rng"),
        "{report}"
    );
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn bad_input_gets_one_line_and_a_failing_exit() {
    grade()
        .arg(fixtures().join("no-such-class"))
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("Error: cannot read"))
        .stderr(predicate::str::contains("panicked").not());
    grade()
        .arg(fixtures().join("class"))
        .args(["--format", "json"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "--format json prints one submission",
        ));
    let bad_rubric = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(bad_rubric.path(), "lab_steps_share = 2.0\n").unwrap();
    Command::cargo_bin("grade")
        .unwrap()
        .arg("--rubric")
        .arg(bad_rubric.path())
        .arg(fixtures().join("class/reference.rs"))
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("Error: the rubric"));
    Command::cargo_bin("grade")
        .unwrap()
        .arg("--colour")
        .assert()
        .code(2);
    Command::cargo_bin("grade").unwrap().assert().code(2);
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn gradescope_run_autograder_writes_results_json() {
    let root = autograder_root(&fixtures().join("class/missing_function.rs"));
    let status = Process::new("bash")
        .arg(fixtures().join("../gradescope/run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .env("GRADE", assert_cmd::cargo::cargo_bin("grade"))
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(root.path().join("results/results.json")).unwrap();
    let results: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(results["score"], 90.0);
    assert_eq!(results["extra_data"]["submission"], "submission");

    // When the grader itself fails, Gradescope still gets a results.json
    // that says so.
    let status = Process::new("bash")
        .arg(fixtures().join("../gradescope/run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .env("GRADE", "/bin/false")
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(root.path().join("results/results.json")).unwrap();
    let results: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(results["score"], 0);
    assert!(
        results["output"]
            .as_str()
            .unwrap()
            .contains("could not grade")
    );
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn cli_definition_is_consistent() {
    use clap::CommandFactory;
    grade::Cli::command().debug_assert();
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn watch_regrades_when_the_source_changes() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    /// Ends the watching grader however the test ends.
    struct Killed(std::process::Child);
    impl Drop for Killed {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    let folder = tempfile::tempdir().unwrap();
    let lib = folder.path().join("lib.rs");
    std::fs::copy(fixtures().join("class/reference.rs"), &lib).unwrap();
    let mut child = Killed(
        Process::new(assert_cmd::cargo::cargo_bin("grade"))
            .arg("--rubric")
            .arg(fixtures().join("fast_rubric.toml"))
            .arg("--watch")
            .arg(folder.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let (lines, receiver) = mpsc::channel();
    let stdout = child.0.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    // Each report's first line names the score; the first build may take
    // minutes on a cold machine, so the deadline is generous.
    let next_report = || -> String {
        let deadline = Instant::now() + Duration::from_secs(300);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = receiver
                .recv_timeout(left)
                .expect("a report before the deadline");
            if line.contains(" points (") {
                return line;
            }
        }
    };
    assert!(next_report().contains("100 / 100"));
    // Rewriting the same text, or a file that is no submission's source,
    // wakes the watch but must not regrade: were it to, a second
    // "100 / 100" would come before the report below.
    let source = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(&lib, &source).unwrap();
    std::fs::write(folder.path().join("notes.txt"), "graded").unwrap();
    std::thread::sleep(Duration::from_secs(2));
    std::fs::write(
        &lib,
        source.replace("random_ratio(2, 3)", "random_ratio(1, 2)"),
    )
    .unwrap();
    assert!(
        next_report().contains("85 / 100"),
        "a fair coin earns nothing for flip"
    );
}

/// The same constant with rustc's own stop allowed: rustc would run until
/// killed. The rubric's compile time limit (3 s here) stops it: first its
/// pack, which is then taken apart, then the submission alone, which scores
/// 0 as "did not compile" with the limit named; its classmate is graded.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_compile_over_the_time_limit_costs_only_its_author() {
    let class = tempfile::tempdir().unwrap();
    let reference = std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap();
    std::fs::write(class.path().join("reference.rs"), &reference).unwrap();
    let endless = "#[allow(long_running_const_eval)]\n\
        pub const FOREVER: u64 = { let mut i: u64 = 0; loop { i = i.wrapping_add(1); } };";
    std::fs::write(
        class.path().join("slow_const.rs"),
        format!("{reference}\n{endless}\n"),
    )
    .unwrap();
    let folder = tempfile::tempdir().unwrap();
    let rubric = folder.path().join("rubric.toml");
    let fast = std::fs::read_to_string(fixtures().join("fast_rubric.toml")).unwrap();
    // The tests' rubric has a [build] table of its own already.
    let with_limit = fast.replace("[build]\n", "[build]\ncompile_seconds = 3\n");
    assert_ne!(with_limit, fast, "the tests' rubric has a [build] table");
    std::fs::write(&rubric, with_limit).unwrap();
    let mut command = Command::cargo_bin("grade").expect("the grade binary");
    let text = stdout(command.arg(class.path()).arg("--rubric").arg(&rubric));
    assert!(
        text.contains(
            "slow_const: 0 / 100 points (did not compile)\n  took longer than 3 s of CPU to compile"
        ),
        "{text}"
    );
    assert!(
        text.contains("reference: 100 / 100 points (graded)"),
        "{text}"
    );
}

/// A build that fails for everyone (here a cargo that fails at once, as a
/// broken toolchain would) is the grader's problem or the machine's: the
/// run stops with the cause and a non-zero exit, rather than report every
/// student as "did not compile".
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_build_that_fails_for_everyone_stops_the_run_loudly() {
    let class = tempfile::tempdir().unwrap();
    for name in ["reference.rs", "partly_done.rs"] {
        std::fs::copy(fixtures().join("class").join(name), class.path().join(name)).unwrap();
    }
    let output = grade()
        .arg(class.path())
        .env("CARGO", "false")
        .assert()
        .failure()
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("Error: cargo could not build the submissions"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty(), "no report of anyone");
}

/// A constant whose evaluation never ends: rustc's deny-by-default
/// `long_running_const_eval` lint, in force for submissions since lints
/// are no longer capped, stops it in seconds; it scores 0 as "did not
/// compile" and its classmate is graded as usual.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn an_endless_const_evaluation_stops_only_its_author() {
    let class = tempfile::tempdir().unwrap();
    let reference = std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap();
    std::fs::write(class.path().join("reference.rs"), &reference).unwrap();
    let endless =
        "pub const FOREVER: u64 = { let mut i: u64 = 0; loop { i = i.wrapping_add(1); } };";
    std::fs::write(
        class.path().join("const_loop.rs"),
        format!("{reference}\n{endless}\n"),
    )
    .unwrap();
    let csv = stdout(grade().arg(class.path()).args(["--format", "csv"]));
    assert_has_row(&csv, &did_not_compile("const_loop"));
    assert_has_row(
        &csv,
        &row("reference", Loses::Nothing, "graded", &reference),
    );
}

/// `fixtures/class/reference.rs`, the reference as one single-file
/// submission, is generated from `solutions/src`, not kept by hand: the
/// lab exercises' files in the registry's order, without their doc
/// comments, book anchors, imports and unit tests. A reference change that
/// is not regenerated fails here; `UPDATE_FIXTURES=1` rewrites the file.
#[test]
fn the_single_file_reference_is_generated_from_the_solutions() {
    let solutions = fixtures().join("../../solutions/src");
    let mut generated = String::from(
        "// The reference solutions in one file: full marks. Generated from\n\
         // solutions/src by grade_cli.rs's\n\
         // the_single_file_reference_is_generated_from_the_solutions.\n\
         use rand::{Rng, RngExt};\n",
    );
    for exercise in workbook::LAB_EXERCISES {
        let source = std::fs::read_to_string(solutions.join(format!("{exercise}.rs"))).unwrap();
        let code = source.split("#[cfg(test)]").next().unwrap();
        let kept: Vec<&str> = code
            .lines()
            .filter(|line| {
                let line = line.trim_start();
                !(line.starts_with("///")
                    || line.starts_with("//!")
                    || line.starts_with("use ")
                    || line.contains("ANCHOR"))
            })
            .collect();
        generated.push('\n');
        generated.push_str(kept.join("\n").trim_matches('\n'));
        generated.push('\n');
    }
    let path = fixtures().join("class/reference.rs");
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap();
    assert!(
        kept == generated,
        "{} is out of date with solutions/src: rerun this test with UPDATE_FIXTURES=1",
        path.display()
    );
}

/// A reader that stops early, as `grade … | head` does, ends the printing
/// quietly: no panic about a broken pipe, and a success, since every grade
/// was made (and saved wherever --out put it).
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_reader_that_stops_early_ends_the_printing_quietly() {
    let mut child = Process::new(env!("CARGO_BIN_EXE_grade"))
        .arg(fixtures().join("class/reference.rs"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Closed before grade prints anything: its one write meets no reader.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("Broken pipe"), "{stderr}");
}
