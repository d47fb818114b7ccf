//! The command line: `grade`'s arguments, its `assign` subcommand and its
//! report formats, as clap reads them. Kept apart so that `grade --help`
//! reads as one file.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

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

    /// Submissions to grade: a crate folder (with src/lib.rs), a folder of
    /// loose exercise files (flip.rs, …), a single .rs file, or a folder of
    /// those, each entry one submission named after it.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// How to print the grades.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,

    /// Write DIR/submissions/<id>/results.json and DIR/grades.csv as each submission
    /// finishes; on a rerun, skip submissions already graded and unchanged.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// A rubric (TOML): the points and limits it names replace tests/rubric.toml's.
    #[arg(long, value_name = "FILE")]
    pub rubric: Option<PathBuf>,

    /// Grade again whenever a submission's source changes.
    #[arg(long)]
    pub watch: bool,

    /// Flag pairs of submissions whose own code is at least this similar
    /// (0 to 1) in the class summary, DIR/similarity.csv and the class
    /// report; `off` compares nothing. A flag is a reason to look, never a
    /// verdict.
    #[arg(long, value_name = "THRESHOLD|off", default_value_t = Similarity::At(similarity::Config::default().threshold))]
    pub similarity: Similarity,

    /// Checks run at once [default: three times the number of CPUs, since
    /// a check's time is split between the grader and its sandbox].
    #[arg(long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,
}

/// Whether and from what similarity pairs of submissions are flagged.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Similarity {
    /// No comparison.
    Off,
    /// Pairs at or above this similarity are flagged.
    At(f64),
}

impl std::str::FromStr for Similarity {
    type Err = String;

    fn from_str(text: &str) -> Result<Similarity, String> {
        if text == "off" {
            return Ok(Similarity::Off);
        }
        match text.parse::<f64>() {
            Ok(threshold) if (0.0..=1.0).contains(&threshold) => Ok(Similarity::At(threshold)),
            _ => Err(format!(
                "{text:?} is neither `off` nor a number from 0 to 1"
            )),
        }
    }
}

impl std::fmt::Display for Similarity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Similarity::Off => f.write_str("off"),
            Similarity::At(threshold) => write!(f, "{threshold}"),
        }
    }
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
    /// Print the file each exercise of `part` is written in, one a line:
    /// how the Gradescope script finds the work in an upload, from the
    /// registry, so that a new exercise needs no change there.
    #[command(hide = true)]
    ExerciseFiles {
        #[arg(value_enum)]
        part: Part,
    },
}

/// The two parts of the workbook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Part {
    /// The lab's exercises, each in `src/<name>.rs`.
    Lab,
    /// The bonus exercises, each in `src/extensions/<name>.rs`.
    Bonus,
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

/// The environment variable that makes `grade` print how long each phase
/// took and what each check costs beyond the student's code
/// (`tests/bench/grade_speed.py` sets it).
pub const TIMINGS_VARIABLE: &str = "GRADE_TIMINGS";

/// Whether this run prints its timings: read once, here, for every phase.
pub fn timings_requested() -> bool {
    static REQUESTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *REQUESTED.get_or_init(|| std::env::var_os(TIMINGS_VARIABLE).is_some())
}
