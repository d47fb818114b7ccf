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
//! After the build, [`crate::build::dep_info`] checks rustc's own record of what
//! it read, as a second line of defence.
//!
//! It also refuses what the lab never needs and an attack on the sandbox
//! does: `unsafe` in any form (blocks, functions, impls and the unsafe
//! attributes `no_mangle`, `export_name` and `link_section`), `extern`
//! blocks, the `asm` family, `#[link]` and `#![feature]`. rustc's
//! `unsafe_code` lint, forbidden on the command line for every submission,
//! stands behind the scan for the first of these; the sandbox stands
//! behind both (see `tests/grade/docs/compile-time.md`).

use std::path::{Path, PathBuf};
use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};

use crate::build::refused_constructs::{FEATURE, RAW_CODE, SHEBANG, plain, walk};

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

/// The environment variable that lets an instructor's test grade code
/// whose reads outside the submission the scan would refuse: the
/// workbook's own tests use it to prove that the compile's wall (see
/// `grade_sandbox::compile`) holds on its own. Never set it for a class.
pub const UNSCANNED_VARIABLE: &str = "GRADE_UNSCANNED";

/// Whether [`UNSCANNED_VARIABLE`] is set to 1.
fn reads_unscanned() -> bool {
    std::env::var_os(UNSCANNED_VARIABLE).is_some_and(|v| v == "1")
}

/// Every refused construct in `text`, the file at `file`.
pub fn scan(file: &Path, text: &str) -> Vec<Refusal> {
    let found = scan_with(file, text, !unsafe_allowed());
    if reads_unscanned() {
        return found
            .into_iter()
            .filter(|refusal| RAW_CODE.contains(&refusal.reason) || refusal.reason == FEATURE)
            .collect();
    }
    found
}

