//! The grader: discovers submissions, builds them, runs every check in the
//! sandbox and writes the reports.

use std::collections::BTreeMap;
use std::fs;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use sha2::{Digest, Sha256};

pub use crate::compile::{Broken, COMPILE_ERROR_MARKER, Compiled};
pub use crate::discover::{Submission, discover};
pub use crate::report::{Extra, Results, Tags, TestResult};
pub use crate::rubric::{DEFAULT as DEFAULT_RUBRIC, Rubric};
pub use crate::sandbox::isolated;

use crate::sandbox::lock;
use crate::{compile, remote, report, rubric, sandbox};
use grading::{Check, Kind, Outcome, catalogue, run_check_on};

/// Grade Activity 3 submissions: each check of the grading suite runs the
/// student's functions in fresh sandboxed processes.
#[derive(Debug, Parser)]
#[command(
    name = "grade",
    version,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Cli {
    /// Instead of grading: make a class's editions.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Submissions to grade: a crate folder (with src/lib.rs), a single .rs
    /// file, or a folder of those, each entry one submission named after it.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// How to print the grades.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,

    /// Write DIR/<id>/results.json and DIR/grades.csv as each submission
    /// finishes; on a rerun, skip submissions already graded and unchanged.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// A rubric (TOML): the points and limits it names replace tests/rubric.toml's.
    #[arg(long, value_name = "FILE")]
    pub rubric: Option<PathBuf>,

    /// Grade again whenever a submission's source changes.
    #[arg(long)]
    pub watch: bool,

    /// Checks run at once [default: twice the number of CPUs, since a
    /// check's time is split between the grader and its sandbox].
    #[arg(long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,
}

/// What `grade` can do besides grading.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Write OUT/student/, a repository for students without the answers,
    /// and OUT/autograder.zip, for Gradescope.
    Assign {
        /// The folder to write into; neither result may exist yet.
        #[arg(value_name = "OUT")]
        out: PathBuf,

        /// The rubric (TOML) the classroom workflow and the autograder use;
        /// tests/rubric.toml if absent.
        #[arg(long, value_name = "FILE")]
        rubric: Option<PathBuf>,
    },
}

