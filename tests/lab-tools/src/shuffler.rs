//! The `shuffler` binary of both crates: the lab's Exercise 2, which
//! shuffles a small deck several times in a row and prints each result.
//!
//! The code lives here, once, and each crate's `src/bin/shuffler.rs` is a
//! two-line `main` that picks whose functions to run.

use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;

use crate::fairness::{self, Algorithm, Settings};
use grading::{Implementation, seeded};
use grading::{QuietPanics, check};

/// Shuffle a deck again and again, as in Exercise 2 of the lab, to see how
/// well each shuffle mixes the cards; `shuffler fairness` measures it.
#[derive(Debug, Parser)]
#[command(name = "shuffler", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// Measure a shuffle's fairness instead of printing the lab's report.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// How many shuffles in a row (the lab's SHUFFLE_COUNT).
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub shuffles: u32,

    /// How many cards, valued 0 to N - 1 (the lab's VALUE_COUNT).
    #[arg(long, value_name = "N", default_value_t = 4, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub values: u32,

    /// Seed for the random shuffles; a random one is picked and printed if
    /// left out, so any run can be repeated.
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
}

/// The subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Shuffle many fresh decks and test how far the results are from
    /// uniform: where cards land, which card follows which, and (up to 6
    /// cards) how often each order comes up.
    Fairness(FairnessArgs),
    /// Print how far k riffles of a deck are from uniform (total variation
    /// distance, computed exactly as Bayer and Diaconis did), k = 1 to
    /// --riffles.
    RiffleDistance(RiffleDistanceArgs),
    /// Print one of the book's teaching figures as text, and draw it with
    /// --svg: Fisher–Yates step by step, the naive swap's paths, the
    /// chi-square density.
    Figure {
        #[command(subcommand)]
        figure: crate::pictures::Figure,
    },
}

