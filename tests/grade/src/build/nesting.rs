//! How deep a source file can make a recursive parser go, bounded before
//! anything recursive reads it.
//!
//! syn parses by recursive descent, one call per construct that nests,
//! with no limit of its own: 700 nested parentheses, 1.4 KB of legal Rust,
//! overflowed grade's 8 MiB main thread and took the whole class's grades
//! with it. proc-macro2's lexer and its token streams' drop are loops, so
//! lexing is safe at any depth; what follows the lexer is bounded here.
//!
//! [`nesting`] is an upper bound on the recursion any parser of Rust can
//! need: each construct that nests is opened by at least one token and,
//! short of a delimited group, closed at the next `;` of its own group at
//! the latest (no expression, type, pattern or item runs on past a
//! statement's or an item's `;`). So it counts, down the path of groups
//! to each token, the tokens since the last `;` of each group. A lab
//! answer's deepest is in the tens (the whole corpus of fixtures: at most
//! [`DEEPEST_FIXTURE`]); [`MAX_NESTING`] is far above it and far below
//! what the stack that parses holds ([`PARSER_STACK`]).

use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};

/// The deepest nesting a submission's file may have.
///
/// What one level of nesting costs syn at opt-level 0 (as grade builds it,
/// see the workspace's release profile), measured on 45 constructs nested
/// 2,000 deep, each parsed on a thread whose stack was bisected to the
/// smallest that holds it: 3 bytes a level for attributes, 4 to 14 KiB for
/// parentheses, blocks, closures and `return`, and at most 31 KiB for
/// `& & & u8` as a type. 4,000 levels at 31 KiB is 124 MiB: half of
/// [`PARSER_STACK`]. A file this deep holds, say, an array literal of
/// 2,000 numbers; the deepest fixture is a fiftieth of it.
pub const MAX_NESTING: usize = 4_000;

/// The stack of the thread that reads submissions (see `main.rs`): known,
/// rather than whatever `ulimit -s` gives the main thread, and twice what
/// [`MAX_NESTING`] levels of the dearest construct need. It is address
/// space, not memory: a thread's stack pages are taken as it touches them,
/// and grade's own reading of a lab answer touches well under 1 MiB.
pub const PARSER_STACK: usize = 256 << 20;

/// The deepest nesting among the fixtures' files, correct, wrong and
/// hostile alike (a test keeps this figure true).
#[cfg(test)]
const DEEPEST_FIXTURE: usize = 150;

/// Why a file is too deep to read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "it nests more than 4,000 levels deep, which grade does not read (a lab answer: under 100)"
)]
pub struct TooDeep {
    pub depth: usize,
}

/// Whether `text` nests within [`MAX_NESTING`]. A text that does not lex
/// passes: no parser gets past its lexer, and the scan refuses it if the
/// compiler takes it (see `refuse::lexes`).
///
/// # Errors
///
/// [`TooDeep`], with the depth at which the count stopped.
pub fn check(text: &str) -> Result<(), TooDeep> {
    let Ok(tokens) = TokenStream::from_str(text) else {
        return Ok(());
    };
    match nesting(tokens, MAX_NESTING) {
        depth if depth > MAX_NESTING => Err(TooDeep { depth }),
        _ => Ok(()),
    }
}

/// The bound described in the module's comment, counted with a loop (the
/// groups' own depth is the submission's), stopping once past `stop`.
fn nesting(tokens: TokenStream, stop: usize) -> usize {
    // Each open group: its tokens still to read, the depth at which it
    // starts, and how many of its tokens since its last `;`.
    let mut open = vec![(tokens.into_iter(), 0, 0)];
    let mut deepest = 0;
    while let Some((tokens, base, run)) = open.last_mut() {
        let Some(token) = tokens.next() else {
            open.pop();
            continue;
        };
        if matches!(&token, TokenTree::Punct(punct) if punct.as_char() == ';') {
            *run = 0;
            continue;
        }
        *run += 1;
        let depth = *base + *run;
        deepest = deepest.max(depth);
        if deepest > stop {
            break;
        }
        if let TokenTree::Group(group) = token {
            open.push((group.stream().into_iter(), depth, 0));
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(text: &str) -> usize {
        nesting(TokenStream::from_str(text).unwrap(), usize::MAX)
    }

    #[test]
    fn statements_end_what_they_open_and_groups_add_up() {
        assert_eq!(depth("a;b;c;"), 1);
        assert_eq!(depth("& & & x; y"), 4);
        // `f`, the parentheses, and `x` inside them.
        assert_eq!(depth("f(x)"), 3);
        assert_eq!(depth(&format!("{}1{}", "(".repeat(50), ")".repeat(50))), 51);
        // A type nests without groups: every token counts.
        assert_eq!(depth("type T = Vec<Vec<u8>>;"), 10);
    }

    #[test]
    fn a_deep_file_is_refused_and_the_count_stops_early() {
        let parentheses = |levels| {
            format!(
                "fn f() -> i32 {{ {}1{} }}",
                "(".repeat(levels),
                ")".repeat(levels)
            )
        };
        // The red team's 700, which overflowed the main thread, is read on
        // the parser's stack; ten times that is refused.
        assert_eq!(check(&parentheses(700)), Ok(()));
        assert!(
            matches!(check(&parentheses(7_000)), Err(TooDeep { depth }) if depth == MAX_NESTING + 1)
        );
        // The message's figure is the limit's.
        let refused = check(&parentheses(7_000)).unwrap_err().to_string();
        assert!(refused.contains(&crate::terminal::thousands(MAX_NESTING as u64)));
        let unary = format!("fn f() -> i32 {{ {}1 }}", "- ".repeat(5_000));
        assert!(check(&unary).is_err());
        // Half a million levels: the lexer and the count are loops.
        let deepest = "(".repeat(500_000) + &")".repeat(500_000);
        assert!(check(&deepest).is_err());
        assert_eq!(
            check("fn ("),
            Ok(()),
            "what does not lex passes to the scan"
        );
    }

    /// Every fixture, correct, wrong or hostile, nests within a twentieth
    /// of the limit, and the figure in the module's comment is the deepest.
    #[test]
    fn the_fixtures_nest_far_within_the_limit() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        let mut pending = vec![root];
        let mut deepest = (0, String::new());
        while let Some(folder) = pending.pop() {
            for entry in std::fs::read_dir(folder).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    pending.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    if let Ok(tokens) = TokenStream::from_str(&text) {
                        let here = nesting(tokens, usize::MAX);
                        if here > deepest.0 {
                            deepest = (here, path.display().to_string());
                        }
                    }
                }
            }
        }
        assert_eq!(deepest.0, DEEPEST_FIXTURE, "{}", deepest.1);
        const { assert!(DEEPEST_FIXTURE * 20 <= MAX_NESTING) };
    }

    /// The dearest construct measured, nested [`MAX_NESTING`] deep, parses
    /// on a thread with [`PARSER_STACK`]: were syn to need more a level,
    /// this overflows and fails the suite, not a class.
    #[test]
    fn the_parser_stack_holds_the_limit_of_the_dearest_construct() {
        let levels = MAX_NESTING - 10;
        let text = format!("type T = {}u8;", "& ".repeat(levels));
        assert_eq!(check(&text), Ok(()));
        let parsed = std::thread::Builder::new()
            .stack_size(PARSER_STACK / 2)
            .spawn(move || syn::parse_file(&text).is_ok())
            .unwrap()
            .join()
            .unwrap();
        assert!(parsed);
    }
}
