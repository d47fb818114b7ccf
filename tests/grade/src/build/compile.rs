//! Building a batch of submissions with the instructor's own lockfile and
//! serving code (`grade-serve`), offline, in one cargo run.
//!
//! Each submission becomes a small library crate of its own (named after
//! its content hash, so unchanged work is never rebuilt), holding only its
//! `.rs` files plus a generated module that instantiates each exercise of
//! the registry for `dyn Rng` (the bonus ones say `todo!()` when the crate
//! root has no `mod extensions`; see [`crate::build::wrappers`]). A submission's
//! own `Cargo.toml`, `build.rs`, tests and dependencies are never copied.
//! Each submission that compiled is then linked into an image of its own
//! (see [`images`]), which the sandbox executes for each check.
//!
//! When a crate fails to compile, the functions the errors point into have
//! their bodies replaced by a panic naming them, and the crate is built
//! again: a type error in one function costs only the exercises that use
//! it. A file that does not parse, or an error outside any function, fails
//! the whole submission (see [`crate::build::repair`]).
//!
//! This module is the order of the steps. Submissions that can share a
//! crate are built in packs first ([`crate::build::packs`]); the generated
//! workspace is written by [`crate::build::workspace`] and built by
//! [`crate::build::cargo`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use anyhow::{Context, bail};

use crate::build::build_view::hidden_while_building;
use crate::build::cargo::{Cargo, release_dir};
use crate::build::dep_info;
use crate::build::discover::Submission;
use crate::build::failure::BuildFailure;
use crate::build::images::{self, Images, Linked, link_images};
use crate::build::pack;
use crate::build::packs::build_packs;
use crate::build::refuse;
use crate::build::repair::{Broken, Crate};
use crate::build::workspace::write_workspace;
use crate::machine::host::workspace_root;
use crate::rubric::BuildLimits;

/// How many times a crate is rebuilt with more functions stubbed out.
const REPAIR_ROUNDS: usize = 4;

/// What became of one submission's build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Compiled {
    /// It built, possibly with some functions stubbed out.
    Built {
        /// The crate name, which is also its image's name.
        krate: String,
        /// Functions removed because they did not compile.
        broken: Vec<Broken>,
        /// Whether it has the bonus `extensions` module.
        extensions: bool,
    },
    /// It could not be built at all, for this reason.
    Failed(BuildFailure),
}

/// What building a batch of submissions gave: its images, and each
/// submission's fate by id. (A `workbook::shapes::Batch` is a batch of
/// calls, which is another thing.)
#[derive(Debug)]
pub struct Built {
    pub images: Images,
    pub compiled: BTreeMap<String, Compiled>,
}

/// A submission's crate name: `s` and 16 hex digits of a hash of its id
/// and its content, the form by which the compile's wall knows a crate to
/// wall in ([`grade_sandbox::is_submission_crate`]; a pack's is `p` and
/// 16). One crate per id: two byte-identical submissions compile twice
/// rather than share a crate whose messages and pages name one of them.
fn crate_name(submission: &Submission) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update((submission.id.len() as u64).to_le_bytes());
    hasher.update(submission.id.as_bytes());
    hasher.update(submission.content_hash().as_bytes());
    format!("s{}", &format!("{:x}", hasher.finalize())[..16])
}

/// Why `krate` has no image when its compile read `outside`: rustc's
/// record's names, in the submission's words.
fn read_outside(krate: &Crate, outside: &[String]) -> BuildFailure {
    BuildFailure::ReadOutsideItsFiles {
        reads: outside.iter().map(|read| krate.own_words(read)).collect(),
    }
}

/// Builds every submission that has source, in `dir`. Concurrent runs take
/// turns: the generated workspace is shared.
pub fn build(dir: &Path, submissions: &[Submission], limits: BuildLimits) -> anyhow::Result<Built> {
    fs::create_dir_all(dir.join("subs"))?;
    let lock = fs::File::create(dir.join("grade.lock"))?;
    lock.lock()
        .context("waiting for another grade run to finish building")?;
    let cargo = Cargo {
        dir: dir.to_path_buf(),
        hidden: hidden_while_building(dir, submissions),
        limits,
    };
    let batch = build_locked(&cargo, submissions);
    let _ = lock.unlock();
    batch
}

