//! The whole value a run hands its reports: the class's grades and what
//! comparing its code found.

use crate::results::graded::Graded;
use crate::results::similar::Similar;

/// A class as a run leaves it: every submission's grade, sorted by id,
/// and what comparing their code found (`None` when it was not compared:
/// `--similarity off`, or fewer than two submissions).
#[derive(Debug, Clone)]
pub(crate) struct Class {
    pub(crate) graded: Vec<Graded>,
    pub(crate) similar: Option<Similar>,
}
