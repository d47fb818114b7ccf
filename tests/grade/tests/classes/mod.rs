//! The classes these tests grade, laid out in temporary folders as an
//! instructor's would be, and Gradescope's autograder folder.

// Each test binary that includes this module uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `tests/fixtures/`: the corpora.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// The workspace's root, as an absolute path.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The hostile class: the fixtures of `fixtures/hostile/` (with
/// `@WORKSPACE@` made this checkout's root, the place they attack) and
/// the reference, in a folder that any user may read.
pub fn hostile_class() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let class = tempfile::tempdir().unwrap();
    std::fs::set_permissions(class.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let workspace = workspace();
    for entry in std::fs::read_dir(fixtures().join("hostile")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replace("@WORKSPACE@", &workspace.to_string_lossy());
        std::fs::write(class.path().join(path.file_name().unwrap()), text).unwrap();
    }
    std::fs::copy(
        fixtures().join("class/reference.rs"),
        class.path().join("reference.rs"),
    )
    .unwrap();
    class
}

/// Gradescope's autograder folder for one upload: `source/` (this
/// workspace) and `submission/lib.rs` (a copy of `submission`), for
/// `tests/gradescope/run_autograder` with `AUTOGRADER_ROOT` set to it.
pub fn autograder_root(submission: &Path) -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(workspace(), root.path().join("source")).unwrap();
    std::fs::create_dir(root.path().join("submission")).unwrap();
    std::fs::copy(submission, root.path().join("submission/lib.rs")).unwrap();
    root
}
