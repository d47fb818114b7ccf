//! The grader: discovers submissions, builds them, runs every check in the
//! sandbox and writes the reports. This module runs those steps in order;
//! each step's own work is in a module of its own.

use std::collections::BTreeMap;
use std::fs;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, mpsc};
use std::time::Instant;

use anyhow::{Context, anyhow};

pub use crate::build::compile::Compiled;
pub use crate::build::discover::{Submission, discover};
pub use crate::build::nesting::PARSER_STACK;
pub use crate::build::repair::Broken;
pub use crate::cli::{Cli, Command, Format, Part};
pub use crate::results::graded::{Graded, GradedCheck};
pub use crate::results::{Extra, Results, Tags, TestResult};
pub use crate::rubric::{DEFAULT as DEFAULT_RUBRIC, Rubric};
pub use crate::run::sandbox::isolated;

use crate::build::compile;
use crate::machine::interrupt::{self, Stopped};
use crate::machine::lock;
use crate::report::printing::print;
use crate::results::cache::{cached, grader_fingerprint};
use crate::results::gradebook::{save, save_gradebook};
use crate::rubric;
use crate::run::progress::Progress;
use crate::run::sandbox;
use crate::run::timings::describe_timings;
use crate::run::watch::Changes;
use crate::run::workers::{Grading, available_jobs, join_workers, spawn_workers};

