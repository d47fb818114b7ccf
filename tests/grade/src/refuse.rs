//! Refuses source that would read outside the submission while it
//! compiles. The runtime sandbox cannot stop this: rustc itself reads the
//! file, so `include_str!("/…/solutions/src/flip.rs")` would hand a student
//! the reference, and a compile error or a crash could print it.
//!
//! The scan walks the raw token trees of every file, not the parsed items,
//! so the same names inside `macro_rules!` bodies, other macro calls and
//! attributes are found too. Stable Rust cannot build an identifier out of
//! pieces in `macro_rules!`, so a construct that reads a file or the
//! environment must name one of these identifiers somewhere in the source.
//! After the build, [`outside_reads`] checks rustc's own record of what it
//! read, as a second line of defence.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// One refused construct, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The file, relative to the submission's `src/`.
    pub file: PathBuf,
    /// Its line, from 1.
    pub line: usize,
    /// Why, in one line.
    pub reason: &'static str,
}

impl Refusal {
    /// The report's line: `id/file:line: reason`.
    pub fn describe(&self, id: &str) -> String {
        format!(
            "{id}/{}:{}: {}",
            self.file.display(),
            self.line,
            self.reason
        )
    }
}

/// Every refused construct in `text`, the file at `file`.
pub fn scan(file: &Path, text: &str) -> Vec<Refusal> {
    // A file that does not even lex fails to compile before any macro
    // runs, so it cannot read anything.
    let Ok(tokens) = TokenStream::from_str(text) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    walk(
        &tokens.into_iter().collect::<Vec<_>>(),
        &mut |line, reason| {
            found.push(Refusal {
                file: file.to_path_buf(),
                line,
                reason,
            });
        },
    );
    // One report per construct: `#[$a = $b]` has two metavariables.
    found.dedup();
    found
}

fn walk(tokens: &[TokenTree], refuse: &mut dyn FnMut(usize, &'static str)) {
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) => {
                let line = ident.span().start().line;
                let name = ident.to_string();
                let name = name.strip_prefix("r#").unwrap_or(&name);
                let next_is_path =
                    matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                match name {
                    "include" => refuse(
                        line,
                        "`include!` reads a file while compiling, which a submission may not do: use only your own code (the lab needs no file access)",
                    ),
                    "include_str" => refuse(
                        line,
                        "`include_str!` reads a file while compiling, which a submission may not do: use only your own code (the lab needs no file access)",
                    ),
                    "include_bytes" => refuse(
                        line,
                        "`include_bytes!` reads a file while compiling, which a submission may not do: use only your own code (the lab needs no file access)",
                    ),
                    "option_env" => refuse(
                        line,
                        "`option_env!` reads the grading machine's environment while compiling; the lab needs none",
                    ),
                    // `std::env::args()` names the module and is harmless;
                    // `env!(…)` or `use std::env as e;` reach the macro.
                    "env" if !next_is_path => refuse(
                        line,
                        "`env!` reads the grading machine's environment while compiling; the lab needs none",
                    ),
                    _ => {}
                }
            }
            TokenTree::Punct(punct) if punct.as_char() == '#' => {
                let after_bang = match tokens.get(i + 1) {
                    Some(TokenTree::Punct(p)) if p.as_char() == '!' => i + 2,
                    _ => i + 1,
                };
                if let Some(TokenTree::Group(group)) = tokens.get(after_bang)
                    && group.delimiter() == Delimiter::Bracket
                {
                    attribute(group.stream(), refuse);
                }
            }
            TokenTree::Group(group) => {
                walk(&group.stream().into_iter().collect::<Vec<_>>(), refuse);
            }
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}

