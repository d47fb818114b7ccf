//! Watch on a terminal answers keys, as rustlings' watch mode does: `h`
//! shows the next step's full hint, `l` lists the lab's exercises with
//! their standing and file, `n` names the next exercise's file, `r` reruns
//! the checks and `q` quits. The screens are pure functions of the last
//! run's [`Standings`], so that their words are tested without a terminal.

use std::io::Write;
use std::sync::mpsc::Sender;
use std::thread;

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal;

use crate::standings::Standings;

/// What the session waits for: a save in the watched folder, or a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// A source or manifest changed.
    Edit,
    /// A key the session acts on.
    Key(Action),
}

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// `h`: the next step's check, message and hint in full.
    Hint,
    /// `l`: every exercise, its standing and its file.
    List,
    /// `n`: the next exercise's file.
    Next,
    /// `r`: run the checks again.
    Rerun,
    /// `q`, Esc or Ctrl-C: leave.
    Quit,
}

/// The one line at the bottom of every screen.
pub const KEYS: &str = "h hint · l list · n next file · r rerun · q quit · reruns on every save";

/// The action of a key press, if it has one. In raw mode Ctrl-C is a key
/// like any other, so it quits here.
pub fn action(key: &KeyEvent) -> Option<Action> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    match key.code {
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Some(Action::Quit),
        KeyCode::Char('h') => Some(Action::Hint),
        KeyCode::Char('l') => Some(Action::List),
        KeyCode::Char('n') => Some(Action::Next),
        KeyCode::Char('r') | KeyCode::Enter => Some(Action::Rerun),
        KeyCode::Char('q') | KeyCode::Esc => Some(Action::Quit),
        _ => None,
    }
}

/// What the last run leaves to say when the checks did not run at all.
pub const DID_NOT_RUN: &str = "The checks did not run: your code does not compile.\n\
                               Read the compiler's first error above, fix it, and save.";

/// What a key that needs a run's standings says when the checks did not run.
const NO_STANDINGS: &str = "The checks did not run: your code does not compile.\n\
                            r shows the compiler's error again.";

/// `h`: the next step in full, as the summary's "Next:" gives it.
pub fn hint_screen(last: Option<&Standings>) -> String {
    match last {
        None => format!("{NO_STANDINGS}\n"),
        Some(Standings { next: None, .. }) => {
            "Every check that ran passes: there is no next step to hint at.\n".into()
        }
        Some(Standings {
            next: Some(next), ..
        }) => format!("Next: {}, in {}\n{}\n", next.name, next.file, next.step),
    }
}

/// `l`: the lab's exercises in the lab's order, each with its standing and
/// file, and the next one named.
pub fn list_screen(last: Option<&Standings>) -> String {
    let Some(standings) = last else {
        return format!("{NO_STANDINGS}\n");
    };
    let name_width = standings.rows.iter().map(|r| r.name.len()).max();
    let standing_width = standings.rows.iter().map(|r| r.standing.chars().count());
    let (name_width, standing_width) = (name_width.unwrap_or(0), standing_width.max().unwrap_or(0));
    let mut out =
        String::from("The lab's exercises, in order (✓ done, ✗ failing, · not started):\n\n");
    for row in &standings.rows {
        out.push_str(&format!(
            "  {} {:<name_width$}  {:<standing_width$}  {}\n",
            row.mark, row.name, row.standing, row.file
        ));
    }
    out.push('\n');
    out.push_str(&next_screen(last));
    out
}

/// `n`: the file to open next.
pub fn next_screen(last: Option<&Standings>) -> String {
    match last {
        None => format!("{NO_STANDINGS}\n"),
        Some(Standings { next: None, .. }) => "Every check that ran passes.\n".into(),
        Some(Standings {
            next: Some(next), ..
        }) => format!("Next: {}, in {}\n", next.name, next.file),
    }
}

/// Keeps the terminal in raw mode, so that a key arrives without Enter,
/// until dropped, whatever way the session ends.
#[derive(Debug)]
pub struct RawMode(());

impl RawMode {
    /// Puts the terminal in raw mode.
    pub fn on() -> std::io::Result<RawMode> {
        terminal::enable_raw_mode()?;
        Ok(RawMode(()))
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

/// Prints `text` on a raw terminal, where a line feed alone does not
/// return to the line's start.
pub fn print_raw(text: &str) {
    let mut out = std::io::stdout();
    let _ = out.write_all(text.replace('\n', "\r\n").as_bytes());
    let _ = out.flush();
}

/// Reads keys on a thread of their own and sends those with an action.
/// The thread ends when the session does, or at the first read error.
pub fn read_keys(send: Sender<Signal>) {
    thread::spawn(move || {
        while let Ok(event) = event::read() {
            if let Event::Key(key) = event
                && let Some(action) = action(&key)
                && send.send(Signal::Key(action)).is_err()
            {
                return;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::{Next, Row};

    fn half() -> Standings {
        Standings {
            rows: vec![
                Row {
                    mark: "✓".into(),
                    name: "perfect_shuffle".into(),
                    standing: "done".into(),
                    file: "exercises/src/perfect_shuffle.rs".into(),
                },
                Row {
                    mark: "✗".into(),
                    name: "flip".into(),
                    standing: "2 of its 8 checks fail".into(),
                    file: "exercises/src/flip.rs".into(),
                },
            ],
            next: Some(Next {
                name: "flip".into(),
                file: "exercises/src/flip.rs".into(),
                step: "flip::ratio: title\nmessage\n  hint:     look".into(),
            }),
        }
    }

    #[test]
    fn the_keys_line_fits_a_narrow_terminal() {
        assert!(KEYS.chars().count() <= 80, "{KEYS}");
    }

    #[test]
    fn keys_map_to_their_actions() {
        let press = |code| KeyEvent::new(code, KeyModifiers::NONE);
        assert_eq!(action(&press(KeyCode::Char('h'))), Some(Action::Hint));
        assert_eq!(action(&press(KeyCode::Char('l'))), Some(Action::List));
        assert_eq!(action(&press(KeyCode::Char('n'))), Some(Action::Next));
        assert_eq!(action(&press(KeyCode::Char('r'))), Some(Action::Rerun));
        assert_eq!(action(&press(KeyCode::Char('q'))), Some(Action::Quit));
        assert_eq!(action(&press(KeyCode::Char('x'))), None);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action(&ctrl_c), Some(Action::Quit));
    }

    #[test]
    fn the_list_aligns_each_exercise_with_its_file() {
        let screen = list_screen(Some(&half()));
        assert!(
            screen.contains(
                "  ✓ perfect_shuffle  done                    exercises/src/perfect_shuffle.rs\n"
            ),
            "{screen}"
        );
        assert!(
            screen.contains("  ✗ flip             2 of its 8 checks fail  exercises/src/flip.rs\n"),
            "{screen}"
        );
        assert!(
            screen.ends_with("Next: flip, in exercises/src/flip.rs\n"),
            "{screen}"
        );
    }

    #[test]
    fn the_hint_is_the_next_step_in_full() {
        assert_eq!(
            hint_screen(Some(&half())),
            "Next: flip, in exercises/src/flip.rs\nflip::ratio: title\nmessage\n  hint:     look\n"
        );
        let done = Standings {
            next: None,
            ..half()
        };
        assert!(hint_screen(Some(&done)).contains("no next step"));
        assert!(hint_screen(None).contains("does not compile"));
    }
}
