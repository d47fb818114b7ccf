//! `watch`: rerun the checks on every save. Run `cargo run -p watch`.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = watch::Cli::parse();
    match watch::run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
