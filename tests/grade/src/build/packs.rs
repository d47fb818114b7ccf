//! Building the packable submissions in packs (see [`crate::build::pack`]):
//! writing each pack's crate, keyed with the grader's secret, and moving
//! to be built alone each member whose code had an error, and every member
//! of a pack that failed without one or read outside itself.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use anyhow::Context;

use crate::build::cargo::{Cargo, release_dir};
use crate::build::dep_info;
use crate::build::diagnostic::primary;
use crate::build::pack;
use crate::build::repair::Crate;
use crate::build::workspace::{manifest, write_if_changed, write_workspace};

/// How many times packs are rebuilt after evicting the members that had
/// errors. A pack still dirty after that is taken apart altogether.
const PACK_ROUNDS: usize = 2;

/// Builds the packable crates in packs (see [`pack`]); returns the packs
/// that built cleanly and read nothing outside themselves. Every member of
/// any other pack is moved to `alone`, to be built, reported and repaired
/// as a crate of its own.
pub fn build_packs(
    cargo: &Cargo,
    workspace: &Path,
    crates: &BTreeMap<String, Crate>,
    names: &[String],
    alone: &mut Vec<String>,
) -> anyhow::Result<Vec<pack::Pack>> {
    let dir = cargo.dir.as_path();
    let parallel = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let mut trying = pack::plan(names, parallel, &pack_secret(dir)?);
    let mut clean = Vec::new();
    for round in 0..=PACK_ROUNDS {
        if trying.is_empty() {
            break;
        }
        for pack in &trying {
            write_pack(dir, pack, crates)?;
        }
        let listed: Vec<String> = clean
            .iter()
            .chain(&trying)
            .map(|pack: &pack::Pack| pack.name.clone())
            .collect();
        write_workspace(dir, workspace, &listed, &[])?;
        let build = cargo.build(trying.iter().map(|pack| pack.name.as_str()))?;
        let mut next = Vec::new();
        for pack in trying {
            // A pack that failed with no error to go by (over the compile
            // time limit, say) is taken apart: each member alone is then
            // judged by its own build.
            if build.unexplained.contains_key(&pack.name) {
                alone.extend(pack.members.into_iter().map(|m| m.krate));
                continue;
            }
            let Some(diagnostics) = build.errors.get(&pack.name) else {
                let deps = release_dir(dir)?.join("deps");
                if dep_info::outside_reads(&deps, &pack.name).is_empty() {
                    clean.push(pack);
                } else {
                    alone.extend(pack.members.into_iter().map(|m| m.krate));
                }
                continue;
            };
            // The members the errors point into; none when an error points
            // into no member's module (the pack's root, or no source).
            let own = format!("subs/{}/src/", pack.name);
            let at_fault: Option<BTreeSet<&str>> = diagnostics
                .iter()
                .map(|d| {
                    primary(d)
                        .and_then(|span| span.file_name.strip_prefix(&own))
                        .and_then(|file| file.split('/').next())
                        .filter(|module| *module != "lib.rs")
                })
                .collect();
            let at_fault = match at_fault {
                Some(at_fault) if round < PACK_ROUNDS => at_fault,
                _ => {
                    alone.extend(pack.members.into_iter().map(|m| m.krate));
                    continue;
                }
            };
            let (faulty, kept): (Vec<_>, Vec<_>) = pack
                .members
                .into_iter()
                .partition(|m| at_fault.contains(m.module.as_str()));
            alone.extend(faulty.into_iter().map(|m| m.krate));
            if !kept.is_empty() {
                next.push(pack::Pack::of(kept));
            }
        }
        trying = next;
    }
    Ok(clean)
}

/// The key that makes a pack's module names unguessable to submissions:
/// kept in the grader's folder, made once.
fn pack_secret(dir: &Path) -> anyhow::Result<String> {
    let path = dir.join("pack-secret");
    if let Ok(secret) = fs::read_to_string(&path)
        && secret.len() == 32
    {
        return Ok(secret);
    }
    let secret: String = (0..16)
        .map(|_| format!("{:02x}", rand::random::<u8>()))
        .collect();
    write_if_changed(&path, &secret)?;
    Ok(secret)
}

/// Writes a pack's crate: its root, and each member's files, `crate::`
/// paths rewritten, under the member's module folder.
fn write_pack(
    dir: &Path,
    pack: &pack::Pack,
    crates: &BTreeMap<String, Crate>,
) -> anyhow::Result<()> {
    let root = dir.join("subs").join(&pack.name);
    let src = root.join("src");
    if src.exists() {
        fs::remove_dir_all(&src)?;
    }
    fs::create_dir_all(&src)?;
    write_if_changed(&src.join("lib.rs"), &pack::root(pack))?;
    for member in &pack.members {
        let krate = crates.get(&member.krate).context("a packed crate")?;
        for (path, text) in &krate.files {
            let target = src.join(&member.module).join(path);
            fs::create_dir_all(target.parent().context("a parent folder")?)?;
            write_if_changed(&target, &pack::rewrite(text, &member.module))?;
        }
    }
    write_if_changed(&root.join("Cargo.toml"), &manifest(&pack.name))
}
