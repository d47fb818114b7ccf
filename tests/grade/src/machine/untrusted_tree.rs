//! Reading a folder that someone else wrote: a submission, a student's
//! clone. No symbolic link is followed, every walk is bounded in depth and
//! entries, and every read in bytes, before anything is kept.
//!
//! git keeps symbolic links, so a clone's `Cargo.toml` can point at
//! `/dev/zero` (read whole, it took 3 GiB in 9 s before grade was killed)
//! and its `tests/loop/a` at `.` (walked, it never ended). Here a link is
//! reported as one, never opened; a FIFO or a device is never read; and a
//! file is opened with `O_NOFOLLOW` and measured on its open descriptor,
//! so that what is read is what was measured.

use std::fs::{self, File};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// How far a walk goes: folders deep, and entries seen in all.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    pub depth: usize,
    pub entries: usize,
}

/// What a walk finds, by its path under the walk's root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    File(PathBuf),
    Link(PathBuf),
}

/// Why a tree could not be walked or a file read.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("{}: {error}", path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{} is more than {depth} folders deep", path.display())]
    TooDeep { path: PathBuf, depth: usize },
    #[error("it holds more than {} files and folders", crate::terminal::thousands(*entries as u64))]
    TooMany { entries: usize },
    #[error("{} is {size} bytes; the limit is {limit}", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error("{} is not a regular file", path.display())]
    NotAFile { path: PathBuf },
}

impl Refused {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Refused + '_ {
        move |error| Refused::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

/// Every file and symbolic link under `root`, sorted by path, leaving out
/// what `skip` says (given the path under `root` and whether it is a
/// folder). Links are listed, never followed; other entries that are
/// neither files nor folders (FIFOs, sockets, devices) are left out.
///
/// # Errors
///
/// When a folder cannot be listed, or the walk goes past `bounds`.
pub fn walk(
    root: &Path,
    bounds: Bounds,
    skip: impl Fn(&Path, bool) -> bool,
) -> Result<Vec<Found>, Refused> {
    let mut found = Vec::new();
    let mut seen = 0;
    let mut pending = vec![(PathBuf::new(), 0)];
    while let Some((folder, depth)) = pending.pop() {
        let entries = fs::read_dir(root.join(&folder)).map_err(Refused::io(&folder))?;
        for entry in entries {
            let entry = entry.map_err(Refused::io(&folder))?;
            seen += 1;
            if seen > bounds.entries {
                return Err(Refused::TooMany {
                    entries: bounds.entries,
                });
            }
            let path = folder.join(entry.file_name());
            // The entry's own type: a link is not followed to find it.
            let kind = entry.file_type().map_err(Refused::io(&path))?;
            if skip(&path, kind.is_dir()) {
                continue;
            }
            if kind.is_symlink() {
                found.push(Found::Link(path));
            } else if kind.is_dir() {
                if depth + 1 > bounds.depth {
                    return Err(Refused::TooDeep {
                        path,
                        depth: bounds.depth,
                    });
                }
                pending.push((path, depth + 1));
            } else if kind.is_file() {
                found.push(Found::File(path));
            }
        }
    }
    found.sort_by(|a, b| a.path().cmp(b.path()));
    Ok(found)
}

impl Found {
    pub fn path(&self) -> &Path {
        match self {
            Found::File(path) | Found::Link(path) => path,
        }
    }
}

/// The bytes of the regular file at `path`, if it holds at most `limit`.
/// A symbolic link as the last part of `path` is refused, not followed
/// (the walks above never lead through one); a FIFO is not waited on.
///
/// # Errors
///
/// When `path` is a link, not a regular file, larger than `limit`, or
/// cannot be read.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, Refused> {
    let file = File::options()
        .read(true)
        .custom_flags(open_flags())
        .open(path)
        .map_err(Refused::io(path))?;
    let metadata = file.metadata().map_err(Refused::io(path))?;
    if !metadata.is_file() {
        return Err(Refused::NotAFile {
            path: path.to_path_buf(),
        });
    }
    let too_large = |size| Refused::TooLarge {
        path: path.to_path_buf(),
        size,
        limit,
    };
    if metadata.len() > limit {
        return Err(too_large(metadata.len()));
    }
    // A file that grows while it is read is cut at the limit all the same.
    let mut bytes = Vec::with_capacity(usize::try_from(metadata.len()).unwrap_or(0));
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(Refused::io(path))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// `O_NOFOLLOW`: a link is an error (`ELOOP`), not its target;
/// `O_NONBLOCK`: opening a FIFO does not wait for a writer.
fn open_flags() -> i32 {
    use nix::fcntl::OFlag;
    (OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK).bits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    const WIDE: Bounds = Bounds {
        depth: 8,
        entries: 100,
    };

    #[test]
    fn links_are_listed_never_followed_and_loops_end() {
        let root = tempfile::tempdir().unwrap();
        let loops = root.path().join("tests/loop");
        fs::create_dir_all(&loops).unwrap();
        for name in ["a", "b", "c"] {
            symlink(".", loops.join(name)).unwrap();
        }
        symlink("/dev/zero", root.path().join("Cargo.toml")).unwrap();
        fs::write(root.path().join("tests/real.rs"), "fn f() {}").unwrap();
        let found = walk(root.path(), WIDE, |_, _| false).unwrap();
        assert_eq!(
            found,
            [
                Found::Link("Cargo.toml".into()),
                Found::Link("tests/loop/a".into()),
                Found::Link("tests/loop/b".into()),
                Found::Link("tests/loop/c".into()),
                Found::File("tests/real.rs".into()),
            ]
        );
        let refused = read(&root.path().join("Cargo.toml"), 1 << 20).unwrap_err();
        assert!(matches!(refused, Refused::Io { .. }), "{refused}");
        assert_eq!(
            read(&root.path().join("tests/real.rs"), 9).unwrap(),
            b"fn f() {}"
        );
    }

    #[test]
    fn walks_and_reads_are_bounded() {
        let root = tempfile::tempdir().unwrap();
        let deep = root.path().join("a/b/c/d/e/f/g/h/i/j");
        fs::create_dir_all(&deep).unwrap();
        assert!(matches!(
            walk(root.path(), WIDE, |_, _| false),
            Err(Refused::TooDeep { depth: 8, .. })
        ));
        for index in 0..101 {
            fs::write(root.path().join(format!("{index}.rs")), "").unwrap();
        }
        let refused = walk(root.path(), WIDE, |path, _| path.starts_with("a")).unwrap_err();
        assert!(matches!(refused, Refused::TooMany { entries: 100 }));
        fs::write(root.path().join("big.rs"), [b'x'; 10]).unwrap();
        assert!(matches!(
            read(&root.path().join("big.rs"), 9),
            Err(Refused::TooLarge { size: 10, .. })
        ));
        // A FIFO is neither waited on nor read.
        let fifo = root.path().join("fifo.rs");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        assert!(matches!(read(&fifo, 9), Err(Refused::NotAFile { .. })));
        assert!(matches!(
            read(Path::new("/dev/zero"), 9),
            Err(Refused::NotAFile { .. })
        ));
    }
}
