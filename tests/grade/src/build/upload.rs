//! The shapes a student's upload takes besides a whole library crate: a
//! folder of loose exercise files with no `lib.rs` (six files dragged onto
//! Gradescope, a zip of `src/`), a binary crate (`main.rs` as its root),
//! and a crate root whose modules were not all handed in. Each is read as
//! the crate the student edition would make of it, so that a correct
//! answer scores the same in any shape.
//!
//! The rule that tells a folder of loose files (one submission) from a
//! class folder of single-file submissions (`alice.rs`, `bob.rs`): a
//! folder without `lib.rs` is one submission when it, its `src/` or its
//! `exercises/src/` holds a file named after an exercise
//! (`perfect_shuffle.rs`, …, or a bonus one in `extensions/`). No student
//! is named `flip`, and a class folder so named would show as one row
//! named after the folder, which an instructor cannot miss.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use syn::spanned::Spanned;
use workbook::EXERCISES;

/// The module that holds the bonus exercises, as the student edition names it.
const EXTENSIONS: &str = "extensions";

/// The folder of loose exercise files in `path`: itself, its `src/` or
/// its `exercises/src/`, the first that holds a file named after an
/// exercise, directly or in its `extensions/` folder.
pub fn loose_source(path: &Path) -> Option<PathBuf> {
    ["", "src", "exercises/src"]
        .iter()
        .map(|src| path.join(src))
        .find(|src| holds_an_exercise(src) || holds_an_exercise(&src.join(EXTENSIONS)))
}

/// The source folder of a binary crate in `path` (what `cargo new` makes
/// without `--lib`): itself, its `src/` or its `exercises/src/`, the first
/// that holds `main.rs`.
pub fn binary_source(path: &Path) -> Option<PathBuf> {
    ["", "src", "exercises/src"]
        .iter()
        .map(|src| path.join(src))
        .find(|src| src.join("main.rs").is_file())
}

/// A binary crate's files as a library's: its root `main.rs` becomes
/// `lib.rs`, line for line (its `fn main` is never called), so its `mod`
/// declarations find their files beside it as before.
pub fn main_as_root(files: &mut [(PathBuf, String)]) {
    for (path, _) in files.iter_mut() {
        if path == Path::new("main.rs") {
            *path = PathBuf::from("lib.rs");
        }
    }
    files.sort();
}

fn holds_an_exercise(folder: &Path) -> bool {
    EXERCISES
        .iter()
        .any(|exercise| folder.join(format!("{}.rs", exercise.name)).is_file())
}

/// The crate root the student edition would give `files` (a folder of
/// loose files, relative to it): each top-level file, and each folder with
/// a `mod.rs`, becomes a module whose public items the root re-exports, as
/// the edition's `lib.rs` re-exports each exercise. The bonus exercises are
/// reached through `extensions`, as in the edition: its own folder (given a
/// `mod.rs` of the same kind if it has none), or the bonus files beside the
/// others. Only names that are Rust identifiers become modules, so no byte
/// of a file's name reaches the code.
pub fn write_root(files: &mut Vec<(PathBuf, String)>) {
    let present: BTreeSet<PathBuf> = files.iter().map(|(path, _)| path.clone()).collect();
    let top = modules_in(&present, Path::new(""));
    let mut lib = String::from(
        "// Written by grade: this upload has no lib.rs, so each of its files is a\n\
         // module, and the crate root re-exports what each makes public.\n",
    );
    let mut extensions_folder = false;
    for module in &top {
        if module == EXTENSIONS {
            extensions_folder = true;
            lib.push_str("pub mod extensions;\n");
        } else {
            lib.push_str(&declare(files, Path::new(""), module));
        }
    }
    let bonus_files: Vec<&str> = EXERCISES
        .iter()
        .filter(|exercise| exercise.bonus)
        .map(|exercise| exercise.name)
        .filter(|name| top.iter().any(|module| module == name))
        .collect();
    let extensions_files = modules_in(&present, Path::new(EXTENSIONS));
    if !extensions_folder && !extensions_files.is_empty() {
        // A folder of bonus files without its mod.rs: written the same way.
        let mut module = String::new();
        for name in &extensions_files {
            module.push_str(&declare(files, Path::new(EXTENSIONS), name));
        }
        files.push((PathBuf::from("extensions/mod.rs"), module));
        lib.push_str("pub mod extensions;\n");
    } else if !extensions_folder && !bonus_files.is_empty() {
        lib.push_str("pub mod extensions {\n");
        for name in bonus_files {
            lib.push_str(&format!("    pub use super::{name}::*;\n"));
            if defines_its_exercise(files, Path::new(""), name) {
                lib.push_str(&format!("    pub use super::{name}::{name};\n"));
            }
        }
        lib.push_str("}\n");
    }
    files.push((PathBuf::from("lib.rs"), lib));
    files.sort();
}

