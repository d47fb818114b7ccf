//! Running cargo on the generated workspace: where the system allows it,
//! in a mount namespace of its own with what a submission must not read
//! covered; every rustc of a submission's crate under the rubric's compile
//! time limit; and its messages read into a typed [`Build`]: each crate's
//! errors, and each crate that failed without one.
//!
//! What cargo says is read as it comes, within bounds, by
//! [`crate::build::cargo_output`], and typed by [`crate::build::diagnostic`], what the build may see
//! is set by [`crate::build::build_view`], and the time limit's wrapper is written
//! by [`crate::build::compile_limit`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

use crate::build::build_view::{build_temporary, build_view, mount_namespace};
use crate::build::cargo_output::{DEPTH_MOST, bounded, within_depth};
use crate::build::cargo_output::{
    ERRORS_KEPT, LINE_MOST, STDERR_KEPT, each_line, tail_on_a_thread,
};
use crate::build::diagnostic::{Diagnostic, DiagnosticLevel, crate_of, link_cause};
use crate::build::failure::Stopped;
use crate::build::link::{self, TemplateFailed};
use crate::build::workspace;
use crate::machine::process_group::GroupLeader;
use crate::machine::setting::in_namespaces;
use crate::rubric::BuildLimits;
use cargo_metadata::Message;

/// How cargo is run on the generated workspace: in `dir`, where the system
/// allows a mount namespace with `hidden` covered by empty folders, and
/// with each submissions' crate compiled behind its own wall, under the
/// rubric's `limits`.
pub struct Cargo {
    pub dir: PathBuf,
    pub hidden: Vec<PathBuf>,
    pub limits: BuildLimits,
}

/// What one cargo run did to the crates it was asked for.
#[derive(Debug, Default)]
pub struct Build {
    /// The errors of each crate that had any, by crate name (the images'
    /// template's under its binary's name).
    pub errors: BTreeMap<String, Vec<Diagnostic>>,
    /// Each crate asked for that failed with no error of its own: a
    /// compile time limit, a compiler that crashed or was killed, a
    /// linker or assembler error with no source span.
    pub unexplained: BTreeMap<String, Stopped>,
}

impl Build {
    fn failed_any(&self) -> bool {
        !self.errors.is_empty() || !self.unexplained.is_empty()
    }

    /// Why `krate` failed (its first error, or what stopped it), if it
    /// did; with `None`, why the one thing built did: the template's
    /// errors may be its dependencies'.
    pub fn failure(&self, krate: Option<&str>) -> Option<String> {
        let (errors, stopped) = match krate {
            Some(krate) => (self.errors.get(krate), self.unexplained.get(krate)),
            None => (
                self.errors.values().next(),
                self.unexplained.values().next(),
            ),
        };
        errors
            .map(|diagnostics| link_cause(diagnostics))
            .or_else(|| stopped.map(ToString::to_string))
    }
}

