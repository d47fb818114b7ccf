//! The grader: discovers submissions, builds them, runs every check in the
//! sandbox and writes the reports. This module runs those steps in order;
//! each step's own work is in a module of its own.

use std::collections::BTreeMap;
use std::fs;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressStyle};

pub use crate::cli::{Cli, Command, Format};
pub use crate::compile::{Broken, COMPILE_ERROR_MARKER, Compiled};
pub use crate::discover::{Submission, discover};
pub use crate::report::{Extra, Results, Tags, TestResult};
pub use crate::rubric::{DEFAULT as DEFAULT_RUBRIC, Rubric};
pub use crate::sandbox::isolated;

use crate::cache::{cached, grader_fingerprint};
use crate::gradebook::{save_gradebook, save_results};
use crate::sandbox::lock;
use crate::timings::describe_timings;
use crate::watch::Changes;
use crate::workers::{Grading, available_jobs};
use crate::{compile, report, rubric, sandbox};

/// Runs the command; errors are bad input or a grader that cannot work.
pub fn run(cli: &Cli) -> anyhow::Result<ExitCode> {
    grading::quiet_check_panics();
    grading::checks::snapshot::set_quiet(true);
    if let Some(Command::Assign { out, rubric }) = &cli.command {
        let (text, rubric) = load_rubric(rubric.as_deref())?;
        let made = crate::assign::assign(out, &rubric, &text)?;
        println!(
            "Wrote {} (the student repository) and {} (for Gradescope)",
            made.student.display(),
            made.autograder.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
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
            bail!(
                "--format json prints one submission's results.json, but {} were found; use \
             --out DIR to write one per submission",
                submissions.len()
            );
        }
        let graded = grade_all(cli, &rubric, &rubric_text, &grader, &submissions)?;
        print(cli.format, &graded, cli.out.as_deref())?;
        let Some(changes) = changes.as_mut() else {
            return Ok(ExitCode::SUCCESS);
        };
        eprintln!(
            "Watching {} for changes (Ctrl-C to stop)…",
            describe_paths(&cli.paths)
        );
        changes.wait(&cli.paths, &submissions);
    }
}

