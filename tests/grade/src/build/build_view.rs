//! What the build of a batch may see: the files its cargo and rustc may
//! read and write (the Landlock view, [`grade_sandbox::BuildView`]), and
//! what is covered from it, where the system allows a mount namespace of
//! its own. rustc reads whatever a submission's source names (see
//! [`crate::build::refuse`]), so what the build can read, a student could have
//! it print.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use grade_sandbox::BuildView;
use grade_sandbox::namespaces::Namespaces;

use crate::build::discover::Submission;
use crate::machine::host::workspace_root;
use crate::machine::setting::in_namespaces;

/// What the build need not see, and a student's code must not: the
/// reference solutions, the stubs, the book, the fixtures (full answers
/// among them), the grading suite and the lab tools (the oracle's
/// reference procedures among them), the history, and where the
/// submissions came from. What the build needs (the generated workspace,
/// the serving code it links, the lockfile) is never hidden.
pub fn hidden_while_building(dir: &Path, submissions: &[Submission]) -> Vec<PathBuf> {
    let workspace = workspace_root();
    let view = build_view(dir);
    let needed: Vec<&PathBuf> = view.read.iter().chain(&view.write).collect();
    let candidates = [
        "solutions",
        "exercises",
        "docs",
        "tests/fixtures",
        "tests/grading",
        "tests/lab-tools",
        "tests/grade",
        ".git",
    ]
    .iter()
    .map(|p| workspace.join(p))
    .chain(submissions.iter().map(|s| hideable(&s.origin)));
    let mut hidden: Vec<PathBuf> = candidates
        .filter_map(|p| p.canonicalize().ok())
        .filter(|p| !needed.iter().any(|n| n.starts_with(p)))
        // No name the view's JSON cannot carry (see `hideable`).
        .filter(|p| p.to_str().is_some())
        .collect();
    hidden.sort();
    hidden.dedup();
    hidden
}

/// What covers `origin` in the build's view: itself, or where its name is
/// not UTF-8 (which the view, JSON, cannot carry) the folder that holds it.
fn hideable(origin: &Path) -> PathBuf {
    match (origin.to_str(), origin.parent()) {
        (None, Some(folder)) if folder.to_str().is_some() => folder.to_path_buf(),
        _ => origin.to_path_buf(),
    }
}

/// cargo's or rustup's home: `variable`, or `default` in `$HOME`.
fn toolchain_home(variable: &str, default: &str) -> PathBuf {
    std::env::var_os(variable).map_or_else(
        || {
            let home = std::env::var_os("HOME").unwrap_or_default();
            Path::new(&home).join(default)
        },
        PathBuf::from,
    )
}

/// All that the build of a batch in `dir` may touch (see
/// [`grade_sandbox::BuildView`]): the toolchain, the sources the generated
/// workspace depends on, the workspace itself and cargo's home, and a
/// temporary folder of its own in `dir`.
pub fn build_view(dir: &Path) -> BuildView {
    let workspace = workspace_root();
    BuildView {
        read: vec![
            toolchain_home("RUSTUP_HOME", ".rustup"),
            sysroot().to_path_buf(),
            workspace.join("tests/workbook"),
            workspace.join("tests/grade-serve"),
            // Whose `[workspace.package]` and dependencies those two inherit.
            workspace.join("Cargo.toml"),
            workspace.join("Cargo.lock"),
            // `grade` itself, which cargo runs as each rustc's wrapper
            // (`grade __compile`, the wall around each compile).
            std::env::current_exe().unwrap_or_default(),
        ],
        write: vec![dir.to_path_buf(), toolchain_home("CARGO_HOME", ".cargo")],
        // Filled in by the caller that runs the build in a mount
        // namespace of its own.
        hide: Vec::new(),
    }
}

/// The toolchain rustc runs from, wherever it is installed (rustup's home,
/// the system's, a folder of its own); empty if rustc cannot say.
pub fn sysroot() -> &'static Path {
    static SYSROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    SYSROOT.get_or_init(|| {
        Command::new("rustc")
            .args(["--print", "sysroot"])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
            .unwrap_or_default()
    })
}

/// The build's temporary folder, in its view.
pub fn build_temporary(dir: &Path) -> PathBuf {
    dir.join("tmp")
}

/// The namespaces that give cargo a mount namespace of its own in which
/// paths can be covered, or `None` where this system does not allow one
/// (then the scan, the dep-info check and the build's Landlock view stand
/// without it). A PID namespace with its own /proc too: through the
/// host's, /proc/<pid>/root shows every covered folder again.
pub fn mount_namespace() -> Option<Namespaces> {
    static CHOSEN: std::sync::OnceLock<Option<Namespaces>> = std::sync::OnceLock::new();
    *CHOSEN.get_or_init(|| {
        let probe = tempfile::tempdir().ok()?;
        let view = BuildView {
            hide: vec![probe.path().to_path_buf()],
            ..BuildView::default()
        };
        let view = serde_json::to_string(&view).ok()?;
        let grade = std::env::current_exe().ok()?;
        // As root first; a user that may not mount there tries again in a
        // user namespace of its own. The probe is the build's own first
        // step: covering a folder, in the build's view.
        [false, true]
            .into_iter()
            .map(Namespaces::build)
            .find(|&namespaces| {
                in_namespaces(namespaces).is_ok_and(|mut command| {
                    command
                        .arg(&grade)
                        .arg(grade_sandbox::BUILD_VIEW_COMMAND)
                        .arg("true")
                        .env(grade_sandbox::BUILD_VIEW_VARIABLE, &view)
                        .stdin(Stdio::null())
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .status()
                        .is_ok_and(|status| status.success())
                })
            })
    })
}
