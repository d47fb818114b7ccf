//! The normalisations that make a copy's cheap disguises collapse.
//!
//! Each is a rewrite of the token trees that costs O(n), chosen because it
//! undoes a disguise the lab's copies use and two honest students' code
//! hardly ever differs by it:
//!
//! * identifiers → `$id`, literals (and `true`/`false`) → `$lit`; keywords
//!   stay themselves, so renaming changes nothing;
//! * attributes (doc comments among them), `use` lines, `mut` and `pub`
//!   are dropped: they are boilerplate or a compiler's suggestion;
//! * `for`, `while` and `loop` become one `$loop` token and their headers are
//!   dropped, so `for i in 0..n` and `while i < n` look alike (the `while`'s
//!   counter lines remain, a local difference winnowing tolerates);
//! * `x op= e` becomes `x = x op e`, so `a += 1` equals `a = a + 1`;
//! * in an `if` header a leading `!` is dropped and the comparisons become
//!   `$cmp` (`<`, `>`, `<=`, `>=`) or `$eq` (`==`, `!=`), and the two
//!   blocks of a plain `if … else` are put in a canonical order, so an
//!   if/else swapped with its condition negated looks as before.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

use crate::token::{Token, kind_of};

/// Deeper than this, groups are flattened without normalising, so hostile
/// nesting cannot overflow the stack.
const MAX_DEPTH: usize = 64;

/// One item of a token tree's level: operators glued from joint puncts.
enum Item {
    Word(String, u32),
    Op(String, u32),
    Group(Delimiter, TokenStream, u32, u32),
}

/// Appends the normalised tokens of `stream` to `out`. Complexity: O(n),
/// O(n log n) at worst for the if/else block comparisons.
pub(crate) fn normalise(stream: TokenStream, out: &mut Vec<Token>) {
    level(stream, 0, out);
}

fn push(out: &mut Vec<Token>, text: &str, line: u32) {
    out.push(Token {
        kind: kind_of(text),
        line,
    });
}

/// Reads one level of a stream into items, gluing joint puncts (`+=`,
/// `..=`, `::`) into one operator.
fn items(stream: TokenStream) -> Vec<Item> {
    let mut items = Vec::new();
    let mut glue = false;
    for tree in stream {
        let line = u32::try_from(tree.span().start().line).unwrap_or(u32::MAX);
        match tree {
            TokenTree::Ident(ident) => {
                items.push(Item::Word(ident.to_string(), line));
                glue = false;
            }
            TokenTree::Literal(_) => {
                items.push(Item::Word("$lit".into(), line));
                glue = false;
            }
            TokenTree::Punct(punct) => {
                let ch = punct.as_char();
                match items.last_mut() {
                    Some(Item::Op(op, _)) if glue => op.push(ch),
                    _ => items.push(Item::Op(ch.to_string(), line)),
                }
                glue = punct.spacing() == Spacing::Joint;
            }
            TokenTree::Group(group) => {
                let open = u32::try_from(group.span_open().start().line).unwrap_or(u32::MAX);
                let close = u32::try_from(group.span_close().start().line).unwrap_or(u32::MAX);
                items.push(Item::Group(group.delimiter(), group.stream(), open, close));
                glue = false;
            }
        }
    }
    items
}

/// Rust's keywords, kept as themselves; every other identifier is `$id`.
fn word_kind(word: &str) -> &str {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
        "extern", "fn", "if", "impl", "in", "let", "match", "mod", "move", "ref", "return", "self",
        "Self", "static", "struct", "super", "trait", "type", "unsafe", "where", "yield",
    ];
    match word {
        "true" | "false" => "$lit",
        "$lit" => "$lit",
        w if KEYWORDS.contains(&w) => w,
        _ => "$id",
    }
}

fn is_brace(item: Option<&Item>) -> bool {
    matches!(item, Some(Item::Group(Delimiter::Brace, ..)))
}

fn is_word(item: Option<&Item>, word: &str) -> bool {
    matches!(item, Some(Item::Word(w, _)) if w == word)
}

/// Emits a group: its delimiters as tokens, its inside normalised.
fn group(
    delimiter: Delimiter,
    stream: TokenStream,
    lines: (u32, u32),
    depth: usize,
    out: &mut Vec<Token>,
) {
    let (open, close) = match delimiter {
        Delimiter::Brace => ("{", "}"),
        Delimiter::Parenthesis => ("(", ")"),
        Delimiter::Bracket => ("[", "]"),
        Delimiter::None => ("", ""),
    };
    if !open.is_empty() {
        push(out, open, lines.0);
    }
    level(stream, depth + 1, out);
    if !close.is_empty() {
        push(out, close, lines.1);
    }
}