/// The lines that declare `module`, a file of `folder`, and re-export
/// what it makes public; and, when it is named after an exercise and
/// defines it, that function by name, which wins over the glob, so that a
/// function of the same name in another of the student's files cannot make
/// the exercise's name ambiguous.
fn declare(files: &[(PathBuf, String)], folder: &Path, module: &str) -> String {
    let mut lines = format!("mod {module};\npub use {module}::*;\n");
    if defines_its_exercise(files, folder, module) {
        lines.push_str(&format!("pub use {module}::{module};\n"));
    }
    lines
}

/// Whether `module` of `folder` is named after an exercise and defines
/// that function, public, at its top.
fn defines_its_exercise(files: &[(PathBuf, String)], folder: &Path, module: &str) -> bool {
    if workbook::Exercise::named(module).is_none() {
        return false;
    }
    let paths = [
        folder.join(format!("{module}.rs")),
        folder.join(module).join("mod.rs"),
    ];
    files
        .iter()
        .filter(|(path, _)| paths.contains(path))
        .filter_map(|(_, text)| syn::parse_file(text).ok())
        .any(|file| {
            file.items.iter().any(|item| {
                matches!(item, syn::Item::Fn(function)
                    if function.sig.ident == module
                        && matches!(function.vis, syn::Visibility::Public(_)))
            })
        })
}

/// The modules a folder of `present` (paths relative to the crate's
/// `src/`) holds: `name.rs` files and `name/mod.rs` folders, whose names
/// are Rust identifiers (not keywords), sorted and without repeats.
fn modules_in(present: &BTreeSet<PathBuf>, folder: &Path) -> Vec<String> {
    let mut modules = BTreeSet::new();
    for path in present {
        let Ok(relative) = path.strip_prefix(folder) else {
            continue;
        };
        let parts: Vec<&str> = relative
            .components()
            .filter_map(|c| c.as_os_str().to_str())
            .collect();
        let name = match parts.as_slice() {
            [file] => file.strip_suffix(".rs"),
            [dir, "mod.rs"] => Some(*dir),
            _ => None,
        };
        // rustc takes only ASCII names for a module's file.
        if let Some(name) = name
            && name != "lib"
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && syn::parse_str::<syn::Ident>(name).is_ok()
        {
            modules.insert(name.to_string());
        }
    }
    modules.into_iter().collect()
}

