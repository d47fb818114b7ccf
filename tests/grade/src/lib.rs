//! The `grade` command: grade a class of submissions safely, quickly and
//! reproducibly. See `grade --help` and the instructors' chapter.
//!
//! `grade` is four wings, each a folder with one job that hands one typed
//! value to the next (`results` is the value between run and report),
//! over a floor of nouns they all use:
//!
//! ```text
//! machine, rubric, terminal, cli   the floor: this machine, the rubric, escaping, the options
//! build     discover → refuse → pack → cargo → link   ⇒ build::compile::Built (a built batch)
//! results   the value run hands report: Graded, its words (Markdown or plain),
//!           results.json and the CSV rendered from it, the --out gradebook
//! run       zygotes, workers, schedule, scores        ⇒ results::graded::Graded per submission
//! report    table, class report, feedback pages, charts, printing: renderers of Graded
//! classroom assign: the student repository, its workflow, the autograder zip
//! grader    the command `cli` defines: runs the wings in order, with its session, progress and watch
//! ```
//!
//! The layering, lowest first, is the order of the `mod` lines below: a
//! module imports only its own layer and lower ones, never a later wing,
//! and no two modules import each other. CI checks both by reading every
//! `use` (`cargo run -p import-graph`, which also fails when its table of
//! grade's layers and these lines disagree); it finds none.
//!
//! What a submission wrote reaches no one raw: `results::markdown` makes it
//! inert Markdown (`results::messages` composes each report's words from
//! the typed record, in Markdown or in plain text), `terminal` escapes its control characters in whatever
//! `grade` prints, `results::csv_row` keeps a formula out of the
//! gradebook, and the pages are maud templates, which escape by
//! construction.

// The sandbox needs Linux namespaces; elsewhere `grade` says so and stops.
#![cfg(target_os = "linux")]

// The floor.
mod cli;
mod machine;
mod rubric;
mod terminal;

// The wings, in the order a run goes through them (one comment each, so
// that rustfmt keeps this order rather than sorting them).
// Submissions to a built batch.
mod build;
// The value a run hands its reports.
mod results;
// The built batch's checks, in the sandbox.
mod run;
// What people read.
mod report;
// What an instructor hands out.
mod classroom;

// The command.
mod grader;

pub use grader::*;
pub use terminal::escape_controls;
