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
//! This module is the order of the stages, each a function that hands the
//! next a typed value: [`plan`] → [`build_in_packs`] (see
//! [`crate::build::packs`]) → [`compile_alone`] and
//! [`check_what_alone_read`] (see [`crate::build::lone_crates`]) →
//! [`images_to_link`] → [`link_batch`] → [`fates`]; on the plain path
//! (`[build] path = "plain"`), [`every_crate_alone`] → [`compile_alone`]
//! and [`check_what_alone_read`] → [`plain_batch`] → [`fates`]. The generated
//! workspace is written by [`crate::build::workspace`] and built by
//! [`crate::build::cargo`].

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use crate::build::build_view::hidden_while_building;
use crate::build::cargo::Cargo;
use crate::build::discover::Submission;
use crate::build::failure::BuildFailure;
use crate::build::images::{self, Images, Linked, link_images};
use crate::build::lone_crates::{check_what_alone_read, compile_alone};
use crate::build::pack;
use crate::build::packs::build_packs;
use crate::build::plain_images;
pub use crate::build::repair::Broken;
use crate::build::repair::Crate;
use crate::machine::host::workspace_root;
use crate::rubric::{BuildLimits, BuildPath};

/// What became of one submission's build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Compiled {
    /// It built, possibly with some functions stubbed out.
    Built {
        /// Its executable image, in the batch's folder of images.
        image: PathBuf,
        /// Functions removed because they did not compile.
        broken: Vec<Broken>,
        /// Whether it has the bonus `extensions` module.
        extensions: bool,
    },
    /// It could not be built at all, for this reason.
    Failed(BuildFailure),
}

/// What building a batch of submissions gave: each submission joined
/// with its fate, in the order given, and the folder that keeps their
/// images while the batch lives. (A `workbook::shapes::Batch` is a batch
/// of calls, which is another thing.)
#[derive(Debug)]
pub struct Built {
    _images: Images,
    submissions: Vec<(Submission, Compiled)>,
}

