//! Finding submissions on disk: a crate folder, a single `.rs` file, a
//! folder of loose exercise files (see [`crate::build::upload`]), or a folder of
//! those.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use sha2::{Digest, Sha256};

use crate::build::ids;
use crate::build::nesting::{self, TooDeep};
use crate::build::upload;
use crate::machine::untrusted_tree::{self, Bounds, Found, Refused};

/// The largest source file accepted; a lab answer is a few KiB.
const MAX_FILE: u64 = 1 << 20;

/// The most source files a submission may have; a lab answer has about a
/// dozen.
const MAX_FILES: usize = 200;

/// The most source a submission may have in all: grade holds every
/// submission's text until its reports are written, and 200 files of 1 MiB
/// each was 200 MiB a student. A lab answer is under 100 KiB.
const MAX_SOURCE: u64 = 4 << 20;

/// One student's work, read into memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// The file or folder name without `.rs`.
    pub id: String,
    /// Where it was found.
    pub origin: PathBuf,
    /// Its source files, relative to the crate's `src/`; `lib.rs` is the root.
    pub files: Vec<(PathBuf, String)>,
    /// Why it cannot be built at all, if so.
    pub problem: Option<String>,
    /// In a clone of the student edition, the files of its checks that
    /// differ from the edition's (see `classroom::edited_checks`).
    pub edited_checks: Vec<String>,
}

impl Submission {
    /// A SHA-256 of the file names and contents, as hex, each part
    /// preceded by its length: a text may hold any byte, NUL included, so
    /// no separator could tell where one file ends (a `lib.rs` that was a
    /// classmate's files joined with NULs and their names hashed as theirs).
    pub fn content_hash(&self) -> String {
        let mut hasher = Sha256::new();
        let mut part = |bytes: &[u8]| {
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        };
        part(&(self.files.len() as u64).to_le_bytes());
        for (path, text) in &self.files {
            part(path.as_os_str().as_encoded_bytes());
            part(text.as_bytes());
        }
        part(&[u8::from(self.problem.is_some())]);
        part(self.problem.as_deref().unwrap_or_default().as_bytes());
        format!("{:x}", hasher.finalize())
    }
}

impl ids::Named for Submission {
    fn id(&self) -> &str {
        &self.id
    }
    fn origin(&self) -> &Path {
        &self.origin
    }
    fn rename(&mut self, id: String) {
        self.id = id;
    }
    /// Refused whole: nothing of it is built.
    fn refuse(&mut self, problem: String) {
        self.files.clear();
        self.problem = Some(problem);
    }
}

/// Reads every submission named by `paths`, sorted by id.
///
/// # Errors
///
/// If a path does not exist, is a file other than a `.rs` one, or is a
/// folder that holds no submission; or two submissions have the same
/// whole name (see [`ids::tell_apart`]).
pub fn discover(paths: &[PathBuf]) -> anyhow::Result<Vec<Submission>> {
    let mut found = Vec::new();
    for path in paths {
        let metadata =
            fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
        if metadata.is_file() && !is_rust(path) {
            bail!(
                "{} is not a Rust file (.rs) or a folder of submissions",
                path.display()
            );
        }
        if metadata.is_file() || is_one_submission(path) {
            found.push(read(path));
        } else {
            let mut entries: Vec<PathBuf> = fs::read_dir(path)
                .with_context(|| format!("cannot list {}", path.display()))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| !is_junk(p))
                // Loose files other than .rs (a Gradescope export's
                // metadata, notes) are not submissions; folders always are.
                .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
                .collect();
            entries.sort();
            if entries.is_empty() {
                bail!("{} holds no submissions", path.display());
            }
            found.extend(entries.iter().map(|entry| match symbolic_link(entry) {
                // A class's own entry that points elsewhere (a classmate's
                // clone, a checkout of the reference) is not its work.
                Some(link) => refused_link(entry, &link),
                None => read(entry),
            }));
        }
    }
    ids::tell_apart(&mut found)?;
    Ok(found)
}

fn is_rust(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "rs")
}

/// A folder that is one submission rather than a class: a crate (a
/// library, or a binary one), or loose exercise files.
fn is_one_submission(path: &Path) -> bool {
    source(path).is_some()
}

/// What makes a submission's files a library crate's.
type Complete = fn(&mut Vec<(PathBuf, String)>);

