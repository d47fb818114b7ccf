//! Stopping `grade` with Ctrl-C or SIGTERM, while it grades and while it
//! builds: one line, the shell's exit status, nothing left running or in
//! the temporary folder, every finished grade kept, and a rerun that
//! resumes. And the plain progress lines of a run without a terminal.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use crate::classes::fixtures;

/// The name of the thread in which the sleeper's `flip` sleeps: what a
/// check left running would show.
const SLEEPER_THREAD: &str = "gradestopsleep";

/// A folder for one test, which any user may read (checks run as users of
/// their own when the tests run as root, and must reach the images in it).
fn open_folder(prefix: &str) -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// The reference solution in one file.
fn reference() -> String {
    std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap()
}

/// The reference, with a `flip` that sleeps 1000 s in a named thread.
fn sleeper() -> String {
    let signature = "pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {";
    let text = reference();
    assert!(text.contains(signature), "the reference's flip has moved");
    text.replacen(
        signature,
        &format!(
            "{signature}\n    std::thread::Builder::new().name(\"{SLEEPER_THREAD}\".into())\
             .spawn(|| std::thread::sleep(std::time::Duration::from_secs(1000)))\
             .unwrap().join().unwrap();"
        ),
        1,
    )
}

/// How many threads named [`SLEEPER_THREAD`] are running.
fn sleeping_threads() -> usize {
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return 0;
    };
    processes
        .flatten()
        .filter_map(|process| std::fs::read_dir(process.path().join("task")).ok())
        .flat_map(|tasks| tasks.flatten())
        .filter(|task| {
            std::fs::read_to_string(task.path().join("comm"))
                .is_ok_and(|name| name.trim() == SLEEPER_THREAD)
        })
        .count()
}

/// The processes whose command line or working folder names `path`.
fn processes_naming(path: &Path) -> Vec<String> {
    let wanted = path.to_string_lossy().into_owned();
    let me = std::process::id().to_string();
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    processes
        .flatten()
        .filter(|process| process.file_name() != me.as_str())
        .filter_map(|process| {
            let command = std::fs::read(process.path().join("cmdline")).ok()?;
            let command = String::from_utf8_lossy(&command).replace('\0', " ");
            let folder = std::fs::read_link(process.path().join("cwd")).unwrap_or_default();
            (command.contains(&wanted) || folder.starts_with(path)).then_some(command)
        })
        .collect()
}

