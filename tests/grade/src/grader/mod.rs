//! The command: discovers submissions, builds them, runs every check in
//! the sandbox and writes the reports. This module runs those steps in
//! order; each step's own work is in a wing of its own. What serves the
//! command alone lives here: `session` is one run's grading, `ended` how
//! a run ends short, `progress` says how far it has got, and `watch`
//! waits for a source to change.

mod ended;
mod progress;
mod session;
mod watch;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, anyhow};

pub use crate::build::compile::{Broken, Compiled};
pub use crate::build::discover::{Submission, discover};
pub use crate::build::nesting::PARSER_STACK;
pub use crate::cli::{Cli, Command, Format, Part};
use crate::results::class::Class;
pub use crate::results::graded::{Graded, GradedCheck};
pub use crate::results::{Extra, Results, Tags, TestResult};
pub use crate::rubric::{DEFAULT as DEFAULT_RUBRIC, Rubric};
pub use crate::run::sandbox::isolated;

pub use crate::grader::session::BUILD_DIR_VARIABLE;

use crate::grader::ended::{RunEnded, stop_point};
use crate::grader::session::{compare_class, grade_all};
use crate::grader::watch::Changes;
use crate::machine::interrupt;
use crate::report::printing::print;
use crate::results::cache::grader_fingerprint;
use crate::rubric;

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
        let class = match grade_all(cli, &rubric, &rubric_text, &grader, &submissions) {
            // The grades it did finish are printed before the error.
            Err(RunEnded::WorkerFailed(failed)) if !failed.graded.is_empty() => {
                let class = Class {
                    graded: failed.graded.clone(),
                    similar: compare_class(cli, &submissions),
                };
                print(cli.format, &class, cli.out.as_deref())?;
                return Err(failed.into());
            }
            Err(ended) => return Err(ended),
            Ok(class) => class,
        };
        // A stop that came too late to cut grading short still stops it
        // before its report: the one line says what was kept.
        stop_point(cli, class.graded.len(), submissions.len())?;
        print(cli.format, &class, cli.out.as_deref())?;
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
