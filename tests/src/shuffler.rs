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

use crate::{Submission, seeded};

/// Shuffle a deck again and again, as in Exercise 2 of the lab, to see how
/// well each shuffle mixes the cards.
#[derive(Debug, Parser)]
#[command(name = "shuffler", version)]
pub struct Cli {
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

/// Parses the command line, runs the report and turns its result into an
/// exit code: 0 when every shuffle ran, 1 when one is not written yet or
/// panicked, 2 for a bad command line.
pub fn main<S: Submission>() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    match run::<S>(&cli, &mut stdout.lock()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("Error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the lab's report; returns whether every function ran to the end.
pub fn run<S: Submission>(cli: &Cli, out: &mut impl Write) -> anyhow::Result<bool> {
    let seed = cli.seed.unwrap_or_else(rand::random);
    let deck: Vec<i32> = (0..cli.values as i32).collect();
    // The student's panics are reported as one line each, not as the
    // default hook's message and backtrace hint.
    let previous_hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));

    let perfect = section(
        out,
        "perfect",
        "perfect_shuffle",
        cli.shuffles,
        &deck,
        |cards| {
            *cards = S::perfect_shuffle(cards);
        },
    );
    let mut rng = seeded(seed);
    let efficient = perfect.and_then(|perfect_ok| {
        writeln!(out)?;
        let ok = section(
            out,
            "efficient selection",
            "efficient_selection_shuffle",
            cli.shuffles,
            &deck,
            |cards| {
                S::efficient_selection_shuffle(cards, &mut rng);
            },
        )?;
        Ok(perfect_ok && ok)
    });

    panic::set_hook(previous_hook);
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
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            if message.starts_with("not yet implemented") {
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
