//! `grade`: grade Activity 3 submissions. Run `grade --help`.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = grading::grade::Cli::parse();
    grading::grade::run(&cli).unwrap_or_else(|error| {
        eprintln!("Error: {error:#}");
        ExitCode::FAILURE
    })
}
