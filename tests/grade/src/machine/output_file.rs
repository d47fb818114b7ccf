//! Writing a file of `--out` whole or not at all: it is written under a
//! unique temporary name beside its place and renamed over it, so that a
//! killed run never leaves a torn file, and two runs writing the same
//! output never write into each other's.

use std::fs::{self, File};
use std::io::Write;
use std::path::Path;

use anyhow::Context;

/// Writes `text` to `path` unless it already holds it.
pub(crate) fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    replace_atomically(path, |file| Ok(file.write_all(text.as_bytes())?))
}

/// Makes `path` the file that `write` writes, once it has written it all.
pub(crate) fn replace_atomically(
    path: &Path,
    write: impl FnOnce(&mut File) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;

    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let mut temporary = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".partial")
        // As fs::write would: readable by others unless the umask says no.
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(folder)
        .with_context(|| format!("writing {}: creating a file in its folder", path.display()))?;
    write(temporary.as_file_mut()).with_context(|| format!("writing {}", path.display()))?;
    temporary
        .persist(path)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    #[test]
    fn concurrent_writers_of_one_output_leave_one_whole_file() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("grades.csv");
        let texts = ["a\n".repeat(100_000), "b\n".repeat(200_000)];
        let start = std::sync::Barrier::new(texts.len());
        thread::scope(|scope| {
            for text in &texts {
                let (path, texts, start) = (&path, &texts, &start);
                scope.spawn(move || {
                    start.wait();
                    for _ in 0..200 {
                        write_atomically(path, text).unwrap();
                        let now = fs::read_to_string(path).unwrap();
                        assert!(texts.contains(&now), "a torn file");
                    }
                });
            }
        });
        let written = fs::read_to_string(&path).unwrap();
        assert!(texts.contains(&written));
        let names: Vec<_> = fs::read_dir(folder.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["grades.csv"], "no temporary file is left behind");
    }

    #[test]
    fn written_outputs_are_readable_as_with_fs_write() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("results.json");
        write_atomically(&path, "{}\n").unwrap();
        fs::write(folder.path().join("plain"), "{}\n").unwrap();
        let mode = |name: &str| {
            let metadata = fs::metadata(folder.path().join(name)).unwrap();
            metadata.permissions().mode() & 0o777
        };
        assert_eq!(mode("results.json"), mode("plain"));
    }

    #[test]
    fn a_missing_folder_is_named_in_the_error() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("gone").join("grades.csv");
        let error = write_atomically(&path, "x").unwrap_err();
        assert!(format!("{error:#}").contains(&path.display().to_string()));
    }
}
