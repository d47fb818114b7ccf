//! The lab's Exercise 2: shuffle a deck again and again and look at the
//! result. Run `cargo run -p exercises --bin shuffler -- --help`.

grading::submission!(Yours = exercises, extensions = exercises::extensions);

fn main() -> std::process::ExitCode {
    grading::shuffler::main::<Yours>()
}
