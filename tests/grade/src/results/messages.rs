//! The words of a [`Graded`] submission: its summary and each check's
//! message, composed from its typed values wherever they are shown, in
//! Markdown (Gradescope's `results.json`, the feedback pages) or in plain
//! text (the terminal's table, the class report's cells). One wording,
//! two encodings: no report reads the other's text back.

use grading::{CheckNaming, Outcome};

use crate::results::graded::{BuildFate, Graded, GradedCheck, name};

/// Where the words go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Markdown that renders as the plain text reads
    /// ([`crate::results::markdown`]).
    Markdown,
    /// Plain text, with control characters shown escaped.
    Plain,
}

/// What a check of a submission that did not compile at all says: the
/// summary above the checks holds the compiler's message, once.
pub(crate) const SEE_THE_COMPILER_ABOVE: &str = "did not compile: see the compiler's message above";

/// The summary above the checks: the known mistakes in one line, then a
/// compiler's message (as code) or a note on what was left out or edited.
pub fn summary(graded: &Graded, style: Style) -> String {
    let (note, code) = build_note(graded);
    match style {
        Style::Markdown => crate::results::markdown::output(&graded.mistakes, &note, code),
        Style::Plain => {
            let mut parts = Vec::new();
            if !graded.mistakes.is_empty() {
                let (noun, list) = crate::results::mistakes::listed(&graded.mistakes);
                parts.push(format!("{noun}: {list}"));
            }
            let note = plain(&note);
            if !note.is_empty() {
                parts.push(note);
            }
            // A note is a paragraph of its own; a compiler's message
            // follows the mistakes directly, as a code block reads.
            parts.join(if code { "\n" } else { "\n\n" })
        }
    }
}

/// What became of the build, and whether it is a compiler's message
/// (code): the failure, or the functions left out.
fn build_words(graded: &Graded) -> (String, bool) {
    match &graded.build {
        BuildFate::DidNotCompile(failure) => (failure.to_string(), true),
        BuildFate::PartlyCompiled { missing } => (
            format!(
                "Some functions did not compile and were graded as missing: {}",
                missing.join(", ")
            ),
            false,
        ),
        BuildFate::Compiled => (String::new(), false),
    }
}

/// Why the build did not go through, in one plain line (the failure's
/// first, such as a compiler's first error), for a table cell; empty for
/// a submission that compiled.
pub fn build_cause(graded: &Graded) -> String {
    let text = plain(&build_words(graded).0);
    let line = text.lines().map(str::trim).find(|l| !l.is_empty());
    line.unwrap_or("").to_string()
}

/// The build's note and whether it is a compiler's message (code): what
/// did not compile, then, for a clone whose checks were edited, why its
/// GitHub Classroom points cannot be trusted.
fn build_note(graded: &Graded) -> (String, bool) {
    let (build, code) = build_words(graded);
    if graded.edited_checks.is_empty() {
        return (build, code);
    }
    let edited = format!(
        "The checks in this repository were edited ({}), so its GitHub Classroom points \
         cannot be trusted. These points come from grade's own checks, which read only \
         exercises/src/.",
        graded.edited_checks.join(", ")
    );
    let note = [build, edited].join("\n").trim_start().to_string();
    (note, code)
}

/// The one line of a check that did not compile, is not written or
/// panicked from a known mistake, when an earlier check tells the same
/// cause in full; `None` for a check that tells its own.
pub fn pointer(graded: &Graded, check: &GradedCheck) -> Option<String> {
    let did_not_compile = matches!(check.outcome, Outcome::DidNotCompile { .. });
    if did_not_compile && matches!(graded.build, BuildFate::DidNotCompile(_)) {
        return Some(SEE_THE_COMPILER_ABOVE.to_string());
    }
    let first = name(check.same_cause_as?);
    // A code span: a check's name may hold quotes of its own.
    Some(if did_not_compile {
        format!("did not compile: see the compiler's message in `{first}`")
    } else if let Outcome::Panicked { during, .. } = &check.outcome {
        format!("panicked too ({during}), from the same mistake: see `{first}`")
    } else {
        format!("not yet implemented: see `{first}`")
    })
}

