//! What the class report and the feedback pages say alike: the run that
//! made them ([`RunInfo`]), the link from the class report to a
//! submission's page, and a check named by its title. `pages` writes the
//! two pages, which both use these.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use maud::{Markup, PreEscaped, html};

use crate::report::html::{Text, breakable, date_line, table, text_cell};

/// What the pages say about the run that made them.
#[derive(Debug, Clone)]
pub struct RunInfo {
    /// The rubric's SHA-256, shortened.
    pub rubric: String,
    /// The sandbox's setting, as `grade` prints it.
    pub isolation: String,
    /// `grade`'s version and its executable's fingerprint, shortened.
    pub grader: String,
    /// When the pages were written, in seconds since 1970.
    pub written: u64,
}

impl RunInfo {
    /// The run's settings as a section of the class report.
    pub fn settings_section(&self) -> Markup {
        let rows = [
            (
                "rubric fingerprint",
                html! { code { (Text(&self.rubric)) } },
            ),
            ("isolation", html! { (Text(&self.isolation)) }),
            ("grader", html! { code { (Text(&self.grader)) } }),
        ]
        .map(|(name, value)| vec![text_cell(name), value])
        .to_vec();
        html! {
            h2 id="settings" { "This run" }
            "\n"
            (table(&["setting", "value"], &rows, &[]))
            (date_line(self.written))
        }
    }
}

/// A link from the class report to `submission`'s feedback page; a long
/// id may break after an underscore in a narrow table. The only links
/// grade writes: relative, each id percent-encoded, so that no id
/// (`javascript:…`, `//host`) can give one a scheme or a host.
pub fn link(submission: &str) -> Markup {
    let href = format!(
        "{}/{}/index.html",
        crate::results::gradebook::SUBMISSIONS,
        percent_encode(submission)
    );
    html! { a href=(href) { (breakable(submission)) } }
}

/// `segment` safe as one segment of a relative URL: a submission's id is
/// a file or folder name, which may hold spaces, `#` or `?`. Only RFC
/// 3986's unreserved characters stay as they are.
fn percent_encode(segment: &str) -> String {
    const UNRESERVED: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'_')
        .remove(b'.')
        .remove(b'~');
    percent_encoding::utf8_percent_encode(segment, UNRESERVED).to_string()
}

/// The title the pages and Gradescope show for the check `exercise::name`,
/// such as "lab steps: r = k leaves the card in place".
fn check_title(exercise: &str, name: &str) -> Option<&'static str> {
    static TITLES: OnceLock<BTreeMap<String, &'static str>> = OnceLock::new();
    let titles = TITLES.get_or_init(|| {
        grading::catalogue()
            .into_iter()
            .map(|check| (check.path(), check.title))
            .collect()
    });
    titles.get(&format!("{exercise}::{name}")).copied()
}

/// A check named in running text, by its title in curly quotes, which
/// stand apart from the straight ones some titles hold (`returns exactly
/// "heads" or "tails"`); one not in the catalogue by its name.
pub fn named_check(exercise: &str, name: &str) -> String {
    format!("“{}”", check_title(exercise, name).unwrap_or(name))
}

/// `html`, a check's message as grade rendered it, with each check that
/// it names by its path (`efficient_selection_shuffle::lab_steps_r_can_equal_k`,
/// as a hint names it for `cargo test`, which lists checks that way) named
/// by its title instead ([`named_check`]), as the page lists it. Any other
/// `a::b` is left as it is. The title is grade's own text, escaped; the
/// rest of `html` stays as it was.
pub fn check_paths_as_titles(html: &Markup) -> Markup {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = String::with_capacity(html.0.len());
    let mut rest = html.0.as_str();
    while let Some(at) = rest.find("::") {
        let before = &rest[..at];
        let after = &rest[at + 2..];
        // A submission's text may put any character before the path: step
        // past it whole, however many bytes it takes.
        let start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !is_word(c))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let end = after.find(|c| !is_word(c)).unwrap_or(after.len());
        let (exercise, name) = (&before[start..], &after[..end]);
        match check_title(exercise, name) {
            Some(_) => {
                out.push_str(&before[..start]);
                out.push_str(&text_cell(&named_check(exercise, name)).0);
                rest = &after[end..];
            }
            None => {
                out.push_str(&rest[..at + 2]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    PreEscaped(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use maud::Render;

    #[test]
    fn odd_ids_still_link_to_their_folder() {
        let link = |id| link(id).into_string();
        assert_eq!(
            link("ada lovelace#2"),
            "<a href=\"submissions/ada%20lovelace%232/index.html\">ada lovelace#2</a>"
        );
        assert_eq!(
            link("a_b"),
            "<a href=\"submissions/a_b/index.html\">a_<wbr>b</a>",
            "a narrow table may break a long id after an underscore"
        );
    }

    #[test]
    fn no_id_gives_a_link_a_scheme_or_a_host() {
        for id in [
            "javascript:alert(1)",
            "//example.invalid",
            "a\"><img src=x>",
        ] {
            let link = link(id).into_string();
            let href = link.split('"').nth(1).unwrap();
            assert!(href.starts_with("submissions/"), "{link}");
            let middle = &href["submissions/".len()..href.len() - "/index.html".len()];
            assert!(!middle.contains([':', '/', '"', '<', '>']), "{link}");
        }
    }

    /// [`check_paths_as_titles`] of `html`, as text.
    fn titled(html: &str) -> String {
        check_paths_as_titles(&PreEscaped(html.to_string())).into_string()
    }

    #[test]
    fn a_message_names_a_check_by_its_title() {
        let hint = "<pre><code>hint:  this follows from drawing r from 0..k, which \
                    efficient_selection_shuffle::lab_steps_r_can_equal_k reports with a \
                    hint; fix that first</code></pre>";
        assert_eq!(
            titled(hint),
            "<pre><code>hint:  this follows from drawing r from 0..k, which \
             “lab steps: r = k leaves the card in place” reports with a hint; \
             fix that first</code></pre>"
        );
        // After a character of several bytes, as a submission may print.
        assert_eq!(
            titled("é€flip::heads_twice_as_often_as_tails€"),
            "é€“heads come up twice as often as tails”€"
        );
        // Every check of the catalogue, at the start, the end and beside
        // punctuation.
        for check in grading::catalogue() {
            let text = format!("{}, ({})", check.path(), check.path());
            let quoted = Text(&format!("“{}”", check.title)).render().into_string();
            assert_eq!(titled(&text), format!("{quoted}, ({quoted})"));
        }
    }

    #[test]
    fn a_path_that_names_no_check_stays_as_it_is() {
        for text in [
            "std::mem::swap(&amp;mut a, &amp;mut b)",
            "flip::no_such_check",
            "xflip::heads_twice_as_often_as_tails_",
            "::",
            "a::",
            "é::é",
            "",
        ] {
            assert_eq!(titled(text), text);
        }
    }

    #[test]
    fn only_unreserved_characters_stay_as_they_are() {
        assert_eq!(percent_encode("aZ09-_.~"), "aZ09-_.~");
        assert_eq!(percent_encode("a/b?c é"), "a%2Fb%3Fc%20%C3%A9");
    }
}
