//! The sandbox in each setting `grade` runs in, proven by the hostile
//! fixtures of `fixtures/hostile/`: each attacks one protection and is
//! right at one exercise only if the attack worked, beside two innocent
//! classmates (the reference, and a correct answer that starts threads)
//! that must keep every point.
//!
//! * (a) root, with namespaces and cgroups: as the tests run in CI;
//! * (b) a user with user namespaces: `nobody`, in CI;
//! * (c) a user without them, as on an Ubuntu 24.04 laptop or in a Docker
//!   container such as Gradescope's: `nobody`, under a seccomp filter that
//!   refuses new user namespaces as Docker's default profile does.
//!
//! The fixtures in unsafe Rust are refused at compile time (see
//! `refuse.rs`); here `GRADE_ALLOW_UNSAFE=1` lets them through, so that
//! what is proven is the sandbox on its own.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod classes;
mod gradebook;
use classes::{GRADER_INPUT_ROWS, autograder_root, fixtures, hostile_class, reference};
use gradebook::{Loses, assert_has_row, did_not_compile, row};

/// What each hostile fixture earns nothing for (it earns full points for
/// every other lab exercise), the same in every setting, and what the
/// zero, if any, proves.
const EXPECTED: &[(&str, Loses<'static>)] = &[
    // Each process holds one submission's code: no classmate to call.
    ("classmates_table", Loses::Only(&["flip"])),
    // Its constructor ran only inside its sandbox: no reference to read.
    ("constructor_escape", Loses::Only(&["flip"])),
    // Its constructor ends only its own checks.
    ("constructor_exit", Loses::Everything),
    // It implements nothing, and forges nothing outside its sandbox.
    ("constructor_forge", Loses::Everything),
    // No check holds more than its memory limit, in however many processes.
    ("fork_memory_safe", Loses::Only(&["are_permutations"])),
    ("fork_memory_unsafe", Loses::Only(&["are_permutations"])),
    ("innocent_thread", Loses::Nothing),
    // Its signals reach nobody else: the classmates keep every point.
    ("kill_everyone_safe", Loses::Nothing),
    ("kill_everyone_unsafe", Loses::Nothing),
    // Nor its own zygote, by any of kill, tgkill or its process group.
    ("kill_zygote_unsafe", Loses::Nothing),
    // The image starts with an empty environment.
    ("reads_environment", Loses::Only(&["reversing_sequence"])),
    ("reference", Loses::Nothing),
    // Its panic message, its name or its escapes reach no one raw: the
    // class report's tests read its pages and what grade prints; here it
    // only panics.
    (
        "report_markdown_links",
        Loses::Only(&["reversing_sequence"]),
    ),
    ("report_names", Loses::Only(&["reversing_sequence"])),
    (
        "report_terminal_escapes",
        Loses::Only(&["reversing_sequence"]),
    ),
    // No socket: no network, no other check, no grader to reach, even
    // where a check has no network namespace (seccomp refuses `socket`
    // and `socketpair`, x32's numbers included).
    ("network_sockets_safe", Loses::Only(&["are_permutations"])),
    ("network_sockets_unsafe", Loses::Only(&["are_permutations"])),
    // Its 60 MiB panic messages reach grade cut to output_kib: grade's
    // memory and its reports stay small (floods.rs measures them).
    ("panic_flood", Loses::Only(&["are_permutations"])),
    // It may change the limits of no process but its own.
    (
        "prlimit_classmates_unsafe",
        Loses::Only(&["are_permutations"]),
    ),
    // Nothing it starts outlives its check.
    ("setsid_sleep_safe", Loses::Only(&["reversing_sequence"])),
    ("setsid_sleep_unsafe", Loses::Only(&["reversing_sequence"])),
    // The privilege drop is the launcher's, which it cannot replace.
    ("setuid_noop", Loses::Only(&["are_permutations"])),
    // A check may start no process, whatever the limit on others.
    ("spawn_until_limit_safe", Loses::Only(&["are_permutations"])),
    (
        "spawn_until_limit_unsafe",
        Loses::Only(&["are_permutations"]),
    ),
    // No System V shared memory outside the check.
    ("sysv_shm_safe", Loses::Only(&["are_permutations"])),
    ("sysv_shm_unsafe", Loses::Only(&["are_permutations"])),
    // A check's threads are counted for it alone, and held to the rubric's
    // 64 in every setting (see `classmates_keep_their_points_under_a_task_limit`).
    (
        "threads_until_refused_safe",
        Loses::Only(&["are_permutations"]),
    ),
    // A check writes at most its private /tmp (1 MiB) where it has one,
    // and no file at all where it has none (Landlock grants no folder).
    ("write_flood_safe", Loses::Only(&["reversing_sequence"])),
];

/// A fixture of the hostile class as written, or the reference.
fn hostile_source(id: &str) -> String {
    let path = match id {
        "reference" => fixtures().join("class/reference.rs"),
        _ => fixtures().join(format!("hostile/{id}.rs")),
    };
    std::fs::read_to_string(path).unwrap()
}

/// Hostile fixtures that must not even compile, the same in every setting.
const DID_NOT_COMPILE: &[&str] = &[
    // The build cannot read the reference, not even through the assembler:
    // a mount namespace hides it, and without one the build's view does.
    "incbin_solutions_unsafe",
    // The compile's wall, with the scan lifted by GRADE_UNSCANNED: each
    // compile reads its own source, the dependencies and the toolchain
    // only, with an empty environment, and within its memory and file
    // size; [`assert_nothing_leaked`] checks that no message quotes what
    // the attacks reach for.
    "build_big_constant",
    "build_big_static",
    "build_dev_urandom",
    "build_dev_zero",
    "build_etc_passwd",
    "build_macro_bomb",
    "build_macro_path",
    "build_reads_cargo_variables",
    "build_reads_environ",
    "build_reads_pack_secret",
    "build_reads_workspace_manifest",
    "build_shebang_comment",
    // 16,384 type errors outside any function: read as a stream, the first
    // 64 kept, at no cost to grade's memory or to a classmate.
    "build_type_error_flood",
];

/// A variable set for every hostile run: the build fixtures reach for the
/// grader's environment, so its value must appear in no output.
const CANARY: (&str, &str) = ("GRADE_TEST_CANARY", "canary-1f0e7d3c-not-for-students");

/// What the build fixtures reach for appears nowhere a person reads: not
/// in the gradebook or the messages on stdout and stderr, not in any file
/// of `--out` (results.json, the pages); and no compile left its private
/// output folder behind in `build`.
fn assert_nothing_leaked(setting: &str, output: &Output, out: &Path, build: &Path) {
    let secret = std::fs::read_to_string(build.join("pack-secret")).unwrap();
    let secrets = [CANARY.1, secret.trim(), "root:x:0:0", "[workspace]"];
    let mut texts = vec![
        ("stdout".to_string(), output.stdout.clone()),
        ("stderr".to_string(), output.stderr.clone()),
    ];
    let mut folders = vec![out.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            if entry.file_type().unwrap().is_dir() {
                folders.push(entry.path());
            } else {
                let text = std::fs::read(entry.path()).unwrap();
                texts.push((entry.path().display().to_string(), text));
            }
        }
    }
    assert!(
        texts.len() > 20,
        "{setting}: --out holds too little: {}",
        texts.len()
    );
    for (name, text) in &texts {
        let text = String::from_utf8_lossy(text);
        for secret in secrets {
            assert!(!text.contains(secret), "{setting}: {name} holds {secret:?}");
        }
    }
    // Under the build folder's lock, as `grade` builds: another run of
    // this suite building in the same folder has its compiles in progress
    // there until it lets go (a CI run saw one so and failed).
    let lock = std::fs::File::open(build.join("grade.lock")).unwrap();
    lock.lock().unwrap();
    let scratch = build.join("compiling");
    let left: Vec<_> = std::fs::read_dir(&scratch).unwrap().flatten().collect();
    assert!(
        left.is_empty(),
        "{setting}: compiles left {left:?} in {scratch:?}"
    );
}

