//! What the class report and the feedback pages say alike: the run that
//! made them ([`RunInfo`]), the link from the class report to a
//! submission's page, a check named by its title, and the order of
//! exercises the class report's rankings follow. `pages` writes the two
//! pages, which both use these.

use grading::{CheckId, CheckNaming};
use maud::{Markup, html};

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

/// Where `exercise` stands in the registry's order (lab, then bonus), for
/// the class report's rankings; an exercise it does not know goes last.
pub fn exercise_order(exercise: &str) -> usize {
    let known = workbook::EXERCISES.iter().position(|e| e.name == exercise);
    known.unwrap_or(usize::MAX)
}

/// A link from the class report to `submission`'s feedback page; a long
/// id may break after an underscore in a narrow table. The only links
/// grade writes: relative, each id percent-encoded, so that no id
/// (`javascript:…`, `//host`) can give one a scheme or a host.
pub fn link(submission: &str) -> Markup {
    link_at("", submission)
}

/// The same link from a page one folder down (a side-by-side page).
pub fn link_from_folder(submission: &str) -> Markup {
    link_at("../", submission)
}

fn link_at(up: &str, submission: &str) -> Markup {
    let href = format!(
        "{up}{}/{}/index.html",
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

/// A check named in running text, as every report of grade names it:
/// by its title in curly quotes (see [`CheckNaming`]); one not in the
/// catalogue by its name.
pub fn named_check(exercise: &str, name: &str) -> String {
    match CheckId::named(exercise, name) {
        Some(check) => check.named_as(CheckNaming::QuotedTitle),
        None => format!("“{name}”"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_check_is_named_by_its_title() {
        assert_eq!(
            named_check("efficient_selection_shuffle", "lab_steps_r_can_equal_k"),
            "“lab steps: r = k leaves the card in place”"
        );
        assert_eq!(named_check("flip", "no_such_check"), "“no_such_check”");
    }

    #[test]
    fn only_unreserved_characters_stay_as_they_are() {
        assert_eq!(percent_encode("aZ09-_.~"), "aZ09-_.~");
        assert_eq!(percent_encode("a/b?c é"), "a%2Fb%3Fc%20%C3%A9");
    }
}
