//! Messages as Gradescope shows them: `results.json` says its outputs are
//! Markdown (`output_format` and `test_output_format` are `"md"`, one of
//! the values Gradescope documents with `text`, `html`, `simple_format`
//! and `ansi`), and each message is written so that it reads the same as
//! plain text in the terminal's table and the feedback pages: its first
//! line a paragraph, the rest (the input, expected, returned and hint
//! lines, or a compiler's message) a code block, indented by four spaces
//! after a blank line, which keeps their columns.
//!
//! A message may quote its submission (a panic message, what it printed,
//! a compiler's message about its code), and Gradescope renders the
//! Markdown: so the first line's Markdown syntax is escaped with
//! backslashes ([`inert_line`]), the rest is a code block, which Markdown
//! never parses, and no control character stays raw (a carriage return
//! would end the code block). No link or image a submission writes is
//! rendered, on Gradescope or on a feedback page.

use crate::results::mistakes::Found;

/// The value of both format fields.
pub const FORMAT: &str = "md";

/// `text`, a message of one or more lines, as Markdown that reads as it
/// did: the first line, then the rest as an indented code block.
pub fn message(text: &str) -> String {
    let text = crate::terminal::escape_controls(text.trim_end());
    let Some((first, rest)) = text.split_once('\n') else {
        return inert_line(&text);
    };
    format!("{}\n\n{}", inert_line(first), code_block(rest))
}

/// `text` as an indented code block: each line after four spaces. Every
/// line of it is indented, so none can end the block; a carriage return,
/// which Markdown reads as a line break, is shown escaped.
fn code_block(text: &str) -> String {
    let text = crate::terminal::escape_controls(text);
    let lines: Vec<String> = text.lines().map(|line| format!("    {line}")).collect();
    lines.join("\n")
}

/// ASCII punctuation that opens Markdown syntax wherever it stands: links
/// and images (`[`, `]`, `!`), raw HTML and autolinks (`<`, `>`),
/// emphasis, code and strikethrough, entities, tables, maths, headings,
/// and e-mail autolinks (`@`).
const ACTIVE: &[char] = &[
    '\\', '`', '*', '[', ']', '<', '>', '&', '!', '~', '|', '$', '#', '@',
];