/// What is on the machine that a submission might leave behind: System V
/// shared memory segments, `sleep 1234`s, the constructor's marker.
fn leftovers() -> (usize, usize, bool) {
    let segments = Command::new("ipcs").arg("-m").output().unwrap();
    let segments = String::from_utf8_lossy(&segments.stdout)
        .lines()
        .filter(|line| line.starts_with("0x"))
        .count();
    let sleepers = Command::new("pgrep").args(["-f", "^sleep 1234$"]).output();
    let sleepers = sleepers.map_or(0, |o| String::from_utf8_lossy(&o.stdout).lines().count());
    let marker = Path::new("/tmp/grade-hostile-constructor-was-here").exists();
    (segments, sleepers, marker)
}

/// Checks one run's gradebook and setting line against [`EXPECTED`].
fn assert_rows(setting: &str, output: &Output, expected_setting: &str) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{setting}: {stderr}");
    let line = stderr
        .lines()
        .find(|l| l.starts_with("grade: sandbox setting: "))
        .unwrap_or_else(|| panic!("{setting}: no setting line in\n{stderr}"));
    assert!(
        line.contains(expected_setting),
        "{setting}: the setting line says\n{line}"
    );
    let rows: Vec<&str> = stdout.lines().collect();
    let expected = EXPECTED
        .iter()
        .map(|(id, loses)| row(id, *loses, "graded", &hostile_source(id)))
        .chain(DID_NOT_COMPILE.iter().map(|id| did_not_compile(id)))
        .chain(
            GRADER_INPUT_ROWS
                .iter()
                .map(|(id, kind)| grader_input_row(id, kind)),
        );
    for row in expected {
        assert!(
            rows.contains(&row.as_str()),
            "{setting}: missing row {row} in\n{stdout}\n{stderr}"
        );
    }
    assert_eq!(
        rows.len(),
        1 + EXPECTED.len() + DID_NOT_COMPILE.len() + GRADER_INPUT_ROWS.len(),
        "{setting}:\n{stdout}"
    );
}

