//! `grade assign OUT`: the two things a class needs, made from this
//! workspace. `OUT/student/` is a repository for students: the pristine
//! stubs, the checks, and nothing that holds an answer. `OUT/autograder.zip`
//! is what Gradescope asks for: this grader's source and the two scripts
//! that build it and grade an upload.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

use crate::classroom::edition_manifest::workspace_manifest;
use crate::classroom::workflow::{WORKFLOW, classroom_workflow};
use crate::machine::host::{host_target, workspace_root};
use crate::machine::output_file::replace_atomically;
use crate::rubric::Rubric;

/// The student edition's README, shown on the repository's front page.
const STUDENT_README: &str = include_str!("../../assign/README.md");

/// How a folder goes into an edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A workspace crate: its manifest, less what only the workspace's own
    /// tests need, and `src/`. Its tests, benches and fixtures stay behind:
    /// they use the reference.
    Crate,
    /// Every file but `target/`.
    Whole,
}

/// The folders a student edition copies from the workspace, and where to:
/// the stubs as shipped, and the crates the checks and the shuffler need.
const STUDENT_EDITION: &[(&str, &str, Part)] = &[
    ("tests/stubs/exercises", "exercises", Part::Whole),
    ("tests/workbook", "tests/workbook", Part::Crate),
    ("tests/grading", "tests/grading", Part::Crate),
    ("tests/lab-tools", "tests/lab-tools", Part::Crate),
    ("tests/watch", "tests/watch", Part::Crate),
];

/// What the autograder needs to build `grade` and warm its cache.
const AUTOGRADER: &[(&str, &str, Part)] = &[
    ("tests/workbook", "tests/workbook", Part::Crate),
    ("tests/grading", "tests/grading", Part::Crate),
    ("tests/grade-serve", "tests/grade-serve", Part::Crate),
    ("tests/grade-sandbox", "tests/grade-sandbox", Part::Crate),
    // `grade` draws the feedback pages' heatmaps with the fairness lab.
    ("tests/lab-tools", "tests/lab-tools", Part::Crate),
    // `grade` compares the class's code with the similarity detector.
    ("tests/similarity", "tests/similarity", Part::Crate),
    ("tests/grade", "tests/grade", Part::Crate),
    // `grade` compiles in the student README, for `grade assign`.
    ("tests/grade/assign", "tests/grade/assign", Part::Whole),
    // Not a crate of the zip's workspace: the stubs that setup.sh grades
    // once to build the images' dependencies. They hold no answer.
    ("tests/stubs/exercises", "exercises", Part::Whole),
];