/// The `riffle-distance` flags.
#[derive(Debug, clap::Args)]
pub struct RiffleDistanceArgs {
    /// Cards in the deck.
    #[arg(long, default_value_t = 52, value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub cards: u32,
    /// The most riffles to show.
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub riffles: u32,
    /// Also draw the distances as a line chart in this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

/// The `fairness` flags.
#[derive(Debug, clap::Args)]
pub struct FairnessArgs {
    /// The shuffle to measure.
    #[arg(long, value_enum)]
    pub algorithm: Algorithm,
    /// Cards in the deck.
    #[arg(long, default_value_t = 52, value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub cards: u32,
    /// How many fresh decks to shuffle: at least 1000. A chi-square test
    /// that would expect fewer than 5 per cell is left out of the report.
    #[arg(long, default_value_t = 100_000,
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub shuffles: u64,
    /// Seed of the random source; a random one is picked and reported if
    /// left out.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Riffles per shuffle, for `--algorithm riffle`.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub times: u32,
    /// How many values each random key is drawn from, for `--algorithm
    /// random-keys` (256: one random byte per card).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..))]
    pub keys: u64,
    /// How many cards to deal, for `--algorithm deal` (13: a bridge hand).
    #[arg(long, default_value_t = 13, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub deal: u32,
    /// How to print the report.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
    /// Also write heatmaps of the position and pair counts to this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

/// The fairness report's formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
}

/// Parses the command line, runs the report and turns its result into an
/// exit code: 0 when every shuffle ran, 1 when one is not written yet or
/// panicked, 2 for a bad command line.
pub fn main(implementation: &Implementation) -> ExitCode {
    execute(implementation, &Cli::parse())
}

/// Runs a parsed command line, printing to stdout and stderr, as `main`
/// does; the book's tests use it to rerun the commands it shows.
pub fn execute(implementation: &Implementation, cli: &Cli) -> ExitCode {
    match &cli.command {
        Some(Command::Fairness(args)) => return fairness_main(implementation, args),
        Some(Command::RiffleDistance(args)) => return riffle_distance_main(args),
        Some(Command::Figure { figure }) => return crate::pictures::run(implementation, figure),
        None => {}
    }
    let stdout = io::stdout();
    match run(implementation, cli, &mut stdout.lock()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("Error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the lab's report; returns whether every function ran to the end.
pub fn run(
    implementation: &Implementation,
    cli: &Cli,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let seed = cli.seed.unwrap_or_else(rand::random);
    let deck: Vec<i32> = (0..cli.values as i32).collect();
    // The student's panics are reported as one line each, not as the
    // default hook's message and backtrace hint.
    let quiet = QuietPanics::new();

    let perfect = section(
        out,
        "perfect",
        check::perfect_shuffle::EXERCISE,
        cli.shuffles,
        &deck,
        |cards| {
            *cards = (implementation.perfect_shuffle)(cards);
        },
    );
    let mut rng = seeded(seed);
    let efficient = perfect.and_then(|perfect_ok| {
        writeln!(out)?;
        let ok = section(
            out,
            "efficient selection",
            check::efficient_selection_shuffle::EXERCISE,
            cli.shuffles,
            &deck,
            |cards| {
                (implementation.efficient_selection_shuffle)(cards, &mut rng);
            },
        )?;
        Ok(perfect_ok && ok)
    });

    drop(quiet);
    let all_ran = efficient.context("could not write the report")?;
    writeln!(
        out,
        "\nSeed: {seed} (run again with --seed {seed} to repeat these shuffles)"
    )
    .context("could not write the report")?;
    Ok(all_ran)
}

/// Prints one block of the report: `shuffles` consecutive shuffles of the
/// deck, each numbered, or one line saying why they could not run.
fn section(
    out: &mut impl Write,
    label: &str,
    function: &str,
    shuffles: u32,
    deck: &[i32],
    mut shuffle: impl FnMut(&mut Vec<i32>),
) -> io::Result<bool> {
    writeln!(out, "Results of {shuffles} consecutive {label} shuffles:")?;
    let mut cards = deck.to_vec();
    for j in 1..=shuffles {
        if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| shuffle(&mut cards))) {
            let message = workbook::panic_message(payload.as_ref());
            if workbook::is_todo(&message) {
                writeln!(
                    out,
                    "  {function} is not yet implemented: replace its todo!() with your code"
                )?;
            } else {
                writeln!(out, "  {function} panicked during shuffle {j}: {message}")?;
            }
            return Ok(false);
        }
        let shown: Vec<String> = cards.iter().map(i32::to_string).collect();
        writeln!(out, "  {j}: {}", shown.join(" "))?;
    }
    Ok(true)
}

/// What `shuffler fairness` measures for these flags, a random seed
/// picked if none is given; the book's tests use it to check the reports
/// it quotes.
pub fn fairness_settings(args: &FairnessArgs) -> Settings {
    Settings {
        algorithm: args.algorithm,
        cards: args.cards as usize,
        shuffles: args.shuffles,
        seed: args.seed.unwrap_or_else(rand::random),
        times: args.times,
        keys: args.keys,
        deal: args.deal as usize,
    }
}

/// Runs `shuffler fairness`: validates, measures with a progress bar on
/// stderr for long runs, prints the report.
fn fairness_main(implementation: &Implementation, args: &FairnessArgs) -> ExitCode {
    use clap::CommandFactory;
    let settings = fairness_settings(args);
    if let Err(why) = settings.validate() {
        // The subcommand's own usage, as clap prints for its other errors.
        let mut command = Cli::command();
        command.build();
        let fairness = command
            .find_subcommand_mut("fairness")
            .expect("the fairness subcommand");
        fairness
            .error(clap::error::ErrorKind::ValueValidation, why)
            .exit();
    }
    let bar = indicatif::ProgressBar::new(settings.shuffles);
    if settings.shuffles < 200_000 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let quiet = QuietPanics::new();
    let measured = panic::catch_unwind(AssertUnwindSafe(|| {
        fairness::measure(implementation, &settings, |done| bar.set_position(done))
    }));
    drop(quiet);
    bar.finish_and_clear();
    let report = match measured {
        Ok(report) => report,
        Err(payload) => {
            let message = workbook::panic_message(payload.as_ref());
            if workbook::is_todo(&message) {
                let function = match settings.algorithm {
                    Algorithm::Perfect => check::perfect_shuffle::EXERCISE.to_string(),
                    Algorithm::Selection => check::selection_shuffle::EXERCISE.to_string(),
                    Algorithm::Riffle => format!(
                        "{} (a bonus exercise in src/extensions)",
                        check::riffle_shuffle::EXERCISE
                    ),
                    Algorithm::Efficient => {
                        check::efficient_selection_shuffle::EXERCISE.to_string()
                    }
                    _ => "the shuffle".to_string(),
                };
                eprintln!(
                    "Error: {function} is not yet implemented: replace its todo!() with your code"
                );
            } else {
                eprintln!("Error: the shuffle panicked: {message}");
            }
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = &args.svg
        && let Err(error) = fairness::svg(&report, path)
    {
        eprintln!("Error: could not write {}: {error:#}", path.display());
        return ExitCode::FAILURE;
    }
    let printed = match args.format {
        ReportFormat::Text => Ok(fairness::text(&report)),
        ReportFormat::Json => serde_json::to_string_pretty(&report).map(|json| json + "\n"),
    };
    match printed {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("Error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `shuffler riffle-distance`.
fn riffle_distance_main(args: &RiffleDistanceArgs) -> ExitCode {
    let n = args.cards as usize;
    let distances: Vec<(u32, f64)> = (1..=args.riffles)
        .map(|k| (k, grading::algorithms::riffle_total_variation(n, k)))
        .collect();
    println!("riffles  distance from uniform ({n} cards, Gilbert-Shannon-Reeds model)");
    for (k, distance) in &distances {
        println!("{k:>7}  {distance:.3}");
    }
    if let Some(path) = &args.svg
        && let Err(error) = fairness::riffle_svg(n, &distances, path)
    {
        eprintln!("Error: could not write {}: {error:#}", path.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