/// The gradebook row of one of the attacks on what grade itself reads
/// (`classes::grader_inputs`), by its kind.
fn grader_input_row(id: &str, kind: &str) -> String {
    let reference = reference();
    match kind {
        "refused" => did_not_compile(id),
        "partly compiled" => row(id, Loses::Only(&["flip"]), kind, &reference),
        _ => row(id, Loses::Nothing, kind, &reference),
    }
}

/// Byte-identical twins each have a crate, and a page, of their own: the
/// compiler's message on each one's page quotes its own path, never the
/// other's name. A refusal says why in one line.
fn assert_pages_name_no_classmate(setting: &str, out: &Path) {
    let results = |id: &str| {
        std::fs::read_to_string(out.join("submissions").join(id).join("results.json")).unwrap()
    };
    for (own, other) in [("twin_a", "twin_b"), ("twin_b", "twin_a")] {
        let text = results(own);
        assert!(text.contains(&format!("{own}/lib.rs")), "{setting}: {text}");
        assert!(
            !text.contains(other),
            "{setting}: {own} names {other}: {text}"
        );
    }
    let refused = results("innocent_a.rs");
    assert!(
        refused.contains("all come to the id"),
        "{setting}: {refused}"
    );
    let deep = results("parser_too_deep");
    assert!(deep.contains("levels deep"), "{setting}: {deep}");
}

