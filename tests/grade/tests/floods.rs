//! What a submission makes its code or the compiler say is bounded in
//! grade itself: a class holding `hostile/panic_flood.rs` (its functions
//! panic with 60 MiB messages) and `hostile/build_type_error_flood.rs`
//! (16,384 type errors from a 3 KB file), beside the reference and
//! classmates with a type error of their own, and a clone whose
//! `Cargo.toml` links to `/dev/zero`, is graded in little memory,
//! with small reports, and every classmate as ever.
//!
//! Before the bounds, with the panics at 4 MiB (60 MiB ones took the
//! machine's memory), grade's peak was 324 MiB and the flooder's
//! results.json 59 MB; the type errors alone took it to 438 MiB. After,
//! both together: 75 MiB, and 121 KB.
#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

mod classes;
mod gradebook;
use classes::fixtures;
use gradebook::{Loses, assert_has_row, did_not_compile, row};

/// The most grade's own memory may reach: the fixtures' floods cost it
/// hundreds of MiB to GiB when they were not bounded; bounded, the class
/// takes about 75 MiB.
const PEAK_MIB: u64 = 300;

/// The largest file of `--out`: a page or results.json of a flooder holds
/// each panic cut to 16 KiB, about 250 KB in all.
const FILE_MOST: u64 = 1 << 20;

/// The class: the floods, the reference, and two classmates whose type
/// error costs them `flip` (two, so that with one pack per core one shares
/// a pack with the type flood, whose errors come first).
fn flood_class() -> tempfile::TempDir {
    let class = tempfile::tempdir().unwrap();
    let copy = |from: &str, to: &str, tail: &str| {
        let text = std::fs::read_to_string(fixtures().join(from)).unwrap();
        std::fs::write(class.path().join(to), format!("{text}{tail}")).unwrap();
    };
    copy("class/reference.rs", "reference.rs", "");
    copy("hostile/panic_flood.rs", "panic_flood.rs", "");
    copy(
        "hostile/build_type_error_flood.rs",
        "build_type_error_flood.rs",
        "",
    );
    for name in ["type_error_a", "type_error_b"] {
        copy(
            "class/type_error.rs",
            &format!("{name}.rs"),
            &format!("// {name}\n"),
        );
    }
    // A clone whose manifest is a link to /dev/zero, which grade read whole
    // (3 GiB in 9 s, then killed) when it compared the clone's checks.
    let clone = class.path().join("linked_clone");
    std::fs::create_dir_all(clone.join("exercises/src")).unwrap();
    std::fs::copy(
        fixtures().join("class/reference.rs"),
        clone.join("exercises/src/lib.rs"),
    )
    .unwrap();
    std::os::unix::fs::symlink("/dev/zero", clone.join("Cargo.toml")).unwrap();
    class
}

/// Grade's own peak memory, in KiB, read from its status until it ends.
fn peak_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("VmHWM:"))
                .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

#[test]
#[ignore = "slow tier: grades a class that floods memory and output (about 85 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn floods_stay_small_in_grade_and_cost_only_their_authors() {
    let class = flood_class();
    let out = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grade"))
        .args(["--rubric"])
        .arg(fixtures().join("fast_rubric.toml"))
        .args(["--format", "csv"])
        .arg(class.path())
        .arg("--out")
        .arg(out.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Both pipes are read on threads, so that grade never waits on them
    // while its memory is sampled here.
    let (stdout, stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let read = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let (stdout, stderr) = (read(Box::new(stdout)), read(Box::new(stderr)));
    let mut peak = 0;
    let status = loop {
        peak = peak.max(peak_kib(child.id()));
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    assert!(status.success(), "{stderr}");
    assert!(peak < PEAK_MIB << 10, "grade's peak was {} MiB", peak >> 10);
    assert_files_small(out.path());

    let source = |name: &str| std::fs::read_to_string(class.path().join(name)).unwrap();
    let reference = source("reference.rs");
    assert_has_row(
        &stdout,
        &row("reference", Loses::Nothing, "graded", &reference),
    );
    let panics = source("panic_flood.rs");
    assert_has_row(
        &stdout,
        &row(
            "panic_flood",
            Loses::Only(&["are_permutations"]),
            "graded",
            &panics,
        ),
    );
    assert_has_row(&stdout, &did_not_compile("build_type_error_flood"));
    assert_has_row(
        &stdout,
        &row(
            "linked_clone",
            Loses::Nothing,
            "graded (checks edited)",
            &reference,
        ),
    );
    for name in ["type_error_a", "type_error_b"] {
        let text = source(&format!("{name}.rs"));
        let expected = row(name, Loses::Only(&["flip"]), "partly compiled", &text);
        assert_has_row(&stdout, &expected);
    }

    // Each panic's message is cut, and says so once.
    let results = out.path().join("submissions/panic_flood/results.json");
    let results = std::fs::read_to_string(results).unwrap();
    let cut = results.matches("more bytes cut)").count();
    let panicked = results.matches("\"panicked\"").count();
    assert!(
        panicked > 0 && cut == panicked,
        "{cut} cut, {panicked} panicked"
    );
}

/// Every file of `folder` and its folders is at most [`FILE_MOST`] bytes.
fn assert_files_small(folder: &Path) {
    let mut folders = vec![folder.to_path_buf()];
    let mut files = 0;
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let metadata = entry.metadata().unwrap();
            if metadata.is_dir() {
                folders.push(entry.path());
            } else {
                files += 1;
                assert!(
                    metadata.len() <= FILE_MOST,
                    "{} is {} bytes",
                    entry.path().display(),
                    metadata.len()
                );
            }
        }
    }
    assert!(files > 5, "--out holds only {files} files");
}
