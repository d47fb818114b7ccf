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
    grader_inputs(class.path());
    class
}

/// The reference, as a class's fixtures start from.
pub fn reference() -> String {
    std::fs::read_to_string(fixtures().join("class/reference.rs")).unwrap()
}

/// A function `deep` nested `levels` parentheses deep, after the reference.
pub fn nested(levels: usize) -> String {
    format!(
        "{}\npub fn deep() -> i32 {{\n    {}1{}\n}}\n",
        reference(),
        "(".repeat(levels),
        ")".repeat(levels)
    )
}

/// The attacks on what grade itself reads of a submission, laid out in
/// `class` as a student's upload could lay them out (see
/// [`GRADER_INPUT_ROWS`] for what each must get):
///
/// * `parser_deep_parentheses`: 700 nested parentheses, 1.4 KB of legal
///   Rust that overflowed grade's main thread; `parser_too_deep`: 5,000;
/// * `linked_clone/`: a clone of the student edition whose `Cargo.toml` is
///   a link to `/dev/zero` and whose `tests/loop/{a,b,c}` link to `.`;
/// * `a_victim/` and `z_attacker.rs`: the attacker's one file is the
///   victim's two joined with NULs and the second's name, which hashed
///   alike when names and texts were joined with NULs;
/// * `twin_a.rs` and `twin_b.rs`: byte for byte the same, with a compile
///   error that each one's page quotes by its path;
/// * `innocent_a/` beside `innocent_a.rs`: one id for two entries;
/// * `b\xff.rs` and `b\xfe.rs`: names that are not UTF-8, which read the
///   same when shown lossily;
/// * the reference under names that hold a zero-width space, a line
///   separator, and a Cyrillic `е` among Latin letters;
/// * `wide_tree/`: 2,001 empty folders in `src/`; `bulky/`: five source
///   files of 1 MiB each.
pub fn grader_inputs(class: &Path) {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::symlink;
    let reference = reference();
    let write = |path: &Path, text: &str| {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(&class.join("parser_deep_parentheses.rs"), &nested(700));
    write(&class.join("parser_too_deep.rs"), &nested(5_000));

    let clone = class.join("linked_clone");
    write(&clone.join("exercises/src/lib.rs"), &reference);
    symlink("/dev/zero", clone.join("Cargo.toml")).unwrap();
    std::fs::create_dir_all(clone.join("tests/loop")).unwrap();
    for name in ["a", "b", "c"] {
        symlink(".", clone.join("tests/loop").join(name)).unwrap();
    }

    let root = format!("{reference}\nmod notes;\n");
    write(&class.join("a_victim/src/lib.rs"), &root);
    write(&class.join("a_victim/src/notes.rs"), "");
    write(&class.join("z_attacker.rs"), &format!("{root}\0notes.rs\0"));

    let twin = reference.replacen("\"heads\"", "1u32", 1);
    assert_ne!(twin, reference);
    write(&class.join("twin_a.rs"), &twin);
    write(&class.join("twin_b.rs"), &twin);

    write(&class.join("innocent_a/src/lib.rs"), &reference);
    write(&class.join("innocent_a.rs"), &reference);

    for name in [&b"b\xff.rs"[..], b"b\xfe.rs"] {
        write(&class.join(std::ffi::OsStr::from_bytes(name)), &reference);
    }
    for name in [
        "ref\u{200b}erence.rs",
        "ref\u{2028}erence.rs",
        "r\u{435}ference.rs",
    ] {
        write(&class.join(name), &reference);
    }

    // 2,001 empty folders beside the source: a walk that counted only the
    // files it kept went through any number of them.
    let wide = class.join("wide_tree/src");
    write(&wide.join("lib.rs"), &reference);
    for index in 0..2_001 {
        std::fs::create_dir(wide.join(format!("d{index}"))).unwrap();
    }
    // Five files of 1 MiB: each within the limit of a file, 200 of them
    // were 200 MiB that grade held for one student.
    let bulky = class.join("bulky/src");
    let mut root = reference.clone();
    for index in 0..5 {
        root += &format!("mod filler{index};\n");
        write(
            &bulky.join(format!("filler{index}.rs")),
            &"//".repeat(500 << 10),
        );
    }
    write(&bulky.join("lib.rs"), &root);
}

/// What each of [`grader_inputs`] must get, as the gradebook's id and the
/// row's kind: graded as written, graded with its checks noted as edited,
/// partly compiled without `flip` (the twins' error is in it), or refused.
pub const GRADER_INPUT_ROWS: &[(&str, &str)] = &[
    ("parser_deep_parentheses", "graded"),
    ("parser_too_deep", "refused"),
    ("linked_clone", "graded (checks edited)"),
    ("a_victim", "graded"),
    ("z_attacker", "refused"),
    ("twin_a", "partly compiled"),
    ("twin_b", "partly compiled"),
    ("innocent_a", "refused"),
    ("innocent_a.rs", "refused"),
    ("b\\xff", "graded"),
    ("b\\xfe", "graded"),
    ("ref\\u{200b}erence", "graded"),
    ("ref\\u{2028}erence", "graded"),
    ("r\\u{435}ference", "graded"),
    ("wide_tree", "refused"),
    ("bulky", "refused"),
];

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
