//! The grading suite, run against this crate.

grading::grading_suite!(exercises);
