//! Reruns `cargo test -p exercises` whenever a Rust file under the watched
//! folder changes, so a learner sees the checks' verdict on every save
//! without installing anything (cargo-watch or bacon would need an install).
//!
//! On a terminal it also answers keys, as rustlings' watch mode does
//! ([`keys`]); its output sent to a file or a pipe, it only reruns.

pub mod keys;
pub mod standings;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use anyhow::{Context, bail};
use clap::Parser;
use notify::{RecursiveMode, Watcher};

use keys::{Action, DID_NOT_RUN, KEYS, RawMode, Signal};
use standings::{STANDINGS_FILE, Standings};

/// Run the exercises' checks now and again on every save.
#[derive(Debug, Parser)]
#[command(name = "watch", version)]
pub struct Cli {
    /// The folder to watch [default: exercises/ of this workspace].
    #[arg(long, value_name = "DIR")]
    pub path: Option<PathBuf>,

    /// Runs PROGRAM with the arguments instead of `cargo test -p
    /// exercises`: for watch's own tests.
    #[arg(long, hide = true, value_name = "PROGRAM")]
    pub runner: Option<PathBuf>,

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

/// Watches until interrupted, or until `q` on a terminal; errors only
/// when the folder cannot be watched or the checks cannot be started.
pub fn run(cli: &Cli) -> anyhow::Result<()> {
    let folder = cli.path.clone().unwrap_or_else(default_folder);
    if !folder.is_dir() {
        bail!("there is no folder {} to watch", folder.display());
    }
    let (send, signals) = mpsc::channel();
    let edits = send.clone();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event
            && is_an_edit(&event)
        {
            let _ = edits.send(Signal::Edit);
        }
    })
    .context("cannot watch for changes")?;
    watcher
        .watch(&folder, RecursiveMode::Recursive)
        .with_context(|| format!("cannot watch {}", folder.display()))?;
    let checks = Checks {
        folder,
        cli,
        standings: std::env::temp_dir().join(format!("watch-standings-{}", std::process::id())),
    };
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let result = if interactive {
        answer_keys(&checks, &signals, send)
    } else {
        rerun_on_saves(&checks, &signals)
    };
    let _ = std::fs::remove_file(&checks.standings);
    result
}

/// Watch for a file or a pipe, as it was before it took keys: a run on
/// every save, and what the run left to say.
fn rerun_on_saves(checks: &Checks, signals: &Receiver<Signal>) -> anyhow::Result<()> {
    loop {
        if checks.run()?.is_none() {
            eprintln!("\n{DID_NOT_RUN}");
        }
        eprintln!(
            "\nWatching {} for changes (Ctrl-C to stop)…",
            checks.folder.display()
        );
        if !wait_for_a_save(signals) {
            return Ok(());
        }
    }
}

/// The terminal session: a run on every save or `r`, and a screen for
/// each other key, each ending with the line of keys.
fn answer_keys(
    checks: &Checks,
    signals: &Receiver<Signal>,
    send: Sender<Signal>,
) -> anyhow::Result<()> {
    keys::read_keys(send);
    loop {
        // Cooked while cargo runs, so its output prints as usual and
        // Ctrl-C stops both; raw while waiting, so a key needs no Enter.
        let last = checks.run()?;
        if last.is_none() {
            println!("\n{DID_NOT_RUN}");
        }
        let _raw = RawMode::on().context("cannot read keys from the terminal")?;
        keys::print_raw(&format!("\n{KEYS}\n"));
        loop {
            let screen = match signals.recv() {
                Err(_) | Ok(Signal::Key(Action::Quit)) => return Ok(()),
                Ok(Signal::Edit) => {
                    while signals
                        .recv_timeout(SETTLE)
                        .is_ok_and(|s| s == Signal::Edit)
                    {}
                    break;
                }
                Ok(Signal::Key(Action::Rerun)) => break,
                Ok(Signal::Key(Action::Hint)) => keys::hint_screen(last.as_ref()),
                Ok(Signal::Key(Action::List)) => keys::list_screen(last.as_ref()),
                Ok(Signal::Key(Action::Next)) => keys::next_screen(last.as_ref()),
            };
            keys::print_raw(&format!("{}{screen}\n{KEYS}\n", clearing(true)));
        }
    }
}

/// How long the burst of events an editor's save makes takes to settle.
const SETTLE: Duration = Duration::from_millis(300);

/// Waits for a save, then for its burst to settle, so one save runs the
/// checks once; false when no save can come any more.
fn wait_for_a_save(signals: &Receiver<Signal>) -> bool {
    loop {
        match signals.recv() {
            Err(_) => return false,
            Ok(Signal::Edit) => break,
            Ok(Signal::Key(_)) => {}
        }
    }
    while signals.recv_timeout(SETTLE).is_ok() {}
    true
}

/// How the checks are run.
#[derive(Debug)]
struct Checks<'a> {
    folder: PathBuf,
    cli: &'a Cli,
    /// Where the harness writes the run's standings.
    standings: PathBuf,
}

impl Checks<'_> {
    /// One run of the checks on a cleared screen. The standings the
    /// harness wrote, or `None` when it never got to write them: the
    /// checks did not compile. A failing check is the learner's news, not
    /// an error.
    fn run(&self) -> anyhow::Result<Option<Standings>> {
        clear_screen();
        let _ = std::fs::remove_file(&self.standings);
        let mut command = match &self.cli.runner {
            Some(runner) => Command::new(runner),
            None => {
                let mut cargo =
                    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
                cargo.args(["test", "-p", "exercises"]);
                cargo
            }
        };
        command
            .args(&self.cli.test_args)
            .current_dir(&self.folder)
            .env(STANDINGS_FILE, &self.standings)
            .status()
            .context("cannot run the checks")?;
        Ok(std::fs::read_to_string(&self.standings)
            .ok()
            .map(|text| Standings::parse(&text)))
    }
}

/// Clears the terminal before each run, as rustlings and bacon do, so that
/// the screen holds this run alone and ends with its summary and next step.
fn clear_screen() {
    use std::io::Write;
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
            runner: None,
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
