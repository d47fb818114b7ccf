//! The closing summary of a `cargo test -p exercises` run: how far along
//! the lab is, one line per exercise in the lab's order, and the next step.
//! A pure function of the checks and their outcomes, so that what a
//! student reads is pinned by tests that run no cargo.

use std::fmt::Write;

use crate::{Check, Kind, Outcome};

/// The lab the workbook is for, as the summary names it.
pub const LAB: &str = "Activity 3";

/// How wide the progress bar is, in characters.
const BAR_WIDTH: usize = 24;

/// How one exercise stands after a run, from the outcomes of those of its
/// checks that ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Every check that ran passed.
    Done,
    /// Some checks failed: `failing` of the `ran` checks that ran.
    Failing {
        /// How many failed, timed out or are not implemented.
        failing: usize,
        /// How many were not run, because an earlier check of the exercise
        /// ran out of time: they follow from that one.
        not_run: usize,
        /// How many ran, or were not run for that reason.
        ran: usize,
    },
    /// Every check that ran says "not yet implemented": the function is
    /// still `todo!()`.
    NotStarted,
}

impl Standing {
    /// How an exercise stands from its outcomes; `None` when none ran.
    pub fn of<'a>(outcomes: impl IntoIterator<Item = &'a Outcome>) -> Option<Standing> {
        let (mut ran, mut failing, mut not_run, mut todo) = (0, 0, 0, 0);
        for outcome in outcomes {
            ran += 1;
            match outcome {
                Outcome::Passed => {}
                Outcome::NotRun { .. } => not_run += 1,
                Outcome::NotImplemented { .. } => {
                    failing += 1;
                    todo += 1;
                }
                _ => failing += 1,
            }
        }
        match ran {
            0 => None,
            _ if failing + not_run == 0 => Some(Standing::Done),
            _ if todo == ran => Some(Standing::NotStarted),
            _ => Some(Standing::Failing {
                failing,
                not_run,
                ran,
            }),
        }
    }
}

/// One exercise as the summary sees it.
struct Exercise<'a> {
    name: &'static str,
    bonus: bool,
    /// Its checks that ran, with their outcomes, in the registry's order.
    ran: Vec<(&'a Check, &'a Outcome)>,
    /// How many checks it has in all.
    checks: usize,
}

impl<'a> Exercise<'a> {
    fn standing(&self) -> Option<Standing> {
        Standing::of(self.ran.iter().map(|(_, outcome)| *outcome))
    }

    /// The words after the exercise's name.
    fn status(&self, whole: bool) -> String {
        match self.standing() {
            None => "not run".into(),
            Some(Standing::Done) if whole => "done".into(),
            Some(Standing::Done) => format!("the {} checks that ran pass", self.ran.len()),
            Some(Standing::NotStarted) => "not started".into(),
            Some(Standing::Failing {
                failing,
                not_run,
                ran,
            }) => {
                let checks = if ran == 1 { "check" } else { "checks" };
                let verb = if failing == 1 { "fails" } else { "fail" };
                match (whole, not_run) {
                    (true, 0) => format!("{failing} of its {ran} {checks} {verb}"),
                    (false, 0) => format!("{failing} of the {ran} {checks} that ran {verb}"),
                    (true, _) => {
                        format!("{failing} of its {ran} {checks} {verb}, {not_run} not run")
                    }
                    (false, _) => {
                        format!(
                            "{failing} of the {ran} {checks} selected {verb}, {not_run} not run"
                        )
                    }
                }
            }
        }
    }

    fn mark(&self) -> char {
        match self.standing() {
            Some(Standing::Done) => '✓',
            Some(Standing::Failing { .. }) => '✗',
            Some(Standing::NotStarted) | None => '·',
        }
    }

    /// The check to read first: the first that failed, unless its message
    /// only points at another check ("this follows from …"), in which case
    /// the first that explains itself.
    fn first_failure(&self) -> Option<(&'a Check, &'a Outcome)> {
        let failed = || self.ran.iter().filter(|(_, outcome)| !outcome.passed());
        failed()
            .find(|(_, outcome)| !points_elsewhere(outcome))
            .or_else(|| failed().next())
            .map(|(check, outcome)| (*check, *outcome))
    }
}

