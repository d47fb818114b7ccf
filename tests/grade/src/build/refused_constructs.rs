//! The constructs the refusal scan refuses (see [`crate::build::refuse`]),
//! each with the reason a student reads, and the walk that finds them in a
//! file's raw token trees: in code, in attributes, and in the bodies of
//! macros, where a token can be moved anywhere once expanded.

use proc_macro2::{Delimiter, TokenStream, TokenTree};

pub(super) const UNSAFE: &str = "`unsafe` code is refused: the lab needs none, and it is how a submission would reach outside its sandbox; write it in safe Rust";
pub(super) const ASM: &str = "inline assembly (`asm!`, `global_asm!`, `naked_asm!`) is refused: the lab needs none, and it can read files while compiling";
pub(super) const EXTERN_BLOCK: &str = "`extern` blocks are refused: they declare foreign functions, which only `unsafe` code can call; the lab needs none";
pub(super) const LINK_ATTRIBUTE: &str = "link attributes (`no_mangle`, `export_name`, `link_section`, `link`, `link_name`) are refused: they change what the linker does, which the lab never needs";
pub(super) const SHEBANG: &str = "a first line starting with `#!` is refused: the compiler may read code on it that the grader's check would skip; remove the line";
pub(super) const FEATURE: &str =
    "`#![feature]` is refused: it needs a nightly compiler and the lab uses stable Rust";
pub(super) const ATTRIBUTE_BUILT: &str = "an attribute built from a macro's arguments (`#[$…]`) could load a file from outside your submission; write the attribute out";
pub(super) const ATTRIBUTE_FROM_METAVARIABLE: &str = "an attribute whose brackets come from a macro's arguments (`# $…`) could load a file from outside your submission; write the attribute out";
pub(super) const LOOSE_HASH: &str = "a `#` that does not open an attribute could make one inside a macro, and so load a file from outside your submission; write the attribute out";
pub(super) const PATH: &str = "`#[path]` makes a module out of a file outside your submission; keep every module in your own files";

/// The refusals that [`crate::build::refuse::ALLOW_UNSAFE_VARIABLE`] lifts.
pub(super) const RAW_CODE: [&str; 4] = [UNSAFE, ASM, EXTERN_BLOCK, LINK_ATTRIBUTE];

/// Calls `refuse` with the line and reason of every refused construct in
/// `tokens`, and in every group they hold, however deep (the parser's
/// nesting bound keeps that depth to what the stack holds: see
/// `nesting`).
pub(super) fn walk(tokens: &[TokenTree], refuse: &mut dyn FnMut(usize, &'static str)) {
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) => {
                if let Some(reason) = refused_name(&plain(ident), &tokens[i + 1..]) {
                    refuse(ident.span().start().line, reason);
                }
            }
            TokenTree::Punct(punct) if punct.as_char() == '#' => hash(tokens, i, refuse),
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
                // `[path = "…"]` wherever it stands: a macro can put a `#`
                // before brackets that the scan saw without one.
                if group.delimiter() == Delimiter::Bracket && names_a_path(group.stream()) {
                    refuse(group.span().start().line, PATH);
                }
                walk(&group.stream().into_iter().collect::<Vec<_>>(), refuse);
            }
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}

