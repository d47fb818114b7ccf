//! The code `grade` adds to each submission's crate: a module of
//! wrappers, one per exercise, through which an image reaches the
//! student's functions (see [`crate::build::link`]), appended to the crate root
//! after the student's own lines; and, when a wrapper does not compile,
//! the report that says which exercise is missing or does not match the
//! assignment's signature.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::build::diagnostic::{Diagnostic, is_not_found};
use workbook::{EXERCISES, Exercise};

/// The generated wrappers, appended to each submission's `lib.rs`: one
/// function per exercise, for `dyn Rng`, forwarding to the student's. A
/// submission without the `extensions` module gets bonus wrappers that say
/// "not yet implemented", as the stubs do, so the bonus checks report it
/// and nothing else changes.
pub fn wrappers(extensions: bool) -> String {
    let mut text =
        String::from("\n#[doc(hidden)]\n#[allow(warnings, clippy::all)]\npub mod __grading {\n");
    for exercise in EXERCISES {
        let wrapper = match (exercise.bonus, extensions) {
            (false, _) => exercise.wrapper("super"),
            (true, true) => exercise.wrapper("super::extensions"),
            (true, false) => exercise.missing(),
        };
        text.push_str(&wrapper);
    }
    // The one function an image's link reaches the submission through (see
    // [`crate::build::link`]); never inlined, so every rlib defines it.
    text.push_str(
        "    #[inline(never)]\n    pub fn image() -> ::grade_serve::workbook::Implementation {\n        \
         ::grade_serve::workbook::Implementation {\n",
    );
    for exercise in EXERCISES {
        text.push_str(&format!("            {0}: {0},\n", exercise.name));
    }
    text.push_str("        }\n    }\n}\n");
    text
}

/// Whether a crate root has the bonus `extensions` module. A `mod
/// extensions;` whose file was not handed in (a flat upload of the six
/// lab files, say) is blanked out, so it reads as "not attempted" rather
/// than failing the whole build; its lines stay, as blank lines, so the
/// compiler's line numbers still match the student's file.
pub fn take_extensions(files: &mut BTreeMap<PathBuf, String>) -> bool {
    use syn::spanned::Spanned;
    let Some(lib) = files.get(Path::new("lib.rs")) else {
        return false;
    };
    let Ok(file) = syn::parse_file(lib) else {
        return false;
    };
    let Some(module) = file.items.iter().find_map(|item| match item {
        syn::Item::Mod(m) if m.ident == "extensions" => Some(m),
        _ => None,
    }) else {
        return false;
    };
    let handed_in = ["extensions.rs", "extensions/mod.rs"]
        .iter()
        .any(|path| files.contains_key(Path::new(path)));
    if module.content.is_some() || handed_in {
        return true;
    }
    let span = module.span();
    let (first, last) = (span.start().line, span.end().line);
    let blanked: String = lib
        .split_inclusive('\n')
        .enumerate()
        .map(|(i, line)| {
            if (first..=last).contains(&(i + 1)) {
                if line.ends_with('\n') { "\n" } else { "" }
            } else {
                line
            }
        })
        .collect();
    files.insert(PathBuf::from("lib.rs"), blanked);
    false
}

/// The report for an error inside the generated wrapper of an exercise:
/// the function is missing or its signature differs from the assignment.
pub fn wrapper_message(function: &str, diagnostic: &Diagnostic) -> String {
    let Some(exercise) = Exercise::named(function) else {
        // Only the exercises have wrappers; this is a fault of the grader.
        return format!(
            "the generated wrapper `{function}` did not compile: {}",
            diagnostic.message
        );
    };
    let expected = exercise.signature();
    let place = if exercise.bonus {
        "the `extensions` module"
    } else {
        "the crate root"
    };
    // By the error's code (E0425 and its kin), not by its words.
    if is_not_found(diagnostic) {
        format!("`{function}` is missing: {place} has no `{expected}`")
    } else {
        format!(
            "`{function}` does not match the assignment's signature ({}); it must be\n{expected}",
            diagnostic.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_extensions_file_reads_as_not_attempted() {
        let lib = "pub mod extensions;\nmod flip;\npub fn a() {}\n";
        let mut flat = BTreeMap::from([(PathBuf::from("lib.rs"), lib.to_string())]);
        assert!(!take_extensions(&mut flat));
        assert_eq!(flat[Path::new("lib.rs")], "\nmod flip;\npub fn a() {}\n");

        let mut whole = BTreeMap::from([
            (PathBuf::from("lib.rs"), lib.to_string()),
            (PathBuf::from("extensions/mod.rs"), String::new()),
        ]);
        assert!(take_extensions(&mut whole));
        assert_eq!(whole[Path::new("lib.rs")], lib, "left as it was");

        let mut inline =
            BTreeMap::from([(PathBuf::from("lib.rs"), "mod extensions {}\n".to_string())]);
        assert!(take_extensions(&mut inline));
        let mut none = BTreeMap::from([(PathBuf::from("lib.rs"), "pub fn a() {}\n".to_string())]);
        assert!(!take_extensions(&mut none));
    }
}
