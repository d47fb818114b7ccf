//! One image per submission: an executable that holds that submission's
//! code and the serving loop (`grade-serve`), and no other submission's.
//!
//! Each image is linked from the template in the generated package
//! `grade-images` (see [`crate::build::link`]), bound to its own submission's
//! functions and with no other generated crate's archive on its link line.
//! The linker keeps only what is reachable, so it leaves out every
//! classmate that shares its pack (see [`crate::build::pack`]). [`foreign_code`]
//! checks that it did, in the image's symbol table, before any image is
//! run: a classmate's code that reached an image by any road (a
//! constructor, say, which the linker keeps whatever refers to it) stops
//! the run rather than run beside another student's. [`link_images`] links
//! a batch's images: with one template for the whole batch, or one a crate
//! when that does not link.
//!
//! Images are linked statically, so executing one needs nothing from the
//! file system but the image itself: the sandbox lets a check read the
//! system folders, not execute them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use object::{Object, ObjectSymbol};

use crate::build::cargo::Cargo;
use crate::build::link::{self, LinkFailed, TemplateFailed};
use crate::build::workspace::write_workspace;

/// What one image links: the submission's key (its crate name, the
/// image's name), the crate that holds its code, the path of its module
/// there, and the modules of the classmates that share that crate.
#[derive(Debug, Clone)]
pub struct Linked {
    pub key: String,
    pub dependency: String,
    pub path: String,
    pub classmates: Vec<String>,
}

impl Linked {
    /// The Rust path of the function the image reaches its code through.
    pub fn entry(&self) -> String {
        format!("{}::__grading::image", self.path)
    }
}

/// The first symbol of `image` that belongs to one of `classmates` (their
/// module names in the pack), if any: code of another submission.
pub fn foreign_code(image: &Path, classmates: &[String]) -> anyhow::Result<Option<String>> {
    if classmates.is_empty() {
        return Ok(None);
    }
    let bytes = fs::read(image).with_context(|| format!("reading {}", image.display()))?;
    let file = object::File::parse(&*bytes)
        .with_context(|| format!("reading the symbols of {}", image.display()))?;
    anyhow::ensure!(
        file.symbols().next().is_some(),
        "{} has no symbol table to check",
        image.display()
    );
    Ok(file.symbols().find_map(|symbol| {
        let name = symbol.name().ok()?;
        classmates
            .iter()
            .any(|module| name.contains(module.as_str()))
            .then(|| name.to_string())
    }))
}

/// A batch's images, linked straight into a folder of their own that any
/// user may read and run (the sandbox runs them as a user of each check's
/// own when grading as root), removed with the batch. It is not in the
/// shared build folder, so a concurrent run cannot change them. A run
/// that has to exit without dropping them removes them too (see
/// [`crate::machine::interrupt`]).
#[derive(Debug)]
pub struct Images {
    dir: tempfile::TempDir,
    paths: BTreeMap<String, PathBuf>,
    _leftover: crate::machine::interrupt::Leftover,
}

impl Images {
    /// An empty folder for a batch's images.
    pub fn new() -> anyhow::Result<Images> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new().prefix("grade-images-").tempdir()?;
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755))?;
        Ok(Images {
            _leftover: crate::machine::interrupt::Leftover::new(dir.path()),
            dir,
            paths: BTreeMap::new(),
        })
    }

    /// Where the images are linked, each under its submission's key.
    pub fn folder(&self) -> &Path {
        self.dir.path()
    }

    /// Keeps the images of `keys`, linked into [`Images::folder`], and
    /// lets any user read and run them, whatever the grader's umask.
    pub fn keep(mut self, keys: impl IntoIterator<Item = String>) -> anyhow::Result<Images> {
        use std::os::unix::fs::PermissionsExt;
        for key in keys {
            let path = self.dir.path().join(&key);
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755))
                .with_context(|| format!("opening up {}", path.display()))?;
            self.paths.insert(key, path);
        }
        Ok(self)
    }
}

/// Links an image for each of `built` into `out` (see [`crate::build::link`]):
/// its path, or why it could not be linked, by key.
pub fn link_images(
    cargo: &Cargo,
    workspace: &Path,
    members: &[String],
    built: &[Linked],
    out: &Path,
) -> anyhow::Result<BTreeMap<String, Result<PathBuf, LinkFailed>>> {
    let mut outcomes = BTreeMap::new();
    if built.is_empty() {
        write_workspace(&cargo.dir, workspace, members, &[])?;
        return Ok(outcomes);
    }
    let generated: Vec<String> = built
        .iter()
        .map(|image| image.dependency.clone())
        .collect::<BTreeSet<String>>()
        .into_iter()
        .collect();
    let jobs = |crates: &[String]| -> Vec<link::Job> {
        built
            .iter()
            .filter(|image| crates.contains(&image.dependency))
            .map(|image| link::Job {
                key: image.key.clone(),
                krate: image.dependency.clone(),
                entry: image.entry(),
            })
            .collect()
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    // One template for the whole batch; if it does not link, one a crate,
    // so that only the crate at fault loses its images.
    let groups: Vec<Vec<String>> = match template(cargo, workspace, members, &generated)? {
        Err(_) if generated.len() > 1 => generated.iter().map(|k| vec![k.clone()]).collect(),
        template => return link_group(template, &jobs(&generated), &generated, out, threads),
    };
    for group in groups {
        let template = template(cargo, workspace, members, &group)?;
        outcomes.extend(link_group(
            template,
            &jobs(&group),
            &generated,
            out,
            threads,
        )?);
    }
    Ok(outcomes)
}

/// Builds the images' template with the generated `crates` on its link
/// line: the recorded link, or why it failed.
fn template(
    cargo: &Cargo,
    workspace: &Path,
    members: &[String],
    crates: &[String],
) -> anyhow::Result<Result<link::Template, TemplateFailed>> {
    let main = write_workspace(&cargo.dir, workspace, members, crates)?
        .context("a template needs a crate to link")?;
    cargo.template(&main)
}

/// Links `jobs` with `template`, or fails each of them with its error.
fn link_group(
    template: Result<link::Template, TemplateFailed>,
    jobs: &[link::Job],
    generated: &[String],
    out: &Path,
    threads: usize,
) -> anyhow::Result<BTreeMap<String, Result<PathBuf, LinkFailed>>> {
    match template {
        Ok(template) => link::link_all(&template, jobs, generated, out, threads),
        Err(failed) => Ok(jobs
            .iter()
            .map(|job| (job.key.clone(), Err(LinkFailed::Template(failed.clone()))))
            .collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check reads real symbol tables: this test's own executable
    /// holds this very function, and no module of a pack.
    #[test]
    fn foreign_code_is_found_by_module_name() {
        let me = std::env::current_exe().unwrap();
        let found = foreign_code(&me, &["foreign_code_is_found_by_module_name".into()]).unwrap();
        assert!(found.is_some_and(|name| name.contains("images")));
        let none = foreign_code(&me, &["m0123456789abcdef".into()]).unwrap();
        assert_eq!(none, None);
        assert_eq!(
            foreign_code(&me, &[]).unwrap(),
            None,
            "alone: nothing to check"
        );
    }
}
