//! The build wing: from a class's files to one executable image per
//! submission, handed on as a [`compile::Built`] batch: its images, and
//! each submission's [`compile::Compiled`] fate (its crate, or why it has
//! none, a [`failure::BuildFailure`]).
//!
//! `discover` finds the submissions (loose exercise files become one
//! through `upload`), named by `ids`, with `nesting` bounding what a
//! parser meets in them; `refuse` turns away source a submission may not
//! hold, the constructs of `refused_constructs`; `compile` puts the stages
//! in order: `wrappers` adds the exercises' entry points, `repair` stubs
//! out the functions that do not compile, `pack` puts several submissions
//! in one crate and `packs` builds them and evicts their faulty members,
//! `lone_crates` compiles and repairs the rest one crate each,
//! `workspace` writes the generated crates, `cargo` runs cargo,
//! `cargo_output` reads what it says within bounds and `diagnostic` types
//! it, `dep_info` reads what rustc says it read, `build_view` hides from
//! the build what a submission must not read, `compile_limit` puts each
//! rustc behind the compile's wall under the rubric's `[build]` limits,
//! `images` and `link` make one executable per submission, and `failure`
//! says why a submission has none.
//!
//! Packing and the replayed link are the fast path; the rubric's `[build]
//! path = "plain"` takes the plain one instead, every crate built alone
//! and each image a binary of its own that cargo builds (`plain_images`).
//! `compile` chooses between them in one place, and a class graded both
//! ways gets the same bytes (`grade_cli`'s `build_paths`).

// The façade: only the modules other wings name are `pub(crate)`
// (cargo::release_dir, compile::{build, Built, Compiled, Broken},
// discover::{discover, Submission}, failure::BuildFailure,
// nesting::PARSER_STACK); the rest are the wing's own. The batch hands
// each submission over already joined with its fate and its image's
// path: no other wing looks anything up in the build's maps.
mod build_view;
pub(crate) mod cargo;
mod cargo_output;
pub(crate) mod compile;
mod compile_limit;
mod dep_info;
mod diagnostic;
pub(crate) mod discover;
pub(crate) mod failure;
mod ids;
mod images;
mod link;
mod lone_crates;
pub(crate) mod nesting;
mod pack;
mod packs;
mod plain_images;
mod refuse;
mod refused_constructs;
mod repair;
mod upload;
mod workspace;
mod wrappers;
