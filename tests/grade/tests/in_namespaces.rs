//! `grade __in-namespaces`, the one place where a zygote's and cargo's
//! namespaces are made: what the program inside sees, how its end is
//! passed on, and that a kill of the waiting process ends everything in
//! the namespace (how `grade` stops a build or a zygote).

use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// `grade __in-namespaces <letters> sh -c <script>`, as the caller is:
/// with a user namespace unless root.
fn in_namespaces(letters: &str, script: &str) -> Command {
    let user = if nix::unistd::Uid::effective().is_root() {
        ""
    } else {
        "u"
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_grade"));
    command
        .args(["__in-namespaces", &format!("{user}{letters}")])
        .args(["sh", "-c", script]);
    command
}

#[test]
fn the_program_is_pid_1_and_the_builds_proc_shows_only_its_own_processes() {
    let output = in_namespaces("pmP", "echo $$; ls /proc | grep -c '^[0-9]'")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "1", "{stdout}");
    // The shell, `ls` and `grep`, at most.
    let processes: usize = lines[1].parse().unwrap();
    assert!(processes <= 3, "{processes} processes in the build's /proc");
}

#[test]
fn the_programs_exit_code_is_passed_on() {
    let status = in_namespaces("pmni", "exit 7").status().unwrap();
    assert_eq!(status.code(), Some(7));
}

#[test]
fn an_unknown_namespace_is_a_usage_error_of_one_line() {
    let output = Command::new(env!("CARGO_BIN_EXE_grade"))
        .args(["__in-namespaces", "px", "true"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("letters of `upmPni`"), "{stderr}");
}

/// How `grade` stops a build or a zygote: one kill of the process it
/// started, and the kernel ends everything in the namespace below it, a
/// process started in the background included.
#[test]
fn a_kill_of_the_waiting_process_ends_the_whole_namespace() {
    let count = || {
        let found = Command::new("pgrep")
            .args(["-f", "^sleep 6173[12]$"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&found.stdout).lines().count()
    };
    let mut waiting = in_namespaces("pm", "sleep 61731 & sleep 61732")
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while count() < 2 && started.elapsed() < Duration::from_secs(10) {
        thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(count(), 2, "both sleeps running");
    waiting.kill().unwrap();
    waiting.wait().unwrap();
    let killed = Instant::now();
    while count() > 0 && killed.elapsed() < Duration::from_secs(10) {
        thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(count(), 0, "a sleep outlived its namespace");
}
