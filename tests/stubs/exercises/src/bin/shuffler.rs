//! The lab's Exercise 2: shuffle a deck again and again and look at the
//! result. Run `cargo run -p exercises --bin shuffler -- --help`.

const YOURS: workbook::Implementation =
    workbook::implementation!(exercises, extensions = exercises::extensions);

fn main() -> std::process::ExitCode {
    lab_tools::shuffler::main(&YOURS)
}