/// Refuses `path` anywhere in an attribute (`#[path = …]`, or inside
/// `#[cfg_attr(…, path = …)]`) and attributes whose tokens come from a
/// macro's metavariables (`#[$name = $file]`), which could spell `path`.
fn attribute(stream: TokenStream, refuse: &mut dyn FnMut(usize, &'static str)) {
    for token in stream {
        match token {
            TokenTree::Ident(ident) if ident == "path" => refuse(
                ident.span().start().line,
                "`#[path]` makes a module out of a file outside your submission; keep every \
                 module in your own files",
            ),
            TokenTree::Punct(punct) if punct.as_char() == '$' => refuse(
                punct.span().start().line,
                "an attribute built from a macro's arguments (`#[$…]`) could load a file \
                 from outside your submission; write the attribute out",
            ),
            TokenTree::Group(group) => attribute(group.stream(), refuse),
            _ => {}
        }
    }
}

/// The files and environment variables that rustc recorded reading for
/// a crate, other than the crate's own `src/`, from its dep-info file
/// (`deps/<name>-<hash>.d`, the newest if there are several).
pub fn outside_reads(deps: &Path, name: &str) -> Vec<String> {
    let newest = std::fs::read_dir(deps)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|entry| {
            let file = entry.file_name().to_string_lossy().to_string();
            file.starts_with(&format!("{name}-")) && file.ends_with(".d")
        })
        .max_by_key(|entry| entry.metadata().and_then(|m| m.modified()).ok());
    let Some(text) = newest.and_then(|e| std::fs::read_to_string(e.path()).ok()) else {
        return vec![format!("no record of what compiling {name} read")];
    };
    let own = format!("subs/{name}/src/");
    let mut outside = Vec::new();
    for line in text.lines() {
        if let Some(variable) = line.strip_prefix("# env-dep:") {
            let name = variable.split('=').next().unwrap_or(variable);
            outside.push(format!("the environment variable {name}"));
        } else if let Some((_, inputs)) = line.split_once(": ") {
            for input in inputs.split_whitespace() {
                if !input.starts_with(&own) && !outside.contains(&input.to_string()) {
                    outside.push(input.to_string());
                }
            }
        }
    }
    outside
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(text: &str) -> Vec<(usize, &'static str)> {
        scan(Path::new("lib.rs"), text)
            .into_iter()
            .map(|r| (r.line, r.reason))
            .collect()
    }

    #[test]
    fn finds_every_construct_that_reads_outside() {
        let hostile = r#"
#[path = "/srv/solutions/src/flip.rs"] mod d;
pub fn f() -> &'static str { include_str!(concat!("/srv/", "x")) }
macro_rules! sneak { ($f:literal) => { core::include_bytes!($f) } }
#[cfg_attr(all(), path = "/x.rs")] mod e;
macro_rules! attr { ($a:ident, $f:literal) => { #[$a = $f] mod g; } }
const H: &str = env!("HOME");
use std::env as e;
const O: Option<&str> = option_env!("USER");
fn r() { r#include!("/x"); }
"#;
        let lines: Vec<usize> = reasons(hostile).into_iter().map(|(l, _)| l).collect();
        assert_eq!(lines, [2, 3, 4, 5, 6, 7, 8, 9, 10]);
        assert!(reasons(hostile)[1].1.starts_with("`include_str!`"));
    }

    #[test]
    fn leaves_ordinary_code_alone() {
        let fine = r#"
use rand::{Rng, RngExt};
#[allow(unused_variables)]
#[inline]
/// The path of the deck; not `include_str!`, which is only text here.
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let path = "heads";
    let _ = std::env::args();
    macro_rules! pick { ($a:expr) => { $a } }
    if rng.random_ratio(2, 3) { pick!(path) } else { "tails" }
}
"#;
        assert_eq!(reasons(fine), []);
        assert_eq!(reasons("fn ("), [], "a file that does not lex");
    }

    #[test]
    fn dep_info_names_what_was_read() {
        let deps = tempfile::tempdir().unwrap();
        std::fs::write(
            deps.path().join("s1-abc.d"),
            "/t/deps/s1-abc.d: subs/s1/src/lib.rs /srv/solutions/src/flip.rs\n\n\
             subs/s1/src/lib.rs:\n/srv/solutions/src/flip.rs:\n\n# env-dep:HOME=/root\n",
        )
        .unwrap();
        assert_eq!(
            outside_reads(deps.path(), "s1"),
            [
                "/srv/solutions/src/flip.rs",
                "the environment variable HOME"
            ]
        );
        assert_eq!(outside_reads(deps.path(), "s2").len(), 1, "no record");
    }
}
