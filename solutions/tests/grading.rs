//! The grading suite, run against this crate: the reference, the one
//! implementation whose outputs may re-pin the checks' own snapshots
//! (`INSTA_UPDATE=always cargo test -p solutions --test grading`).

grading::grading_suite!(solutions, repins snapshots);