fn build_locked(cargo: &Cargo, submissions: &[Submission]) -> anyhow::Result<Built> {
    let dir = cargo.dir.as_path();
    let workspace = workspace_root();
    let mut crates: BTreeMap<String, Crate> = BTreeMap::new();
    let mut compiled = BTreeMap::new();
    for submission in submissions {
        if let Some(problem) = &submission.problem {
            let problem = problem.clone();
            let failure = BuildFailure::Unreadable { problem };
            compiled.insert(submission.id.clone(), Compiled::Failed(failure));
            continue;
        }
        let name = crate_name(submission);
        crates
            .entry(name.clone())
            .or_insert_with(|| Crate::new(&name, submission));
    }

    for krate in crates.values_mut() {
        krate.refuse_outside_reads();
    }
    let members: Vec<String> = crates
        .values()
        .filter(|c| c.failure.is_none())
        .map(|c| c.name.clone())
        .collect();
    let (packable, mut alone): (Vec<String>, Vec<String>) = members
        .iter()
        .cloned()
        .partition(|name| pack::packable(&crates[name].files));
    let packs = build_packs(cargo, &workspace, &crates, &packable, &mut alone)?;
    let mut built: Vec<Linked> = packs
        .iter()
        .flat_map(|pack| {
            pack.members.iter().map(|member| Linked {
                key: member.krate.clone(),
                dependency: pack.name.clone(),
                path: format!("{}::{}", pack.name, member.module),
                classmates: pack
                    .members
                    .iter()
                    .filter(|other| other.module != member.module)
                    .map(|other| other.module.clone())
                    .collect(),
            })
        })
        .collect();
    alone.sort();
    let in_workspace = || {
        packs
            .iter()
            .map(|pack| pack.name.clone())
            .chain(alone.iter().cloned())
            .collect::<Vec<String>>()
    };

    for name in &alone {
        crates[name].write(dir)?;
    }
    let mut pending: BTreeSet<String> = alone.iter().cloned().collect();
    for round in 0..=REPAIR_ROUNDS {
        if pending.is_empty() {
            break;
        }
        write_workspace(dir, &workspace, &in_workspace(), &[])?;
        let build = cargo.build(pending.iter().map(String::as_str))?;
        let mut still_pending = BTreeSet::new();
        for name in &pending {
            let krate = crates.get_mut(name).context("known crate")?;
            if let Some(stopped) = build.unexplained.get(name) {
                let stopped = stopped.in_words(|text| krate.own_words(text));
                krate.failure = Some(BuildFailure::Stopped(stopped));
                continue;
            }
            // What a failed compile read is checked before any of its
            // messages can be shown: a message can quote what it read.
            if build.errors.contains_key(name) {
                let outside =
                    dep_info::recorded_outside_reads(&release_dir(dir)?.join("deps"), name);
                if !outside.is_empty() {
                    krate.failure = Some(read_outside(krate, &outside));
                    continue;
                }
            }
            match build.errors.get(name) {
                None => {}
                Some(diagnostics) if round < REPAIR_ROUNDS => match krate.repair(diagnostics) {
                    Ok(()) => {
                        krate.write(dir)?;
                        still_pending.insert(name.clone());
                    }
                    Err(unrepairable) => krate.failure = Some(unrepairable),
                },
                Some(diagnostics) => {
                    krate.failure = Some(BuildFailure::RepairsExhausted {
                        rounds: REPAIR_ROUNDS,
                        first_error: krate.first_error(&diagnostics[0]),
                    });
                }
            }
        }
        pending = still_pending;
    }

    // A second line of defence behind the scan: rustc's own record of what
    // it read. Nothing of a crate that read outside itself is ever run.
    // (Packs had theirs checked as they were built.)
    for name in &alone {
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

    built.extend(
        alone
            .iter()
            .filter(|name| crates[*name].failure.is_none())
            .map(|name| Linked {
                key: name.clone(),
                dependency: name.clone(),
                path: name.clone(),
                classmates: Vec::new(),
            }),
    );
    let linking = std::time::Instant::now();
    let folder = Images::new()?;
    let mut images = link_images(cargo, &workspace, &in_workspace(), &built, folder.folder())?;
    if crate::cli::timings_requested() {
        eprintln!(
            "timings: linking {} images {:.1} s",
            built.len(),
            linking.elapsed().as_secs_f64()
        );
    }
    if !built.is_empty() && images.values().all(Result::is_err) {
        // Not one image linked: that is the grader's fault or the
        // machine's, not every student's.
        let first = images
            .values()
            .find_map(|outcome| outcome.as_ref().err().map(ToString::to_string));
        bail!(
            "no submission's image could be linked: {}",
            first.unwrap_or_default()
        );
    }
    for image in &built {
        let krate = crates.get_mut(&image.key).context("known crate")?;
        let path = match images.remove(&image.key) {
            Some(Ok(path)) => path,
            Some(Err(failed)) => {
                let cause = krate.own_words(&failed.to_string());
                krate.failure = Some(BuildFailure::LinkFailed { cause });
                continue;
            }
            None => bail!("the image of {} was never linked", krate.id),
        };
        if let Some(symbol) = images::foreign_code(&path, &image.classmates)? {
            // Only code that the scan and the lints both let through can
            // do this; nothing of such a pack is run.
            bail!(
                "the image of {} holds another submission's code ({symbol}); \
                 refusing to run any of its pack",
                krate.id
            );
        }
    }

    for submission in submissions.iter().filter(|s| s.problem.is_none()) {
        let name = crate_name(submission);
        let krate = &crates[&name];
        let fate = match &krate.failure {
            Some(failure) => Compiled::Failed(failure.clone()),
            None => Compiled::Built {
                krate: name.clone(),
                broken: krate.broken.clone(),
                extensions: krate.extensions,
            },
        };
        compiled.insert(submission.id.clone(), fate);
    }
    let linked = compiled.values().filter_map(|fate| match fate {
        Compiled::Built { krate, .. } => Some(krate.clone()),
        Compiled::Failed(_) => None,
    });
    let linked: std::collections::BTreeSet<String> = linked.collect();
    Ok(Built {
        images: folder.keep(linked)?,
        compiled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// The wall walls in, and hides from other compiles, only crates whose
    /// names have the submissions' form: the names grade gives them must
    /// keep it, or a crate would compile unwalled.
    #[test]
    fn the_names_grade_gives_are_those_the_wall_walls_in() {
        let submission = Submission {
            id: "alice".into(),
            origin: PathBuf::from("alice.rs"),
            files: vec![(PathBuf::from("lib.rs"), "pub fn f() {}".into())],
            problem: None,
            edited_checks: Vec::new(),
        };
        assert!(grade_sandbox::is_submission_crate(&crate_name(&submission)));
        let pack = pack::plan(&[crate_name(&submission)], 1, "secret");
        assert!(grade_sandbox::is_submission_crate(&pack[0].name));
    }
}