/// Where a folder's source is, and what completes it into a library
/// crate's: a crate's `lib.rs` (nothing), loose exercise files (a `lib.rs`
/// written for them), a binary crate's `main.rs` (made `lib.rs`), in that
/// order.
fn source(path: &Path) -> Option<(PathBuf, Complete)> {
    let library: Complete = |_| {};
    let loose: Complete = upload::write_root;
    let binary: Complete = |files| upload::main_as_root(files);
    crate_source(path)
        .map(|src| (src, library))
        .or_else(|| upload::loose_source(path).map(|src| (src, loose)))
        .or_else(|| upload::binary_source(path).map(|src| (src, binary)))
}

/// What an upload carries that is nobody's work: hidden files (macOS's
/// `._flip.rs` among them) and a zip's `__MACOSX/`.
fn is_junk(path: &Path) -> bool {
    let name = name_of(path);
    name.starts_with('.') || name == "__MACOSX"
}

fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The `src` folder of a crate folder: `src/lib.rs`, or `lib.rs` directly,
/// or `exercises/src/lib.rs` in a clone of the student edition.
fn crate_source(path: &Path) -> Option<PathBuf> {
    ["src", "", "exercises/src"]
        .iter()
        .map(|src| path.join(src))
        .find(|src| src.join("lib.rs").is_file())
}

/// `path` itself when it is a symbolic link.
fn symbolic_link(path: &Path) -> Option<PathBuf> {
    fs::symlink_metadata(path)
        .is_ok_and(|m| m.file_type().is_symlink())
        .then(|| path.to_path_buf())
}

/// The first symbolic link on the way from a crate folder to its source:
/// `src`, `exercises` or `lib.rs` (git keeps symbolic links, so a clone can
/// point its source at a classmate's).
fn link_on_the_way(path: &Path) -> Option<PathBuf> {
    [
        "src",
        "exercises",
        "exercises/src",
        "lib.rs",
        "src/lib.rs",
        "exercises/src/lib.rs",
    ]
    .iter()
    .find_map(|part| symbolic_link(&path.join(part)))
}

/// Why a submission cannot be read: its `problem`, in the report's one
/// line.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Unreadable {
    #[error(
        "{} is a symbolic link, which a submission may not hold: hand in your own files",
        .0.display()
    )]
    SymbolicLink(PathBuf),
    #[error("{name:?} is neither a .rs file nor a crate folder")]
    NeitherFileNorCrate { name: String },
    #[error(
        "{name:?} has no src/lib.rs (nor lib.rs, nor exercises/src/lib.rs) and no file named \
         after an exercise (such as flip.rs)"
    )]
    NoSource { name: String },
    #[error("{0}")]
    Tree(Refused),
    #[error("{name:?} is {size} bytes; the limit is {MAX_FILE}")]
    TooLarge { name: String, size: u64 },
    #[error("{name:?} is not UTF-8 text")]
    NotText { name: String },
    #[error("{name:?} cannot be read: {deep}")]
    TooDeep { name: String, deep: TooDeep },
    #[error("more than {MAX_FILES} source files")]
    TooManyFiles,
    #[error("its source files hold more than 4 MiB in all (a lab answer: under 100 KiB)")]
    TooMuchSource,
}

/// Why a symbolic link is refused, in the report's one line.
fn link_problem(link: &Path) -> String {
    Unreadable::SymbolicLink(link.to_path_buf()).to_string()
}

/// The submission at `path`, named after it, with nothing read yet.
fn unread(path: &Path) -> Submission {
    Submission {
        id: ids::of(path),
        origin: path.to_path_buf(),
        files: Vec::new(),
        problem: None,
        edited_checks: Vec::new(),
    }
}

/// A submission refused for holding a symbolic link.
fn refused_link(path: &Path, link: &Path) -> Submission {
    Submission {
        problem: Some(link_problem(link)),
        ..unread(path)
    }
}

/// Reads one submission; what cannot be read becomes its `problem`.
fn read(path: &Path) -> Submission {
    if path.is_dir()
        && let Some(link) = link_on_the_way(path)
    {
        return refused_link(path, &link);
    }
    let name = name_of(path);
    let mut submission = unread(path);
    let result = if path.is_file() {
        if is_rust(path) {
            read_file(path).map(|text| vec![(PathBuf::from("lib.rs"), text)])
        } else {
            Err(Unreadable::NeitherFileNorCrate { name })
        }
    } else if let Some((src, complete)) = source(path) {
        read_tree(&src).map(|mut files| {
            complete(&mut files);
            upload::drop_missing_modules(&mut files);
            files
        })
    } else {
        Err(Unreadable::NoSource { name })
    };
    match result {
        Ok(files) => submission.files = files,
        Err(problem) => submission.problem = Some(problem.to_string()),
    }
    submission
}