/// Blanks every `mod name;` whose file was not handed in (`flip.rs` left
/// out of an upload whose `lib.rs` declares it), with the `use` items that
/// start from it, so that the missing exercise reads as missing, as a
/// missing function does, rather than failing the whole crate. Each item
/// becomes spaces, so the compiler's lines and columns still match the
/// student's file. `extensions` is left to [`crate::build::wrappers`], which
/// already reads a missing bonus folder as "not attempted".
pub fn drop_missing_modules(files: &mut [(PathBuf, String)]) {
    let present: BTreeSet<PathBuf> = files.iter().map(|(path, _)| path.clone()).collect();
    for (path, text) in files.iter_mut() {
        let folder = module_folder(path);
        let Ok(file) = syn::parse_file(text) else {
            continue;
        };
        let missing: Vec<String> = file
            .items
            .iter()
            .filter_map(|item| match item {
                // A module with attributes (`#[path]`, `#[cfg_attr]`) is
                // left to the compiler and to `refuse`, which names them.
                syn::Item::Mod(module)
                    if module.content.is_none()
                        && !(path == Path::new("lib.rs") && module.ident == EXTENSIONS)
                        && module.attrs.iter().all(|a| a.path().is_ident("doc")) =>
                {
                    Some(module.ident.to_string())
                }
                _ => None,
            })
            .filter(|name| {
                !present.contains(&folder.join(format!("{name}.rs")))
                    && !present.contains(&folder.join(name).join("mod.rs"))
            })
            .collect();
        if missing.is_empty() {
            continue;
        }
        let spans: Vec<proc_macro2::Span> = file
            .items
            .iter()
            .filter(|item| match item {
                syn::Item::Mod(module) => {
                    module.content.is_none() && missing.contains(&module.ident.to_string())
                }
                syn::Item::Use(using) => starts_from(&using.tree, &missing),
                _ => false,
            })
            .map(Spanned::span)
            .collect();
        blank(text, &spans);
    }
}

/// Where the modules a file declares live: beside `lib.rs` and `mod.rs`,
/// in a folder named after any other file.
fn module_folder(path: &Path) -> PathBuf {
    let parent = path.parent().unwrap_or(Path::new("")).to_path_buf();
    match path.file_name().and_then(|f| f.to_str()) {
        Some("lib.rs" | "mod.rs") => parent,
        _ => parent.join(path.file_stem().unwrap_or_default()),
    }
}

/// Whether a `use` tree starts from one of `modules` (`flip::flip`,
/// `self::flip::*`).
fn starts_from(tree: &syn::UseTree, modules: &[String]) -> bool {
    match tree {
        syn::UseTree::Path(path) if path.ident == "self" => starts_from(&path.tree, modules),
        syn::UseTree::Path(path) => modules.contains(&path.ident.to_string()),
        _ => false,
    }
}

