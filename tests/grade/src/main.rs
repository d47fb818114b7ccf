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
    // The sandbox's launcher: `grade` starts itself this way, once per
    // submission, so that no submission's code is ever in its process.
    let arguments: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if let Some((command, rest)) = arguments.split_first() {
        if command == grade_sandbox::ZYGOTE_COMMAND {
            return grade_sandbox::zygote_main(rest);
        }
        // How a zygote and cargo get namespaces of their own.
        if command == grade_sandbox::namespaces::IN_NAMESPACES_COMMAND {
            return grade_sandbox::namespaces::in_namespaces_main(rest);
        }
        // How cargo runs while a batch compiles: in the build's view.
        if command == grade_sandbox::BUILD_VIEW_COMMAND {
            return grade_sandbox::build_view_main(rest);
        }
        // How cargo runs each rustc: a submission's behind its own wall.
        if command == grade_sandbox::COMPILE_COMMAND {
            return grade_sandbox::compile_main(rest);
        }
    }
    let cli = grade::Cli::parse();
    // On a thread whose stack is known: the main thread's is whatever
    // `ulimit -s` says, and grade parses what submissions wrote.
    let graded = std::thread::Builder::new()
        .name("grade".into())
        .stack_size(grade::PARSER_STACK)
        .spawn(move || grade::run(&cli))
        .map_err(anyhow::Error::from)
        .and_then(|thread| {
            thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
    graded.unwrap_or_else(|error| {
        // An error may name a submission's file, whose name is its own.
        eprintln!("Error: {}", grade::escape_controls(&format!("{error:#}")));
        ExitCode::FAILURE
    })
}
