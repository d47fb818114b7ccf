//! Messages as Gradescope shows them: `results.json` says its outputs are
//! Markdown (`output_format` and `test_output_format` are `"md"`, one of
//! the values Gradescope documents with `text`, `html`, `simple_format`
//! and `ansi`), and each message is written so that it reads the same as
//! plain text in the terminal's table and the feedback pages: its first
//! line a paragraph, the rest (the input, expected, returned and hint
//! lines, or a compiler's message) a code block, indented by four spaces
//! after a blank line, which keeps their columns.

use crate::mistakes::Found;

/// The value of both format fields.
pub const FORMAT: &str = "md";

/// `text`, a message of one or more lines, as Markdown that reads as it
/// did: the first line, then the rest as an indented code block.
pub fn message(text: &str) -> String {
    let text = text.trim_end();
    let Some((first, rest)) = text.split_once('\n') else {
        return text.to_string();
    };
    format!("{first}\n\n{}", code_block(rest))
}

/// `text` as an indented code block: each line after four spaces.
fn code_block(text: &str) -> String {
    let lines: Vec<String> = text.lines().map(|line| format!("    {line}")).collect();
    lines.join("\n")
}

/// The top-level output: a one-line summary of the known mistakes, if
/// any, then `summary`: a compiler's message as a code block (`code`), or
/// a note as a paragraph.
pub fn output(mistakes: &[Found], summary: &str, code: bool) -> String {
    let mut parts = Vec::new();
    if !mistakes.is_empty() {
        let each: Vec<String> = mistakes
            .iter()
            .map(|m| format!("`{}`: {}", m.exercise, m.what))
            .collect();
        let noun = if mistakes.len() == 1 {
            "The mistake"
        } else {
            "The mistakes"
        };
        parts.push(format!("**{noun}:** {}", each.join("; ")));
    }
    let summary = summary.trim_end();
    if !summary.is_empty() && !code {
        parts.push(summary.to_string());
    } else if !summary.is_empty() {
        parts.push(code_block(summary));
    }
    parts.join("\n\n")
}

/// The first line of the code block of `output` (a compile error's first
/// line), for the class report's one-line causes.
pub fn first_code_line(output: &str) -> Option<&str> {
    output
        .lines()
        .find_map(|line| line.strip_prefix("    "))
        .map(str::trim)
        .filter(|line| !line.is_empty())
}

/// What [`message`] and [`output`] wrote, back as the plain text the
/// terminal's table shows: no emphasis marks, and each code block
/// unindented, without the blank line that opened it.
pub fn to_plain(markdown: &str) -> String {
    let markdown = markdown
        .replace("**The mistake:**", "The mistake:")
        .replace("**The mistakes:**", "The mistakes:");
    let lines: Vec<&str> = markdown.lines().collect();
    let mut plain = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let opens_block = line.is_empty()
            && lines
                .get(i + 1)
                .is_some_and(|next| next.starts_with("    "));
        if opens_block {
            continue;
        }
        plain.push(line.strip_prefix("    ").unwrap_or(line));
    }
    plain.join("\n")
}

/// `markdown` as HTML, for the feedback pages, with any HTML in it (a
/// submission's printed output may hold some) shown as text, never run.
pub fn to_html(markdown: &str) -> String {
    use pulldown_cmark::{Event, Parser, html};
    let events = Parser::new(markdown).map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
        other => other,
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table shows a message as the check wrote it.
    #[test]
    fn plain_text_undoes_the_markdown() {
        let text = "flip's heads are off\n  input:    x\n  hint:     y";
        assert_eq!(to_plain(&message(text)), text);
        assert_eq!(to_plain("one line"), "one line");
        let found = output(&[], "error[E0308]: mismatched types\n --> a.rs:1", true);
        assert_eq!(
            to_plain(&found),
            "error[E0308]: mismatched types\n --> a.rs:1"
        );
        assert_eq!(
            to_plain("**The mistake:** `flip`: a fair coin\n\nnote"),
            "The mistake: `flip`: a fair coin\n\nnote"
        );
    }

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
        let sattolo = Found {
            exercise: "efficient_selection_shuffle".into(),
            what: "drawing r from 0..k".into(),
            shown_by: "lab_steps_r_can_equal_k".into(),
        };
        assert_eq!(
            output(std::slice::from_ref(&sattolo), "", false),
            "**The mistake:** `efficient_selection_shuffle`: drawing r from 0..k"
        );
        assert_eq!(
            output(&[], "error: expected `;`\n --> lib.rs:3:9", true),
            "    error: expected `;`\n     --> lib.rs:3:9"
        );
        assert_eq!(output(&[], "", true), "");
        assert_eq!(output(&[], "a note", false), "a note");
        let output = output(&[sattolo], "error: expected `;`", true);
        assert_eq!(first_code_line(&output), Some("error: expected `;`"));
    }

    #[test]
    fn html_in_a_message_is_shown_not_run() {
        let page = to_html(&message("printed\n<script>alert(1)</script>"));
        assert!(page.contains("&lt;script&gt;"), "{page}");
        assert!(!page.contains("<script>"), "{page}");
        let page = to_html("a <b onclick=\"x\">word</b>");
        assert!(!page.contains("<b "), "{page}");
    }
}
