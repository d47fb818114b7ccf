//! Expands mdBook's `{{#include file}}` and `{{#include file:anchor}}` in
//! every chapter, and every page of Going deeper in `deeper/`, into
//! `OUT_DIR` under the same relative path, so the doctests compile exactly
//! the code a reader sees. A missing file or anchor fails the build, as a
//! broken include should.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    // Read at run time, not with env!(): a build script compiled in one
    // checkout and reused from a shared target dir by another must look at
    // the checkout it is running for.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let src = Path::new(&manifest).join("src");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo::rerun-if-changed={}", src.display());
    // The chapters, and Going deeper's pages in `deeper/`. Not `source/`,
    // whose pages only include workbook files, nor `figures/`.
    for folder in ["", "deeper"] {
        let dir = src.join(folder);
        println!("cargo::rerun-if-changed={}", dir.display());
        fs::create_dir_all(out.join(folder)).expect("a writable OUT_DIR");
        for entry in fs::read_dir(&dir).expect("docs/src") {
            let path = entry.expect("an entry").path();
            if path.extension().is_none_or(|e| e != "md") {
                continue;
            }
            println!("cargo::rerun-if-changed={}", path.display());
            let text = fs::read_to_string(&path).expect("a readable chapter");
            // An include's path is relative to the page's own folder.
            let expanded = expand(&text, &dir).unwrap_or_else(|error| {
                panic!("{}: {error}", path.display());
            });
            let name = path.file_name().expect("a file name");
            fs::write(out.join(folder).join(name), expanded).expect("a writable OUT_DIR");
        }
    }
}

fn expand(text: &str, base: &Path) -> Result<String, String> {
    let mut expanded = String::new();
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let Some(target) = trimmed
            .strip_prefix("{{#include ")
            .and_then(|rest| rest.strip_suffix("}}"))
        else {
            expanded.push_str(line);
            continue;
        };
        let (file, anchor) = match target.trim().split_once(':') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (target.trim(), None),
        };
        let path = base.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        let included = fs::read_to_string(&path)
            .map_err(|error| format!("cannot include {}: {error}", path.display()))?;
        let body = match anchor {
            None => included,
            Some(anchor) => between_anchors(&included, anchor)
                .ok_or_else(|| format!("{} has no ANCHOR: {anchor}", path.display()))?,
        };
        expanded.push_str(&body);
        if !body.ends_with('\n') {
            expanded.push('\n');
        }
    }
    Ok(expanded)
}

/// The lines between `ANCHOR: name` and `ANCHOR_END: name`, without any
/// anchor lines, as mdBook includes them.
fn between_anchors(text: &str, anchor: &str) -> Option<String> {
    let start = format!("ANCHOR: {anchor}");
    let end = format!("ANCHOR_END: {anchor}");
    let mut lines = text.lines().skip_while(|line| !line.contains(&start));
    lines.next()?;
    let mut body = String::new();
    for line in lines {
        if line.contains(&end) {
            return Some(body);
        }
        if !line.contains("ANCHOR") {
            body.push_str(line);
            body.push('\n');
        }
    }
    None
}
