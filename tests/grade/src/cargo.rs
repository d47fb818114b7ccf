//! Running cargo on the generated workspace: where the system allows it,
//! in a mount namespace of its own with what a submission must not read
//! covered; every rustc of a submission's crate under the rubric's compile
//! time limit; and its messages read into a typed [`Build`]: each crate's
//! errors, and each crate that failed without one.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};
use serde::Deserialize;

use grade_sandbox::BuildView;

use crate::compile::workspace_root;
use crate::discover::Submission;
use crate::images;
use crate::link;

/// One error from the compiler.
#[derive(Debug, Clone, Deserialize)]
pub struct Diagnostic {
    pub message: String,
    pub level: String,
    #[serde(default)]
    pub rendered: String,
    pub spans: Vec<Span>,
}

impl Diagnostic {
    pub fn primary(&self) -> Option<&Span> {
        self.spans.iter().find(|s| s.is_primary)
    }
}

/// Where a diagnostic points.
#[derive(Debug, Clone, Deserialize)]
pub struct Span {
    pub file_name: String,
    pub line_start: usize,
    pub is_primary: bool,
}

/// One line of cargo's JSON messages.
#[derive(Debug, Deserialize)]
struct CargoMessage {
    reason: String,
    #[serde(default)]
    package_id: String,
    #[serde(default)]
    target: Option<CargoTarget>,
    #[serde(default)]
    message: Option<Diagnostic>,
    #[serde(default)]
    fresh: bool,
}

/// The target a message is about.
#[derive(Debug, Deserialize)]
struct CargoTarget {
    name: String,
}

/// The first line of the first diagnostic that says something, for a
/// one-line cause.
pub fn first_line_of(diagnostics: &[Diagnostic]) -> String {
    let said = diagnostics
        .iter()
        .find(|d| !d.message.starts_with("aborting due to"))
        .or(diagnostics.first());
    said.map_or_else(String::new, |d| {
        d.message.lines().next().unwrap_or_default().to_string()
    })
}

/// The one-line cause of a failed link: the linker's own error, which
/// rustc gives in a note below "linking with `cc` failed" (and below the
/// whole command line, which is no one's cause).
fn link_cause(diagnostics: &[Diagnostic]) -> String {
    let linker_said = diagnostics.iter().find_map(|diagnostic| {
        diagnostic
            .rendered
            .lines()
            .skip(1)
            .map(|line| line.trim().trim_start_matches("= note:").trim())
            .find(|line| line.contains("error:") && line.len() < 300)
    });
    linker_said.map_or_else(|| first_line_of(diagnostics), str::to_string)
}

/// How cargo is run on the generated workspace: in `dir`, where the system
/// allows a mount namespace with `hidden` covered by empty folders, and
/// with rustc under `compile_seconds` of CPU for each crate.
pub struct Cargo {
    pub dir: PathBuf,
    pub hidden: Vec<PathBuf>,
    pub compile_seconds: u64,
}

/// What one cargo run did to the crates it was asked for.
#[derive(Debug, Default)]
pub struct Build {
    /// The errors of each crate that had any, by crate name (the images'
    /// template's under its binary's name).
    pub errors: BTreeMap<String, Vec<Diagnostic>>,
    /// Each crate asked for that failed with no error of its own: a
    /// compile time limit, a compiler that crashed or was killed, a
    /// linker or assembler error with no source span. The one-line cause.
    pub unexplained: BTreeMap<String, String>,
}

impl Build {
    fn failed_any(&self) -> bool {
        !self.errors.is_empty() || !self.unexplained.is_empty()
    }
}

