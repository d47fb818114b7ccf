//! The exercises of Activity 3, "Shuffling the Cards in a Deck", declared
//! once, and what every grader needs to call them.
//!
//! * [`with_exercises!`] is the one list of the exercises: names, shapes
//!   (which fix the signatures), summaries and checks.
//! * [`Implementation`] holds one crate's functions, one per exercise, and
//!   [`implementation!`] builds it from a crate's paths.
//! * [`Request`] and [`Response`] are one call and its answer, in this
//!   process or across a pipe to a sandboxed child; [`Functions`] is
//!   whatever answers them, and its typed calls (`f.flip().call(…)`) are
//!   what the checks use.
//! * [`CheckRng`], [`ScriptedRng`] and [`WordList`] are the random sources
//!   the checks hand to a student's functions.
//!
//! One file per job: `registry` (the list, and the one reader of its
//! grammar), `expansion` (everything the list expands to, this crate's
//! and `grading`'s, in one expansion), `shapes` (a signature each, as
//! types), `shape_source` (the same as Rust source), `implementation`
//! ([`implementation!`]), `exercise` (what is known of an exercise), `call`
//! (the typed calls), `observer` (how each call is watched), and the random
//! sources `check_rng`, `scripted` and `word_list`.
//!
//! The grading suite (`grading`), the `grade` command and the sandboxed
//! child all build on this crate, which is small so the child links fast.

mod call;
mod check_rng;
mod exercise;
mod expansion;
mod implementation;
mod observer;
mod panics;
mod registry;
mod scripted;
mod shape_source;
pub mod shapes;
mod word_list;

pub use call::Caller;
pub use check_rng::CheckRng;
pub use exercise::Exercise;
pub use expansion::{
    BONUS_EXERCISES, EXERCISES, Functions, Implementation, LAB_EXERCISES, Request, Response,
};
pub use observer::{CallInput, Observer, Unobserved};
pub use panics::{DidNotCompile, OverBudget, Panic, cut_text, is_todo, panic_message};
pub use scripted::ScriptedRng;
pub use word_list::WordList;

#[doc(hidden)]
pub use expansion::__not_yet;
#[doc(hidden)]
pub use rand;

/// The seeded generator behind every property check. PCG's output for a
/// given seed is fixed by `rand_pcg`, unlike `StdRng` or `SmallRng`.
pub fn seeded(seed: u64) -> rand_pcg::Pcg64 {
    use rand::SeedableRng;
    rand_pcg::Pcg64::seed_from_u64(seed)
}