/// Whether `outcome` is a failure whose hint only points at another check
/// ("this follows from …"): read from the typed field the failure
/// carries, never from its words.
fn points_elsewhere(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Failed(failure) if failure.shown_by.is_some())
}

/// What a failing check prints: the exercise and the check's title, then
/// the outcome's message. The trial's failure and the summary's next step
/// both read this.
pub fn failure_message(check: &Check, outcome: &Outcome) -> String {
    format!("{}: {}\n{outcome}", check.exercise, check.title)
}

/// The closing summary of a run of `crate_name`'s checks: `outcomes[i]` is
/// how `checks[i]` went, or `None` if it did not run (filtered out, or an
/// ignored bonus check). Empty when no check ran.
///
/// When every lab check ran, it gives the lab's progress as a bar, one
/// line per exercise in the lab's order, a line for the bonus exercises,
/// which never count, and the next step: the first exercise not done, with
/// its first failing check's message in full. When a filter left some lab
/// checks out, it says so and speaks only of the checks that ran.
pub fn summary(crate_name: &str, checks: &[Check], outcomes: &[Option<Outcome>]) -> String {
    let exercises = exercises(checks, outcomes);
    let (lab, bonus): (Vec<&Exercise>, Vec<&Exercise>) =
        exercises.iter().partition(|exercise| !exercise.bonus);
    let lab_checks: usize = lab.iter().map(|e| e.checks).sum();
    let lab_ran: usize = lab.iter().map(|e| e.ran.len()).sum();
    let bonus_ran: usize = bonus.iter().map(|e| e.ran.len()).sum();
    if lab_ran == 0 && bonus_ran == 0 {
        return String::new();
    }
    let whole_lab = lab_ran == lab_checks;
    let width = exercises.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let mut out = String::new();

    if lab_ran > 0 {
        let done = lab
            .iter()
            .filter(|e| e.standing() == Some(Standing::Done))
            .count();
        if whole_lab {
            let filled = (BAR_WIDTH * done).div_ceil(lab.len().max(1));
            let _ = writeln!(
                out,
                "{LAB}: {done} of {} exercises done  [{}{}]",
                lab.len(),
                "█".repeat(filled),
                "░".repeat(BAR_WIDTH - filled)
            );
        } else {
            let _ = writeln!(
                out,
                "{LAB}, filtered: {lab_ran} of its {lab_checks} checks ran, so this speaks of \
                 those alone"
            );
        }
        for exercise in lab.iter().filter(|e| !e.ran.is_empty()) {
            let _ = writeln!(
                out,
                "  {} {:<width$}  {}",
                exercise.mark(),
                exercise.name,
                exercise.status(exercise.ran.len() == exercise.checks),
            );
        }
    }
    if bonus_ran == 0 {
        if lab_ran > 0 && whole_lab {
            let _ = writeln!(
                out,
                "  bonus, not counted: not run (`cargo test -p {crate_name} -- --ignored bonus`)"
            );
        }
    } else {
        let parts: Vec<String> = bonus
            .iter()
            .filter(|e| !e.ran.is_empty())
            .map(|e| match e.standing() {
                Some(Standing::Done) => format!("{} {}", e.mark(), e.name),
                _ => format!(
                    "{} {}: {}",
                    e.mark(),
                    e.name,
                    e.status(e.ran.len() == e.checks)
                ),
            })
            .collect();
        let _ = writeln!(out, "  bonus, not counted: {}", parts.join(", "));
    }

    out.push('\n');
    match unfinished(&lab).or_else(|| unfinished(&bonus)) {
        Some((name, bonus, (check, outcome))) => {
            let _ = writeln!(out, "Next: {name}, in {}", file(crate_name, name, bonus));
            let _ = writeln!(out, "{}", next_step(check, outcome));
        }
        None if lab_ran > 0 && whole_lab => {
            let _ = writeln!(
                out,
                "The lab is complete: all {lab_checks} checks of its {} exercises pass.",
                lab.len()
            );
        }
        None => {
            let _ = writeln!(out, "Every check that ran passes.");
        }
    }
    out
}

