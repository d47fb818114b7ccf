//! A file's text as a stream of normalised tokens, each with its line.
//!
//! proc-macro2's lexer does the lexing (it drops comments, and doc comments
//! become `#[doc]` attributes, which are dropped here); this module turns
//! its token trees into a flat stream in which the cheap disguises of a
//! copy collapse (see [`crate::normalise`]).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::str::FromStr;

use proc_macro2::TokenStream;

use crate::normalise::normalise;
pub use crate::token::Token;

/// Lexes one file's text into normalised tokens.
///
/// Never panics: text that does not lex as a whole (an unclosed bracket or
/// string) is lexed line by line, keeping the lines that lex on their own,
/// so a broken file still yields a partial stream. Complexity: O(n) in the
/// text's length (O(n) again for the line-by-line fallback).
pub fn tokenize(text: &str) -> Vec<Token> {
    if let Some(tokens) = lex_whole(text, 0) {
        return tokens;
    }
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        // Line offsets are added back so a partial stream still points at
        // the right lines for highlighting.
        let offset = u32::try_from(index).unwrap_or(u32::MAX);
        if let Some(tokens) = lex_whole(line, offset) {
            out.extend(tokens);
        }
    }
    out
}

/// Lexes `text` in one go, or gives `None` when it does not lex.
///
/// The lexer is not known to panic, but a grader reads hostile text, so a
/// panic inside it is caught and treated as text that does not lex.
fn lex_whole(text: &str, line_offset: u32) -> Option<Vec<Token>> {
    catch_unwind(AssertUnwindSafe(|| {
        let stream = TokenStream::from_str(text).ok()?;
        let mut out = Vec::new();
        normalise(stream, &mut out);
        for token in &mut out {
            token.line = token.line.saturating_add(line_offset);
        }
        Some(out)
    }))
    .ok()
    .flatten()
}

#[cfg(test)]
mod tests {
    use super::tokenize;
    use crate::token::kind_of;

    fn kinds(text: &str) -> Vec<u64> {
        tokenize(text).iter().map(|t| t.kind).collect()
    }

    /// A tiny deterministic generator, so the garbage is reproducible.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn garbage_never_panics() {
        let alphabet: Vec<char> = "{}[]()<>'\"\\/*#!r$@;:.,=+-_ab0\n\t\r\u{0}é😀`"
            .chars()
            .collect();
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..3000 {
            let len = (xorshift(&mut state) % 60) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(xorshift(&mut state) % alphabet.len() as u64) as usize])
                .collect();
            let _ = tokenize(&text);
        }
    }

    #[test]
    fn deep_nesting_and_unclosed_text_do_not_panic() {
        let deep = format!("fn f() {{ {}{} }}", "(".repeat(50_000), ")".repeat(50_000));
        assert!(!tokenize(&deep).is_empty());
        assert!(tokenize("fn f() { \"unclosed").is_empty() || !kinds("x").is_empty());
        // A file that does not lex keeps the lines that do.
        let partial = tokenize("f(a);\nlet s = \"oops;\ng(b);\n");
        assert!(partial.iter().any(|t| t.line == 3));
    }

    #[test]
    fn identifiers_literals_and_comments() {
        assert_eq!(
            kinds("let deck = 52; // a comment"),
            kinds("let cards = 7;")
        );
        assert_ne!(kinds("let x = 1;"), kinds("const x = 1;"));
        assert_eq!(kinds("/// doc\nfn f() {}"), kinds("fn g() {}"));
        assert_eq!(tokenize("a\n\nb")[1].line, 3);
        assert_eq!(kind_of("$id"), tokenize("zebra")[0].kind);
    }
}
