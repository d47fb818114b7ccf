//! rustc's own record of what it read for a crate (its dep-info file),
//! the second line of defence behind [`crate::build::refuse`]'s scan: a crate
//! that read anything outside its own `src/` is never run, and a failed
//! compile's record is read before any of its messages is shown.

use std::path::{Path, PathBuf};

/// [`outside_reads`] for a compile that failed: rustc writes its record
/// once it has expanded the crate, so one that failed before then has
/// none, and read nothing beyond what the compile's wall let it.
pub fn recorded_outside_reads(deps: &Path, name: &str) -> Vec<String> {
    if dep_info(deps, name).is_none() {
        return Vec::new();
    }
    outside_reads(deps, name)
}

/// The newest dep-info file of crate `name` in `deps`.
fn dep_info(deps: &Path, name: &str) -> Option<PathBuf> {
    std::fs::read_dir(deps)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|entry| {
            let file = entry.file_name().to_string_lossy().to_string();
            file.starts_with(&format!("{name}-")) && file.ends_with(".d")
        })
        .max_by_key(|entry| entry.metadata().and_then(|m| m.modified()).ok())
        .map(|entry| entry.path())
}

/// The files and environment variables that rustc recorded reading for
/// a crate, other than the crate's own `src/`, from its dep-info file
/// (`deps/<name>-<hash>.d`, the newest if there are several).
pub fn outside_reads(deps: &Path, name: &str) -> Vec<String> {
    let Some(text) = dep_info(deps, name).and_then(|path| std::fs::read_to_string(path).ok())
    else {
        return vec![format!("no record of what compiling {name} read")];
    };
    let own = PathBuf::from(format!("subs/{name}/src"));
    let mut outside = Vec::new();
    for line in text.lines() {
        if let Some(variable) = line.strip_prefix("# env-dep:") {
            let name = variable.split('=').next().unwrap_or(variable);
            outside.push(format!("the environment variable {name}"));
        } else if let Some((_, inputs)) = line.split_once(": ") {
            for input in inputs.split_whitespace() {
                // `subs/x/src/../../../solutions/…` starts as its own does.
                let inside = normalised(Path::new(input)).is_some_and(|p| p.starts_with(&own));
                if !inside && !outside.contains(&input.to_string()) {
                    outside.push(input.to_string());
                }
            }
        }
    }
    outside
}

/// `path` with `.` and `..` resolved by name (no file is read), or `None`
/// when `..` climbs above its start.
fn normalised(path: &Path) -> Option<PathBuf> {
    use std::path::Component;
    let mut parts: Vec<Component<'_>> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !matches!(parts.pop(), Some(Component::Normal(_))) {
                    return None;
                }
            }
            other => parts.push(other),
        }
    }
    Some(parts.iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dep_info_names_what_was_read() {
        let deps = tempfile::tempdir().unwrap();
        std::fs::write(
            deps.path().join("s1-abc.d"),
            "/t/deps/s1-abc.d: subs/s1/src/lib.rs /srv/solutions/src/flip.rs\n\n\
             subs/s1/src/lib.rs:\n/srv/solutions/src/flip.rs:\n\n# env-dep:HOME=/root\n",
        )
        .unwrap();
        assert_eq!(
            outside_reads(deps.path(), "s1"),
            [
                "/srv/solutions/src/flip.rs",
                "the environment variable HOME"
            ]
        );
        assert_eq!(outside_reads(deps.path(), "s2").len(), 1, "no record");
        // A compile that failed before rustc wrote its record read nothing
        // the wall let through.
        assert_eq!(
            recorded_outside_reads(deps.path(), "s2"),
            Vec::<String>::new()
        );
        assert_eq!(recorded_outside_reads(deps.path(), "s1").len(), 2);

        // A path that climbs out of its own src/ is outside, however spelt.
        std::fs::write(
            deps.path().join("s3-abc.d"),
            "/t/deps/s3-abc.d: subs/s3/src/lib.rs subs/s3/src/./a/../flip.rs \
             subs/s3/src/../../../../solutions/src/flip.rs\n",
        )
        .unwrap();
        assert_eq!(
            outside_reads(deps.path(), "s3"),
            ["subs/s3/src/../../../../solutions/src/flip.rs"]
        );
    }
}
