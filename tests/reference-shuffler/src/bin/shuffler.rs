//! The lab's Exercise 2 on the reference solutions: shuffle a deck again
//! and again and look at the result. Run
//! `cargo run -p reference-shuffler --bin shuffler -- --help`.

const REFERENCE: workbook::Implementation =
    workbook::implementation!(solutions, extensions = solutions::extensions);

fn main() -> std::process::ExitCode {
    lab_tools::shuffler::main(&REFERENCE)
}
