//! A submission's id, from the name of its file or folder: a name its
//! author chose, so one that may try to pass for a classmate's.
//!
//! The id is what every report names a student by, so it is made to tell
//! students apart where their names alone would not: bytes that are not
//! UTF-8 are shown as `\xff` (two such names once both read "a\u{fffd}"
//! and refused the whole class), and a name that passes for another (a
//! Cyrillic `а` in a Latin `ivаn`, or a wholly Cyrillic `аа` in a class
//! with a Latin `aa`) shows its letters that are not ASCII as `\u{430}`. The
//! invisible characters are shown escaped wherever an id is printed
//! (`terminal`). Two entries that still come to the same id (`alice.rs`
//! beside a folder `alice/`) are each refused alone, under their whole
//! names, with one line that says why ([`tell_apart`]).

use std::collections::BTreeMap;
use std::path::Path;

use unicode_security::MixedScript;

/// What [`tell_apart`] needs of a submission: its id, where it was
/// found, and a way to refuse it with a one-line problem.
pub trait Named {
    fn id(&self) -> &str;
    fn origin(&self) -> &Path;
    fn rename(&mut self, id: String);
    fn refuse(&mut self, problem: String);
}

/// The id of the submission at `path`: its name without `.rs`, made
/// visible as the module's comment says.
pub fn of(path: &Path) -> String {
    let (stem, _) = stem_and_suffix(path);
    stem
}

/// The whole name of the file or folder at `path`, as an id: the id with
/// its `.rs`, if it had one.
fn whole_name(path: &Path) -> String {
    let (stem, suffix) = stem_and_suffix(path);
    stem + suffix
}

/// The name at `path`, shown as the module's comment says, and its `.rs`.
fn stem_and_suffix(path: &Path) -> (String, &'static str) {
    let name = path.file_name().unwrap_or_default();
    let mut text = String::new();
    for chunk in name.as_encoded_bytes().utf8_chunks() {
        text.push_str(chunk.valid());
        for byte in chunk.invalid() {
            text.push_str(&format!("\\x{byte:02x}"));
        }
    }
    let (stem, suffix) = match text.strip_suffix(".rs") {
        Some(stem) => (stem.to_string(), ".rs"),
        None => (text, ""),
    };
    // Latin with Cyrillic, Greek…: `ivаn`, but not `josé` or `иван`.
    match stem.is_single_script() {
        true => (stem, suffix),
        false => (beyond_ascii_escaped(&stem), suffix),
    }
}

fn beyond_ascii_escaped(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_ascii() {
            true => c.to_string(),
            false => format!("\\u{{{:x}}}", u32::from(c)),
        })
        .collect()
}

/// Shows escaped, beyond ASCII, the ids in `found` that read as another's:
/// the same skeleton (Unicode's confusables, UTS #39), as a wholly
/// Cyrillic `аа` has with a Latin `aa`.
fn escape_lookalikes(found: &mut [impl Named]) {
    let mut by_skeleton: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (index, submission) in found.iter().enumerate() {
        let skeleton = unicode_security::skeleton(submission.id()).collect();
        by_skeleton.entry(skeleton).or_default().push(index);
    }
    for alike in by_skeleton.values().filter(|alike| alike.len() > 1) {
        for &index in alike {
            let escaped = beyond_ascii_escaped(found[index].id());
            found[index].rename(escaped);
        }
    }
}

/// Gives every submission in `found` an id no other has. Those that share
/// one are refused, each alone, under the whole name of its file or
/// folder, with a problem that names the other; if even whole names clash
/// (the same file in two folders given to grade), grade stops and says so.
///
/// # Errors
///
/// When two submissions have the same whole name.
pub fn tell_apart(found: &mut [impl Named]) -> anyhow::Result<()> {
    escape_lookalikes(found);
    // A whole name can be another's id (`x.rs` beside a folder `x.rs.rs`):
    // a second round tells those apart too.
    for _ in 0..3 {
        if !refuse_shared(found) {
            break;
        }
    }
    found.sort_by(|a, b| a.id().cmp(b.id()));
    if let Some(pair) = found.windows(2).find(|pair| pair[0].id() == pair[1].id()) {
        anyhow::bail!(
            "two submissions are both named {:?}: {} and {}",
            pair[0].id(),
            pair[0].origin().display(),
            pair[1].origin().display()
        );
    }
    Ok(())
}