fn grade_arguments(class: &Path) -> Vec<String> {
    vec![
        "--rubric".into(),
        fixtures()
            .join("fast_rubric.toml")
            .to_string_lossy()
            .into_owned(),
        "--format".into(),
        "csv".into(),
        class.to_string_lossy().into_owned(),
    ]
}

fn is_root() -> bool {
    nix::unistd::Uid::effective().is_root()
}

/// Each test here that needs root is ignored by a plain `cargo test`,
/// which reports it so, and `.ci/run` runs it as root (`cargo test --
/// --include-ignored`). Run without root, it fails: it never passes
/// without having proved its setting.
fn require_root() {
    assert!(
        is_root(),
        "needs root: run it as root, as .ci/run does (cargo test -- --include-ignored)"
    );
}

/// Setting (a): root, with namespaces and, on this machine, cgroups.
#[test]
#[ignore = "needs root: .ci/run runs it as root (cargo test -- --include-ignored)"]
fn hostile_fixtures_hold_as_root() {
    require_root();
    let before = leftovers();
    let class = hostile_class();
    let out = tempfile::tempdir().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_grade"))
        .args(grade_arguments(class.path()))
        .arg("--out")
        .arg(out.path())
        .env("GRADE_ALLOW_UNSAFE", "1")
        .env("GRADE_UNSCANNED", "1")
        .env(CANARY.0, CANARY.1)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The run's groups are named for its process: another grade running
    // on the machine at the same time has groups of its own.
    let run_group = format!("grade-{}", child.id());
    let output = child.wait_with_output().unwrap();
    assert_rows("root", &output, "setting: root, ");
    assert_pages_name_no_classmate("root", out.path());
    let build = classes::workspace().join("target/grade");
    assert_nothing_leaked("root", &output, out.path(), &build);
    assert_eq!(
        leftovers(),
        before,
        "left behind: (segments, sleepers, marker)"
    );
    // The run's cgroups are gone with it.
    let cgroups = std::fs::read_to_string("/proc/self/cgroup").unwrap();
    for line in cgroups.lines() {
        let (_, path) = line.rsplit_once(':').unwrap();
        for root in [
            "/sys/fs/cgroup/memory",
            "/sys/fs/cgroup/pids",
            "/sys/fs/cgroup",
        ] {
            let dir = Path::new(root).join(path.trim_start_matches('/'));
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                assert!(
                    name != run_group,
                    "a cgroup of the run is left: {}",
                    entry.path().display()
                );
            }
        }
    }
}

/// Without the instructors' test switch, the fixtures in unsafe Rust are
/// refused before they run, each with its reasons, and the safe ones are
/// graded as in every setting.
#[test]
#[ignore = "needs root: .ci/run runs it as root (cargo test -- --include-ignored)"]
fn unsafe_fixtures_are_refused_at_compile_time() {
    require_root();
    let class = hostile_class();
    let output = Command::new(env!("CARGO_BIN_EXE_grade"))
        .args(grade_arguments(class.path()))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    for (id, loses) in EXPECTED {
        let raw = std::fs::read_to_string(class.path().join(format!("{id}.rs"))).unwrap();
        let row = if raw.contains("unsafe") {
            did_not_compile(id)
        } else {
            row(id, *loses, "graded", &raw)
        };
        assert!(
            stdout.lines().any(|l| l == row),
            "missing {row} in\n{stdout}"
        );
    }
}

