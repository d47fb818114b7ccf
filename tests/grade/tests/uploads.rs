//! Every shape a student uploads to Gradescope is graded: `run_autograder`
//! runs in a fake `/autograder` on the reference's files laid out as a
//! student would hand them in (loose, a subset, in `src/` or
//! `exercises/src/`, a zip's top folder with its `__MACOSX/`, a whole clone
//! of the student edition, with the bonus folder, a binary crate), and on
//! an upload with no Rust at all. The student's `output` never carries a message meant for
//! the instructor. And on the command line, a path that holds no
//! submission is refused in one line.

mod classes;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::prelude::*;
use classes::workspace;
use workbook::EXERCISES;

/// The reference's files as a student writes them, one per exercise.
fn reference() -> PathBuf {
    workspace().join("solutions/src")
}

/// The lab's exercise files, `perfect_shuffle.rs` and the others.
fn lab_files() -> Vec<String> {
    EXERCISES
        .iter()
        .filter(|exercise| !exercise.bonus)
        .map(|exercise| format!("{}.rs", exercise.name))
        .collect()
}

/// The bonus exercises' files, as they sit in `extensions/`.
fn bonus_files() -> Vec<String> {
    EXERCISES
        .iter()
        .filter(|exercise| exercise.bonus)
        .map(|exercise| format!("{}.rs", exercise.name))
        .collect()
}

/// Copies the reference's `files` from its `from` folder into `to`.
fn copy(files: &[String], from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for file in files {
        fs::copy(from.join(file), to.join(file)).unwrap();
    }
}

/// Every `.rs` file of the reference's crate, `lib.rs` and `extensions/`
/// included, under `to`.
fn whole_reference(to: &Path) {
    copy(&lab_files(), &reference(), to);
    copy(&["lib.rs".to_string()], &reference(), to);
    let mut bonus = bonus_files();
    bonus.push("mod.rs".into());
    copy(
        &bonus,
        &reference().join("extensions"),
        &to.join("extensions"),
    );
}

/// What macOS's Finder adds to a zip: `__MACOSX/` with a `._` file, not
/// UTF-8, beside each real one.
fn macos_junk(zip: &Path, beside: &str) {
    let junk = zip.join("__MACOSX").join(beside);
    fs::create_dir_all(&junk).unwrap();
    for file in lab_files() {
        fs::write(
            junk.join(format!("._{file}")),
            [0x00, 0x05, 0x16, 0x07, 0xff],
        )
        .unwrap();
    }
}

/// What `run_autograder` wrote for one upload: `results.json`, parsed,
/// and the instructor's `grade.log`.
struct Graded {
    results: serde_json::Value,
    log: String,
}

