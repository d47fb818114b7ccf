//! The build's two paths, `[build] path = "packed"` and `"plain"`, grade
//! a class alike: the same gradebook, results and pages, byte for byte,
//! but for what names the run itself (the rubric's and the grader's
//! fingerprints, the time taken, the date).

use std::path::Path;

use assert_cmd::Command;

use crate::classes::fixtures;

/// A class that takes every road through the build: packable answers
/// right and wrong (a pack), one with a type error (evicted from its pack
/// and repaired alone), one that does not parse, one without a function,
/// a crate of its own with a manifest and tests, one that panics, and two
/// that are built alone because they name `include*` or define a macro,
/// and fail there.
const CLASS: &[&str] = &[
    "class/reference.rs",
    "class/partly_done.rs",
    "class/type_error.rs",
    "class/syntax_error.rs",
    "class/missing_function.rs",
    "class/own_manifest",
    "class/abort.rs",
    "wrong/naive_swap.rs",
    "wrong/perfect_middle_rounded_down.rs",
    "wrong/coin_threshold_066.rs",
    "hostile/build_reads_environ.rs",
    "hostile/build_macro_path.rs",
];

/// The tests' rubric with the build path `path`.
fn rubric(folder: &Path, path: &str) -> std::path::PathBuf {
    let fast = std::fs::read_to_string(fixtures().join("fast_rubric.toml")).unwrap();
    let chosen = fast.replace("[build]\n", &format!("[build]\npath = \"{path}\"\n"));
    assert_ne!(chosen, fast, "the tests' rubric has a [build] table");
    let file = folder.join(format!("{path}.toml"));
    std::fs::write(&file, chosen).unwrap();
    file
}

/// Every file `grade --out` wrote under `out`, by relative path, with the
/// lines that name the run itself left out.
fn written(out: &Path) -> Vec<(String, String)> {
    let volatile = [
        "\"execution_time\":",
        "\"seconds\":",
        "\"fingerprint\":",
        "fingerprint",
        "id=\"date\"",
    ];
    let mut files = Vec::new();
    for entry in walk(out) {
        let text = std::fs::read_to_string(&entry).unwrap();
        let kept: Vec<&str> = text
            .lines()
            .filter(|line| !volatile.iter().any(|v| line.contains(v)))
            .collect();
        let name = entry.strip_prefix(out).unwrap().display().to_string();
        files.push((name, kept.join("\n")));
    }
    files.sort();
    files
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(walk(&path));
        } else {
            found.push(path);
        }
    }
    found
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn both_build_paths_grade_alike() {
    let class = tempfile::tempdir().unwrap();
    for fixture in CLASS {
        let from = fixtures().join(fixture);
        let to = class.path().join(from.file_name().unwrap());
        let copied = std::process::Command::new("cp")
            .arg("-r")
            .arg(&from)
            .arg(&to)
            .status()
            .unwrap();
        assert!(copied.success());
    }
    let folder = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for path in ["packed", "plain"] {
        let out = folder.path().join(format!("out-{path}"));
        let run = Command::cargo_bin("grade")
            .expect("the grade binary")
            .arg(class.path())
            .arg("--rubric")
            .arg(rubric(folder.path(), path))
            .arg("--out")
            .arg(&out)
            .env("GRADE_TIMINGS", "1")
            .assert()
            .success();
        // Only the packed path replays a recorded link line per image:
        // both runs must not have taken the same road.
        let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
        assert_eq!(
            stderr.contains("timings: linking"),
            path == "packed",
            "{path}: {stderr}"
        );
        runs.push(written(&out));
    }
    let (packed, plain) = (&runs[0], &runs[1]);
    let names = |run: &[(String, String)]| run.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(packed), names(plain));
    assert!(packed.len() > 3 * CLASS.len(), "{:?}", names(packed));
    for ((name, a), (_, b)) in packed.iter().zip(plain) {
        assert!(a == b, "{name} differs:\n--- packed\n{a}\n--- plain\n{b}");
    }
    // The class took the roads it is meant to: some graded, some
    // partly compiled, some not compiled.
    let csv = &packed.iter().find(|f| f.0 == "grades.csv").unwrap().1;
    for status in ["graded", "partly compiled", "did not compile"] {
        assert!(csv.contains(status), "{status}: {csv}");
    }
}