/// Notes, in each clone of the student edition, the files of its checks
/// that were edited. A grader that cannot make the edition (Gradescope's
/// has no stubs to make it from) notes nothing.
fn note_edited_checks(submissions: &mut [Submission], rubric: &Rubric) {
    let root = crate::compile::workspace_root();
    for submission in submissions
        .iter_mut()
        .filter(|s| s.origin.join("exercises/src/lib.rs").is_file())
    {
        if let Ok(edited) = crate::classroom::edited_checks(&submission.origin, &root, rubric) {
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

/// Prints the grades to stdout in the chosen format; a table of more
/// than one ends with the class's lines. Last, on stderr, where the class
/// report written into `out` is, so that an instructor learns it is there.
fn print(format: Format, graded: &[Results], out: Option<&Path>) -> anyhow::Result<()> {
    let all: Vec<&Results> = graded.iter().collect();
    match format {
        Format::Table => {
            for result in &all {
                println!("{}", crate::terminal::table(result));
            }
            if all.len() > 1 {
                print!("{}", crate::class_summary::lines(&all));
            }
        }
        Format::Json => println!("{}", crate::terminal::json(&graded[0])?),
        Format::Csv => print!("{}", report::csv(&all)?),
    }
    if let Some(out) = out {
        eprintln!(
            "Class report: {} (a feedback page per submission beside it)",
            out.join("index.html").display()
        );
    }
    Ok(())
}

/// Grades every submission, reusing results in `--out` that are current,
/// and returns them sorted by id.
fn grade_all(
    cli: &Cli,
    rubric: &Rubric,
    rubric_text: &str,
    grader: &str,
    submissions: &[Submission],
) -> anyhow::Result<Vec<Results>> {
    let mut done: BTreeMap<String, Results> = BTreeMap::new();
    if let Some(out) = &cli.out {
        fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
        for submission in submissions {
            if let Some(previous) = cached(out, submission, grader) {
                done.insert(submission.id.clone(), previous);
            }
        }
    }
    if !done.is_empty() {
        eprintln!(
            "{} of {} submissions are unchanged since they were graded into {}; reusing those grades",
            done.len(),
            submissions.len(),
            cli.out
                .as_deref()
                .map_or_else(String::new, |p| p.display().to_string())
        );
    }
    let mut setting_line = None;
    let todo: Vec<Submission> = submissions
        .iter()
        .filter(|s| !done.contains_key(&s.id))
        .cloned()
        .collect();
    if !todo.is_empty() {
        let progress = progress_bar(todo.len() as u64);
        progress.set_message("compiling");
        let compiling = Instant::now();
        let setting = sandbox::Setting::detect()?;
        progress.suspend(|| eprintln!("{}", setting.describe()));
        setting_line = Some(setting.describe());
        let batch = compile::build(&build_dir(), &todo, rubric.build)?;
        let grading_started = Instant::now();
        progress.set_message("grading");
        let jobs = cli.jobs.map_or_else(available_jobs, NonZeroUsize::get);
        let grading = Arc::new(Grading::new(
            todo,
            batch,
            setting,
            rubric.clone(),
            grader.to_string(),
        ));
        let (sender, receiver) = mpsc::channel();
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                let grading = Arc::clone(&grading);
                let sender = sender.clone();
                thread::spawn(move || grading.work(&sender))
            })
            .collect();
        drop(sender);
        for result in receiver {
            progress.set_message(crate::terminal::one_line(&result.extra_data.submission));
            progress.inc(1);
            if let Some(out) = &cli.out {
                save_results(out, &result)?;
            }
            done.insert(result.extra_data.submission.clone(), result);
            if let Some(out) = &cli.out {
                save_gradebook(out, &done)?;
            }
        }
        for worker in workers {
            let _ = worker.join();
        }
        progress.finish_and_clear();
        if std::env::var_os("GRADE_TIMINGS").is_some() {
            eprintln!(
                "timings: compiling {:.1} s, grading {:.1} s",
                (grading_started - compiling).as_secs_f64(),
                grading_started.elapsed().as_secs_f64()
            );
            eprintln!("{}", describe_timings(&lock(&grading.timings)));
        }
    } else if let Some(out) = &cli.out {
        save_gradebook(out, &done)?;
    }
    if let Some(out) = &cli.out {
        let writing = Instant::now();
        write_pages(out, &done, rubric_text, grader, setting_line)?;
        if std::env::var_os("GRADE_TIMINGS").is_some() {
            eprintln!(
                "timings: class report and feedback pages {:.3} s",
                writing.elapsed().as_secs_f64()
            );
        }
    }
    Ok(done.into_values().collect())
}

/// Writes the class report and the feedback pages into `out`. A run that
/// reused every grade still names the setting it would grade in.
fn write_pages(
    out: &Path,
    done: &BTreeMap<String, Results>,
    rubric_text: &str,
    grader: &str,
    setting_line: Option<String>,
) -> anyhow::Result<()> {
    use sha2::{Digest, Sha256};
    let isolation = setting_line.unwrap_or_else(|| {
        sandbox::Setting::detect().map_or_else(|e| format!("not detected: {e:#}"), |s| s.describe())
    });
    let written = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let run = crate::pages::RunInfo {
        rubric: format!("{:x}", Sha256::digest(rubric_text.as_bytes()))[..16].to_string(),
        isolation,
        grader: format!(
            "grade {} (fingerprint {})",
            env!("CARGO_PKG_VERSION"),
            &grader[..grader.len().min(16)]
        ),
        written,
    };
    crate::pages::write_all(out, done, &run)
        .with_context(|| format!("writing the class report into {}", out.display()))?;
    // `print` names the report once, after the table.
    Ok(())
}

fn progress_bar(length: u64) -> ProgressBar {
    let bar = ProgressBar::new(length);
    if let Ok(style) = ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} {msg}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The environment variable that moves where batches are built, for a
/// grading user who cannot write into the workspace.
pub const BUILD_DIR_VARIABLE: &str = "GRADE_BUILD_DIR";

/// Where batches are built: `GRADE_BUILD_DIR`, or beside the workspace's
/// own build output.
fn build_dir() -> PathBuf {
    match std::env::var_os(BUILD_DIR_VARIABLE) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => compile::workspace_root().join("target").join("grade"),
    }
}