/// Runs `run_autograder` on the upload that `lay_out` writes into a fake
/// `/autograder/submission`.
fn autograde(lay_out: impl FnOnce(&Path)) -> Graded {
    let root = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(workspace(), root.path().join("source")).unwrap();
    let submission = root.path().join("submission");
    fs::create_dir(&submission).unwrap();
    lay_out(&submission);
    let output = Command::new("bash")
        .arg(workspace().join("tests/gradescope/run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .env("GRADE", env!("CARGO_BIN_EXE_grade"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = fs::read_to_string(root.path().join("results/results.json")).unwrap();
    let results: serde_json::Value = serde_json::from_str(&text).unwrap();
    let log = fs::read_to_string(root.path().join("results/grade.log")).unwrap();
    let student = results["output"].as_str().unwrap_or_default();
    for meant_for_the_instructor in ["--format", "--out", "Error:", "run_autograder"] {
        assert!(
            !student.contains(meant_for_the_instructor),
            "the student reads {meant_for_the_instructor:?}: {student}"
        );
    }
    Graded { results, log }
}

fn score(graded: &Graded) -> f64 {
    graded.results["score"].as_f64().unwrap()
}

/// How many of `results.json`'s tests passed, of the lab and of the bonus.
fn passed(graded: &Graded, bonus: bool) -> (usize, usize) {
    let tests: Vec<&serde_json::Value> = graded.results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|test| {
            let tags = test["tags"].as_array().unwrap();
            tags.iter().any(|tag| tag == "bonus") == bonus
        })
        .collect();
    let passed = tests.iter().filter(|t| t["status"] == "passed").count();
    (passed, tests.len())
}

fn assert_full_marks(shape: &str, graded: &Graded) {
    assert_eq!(score(graded), 100.0, "{shape}: {}", graded.results);
    let (passed, all) = passed(graded, false);
    assert_eq!(passed, all, "{shape}: every lab check passes");
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_six_lab_files_alone_earn_every_point() {
    let graded = autograde(|upload| copy(&lab_files(), &reference(), upload));
    assert_full_marks("six loose files", &graded);
    assert_eq!(passed(&graded, true).0, 0, "the bonus was not handed in");
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_helper_file_cannot_shadow_an_exercise_files_function() {
    // helpers.rs has a flip of its own (a coin that always says "tails"):
    // the grader calls flip.rs's, as the edition's lib.rs would.
    let graded = autograde(|upload| {
        copy(&lab_files(), &reference(), upload);
        fs::write(
            upload.join("helpers.rs"),
            "pub fn flip<R: rand::Rng + ?Sized>(_: &mut R) -> &'static str { \"tails\" }\n",
        )
        .unwrap();
    });
    assert_full_marks("six files and a helper", &graded);
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_subset_earns_the_points_of_the_files_handed_in() {
    let handed_in = ["perfect_shuffle", "flip"];
    let worth: u32 = EXERCISES
        .iter()
        .filter(|exercise| handed_in.contains(&exercise.name))
        .map(|exercise| exercise.points)
        .sum();
    assert!(worth > 0 && worth < 100);
    let files: Vec<String> = handed_in.iter().map(|name| format!("{name}.rs")).collect();
    let loose = autograde(|upload| copy(&files, &reference(), upload));
    assert_eq!(score(&loose), f64::from(worth), "{}", loose.results);
    // The edition's lib.rs, which declares all six, changes nothing.
    let with_lib = autograde(|upload| {
        copy(&files, &reference(), upload);
        copy(&["lib.rs".to_string()], &reference(), upload);
    });
    assert_eq!(score(&with_lib), f64::from(worth), "{}", with_lib.results);
    for graded in [&loose, &with_lib] {
        let output = graded.results["output"].as_str().unwrap();
        for exercise in EXERCISES.iter().filter(|e| !e.bonus) {
            let said_missing = output.contains(exercise.name);
            assert_eq!(
                said_missing,
                !handed_in.contains(&exercise.name),
                "{}: {output}",
                exercise.name
            );
        }
    }
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn files_in_src_or_exercises_src_earn_every_point() {
    let in_src = autograde(|upload| copy(&lab_files(), &reference(), &upload.join("src")));
    assert_full_marks("files in src/", &in_src);
    let in_exercises =
        autograde(|upload| copy(&lab_files(), &reference(), &upload.join("exercises/src")));
    assert_full_marks("files in exercises/src/", &in_exercises);
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_zip_with_its_top_folder_and_macos_junk_earns_every_point() {
    let graded = autograde(|upload| {
        copy(&lab_files(), &reference(), &upload.join("my work"));
        macos_junk(upload, "my work");
        fs::write(upload.join("my work/._flip.rs"), [0xff, 0xfe]).unwrap();
    });
    assert_full_marks("a zip's top folder with __MACOSX", &graded);
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_bonus_folder_is_graded_beside_the_loose_files() {
    // The bonus files without their mod.rs, as a student drags them in.
    let graded = autograde(|upload| {
        copy(&lab_files(), &reference(), upload);
        copy(
            &bonus_files(),
            &reference().join("extensions"),
            &upload.join("extensions"),
        );
    });
    assert_full_marks("loose files and extensions/", &graded);
    let (passed, all) = passed(&graded, true);
    assert!(all > 0);
    assert_eq!(passed, all, "{}", graded.results);
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_whole_clone_of_the_student_edition_earns_every_point() {
    let editions = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_grade"))
        .arg("assign")
        .arg(editions.path().join("class"))
        .assert()
        .success();
    let edition = editions.path().join("class/student");
    let graded = autograde(|upload| {
        let clone = upload.join("activity-3-alice");
        copy_tree(&edition, &clone);
        whole_reference(&clone.join("exercises/src"));
        // A build's leftovers and git's folder, as a zip of the clone has.
        let built = clone.join("target/debug/build/x/out");
        fs::create_dir_all(&built).unwrap();
        fs::write(built.join("flip.rs"), "pub fn flip() -> u8 { 0 }").unwrap();
        fs::create_dir_all(clone.join(".git")).unwrap();
        fs::write(clone.join(".git/lib.rs"), "syntax error").unwrap();
    });
    assert_full_marks("a whole clone", &graded);
    assert_eq!(graded.results["extra_data"]["submission"], "src");
    let (passed, all) = passed(&graded, true);
    assert_eq!(passed, all, "the clone's bonus is graded too");
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn one_file_holding_every_function_earns_every_point_whatever_its_name() {
    let whole = classes::fixtures().join("class/reference.rs");
    // Named as the student likes, or after the exercise it began as.
    for name in ["my_lab.rs", "flip.rs"] {
        let graded = autograde(|upload| {
            fs::copy(&whole, upload.join(name)).unwrap();
        });
        assert_full_marks(name, &graded);
    }
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_binary_crate_named_its_own_way_earns_every_point() {
    // `cargo new` without `--lib`: main.rs is the root, and no file is
    // named after an exercise.
    let graded = autograde(|upload| {
        let src = upload.join("shuffling/src");
        fs::create_dir_all(&src).unwrap();
        let mut main = String::new();
        for exercise in EXERCISES.iter().filter(|e| !e.bonus) {
            let name = exercise.name;
            fs::copy(
                reference().join(format!("{name}.rs")),
                src.join(format!("my_{name}.rs")),
            )
            .unwrap();
            main.push_str(&format!("mod my_{name};\npub use my_{name}::*;\n"));
        }
        main.push_str("fn main() {\n    println!(\"{:?}\", perfect_shuffle(&[1, 2, 3]));\n}\n");
        fs::write(src.join("main.rs"), main).unwrap();
        fs::write(upload.join("shuffling/Cargo.toml"), "[package]\n").unwrap();
    });
    assert_full_marks("a binary crate", &graded);
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn an_upload_with_no_rust_tells_the_student_what_to_upload() {
    let graded = autograde(|upload| {
        fs::create_dir_all(upload.join("exercises")).unwrap();
        fs::write(upload.join("exercises/flip.py"), "print('heads')\n").unwrap();
        fs::write(upload.join("notes.txt"), "done\n").unwrap();
        macos_junk(upload, "exercises");
    });
    assert_eq!(score(&graded), 0.0);
    let output = graded.results["output"].as_str().unwrap();
    assert_eq!(output.lines().count(), 1, "one sentence: {output}");
    for file in lab_files() {
        assert!(output.contains(&file), "names {file}: {output}");
    }
    assert!(graded.log.contains("no .rs file"), "{}", graded.log);
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn an_upload_grade_cannot_read_as_one_submission_tells_the_student_what_to_upload() {
    // Two files named after no exercise and no lib.rs: two submissions.
    let graded = autograde(|upload| {
        fs::write(upload.join("answers.rs"), "pub fn a() {}\n").unwrap();
        fs::write(upload.join("helpers.rs"), "pub fn b() {}\n").unwrap();
    });
    assert_eq!(score(&graded), 0.0);
    let output = graded.results["output"].as_str().unwrap();
    assert!(output.contains("exercises/src/"), "{output}");
    assert!(output.contains("tell your instructor"), "{output}");
    // The cause, for the instructor: grade's own one-line error.
    assert!(
        graded.log.lines().any(|line| line.starts_with("Error: ")),
        "{}",
        graded.log
    );
    assert!(graded.log.contains("grade failed on"), "{}", graded.log);
}

/// `run_autograder` names the files a student writes, for the upload it
/// looks for and the sentence it shows; they are the registry's.
#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn run_autograder_finds_the_registrys_files_through_grade() {
    // The script holds no list of its own: it asks grade, which reads the
    // registry, so a new exercise changes nothing in it.
    let script = fs::read_to_string(workspace().join("tests/gradescope/run_autograder")).unwrap();
    assert!(script.contains("\"$grade\" exercise-files lab"), "{script}");
    assert!(!script.contains("perfect_shuffle.rs"), "a list of its own");
    let files = |part: &str| -> Vec<String> {
        let output = Command::new(env!("CARGO_BIN_EXE_grade"))
            .args(["exercise-files", part])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    };
    assert_eq!(files("lab"), lab_files());
    assert_eq!(files("bonus"), bonus_files());
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_grader_that_cannot_list_the_files_tells_the_student_to_ask_and_the_log_why() {
    let root = tempfile::tempdir().unwrap();
    let submission = root.path().join("submission");
    fs::create_dir(&submission).unwrap();
    fs::write(submission.join("flip.rs"), "pub fn flip() {}\n").unwrap();
    let output = Command::new("bash")
        .arg(workspace().join("tests/gradescope/run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .env("GRADE", root.path().join("no-such-grade"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let results: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(root.path().join("results/results.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(results["score"], 0);
    assert_eq!(
        results["output"],
        "The autograder could not grade this upload; tell your instructor."
    );
    let log = fs::read_to_string(root.path().join("results/grade.log")).unwrap();
    assert!(log.contains("could not list the exercises' files"), "{log}");
}

#[test]
#[ignore = "slow tier: grades every shape of upload in a fake autograder (about 40 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_path_that_is_neither_rust_nor_a_folder_of_submissions_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("x.txt");
    fs::write(&text, "pub fn flip() {}\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_grade"))
        .arg(&text)
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(output.stdout.is_empty(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        format!(
            "Error: {} is not a Rust file (.rs) or a folder of submissions\n",
            text.display()
        )
    );

    let python = dir.path().join("python");
    fs::create_dir(&python).unwrap();
    fs::write(python.join("flip.py"), "print('heads')\n").unwrap();
    Command::new(env!("CARGO_BIN_EXE_grade"))
        .arg(&python)
        .assert()
        .failure()
        .stdout("")
        .stderr(format!(
            "Error: {} holds no submissions\n",
            python.display()
        ));
}