/// Normalises one level of a stream into `out`.
fn level(stream: TokenStream, depth: usize, out: &mut Vec<Token>) {
    if depth > MAX_DEPTH {
        flat(stream, out);
        return;
    }
    let items = items(stream);
    // Where the current statement began in `out`: the left-hand side that
    // `x op= e` repeats.
    let mut statement = out.len();
    let mut i = 0;
    while i < items.len() {
        match &items[i] {
            Item::Op(op, _)
                if (op == "#" || op == "#!")
                    && matches!(items.get(i + 1), Some(Item::Group(Delimiter::Bracket, ..))) =>
            {
                i += 2;
                continue;
            }
            Item::Word(w, _) if w == "use" => {
                while i < items.len() && !matches!(&items[i], Item::Op(op, _) if op == ";") {
                    i += 1;
                }
                i += 1;
                continue;
            }
            Item::Word(w, _) if w == "mut" => {}
            Item::Word(w, _) if w == "pub" => {
                if matches!(
                    items.get(i + 1),
                    Some(Item::Group(Delimiter::Parenthesis, ..))
                ) {
                    i += 1;
                }
            }
            Item::Word(w, line) if w == "for" || w == "while" || w == "loop" => {
                push(out, "$loop", *line);
                // The header runs to the body, the first brace group.
                while i + 1 < items.len() && !is_brace(items.get(i + 1)) {
                    i += 1;
                }
            }
            Item::Word(w, line) if w == "if" => {
                i = if_else(&items, i, *line, depth, out);
                statement = out.len();
                continue;
            }
            Item::Word(w, line) => push(out, word_kind(w), *line),
            Item::Op(op, line) => {
                let compound = ["+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>="];
                if compound.contains(&op.as_str()) {
                    let lhs: Vec<Token> = out[statement.min(out.len())..].to_vec();
                    push(out, "=", *line);
                    out.extend(lhs.iter().map(|t| Token { line: *line, ..*t }));
                    push(out, &op[..op.len() - 1], *line);
                } else {
                    push(out, op, *line);
                    if op == ";" && is_filler(&out[statement.min(out.len())..]) {
                        out.truncate(statement);
                    }
                    if [";", ",", "=>"].contains(&op.as_str()) {
                        statement = out.len();
                    }
                }
            }
            Item::Group(delimiter, stream, open, close) => {
                group(*delimiter, stream.clone(), (*open, *close), depth, out);
                if *delimiter == Delimiter::Brace {
                    statement = out.len();
                }
            }
        }
        i += 1;
    }
}

/// Whether a statement is a counter's or an alias's: `let i = 0;`,
/// `i += 1;` (already `i = i + 1;`), `let t = x;`. They carry almost no
/// evidence (every loop has them) and they are what a `for` rewritten as a
/// `while`, or a temporary added, leaves behind; dropping them lets such
/// rewrites collapse onto the original. Complexity: O(1).
fn is_filler(statement: &[Token]) -> bool {
    let kinds: Vec<&str> = statement.iter().map(|t| name_of(t.kind)).collect();
    matches!(
        kinds.as_slice(),
        ["let", "$id", "=", "$lit" | "$id", ";"]
            | ["let", "$id", ":", "$id", "=", "$lit" | "$id", ";"]
            | ["$id", "=", "$id", "+" | "-", "$lit", ";"]
    )
}

/// The text of the few kinds [`is_filler`] looks for, "" for the others.
fn name_of(kind: u64) -> &'static str {
    ["let", "$id", "=", "$lit", ";", ":", "+", "-"]
        .into_iter()
        .find(|text| kind_of(text) == kind)
        .unwrap_or("")
}