impl Cargo {
    /// Builds `packages` of the generated workspace, each as far as it goes.
    pub fn build<'a>(&self, packages: impl Iterator<Item = &'a str>) -> anyhow::Result<Build> {
        self.run(&["build", "--keep-going"], packages, &[])
    }

    /// Builds the images' template, whose `main` is `main` (see
    /// [`crate::link`]): the recorded link, or why it failed.
    pub fn template(&self, main: &Path) -> anyhow::Result<Result<link::Template, String>> {
        // A template cargo thinks fresh would record nothing.
        fs::File::options()
            .write(true)
            .open(main)?
            .set_modified(std::time::SystemTime::now())?;
        let folder = self.dir.join("link");
        fs::create_dir_all(&folder)?;
        let record = folder.join("template.args");
        let _ = fs::remove_file(&record);
        let build = self.run(
            &["rustc", "--bin", link::TEMPLATE_BIN],
            [images::PACKAGE].into_iter(),
            &link::template_rustc_args(&record),
        )?;
        let template = match (
            build.errors.values().next(),
            build.unexplained.values().next(),
        ) {
            (Some(diagnostics), _) => Ok(Err(link_cause(diagnostics))),
            (None, Some(cause)) => Ok(Err(cause.clone())),
            (None, None) => link::Template::load(&record, &folder.join("template")).map(Ok),
        };
        link::remove_leftovers(&release_dir(&self.dir)?.join("deps"));
        template
    }

    /// Runs cargo's `subcommand` on `packages`, with `rustc_args` for the
    /// final crate if any.
    fn run<'a>(
        &self,
        subcommand: &[&str],
        packages: impl Iterator<Item = &'a str>,
        rustc_args: &[String],
    ) -> anyhow::Result<Build> {
        let packages: Vec<&str> = packages.collect();
        let wrapper = self.write_limit_wrapper()?;
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        // cargo in the build's view: `grade __build-view cargo …`, inside
        // the mount namespace where there is one (Landlock refuses the
        // mounts that cover the hidden paths, so it comes after them).
        let grade = std::env::current_exe().context("finding grade's own executable")?;
        let mut command = match mount_namespace() {
            Some(args) => {
                let mut command = Command::new("unshare");
                command
                    .args(args)
                    .args(["sh", "-c", HIDE_THEN_RUN, "sh"])
                    .arg(self.hidden.len().to_string())
                    .args(&self.hidden)
                    .arg(grade);
                command
            }
            None => Command::new(grade),
        };
        let temporary = build_temporary(&self.dir);
        fs::create_dir_all(&temporary)?;
        command
            .arg(grade_sandbox::BUILD_VIEW_COMMAND)
            .arg(cargo)
            .env(
                grade_sandbox::BUILD_VIEW_VARIABLE,
                serde_json::to_string(&build_view(&self.dir))?,
            )
            .env("TMPDIR", &temporary)
            .current_dir(&self.dir)
            .args(subcommand)
            .args(["--release", "--offline", "--message-format=json"])
            .args(["--target-dir", "target", "--target", host()?])
            .env("RUSTFLAGS", images::RUSTFLAGS)
            .env("RUSTC_WORKSPACE_WRAPPER", &wrapper)
            .env("CARGO_TERM_COLOR", "never")
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .stdout(Stdio::piped());
        for package in &packages {
            command.args(["-p", package]);
        }
        if !rustc_args.is_empty() {
            command.arg("--").args(rustc_args);
        }
        let output = command
            .output()
            .context("running cargo to build the submissions")?;
        let messages: Vec<CargoMessage> = output
            .stdout
            .split(|&b| b == b'\n')
            .filter_map(|line| serde_json::from_slice(line).ok())
            .collect();
        if std::env::var_os("GRADE_TIMINGS").is_some() {
            let rebuilt: Vec<String> = messages
                .iter()
                .filter(|m| m.reason == "compiler-artifact" && !m.fresh)
                .map(|m| crate_of(&m.package_id))
                .collect();
            eprintln!(
                "timings: cargo compiled {} packages, such as {:?}",
                rebuilt.len(),
                rebuilt.iter().take(4).collect::<Vec<_>>()
            );
        }
        let mut build = Build::default();
        let mut built = BTreeSet::new();
        let mut spanless: BTreeMap<String, String> = BTreeMap::new();
        for message in messages {
            let krate = crate_of(&message.package_id);
            if message.reason == "compiler-artifact" {
                built.insert(krate);
                continue;
            }
            let Some(diagnostic) = message.message else {
                continue;
            };
            if message.reason != "compiler-message" || diagnostic.level != "error" {
                continue;
            }
            // The template's errors are all its own, spans or not: a link
            // error has none.
            let key = match message.target {
                Some(target) if krate == images::PACKAGE => target.name,
                // "aborting due to …", or the assembler's or the linker's
                // word, kept in case nothing else explains the failure.
                _ if diagnostic.spans.is_empty() => {
                    if !diagnostic.message.starts_with("aborting due to") {
                        spanless.entry(krate).or_insert(diagnostic.message);
                    }
                    continue;
                }
                _ => krate,
            };
            build.errors.entry(key).or_default().push(diagnostic);
        }
        if output.status.success() {
            return Ok(build);
        }
        for package in packages {
            // rustc's name for the crate: the template's is its binary's.
            let (krate, explained) = if package == images::PACKAGE {
                (link::TEMPLATE_BIN, !build.errors.is_empty())
            } else {
                (package, build.errors.contains_key(package))
            };
            if !built.contains(package) && !explained {
                let cause = self.unexplained_cause(krate, spanless.get(package));
                build.unexplained.insert(krate.to_string(), cause);
            }
        }
        // Nothing built, not even a dependency, and nobody to blame: cargo
        // itself failed (a bad manifest, a missing toolchain), which is the
        // grader's problem or the machine's, not a student's.
        if (built.is_empty() && build.errors.is_empty()) || !build.failed_any() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            bail!(
                "cargo could not build the submissions:\n{}",
                tail.join("\n")
            );
        }
        Ok(build)
    }

    /// Writes the wrapper cargo runs each workspace crate's rustc through
    /// (`RUSTC_WORKSPACE_WRAPPER`): rustc under the CPU time limit, and a
    /// mark in [`OVER_LIMIT`] with the status of a rustc that a signal
    /// ended. Marks of an earlier run are removed.
    fn write_limit_wrapper(&self) -> anyhow::Result<PathBuf> {
        use std::os::unix::fs::PermissionsExt;
        let marks = self.dir.join(OVER_LIMIT);
        if marks.exists() {
            fs::remove_dir_all(&marks)?;
        }
        fs::create_dir_all(&marks)?;
        let path = self.dir.join("rustc-under-limit");
        let seconds = self.compile_seconds;
        // The hard limit a second above the soft one: at the soft limit
        // rustc gets SIGXCPU, which tells the limit apart from other kills.
        let script = LIMIT_WRAPPER
            .replace("{hard}", &(seconds + 1).to_string())
            .replace("{soft}", &seconds.to_string())
            .replace("{marks}", OVER_LIMIT);
        crate::compile::write_if_changed(&path, &script)?;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755))?;
        Ok(path)
    }

    /// Why `krate` failed with no error of its own: from its mark if a
    /// signal ended its rustc, else from the first error without a source
    /// line that rustc gave for it (`said`).
    fn unexplained_cause(&self, krate: &str, said: Option<&String>) -> String {
        let status = fs::read_to_string(self.dir.join(OVER_LIMIT).join(krate))
            .ok()
            .and_then(|text| text.trim().parse::<i32>().ok());
        match status {
            Some(SIGXCPU_STATUS) => format!(
                "took longer than {} s of CPU to compile ([build] compile_seconds in the rubric)",
                self.compile_seconds
            ),
            Some(status) => format!("the compiler was killed by signal {}", status - 128),
            None => said.and_then(|message| message.lines().next()).map_or_else(
                || "the build failed without an error message of its own".to_string(),
                str::to_string,
            ),
        }
    }
}

