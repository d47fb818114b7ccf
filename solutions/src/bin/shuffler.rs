//! The lab's Exercise 2: shuffle a deck again and again and look at the
//! result. Run `cargo run -p solutions --bin shuffler -- --help`.

grading::submission!(Reference = solutions, extensions = solutions::extensions);

fn main() -> std::process::ExitCode {
    grading::shuffler::main::<Reference>()
}