/// The exercises of a run, in the registry's order, each with the
/// outcomes of its checks that ran.
fn exercises<'a>(checks: &'a [Check], outcomes: &'a [Option<Outcome>]) -> Vec<Exercise<'a>> {
    assert_eq!(checks.len(), outcomes.len(), "one outcome per check");
    let mut exercises: Vec<Exercise> = Vec::new();
    for (check, outcome) in checks.iter().zip(outcomes) {
        let exercise = match exercises.iter_mut().find(|e| e.name == check.exercise) {
            Some(exercise) => exercise,
            None => {
                exercises.push(Exercise {
                    name: check.exercise,
                    bonus: check.kind == Kind::Bonus,
                    ran: Vec::new(),
                    checks: 0,
                });
                exercises.last_mut().expect("just pushed")
            }
        };
        exercise.checks += 1;
        if let Some(outcome) = outcome {
            exercise.ran.push((check, outcome));
        }
    }
    exercises
}

/// Where the student writes exercise `name`, from the workspace's root.
fn file(crate_name: &str, name: &str, bonus: bool) -> String {
    let folder = if bonus { "src/extensions" } else { "src" };
    format!("{crate_name}/{folder}/{name}.rs")
}

/// The next step's check, and its message in full.
fn next_step(check: &Check, outcome: &Outcome) -> String {
    format!(
        "{}: {}\n{}",
        check_name(check),
        check.title,
        outcome.to_string().trim_end()
    )
}

/// The environment variable that asks the harness to write the run's
/// [`standings`] to a file, as `watch` does to answer its keys.
pub const STANDINGS_FILE: &str = "GRADING_STANDINGS";

/// The run's standings for a program, not a person: `watch` reads them to
/// list the exercises (its key `l`), name the next file (`n`) and show the
/// next step's hint (`h`) without parsing the summary's prose.
///
/// Tab-separated lines: `exercise`, then the mark, name, standing and
/// file of each lab exercise, in the lab's order (one a filter left out
/// reads "not run"); then `next`,
/// the name and file of the next exercise, followed by the next step's
/// check and message in full on the lines after it. `next` is missing
/// when every check that ran passes.
pub fn standings(crate_name: &str, checks: &[Check], outcomes: &[Option<Outcome>]) -> String {
    let exercises = exercises(checks, outcomes);
    let (lab, bonus): (Vec<&Exercise>, Vec<&Exercise>) =
        exercises.iter().partition(|exercise| !exercise.bonus);
    let mut out = String::new();
    for exercise in &lab {
        let _ = writeln!(
            out,
            "exercise\t{}\t{}\t{}\t{}",
            exercise.mark(),
            exercise.name,
            exercise.status(exercise.ran.len() == exercise.checks),
            file(crate_name, exercise.name, false),
        );
    }
    if let Some((name, bonus, (check, outcome))) = unfinished(&lab).or_else(|| unfinished(&bonus)) {
        let _ = writeln!(out, "next\t{name}\t{}", file(crate_name, name, bonus));
        let _ = writeln!(out, "{}", next_step(check, outcome));
    }
    out
}

/// The first exercise of `group` not done, its name, whether it is a
/// bonus one, and the check to read first.
fn unfinished<'a>(
    group: &[&Exercise<'a>],
) -> Option<(&'static str, bool, (&'a Check, &'a Outcome))> {
    group
        .iter()
        .find(|e| !matches!(e.standing(), Some(Standing::Done) | None))
        .and_then(|e| e.first_failure().map(|failure| (e.name, e.bonus, failure)))
}

/// The name a check has as a test: `exercise::check`, and
/// `bonus::exercise::check` for the bonus ones.
pub fn check_name(check: &Check) -> String {
    match check.kind {
        Kind::Bonus => format!("bonus::{}", check.path()),
        Kind::Property | Kind::LabSteps => check.path(),
    }
}