/// The crates among an edition's folders.
fn members(folders: &[(&str, &'static str, Part)]) -> Vec<&'static str> {
    folders
        .iter()
        .filter(|(_, _, how)| *how == Part::Crate)
        .map(|(_, into, _)| *into)
        .collect()
}

/// What `assign` wrote.
#[derive(Debug)]
pub struct Editions {
    /// The student repository.
    pub student: PathBuf,
    /// The Gradescope autograder.
    pub autograder: PathBuf,
}

/// Writes `out/student/` and `out/autograder.zip` from this workspace.
///
/// # Errors
///
/// When either already exists (nothing is overwritten), a file cannot be
/// read or written, or cargo cannot trim the lockfile offline.
pub fn assign(out: &Path, rubric: &Rubric, rubric_text: &str) -> anyhow::Result<Editions> {
    let student = out.join("student");
    let autograder = out.join("autograder.zip");
    for path in [&student, &autograder] {
        if path.exists() {
            bail!(
                "{} already exists; remove it or choose another folder",
                path.display()
            );
        }
    }
    fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let root = workspace_root();
    // Built beside the result and renamed, so an interrupted run leaves no
    // half edition behind.
    let staging = tempfile::Builder::new()
        .prefix(".student-")
        .tempdir_in(out)
        .with_context(|| format!("cannot write in {}", out.display()))?;
    write_student_edition(&root, staging.path(), rubric)?;
    // A temporary folder is private to its owner; the edition is not.
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(staging.path(), fs::Permissions::from_mode(0o755))?;
    }
    fs::rename(staging.path(), &student)
        .with_context(|| format!("cannot create {}", student.display()))?;
    write_autograder(&root, out, &autograder, rubric_text)?;
    Ok(Editions {
        student,
        autograder,
    })
}

/// The student edition's cargo settings. The pinned snapshots are the
/// checks' expectations: insta's own advice on a failure ("set
/// `INSTA_UPDATE=always`") would rewrite them to a wrong answer and make
/// the check pass, so no run may write them, whatever the environment says.
const CARGO_CONFIG: &str = "# Written by `grade assign`. The checks' snapshots hold the expected\n\
     # answers: no test run may rewrite them, whatever INSTA_UPDATE says.\n\
     [env]\n\
     INSTA_UPDATE = { value = \"no\", force = true }\n";

/// The student edition's `.gitignore`: build output, and the `.snap.new`
/// files insta leaves beside a snapshot that did not match.
const GITIGNORE: &str = "/target\n*.snap.new\n";

/// One file of an edition: where it goes, and its bytes.
pub(crate) type EditionFile = (PathBuf, Vec<u8>);

/// Every file of the student edition but its lockfile, which cargo trims
/// in place.
pub(crate) fn student_files(root: &Path, rubric: &Rubric) -> anyhow::Result<Vec<EditionFile>> {
    let mut files = folder_files(root, STUDENT_EDITION)?;
    let mut members = members(STUDENT_EDITION);
    members.insert(0, "exercises");
    let manifest = workspace_manifest(
        root,
        &members,
        &["exercises"],
        "The student edition of the Activity 3 workbook, made by `grade assign`.\n\
         `cargo test` at this root runs the checks of exercises/.",
    )?;
    for (path, text) in [
        ("Cargo.toml", manifest.as_str()),
        ("README.md", STUDENT_README),
        (".gitignore", GITIGNORE),
        (".cargo/config.toml", CARGO_CONFIG),
        (WORKFLOW, &classroom_workflow(rubric)),
    ] {
        files.push((path.into(), text.as_bytes().to_vec()));
    }
    Ok(files)
}

fn write_student_edition(root: &Path, to: &Path, rubric: &Rubric) -> anyhow::Result<()> {
    write_files(to, &student_files(root, rubric)?)?;
    trim_lockfile(root, to)
}

fn write_autograder(
    root: &Path,
    out: &Path,
    zip_path: &Path,
    rubric_text: &str,
) -> anyhow::Result<()> {
    let staging = tempfile::Builder::new()
        .prefix(".autograder-")
        .tempdir_in(out)
        .with_context(|| format!("cannot write in {}", out.display()))?;
    let to = staging.path();
    write_files(to, &folder_files(root, AUTOGRADER)?)?;
    let members = members(AUTOGRADER);
    write(
        &to.join("Cargo.toml"),
        &workspace_manifest(
            root,
            &members,
            &members,
            "The Gradescope autograder of the Activity 3 workbook, made by `grade assign`.",
        )?,
    )?;
    // The rubric `grade` compiles in as its default: the one assign used.
    write(&to.join("tests/rubric.toml"), rubric_text)?;
    for script in ["setup.sh", "run_autograder"] {
        fs::copy(root.join("tests/gradescope").join(script), to.join(script))
            .with_context(|| format!("cannot copy tests/gradescope/{script}"))?;
    }
    trim_lockfile(root, to)?;
    zip_folder(to, zip_path)
}

/// The files of each folder, as its [`Part`] says. A crate loses what
/// only the workspace's own tests need: dev-dependencies (the reference
/// among them), benches, and its own unit tests and doctests, which use
/// them.
fn folder_files(root: &Path, folders: &[(&str, &str, Part)]) -> anyhow::Result<Vec<EditionFile>> {
    let mut files = Vec::new();
    for (from, into, how) in folders {
        let (from, into) = (root.join(from), Path::new(into));
        match how {
            Part::Whole => files.extend(tree_files(&from, into)?),
            Part::Crate => {
                files.extend(tree_files(&from.join("src"), &into.join("src"))?);
                let manifest = from.join("Cargo.toml");
                let text = fs::read_to_string(&manifest)
                    .with_context(|| format!("cannot read {}", manifest.display()))?;
                files.push((
                    into.join("Cargo.toml"),
                    stripped_manifest(&text)?.into_bytes(),
                ));
            }
        }
    }
    Ok(files)
}

/// A crate manifest without its dev-dependencies and benches, and with its
/// library's tests off.
fn stripped_manifest(text: &str) -> anyhow::Result<String> {
    let mut manifest: toml::Table = text.parse().context("a crate manifest")?;
    manifest.remove("dev-dependencies");
    manifest.remove("bench");
    if let Some(toml::Value::Table(package)) = manifest.get_mut("package") {
        package.insert("autobenches".into(), false.into());
        package.insert("autotests".into(), false.into());
    }
    let library = manifest
        .entry("lib")
        .or_insert_with(|| toml::Table::new().into());
    if let toml::Value::Table(library) = library {
        library.insert("test".into(), false.into());
        library.insert("doctest".into(), false.into());
    }
    Ok(toml::to_string(&manifest)?)
}

/// The workspace's lockfile, trimmed by cargo to the crates the edition
/// has, at the same versions. Offline: nothing new is resolved.
///
/// The lockfile keeps every platform's crates, but only this machine's are
/// downloaded by a build, so `cargo metadata` is told to read only those:
/// unfiltered, it would ask for Windows-only crates that a fresh clone has
/// never fetched, and fail offline.
fn trim_lockfile(root: &Path, to: &Path) -> anyhow::Result<()> {
    fs::copy(root.join("Cargo.lock"), to.join("Cargo.lock")).context("cannot copy Cargo.lock")?;
    let output = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["metadata", "--offline", "--format-version", "1"])
        .args(["--filter-platform", &host_target()?])
        .arg("--manifest-path")
        .arg(to.join("Cargo.toml"))
        .output()
        .context("cannot run cargo")?;
    if !output.status.success() {
        bail!(
            "cargo could not resolve the edition in {}: {}",
            to.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(())
}

fn zip_folder(folder: &Path, zip_path: &Path) -> anyhow::Result<()> {
    use zip::write::SimpleFileOptions;
    let mut files = Vec::new();
    walk(folder, &mut files)?;
    files.sort();
    replace_atomically(zip_path, |file| {
        let mut zip = zip::ZipWriter::new(file);
        for path in files {
            let name = path
                .strip_prefix(folder)
                .expect("walked from the folder")
                .to_string_lossy()
                .replace('\\', "/");
            let executable = name == "setup.sh" || name == "run_autograder";
            let options = SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated)
                .unix_permissions(if executable { 0o755 } else { 0o644 });
            zip.start_file(name, options)?;
            zip.write_all(&fs::read(&path)?)?;
        }
        zip.finish()?;
        Ok(())
    })
}

/// Every file under `dir`, leaving out build output (`target/`), which
/// no edition carries and which can be large.
fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name != "target") {
                walk(&path, files)?;
            }
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// Every file under `from`, read, with its path under `into`.
fn tree_files(from: &Path, into: &Path) -> anyhow::Result<Vec<EditionFile>> {
    let mut files = Vec::new();
    walk(from, &mut files)?;
    files
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(from).expect("walked from the folder");
            let bytes =
                fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
            Ok((into.join(relative), bytes))
        })
        .collect()
}

fn write_files(to: &Path, files: &[EditionFile]) -> anyhow::Result<()> {
    for (path, bytes) in files {
        write(&to.join(path), bytes)?;
    }
    Ok(())
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripped_manifests_keep_dependencies_and_drop_the_rest() {
        let text = "[package]\nname = \"x\"\n[dependencies]\nrand.workspace = true\n\
                    [dev-dependencies]\nsolutions.workspace = true\n[[bench]]\nname = \"b\"\n";
        let stripped = stripped_manifest(text).unwrap();
        assert!(stripped.contains("rand"));
        assert!(!stripped.contains("solutions"));
        assert!(!stripped.contains("bench]"));
        assert!(stripped.contains("doctest = false"));
    }
}