/// Waits until `ready` holds, failing if `grade` ends or `limit` passes.
fn wait_for(grade: &mut Child, limit: Duration, what: &str, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + limit;
    while !ready() {
        if let Ok(Some(status)) = grade.try_wait() {
            panic!("grade ended ({status}) before {what}");
        }
        assert!(Instant::now() < deadline, "no {what} after {limit:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Sends `signal` to `grade` alone and waits for it: its output, and how
/// long it took to exit.
fn stop(grade: Child, signal: Signal) -> (Output, Duration) {
    let sent = Instant::now();
    kill(Pid::from_raw(grade.id() as i32), signal).unwrap();
    let output = grade.wait_with_output().unwrap();
    (output, sent.elapsed())
}

/// The lines of stderr that say `grade` stopped.
fn stop_lines(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|line| line.contains("stopped"))
        .map(str::to_string)
        .collect()
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn ctrl_c_while_grading_keeps_the_finished_grades_and_a_rerun_resumes() {
    let work = open_folder("stop-grading-");
    let (class, out, temporary) = (
        work.path().join("class"),
        work.path().join("out"),
        work.path().join("tmp"),
    );
    for folder in [&class, &temporary] {
        std::fs::create_dir(folder).unwrap();
        std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::write(class.join("a.rs"), reference()).unwrap();
    std::fs::write(class.join("b.rs"), reference()).unwrap();
    std::fs::write(class.join("z_sleeper.rs"), sleeper()).unwrap();
    // Long enough that the sleeper's flip is still running when stopped.
    let rubric = work.path().join("slow.toml");
    std::fs::write(&rubric, "[limits]\ncall_seconds = 600.0\n").unwrap();
    let grade = || {
        let mut command = Command::new(assert_cmd::cargo::cargo_bin("grade"));
        command
            .arg("--rubric")
            .arg(&rubric)
            .arg(&class)
            .arg("--out")
            .arg(&out)
            .args(["--format", "csv", "--jobs", "2"])
            // This run's images, and nothing else, go here.
            .env("TMPDIR", &temporary);
        command
    };
    let mut running = grade()
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let graded = |id: &str| out.join("submissions").join(id).join("results.json");
    wait_for(
        &mut running,
        Duration::from_secs(900),
        "grades for a and b",
        || graded("a").is_file() && graded("b").is_file(),
    );
    // The probe for a check left running can fail: here it finds one.
    wait_for(&mut running, Duration::from_secs(60), "sleeper", || {
        sleeping_threads() > 0
    });
    let a_before = std::fs::read(graded("a")).unwrap();

    let (output, took) = stop(running, Signal::SIGINT);

    assert_eq!(output.status.code(), Some(130), "{output:?}");
    assert_eq!(
        stop_lines(&output),
        [format!(
            "grade: stopped by Ctrl-C after 2 of 3 submissions were graded; their grades are in \
             {}, and a rerun with the same --out grades the rest",
            out.display()
        )]
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.stdout.is_empty(), "a stopped run prints no grades");
    eprintln!("grade exited {took:?} after Ctrl-C");
    assert_eq!(
        sleeping_threads(),
        0,
        "the sleeper's check is still running"
    );
    assert_eq!(processes_naming(&temporary), Vec::<String>::new());
    let left: Vec<_> = std::fs::read_dir(&temporary).unwrap().flatten().collect();
    assert!(left.is_empty(), "left in the temporary folder: {left:?}");
    assert_eq!(std::fs::read(graded("a")).unwrap(), a_before);
    assert!(!graded("z_sleeper").exists(), "a cut-short check was kept");
    let gradebook = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let ids: Vec<&str> = gradebook
        .lines()
        .skip(1)
        .filter_map(|row| row.split(',').next())
        .collect();
    assert_eq!(ids, ["a", "b"], "{gradebook}");

    // The sleeper fixed, a rerun grades it alone and writes every grade.
    std::fs::write(class.join("z_sleeper.rs"), reference()).unwrap();
    let rerun = grade().output().unwrap();
    let stderr = String::from_utf8_lossy(&rerun.stderr);
    assert!(rerun.status.success(), "{stderr}");
    for line in [
        "2 of 3 submissions are unchanged since they were graded into",
        "grade: compiling 1 submission…\n",
        "grade: grading 1 submission, 2 checks at a time…\n",
        "grade: done: 3 submissions graded in ",
    ] {
        assert!(stderr.contains(line), "no {line:?} in\n{stderr}");
    }
    let csv = String::from_utf8_lossy(&rerun.stdout);
    let scores: Vec<(&str, &str)> = csv
        .lines()
        .skip(1)
        .filter_map(|row| {
            let mut cells = row.split(',');
            Some((cells.next()?, cells.next()?))
        })
        .collect();
    assert_eq!(scores, [("a", "100"), ("b", "100"), ("z_sleeper", "100")]);
    assert_eq!(std::fs::read(graded("a")).unwrap(), a_before);
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn sigterm_while_building_ends_cargo_and_rustc_too() {
    let work = open_folder("stop-building-");
    let (build, temporary) = (work.path().join("build"), work.path().join("tmp"));
    std::fs::create_dir(&temporary).unwrap();
    std::fs::set_permissions(&temporary, std::fs::Permissions::from_mode(0o755)).unwrap();
    let submission = work.path().join("solo.rs");
    std::fs::write(&submission, reference()).unwrap();
    // A build folder of its own: its first build compiles the images'
    // dependencies, long enough to be cut short, and names every process
    // that works in it.
    let mut running = Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .arg(&submission)
        .env("GRADE_BUILD_DIR", &build)
        .env("TMPDIR", &temporary)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for(&mut running, Duration::from_secs(120), "compiler", || {
        processes_naming(&build)
            .iter()
            .any(|command| command.contains("rustc"))
    });

    let (output, took) = stop(running, Signal::SIGTERM);

    assert_eq!(output.status.code(), Some(143), "{output:?}");
    assert_eq!(
        stop_lines(&output),
        [
            "grade: stopped by SIGTERM after 0 of 1 submissions were graded; without --out none \
             was kept, so a rerun grades them all"
        ]
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Without a terminal, the first build says why it takes longer.
    for line in [
        "grade: building the dependencies of the graders' images first (once per build folder, \
         under a minute)…\n",
        "grade: compiling 1 submission…\n",
    ] {
        assert!(stderr.contains(line), "no {line:?} in\n{stderr}");
    }
    eprintln!("grade exited {took:?} after SIGTERM");
    // Each was sent SIGKILL before grade exited; on a busy machine the
    // last may take a moment to be scheduled and end. One that was missed
    // (orphaned, say) would run for minutes.
    let deadline = Instant::now() + Duration::from_secs(2);
    while !processes_naming(&build).is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(processes_naming(&build), Vec::<String>::new());
    let left: Vec<_> = std::fs::read_dir(&temporary).unwrap().flatten().collect();
    assert!(left.is_empty(), "left in the temporary folder: {left:?}");
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn ctrl_c_ends_a_watch_that_waits_for_a_change() {
    use std::io::{BufRead, BufReader, Read};
    let folder = open_folder("stop-watch-");
    std::fs::write(folder.path().join("lib.rs"), reference()).unwrap();
    let mut running = Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .arg("--rubric")
        .arg(fixtures().join("fast_rubric.toml"))
        .arg("--watch")
        .arg(folder.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(running.stderr.take().unwrap());
    let mut before = String::new();
    // The first build may take minutes on a cold machine; the line comes
    // once the grades are printed and the watch waits.
    while !before.contains("Watching ") {
        let read = stderr.read_line(&mut before).unwrap();
        assert!(read > 0, "grade ended before watching:\n{before}");
    }
    let sent = Instant::now();
    kill(Pid::from_raw(running.id() as i32), Signal::SIGINT).unwrap();
    let mut after = String::new();
    stderr.read_to_string(&mut after).unwrap();
    let status = running.wait().unwrap();
    eprintln!("the watch ended {:?} after Ctrl-C", sent.elapsed());
    assert_eq!(status.code(), Some(130), "{after}");
    assert_eq!(
        after,
        "grade: stopped watching; every grade above is final\n"
    );
}

/// A worker thread's panic, a bug in `grade` that a debug build can be made
/// to have after grading one submission, is an error, not a silence: the
/// run fails in one line with no panic message, and the grade it finished
/// is kept in `--out` and printed.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_worker_that_panics_fails_the_run_and_keeps_the_finished_grades() {
    let class = open_folder("worker-panic-");
    let out = class.path().join("out");
    std::fs::write(class.path().join("a.rs"), reference()).unwrap();
    std::fs::write(class.path().join("b.rs"), reference()).unwrap();
    let output = Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .arg("--rubric")
        .arg(fixtures().join("fast_rubric.toml"))
        .arg(class.path().join("a.rs"))
        .arg(class.path().join("b.rs"))
        .arg("--out")
        .arg(&out)
        .args(["--format", "csv", "--jobs", "1"])
        .env("GRADE_TEST_PANIC_AFTER", "a")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        stderr.lines().last(),
        Some(
            format!(
                "Error: a grading thread failed, which is a bug in grade (the test's panic after \
                 grading a); 1 of 2 submissions were graded, their grades are in {}, and a rerun \
                 with the same --out grades the rest",
                out.display()
            )
            .as_str()
        )
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let ids: Vec<&str> = stdout
        .lines()
        .skip(1)
        .filter_map(|row| row.split(',').next())
        .collect();
    assert_eq!(ids, ["a"], "{stdout}");
    assert!(out.join("submissions/a/results.json").is_file());
    assert!(!out.join("submissions/b/results.json").exists());
}

/// Without a terminal, each phase says so in a line on stderr, in order,
/// and stdout holds only the grades.
#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_run_without_a_terminal_says_each_phase_in_a_line() {
    let assert = assert_cmd::Command::cargo_bin("grade")
        .unwrap()
        .arg("--rubric")
        .arg(fixtures().join("fast_rubric.toml"))
        .arg(fixtures().join("class/reference.rs"))
        .args(["--format", "csv", "--jobs", "2"])
        .assert()
        .success();
    let output = assert.get_output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The first build's warning and the count every 10 s depend on the
    // machine; the seconds are masked.
    let phases: Vec<String> = stderr
        .lines()
        .filter(|line| line.starts_with("grade: ") && !line.starts_with("grade: sandbox setting"))
        .filter(|line| !line.contains("dependencies") && !line.contains("so far"))
        .map(|line| match line.find(" graded in ") {
            Some(at) => format!("{} graded in … s", &line[..at]),
            None => line.to_string(),
        })
        .collect();
    assert_eq!(
        phases,
        [
            "grade: compiling 1 submission…",
            "grade: grading 1 submission, 2 checks at a time…",
            "grade: done: 1 submission graded in … s",
        ],
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("submission,score,"), "{stdout}");
    assert!(stdout.contains("\nreference,100,100,"), "{stdout}");
}
