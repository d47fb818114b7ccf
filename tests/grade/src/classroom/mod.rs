//! The classroom wing: what an instructor hands out rather than grades.
//! `assign` makes a class's student repository and Gradescope autograder
//! zip, `workflow` its GitHub Classroom workflow, and `edited_checks`
//! finds the clones whose checks were edited.

// The façade: assign and edited_checks, which the command calls.
pub(crate) mod assign;
pub(crate) mod edited_checks;
mod edition_manifest;
mod workflow;
