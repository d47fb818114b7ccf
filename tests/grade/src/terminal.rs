//! What reaches the instructor's terminal: a submission's text (a panic
//! message, what it printed, its id, which is a file name) may hold escape
//! sequences that retitle the window, write the clipboard (OSC 52), move
//! the cursor to overwrite a line already printed, or hide text. Every
//! format `grade` prints, the table, the CSV and the JSON, goes through
//! this module, which shows each control character as `\u{1b}` instead.
//! Numbers are written here too, as people read them: `1,234,567`.

/// Whether `c` must not reach a terminal as it is: a C0 or C1 control
/// character or DEL (`char::is_control`); a line or paragraph separator
/// (U+2028, U+2029), which some viewers break a line at; or a default
/// ignorable code point, which shows as nothing: the bidirectional
/// formatting characters, which reorder how the rest of a line reads
/// ("Trojan Source"), zero-width spaces and joiners, the Hangul fillers,
/// variation selectors and tags. Two ids that differ only in one of these
/// would read as one name.
fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') || is_default_ignorable(c)
}

/// Unicode's `Default_Ignorable_Code_Point` (DerivedCoreProperties.txt,
/// Unicode 16.0, unchanged since 6.0 but for U+180F in 14.0).
fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{061c}'
            | '\u{115f}'..='\u{1160}'
            | '\u{17b4}'..='\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fff8}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e0fff}'
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

/// `n` with its digits in groups of three, as the checks' messages and
/// the book write numbers: `40,000`, `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
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

    /// Ids that differ only in what shows as nothing, or in a line
    /// separator, read apart.
    #[test]
    fn invisible_and_line_separating_characters_are_shown() {
        assert_eq!(one_line("ali\u{200b}ce"), "ali\\u{200b}ce");
        assert_eq!(one_line("alice\u{2028}bob"), "alice\\u{2028}bob");
        assert_eq!(one_line("\u{3164}alice\u{feff}"), "\\u{3164}alice\\u{feff}");
        assert_eq!(escape_controls("zero\u{200d}width"), "zero\\u{200d}width");
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