/// Normalises the `if` at `items[start]` and, for a plain `if … else`, puts
/// its two blocks in canonical order. Returns the index after what it read.
fn if_else(items: &[Item], start: usize, line: u32, depth: usize, out: &mut Vec<Token>) -> usize {
    push(out, "if", line);
    let mut i = start + 1;
    let is_let = is_word(items.get(i), "let");
    let mut first = true;
    while i < items.len() && !is_brace(items.get(i)) {
        match &items[i] {
            Item::Op(op, _) if first && op == "!" && !is_let => {}
            Item::Op(op, l) if !is_let && ["<", ">", "<=", ">="].contains(&op.as_str()) => {
                push(out, "$cmp", *l)
            }
            Item::Op(op, l) if !is_let && ["==", "!="].contains(&op.as_str()) => {
                push(out, "$eq", *l)
            }
            Item::Op(op, l) => push(out, op, *l),
            Item::Word(w, l) => push(out, word_kind(w), *l),
            Item::Group(d, s, o, c) => group(*d, s.clone(), (*o, *c), depth, out),
        }
        first = false;
        i += 1;
    }
    let Some(Item::Group(d, s, o, c)) = items.get(i) else {
        return i;
    };
    let mut then_block = Vec::new();
    group(*d, s.clone(), (*o, *c), depth, &mut then_block);
    i += 1;
    // Only a plain `else { … }` is swapped; `else if` chains stay in order.
    if let (Some(Item::Word(w, else_line)), Some(Item::Group(d2, s2, o2, c2))) =
        (items.get(i), items.get(i + 1))
        && w == "else"
        && *d2 == Delimiter::Brace
        && !is_let
    {
        let mut else_block = Vec::new();
        group(*d2, s2.clone(), (*o2, *c2), depth, &mut else_block);
        let key = |b: &[Token]| b.iter().map(|t| t.kind).collect::<Vec<_>>();
        if key(&else_block) < key(&then_block) {
            std::mem::swap(&mut then_block, &mut else_block);
        }
        out.extend(then_block);
        push(out, "else", *else_line);
        out.extend(else_block);
        return i + 2;
    }
    out.extend(then_block);
    i
}

/// Flattens a too-deep stream without normalising, iteratively.
fn flat(stream: TokenStream, out: &mut Vec<Token>) {
    let mut stack = vec![stream.into_iter()];
    while let Some(top) = stack.last_mut() {
        let Some(tree) = top.next() else {
            stack.pop();
            continue;
        };
        let line = u32::try_from(tree.span().start().line).unwrap_or(u32::MAX);
        match tree {
            TokenTree::Group(g) => {
                push(out, "(", line);
                stack.push(g.stream().into_iter());
            }
            TokenTree::Ident(ident) => push(out, word_kind(&ident.to_string()), line),
            TokenTree::Literal(_) => push(out, "$lit", line),
            TokenTree::Punct(p) => push(out, &p.as_char().to_string(), line),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::tokens::tokenize;

    fn same(a: &str, b: &str) -> bool {
        let kinds = |t: &str| tokenize(t).iter().map(|t| t.kind).collect::<Vec<_>>();
        kinds(a) == kinds(b)
    }

    #[test]
    fn compound_assignment_is_expanded() {
        assert!(same("a += b;", "a = a + b;"));
        assert!(same("x; a += 1;", "x;"));
        assert!(same("v[i] -= x;", "w[j] = w[j] - y;"));
        assert!(!same("a += b;", "a = b - c;"));
    }

    #[test]
    fn loops_share_one_token() {
        assert!(same("for i in 0..n { f(i); }", "while i < n { f(i); }"));
        assert!(same(
            "for i in 0..n { f(i); }",
            "let mut i = 0; while i < n { f(i); i += 1; }"
        ));
        assert!(same("v.swap(k, r);", "let t = r; v.swap(k, t);"));
        assert!(same("loop { f(i); }", "for x in v.iter().rev() { g(x); }"));
    }

    #[test]
    fn swapped_if_else_with_negated_condition() {
        assert!(same(
            "if a < b { x(); } else { y = 2; }",
            "if a >= b { y = 2; } else { x(); }"
        ));
        assert!(same(
            "if !used[j] { take(j); } else { skip(); }",
            "if used[j] { skip(); } else { take(j); }"
        ));
        assert!(same(
            "if a == b { x(); } else { y(); }",
            "if a != b { y(); } else { x(); }"
        ));
        // An else-if chain keeps its order.
        assert!(!same(
            "if a { x(); } else if b { y = 1; }",
            "if a { y = 1; } else if b { x(); }"
        ));
    }

    #[test]
    fn boilerplate_is_dropped() {
        assert!(same(
            "use rand::Rng;\n#[allow(unused)]\npub fn f(mut v: Vec<i32>) {}",
            "fn g(w: Vec<i32>) {}"
        ));
        assert!(same("pub(crate) fn f() {}", "fn f() {}"));
    }
}