/// Why the identifier `name` is refused, followed by `after`, if it is:
/// a macro or an attribute that reads a file or the environment while
/// compiling, or raw code.
fn refused_name(name: &str, after: &[TokenTree]) -> Option<&'static str> {
    let next_is_path = matches!(after.first(), Some(TokenTree::Punct(p)) if p.as_char() == ':');
    Some(match name {
        "include" => {
            "`include!` reads a file while compiling, which a submission may not do: use only your own code (the lab needs no file access)"
        }
        "include_str" => {
            "`include_str!` reads a file while compiling, which a submission may not do: use only your own code (the lab needs no file access)"
        }
        "include_bytes" => {
            "`include_bytes!` reads a file while compiling, which a submission may not do: use only your own code (the lab needs no file access)"
        }
        "option_env" => {
            "`option_env!` reads the grading machine's environment while compiling; the lab needs none"
        }
        // `std::env::args()` names the module and is harmless; `env!(…)`
        // or `use std::env as e;` reach the macro.
        "env" if !next_is_path => {
            "`env!` reads the grading machine's environment while compiling; the lab needs none"
        }
        // A file read while compiling, wherever the name stands (a macro
        // could move it into an attribute).
        "debugger_visualizer" => {
            "`#[debugger_visualizer]` reads a file while compiling, which a submission may not do; the lab needs none"
        }
        "unsafe" => UNSAFE,
        "asm" | "global_asm" | "naked_asm" => ASM,
        "extern" if starts_block(after) => EXTERN_BLOCK,
        _ => return None,
    })
}

/// Refuses what the `#` at `tokens[at]` begins: an attribute's refused
/// contents, or a `#` that could make an attribute the scan never sees.
fn hash(tokens: &[TokenTree], at: usize, refuse: &mut dyn FnMut(usize, &'static str)) {
    let after_bang = match tokens.get(at + 1) {
        Some(TokenTree::Punct(p)) if p.as_char() == '!' => at + 2,
        _ => at + 1,
    };
    match tokens.get(after_bang) {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Bracket => {
            attribute(group.stream(), refuse);
        }
        // `# $a` in a macro's body: after expansion, an attribute whose
        // brackets the scan never sees.
        Some(TokenTree::Punct(p)) if p.as_char() == '$' => {
            refuse(p.span().start().line, ATTRIBUTE_FROM_METAVARIABLE);
        }
        // Outside an attribute, `#` is only ever a macro's token, which it
        // could put before brackets of its own.
        _ => refuse(tokens[at].span().start().line, LOOSE_HASH),
    }
}

/// An identifier as rustc reads it: `r#path` is `path`.
pub(super) fn plain(ident: &proc_macro2::Ident) -> String {
    let name = ident.to_string();
    name.strip_prefix("r#")
        .map_or_else(|| name.clone(), str::to_string)
}

/// Whether brackets hold an attribute-like `path = …`: their first token
/// is a name (`path`, `cfg_attr`…) and `path =` stands somewhere inside.
fn names_a_path(stream: TokenStream) -> bool {
    fn path_then_equals(tokens: &[TokenTree]) -> bool {
        tokens.iter().enumerate().any(|(i, token)| match token {
            TokenTree::Ident(ident) => {
                plain(ident) == "path"
                    && matches!(tokens.get(i + 1), Some(TokenTree::Punct(p))
                        if p.as_char() == '=' && p.spacing() == proc_macro2::Spacing::Alone)
            }
            TokenTree::Group(group) => {
                path_then_equals(&group.stream().into_iter().collect::<Vec<_>>())
            }
            _ => false,
        })
    }
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    matches!(tokens.first(), Some(TokenTree::Ident(_))) && path_then_equals(&tokens)
}

/// Refuses `path` anywhere in an attribute (`#[path = …]`, or inside
/// `#[cfg_attr(…, path = …)]`) and attributes whose tokens come from a
/// macro's metavariables (`#[$name = $file]`), which could spell `path`.
fn attribute(stream: TokenStream, refuse: &mut dyn FnMut(usize, &'static str)) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    for (i, token) in tokens.iter().cloned().enumerate() {
        match token {
            TokenTree::Ident(ident) if plain(&ident) == "path" => {
                refuse(ident.span().start().line, PATH);
            }
            TokenTree::Ident(ident)
                if matches!(
                    plain(&ident).as_str(),
                    "no_mangle" | "export_name" | "link_section" | "link" | "link_name"
                ) =>
            {
                refuse(ident.span().start().line, LINK_ATTRIBUTE);
            }
            // `feature(…)`, not `cfg(feature = "…")`.
            TokenTree::Ident(ident)
                if plain(&ident) == "feature"
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
