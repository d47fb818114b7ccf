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
//!
//! It also refuses what the lab never needs and an attack on the sandbox
//! does: `unsafe` in any form (blocks, functions, impls and the unsafe
//! attributes `no_mangle`, `export_name` and `link_section`), `extern`
//! blocks, the `asm` family, `#[link]` and `#![feature]`. rustc's
//! `unsafe_code` lint, forbidden on the command line for every submission,
//! stands behind the scan for the first of these; the sandbox stands
//! behind both (see the instructors' chapter).

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

/// The environment variable that lets an instructor's test grade code that
/// is otherwise refused (`unsafe`, `extern` blocks, the `asm` family, the
/// link attributes): the workbook's own tests use it to prove that the
/// sandbox holds against such code on its own. Never set it for a class.
pub const ALLOW_UNSAFE_VARIABLE: &str = "GRADE_ALLOW_UNSAFE";

/// Whether [`ALLOW_UNSAFE_VARIABLE`] is set to 1.
pub fn unsafe_allowed() -> bool {
    std::env::var_os(ALLOW_UNSAFE_VARIABLE).is_some_and(|v| v == "1")
}

/// Every refused construct in `text`, the file at `file`.
pub fn scan(file: &Path, text: &str) -> Vec<Refusal> {
    scan_with(file, text, !unsafe_allowed())
}

/// [`scan`], with the refusals of unsafe code and of the link attributes
/// only when `raw_code` is set (see [`ALLOW_UNSAFE_VARIABLE`]).
fn scan_with(file: &Path, text: &str, raw_code: bool) -> Vec<Refusal> {
    // A file that does not even lex fails to compile before any macro
    // runs, so it cannot read anything.
    let Ok(tokens) = TokenStream::from_str(&without_shebang(text)) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    walk(
        &tokens.into_iter().collect::<Vec<_>>(),
        &mut |line, reason| {
            if raw_code || !RAW_CODE.contains(&reason) {
                found.push(Refusal {
                    file: file.to_path_buf(),
                    line,
                    reason,
                });
            }
        },
    );
    // One report per construct: `#[$a = $b]` has two metavariables.
    found.dedup();
    found
}

/// Whether `text` holds any of the raw code that [`scan`] refuses unless
/// an instructor's test lets it through (`unsafe`, `extern` blocks, the
/// `asm` family, link attributes). The packer builds such a submission
/// alone, so that nothing it puts in its object file (a constructor, say)
/// can reach a classmate's image.
pub fn names_raw_code(text: &str) -> bool {
    scan_with(Path::new("lib.rs"), text, true)
        .iter()
        .any(|refusal| RAW_CODE.contains(&refusal.reason))
}

