//! One run's grading: the grades in `--out` that are still current, the
//! sandbox setting (detected once), the build and the checks of the rest,
//! each grade saved as it finishes, and the pages written last.

use std::collections::BTreeMap;
use std::fs;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::time::Instant;

use anyhow::Context;

use crate::build::compile;
use crate::build::discover::Submission;
use crate::cli::{Cli, Similarity};
use crate::grader::ended::{RunEnded, WorkerFailed, stop_point};
use crate::grader::progress::Progress;
use crate::machine::interrupt;
use crate::machine::lock;
use crate::results::cache::cached;
use crate::results::class::Class;
use crate::results::gradebook::{save, save_gradebook, save_similar};
use crate::results::graded::Graded;
use crate::results::similar::Similar;
use crate::rubric::Rubric;
use crate::run::sandbox;
use crate::run::timings::describe_timings;
use crate::run::workers::{Grading, available_jobs, join_workers, spawn_workers};

/// Grades every submission, reusing results in `--out` that are current,
/// compares the class's code, and returns the class, sorted by id.
pub(crate) fn grade_all(
    cli: &Cli,
    rubric: &Rubric,
    rubric_text: &str,
    grader: &str,
    submissions: &[Submission],
) -> Result<Class, RunEnded> {
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
    let similar = compare_class(cli, submissions);
    if let Some(out) = &cli.out {
        save_similar(out, similar.as_ref())?;
        let writing = Instant::now();
        write_pages(
            out,
            &done,
            similar.as_ref(),
            rubric_text,
            grader,
            setting_line,
        )?;
        if crate::cli::timings_requested() {
            eprintln!(
                "timings: class report and feedback pages {:.3} s",
                writing.elapsed().as_secs_f64()
            );
        }
    }
    Ok(Class {
        graded: done.into_values().collect(),
        similar,
    })
}

/// Every submission compared with every other, unless `--similarity off`
/// or there is no pair to compare: every submission, reused grades
/// included, since a copy may pair a new submission with an old one.
pub(crate) fn compare_class(cli: &Cli, submissions: &[Submission]) -> Option<Similar> {
    let Similarity::At(threshold) = cli.similarity else {
        return None;
    };
    if submissions.len() < 2 {
        return None;
    }
    let comparing = Instant::now();
    let similar = crate::results::similar::compare(submissions, threshold);
    if crate::cli::timings_requested() {
        eprintln!(
            "timings: similarity of {} submissions {:.3} s",
            similar.compared,
            comparing.elapsed().as_secs_f64()
        );
    }
    Some(similar)
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
    similar: Option<&Similar>,
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
    crate::report::pages::write_all(out, done, similar, &run)
        .with_context(|| format!("writing the class report into {}", out.display()))?;
    // `print` names the report once, after the table.
    Ok(())
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