/// Runs `grade` as `nobody`, which sees the toolchain and the cargo
/// registry through bind mounts in a mount namespace of its own (root's
/// home is closed to it), and builds in a folder of its own; with
/// `cgroup_procs`, in that cgroup.
fn grade_as_nobody(
    home: &Path,
    class: &Path,
    user_namespaces: bool,
    cgroup_procs: Option<&Path>,
) -> Output {
    use std::os::unix::fs::{PermissionsExt, chown};
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .unwrap();
    let sysroot = String::from_utf8(sysroot.stdout)
        .unwrap()
        .trim()
        .to_string();
    let cargo_home = std::env::var_os("CARGO_HOME").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cargo"),
        PathBuf::from,
    );
    for folder in ["toolchain", "cargo/registry", "build"] {
        std::fs::create_dir_all(home.join(folder)).unwrap();
    }
    for folder in [".", "cargo", "build"] {
        let path = home.join(folder);
        chown(&path, Some(65534), Some(65534)).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    const AS_NOBODY: &str = r#"set -e
home=$1 sysroot=$2 registry=$3 canary=$4; shift 4
if [ -n "$JOIN_CGROUP" ]; then echo $$ > "$JOIN_CGROUP"; fi
mount --bind "$sysroot" "$home/toolchain"
mount --bind "$registry" "$home/cargo/registry"
mount -o remount,bind,ro "$home/cargo/registry"
exec setpriv --reuid=65534 --regid=65534 --clear-groups -- env -i \
    PATH="$home/toolchain/bin:/usr/local/bin:/usr/bin:/bin" HOME="$home" \
    CARGO_HOME="$home/cargo" GRADE_BUILD_DIR="$home/build" GRADE_ALLOW_UNSAFE=1 \
    GRADE_UNSCANNED=1 GRADE_TEST_CANARY="$canary" "$@""#;
    let mut command = Command::new("unshare");
    command
        .args(["--mount", "--propagation", "private", "--", "sh", "-c"])
        .args([AS_NOBODY, "sh"])
        .arg(home)
        .arg(&sysroot)
        .arg(cargo_home.join("registry"))
        .arg(CANARY.1)
        .arg(env!("CARGO_BIN_EXE_grade"))
        .args(grade_arguments(class))
        .arg("--out")
        .arg(home.join("out"));
    if let Some(procs) = cgroup_procs {
        command.env("JOIN_CGROUP", procs);
    }
    if !user_namespaces {
        grade_sandbox::seccomp::without_user_namespaces(&mut command).unwrap();
    }
    command.output().unwrap()
}

/// Settings (b) and (c), one after the other, sharing one build folder
/// (the second build finds the first's dependencies built).
#[test]
#[ignore = "needs root: .ci/run runs it as root (cargo test -- --include-ignored)"]
fn hostile_fixtures_hold_as_a_user_with_and_without_user_namespaces() {
    require_root();
    let home = tempfile::tempdir().unwrap();
    let class = hostile_class();
    let before = leftovers();
    let with = grade_as_nobody(home.path(), class.path(), true, None);
    assert_rows(
        "user with user namespaces",
        &with,
        "setting: a user with user namespaces, ",
    );
    let (out, build) = (home.path().join("out"), home.path().join("build"));
    assert_pages_name_no_classmate("user with user namespaces", &out);
    assert_nothing_leaked("user with user namespaces", &with, &out, &build);
    std::fs::remove_dir_all(&out).unwrap();
    assert_eq!(
        leftovers(),
        before,
        "(b) left: (segments, sleepers, marker)"
    );
    let without = grade_as_nobody(home.path(), class.path(), false, None);
    assert_rows(
        "user without user namespaces",
        &without,
        "setting: a user without user namespaces, ",
    );
    assert_pages_name_no_classmate("user without user namespaces", &out);
    assert_nothing_leaked("user without user namespaces", &without, &out, &build);
    assert_no_flood_left();
    assert_eq!(
        leftovers(),
        before,
        "(c) left: (segments, sleepers, marker)"
    );
}

