//! `grade`: grade Activity 3 submissions. Run `grade --help`.

use std::process::ExitCode;

#[cfg(not(target_os = "linux"))]
fn main() -> ExitCode {
    eprintln!("Error: grade sandboxes submissions with Linux namespaces and runs on Linux only");
    ExitCode::FAILURE
}

#[cfg(target_os = "linux")]
fn main() -> ExitCode {
    use clap::Parser;
    let cli = grade::Cli::parse();
    grade::run(&cli).unwrap_or_else(|error| {
        eprintln!("Error: {error:#}");
        ExitCode::FAILURE
    })
}