/// The folder, in the build folder, where the wrapper marks a crate whose
/// rustc a signal ended.
const OVER_LIMIT: &str = "over-limit";

/// The wrapper of [`Cargo::write_limit_wrapper`], with its limits and
/// the marks' folder to fill in.
const LIMIT_WRAPPER: &str = r#"#!/bin/sh
# Generated by `grade`: rustc under the rubric's compile_seconds.
ulimit -S -t {soft} && ulimit -H -t {hard} || exit 97
"$@"
status=$?
if [ "$status" -gt 128 ]; then
    name= previous=
    for argument in "$@"; do
        [ "$previous" = --crate-name ] && name=$argument
        previous=$argument
    done
    echo "$status" > "$(dirname "$0")/{marks}/$name"
fi
exit "$status"
"#;

/// A shell's status for a command that SIGXCPU ended: 128 + 24.
const SIGXCPU_STATUS: i32 = 128 + 24;

/// What the build need not see, and a student's code must not: the
/// reference solutions, the stubs, the book, the fixtures (full answers
/// among them), the grading suite and the lab tools (the oracle's
/// reference procedures among them), the history, and where the
/// submissions came from. What the build needs (the generated workspace,
/// the serving code it links, the lockfile) is never hidden.
pub fn hidden_while_building(dir: &Path, submissions: &[Submission]) -> Vec<PathBuf> {
    let workspace = workspace_root();
    let view = build_view(dir);
    let needed: Vec<&PathBuf> = view.read.iter().chain(&view.write).collect();
    let candidates = [
        "solutions",
        "exercises",
        "docs",
        "tests/fixtures",
        "tests/suite",
        "tests/tools",
        "tests/grade",
        ".git",
    ]
    .iter()
    .map(|p| workspace.join(p))
    .chain(submissions.iter().map(|s| s.origin.clone()));
    let mut hidden: Vec<PathBuf> = candidates
        .filter_map(|p| p.canonicalize().ok())
        .filter(|p| !needed.iter().any(|n| n.starts_with(p)))
        .collect();
    hidden.sort();
    hidden.dedup();
    hidden
}