/// The text as rustc lexes it: a first line starting with `#!` (and not
/// `#![`, an inner attribute) is a shebang, which rustc skips; it becomes
/// an empty line, so the line numbers stay.
fn without_shebang(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with("#!") && !text["#!".len()..].trim_start().starts_with('[') {
        let rest = text.find('\n').map_or("", |end| &text[end..]);
        std::borrow::Cow::Owned(rest.to_string())
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

const UNSAFE: &str = "`unsafe` code is refused: the lab needs none, and it is how a submission would reach outside its sandbox; write it in safe Rust";
const ASM: &str = "inline assembly (`asm!`, `global_asm!`, `naked_asm!`) is refused: the lab needs none, and it can read files while compiling";
const EXTERN_BLOCK: &str = "`extern` blocks are refused: they declare foreign functions, which only `unsafe` code can call; the lab needs none";
const LINK_ATTRIBUTE: &str = "link attributes (`no_mangle`, `export_name`, `link_section`, `link`, `link_name`) are refused: they change what the linker does, which the lab never needs";
const FEATURE: &str =
    "`#![feature]` is refused: it needs a nightly compiler and the lab uses stable Rust";
const ATTRIBUTE_BUILT: &str = "an attribute built from a macro's arguments (`#[$…]`) could load a file from outside your submission; write the attribute out";
const ATTRIBUTE_FROM_METAVARIABLE: &str = "an attribute whose brackets come from a macro's arguments (`# $…`) could load a file from outside your submission; write the attribute out";

/// The refusals that [`ALLOW_UNSAFE_VARIABLE`] lifts.
const RAW_CODE: [&str; 4] = [UNSAFE, ASM, EXTERN_BLOCK, LINK_ATTRIBUTE];

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
                    "unsafe" => refuse(line, UNSAFE),
                    "asm" | "global_asm" | "naked_asm" => refuse(line, ASM),
                    "extern" if starts_block(&tokens[i + 1..]) => refuse(line, EXTERN_BLOCK),
                    _ => {}
                }
            }
            TokenTree::Punct(punct) if punct.as_char() == '#' => {
                let after_bang = match tokens.get(i + 1) {
                    Some(TokenTree::Punct(p)) if p.as_char() == '!' => i + 2,
                    _ => i + 1,
                };
                match tokens.get(after_bang) {
                    Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Bracket => {
                        attribute(group.stream(), refuse);
                    }
                    // `# $a` in a macro's body: after expansion, an
                    // attribute whose brackets the scan never sees.
                    Some(TokenTree::Punct(p)) if p.as_char() == '$' => {
                        refuse(p.span().start().line, ATTRIBUTE_FROM_METAVARIABLE);
                    }
                    _ => {}
                }
            }
            // `$h [path = …]` with `#` passed in as `$h`: after expansion
            // an attribute, though no `#` stands before the brackets here.
            TokenTree::Punct(punct)
                if punct.as_char() == '$'
                    && matches!(tokens.get(i + 1), Some(TokenTree::Ident(_)))
                    && matches!(tokens.get(i + 2), Some(TokenTree::Group(g))
                        if g.delimiter() == Delimiter::Bracket) =>
            {
                refuse(punct.span().start().line, ATTRIBUTE_FROM_METAVARIABLE);
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
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    for (i, token) in tokens.iter().cloned().enumerate() {
        match token {
            TokenTree::Ident(ident) if ident == "debugger_visualizer" => refuse(
                ident.span().start().line,
                "`#[debugger_visualizer]` reads a file while compiling, which a submission may not do; the lab needs none",
            ),
            TokenTree::Ident(ident) if ident == "path" => refuse(
                ident.span().start().line,
                "`#[path]` makes a module out of a file outside your submission; keep every \
                 module in your own files",
            ),
            TokenTree::Ident(ident)
                if matches!(
                    ident.to_string().as_str(),
                    "no_mangle" | "export_name" | "link_section" | "link" | "link_name"
                ) =>
            {
                refuse(ident.span().start().line, LINK_ATTRIBUTE);
            }
            // `feature(…)`, not `cfg(feature = "…")`.
            TokenTree::Ident(ident)
                if ident == "feature"
                    && matches!(tokens.get(i + 1), Some(TokenTree::Group(g))
                        if g.delimiter() == Delimiter::Parenthesis) =>
            {
                refuse(ident.span().start().line, FEATURE);
            }
            TokenTree::Punct(punct) if punct.as_char() == '$' => {
                refuse(punct.span().start().line, ATTRIBUTE_BUILT);
            }
            TokenTree::Group(group) => attribute(group.stream(), refuse),
            _ => {}
        }
    }
}

