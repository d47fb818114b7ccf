//! The crates built alone, each a submission's own (see
//! [`crate::build::compile`] for the order of the stages): compiled round
//! by round, a round's errors repaired by stubbing out the functions they
//! point into, and what each compile read checked against rustc's own
//! record.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;

use crate::build::cargo::{Build, Cargo, release_dir};
use crate::build::dep_info;
use crate::build::failure::BuildFailure;
use crate::build::refuse;
use crate::build::repair::Crate;
use crate::build::workspace::write_workspace;

/// How many times a crate is rebuilt with more functions stubbed out.
const REPAIR_ROUNDS: usize = 4;

/// The third stage of [`crate::build::compile`]: compiles the crates in `alone`, in the workspace of
/// `members`, round by round. Each round stubs out the functions that a
/// crate's errors point into (see [`Crate::repair`]), so that an error
/// costs only the exercises that use its function; a crate whose error no
/// stub can take, or that still fails after [`REPAIR_ROUNDS`], fails.
pub fn compile_alone(
    cargo: &Cargo,
    workspace: &Path,
    members: &[String],
    crates: &mut BTreeMap<String, Crate>,
    alone: &[String],
) -> anyhow::Result<()> {
    let dir = cargo.dir.as_path();
    for name in alone {
        crates[name].write(dir)?;
    }
    let mut pending: Vec<String> = alone.to_vec();
    for round in 0..=REPAIR_ROUNDS {
        if pending.is_empty() {
            break;
        }
        write_workspace(dir, workspace, members, &[])?;
        let build = cargo.build(pending.iter().map(String::as_str))?;
        let mut repaired = Vec::new();
        for name in pending {
            let krate = crates.get_mut(&name).context("known crate")?;
            if after_round(dir, krate, &build, round)? == Round::Repaired {
                repaired.push(name);
            }
        }
        pending = repaired;
    }
    Ok(())
}

/// What one round of [`compile_alone`] left a crate: built (or failed,
/// its failure set), or repaired, to be built again.
#[derive(Debug, PartialEq, Eq)]
enum Round {
    Done,
    Repaired,
}

/// Takes in what round `round`'s `build` said of `krate`: it built, it
/// stopped with no error of its own, it read outside itself, it ran out of
/// rounds, or it is repaired and rewritten in `dir`.
fn after_round(
    dir: &Path,
    krate: &mut Crate,
    build: &Build,
    round: usize,
) -> anyhow::Result<Round> {
    if let Some(stopped) = build.unexplained.get(&krate.name) {
        let stopped = stopped.in_words(|text| krate.own_words(text));
        krate.failure = Some(BuildFailure::Stopped(stopped));
        return Ok(Round::Done);
    }
    let Some(diagnostics) = build.errors.get(&krate.name) else {
        return Ok(Round::Done);
    };
    // What a failed compile read is checked before any of its messages
    // can be shown: a message can quote what it read.
    let outside = dep_info::recorded_outside_reads(&release_dir(dir)?.join("deps"), &krate.name);
    if !outside.is_empty() {
        krate.failure = Some(read_outside(krate, &outside));
        return Ok(Round::Done);
    }
    if round == REPAIR_ROUNDS {
        krate.failure = Some(BuildFailure::RepairsExhausted {
            rounds: REPAIR_ROUNDS,
            first_error: krate.first_error(&diagnostics[0]),
        });
        return Ok(Round::Done);
    }
    match krate.repair(diagnostics) {
        Ok(()) => {
            krate.write(dir)?;
            Ok(Round::Repaired)
        }
        Err(unrepairable) => {
            krate.failure = Some(unrepairable);
            Ok(Round::Done)
        }
    }
}

/// The fourth stage of [`crate::build::compile`], a second line of defence behind the scan: rustc's
/// own record of what each crate built alone read. Nothing of a crate that
/// read outside itself is ever run. (Packs had theirs checked as they were
/// built.)
pub fn check_what_alone_read(
    dir: &Path,
    crates: &mut BTreeMap<String, Crate>,
    alone: &[String],
) -> anyhow::Result<()> {
    for name in alone {
        let krate = crates.get_mut(name).context("known crate")?;
        if krate.failure.is_some() {
            continue;
        }
        let outside = dep_info::outside_reads(&release_dir(dir)?.join("deps"), name);
        if !outside.is_empty() {
            krate.failure = Some(read_outside(krate, &outside));
            continue;
        }
        // A file the scan could not read, yet rustc compiled: the scan
        // never saw what it holds, so it is not trusted.
        if let Some(file) = krate.files.iter().find(|(_, text)| !refuse::lexes(text)) {
            let file = krate.own_words(&file.0.display().to_string());
            krate.failure = Some(BuildFailure::Unscanned { file });
        }
    }
    Ok(())
}

/// Why `krate` has no image when its compile read `outside`: rustc's
/// record's names, in the submission's words.
fn read_outside(krate: &Crate, outside: &[String]) -> BuildFailure {
    BuildFailure::ReadOutsideItsFiles {
        reads: outside.iter().map(|read| krate.own_words(read)).collect(),
    }
}