/// The report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A readable report: points per exercise, and every failed check.
    Table,
    /// Gradescope's results.json, for exactly one submission.
    Json,
    /// A gradebook, one row per submission.
    Csv,
}

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
        let graded = grade_all(cli, &rubric, &grader, &submissions)?;
        print(cli.format, &graded)?;
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
        if let Ok(edited) = crate::assign::edited_checks(&submission.origin, &root, rubric) {
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

/// Prints the grades to stdout in the chosen format.
fn print(format: Format, graded: &[Results]) -> anyhow::Result<()> {
    let all: Vec<&Results> = graded.iter().collect();
    match format {
        Format::Table => {
            for result in &all {
                println!("{}", report::table(result));
            }
        }
        Format::Json => println!("{}", serde_json::to_string_pretty(&graded[0])?),
        Format::Csv => print!("{}", report::csv(&all)?),
    }
    Ok(())
}

/// Identifies everything a grade depends on besides the source: the rubric
/// and the grader itself (its executable's bytes).
fn grader_fingerprint(rubric_text: &str) -> anyhow::Result<String> {
    let mut hasher = Sha256::new();
    hasher.update(rubric_text.as_bytes());
    let exe = std::env::current_exe().context("finding the grade executable")?;
    hasher.update(fs::read(&exe).with_context(|| format!("reading {}", exe.display()))?);
    Ok(format!("{:x}", hasher.finalize()))
}

fn fingerprint(submission: &Submission, grader: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(submission.content_hash().as_bytes());
    hasher.update(grader.as_bytes());
    format!("{:x}", hasher.finalize())
}

/// Grades every submission, reusing results in `--out` that are current,
/// and returns them sorted by id.
fn grade_all(
    cli: &Cli,
    rubric: &Rubric,
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
        let batch = compile::build(&build_dir(), &todo, rubric.build.compile_seconds)?;
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
            progress.set_message(result.extra_data.submission.clone());
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
    Ok(done.into_values().collect())
}

/// A batch being graded. Each task is one chain: one submission's checks
/// of one exercise, its core checks first, then the others, each in
/// catalogue order. Chains keep the workers busy whether there is one
/// submission or a hundred, and a submission that hangs holds up one
/// worker, not the batch. Once a check of an exercise runs out of time or
/// crashes its process, the chain's later checks are not run: an endless
/// loop or a runaway allocation costs its limit once, not once per check.
/// Once a core check fails, the exercise earns nothing whatever the others
/// say (see [`Rubric::earned`]), so they are not run either: a wrong or
/// slow answer costs one check, not the exercise's whole catalogue. A chain
/// always runs in the same order, so which checks are not run is the same
/// on every run.
struct Grading {
    submissions: Vec<Submission>,
    batch: compile::Batch,
    setting: sandbox::Setting,
    rubric: Rubric,
    grader: String,
    checks: Vec<Check>,
    chains: Vec<(usize, Vec<usize>)>,
    next: AtomicUsize,
    progress: Vec<Mutex<Progress>>,
    timings: Arc<Mutex<Vec<CheckTiming>>>,
}

/// One submission's checks' outcomes so far, when its first started, and
/// the zygote that its checks fork from, once one has needed it.
#[derive(Default)]
struct Progress {
    outcomes: Vec<Option<Outcome>>,
    started: Option<Instant>,
    zygote: Option<Result<Arc<sandbox::Zygote>, String>>,
}

/// How long one check took in the sandbox, and how much of that the
/// student's code ran.
#[derive(Debug, Clone, Copy)]
struct CheckTiming {
    /// The check, as its exercise and its name, so that a check's timing
    /// costs no allocation when nobody asks for the figures.
    check: (&'static str, &'static str),
    total: Duration,
    student: Duration,
    /// From asking for the check's process to its first answer, less the
    /// student's code in that answer.
    start: Option<Duration>,
}

impl Grading {
    fn new(
        submissions: Vec<Submission>,
        batch: compile::Batch,
        setting: sandbox::Setting,
        rubric: Rubric,
        grader: String,
    ) -> Self {
        let checks = catalogue();
        let progress = submissions
            .iter()
            .map(|_| {
                Mutex::new(Progress {
                    outcomes: vec![None; checks.len()],
                    ..Progress::default()
                })
            })
            .collect();
        // Each exercise's checks, core ones first, grouped once.
        let mut by_exercise: Vec<(&str, Vec<usize>)> = Vec::new();
        let core_first = (0..checks.len())
            .filter(|&i| rubric.is_core(&checks[i]))
            .chain((0..checks.len()).filter(|&i| !rubric.is_core(&checks[i])));
        for i in core_first {
            let check = &checks[i];
            match by_exercise
                .iter_mut()
                .find(|(name, _)| *name == check.exercise)
            {
                Some((_, indices)) => indices.push(i),
                None => by_exercise.push((check.exercise, vec![i])),
            }
        }
        let chains = (0..submissions.len())
            .flat_map(|index| {
                by_exercise
                    .iter()
                    .map(move |(_, indices)| (index, indices.clone()))
            })
            .collect();
        Grading {
            submissions,
            batch,
            setting,
            rubric,
            grader,
            checks,
            chains,
            next: AtomicUsize::new(0),
            progress,
            timings: Arc::default(),
        }
    }

    /// Takes chains until none are left; sends each submission's results
    /// when its last check is done.
    fn work(&self, finished: &mpsc::Sender<Results>) {
        loop {
            let task = self.next.fetch_add(1, Ordering::Relaxed);
            let Some((index, chain)) = self.chains.get(task) else {
                return;
            };
            let (index, submission) = (*index, &self.submissions[*index]);
            lock(&self.progress[index])
                .started
                .get_or_insert_with(Instant::now);
            let compiled = self.compiled(submission);
            // What stopped the chain, and in which check.
            let mut stopped: Option<(&str, &str)> = None;
            let mut failed_core: Option<&str> = None;
            // The checks that a failure's hint sends the student to: run
            // whatever stopped the chain, so every pointer in a report
            // points at a check with a message of its own (it earns
            // nothing if the core failed).
            let mut pointed: Vec<&str> = Vec::new();
            for &check in chain {
                let check_ = &self.checks[check];
                let function = check_.exercise.to_string();
                let outcome = match (stopped, failed_core) {
                    _ if pointed.contains(&check_.name) => {
                        self.outcome_of(index, check_, &compiled)
                    }
                    (Some((what, earlier)), _) => Outcome::NotRun {
                        function,
                        what: what.into(),
                        earlier: earlier.into(),
                    },
                    (None, Some(core)) => Outcome::Moot {
                        function,
                        core: core.into(),
                    },
                    (None, None) => self.outcome_of(index, check_, &compiled),
                };
                match &outcome {
                    Outcome::TimedOut { .. } => stopped = Some(("ran out of time", check_.title)),
                    Outcome::Crashed { .. } => stopped = Some(("crashed", check_.title)),
                    Outcome::Failed(failure) => pointed.extend(failure.shown_by),
                    _ => {}
                }
                // A missing or unfinished function says so in every check,
                // which costs nothing and reads better than "not run".
                let missing = matches!(
                    outcome,
                    Outcome::DidNotCompile { .. } | Outcome::NotImplemented { .. }
                );
                if !outcome.passed()
                    && !missing
                    && self.rubric.is_core(check_)
                    && failed_core.is_none()
                {
                    failed_core = Some(check_.title);
                }
                let mut slot = lock(&self.progress[index]);
                slot.outcomes[check] = Some(outcome);
                if slot.outcomes.iter().all(Option::is_some) {
                    // Every check is done: the zygote can go.
                    slot.zygote = None;
                    let outcomes: Vec<Outcome> =
                        slot.outcomes.iter_mut().filter_map(Option::take).collect();
                    let elapsed = slot
                        .started
                        .map_or(0.0, |start| start.elapsed().as_secs_f64());
                    drop(slot);
                    let results = self.results(submission, &compiled, &outcomes, elapsed);
                    if finished.send(results).is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// The zygote of submission `index`, started by the first check that
    /// needs it.
    fn zygote(&self, index: usize, krate: &str) -> Result<Arc<sandbox::Zygote>, String> {
        let mut slot = lock(&self.progress[index]);
        slot.zygote
            .get_or_insert_with(|| {
                let image = self.batch.images.of(krate).ok_or_else(|| {
                    anyhow::anyhow!("the grader lost track of this submission's image")
                });
                image
                    .and_then(|image| {
                        sandbox::Zygote::start(image, self.rubric.limits, &self.setting)
                    })
                    .map_err(|error| format!("{error:#}"))
            })
            .clone()
    }

    /// Runs one check of submission `index` in a fresh process.
    // The check's closure returns a `grading::Failure`: large, and cold
    // (see the note in the grading crate's root).
    #[allow(clippy::result_large_err)]
    fn outcome_of(&self, index: usize, check: &Check, compiled: &Compiled) -> Outcome {
        let (krate, broken) = match compiled {
            Compiled::Failed { message } => {
                return Outcome::DidNotCompile {
                    function: check.exercise.into(),
                    message: message.clone(),
                };
            }
            Compiled::Built {
                krate,
                broken,
                extensions,
            } => {
                if check.kind == Kind::Bonus && !extensions {
                    // Nothing to run: the generated stand-ins only say todo!().
                    return Outcome::NotImplemented {
                        function: check.exercise.into(),
                    };
                }
                (krate, broken)
            }
        };
        if let Some(own) = broken.iter().find(|b| b.exercise == Some(check.exercise)) {
            return Outcome::DidNotCompile {
                function: check.exercise.into(),
                message: own.message.clone(),
            };
        }
        let helpers: Vec<(String, String)> = broken
            .iter()
            .map(|b| (b.function.clone(), b.message.clone()))
            .collect();
        let zygote = self.zygote(index, krate);
        let timings = Arc::clone(&self.timings);
        let name = (check.exercise, check.name);
        // The sandbox enforces the per-call limit; this one only guards against
        // a grader bug, so it is generous.
        run_check_on(check, Duration::from_secs(3600), move |_, body| {
            let started = Instant::now();
            let server = zygote
                .map_err(anyhow::Error::msg)
                .and_then(|zygote| zygote.check())
                .unwrap_or_else(|error| {
                    std::panic::panic_any(Outcome::Crashed {
                        during: "starting the sandbox".into(),
                        how: format!("{error:#}"),
                        output: String::new(),
                    })
                });
            let remote = remote::Remote::new(server, helpers);
            let result = body(&remote);
            let (student, start) = (remote.student_time(), remote.start_time());
            drop(remote);
            lock(&timings).push(CheckTiming {
                check: name,
                total: started.elapsed(),
                student,
                start,
            });
            result
        })
    }

    fn compiled(&self, submission: &Submission) -> Compiled {
        self.batch
            .compiled
            .get(&submission.id)
            .cloned()
            .unwrap_or(Compiled::Failed {
                message: "the grader lost track of this submission".into(),
            })
    }

    fn results(
        &self,
        submission: &Submission,
        compiled: &Compiled,
        outcomes: &[Outcome],
        elapsed: f64,
    ) -> Results {
        let (status, summary) = match compiled {
            Compiled::Failed { message } => ("did not compile", message.clone()),
            Compiled::Built { broken, .. } if !broken.is_empty() => {
                let names: Vec<&str> = broken.iter().map(|b| b.function.as_str()).collect();
                let summary = format!(
                    "Some functions did not compile and were graded as missing: {}",
                    names.join(", ")
                );
                ("partly compiled", summary)
            }
            Compiled::Built { .. } => ("graded", String::new()),
        };
        let (status, summary) = if submission.edited_checks.is_empty() {
            (status.to_string(), summary)
        } else {
            let note = format!(
                "The checks in this repository were edited ({}), so its GitHub Classroom \
                 points cannot be trusted. These points come from grade's own checks, which \
                 read only exercises/src/.",
                submission.edited_checks.join(", ")
            );
            let summary = [summary, note].join("\n").trim_start().to_string();
            (format!("{status} (checks edited)"), summary)
        };
        let passed: Vec<bool> = outcomes.iter().map(Outcome::passed).collect();
        let worth = self.rubric.hundredths(&self.checks);
        let earned = self.rubric.earned(&self.checks, &passed);
        let tests: Vec<TestResult> = self
            .checks
            .iter()
            .enumerate()
            .map(|(i, check)| {
                let failed_core = self
                    .rubric
                    .failed_core(check.exercise, &self.checks, &passed);
                let is_core = self.rubric.is_core(check);
                test_result(
                    check,
                    worth[i],
                    earned[i],
                    &outcomes[i],
                    is_core,
                    &failed_core,
                )
            })
            .collect();
        Results {
            score: earned.iter().sum::<u64>() as f64 / 100.0,
            execution_time: report::round(elapsed),
            output: summary,
            tests,
            extra_data: Extra {
                submission: submission.id.clone(),
                status,
                fingerprint: fingerprint(submission, &self.grader),
            },
        }
    }
}

/// The per-check figures `GRADE_TIMINGS=1` prints, as medians and 90th
/// percentiles over the checks that ran in the sandbox: the start of a
/// check's processes (asking the zygote for them until the first answer,
/// less the student's code in it), and a check's whole cost beyond the
/// student's code (the start, the messages, the grader's counting and the
/// stop).
fn describe_timings(timings: &[CheckTiming]) -> String {
    if timings.is_empty() {
        return "timings: no check ran in the sandbox".into();
    }
    let quantiles = |mut values: Vec<Duration>| {
        values.sort();
        let at = |q: f64| {
            let index = ((values.len().max(1) - 1) as f64 * q).round() as usize;
            values.get(index).map_or(0.0, |v| v.as_secs_f64() * 1000.0)
        };
        format!(
            "median {:.2} ms, 90th percentile {:.2} ms",
            at(0.5),
            at(0.9)
        )
    };
    let start = timings.iter().filter_map(|t| t.start).collect();
    let overhead = timings
        .iter()
        .map(|t| t.total.saturating_sub(t.student))
        .collect();
    let student: f64 = timings.iter().map(|t| t.student.as_secs_f64()).sum();
    let total: f64 = timings.iter().map(|t| t.total.as_secs_f64()).sum();
    let mut by_check: BTreeMap<(&str, &str), (Duration, Duration)> = BTreeMap::new();
    for timing in timings {
        let entry = by_check.entry(timing.check).or_default();
        entry.0 += timing.student;
        entry.1 += timing.total.saturating_sub(timing.student);
    }
    let mut heaviest: Vec<_> = by_check.into_iter().collect();
    heaviest.sort_by_key(|(_, (student, other))| std::cmp::Reverse(*student + *other));
    let heaviest: String = heaviest
        .iter()
        .take(8)
        .map(|((exercise, name), (student, other))| {
            format!(
                "\ntimings:   {exercise}::{name}: student {:.2} s, the rest {:.2} s",
                student.as_secs_f64(),
                other.as_secs_f64()
            )
        })
        .collect();
    format!(
        "timings: {} checks in the sandbox; summed over them, the student's code ran {student:.2} \
         s and everything else took {:.2} s\n\
         timings: per check, starting its processes: {}\n\
         timings: per check, everything but the student's code: {}\n\
         timings: the heaviest checks, summed over the batch:{heaviest}",
        timings.len(),
        total - student,
        quantiles(start),
        quantiles(overhead),
    )
}

/// Two checks per core: each alternates between the grader's thread
/// (sending, counting, judging) and the sandboxed child (the student's
/// code), so one per core leaves a core idle about a third of the time
/// (measured: 2.2 s of grading at one per core, 1.8 s at two, 1.7 s at
/// three, for 20 submissions on 2 cores).
fn available_jobs() -> usize {
    2 * thread::available_parallelism().map_or(1, NonZeroUsize::get)
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

/// A previous grade in `out`, if it was made from the same source, rubric
/// and grader.
fn cached(out: &Path, submission: &Submission, grader: &str) -> Option<Results> {
    let text = fs::read_to_string(out.join(&submission.id).join("results.json")).ok()?;
    let previous: Results = serde_json::from_str(&text).ok()?;
    (previous.extra_data.fingerprint == fingerprint(submission, grader)).then_some(previous)
}

/// Writes one finished submission's results.json. Grades reused from an
/// earlier run are already on disk and are not written again. Each file is
/// written to a temporary name and renamed, so a killed run never leaves a
/// half-written file.
fn save_results(out: &Path, result: &Results) -> anyhow::Result<()> {
    let dir = out.join(&result.extra_data.submission);
    fs::create_dir_all(&dir)?;
    let text = serde_json::to_string_pretty(result)? + "\n";
    write_atomically(&dir.join("results.json"), &text)
}

/// Rewrites the gradebook from every grade known so far.
fn save_gradebook(out: &Path, done: &BTreeMap<String, Results>) -> anyhow::Result<()> {
    let all: Vec<&Results> = done.values().collect();
    write_atomically(&out.join("grades.csv"), &report::csv(&all)?)
}

/// Writes `text` to `path` unless it already holds it. The text goes to a
/// uniquely named file beside `path` that is then renamed over it, so two
/// runs writing the same output never write into each other's file.
fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;

    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let mut temporary = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".partial")
        // As fs::write would: readable by others unless the umask says no.
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(folder)
        .with_context(|| format!("writing {}: creating a file in its folder", path.display()))?;
    temporary
        .write_all(text.as_bytes())
        .with_context(|| format!("writing {}", temporary.path().display()))?;
    temporary
        .persist(path)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

fn test_result(
    check: &Check,
    worth: u64,
    earned: u64,
    outcome: &Outcome,
    is_core: bool,
    failed_core: &[&Check],
) -> TestResult {
    let max_score = worth as f64 / 100.0;
    let passed = outcome.passed();
    let scored = earned == worth;
    let output = if !passed {
        outcome.to_string().trim_end().to_string()
    } else if !scored {
        let names: Vec<String> = failed_core.iter().map(|c| quoted(c.title)).collect();
        format!(
            "Passed, but worth nothing here: {} scores only when its core checks pass, and {} \
             did not. A check like this one can be passed by an answer that ignores the task.",
            check.exercise,
            names.join(" and ")
        )
    } else {
        String::new()
    };
    let tags = Tags {
        exercise: check.exercise.to_string(),
        kind: check.kind,
        core: is_core,
    };
    TestResult {
        name: format!("{}: {}", check.exercise, check.title),
        score: earned as f64 / 100.0,
        max_score,
        status: if passed { "passed" } else { "failed" }.into(),
        output,
        tags,
    }
}

fn quoted(title: &str) -> String {
    format!("\"{title}\"")
}

/// How `--watch` learns that a source may have changed.
enum Changes {
    /// The file system's change notices (inotify on Linux). The watcher
    /// must be kept alive for them to arrive.
    Notices {
        _watcher: notify::RecommendedWatcher,
        events: mpsc::Receiver<notify::Result<notify::Event>>,
    },
    /// Rereading every source at an interval, where notices cannot be had.
    Polling,
}

/// How often `Changes::Polling` rereads the sources.
const POLL_INTERVAL: Duration = Duration::from_millis(500);

/// How long the file system must stay quiet after a notice before the
/// sources are reread: an editor's save or a `git checkout` is a burst of
/// events, and should be graded once, whole.
const QUIET: Duration = Duration::from_millis(200);

impl Changes {
    /// Watches every path: a folder with all its subfolders, a single file
    /// through its folder, since editors often save by replacing the file
    /// and a watch on the old one would go quiet. Falls back to polling,
    /// saying so, if the system will not watch (inotify's limits, say).
    fn watch(paths: &[PathBuf]) -> Self {
        use notify::{RecursiveMode, Watcher};
        let (sender, events) = mpsc::channel();
        let watched = notify::recommended_watcher(sender).and_then(|mut watcher| {
            for path in paths {
                if path.is_file() {
                    let folder = path
                        .parent()
                        .filter(|p| !p.as_os_str().is_empty())
                        .unwrap_or(Path::new("."));
                    watcher.watch(folder, RecursiveMode::NonRecursive)?;
                } else {
                    watcher.watch(path, RecursiveMode::Recursive)?;
                }
            }
            Ok(watcher)
        });
        match watched {
            Ok(watcher) => Changes::Notices {
                _watcher: watcher,
                events,
            },
            Err(error) => {
                eprintln!(
                    "Cannot watch for changes ({error}); rereading the sources every {} ms \
                     instead.",
                    POLL_INTERVAL.as_millis()
                );
                Changes::Polling
            }
        }
    }

    /// Returns once the sources differ from those `graded`. Touching a file,
    /// or writing the grades into a watched folder, wakes the watch but
    /// changes no content hash, so it does not return.
    fn wait(&mut self, paths: &[PathBuf], graded: &[Submission]) {
        let before: Vec<String> = graded.iter().map(Submission::content_hash).collect();
        loop {
            match self {
                Changes::Notices { events, .. } => {
                    if next_notice(events).is_err() {
                        eprintln!(
                            "The watch for changes stopped; rereading the sources every {} ms \
                             instead.",
                            POLL_INTERVAL.as_millis()
                        );
                        *self = Changes::Polling;
                        continue;
                    }
                    while events.recv_timeout(QUIET).is_ok() {}
                }
                Changes::Polling => thread::sleep(POLL_INTERVAL),
            }
            if content_hashes(paths) != before {
                return;
            }
        }
    }
}

/// Waits for a notice that may mean a source changed. Reads do not: the
/// grader itself opens every source to hash it. A notice that the watch
/// failed (its queue overflowed, say) may hide a change, so it counts.
fn next_notice(
    events: &mpsc::Receiver<notify::Result<notify::Event>>,
) -> Result<(), mpsc::RecvError> {
    loop {
        if events.recv()?.map_or(true, |event| !event.kind.is_access()) {
            return Ok(());
        }
    }
}

/// The content hashes of the submissions now on disk; none if they cannot
/// be read, which counts as a change so that the grader says why.
fn content_hashes(paths: &[PathBuf]) -> Vec<String> {
    discover(paths)
        .map(|subs| subs.iter().map(Submission::content_hash).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concurrent_writers_of_one_output_leave_one_whole_file() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("grades.csv");
        let texts = ["a\n".repeat(100_000), "b\n".repeat(200_000)];
        let start = std::sync::Barrier::new(texts.len());
        thread::scope(|scope| {
            for text in &texts {
                let (path, texts, start) = (&path, &texts, &start);
                scope.spawn(move || {
                    start.wait();
                    for _ in 0..200 {
                        write_atomically(path, text).unwrap();
                        let now = fs::read_to_string(path).unwrap();
                        assert!(texts.contains(&now), "a torn file");
                    }
                });
            }
        });
        let written = fs::read_to_string(&path).unwrap();
        assert!(texts.contains(&written));
        let names: Vec<_> = fs::read_dir(folder.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["grades.csv"], "no temporary file is left behind");
    }

    #[test]
    fn written_outputs_are_readable_as_with_fs_write() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("results.json");
        write_atomically(&path, "{}\n").unwrap();
        fs::write(folder.path().join("plain"), "{}\n").unwrap();
        let mode = |name: &str| {
            let metadata = fs::metadata(folder.path().join(name)).unwrap();
            metadata.permissions().mode() & 0o777
        };
        assert_eq!(mode("results.json"), mode("plain"));
    }

    #[test]
    fn a_missing_folder_is_named_in_the_error() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("gone").join("grades.csv");
        let error = write_atomically(&path, "x").unwrap_err();
        assert!(format!("{error:#}").contains(&path.display().to_string()));
    }
}