impl Cargo {
    /// Builds `packages` of the generated workspace, each as far as it goes.
    pub fn build<'a>(&self, packages: impl Iterator<Item = &'a str>) -> anyhow::Result<Build> {
        self.run(&["build", "--keep-going"], packages, &[])
    }

    /// Builds the images' template, whose `main` is `main` (see
    /// [`crate::build::link`]): the recorded link, or why it failed.
    pub fn template(&self, main: &Path) -> anyhow::Result<Result<link::Template, TemplateFailed>> {
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
            [workspace::PACKAGE].into_iter(),
            &link::template_rustc_args(&record),
        )?;
        let template = match build.failure(None) {
            Some(cause) => Ok(Err(TemplateFailed(cause))),
            None => link::Template::load(&record, &folder.join("template")).map(Ok),
        };
        link::remove_leftovers(&release_dir(&self.dir)?.join("deps"));
        template
    }

    /// Runs cargo's `subcommand` on `packages`, with `rustc_args` for the
    /// final crate if any: its messages heard as they come, then each
    /// crate that failed without an error of its own explained.
    fn run<'a>(
        &self,
        subcommand: &[&str],
        packages: impl Iterator<Item = &'a str>,
        rustc_args: &[String],
    ) -> anyhow::Result<Build> {
        let packages: Vec<&str> = packages.collect();
        let GroupLeader { mut child, named } =
            GroupLeader::spawn(&mut self.command(subcommand, &packages, rustc_args)?)
                .context("running cargo to build the submissions")?;
        let stderr = child.stderr.take().context("cargo's stderr")?;
        let stderr = tail_on_a_thread(stderr, STDERR_KEPT);
        let stdout = child.stdout.take().context("cargo's stdout")?;
        let mut heard = Heard::default();
        let read = each_line(std::io::BufReader::new(stdout), LINE_MOST, |line| {
            heard.line(line);
        });
        let status = child.wait().context("waiting for cargo")?;
        drop(named);
        let stderr = stderr.join().unwrap_or_default();
        read.context("reading cargo's messages")?;
        if crate::cli::timings_requested() {
            eprintln!(
                "timings: cargo compiled {} packages, such as {:?}",
                heard.rebuilt_count, heard.rebuilt
            );
        }
        if status.success() {
            return Ok(heard.build);
        }
        self.explain_failure(heard, &packages, &stderr)
    }

    /// The command that runs cargo's `subcommand` on `packages` (see
    /// [`Cargo::run`]): in the build's view, behind the compile's wall,
    /// its messages as JSON lines on its stdout.
    fn command(
        &self,
        subcommand: &[&str],
        packages: &[&str],
        rustc_args: &[String],
    ) -> anyhow::Result<Command> {
        let (wrapper, wall) = self.write_limit_wrapper()?;
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        // cargo in the build's view: `grade __build-view cargo …`, inside
        // the mount namespace where there is one (Landlock refuses the
        // mounts that cover the hidden paths, so it comes after them).
        let grade = std::env::current_exe().context("finding grade's own executable")?;
        let mut view = build_view(&self.dir);
        let mut command = match mount_namespace() {
            Some(namespaces) => {
                // Covered by `grade __build-view` itself, inside the
                // namespace, before its Landlock rules.
                view.hide = self.hidden.clone();
                let mut command = in_namespaces(namespaces)?;
                command.arg(grade);
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
                serde_json::to_string(&view)?,
            )
            .env("TMPDIR", &temporary)
            .current_dir(&self.dir)
            .args(subcommand)
            .args(["--release", "--offline", "--message-format=json"])
            .args(["--target-dir", "target", "--target", host()?])
            .env("RUSTFLAGS", workspace::RUSTFLAGS)
            .env("RUSTC_WORKSPACE_WRAPPER", &wrapper)
            .env(
                grade_sandbox::COMPILE_VARIABLE,
                serde_json::to_string(&wall)?,
            )
            .env("CARGO_TERM_COLOR", "never")
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .stdout(Stdio::piped());
        for package in packages {
            command.args(["-p", package]);
        }
        if !rustc_args.is_empty() {
            command.arg("--").args(rustc_args);
        }
        Ok(command)
    }

    /// What a failed cargo run did to `packages`, from what was `heard`:
    /// each that failed without an error of its own, with why (see
    /// [`Cargo::unexplained_cause`]). Cargo itself failed when nothing was
    /// built and no crate is to blame: an error, with the `stderr` tail.
    fn explain_failure(
        &self,
        heard: Heard,
        packages: &[&str],
        stderr: &[u8],
    ) -> anyhow::Result<Build> {
        let Heard {
            mut build,
            built,
            spanless,
            ..
        } = heard;
        for &package in packages {
            // rustc's name for the crate: the template's is its binary's.
            let (krate, explained) = if package == workspace::PACKAGE {
                (link::TEMPLATE_BIN, !build.errors.is_empty())
            } else {
                (package, build.errors.contains_key(package))
            };
            if !built.contains(package) && !explained {
                let said = spanless.get(package).and_then(Spanless::cause);
                let said = said.map(String::as_str);
                let cause = match self.unexplained_cause(krate, said) {
                    Ok(cause) => cause,
                    Err(error) => bail!("{error}; cargo's last words:\n{}", stderr_tail(stderr)),
                };
                build.unexplained.insert(krate.to_string(), cause);
            }
        }
        // Nothing built, not even a dependency, and nobody to blame: cargo
        // itself failed (a bad manifest, a missing toolchain), which is the
        // grader's problem or the machine's, not a student's.
        if (built.is_empty() && build.errors.is_empty()) || !build.failed_any() {
            bail!(
                "cargo could not build the submissions:\n{}",
                stderr_tail(stderr)
            );
        }
        Ok(build)
    }
}

/// The last 12 lines of cargo's stderr, for an error that is the
/// grader's or the machine's.
fn stderr_tail(stderr: &[u8]) -> String {
    let stderr = String::from_utf8_lossy(stderr);
    let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    tail.join("\n")
}

/// What is heard of one cargo run, line by line as it comes: each crate's
/// errors, the crates that were built, and what is needed to explain a
/// crate that failed without an error pointing into its source.
#[derive(Debug, Default)]
struct Heard {
    build: Build,
    built: BTreeSet<String>,
    spanless: BTreeMap<String, Spanless>,
    /// The first few crates cargo compiled rather than found fresh, and
    /// how many there were, for `--timings`.
    rebuilt: Vec<String>,
    rebuilt_count: usize,
}