/// Gradescope's `run_autograder`, in a fake `/autograder`, with the
/// fixture whose constructor forges `results/results.json` (score 100)
/// and renames the forgery over the grader's partial output: Gradescope
/// gets the real score, 0, with the switch that lets unsafe code run and
/// without it.
#[test]
#[ignore = "needs root: .ci/run runs it as root (cargo test -- --include-ignored)"]
fn a_forged_results_json_never_reaches_gradescope() {
    require_root();
    for allow_unsafe in ["1", "0"] {
        let root = autograder_root(&fixtures().join("hostile/constructor_forge.rs"));
        let status = Command::new("bash")
            .arg(fixtures().join("../gradescope/run_autograder"))
            .env("AUTOGRADER_ROOT", root.path())
            .env("GRADE", env!("CARGO_BIN_EXE_grade"))
            .env("GRADE_ALLOW_UNSAFE", allow_unsafe)
            .status()
            .unwrap();
        assert!(status.success());
        let text = std::fs::read_to_string(root.path().join("results/results.json")).unwrap();
        let results: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            results["score"], 0.0,
            "GRADE_ALLOW_UNSAFE={allow_unsafe}: {text}"
        );
        assert_eq!(results["extra_data"]["submission"], "submission");
    }
}

/// A link error has no source line to attribute it by; each submission is
/// linked into an image of its own, so it is its author's alone. The scan
/// refuses `#[link]` and `extern` blocks; with them let through, the
/// missing library still costs only the submission that names it.
#[test]
#[ignore = "slow tier: grades a class, building its images' dependencies first (30 s from a fresh clone): .ci/run runs it (cargo test -- --include-ignored)"]
fn link_errors_cost_only_their_authors() {
    let class = tempfile::tempdir().unwrap();
    let reference = std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap();
    std::fs::write(class.path().join("reference.rs"), &reference).unwrap();
    // Fails the template's link, which names every crate's libraries: the
    // template is retried one crate at a time.
    let missing = "#[link(name = \"a_missing_library\")]\n\
                   unsafe extern \"C\" { fn a_missing_function() -> u32; }\n\
                   pub fn uses_it() -> u32 { unsafe { a_missing_function() } }\n";
    std::fs::write(
        class.path().join("missing_library.rs"),
        format!("{reference}\n{missing}"),
    )
    .unwrap();
    // A second `main`: only its own image's link pulls it in, and fails.
    let main = "#[unsafe(no_mangle)]\npub extern \"C\" fn main() -> i32 { 0 }\n";
    std::fs::write(
        class.path().join("unmangled_main.rs"),
        format!("{reference}\n{main}"),
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_grade"))
        .args(grade_arguments(class.path()))
        .env("GRADE_ALLOW_UNSAFE", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert_has_row(&stdout, &did_not_compile("missing_library"));
    assert_has_row(&stdout, &did_not_compile("unmangled_main"));
    assert!(
        stdout
            .lines()
            .any(|l| l == row("reference", Loses::Nothing, "graded", &reference)),
        "{stdout}"
    );
}

/// A pids cgroup of its own for one test, with `max` tasks (v1's pids
/// hierarchy, or v2's), removed when dropped; `None` where neither is
/// writable.
struct TaskLimit(PathBuf);

impl TaskLimit {
    fn new(max: u32) -> Option<TaskLimit> {
        let name = format!("grade-task-limit-{}", std::process::id());
        let dir = ["/sys/fs/cgroup/pids", "/sys/fs/cgroup"]
            .iter()
            .map(|root| Path::new(root).join(&name))
            .find(|dir| std::fs::create_dir(dir).is_ok() && dir.join("pids.max").exists())?;
        std::fs::write(dir.join("pids.max"), max.to_string()).ok()?;
        Some(TaskLimit(dir))
    }
}

impl Drop for TaskLimit {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir(&self.0);
    }
}

/// Settings (b) and (c) under a machine-wide task limit (a container's
/// pids.max, systemd's TasksMax), here 1,000 tasks for the whole run:
/// three checks that start threads until refused (each would reach 2,000)
/// lose are_permutations and nothing else, and their classmates keep every
/// point. Before each check's threads were counted for it alone, as a user
/// a check reached 1,966-1,970 threads, and in this test the attackers'
/// own other checks lost points to each other's threads (83.33 and 52.59
/// with user namespaces, 40 and 0 without), their reports blaming their
/// own code.
#[test]
#[ignore = "needs root: .ci/run runs it as root (cargo test -- --include-ignored)"]
fn classmates_keep_their_points_under_a_task_limit() {
    require_root();
    let class = tempfile::tempdir().unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::Permissions::from_mode(0o755);
        std::fs::set_permissions(class.path(), mode).unwrap();
    }
    let mut expected = Vec::new();
    for id in ["reference", "innocent_thread"] {
        std::fs::write(class.path().join(format!("{id}.rs")), hostile_source(id)).unwrap();
        expected.push(row(id, Loses::Nothing, "graded", &hostile_source(id)));
    }
    let attack = hostile_source("threads_until_refused_safe");
    for n in 1..=3 {
        let id = format!("threads_until_refused_{n}");
        std::fs::write(class.path().join(format!("{id}.rs")), &attack).unwrap();
        let loses = Loses::Only(&["are_permutations"]);
        expected.push(row(&id, loses, "graded", &attack));
    }
    let home = tempfile::tempdir().unwrap();
    for (user_namespaces, bound) in [
        (
            true,
            "a user namespace per check (RLIMIT_NPROC bounds its threads)",
        ),
        (false, "a count of each check's threads by its zygote"),
    ] {
        let limit = TaskLimit::new(1000).expect("a pids cgroup to write, as root has in CI");
        let procs = limit.0.join("cgroup.procs");
        let output = grade_as_nobody(home.path(), class.path(), user_namespaces, Some(&procs));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        for row in &expected {
            assert!(
                stdout.lines().any(|l| l == row),
                "user namespaces {user_namespaces}: missing {row} in\n{stdout}\n{stderr}"
            );
        }
        assert!(stderr.contains(bound), "{stderr}");
        std::fs::remove_dir_all(home.path().join("out")).unwrap();
    }
}

