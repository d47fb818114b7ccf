//! The `grade` command: grade a class of submissions safely, quickly and
//! reproducibly. See `grade --help` and the instructors' chapter.
//!
//! Each module does one step: [`discover`] finds the submissions, `refuse`
//! and `compile` build them, `pack` several to a crate, `link` and `images`
//! make one executable per submission, `sandbox` starts a zygote per
//! submission (`grade` itself, from the `grade-sandbox` crate, holding no
//! student code) that runs each check in fresh, locked-down processes which
//! only then execute the image; `remote` talks to them, `rubric` weighs the
//! checks and `report` writes the results, `table` for people (with
//! `class_summary`'s closing lines for a class), and `printing` puts them
//! on stdout. `discover` reads loose exercise files as one submission
//! through `upload`. `assign` makes a class's student
//! repository and Gradescope autograder, and `classroom` its GitHub
//! Classroom workflow and the check for clones whose checks were edited.
//!
//! `grader` runs those steps for the command that `cli` defines: `cache`
//! says which grades in `--out` are current and `gradebook` writes them
//! there, each file whole or not at all (`output_file`), `workers` run the
//! checks, `schedule` chooses which of a chain's checks run, `scores` turns
//! outcomes into points, `timings` measures the sandbox's cost, `watch`
//! waits for a source to change, `progress` says how far a run has got,
//! and `interrupt` stops a run cleanly on Ctrl-C or SIGTERM, ending what
//! it started (`descendants`). The sandbox is three parts: `setting` finds
//! and describes it, `zygote_client` starts and stops a submission's
//! zygote, and `check_process` talks to one check's process.
//!
//! Building has rooms of its own: `compile` puts the steps in order,
//! `wrappers` adds the exercises' entry points to each submission, `repair`
//! stubs out the functions that do not compile, `packs` builds packs and
//! evicts their faulty members, `workspace` writes the generated crates,
//! `cargo` runs cargo, `diagnostic` reads what it says, `dep_info` reads
//! what rustc says it read, `build_view` hides from the build what a
//! submission must not read, and `compile_limit` puts each rustc behind
//! the compile's wall (`grade_sandbox::compile`) under the rubric's
//! `[build]` limits.
//!
//! The class report is written after grading: `mistakes` collects each
//! submission's diagnosed mistakes, `class_report` and `feedback_page` make
//! the class's page and each submission's, `pages` writes them into
//! `--out`, from `html`'s pieces, `charts` and `heatmaps`; `markdown` turns
//! results.json's messages into HTML, and into plain text for the terminal.
//! What a submission wrote reaches no one raw: `markdown` makes it inert
//! Markdown, `terminal` escapes its control characters in whatever `grade`
//! prints, and `csv_row` keeps a formula out of the gradebook.

// The sandbox needs Linux namespaces; elsewhere `grade` says so and stops.
#![cfg(target_os = "linux")]

mod assign;
mod build_view;
mod cache;
mod cargo;
mod charts;
mod check_process;
mod class_report;
mod class_summary;
mod classroom;
mod cli;
mod compile;
mod compile_limit;
mod csv_row;
mod dep_info;
mod descendants;
mod diagnostic;
mod discover;
mod feedback_page;
mod gradebook;
mod grader;
mod heatmaps;
mod html;
mod images;
mod interrupt;
mod link;
mod markdown;
pub mod mistakes;
mod output_file;
mod pack;
mod packs;
mod pages;
mod printing;
mod progress;
mod refuse;
mod remote;
mod repair;
mod report;
mod rubric;
mod sandbox;
mod schedule;
mod scores;
mod setting;
mod table;
mod terminal;
mod timings;
mod upload;
mod watch;
mod workers;
mod workspace;
mod wrappers;
mod zygote_client;

pub use grader::*;
pub use terminal::escape_controls;