impl Heard {
    /// Takes in one line of cargo's output: a message of cargo's own
    /// types, or nothing (a line that is not one is skipped).
    fn line(&mut self, line: &[u8]) {
        let line = within_depth(line, DEPTH_MOST);
        match serde_json::from_slice::<Message>(&line) {
            Ok(Message::CompilerArtifact(artifact)) => {
                let krate = crate_of(&artifact.package_id);
                if !artifact.fresh {
                    self.rebuilt_count += 1;
                    if self.rebuilt.len() < 4 {
                        self.rebuilt.push(krate.clone());
                    }
                }
                self.built.insert(krate);
            }
            Ok(Message::CompilerMessage(message)) => {
                self.diagnostic(
                    crate_of(&message.package_id),
                    message.target.name,
                    message.message,
                );
            }
            Ok(_) | Err(_) => {}
        }
    }

    /// Takes in one of rustc's diagnostics about crate `krate`, whose
    /// target is `target`: an error is kept, within bounds, under its
    /// crate, or, without a span, as the crate's possible cause.
    fn diagnostic(&mut self, krate: String, target: String, diagnostic: Diagnostic) {
        let error = diagnostic.level == DiagnosticLevel::Error;
        if !error && diagnostic.level != DiagnosticLevel::Ice {
            return;
        }
        let spanless = self.spanless.entry(krate.clone()).or_default();
        let place = spanless.errors;
        spanless.errors += 1;
        if !error {
            return;
        }
        // The template's errors are all its own, spans or not: a link
        // error has none. They are kept whole: the linker's own error is
        // below the whole link line in their text (see `link_cause`), and
        // the template is grade's crate.
        let (key, whole) = if krate == workspace::PACKAGE {
            (target, true)
        } else if diagnostic.spans.is_empty() {
            // The assembler's or the linker's word, or rustc's count of
            // the errors, kept in case nothing else explains the failure
            // (see [`Spanless::cause`]).
            if spanless.first.is_none() {
                spanless.first = Some((place, bounded(diagnostic).message));
            }
            return;
        } else {
            (krate, false)
        };
        let errors = self.build.errors.entry(key).or_default();
        if errors.len() < ERRORS_KEPT {
            errors.push(if whole {
                diagnostic
            } else {
                bounded(diagnostic)
            });
        }
    }
}

/// A crate's errors without a span, as far as they explain a failure: how
/// many errors the crate had in all, and its first one without a span,
/// with its place among them (from 0).
#[derive(Debug, Default)]
struct Spanless {
    errors: usize,
    first: Option<(usize, String)>,
}

impl Spanless {
    /// The crate's first error without a span, unless it is rustc's count
    /// of the errors ("aborting due to …"). That count has no span and no
    /// code, as a linker's or an assembler's error has none, so it is
    /// known by its place: rustc gives it after the errors it counts, as
    /// the crate's last error and never its first.
    fn cause(&self) -> Option<&String> {
        self.first
            .as_ref()
            .filter(|(place, _)| *place == 0 || place + 1 < self.errors)
            .map(|(_, cause)| cause)
    }
}

/// This machine's target, as rustc names it. The batch is built for it by
/// name, so that the static flag of the images applies to the target's
/// crates and not to the compiler's plug-ins (serde's derive).
pub fn host() -> anyhow::Result<&'static str> {
    static HOST: std::sync::OnceLock<Result<String, HostUnknown>> = std::sync::OnceLock::new();
    HOST.get_or_init(|| {
        crate::machine::host::host_target().map_err(|e| HostUnknown(format!("{e:#}")))
    })
    .as_deref()
    .map_err(|unknown| anyhow::Error::new(unknown.clone()))
}

/// Why this machine's target could not be found, with its causes in one
/// line: found once a run, so kept, and handed out again, by value.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
struct HostUnknown(String);

/// Where cargo puts a batch's release build in `dir`.
pub fn release_dir(dir: &Path) -> anyhow::Result<PathBuf> {
    Ok(dir.join("target").join(host()?).join("release"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rustcs_count_of_the_errors_is_no_cause() {
        let cause = |errors, place| {
            let first = Some((place, "said".to_string()));
            Spanless { errors, first }.cause().is_some()
        };
        assert!(cause(2, 0), "a linker's error, then rustc's count");
        assert!(cause(1, 0), "a compile stopped after its first error");
        assert!(cause(3, 1), "an error without a span between others");
        assert!(!cause(3, 2), "rustc's count, after errors with spans");
    }
}