fn read_file(path: &Path) -> Result<String, Unreadable> {
    let bytes = untrusted_tree::read(path, MAX_FILE).map_err(|refused| match refused {
        Refused::TooLarge { size, .. } => Unreadable::TooLarge {
            name: name_of(path),
            size,
        },
        refused => Unreadable::Tree(refused),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| Unreadable::NotText {
        name: name_of(path),
    })?;
    // Before any parser reads it: see `build::nesting`.
    nesting::check(&text).map_err(|deep| Unreadable::TooDeep {
        name: name_of(path),
        deep,
    })?;
    Ok(text)
}

/// How far into a submission's source folder grade looks: a lab answer is
/// a dozen files two folders deep.
const SOURCE_BOUNDS: Bounds = Bounds {
    depth: 16,
    entries: 2_000,
};

/// Every `.rs` file under `src`, with paths relative to it, sorted. Other
/// files (a `Cargo.toml`, a `build.rs` beside `src/`, tests), junk
/// ([`is_junk`]) and a build's `target/` (in an upload's top folder read as
/// loose files) are ignored; a symbolic link anywhere is refused.
pub(crate) fn read_tree(src: &Path) -> Result<Vec<(PathBuf, String)>, Unreadable> {
    let skip = |path: &Path, folder: bool| is_junk(path) || (folder && name_of(path) == "target");
    let found = untrusted_tree::walk(src, SOURCE_BOUNDS, skip).map_err(Unreadable::Tree)?;
    if let Some(link) = found.iter().find(|f| matches!(f, Found::Link(_))) {
        return Err(Unreadable::SymbolicLink(src.join(link.path())));
    }
    let sources: Vec<&Path> = found
        .iter()
        .map(Found::path)
        .filter(|path| is_rust(path))
        .collect();
    if sources.len() > MAX_FILES {
        return Err(Unreadable::TooManyFiles);
    }
    let mut read = Vec::with_capacity(sources.len());
    let mut total = 0;
    for path in sources {
        let text = read_file(&src.join(path))?;
        total += text.len() as u64;
        if total > MAX_SOURCE {
            return Err(Unreadable::TooMuchSource);
        }
        read.push((path.to_path_buf(), text));
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symbolic_link_is_refused_with_its_path() {
        let class = tempfile::tempdir().unwrap();
        let reference = tempfile::tempdir().unwrap();
        std::fs::create_dir(reference.path().join("src")).unwrap();
        std::fs::write(reference.path().join("src/lib.rs"), "pub fn a() {}").unwrap();
        let linked = class.path().join("mallory");
        std::fs::create_dir(&linked).unwrap();
        std::os::unix::fs::symlink(reference.path().join("src"), linked.join("src")).unwrap();
        std::os::unix::fs::symlink(reference.path(), class.path().join("trudy")).unwrap();
        let inner = class.path().join("eve/src");
        std::fs::create_dir_all(&inner).unwrap();
        std::fs::write(inner.join("lib.rs"), "mod flip;").unwrap();
        std::os::unix::fs::symlink(reference.path().join("src/lib.rs"), inner.join("flip.rs"))
            .unwrap();
        let found = discover(&[class.path().to_path_buf()]).unwrap();
        for submission in &found {
            let problem = submission.problem.as_deref().unwrap_or_default();
            assert!(
                problem.contains("is a symbolic link"),
                "{}: {problem:?}",
                submission.id
            );
            assert!(submission.files.is_empty());
        }
        assert_eq!(found.len(), 3);
    }

    #[test]
    fn loose_exercise_files_are_one_submission_and_other_files_a_class() {
        let dir = tempfile::tempdir().unwrap();
        let upload = dir.path().join("upload");
        fs::create_dir_all(upload.join("__MACOSX")).unwrap();
        fs::write(upload.join("flip.rs"), "pub fn flip() {}").unwrap();
        fs::write(upload.join("perfect_shuffle.rs"), "").unwrap();
        fs::write(upload.join("._flip.rs"), [0xff, 0xfe]).unwrap();
        fs::write(upload.join("__MACOSX/._flip.rs"), [0xff, 0xfe]).unwrap();
        let found = discover(std::slice::from_ref(&upload)).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].problem, None);
        let paths: Vec<&Path> = found[0].files.iter().map(|(p, _)| p.as_path()).collect();
        assert_eq!(
            paths,
            ["flip.rs", "lib.rs", "perfect_shuffle.rs"].map(Path::new)
        );

        // The same files in src/ of a zip's top folder, beside its junk.
        let zip = dir.path().join("zip");
        fs::create_dir_all(zip.join("activity/src")).unwrap();
        fs::create_dir_all(zip.join("__MACOSX/activity")).unwrap();
        fs::write(zip.join("activity/src/flip.rs"), "pub fn flip() {}").unwrap();
        let found = discover(std::slice::from_ref(&zip)).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].id, "activity");
        assert!(found[0].files.iter().any(|(p, _)| p == Path::new("lib.rs")));

        let class = dir.path().join("class");
        fs::create_dir_all(&class).unwrap();
        fs::write(class.join("alice.rs"), "pub fn flip() {}").unwrap();
        fs::write(class.join("bob.rs"), "pub fn flip() {}").unwrap();
        let ids: Vec<String> = discover(std::slice::from_ref(&class))
            .unwrap()
            .into_iter()
            .map(|s| s.id)
            .collect();
        assert_eq!(ids, ["alice", "bob"]);
    }

    #[test]
    fn finds_files_crates_and_folders_of_them() {
        let dir = tempfile::tempdir().unwrap();
        let class = dir.path().join("class");
        fs::create_dir_all(class.join("bob/src/nested")).unwrap();
        fs::write(class.join("alice.rs"), "pub fn a() {}").unwrap();
        fs::write(class.join("bob/src/lib.rs"), "mod nested;").unwrap();
        fs::write(class.join("bob/src/nested/mod.rs"), "").unwrap();
        fs::write(class.join("bob/Cargo.toml"), "[package]").unwrap();
        fs::create_dir_all(class.join("carol")).unwrap();
        // A clone of the student edition.
        fs::create_dir_all(class.join("dan/exercises/src")).unwrap();
        fs::write(class.join("dan/exercises/src/lib.rs"), "").unwrap();
        fs::write(class.join("dan/README.md"), "").unwrap();
        fs::write(class.join("notes.txt"), "hi").unwrap();

        let found = discover(std::slice::from_ref(&class)).unwrap();
        let ids: Vec<&str> = found.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["alice", "bob", "carol", "dan"]);
        assert_eq!(found[3].files, [(PathBuf::from("lib.rs"), String::new())]);
        assert_eq!(found[1].files.len(), 2);
        assert!(
            found[2]
                .problem
                .as_deref()
                .unwrap()
                .contains("no src/lib.rs")
        );

        let single = discover(&[class.join("bob")]).unwrap();
        assert_eq!(single[0].id, "bob");
        assert!(discover(&[dir.path().join("missing")]).is_err());
        assert_ne!(found[0].content_hash(), found[1].content_hash());
    }

    #[test]
    fn the_limit_on_source_in_all_is_the_one_its_message_gives() {
        assert_eq!(MAX_SOURCE, 4 << 20);
        assert!(Unreadable::TooMuchSource.to_string().contains("4 MiB"));
    }

    /// Two files joined with NULs, as one `lib.rs`, hash apart from the
    /// two files: the encoding is lengths, not separators.
    #[test]
    fn a_text_that_holds_the_separators_hashes_apart() {
        let submission = |files: &[(&str, &str)]| Submission {
            files: files
                .iter()
                .map(|(path, text)| (PathBuf::from(path), text.to_string()))
                .collect(),
            ..unread(Path::new("victim.rs"))
        };
        let victim = submission(&[("flip.rs", "pub fn f() {}"), ("lib.rs", "mod flip;")]);
        let forged = submission(&[("flip.rs", "pub fn f() {}\0lib.rs\0mod flip;")]);
        assert_ne!(victim.content_hash(), forged.content_hash());
        let empty = submission(&[("lib.rs", "")]);
        let refused = Submission {
            problem: Some(String::new()),
            ..empty.clone()
        };
        assert_ne!(empty.content_hash(), refused.content_hash());
    }
}
