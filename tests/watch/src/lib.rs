//! Reruns `cargo test` whenever a Rust file under the watched folder
//! changes, so a learner sees the checks' verdict on every save without
//! installing anything (cargo-watch or bacon would need an install).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{Context, bail};
use clap::Parser;
use notify::{RecursiveMode, Watcher};

/// Run the exercises' checks now and again on every save.
#[derive(Debug, Parser)]
#[command(name = "watch", version)]
pub struct Cli {
    /// The folder to watch [default: exercises/ of this workspace].
    #[arg(long, value_name = "DIR")]
    pub path: Option<PathBuf>,

    /// Arguments for `cargo test`: for example `flip` to run one
    /// exercise's checks only (`cargo run -p watch -- flip`).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "CARGO TEST ARGS"
    )]
    pub test_args: Vec<String>,
}

/// The workspace's exercises/ folder.
pub fn default_folder() -> PathBuf {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exercises");
    folder.canonicalize().unwrap_or(folder)
}

/// Watches until interrupted; errors only when the folder cannot be
/// watched or cargo cannot be started.
pub fn run(cli: &Cli) -> anyhow::Result<()> {
    let folder = cli.path.clone().unwrap_or_else(default_folder);
    if !folder.is_dir() {
        bail!("there is no folder {} to watch", folder.display());
    }
    let (send, changes) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event
            && is_an_edit(&event)
        {
            let _ = send.send(());
        }
    })
    .context("cannot watch for changes")?;
    watcher
        .watch(&folder, RecursiveMode::Recursive)
        .with_context(|| format!("cannot watch {}", folder.display()))?;
    loop {
        clear_screen();
        test_once(&folder, &cli.test_args)?;
        eprintln!(
            "\nWatching {} for changes (Ctrl-C to stop)…",
            folder.display()
        );
        // Wait for a change, then for the burst an editor's save makes to
        // settle, so one save runs the checks once.
        if changes.recv().is_err() {
            return Ok(());
        }
        while changes.recv_timeout(Duration::from_millis(300)).is_ok() {}
    }
}

/// Clears the terminal before each run, as rustlings and bacon do, so that
/// the screen holds this run alone and ends with its summary and next step.
fn clear_screen() {
    use std::io::{IsTerminal, Write};
    let mut out = std::io::stdout();
    let _ = out.write_all(clearing(out.is_terminal()).as_bytes());
    let _ = out.flush();
}

/// The text that clears a terminal and puts the cursor top left (ANSI),
/// or nothing when the output goes to a file or a pipe, where escape
/// codes would only be noise.
pub fn clearing(is_terminal: bool) -> &'static str {
    if is_terminal { "\x1b[2J\x1b[H" } else { "" }
}

/// Whether an event is a change to a Rust source or a manifest, rather
/// than to cargo's own output or an editor's swap file.
pub fn is_an_edit(event: &notify::Event) -> bool {
    let relevant = |path: &PathBuf| {
        let in_target = path.components().any(|c| c.as_os_str() == "target");
        let source = path
            .extension()
            .is_some_and(|e| e == "rs" || e == "toml" || e == "snap");
        source && !in_target
    };
    !event.kind.is_access() && event.paths.iter().any(relevant)
}

/// One `cargo test` in the watched crate's workspace, after clearing the
/// screen; a failing test run is the learner's news, not an error.
fn test_once(folder: &Path, args: &[String]) -> anyhow::Result<()> {
    // Clear the screen and move to its top, as cargo-watch's -c does.
    print!("\x1b[2J\x1b[H");
    let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .arg("test")
        .arg("-p")
        .arg("exercises")
        .args(args)
        .current_dir(folder)
        .status()
        .context("cannot run cargo")?;
    eprintln!(
        "\n{}",
        if status.success() {
            "All checks pass."
        } else {
            "Some checks fail: read the first failure above, fix it, and save."
        }
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_screen_is_cleared_only_on_a_terminal() {
        assert_eq!(clearing(true), "\x1b[2J\x1b[H");
        assert_eq!(clearing(false), "");
    }
    use notify::event::{AccessKind, CreateKind, EventKind, ModifyKind};

    fn event(kind: EventKind, path: &str) -> notify::Event {
        notify::Event::new(kind).add_path(PathBuf::from(path))
    }

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn edits_to_sources_count_and_build_output_does_not() {
        let modify = EventKind::Modify(ModifyKind::Any);
        assert!(is_an_edit(&event(modify, "/w/exercises/src/flip.rs")));
        assert!(is_an_edit(&event(
            EventKind::Create(CreateKind::File),
            "/w/exercises/Cargo.toml"
        )));
        assert!(!is_an_edit(&event(modify, "/w/exercises/src/.flip.rs.swp")));
        assert!(!is_an_edit(&event(
            modify,
            "/w/exercises/target/debug/x.rs"
        )));
        assert!(!is_an_edit(&event(
            EventKind::Access(AccessKind::Any),
            "/w/exercises/src/flip.rs"
        )));
    }

    #[test]
    fn a_missing_folder_is_a_clear_error() {
        let cli = Cli {
            path: Some(PathBuf::from("/no/such/folder")),
            test_args: Vec::new(),
        };
        let error = run(&cli).unwrap_err().to_string();
        assert_eq!(error, "there is no folder /no/such/folder to watch");
    }

    /// As the README writes it, `cargo run -p watch -- flip` hands watch
    /// just `flip`; what follows it, dashes included, goes to cargo test.
    #[test]
    fn arguments_reach_cargo_test() {
        let cli = Cli::try_parse_from(["watch", "flip"]).unwrap();
        assert_eq!(cli.test_args, ["flip"]);
        let cli = Cli::try_parse_from(["watch", "flip", "--", "--nocapture"]).unwrap();
        assert_eq!(cli.test_args, ["flip", "--", "--nocapture"]);
        let cli = Cli::try_parse_from(["watch", "--path", "src", "--", "flip"]).unwrap();
        assert_eq!(cli.test_args, ["flip"]);
        assert_eq!(cli.path, Some(PathBuf::from("src")));
    }
}