/// cargo's or rustup's home: `variable`, or `default` in `$HOME`.
fn toolchain_home(variable: &str, default: &str) -> PathBuf {
    std::env::var_os(variable).map_or_else(
        || {
            let home = std::env::var_os("HOME").unwrap_or_default();
            Path::new(&home).join(default)
        },
        PathBuf::from,
    )
}

/// All that the build of a batch in `dir` may touch (see
/// [`grade_sandbox::BuildView`]): the toolchain, the sources the generated
/// workspace depends on, the workspace itself and cargo's home, and a
/// temporary folder of its own in `dir`.
pub fn build_view(dir: &Path) -> BuildView {
    let workspace = workspace_root();
    BuildView {
        read: vec![
            toolchain_home("RUSTUP_HOME", ".rustup"),
            sysroot().to_path_buf(),
            workspace.join("tests/workbook"),
            workspace.join("tests/serve"),
            // Whose `[workspace.package]` and dependencies those two inherit.
            workspace.join("Cargo.toml"),
            workspace.join("Cargo.lock"),
        ],
        write: vec![dir.to_path_buf(), toolchain_home("CARGO_HOME", ".cargo")],
    }
}

/// The toolchain rustc runs from, wherever it is installed (rustup's home,
/// the system's, a folder of its own); empty if rustc cannot say.
fn sysroot() -> &'static Path {
    static SYSROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    SYSROOT.get_or_init(|| {
        Command::new("rustc")
            .args(["--print", "sysroot"])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
            .unwrap_or_default()
    })
}

/// The build's temporary folder, in its view.
fn build_temporary(dir: &Path) -> PathBuf {
    dir.join("tmp")
}