/// [`scan`], with the refusals of unsafe code and of the link attributes
/// only when `raw_code` is set (see [`ALLOW_UNSAFE_VARIABLE`]).
fn scan_with(file: &Path, text: &str, raw_code: bool) -> Vec<Refusal> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if is_shebang(text) {
        return vec![Refusal {
            file: file.to_path_buf(),
            line: 1,
            reason: SHEBANG,
        }];
    }
    // A file that does not lex is not scanned here: if rustc compiles it
    // all the same, the build refuses it (see [`lexes`]).
    let Ok(tokens) = TokenStream::from_str(text) else {
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

/// Whether the scan reads `text` as rustc does, token for token. A file
/// it cannot read is one the scan never saw: if rustc compiles it all the
/// same, `grade` refuses it ([`UNREAD`]) rather than trust it.
pub fn lexes(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    is_shebang(text) || TokenStream::from_str(text).is_ok()
}

/// The reason a crate is refused when rustc compiled a file that the scan
/// could not read.
pub const UNREAD: &str = "grade could not read this file as the compiler does, so it cannot \
                          check what it reads while compiling; the compiler took it, so it is \
                          refused";

/// Whether a submission's source could make rustc read a file or the
/// environment at all: it names a construct that can (`include*!`,
/// `env!`, `option_env!`, `debugger_visualizer`, `path =`), or writes a
/// macro of its own, which could move any token, `std::path`'s `path`
/// among them, into an attribute the scan never sees whole. Such a
/// submission is never packed with classmates (see
/// [`crate::build::pack::packable`]): alone, the compile's wall keeps it to its
/// own files, while in a pack those files would include the classmates'.
pub fn could_read_files(text: &str) -> bool {
    fn names(tokens: &[TokenTree]) -> bool {
        tokens.iter().enumerate().any(|(i, token)| {
            let next_is = |c: char| {
                matches!(tokens.get(i + 1), Some(TokenTree::Punct(p))
                    if p.as_char() == c && (c != '=' || p.spacing() == proc_macro2::Spacing::Alone))
            };
            match token {
                TokenTree::Ident(ident) => match plain(ident).as_str() {
                    "include"
                    | "include_str"
                    | "include_bytes"
                    | "option_env"
                    | "debugger_visualizer"
                    | "macro_rules" => true,
                    // `std::env::args()` is the module, `env!` the macro.
                    "env" => !next_is(':'),
                    "path" => next_is('='),
                    _ => false,
                },
                TokenTree::Group(group) => names(&group.stream().into_iter().collect::<Vec<_>>()),
                TokenTree::Punct(_) | TokenTree::Literal(_) => false,
            }
        })
    }
    TokenStream::from_str(text).map_or(true, |tokens| {
        names(&tokens.into_iter().collect::<Vec<_>>())
    })
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

/// Whether `text` begins with a line rustc may skip as a shebang: `#!`
/// not followed at once (after spaces) by `[`. rustc decides after
/// skipping comments too, so `#!/**/[attr] code` is code to rustc, and a
/// line that two readers could read two ways is refused whole.
fn is_shebang(text: &str) -> bool {
    text.starts_with("#!") && !text["#!".len()..].trim_start().starts_with('[')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::refused_constructs::{
        ASM, ATTRIBUTE_FROM_METAVARIABLE, EXTERN_BLOCK, LOOSE_HASH, PATH, UNSAFE,
    };

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
        // Line 11 twice: `$h [` and the `[path = …]` it would complete.
        assert_eq!(lines, [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12]);
        assert!(found.iter().any(|(_, r)| *r == UNSAFE));
        assert!(found.iter().any(|(_, r)| *r == ASM));
        assert!(found.iter().any(|(_, r)| *r == EXTERN_BLOCK));
        assert!(found.iter().any(|(_, r)| *r == FEATURE));
        assert!(found.iter().any(|(_, r)| *r == ATTRIBUTE_FROM_METAVARIABLE));
        // An instructor's test may let the raw code through, never the
        // reads outside.
        let lifted = scan_with(Path::new("lib.rs"), hostile, false);
        let left: Vec<&str> = lifted.iter().map(|r| r.reason).collect();
        assert_eq!(left.len(), 5, "{left:?}");
        assert!(!left.contains(&UNSAFE));
    }

    #[test]
    fn a_line_rustc_may_read_two_ways_is_refused_whole() {
        let shebang = "#!/usr/bin/env run-cargo-script\n#[path = \"/x.rs\"] mod d;\n";
        assert_eq!(reasons(shebang), [(1, SHEBANG)]);
        // rustc skips the comment and reads an attribute, then code.
        let hidden = "#!/**/[allow(unused)] const _: &str = include_str!(\"/x\");\n";
        assert_eq!(reasons(hidden), [(1, SHEBANG)]);
        // An inner attribute is no shebang; what follows it is scanned.
        assert_eq!(
            reasons("#![allow(dead_code)]\n#[path = \"/x\"] mod d;\n"),
            [(2, PATH)]
        );
        // rustc drops a byte-order mark first; so does the scan.
        let marked = "\u{feff}#!/**/[allow(unused)] fn f() {}\n";
        assert_eq!(reasons(marked), [(1, SHEBANG)]);
        assert_eq!(
            reasons("\u{feff}const A: &str = include_str!(\"/x\");")[0].0,
            1
        );
    }

    /// `#[path = …]` made only by expansion: the macro puts back in order
    /// what its caller wrote out of order.
    #[test]
    fn an_attribute_assembled_by_a_macro_is_refused() {
        let reordered = r#"
macro_rules! m { ($b:tt $h:tt) => { $h $b mod leak; } }
m!([path = "/proc/self/environ"] #);
macro_rules! n { ($b:tt) => { $($b)* } }
n!([cfg_attr(all(), path = "/dev/zero")]);
"#;
        let found = reasons(reordered);
        assert!(found.contains(&(3, PATH)), "{found:?}");
        assert!(found.contains(&(3, LOOSE_HASH)), "{found:?}");
        assert!(found.contains(&(5, PATH)), "{found:?}");
        // Brackets that only hold a comparison or an index are code.
        assert_eq!(reasons("fn f(path: usize) -> bool { [path == 1][0] }"), []);
    }

    #[test]
    fn what_could_read_a_file_is_never_packed() {
        assert!(could_read_files("macro_rules! m { () => {} }"));
        assert!(could_read_files(
            "#[cfg_attr(all(), r#path = \"x\")] mod m;"
        ));
        assert!(could_read_files("use std::env as e;"));
        // Without a macro of its own, a module path is only a path.
        assert!(!could_read_files(
            "fn f() -> std::path::PathBuf { let p = [1]; std::env::temp_dir() }"
        ));
        assert!(could_read_files(
            "const E: Option<&str> = option_env!(\"X\");"
        ));
        assert!(could_read_files("fn ("), "what does not lex is not packed");
        assert!(!could_read_files(
            "pub fn flip() -> &'static str { \"heads\" }"
        ));
    }

    #[test]
    fn the_scan_knows_which_files_it_could_not_read() {
        assert!(lexes("fn f() {}"));
        assert!(lexes("#!/usr/bin/env x\nfn f() {}"), "refused, but read");
        assert!(!lexes("fn f() { \"unterminated }"));
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
}
