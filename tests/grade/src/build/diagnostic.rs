//! What cargo and the compiler say, as types: the lines cargo prints with
//! `--message-format=json`, the compiler's diagnostics in them, the crate
//! each is about, and the one-line causes drawn from them.

use serde::Deserialize;

/// One error from the compiler.
#[derive(Debug, Clone, Deserialize)]
pub struct Diagnostic {
    pub message: String,
    pub level: String,
    #[serde(default)]
    pub rendered: String,
    pub spans: Vec<Span>,
}

impl Diagnostic {
    pub fn primary(&self) -> Option<&Span> {
        self.spans.iter().find(|s| s.is_primary)
    }
}

/// Where a diagnostic points.
#[derive(Debug, Clone, Deserialize)]
pub struct Span {
    pub file_name: String,
    pub line_start: usize,
    pub is_primary: bool,
}

/// One line of cargo's JSON messages.
#[derive(Debug, Deserialize)]
pub struct CargoMessage {
    pub reason: String,
    #[serde(default)]
    pub package_id: String,
    #[serde(default)]
    pub target: Option<CargoTarget>,
    #[serde(default)]
    pub message: Option<Diagnostic>,
    #[serde(default)]
    pub fresh: bool,
}

/// The target a message is about.
#[derive(Debug, Deserialize)]
pub struct CargoTarget {
    pub name: String,
}

/// The first line of the first diagnostic that says something, for a
/// one-line cause.
pub fn first_line_of(diagnostics: &[Diagnostic]) -> String {
    let said = diagnostics
        .iter()
        .find(|d| !d.message.starts_with("aborting due to"))
        .or(diagnostics.first());
    said.map_or_else(String::new, |d| {
        d.message.lines().next().unwrap_or_default().to_string()
    })
}

/// The one-line cause of a failed link: the linker's own error, which
/// rustc gives in a note below "linking with `cc` failed" (and below the
/// whole command line, which is no one's cause).
pub fn link_cause(diagnostics: &[Diagnostic]) -> String {
    let linker_said = diagnostics.iter().find_map(|diagnostic| {
        diagnostic
            .rendered
            .lines()
            .skip(1)
            .map(|line| line.trim().trim_start_matches("= note:").trim())
            .find(|line| line.contains("error:") && line.len() < 300)
    });
    linker_said.map_or_else(|| first_line_of(diagnostics), str::to_string)
}

/// The crate name in a package id such as
/// `path+file:///…/subs/s0123#s0123@0.0.0`.
pub fn crate_of(package_id: &str) -> String {
    let (url, fragment) = package_id.split_once('#').unwrap_or((package_id, ""));
    match fragment.split_once('@') {
        Some((name, _)) => name.to_string(),
        None => url.rsplit('/').next().unwrap_or(url).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_names_come_from_package_ids() {
        assert_eq!(crate_of("path+file:///tmp/x/subs/s0123#0.0.0"), "s0123");
        assert_eq!(
            crate_of("path+file:///tmp/x/subs/s0123#s0123@0.0.0"),
            "s0123"
        );
    }
}