/// The `unshare` arguments that give cargo a mount namespace of its own in
/// which paths can be covered, or `None` where this system does not allow
/// one (then the scan, the dep-info check and the build's Landlock view
/// stand without it).
fn mount_namespace() -> Option<&'static [&'static str]> {
    static ARGS: std::sync::OnceLock<Option<&'static [&'static str]>> = std::sync::OnceLock::new();
    *ARGS.get_or_init(|| {
        // A PID namespace with its own /proc too: through the host's,
        // /proc/<pid>/root shows every covered folder again.
        let as_root: &'static [&'static str] = &[
            "--mount",
            "--propagation",
            "private",
            "--pid",
            "--fork",
            "--mount-proc",
        ];
        let as_user: &'static [&'static str] = &[
            "--user",
            "--map-root-user",
            "--mount",
            "--propagation",
            "private",
            "--pid",
            "--fork",
            "--mount-proc",
        ];
        let probe = tempfile::tempdir().ok()?;
        [as_root, as_user].into_iter().find(|args| {
            Command::new("unshare")
                .args(*args)
                .args(["sh", "-c", "mount -t tmpfs tmpfs \"$1\"", "sh"])
                .arg(probe.path())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|status| status.success())
        })
    })
}

/// Covers each path given after the count with an empty read-only folder
/// (or `/dev/null` for a file), then runs the rest of the command.
const HIDE_THEN_RUN: &str = r#"n=$1; shift
while [ "$n" -gt 0 ]; do
    if [ -d "$1" ]; then mount -t tmpfs -o ro,size=4k,mode=555 tmpfs "$1"
    elif [ -e "$1" ]; then mount --bind /dev/null "$1"
    fi || { echo "grade: could not hide $1 from the build" >&2; exit 97; }
    shift; n=$((n - 1))
done
exec "$@""#;

/// This machine's target, as rustc names it. The batch is built for it by
/// name, so that the static flag of the images applies to the target's
/// crates and not to the compiler's plug-ins (serde's derive).
pub fn host() -> anyhow::Result<&'static str> {
    static HOST: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    HOST.get_or_init(|| crate::assign::host_target().map_err(|e| format!("{e:#}")))
        .as_deref()
        .map_err(anyhow::Error::msg)
}

/// Where cargo puts a batch's release build in `dir`.
pub fn release_dir(dir: &Path) -> anyhow::Result<PathBuf> {
    Ok(dir.join("target").join(host()?).join("release"))
}

/// The crate name in a package id such as
/// `path+file:///…/subs/s0123#s0123@0.0.0`.
pub fn crate_of(package_id: &str) -> String {
    let (url, fragment) = package_id.split_once('#').unwrap_or((package_id, ""));
    match fragment.split_once('@') {
        Some((name, _)) => name.to_string(),
        None => url.rsplit('/').next().unwrap_or(url).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the system allows a mount namespace, the paths given are
    /// empty for the command that follows, and only for it.
    #[test]
    fn hidden_paths_are_empty_to_the_build() {
        let Some(args) = mount_namespace() else {
            eprintln!("no mount namespace here: the build sees everything");
            return;
        };
        let secret = tempfile::tempdir().unwrap();
        std::fs::write(secret.path().join("answer.rs"), "pub fn flip() {}").unwrap();
        let output = Command::new("unshare")
            .args(args)
            .args(["sh", "-c", HIDE_THEN_RUN, "sh", "1"])
            .arg(secret.path())
            .arg("ls")
            .arg("-A")
            .arg(secret.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "");
        // Nor does the host's file system show through another process's
        // root: the build's /proc holds only its own processes.
        let output = Command::new("unshare")
            .args(args)
            .args(["sh", "-c", "ls /proc | grep -c '^[0-9]'"])
            .output()
            .unwrap();
        let processes: usize = String::from_utf8_lossy(&output.stdout)
            .trim()
            .parse()
            .unwrap();
        assert!(processes <= 3, "{processes} processes in the build's /proc");
        assert!(
            secret.path().join("answer.rs").exists(),
            "outside, it is still there"
        );
    }

    #[test]
    fn crate_names_come_from_package_ids() {
        assert_eq!(crate_of("path+file:///tmp/x/subs/s0123#0.0.0"), "s0123");
        assert_eq!(
            crate_of("path+file:///tmp/x/subs/s0123#s0123@0.0.0"),
            "s0123"
        );
    }
}