/// One round of [`tell_apart`]: whether any id was shared.
fn refuse_shared(found: &mut [impl Named]) -> bool {
    let mut by_id: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (index, submission) in found.iter().enumerate() {
        by_id
            .entry(submission.id().to_string())
            .or_default()
            .push(index);
    }
    let mut shared = false;
    for (id, sharing) in by_id.into_iter().filter(|(_, s)| s.len() > 1) {
        let names: Vec<String> = sharing
            .iter()
            .map(|&i| whole_name(found[i].origin()))
            .collect();
        if names.iter().all(|name| *name == id) {
            // Whole names already: nothing left to tell them apart by.
            continue;
        }
        shared = true;
        let all: Vec<String> = names.iter().map(|name| format!("{name:?}")).collect();
        let problem = format!(
            "{} all come to the id {id:?}: rename all but one and grade them again",
            all.join(", ")
        );
        for (&index, name) in sharing.iter().zip(&names) {
            let submission = &mut found[index];
            submission.rename(name.clone());
            submission.refuse(problem.clone());
        }
    }
    shared
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::PathBuf;

    /// A submission as far as ids go.
    struct Entry {
        id: String,
        origin: PathBuf,
        problem: Option<String>,
    }

    impl Named for Entry {
        fn id(&self) -> &str {
            &self.id
        }
        fn origin(&self) -> &Path {
            &self.origin
        }
        fn rename(&mut self, id: String) {
            self.id = id;
        }
        fn refuse(&mut self, problem: String) {
            self.problem = Some(problem);
        }
    }

    fn id(bytes: &[u8]) -> String {
        of(Path::new(OsStr::from_bytes(bytes)))
    }

    #[test]
    fn names_are_shown_as_what_they_are() {
        assert_eq!(id(b"alice.rs"), "alice");
        assert_eq!(id(b"alice"), "alice");
        assert_eq!(id("josé.rs".as_bytes()), "josé");
        assert_eq!(id("иван.rs".as_bytes()), "иван");
        assert_eq!(id(b"a\xff.rs"), "a\\xff");
        assert_ne!(id(b"a\xff.rs"), id(b"a\xfe.rs"));
        // A Cyrillic а in a Latin name.
        assert_eq!(id("ivаn.rs".as_bytes()), "iv\\u{430}n");
    }

    #[test]
    fn a_name_that_reads_as_a_classmates_is_shown_escaped() {
        let submission = |origin: &str| Entry {
            id: of(Path::new(origin)),
            origin: PathBuf::from(origin),
            problem: None,
        };
        let mut found = vec![
            submission("aa.rs"),
            submission("аа.rs"),
            submission("иван.rs"),
        ];
        tell_apart(&mut found).unwrap();
        let ids: Vec<&str> = found.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["\\u{430}\\u{430}", "aa", "иван"]);
        assert!(found.iter().all(|s| s.problem.is_none()));
    }

    #[test]
    fn a_shared_id_refuses_its_holders_alone_under_whole_names() {
        let submission = |origin: &str| Entry {
            id: of(Path::new(origin)),
            origin: PathBuf::from(origin),
            problem: None,
        };
        let mut found = vec![
            submission("class/innocent_a"),
            submission("class/innocent_a.rs"),
            submission("class/bob.rs"),
        ];
        tell_apart(&mut found).unwrap();
        let ids: Vec<&str> = found.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["bob", "innocent_a", "innocent_a.rs"]);
        assert_eq!(found[0].problem, None);
        for refused in &found[1..] {
            let problem = refused.problem.as_deref().unwrap();
            assert_eq!(
                problem,
                "\"innocent_a\", \"innocent_a.rs\" all come to the id \"innocent_a\": \
                 rename all but one and grade them again"
            );
            assert!(!problem.contains('\n'));
        }
        // A whole name that is another's id is told apart in a second round.
        let mut chained = vec![
            submission("class/x"),
            submission("class/x.rs"),
            submission("class/x.rs.rs"),
        ];
        tell_apart(&mut chained).unwrap();
        let ids: Vec<&str> = chained.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["x", "x.rs", "x.rs.rs"]);
        assert!(chained.iter().all(|s| s.problem.is_some()));
        let mut twice = vec![submission("one/bob.rs"), submission("two/bob.rs")];
        let error = tell_apart(&mut twice).unwrap_err().to_string();
        assert!(error.contains("two submissions are both named \"bob.rs\""));
    }
}
