//! The classroom wing: what an instructor hands out rather than grades.
//! `assign` makes a class's student repository and Gradescope autograder
//! zip, `workflow` its GitHub Classroom workflow, and `edited_checks`
//! finds the clones whose checks were edited.

pub mod assign;
pub mod edited_checks;
pub mod edition_manifest;
pub mod workflow;