/// Whether the tokens after `extern` open a block: `extern {`, or
/// `extern "C" {` (not `extern crate`, nor an `extern "C" fn` definition,
/// which is safe to write and call).
fn starts_block(after: &[TokenTree]) -> bool {
    let after = match after.first() {
        Some(TokenTree::Literal(_)) => &after[1..],
        _ => after,
    };
    matches!(after.first(), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace)
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
    let own = PathBuf::from(format!("subs/{name}/src"));
    let mut outside = Vec::new();
    for line in text.lines() {
        if let Some(variable) = line.strip_prefix("# env-dep:") {
            let name = variable.split('=').next().unwrap_or(variable);
            outside.push(format!("the environment variable {name}"));
        } else if let Some((_, inputs)) = line.split_once(": ") {
            for input in inputs.split_whitespace() {
                // `subs/x/src/../../../solutions/…` starts as its own does.
                let inside = normalised(Path::new(input)).is_some_and(|p| p.starts_with(&own));
                if !inside && !outside.contains(&input.to_string()) {
                    outside.push(input.to_string());
                }
            }
        }
    }
    outside
}

/// `path` with `.` and `..` resolved by name (no file is read), or `None`
/// when `..` climbs above its start.
fn normalised(path: &Path) -> Option<PathBuf> {
    use std::path::Component;
    let mut parts: Vec<Component<'_>> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !matches!(parts.pop(), Some(Component::Normal(_))) {
                    return None;
                }
            }
            other => parts.push(other),
        }
    }
    Some(parts.iter().collect())
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
    fn refuses_unsafe_code_and_what_changes_the_link() {
        let hostile = r#"
pub fn a() { unsafe { core::hint::unreachable_unchecked() } }
#[unsafe(no_mangle)] pub extern "C" fn setuid(_: u32) -> i32 { 0 }
#[used] #[unsafe(link_section = ".init_array")] static C: extern "C" fn() = b;
unsafe extern "C" { fn getuid() -> u32; }
extern "C" { fn getgid() -> u32; }
core::arch::global_asm!(".incbin \"/etc/hostname\"");
#[link(name = "a_missing_library")] extern {}
#![feature(naked_functions)]
macro_rules! hide { ($a:tt) => { # $a mod m; } }
macro_rules! attach { ($h:tt) => { $h [path = "/x.rs"] mod n; } }
#![debugger_visualizer(gdb_script_file = "../../x.py")]
"#;
        let found = reasons(hostile);
        let lines: Vec<usize> = found.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 12]);
        assert!(found.iter().any(|(_, r)| *r == UNSAFE));
        assert!(found.iter().any(|(_, r)| *r == ASM));
        assert!(found.iter().any(|(_, r)| *r == EXTERN_BLOCK));
        assert!(found.iter().any(|(_, r)| *r == FEATURE));
        assert!(found.iter().any(|(_, r)| *r == ATTRIBUTE_FROM_METAVARIABLE));
        // An instructor's test may let the raw code through, never the
        // reads outside.
        let lifted = scan_with(Path::new("lib.rs"), hostile, false);
        let left: Vec<&str> = lifted.iter().map(|r| r.reason).collect();
        assert_eq!(left.len(), 4, "{left:?}");
        assert!(!left.contains(&UNSAFE));
    }

    #[test]
    fn a_shebang_line_hides_nothing() {
        let text = "#!/usr/bin/env run-cargo-script\n#[path = \"/x.rs\"] mod d;\n";
        assert_eq!(reasons(text).len(), 1, "without the shebang the file lexes");
        assert_eq!(reasons(text)[0].0, 2, "and its lines keep their numbers");
        assert_eq!(
            reasons("#![allow(dead_code)]\n#[path = \"/x\"] mod d;\n").len(),
            1
        );
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
    #[cfg(feature = "never")]
    extern crate std as also_std;
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

        // A path that climbs out of its own src/ is outside, however spelt.
        std::fs::write(
            deps.path().join("s3-abc.d"),
            "/t/deps/s3-abc.d: subs/s3/src/lib.rs subs/s3/src/./a/../flip.rs \
             subs/s3/src/../../../../solutions/src/flip.rs\n",
        )
        .unwrap();
        assert_eq!(
            outside_reads(deps.path(), "s3"),
            ["subs/s3/src/../../../../solutions/src/flip.rs"]
        );
    }
}