impl Built {
    /// Each submission with its fate, in the order they were given.
    pub fn submissions(&self) -> &[(Submission, Compiled)] {
        &self.submissions
    }
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

/// Builds a batch under the build folder's lock, as a chain of stages,
/// each a value the next one takes: the crates planned, the packs built,
/// the crates built alone compiled and repaired, their reads checked, the
/// images linked, and each submission's fate told.
fn build_locked(cargo: &Cargo, submissions: &[Submission]) -> anyhow::Result<Built> {
    let workspace = workspace_root();
    let path = cargo.limits.path;
    let Planned {
        mut crates,
        unreadable,
    } = plan(submissions);
    let Packed { packs, alone } = match path {
        BuildPath::Packed => build_in_packs(cargo, &workspace, &crates)?,
        BuildPath::Plain => every_crate_alone(&crates),
    };
    let members: Vec<String> = packs
        .iter()
        .map(|pack| pack.name.clone())
        .chain(alone.iter().cloned())
        .collect();
    compile_alone(cargo, &workspace, &members, &mut crates, &alone)?;
    check_what_alone_read(&cargo.dir, &mut crates, &alone)?;
    let images = match path {
        BuildPath::Packed => {
            let linked = images_to_link(&packs, &alone, &crates);
            link_batch(cargo, &workspace, &members, &linked, &mut crates)?
        }
        BuildPath::Plain => plain_batch(cargo, &workspace, &members, &mut crates)?,
    };
    fates(submissions, &crates, unreadable, images)
}

/// The first stage: each submission's crate by crate name, with what it
/// names that reads outside the submission cut out, or the crate failed
/// (see [`Crate::refuse_outside_reads`]); and the fate of each submission
/// that discover could not read, which gets no crate.
struct Planned {
    crates: BTreeMap<String, Crate>,
    unreadable: BTreeMap<String, Compiled>,
}

/// Plans each submission's crate (see [`Planned`]).
fn plan(submissions: &[Submission]) -> Planned {
    let mut crates: BTreeMap<String, Crate> = BTreeMap::new();
    let mut unreadable = BTreeMap::new();
    for submission in submissions {
        if let Some(problem) = &submission.problem {
            let problem = problem.clone();
            let failure = BuildFailure::Unreadable { problem };
            unreadable.insert(submission.id.clone(), Compiled::Failed(failure));
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
    Planned { crates, unreadable }
}

/// The second stage: the packs that built clean and read nothing outside
/// themselves, and the crates to build alone, by name, sorted.
struct Packed {
    packs: Vec<pack::Pack>,
    alone: Vec<String>,
}

/// Builds in packs the crates that may share one (see
/// [`pack::packable`]), many submissions to a rustc; a crate that may not,
/// or whose pack failed, is to be built alone.
fn build_in_packs(
    cargo: &Cargo,
    workspace: &Path,
    crates: &BTreeMap<String, Crate>,
) -> anyhow::Result<Packed> {
    let members = crates
        .values()
        .filter(|c| c.failure.is_none())
        .map(|c| c.name.clone());
    let (packable, mut alone): (Vec<String>, Vec<String>) =
        members.partition(|name| pack::packable(&crates[name].files));
    let packs = build_packs(cargo, workspace, crates, &packable, &mut alone)?;
    alone.sort();
    Ok(Packed { packs, alone })
}

/// The plain path's second stage: no packs; every crate that has not
/// failed is built alone.
fn every_crate_alone(crates: &BTreeMap<String, Crate>) -> Packed {
    let alone = crates
        .values()
        .filter(|c| c.failure.is_none())
        .map(|c| c.name.clone())
        .collect();
    Packed {
        packs: Vec::new(),
        alone,
    }
}

/// What each image links: a pack's member through its pack, with its
/// classmates there to check the image against; a crate built alone that
/// compiled, through itself.
fn images_to_link(
    packs: &[pack::Pack],
    alone: &[String],
    crates: &BTreeMap<String, Crate>,
) -> Vec<Linked> {
    let packed = packs.iter().flat_map(|pack| {
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
    });
    let lone = alone
        .iter()
        .filter(|name| crates[*name].failure.is_none())
        .map(|name| Linked {
            key: name.clone(),
            dependency: name.clone(),
            path: name.clone(),
            classmates: Vec::new(),
        });
    packed.chain(lone).collect()
}

/// The fifth stage (the third and fourth are [`compile_alone`] and
/// [`check_what_alone_read`]): links the image of each of `linked` (see
/// [`link_images`]), failing a crate whose image did not link. Stops the
/// run when no image links, which is the grader's fault or the machine's,
/// not every student's, and when an image holds a classmate's code.
fn link_batch(
    cargo: &Cargo,
    workspace: &Path,
    members: &[String],
    linked: &[Linked],
    crates: &mut BTreeMap<String, Crate>,
) -> anyhow::Result<Images> {
    let linking = std::time::Instant::now();
    let folder = Images::new()?;
    let images = link_images(cargo, workspace, members, linked, folder.folder())?;
    if crate::cli::timings_requested() {
        eprintln!(
            "timings: linking {} images {:.1} s",
            linked.len(),
            linking.elapsed().as_secs_f64()
        );
    }
    for image in linked {
        let Some(Ok(path)) = images.get(&image.key) else {
            continue;
        };
        if let Some(symbol) = images::foreign_code(path, &image.classmates)? {
            // Only code that the scan and the lints both let through can
            // do this; nothing of such a pack is run.
            bail!(
                "the image of {} holds another submission's code ({symbol}); \
                 refusing to run any of its pack",
                crates[&image.key].id
            );
        }
    }
    let outcomes = images
        .into_iter()
        .map(|(key, outcome)| (key, outcome.map_err(|failed| failed.to_string())))
        .collect();
    let keys: Vec<String> = linked.iter().map(|image| image.key.clone()).collect();
    take_images(crates, &keys, outcomes)?;
    Ok(folder)
}

/// The plain path's fifth stage: an image built by cargo for each crate
/// of `members` (all built alone) that compiled (see
/// [`plain_images`]), taken in as [`link_batch`]'s are.
fn plain_batch(
    cargo: &Cargo,
    workspace: &Path,
    members: &[String],
    crates: &mut BTreeMap<String, Crate>,
) -> anyhow::Result<Images> {
    let folder = Images::new()?;
    let compiled: Vec<String> = members
        .iter()
        .filter(|name| crates.get(*name).is_some_and(|c| c.failure.is_none()))
        .cloned()
        .collect();
    let outcomes =
        plain_images::build_images(cargo, workspace, members, &compiled, folder.folder())?;
    take_images(crates, &compiled, outcomes)?;
    Ok(folder)
}

/// Takes in the outcome of each image of `keys`: a crate whose image did
/// not link fails, with the cause in its submission's words. Stops the
/// run when no image links, which is the grader's fault or the machine's,
/// not every student's.
fn take_images(
    crates: &mut BTreeMap<String, Crate>,
    keys: &[String],
    mut outcomes: BTreeMap<String, Result<PathBuf, String>>,
) -> anyhow::Result<()> {
    if !keys.is_empty() && outcomes.values().all(Result::is_err) {
        let first = outcomes.values().find_map(|outcome| outcome.clone().err());
        bail!(
            "no submission's image could be linked: {}",
            first.unwrap_or_default()
        );
    }
    for key in keys {
        let krate = crates.get_mut(key).context("known crate")?;
        match outcomes.remove(key) {
            Some(Ok(_)) => {}
            Some(Err(cause)) => {
                let cause = krate.own_words(&cause);
                krate.failure = Some(BuildFailure::LinkFailed { cause });
            }
            None => bail!("the image of {} was never linked", krate.id),
        }
    }
    Ok(())
}

/// The last stage: each submission joined with its fate (the
/// `unreadable` ones' already told), and the batch's images of those that
/// have one.
fn fates(
    submissions: &[Submission],
    crates: &BTreeMap<String, Crate>,
    mut unreadable: BTreeMap<String, Compiled>,
    images: Images,
) -> anyhow::Result<Built> {
    let mut linked = BTreeSet::new();
    let mut joined = Vec::with_capacity(submissions.len());
    for submission in submissions {
        let fate = match unreadable.remove(&submission.id) {
            Some(told) => told,
            None => {
                let name = crate_name(submission);
                let krate = crates
                    .get(&name)
                    .context("every readable submission has a crate")?;
                match &krate.failure {
                    Some(failure) => Compiled::Failed(failure.clone()),
                    None => {
                        let image = images.folder().join(&name);
                        linked.insert(name);
                        Compiled::Built {
                            image,
                            broken: krate.broken.clone(),
                            extensions: krate.extensions,
                        }
                    }
                }
            }
        };
        joined.push((submission.clone(), fate));
    }
    Ok(Built {
        _images: images.keep(linked)?,
        submissions: joined,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
