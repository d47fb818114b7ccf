//! What reaches the instructor's terminal: a submission's text (a panic
//! message, what it printed, its id, which is a file name) may hold escape
//! sequences that retitle the window, write the clipboard (OSC 52), move
//! the cursor to overwrite a line already printed, or hide text. Every
//! format `grade` prints, the table, the CSV and the JSON, goes through
//! this module, which shows each control character as `\u{1b}` instead.

/// Whether `c` must not reach a terminal as it is: a C0 or C1 control
/// character or DEL (`char::is_control`), or a bidirectional formatting
/// character, which reorders how the rest of a line reads ("Trojan
/// Source").
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` with every control character but the line breaks and tabs of a
/// message shown as Rust writes it, `\u{1b}`: what a submission wrote, made
/// visible and inert. Text without one comes back unchanged.
pub fn escape_controls(text: &str) -> String {
    escape_where(text, |c| is_unsafe(c) && c != '\n' && c != '\t')
}

/// `text`, which must read as one line (an id, a table cell), with every
/// control character shown as `\u{..}`, line breaks and tabs included: a
/// file name holding a line break cannot forge a line of the report.
pub fn one_line(text: &str) -> String {
    escape_where(text, is_unsafe)
}

fn escape_where(text: &str, unsafe_here: impl Fn(char) -> bool) -> String {
    if !text.chars().any(&unsafe_here) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_here(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// `value` (a `results.json`) as pretty JSON text, with the characters
/// serde_json leaves raw (DEL, the C1 controls, the bidirectional ones)
/// written as JSON's `\u0085` escapes: the same JSON value, safe to
/// print. They can only stand inside strings, where the escape means the
/// same character.
pub fn json(value: &impl serde::Serialize) -> anyhow::Result<String> {
    Ok(inert_json(serde_json::to_string_pretty(value)?))
}

/// `json`, JSON text, with each unsafe character written as its `\u`
/// escape; the line breaks of pretty printing stay.
fn inert_json(json: String) -> String {
    if !json.chars().any(|c| is_unsafe(c) && c != '\n') {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if is_unsafe(c) && c != '\n' {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The escapes a hostile panic message was seen to send: the window's
    /// title (OSC 0), the clipboard (OSC 52), cursor up and erase line,
    /// concealed text, and a C1 CSI.
    const HOSTILE: &str = "a\u{1b}]0;pwned\u{7}b\u{1b}]52;c;aGk=\u{7}\u{1b}[1A\u{1b}[2K\
                           \u{1b}[8mhidden\u{1b}[0m\u{9b}2J\r\u{7f}\u{202e}cba";

    #[test]
    fn every_control_character_is_shown_escaped() {
        let shown = escape_controls(HOSTILE);
        assert_eq!(
            shown,
            "a\\u{1b}]0;pwned\\u{7}b\\u{1b}]52;c;aGk=\\u{7}\\u{1b}[1A\\u{1b}[2K\
             \\u{1b}[8mhidden\\u{1b}[0m\\u{9b}2J\\u{d}\\u{7f}\\u{202e}cba"
        );
        assert!(!shown.chars().any(is_unsafe), "{shown}");
    }

    #[test]
    fn a_message_keeps_its_lines_and_an_id_does_not() {
        assert_eq!(escape_controls("one\n\ttwo"), "one\n\ttwo");
        assert_eq!(one_line("one\n\ttwo"), "one\\u{a}\\u{9}two");
        assert_eq!(one_line("ada lovelace é"), "ada lovelace é");
    }

    #[test]
    fn printed_json_means_the_same_and_holds_no_control() {
        let value = serde_json::json!({ "output": HOSTILE, "n": 1 });
        let raw = serde_json::to_string_pretty(&value).unwrap();
        assert!(raw.contains('\u{9b}'), "serde_json leaves C1 raw");
        let text = inert_json(raw);
        assert!(!text.chars().any(|c| is_unsafe(c) && c != '\n'), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