/// `text` with the characters `spans` cover made spaces, its line breaks
/// kept. One pass over the text, however many spans: a hostile root may
/// declare thousands of missing modules.
fn blank(text: &mut String, spans: &[proc_macro2::Span]) {
    // Positions as (line, column), as proc_macro2 counts them: lines from
    // 1, columns in characters from 0. Top-level items never overlap.
    let mut ranges: Vec<((usize, usize), (usize, usize))> = spans
        .iter()
        .map(|span| {
            let (start, end) = (span.start(), span.end());
            ((start.line, start.column), (end.line, end.column))
        })
        .collect();
    ranges.sort();
    let mut ranges = ranges.into_iter().peekable();
    let (mut line, mut column) = (1, 0);
    let mut blanked = String::with_capacity(text.len());
    for c in text.chars() {
        while ranges.peek().is_some_and(|&(_, end)| (line, column) >= end) {
            ranges.next();
        }
        let inside = ranges
            .peek()
            .is_some_and(|&(start, _)| (line, column) >= start);
        blanked.push(if inside && c != '\n' && c != '\r' {
            ' '
        } else {
            c
        });
        if c == '\n' {
            (line, column) = (line + 1, 0);
        } else {
            column += 1;
        }
    }
    *text = blanked;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(PathBuf, String)> {
        list.iter()
            .map(|(path, text)| (PathBuf::from(path), text.to_string()))
            .collect()
    }

    fn lib(files: &[(PathBuf, String)]) -> &str {
        &files
            .iter()
            .find(|(p, _)| p == Path::new("lib.rs"))
            .unwrap()
            .1
    }

    #[test]
    fn loose_files_become_modules_the_root_re_exports() {
        let mut upload = files(&[
            ("flip.rs", "pub fn flip() {}"),
            ("perfect_shuffle.rs", ""),
            ("my notes.rs", ""),
            ("fn.rs", ""),
            ("café.rs", ""),
            ("r#flip.rs", ""),
            ("bin/shuffler.rs", "fn main() {}"),
            ("helpers/mod.rs", ""),
        ]);
        write_root(&mut upload);
        let root = lib(&upload);
        for module in ["flip", "perfect_shuffle", "helpers"] {
            assert!(
                root.contains(&format!("mod {module};\npub use {module}::*;\n")),
                "{root}"
            );
        }
        // flip.rs defines flip, which wins over any other file's.
        assert!(root.contains("pub use flip::flip;\n"), "{root}");
        assert!(!root.contains("pub use perfect_shuffle::perfect_shuffle;"));
        for left_out in ["notes", "fn;", "bin", "caf", "r#"] {
            assert!(!root.contains(left_out), "{left_out}: {root}");
        }
        assert!(!root.contains("extensions"), "{root}");
        assert!(syn::parse_file(root).is_ok());
    }

    #[test]
    fn bonus_files_are_reached_through_extensions_in_every_shape() {
        let mut beside = files(&[("flip.rs", ""), ("riffle_shuffle.rs", "")]);
        write_root(&mut beside);
        assert!(
            lib(&beside).contains("pub mod extensions {\n    pub use super::riffle_shuffle::*;\n}"),
            "{}",
            lib(&beside)
        );

        let mut folder = files(&[("flip.rs", ""), ("extensions/sequence_for.rs", "")]);
        write_root(&mut folder);
        assert!(lib(&folder).contains("pub mod extensions;\n"));
        let module = &folder
            .iter()
            .find(|(p, _)| p.ends_with("mod.rs"))
            .unwrap()
            .1;
        assert_eq!(module, "mod sequence_for;\npub use sequence_for::*;\n");

        let mut own = files(&[("flip.rs", ""), ("extensions/mod.rs", "mod x;")]);
        write_root(&mut own);
        assert!(lib(&own).contains("pub mod extensions;\n"));
        assert_eq!(own.len(), 3, "its own mod.rs is kept: {own:?}");
    }

    #[test]
    fn a_binary_crates_main_is_its_root() {
        let mut binary = files(&[("main.rs", "mod flip;\nfn main() {}\n"), ("flip.rs", "")]);
        main_as_root(&mut binary);
        drop_missing_modules(&mut binary);
        assert_eq!(lib(&binary), "mod flip;\nfn main() {}\n");
        assert!(!binary.iter().any(|(p, _)| p == Path::new("main.rs")));
    }

    #[test]
    fn a_module_not_handed_in_is_blanked_with_its_uses() {
        let text = "mod flip;\nmod perfect_shuffle;\npub mod extensions;\n\
                    pub use flip::flip; pub fn kept() {}\npub use self::perfect_shuffle::*;\n";
        let text = format!("{text}#[path = \"elsewhere.rs\"]\nmod borrowed;\n");
        let text = text.as_str();
        let mut crate_files = files(&[("lib.rs", text), ("perfect_shuffle.rs", "mod inner;")]);
        drop_missing_modules(&mut crate_files);
        let blanked = lib(&crate_files);
        let expected = text
            .replace("mod flip;", &" ".repeat(9))
            .replace("pub use flip::flip;", &" ".repeat(19));
        assert_eq!(blanked, expected);
        assert_eq!(blanked.lines().count(), text.lines().count());
        assert!(
            blanked.contains("mod borrowed;"),
            "left to refuse: {blanked}"
        );
        // perfect_shuffle.rs's own module lives in perfect_shuffle/inner.rs.
        assert_eq!(crate_files[1].1, "          ");
    }
}
