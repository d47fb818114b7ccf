//! The `grade` command: grade a class of submissions safely, quickly and
//! reproducibly. See `grade --help` and the instructors' chapter.

#[cfg(feature = "suite")]
mod compile;
#[cfg(feature = "suite")]
mod discover;
#[cfg(feature = "suite")]
mod grader;
mod limits;
mod protocol;
#[cfg(feature = "suite")]
mod refuse;
#[cfg(feature = "suite")]
mod remote;
#[cfg(feature = "suite")]
mod report;
#[cfg(feature = "suite")]
mod rubric;
#[cfg(feature = "suite")]
mod sandbox;
mod serve;

pub use limits::Limits;
pub use serve::{Table, main as serve_main};

#[cfg(feature = "suite")]
pub use grader::*;