/// A check's message: empty when it passed and earned its worth.
pub fn check(graded: &Graded, check: &GradedCheck, style: Style) -> String {
    if let Some(line) = pointer(graded, check) {
        return line;
    }
    if !check.passed() {
        let text = check.outcome.message(CheckNaming::QuotedTitle).to_string();
        return match style {
            Style::Markdown => crate::results::markdown::message(&text),
            Style::Plain => plain(&text),
        };
    }
    if check.earned == check.worth {
        return String::new();
    }
    let cores: Vec<String> = graded
        .failed_core(check.exercise())
        .iter()
        .map(|c| format!("\"{}\"", c.id.title()))
        .collect();
    format!(
        "Passed, but worth nothing here: {} scores only when its core checks pass, and {} did \
         not. A check like this one can be passed by an answer that ignores the task.",
        check.exercise(),
        cores.join(" and ")
    )
}

/// `text` as the table shows it: trimmed at the end, each line kept, and
/// no raw control character.
fn plain(text: &str) -> String {
    let text = crate::terminal::escape_controls(text.trim_end());
    text.lines().collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use grading::check::flip;
    use grading::{Failure, Outcome};

    use super::*;
    use crate::results::Reason;
    use crate::results::graded::{example, example_check, example_repeated_todo};
    use crate::results::mistakes::Found;

    /// What a check quotes from its submission, carriage returns and all.
    const QUOTED: &str = "flip panicked: [x](javascript:1) _y_\r\r\n  more `z`";

    /// One wording, two encodings: the plain text is the message as the
    /// check wrote it (its control characters made visible), and the
    /// Markdown renders no syntax the submission wrote.
    #[test]
    fn a_message_reads_alike_in_both_styles() {
        let failed = Outcome::Failed(Failure::new(QUOTED, "", "", "", ""));
        let result = example(vec![example_check(
            flip::returns_heads_or_tails,
            Reason::Failed,
            failed.clone(),
        )]);
        let check = &result.checks[0];
        let text = failed.message(CheckNaming::QuotedTitle).to_string();
        assert_eq!(
            super::check(&result, check, Style::Plain),
            crate::terminal::escape_controls(text.trim_end())
        );
        let markdown = super::check(&result, check, Style::Markdown);
        assert_eq!(markdown, crate::results::markdown::message(&text));
        assert!(markdown.contains("\\[x\\]"), "{markdown}");
    }

    #[test]
    fn the_summary_names_the_mistake_then_the_build() {
        let mut result = example(Vec::new());
        result.mistakes = vec![Found::of("flip", grading::Mistake::FlipFair)];
        result.build = BuildFate::PartlyCompiled {
            missing: vec!["flip".into(), "are_permutations".into()],
        };
        let missing = "Some functions did not compile and were graded as missing: flip, \
                       are_permutations";
        let plain = summary(&result, Style::Plain);
        assert!(plain.starts_with("The mistake: `flip`: "), "{plain}");
        assert!(plain.ends_with(&format!("\n\n{missing}")), "{plain}");
        assert!(summary(&result, Style::Markdown).starts_with("**The mistake:** `flip`: "));
        assert_eq!(build_cause(&result), missing);
        result.edited_checks = vec!["tests/flip.rs".into()];
        let plain = summary(&result, Style::Plain);
        assert!(
            plain.contains(&format!(
                "{missing}\nThe checks in this repository were edited (tests/flip.rs)"
            )),
            "{plain}"
        );
        // The cause stays the build's, whatever else the summary says.
        assert_eq!(build_cause(&result), missing);
    }

    #[test]
    fn a_check_that_repeats_a_cause_points_to_its_first() {
        let result = example_repeated_todo();
        let first = "flip: returns exactly \"heads\" or \"tails\"";
        for style in [Style::Plain, Style::Markdown] {
            assert_eq!(
                check(&result, &result.checks[1], style),
                format!("not yet implemented: see `{first}`")
            );
        }
    }
}
