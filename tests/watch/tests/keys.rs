//! Watch as a student meets it: in a pseudo-terminal, where it answers
//! keys, and with its output in a pipe, where it only reruns. A stand-in
//! for `cargo test -p exercises` (watch's hidden `--runner`) prints a line
//! and writes the standings the harness writes for a lab half done, the
//! very text the grading side pins, so these run in a second, not a build.

// The stand-in runner is a shell script.
#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use expectrl::{Eof, Session};

/// The harness's standings for a lab half done, from the grading side's
/// snapshot: perfect shuffle to efficient shuffle done, flip failing,
/// the rest not started.
const HALF_A_LAB: &str = include_str!(
    "../../grading/tests/snapshots/summary__the_standings_of_half_a_lab_are_what_watch_reads.snap"
);

/// What every screen ends with.
const KEYS: &str = "r rerun · q quit · reruns on every save";

/// A folder to watch, holding a runner that stands in for the checks and
/// writes `standings` where watch asks, or nothing if it is `None` (as a
/// compile error leaves it).
fn stand_in(standings: Option<&str>) -> (tempfile::TempDir, PathBuf) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let runner = folder.path().join("runner.sh");
    let write = match standings {
        Some(text) => {
            std::fs::write(folder.path().join("standings.txt"), text).expect("written");
            "cat \"$(dirname \"$0\")/standings.txt\" > \"$GRADING_STANDINGS\""
        }
        None => "echo 'error[E0308]: mismatched types' >&2; exit 101",
    };
    std::fs::write(
        &runner,
        format!("#!/bin/sh\necho \"the stand-in checks ran: $*\"\n{write}\n"),
    )
    .expect("written");
    std::fs::set_permissions(&runner, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    (folder, runner)
}

fn watch(folder: &Path, runner: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_watch"));
    command
        .arg("--path")
        .arg(folder)
        .arg("--runner")
        .arg(runner)
        .arg("flip");
    command
}

/// The text of what the session printed before `needle`, escape codes and
/// carriage returns left in.
fn before(session: &mut Session, needle: &str) -> String {
    let found = session
        .expect(needle)
        .unwrap_or_else(|error| panic!("waiting for {needle:?}: {error}"));
    String::from_utf8_lossy(found.before()).into_owned()
}

#[test]
fn on_a_terminal_l_lists_h_hints_and_q_quits() {
    let snapshot = HALF_A_LAB
        .splitn(3, "---\n")
        .nth(2)
        .expect("a snapshot body");
    let (folder, runner) = stand_in(Some(snapshot));
    let mut session = Session::spawn(watch(folder.path(), &runner)).expect("watch starts in a pty");
    session.set_expect_timeout(Some(Duration::from_secs(30)));

    let first = before(&mut session, KEYS);
    assert!(first.contains("the stand-in checks ran: flip"), "{first}");

    session.send("l").expect("a key");
    let list = before(&mut session, KEYS).replace('\r', "");
    for (name, standing) in [
        ("perfect_shuffle", "done"),
        ("selection_shuffle", "done"),
        ("efficient_selection_shuffle", "done"),
        ("flip", "of its"),
        ("are_permutations", "not started"),
        ("reversing_sequence", "not started"),
    ] {
        let line = list
            .lines()
            .find(|line| line.contains(&format!(" {name} ")))
            .unwrap_or_else(|| panic!("{name} is listed:\n{list}"));
        assert!(line.contains(standing), "{line}");
        assert!(
            line.ends_with(&format!("exercises/src/{name}.rs")),
            "{line}"
        );
    }
    assert!(
        list.contains("Next: flip, in exercises/src/flip.rs"),
        "{list}"
    );

    session.send("h").expect("a key");
    let hint = before(&mut session, KEYS).replace('\r', "");
    assert!(
        hint.contains("Next: flip, in exercises/src/flip.rs\nflip::"),
        "{hint}"
    );
    assert!(hint.contains("hint:"), "{hint}");

    session.send("n").expect("a key");
    let next = before(&mut session, KEYS);
    assert!(
        next.contains("Next: flip, in exercises/src/flip.rs"),
        "{next}"
    );

    session.send("q").expect("a key");
    session.expect(Eof).expect("watch ends on q");
}

/// Its output in a pipe, watch takes no keys, clears nothing, and says
/// what happened: here, checks that did not compile.
#[test]
fn in_a_pipe_it_reruns_without_keys_and_names_a_compile_error() {
    let (folder, runner) = stand_in(None);
    let mut child = watch(folder.path(), &runner)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("watch starts");
    let stderr = BufReader::new(child.stderr.take().expect("piped"));
    let mut said = Vec::new();
    for line in stderr.lines() {
        let line = line.expect("text");
        let done = line.starts_with("Watching ");
        said.push(line);
        if done {
            break;
        }
    }
    child.kill().expect("watch stops");
    let _ = child.wait();
    let said = said.join("\n");
    assert!(said.contains("error[E0308]"), "{said}");
    assert!(
        said.contains("The checks did not run: your code does not compile"),
        "{said}"
    );
    assert!(!said.contains("Some checks fail"), "{said}");
    assert!(!said.contains('\x1b'), "{said}");
    assert!(said.ends_with("for changes (Ctrl-C to stop)…"), "{said}");
}

/// watch's terminal crates stay out of the student's first build:
/// `cargo test -p exercises` compiles none of them.
#[test]
fn the_students_build_never_compiles_watchs_crates() {
    let output = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["tree", "-p", "exercises", "--edges", "normal,build,dev"])
        .args(["--prefix", "none", "--offline"])
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("cargo tree runs");
    assert!(output.status.success(), "{output:?}");
    let tree = String::from_utf8_lossy(&output.stdout);
    assert!(tree.contains("grading v"), "{tree}");
    for watchs in ["crossterm", "expectrl", "notify", "watch"] {
        assert!(
            !tree
                .lines()
                .any(|line| line.starts_with(&format!("{watchs} v"))),
            "{watchs} is in the student's build:\n{tree}"
        );
    }
}