/// What `write_flood_safe` wrote, if anything, left behind in the
/// folders of checks without namespaces (`grade-check-*` in the temporary
/// folder): nothing, where the sandbox held or removed it.
fn assert_no_flood_left() {
    let temporary = std::env::temp_dir();
    for folder in std::fs::read_dir(&temporary).unwrap().flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        let Ok(files) = std::fs::read_dir(folder.path()) else {
            continue;
        };
        if !name.starts_with("grade-check-") {
            continue;
        }
        for file in files.flatten() {
            let file = file.file_name().to_string_lossy().into_owned();
            assert!(!file.starts_with("write-flood-"), "left: {name}/{file}");
        }
    }
}

/// As root with `GRADE_ISOLATION=landlock`, a check's working folder is
/// on the host's disk: `write_flood_safe` wrote 66 MiB there in 0.7 s
/// (117 MiB as a user), bounded by each file's size alone. Now Landlock
/// grants it no file to write, the reference keeps every point, and
/// nothing is left behind.
#[test]
#[ignore = "needs root: .ci/run runs it as root (cargo test -- --include-ignored)"]
fn a_check_writes_nothing_without_namespaces_as_root() {
    require_root();
    let class = tempfile::tempdir().unwrap();
    let mut expected = Vec::new();
    for (id, loses) in [
        ("reference", Loses::Nothing),
        ("write_flood_safe", Loses::Only(&["reversing_sequence"])),
    ] {
        std::fs::write(class.path().join(format!("{id}.rs")), hostile_source(id)).unwrap();
        expected.push(row(id, loses, "graded", &hostile_source(id)));
    }
    let output = Command::new(env!("CARGO_BIN_EXE_grade"))
        .args(grade_arguments(class.path()))
        .env("GRADE_ISOLATION", "landlock")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    for row in &expected {
        assert!(
            stdout.lines().any(|l| l == row),
            "missing {row} in\n{stdout}"
        );
    }
    assert!(stderr.contains("(no file to write)"), "{stderr}");
    assert_no_flood_left();
}