/// `line` as Markdown that renders exactly its text: each character of
/// [`ACTIVE`] escaped with a backslash; an `_` too unless it stands inside
/// a word (as in `selection_shuffle`, where it opens nothing); and the
/// `:` of `://` and the `.` of `www.`, so that no renderer that links
/// bare addresses (GitHub's extension) sees one. The rest stays as it is,
/// so a check's own sentence reads the same in results.json.
fn inert_line(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let word = |at: Option<&char>| at.is_some_and(|c| c.is_alphanumeric());
        let escape = ACTIVE.contains(&c)
            || (c == '_' && !(i > 0 && word(chars.get(i - 1)) && word(chars.get(i + 1))))
            || (c == ':' && chars.get(i + 1..i + 3) == Some(&['/', '/']))
            || (c == '.' && i >= 3 && chars[i - 3..i].iter().all(|w| w.eq_ignore_ascii_case(&'w')));
        if escape {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The top-level output: a one-line summary of the known mistakes, if
/// any, then `summary`: a compiler's message as a code block (`code`), or
/// a note as a paragraph.
pub fn output(mistakes: &[Found], summary: &str, code: bool) -> String {
    let mut parts = Vec::new();
    if !mistakes.is_empty() {
        let (noun, list) = crate::results::mistakes::listed(mistakes);
        parts.push(format!("**{noun}:** {list}"));
    }
    let summary = summary.trim_end();
    if !summary.is_empty() && !code {
        let note = crate::terminal::escape_controls(summary);
        let lines: Vec<String> = note.lines().map(inert_line).collect();
        parts.push(lines.join("\n"));
    } else if !summary.is_empty() {
        parts.push(code_block(summary));
    }
    parts.join("\n\n")
}

/// `markdown` as HTML, for the feedback pages, with any HTML in it (a
/// submission's printed output may hold some) shown as text, never run,
/// and no link or image: grade's messages hold none, so one can only
/// have come from a submission (in a results.json of an older grader,
/// which did not escape them); its text stays, as text.
pub fn to_html(markdown: &str) -> maud::Markup {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd, html};
    let events = Parser::new(markdown).filter_map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
        Event::Start(Tag::Link { .. } | Tag::Image { .. })
        | Event::End(TagEnd::Link | TagEnd::Image) => None,
        other => Some(other),
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    maud::PreEscaped(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_reads_as_a_paragraph_and_a_code_block() {
        let text = "wrong deck\n  input:    [1, 2]\n  expected: [2, 1]\n";
        assert_eq!(
            message(text),
            "wrong deck\n\n      input:    [1, 2]\n      expected: [2, 1]"
        );
        assert_eq!(message("one line"), "one line");
    }

    #[test]
    fn the_output_names_the_mistake_on_one_line() {
        let sattolo = Found::of("efficient_selection_shuffle", grading::Mistake::Sattolo);
        assert_eq!(
            output(std::slice::from_ref(&sattolo), "", false),
            "**The mistake:** `efficient_selection_shuffle`: drawing r from 0..k instead of 0..=k (Sattolo's algorithm)"
        );
        assert_eq!(
            output(&[], "error: expected `;`\n --> lib.rs:3:9", true),
            "    error: expected `;`\n     --> lib.rs:3:9"
        );
        assert_eq!(output(&[], "", true), "");
        assert_eq!(output(&[], "a note", false), "a note");
        let output = output(&[sattolo], "error: expected `;`", true);
        assert!(output.ends_with("\n\n    error: expected `;`"), "{output}");
    }

    /// A panic message seen to put a javascript: link and a remote image
    /// on the feedback page, with the other ways Markdown links.
    const HOSTILE: &str = "reversing_sequence panicked: [see your grade](javascript:alert(1)) \
                           ![x](http://example.invalid/pixel.png) <http://example.invalid/a> \
                           www.example.invalid https://example.invalid/b _x_ *y* `z` \
                           me@example.invalid\r\r[r]: http://example.invalid/r\n  more [r]";

    #[test]
    fn a_message_renders_no_link_or_image_from_its_text() {
        let markdown = message(HOSTILE);
        for html in [
            to_html(&markdown).into_string(),
            to_html_with_links(&markdown),
        ] {
            for bad in ["<a ", "<img", "href", "src=", "<em>", "<code>z"] {
                assert!(!html.contains(bad), "{bad} in {html}");
            }
            assert!(
                html.contains("[see your grade](javascript:alert(1))"),
                "{html}"
            );
        }
    }

    /// Every renderer: pulldown-cmark with its extensions, as Gradescope's
    /// renderer might have them, and links kept.
    fn to_html_with_links(markdown: &str) -> String {
        let mut out = String::new();
        let parser = pulldown_cmark::Parser::new_ext(markdown, pulldown_cmark::Options::all());
        pulldown_cmark::html::push_html(&mut out, parser);
        out
    }

    #[test]
    fn a_checks_own_sentence_is_left_as_it_is() {
        let own = "efficient_selection_shuffle's k runs from 3 down to 1 (2 of 3), 0..=k";
        assert_eq!(inert_line(own), own);
        // Escaping only adds backslashes, each before punctuation.
        let escaped = inert_line(HOSTILE);
        let mut unescaped = String::new();
        let mut chars = escaped.chars().peekable();
        while let Some(c) = chars.next() {
            match chars.peek() {
                Some(next) if c == '\\' && next.is_ascii_punctuation() => {}
                _ => unescaped.push(c),
            }
        }
        assert_eq!(unescaped, HOSTILE);
    }

    #[test]
    fn html_in_a_message_is_shown_not_run() {
        let page = to_html(&message("printed\n<script>alert(1)</script>")).into_string();
        assert!(page.contains("&lt;script&gt;"), "{page}");
        assert!(!page.contains("<script>"), "{page}");
        let page = to_html("a <b onclick=\"x\">word</b>").into_string();
        assert!(!page.contains("<b "), "{page}");
    }
}
