//! `shuffler figure …`: the book's teaching figures, each printed as text
//! and, with `--svg`, drawn: Fisher–Yates step by step, the naive swap's
//! 27 paths against Fisher–Yates' 6, and the chi-square density with its
//! critical values.

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grading::{Implementation, QuietPanics, stats};

use crate::charts::{bell_svg, chi_square_svg, normal_two_sided, paths_svg, three_card_paths};
use crate::steps::{fisher_yates_steps, steps_svg, steps_text};

/// The figures.
#[derive(Debug, clap::Subcommand)]
pub enum Figure {
    /// Run the efficient selection shuffle (Fisher–Yates) on a few cards
    /// from a seed and show each step: the draw r, the swap, the final
    /// positions growing from the back.
    FisherYatesSteps {
        /// Cards in the deck, 1 to N.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(2..=8))]
        cards: u32,
        /// Seed of the random source (rand_pcg's Pcg64).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also draw the steps in this SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Follow every path of the naive swap on 3 cards (27) and of
    /// Fisher–Yates (6), and count the orders they reach.
    NaivePaths {
        /// Also draw the counts as a bar chart in this SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Print the chi-square critical values for alpha = 0.05 and 1e-6, and
    /// optionally a statistic's p-value.
    ChiSquare {
        /// Degrees of freedom.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
        df: u32,
        /// A statistic to mark, with its p-value.
        #[arg(long)]
        statistic: Option<f64>,
        /// Also draw the density in this SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Print how often the heads of fair coin flips land 1 to 5 standard
    /// deviations from their mean, exactly (binomial) and by the normal
    /// curve, and draw both.
    Bell {
        /// Flips of a fair coin.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(16..=10_000))]
        flips: u64,
        /// Also draw the chances and the curve in this SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
}

/// Runs one `shuffler figure` subcommand: prints its text and writes its
/// SVG, if asked; a failure is one line on stderr and exit code 1.
pub fn run(implementation: &Implementation, figure: &Figure) -> ExitCode {
    let result = match figure {
        Figure::FisherYatesSteps { cards, seed, svg } => {
            let cards = *cards as usize;
            let steps = fisher_yates_steps(cards, *seed);
            print!("{}", steps_text(cards, *seed, &steps));
            check_against(implementation, cards, *seed, &steps.last().unwrap().after);
            write(svg.as_deref(), || Ok(steps_svg(cards, *seed, &steps)))
        }
        Figure::NaivePaths { svg } => {
            let quiet = QuietPanics::new();
            let paths = panic::catch_unwind(AssertUnwindSafe(|| three_card_paths(implementation)));
            drop(quiet);
            let Ok(paths) = paths else {
                eprintln!(
                    "Error: efficient_selection_shuffle panicked; write it first \
                     (cargo test -p exercises efficient_selection_shuffle)"
                );
                return ExitCode::FAILURE;
            };
            println!("order  naive swap (of 27)  Fisher–Yates (of 6)");
            for (order, naive, fair) in &paths {
                println!("{order:>5}  {naive:>18}  {fair:>19}");
            }
            write(svg.as_deref(), || Ok(paths_svg(&paths)))
        }
        Figure::ChiSquare { df, statistic, svg } => {
            let df = f64::from(*df);
            for (alpha, name) in [(0.05, "0.05"), (stats::ALPHA, "1e-6")] {
                let critical = stats::critical_value(df, alpha);
                println!("{df} df, alpha = {name}: critical value {critical:.2}");
            }
            if let Some(s) = statistic {
                println!(
                    "statistic {s}: p {}",
                    stats::format_p(stats::upper_tail(df, *s))
                );
            }
            write(svg.as_deref(), || chi_square_svg(df, *statistic))
        }
        Figure::Bell { flips, svg } => {
            let sd = (*flips as f64 / 4.0).sqrt();
            println!("{flips} flips: mean {}, sd {sd}", *flips as f64 / 2.0);
            println!("|z| at least  binomial  normal");
            for z in 1..=5 {
                // The fewest heads at least z standard deviations above.
                let heads = (*flips as f64 / 2.0 + f64::from(z) * sd).ceil() as u64;
                let exact = stats::binomial_two_sided(heads, *flips, 0.5);
                let normal = normal_two_sided(f64::from(z));
                println!("{z:>12}  {exact:>8.2e}  {normal:.2e}");
            }
            write(svg.as_deref(), || bell_svg(*flips))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the drawn figure to `path`, if there is one.
fn write(path: Option<&Path>, draw: impl FnOnce() -> anyhow::Result<String>) -> anyhow::Result<()> {
    if let Some(path) = path {
        let svg = draw()?;
        std::fs::write(path, svg)
            .map_err(|e| anyhow::anyhow!("could not write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Says so on stderr when the implementation's own shuffle, with the same
/// seed, does not end where the lab's steps do (a student's shuffle that
/// draws differently, or is not written yet): the figure shows the lab's.
fn check_against(implementation: &Implementation, cards: usize, seed: u64, result: &[i32]) {
    let mut deck: Vec<i32> = (1..=cards as i32).collect();
    let quiet = QuietPanics::new();
    let ran = panic::catch_unwind(AssertUnwindSafe(|| {
        (implementation.efficient_selection_shuffle)(&mut deck, &mut grading::seeded(seed));
    }));
    drop(quiet);
    if ran.is_err() {
        eprintln!("(your efficient_selection_shuffle did not run; these are the lab's steps)");
    } else if deck != result {
        eprintln!(
            "(your efficient_selection_shuffle gives {deck:?} for seed {seed}, not {result:?}: \
             these are the lab's steps)"
        );
    }
}