/// Runs the command; errors are bad input or a grader that cannot work.
pub fn run(cli: &Cli) -> anyhow::Result<ExitCode> {
    grading::quiet_check_panics();
    if let Some(Command::ExerciseFiles { part }) = cli.command {
        for exercise in workbook::EXERCISES {
            if exercise.bonus == (part == Part::Bonus) {
                println!("{}.rs", exercise.name);
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(Command::Assign { out, rubric }) = &cli.command {
        let (text, rubric) = load_rubric(rubric.as_deref())?;
        let made = crate::classroom::assign::assign(out, &rubric, &text)?;
        println!(
            "Wrote {} (the student repository) and {} (for Gradescope)",
            made.student.display(),
            made.autograder.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    interrupt::install().context("cannot catch Ctrl-C to stop cleanly")?;
    match grade_until_done(cli) {
        Ok(code) => Ok(code),
        Err(RunEnded::Stopped(stopped)) => {
            eprintln!("{stopped}");
            Ok(ExitCode::from(stopped.signal.exit_status()))
        }
        Err(RunEnded::WorkerFailed(failed)) => Err(failed.into()),
        Err(RunEnded::Failed(error)) => Err(error),
    }
}

/// How a grading run ended short of its grades, told apart by type: a stop
/// is no failure (it prints its line and exits with the signal's status),
/// and a worker's panic first prints the grades it did not lose. Anything
/// else is an `Error:` line, with its context, at the edge.
#[derive(Debug, thiserror::Error)]
enum RunEnded {
    #[error(transparent)]
    Stopped(#[from] Stopped),
    #[error(transparent)]
    WorkerFailed(#[from] WorkerFailed),
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

/// Grades, and with `--watch` grades again on every change, until done or
/// stopped by a signal ([`Stopped`]).
fn grade_until_done(cli: &Cli) -> Result<ExitCode, RunEnded> {
    let (rubric_text, rubric) = load_rubric(cli.rubric.as_deref())?;
    let grader = grader_fingerprint(&rubric_text)?;
    let mut changes = None;
    loop {
        let mut submissions = discover(&cli.paths)?;
        note_edited_checks(&mut submissions, &rubric);
        if cli.watch && changes.is_none() {
            // Before grading, so that an edit made meanwhile is seen.
            changes = Some(Changes::watch(&cli.paths));
        }
        if cli.format == Format::Json && submissions.len() != 1 {
            return Err(anyhow!(
                "--format json prints one submission's results.json, but {} were found; use \
             --out DIR to write one per submission",
                submissions.len()
            )
            .into());
        }
        let graded = match grade_all(cli, &rubric, &rubric_text, &grader, &submissions) {
            // The grades it did finish are printed before the error.
            Err(RunEnded::WorkerFailed(failed)) if !failed.graded.is_empty() => {
                print(cli.format, &failed.graded, cli.out.as_deref())?;
                return Err(failed.into());
            }
            Err(ended) => return Err(ended),
            Ok(graded) => graded,
        };
        // A stop that came too late to cut grading short still stops it
        // before its report: the one line says what was kept.
        stop_point(cli, graded.len(), submissions.len())?;
        print(cli.format, &graded, cli.out.as_deref())?;
        let Some(changes) = changes.as_mut() else {
            return Ok(ExitCode::SUCCESS);
        };
        eprintln!(
            "Watching {} for changes (Ctrl-C to stop)…",
            describe_paths(&cli.paths)
        );
        // Waiting holds nothing to clean up: a stop ends `grade` at once.
        let _stop = interrupt::on_stop(|| {
            interrupt::exit_now("grade: stopped watching; every grade above is final")
        });
        changes.wait(&cli.paths, &submissions);
    }
}

/// Notes, in each clone of the student edition, the files of its checks
/// that were edited. A grader that cannot make the edition (Gradescope's
/// has no stubs to make it from) notes nothing.
fn note_edited_checks(submissions: &mut [Submission], rubric: &Rubric) {
    let root = crate::machine::host::workspace_root();
    for submission in submissions
        .iter_mut()
        .filter(|s| s.origin.join("exercises/src/lib.rs").is_file())
    {
        if let Ok(edited) =
            crate::classroom::edited_checks::edited_checks(&submission.origin, &root, rubric)
        {
            submission.edited_checks = edited;
        }
    }
}

/// The rubric at `path`, or the default one, with its text.
fn load_rubric(path: Option<&Path>) -> anyhow::Result<(String, Rubric)> {
    match path {
        Some(path) => {
            let text = fs::read_to_string(path)
                .with_context(|| format!("cannot read the rubric {}", path.display()))?;
            let rubric =
                Rubric::parse(&text).with_context(|| format!("the rubric {}", path.display()))?;
            Ok((text, rubric))
        }
        None => Ok((rubric::DEFAULT.to_string(), Rubric::parse(rubric::DEFAULT)?)),
    }
}

fn describe_paths(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Grades every submission, reusing results in `--out` that are current,
/// and returns them sorted by id.
fn grade_all(
    cli: &Cli,
    rubric: &Rubric,
    rubric_text: &str,
    grader: &str,
    submissions: &[Submission],
) -> Result<Vec<Graded>, RunEnded> {
    let mut done = reuse_current(cli, submissions, grader)?;
    let total = submissions.len();
    // Detected once, for the grading and for the report's settings line
    // (a run that reuses every grade still names the setting).
    let setting = {
        let detecting = interrupt::kill_children_on_stop();
        let setting = sandbox::Setting::detect();
        drop(detecting);
        // A detection cut short by a stop fails: the stop is checked
        // before its outcome is believed.
        stop_point(cli, done.len(), total)?;
        setting
    };
    let setting_line = setting
        .as_ref()
        .map_or_else(|e| format!("not detected: {e:#}"), |s| s.describe());
    let todo: Vec<Submission> = submissions
        .iter()
        .filter(|s| !done.contains_key(&s.id))
        .cloned()
        .collect();
    if !todo.is_empty() {
        let session = Session {
            cli,
            rubric,
            grader,
            total,
        };
        session.grade(todo, setting?, &setting_line, &mut done)?;
    } else if let Some(out) = &cli.out {
        save_gradebook(out, &done)?;
    }
    if let Some(out) = &cli.out {
        let writing = Instant::now();
        write_pages(out, &done, rubric_text, grader, setting_line)?;
        if crate::cli::timings_requested() {
            eprintln!(
                "timings: class report and feedback pages {:.3} s",
                writing.elapsed().as_secs_f64()
            );
        }
    }
    Ok(done.into_values().collect())
}

/// The grades in `--out` that are current for `submissions`, by id.
fn reuse_current(
    cli: &Cli,
    submissions: &[Submission],
    grader: &str,
) -> anyhow::Result<BTreeMap<String, Graded>> {
    let mut done = BTreeMap::new();
    let Some(out) = &cli.out else {
        return Ok(done);
    };
    fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    for submission in submissions {
        if let Some(previous) = cached(out, submission, grader) {
            done.insert(submission.id.clone(), previous);
        }
    }
    if !done.is_empty() {
        eprintln!(
            "{} of {} submissions are unchanged since they were graded into {}; reusing those grades",
            done.len(),
            submissions.len(),
            out.display()
        );
    }
    Ok(done)
}

/// One grading of the submissions not reused: what every step of it
/// needs.
struct Session<'a> {
    cli: &'a Cli,
    rubric: &'a Rubric,
    grader: &'a str,
    /// How many submissions the run has, reused ones included.
    total: usize,
}

impl Session<'_> {
    /// Builds `todo` and grades it in `setting`, adding each grade to
    /// `done` (and to `--out`) as it finishes.
    fn grade(
        &self,
        todo: Vec<Submission>,
        setting: sandbox::Setting,
        setting_line: &str,
        done: &mut BTreeMap<String, Graded>,
    ) -> Result<(), RunEnded> {
        let mut progress = Progress::new(todo.len() as u64);
        progress.say(setting_line);
        let compiling = Instant::now();
        let building = interrupt::kill_children_on_stop();
        let dir = build_dir();
        progress.compiling(dependencies_built(&dir));
        let batch = compile::build(&dir, &todo, self.rubric.build);
        drop(building);
        // A build cut short by a stop fails, or blames the students: the
        // stop is checked before its outcome is believed.
        stop_point(self.cli, done.len(), self.total)?;
        let batch = batch?;
        let grading_started = Instant::now();
        let jobs = self.cli.jobs.map_or_else(available_jobs, NonZeroUsize::get);
        progress.grading(jobs);
        let grading = Arc::new(Grading::new(
            todo,
            batch,
            setting,
            self.rubric.clone(),
            self.grader.to_string(),
        ));
        self.run_workers(&grading, jobs, &mut progress, done)?;
        stop_point(self.cli, done.len(), self.total)?;
        progress.done(done.len());
        if crate::cli::timings_requested() {
            eprintln!(
                "timings: compiling {:.1} s, grading {:.1} s",
                (grading_started - compiling).as_secs_f64(),
                grading_started.elapsed().as_secs_f64()
            );
            eprintln!("{}", describe_timings(&lock(&grading.timings)));
        }
        Ok(())
    }

    /// Runs `jobs` workers on `grading`, saving each grade as it arrives;
    /// a worker's panic keeps every grade already made.
    fn run_workers(
        &self,
        grading: &Arc<Grading>,
        jobs: usize,
        progress: &mut Progress,
        done: &mut BTreeMap<String, Graded>,
    ) -> Result<(), RunEnded> {
        let stopping = {
            let grading = Arc::clone(grading);
            interrupt::on_stop(move || grading.stop())
        };
        let (sender, receiver) = mpsc::channel();
        let workers = spawn_workers(grading, jobs, &sender)?;
        drop(sender);
        for graded in receiver {
            progress.graded(&graded.submission);
            if let Some(out) = &self.cli.out {
                save(out, &graded)?;
            }
            done.insert(graded.submission.clone(), graded);
            if let Some(out) = &self.cli.out {
                save_gradebook(out, done)?;
            }
        }
        let panicked = join_workers(workers);
        // Waits for a stop under way, and drops its hold on the batch.
        drop(stopping);
        match panicked.first() {
            Some(panic) => Err(RunEnded::WorkerFailed(WorkerFailed {
                panic: panic.clone(),
                total: self.total,
                out: self.cli.out.clone(),
                graded: std::mem::take(done).into_values().collect(),
            })),
            None => Ok(()),
        }
    }
}

/// Writes the class report and the feedback pages into `out`, naming the
/// setting as `isolation` describes it.
fn write_pages(
    out: &Path,
    done: &BTreeMap<String, Graded>,
    rubric_text: &str,
    grader: &str,
    isolation: String,
) -> anyhow::Result<()> {
    use sha2::{Digest, Sha256};
    let written = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let run = crate::report::wording::RunInfo {
        rubric: format!("{:x}", Sha256::digest(rubric_text.as_bytes()))[..16].to_string(),
        isolation,
        grader: format!(
            "grade {} (fingerprint {})",
            env!("CARGO_PKG_VERSION"),
            &grader[..grader.len().min(16)]
        ),
        written,
    };
    crate::report::pages::write_all(out, done, &run)
        .with_context(|| format!("writing the class report into {}", out.display()))?;
    // `print` names the report once, after the table.
    Ok(())
}

/// A worker thread panicked, a bug in `grade`: the submissions it was
/// grading have no grade, and the others, `graded`, are kept.
#[derive(Debug)]
struct WorkerFailed {
    panic: String,
    total: usize,
    out: Option<PathBuf>,
    graded: Vec<Graded>,
}

impl std::fmt::Display for WorkerFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a grading thread failed, which is a bug in grade ({}); {} of {} submissions were \
             graded",
            self.panic,
            self.graded.len(),
            self.total
        )?;
        match &self.out {
            Some(out) => write!(
                f,
                ", their grades are in {}, and a rerun with the same --out grades the rest",
                out.display()
            ),
            None if self.graded.is_empty() => f.write_str("; a rerun grades them all"),
            None => f.write_str(" (their grades are on stdout); a rerun grades them all"),
        }
    }
}

impl std::error::Error for WorkerFailed {}

/// [`Stopped`], saying what was kept, if a signal has asked `grade` to stop.
fn stop_point(cli: &Cli, graded: usize, total: usize) -> Result<(), Stopped> {
    match interrupt::stopped() {
        Some(signal) => Err(Stopped {
            signal,
            graded,
            total,
            out: cli.out.clone(),
        }),
        None => Ok(()),
    }
}

/// Whether the images' dependencies are built in `dir` already (its
/// release folder holds `grade-serve`'s library), for the first run's
/// warning that building them takes minutes.
fn dependencies_built(dir: &Path) -> bool {
    let Ok(release) = crate::build::cargo::release_dir(dir) else {
        return true;
    };
    fs::read_dir(release.join("deps")).is_ok_and(|entries| {
        entries.flatten().any(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .starts_with("libgrade_serve-")
        })
    })
}

/// The environment variable that moves where batches are built, for a
/// grading user who cannot write into the workspace.
pub const BUILD_DIR_VARIABLE: &str = "GRADE_BUILD_DIR";

/// Where batches are built: `GRADE_BUILD_DIR`, or beside the workspace's
/// own build output.
fn build_dir() -> PathBuf {
    match std::env::var_os(BUILD_DIR_VARIABLE) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => crate::machine::host::workspace_root()
            .join("target")
            .join("grade"),
    }
}
