//! What cargo and the compiler say, through cargo's own types
//! ([`cargo_metadata::Message`] and rustc's [`Diagnostic`]): the crate
//! each message is about, the span an error points at, and the one-line
//! causes drawn from them. Decisions are taken on a diagnostic's level,
//! its error code and its spans, never on its words, which change from
//! one rustc to the next.

pub use cargo_metadata::diagnostic::{Diagnostic, DiagnosticLevel, DiagnosticSpan};

/// The span an error points at, if it has one: an error without (a linker
/// failure, rustc's count of the errors) is about no line of source.
pub fn primary(diagnostic: &Diagnostic) -> Option<&DiagnosticSpan> {
    diagnostic.spans.iter().find(|span| span.is_primary)
}

/// The compiler's rendering of `diagnostic`, as a terminal would show it.
pub fn rendered(diagnostic: &Diagnostic) -> &str {
    diagnostic.rendered.as_deref().unwrap_or_default()
}

/// The error codes of the resolver's "cannot find …": a name that does
/// not exist where the code looks for it (a function, a type, a trait, a
/// path's module). rustc 1.95 gives E0425 for a missing value or type and
/// E0433 for a missing module on the way; E0412, E0405, E0422 and E0531
/// are the older or rarer forms of the same.
const NOT_FOUND: [&str; 6] = ["E0405", "E0412", "E0422", "E0425", "E0433", "E0531"];

/// Whether `diagnostic` says a name is not found (see [`NOT_FOUND`]), by
/// its code.
pub fn is_not_found(diagnostic: &Diagnostic) -> bool {
    diagnostic
        .code
        .as_ref()
        .is_some_and(|code| NOT_FOUND.contains(&code.code.as_str()))
}

/// The first line of the first diagnostic, for a one-line cause. rustc's
/// count of the errors ("aborting due to …", with no code and no span) is
/// never first: it comes after the errors it counts, and the first
/// [`crate::build::cargo_output::ERRORS_KEPT`] of them are all kept.
pub fn first_line_of(diagnostics: &[Diagnostic]) -> String {
    diagnostics.first().map_or_else(String::new, |d| {
        d.message.lines().next().unwrap_or_default().to_string()
    })
}

/// The one-line cause of a failed link: the linker's own error, which
/// rustc gives in a note below "linking with `cc` failed" (and below the
/// whole command line, which is no one's cause). The linker's output is
/// its own free text, passed on by rustc without a code or a level of its
/// own for each line, so its error line is found by the linker's word
/// `error:` (GNU ld, lld and collect2 all use it).
pub fn link_cause(diagnostics: &[Diagnostic]) -> String {
    let linker_said = diagnostics.iter().find_map(|diagnostic| {
        rendered(diagnostic)
            .lines()
            .skip(1)
            .map(|line| line.trim().trim_start_matches("= note:").trim())
            .find(|line| line.contains("error:") && line.len() < 300)
    });
    linker_said.map_or_else(|| first_line_of(diagnostics), str::to_string)
}

/// The crate name in a package id such as
/// `path+file:///…/subs/s0123#s0123@0.0.0`.
pub fn crate_of(package_id: &cargo_metadata::PackageId) -> String {
    let package_id = package_id.repr.as_str();
    let (url, fragment) = package_id.split_once('#').unwrap_or((package_id, ""));
    match fragment.split_once('@') {
        Some((name, _)) => name.to_string(),
        None => url.rsplit('/').next().unwrap_or(url).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(repr: &str) -> cargo_metadata::PackageId {
        cargo_metadata::PackageId { repr: repr.into() }
    }

    #[test]
    fn crate_names_come_from_package_ids() {
        assert_eq!(
            crate_of(&id("path+file:///tmp/x/subs/s0123#0.0.0")),
            "s0123"
        );
        assert_eq!(
            crate_of(&id("path+file:///tmp/x/subs/s0123#s0123@0.0.0")),
            "s0123"
        );
    }

    /// What rustc 1.95 says when a generated wrapper calls a function the
    /// submission does not have, and when it calls a private one.
    #[test]
    fn a_missing_name_is_known_by_its_code() {
        let said = |code: &str, message: &str| -> Diagnostic {
            serde_json::from_value(serde_json::json!({
                "message": message,
                "code": {"code": code, "explanation": null},
                "level": "error",
                "spans": [],
                "children": [],
                "rendered": null,
            }))
            .unwrap()
        };
        let missing = said("E0425", "cannot find function `flip` in module `super`");
        assert!(is_not_found(&missing));
        assert!(!is_not_found(&said("E0603", "function `flip` is private")));
    }
}
