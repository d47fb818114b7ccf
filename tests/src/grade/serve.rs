//! The child side: a process that runs one submission's functions on
//! request, inside the limits the grader asked for.

use std::io::{BufRead, BufReader, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use rand::Rng;

use super::limits::Limits;
use super::protocol::{Request, Response};
use crate::CheckRng;

/// One submission's functions, monomorphised for `dyn Rng` inside the
/// submission's own crate. A submission without the bonus extensions gets
/// generated ones that say `todo!()`.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    pub perfect_shuffle: fn(&[i32]) -> Vec<i32>,
    pub selection_shuffle: fn(&[i32], &mut dyn Rng) -> Vec<i32>,
    pub efficient_selection_shuffle: fn(&mut [i32], &mut dyn Rng),
    pub flip: fn(&mut dyn Rng) -> &'static str,
    pub are_permutations: fn(&[i32], &[i32]) -> bool,
    pub reversing_sequence: fn() -> [usize; 3],
    pub perfect_shuffle_order: fn(usize) -> usize,
    pub sequence_for: fn(&[i32]) -> Vec<usize>,
    pub riffle_shuffle: fn(&[i32], &mut dyn Rng) -> Vec<i32>,
}

/// The entry point of the generated harness binary:
/// `harness serve <submission>` with limits in the environment.
pub fn main(tables: &[(&str, Table)]) -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, command, id] = args.as_slice() else {
        eprintln!("usage: harness serve <submission>");
        return ExitCode::from(2);
    };
    let Some(table) = tables.iter().find(|(name, _)| name == id).map(|(_, t)| *t) else {
        eprintln!("harness: no submission {id:?}");
        return ExitCode::from(2);
    };
    if command != "serve" {
        eprintln!("harness: unknown command {command:?}");
        return ExitCode::from(2);
    }
    // Inside a fresh PID namespace this process is its init, which the
    // kernel shields from signals sent from inside: a student's abort()
    // would be ignored. So init only waits for a second copy of itself,
    // which serves, and passes on how it ended.
    if std::process::id() == 1 {
        return serve_as_child_of_init();
    }
    match serve(table) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("harness: {error:#}");
            ExitCode::from(3)
        }
    }
}

fn serve_as_child_of_init() -> ExitCode {
    use std::os::unix::process::ExitStatusExt;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status =
        std::env::current_exe().and_then(|exe| std::process::Command::new(exe).args(args).status());
    match status {
        Ok(status) => match (status.code(), status.signal()) {
            (Some(code), _) => ExitCode::from(code.clamp(0, 255) as u8),
            (None, Some(signal)) => ExitCode::from((128 + signal).clamp(0, 255) as u8),
            (None, None) => ExitCode::from(3),
        },
        Err(error) => {
            eprintln!("harness: could not start the server: {error}");
            ExitCode::from(3)
        }
    }
}

fn serve(table: Table) -> anyhow::Result<()> {
    // Keep the real stdin and stdout for the grader, then point the
    // student's stdin at nothing and their stdout at the captured stderr.
    let requests: OwnedFd = std::io::stdin().as_fd().try_clone_to_owned()?;
    let responses: OwnedFd = std::io::stdout().as_fd().try_clone_to_owned()?;
    let null = std::fs::File::open("/dev/null")?;
    nix::unistd::dup2_stdin(null.as_fd())?;
    nix::unistd::dup2_stdout(std::io::stderr().as_fd())?;
    Limits::from_env()?.apply_to_self()?;

    let mut requests = BufReader::new(std::fs::File::from(requests));
    let mut responses = std::io::BufWriter::new(std::fs::File::from(responses));
    let mut line = String::new();
    loop {
        line.clear();
        if requests.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let request: Request = serde_json::from_str(&line)?;
        let response = answer(&table, request);
        serde_json::to_writer(&mut responses, &response)?;
        responses.write_all(b"\n")?;
        responses.flush()?;
    }
}

/// `times` shuffles of fresh copies of `values`, one rng throughout.
fn repeated(
    shuffle: impl Fn(&[i32], &mut dyn Rng) -> Vec<i32>,
    values: &[i32],
    mut rng: CheckRng,
    times: usize,
) -> Response {
    let decks = (0..times).map(|_| shuffle(values, &mut rng)).collect();
    Response::Decks {
        decks,
        rng: Some(rng),
    }
}

/// Runs one request, catching the student's panics.
fn answer(table: &Table, request: Request) -> Response {
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| match request {
        Request::PerfectShuffle { values } => Response::Decks {
            decks: vec![(table.perfect_shuffle)(&values)],
            rng: None,
        },
        Request::SelectionShuffle { values, rng, times } => {
            repeated(table.selection_shuffle, &values, rng, times)
        }
        Request::EfficientSelectionShuffle { values, rng, times } => {
            let in_place = |values: &[i32], rng: &mut dyn Rng| {
                let mut deck = values.to_vec();
                (table.efficient_selection_shuffle)(&mut deck, rng);
                deck
            };
            repeated(in_place, &values, rng, times)
        }
        Request::Flip { mut rng, times } => {
            let words = (0..times)
                .map(|_| (table.flip)(&mut rng).to_string())
                .collect();
            Response::Words { words, rng }
        }
        Request::ArePermutations { pairs } => Response::Answers(
            pairs
                .iter()
                .map(|(a, b)| (table.are_permutations)(a, b))
                .collect(),
        ),
        Request::ReversingSequence => Response::Sequence((table.reversing_sequence)()),
        Request::PerfectShuffleOrder { n } => Response::Count((table.perfect_shuffle_order)(n)),
        Request::SequenceFor { target } => Response::Draws((table.sequence_for)(&target)),
        Request::RiffleShuffle { values, rng, times } => {
            repeated(table.riffle_shuffle, &values, rng, times)
        }
    }));
    outcome.unwrap_or_else(|payload| Response::Panicked(crate::panic_message(payload.as_ref())))
}
