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

pub mod build_view;
pub mod cargo;
pub mod cargo_output;
pub mod compile;
pub mod compile_limit;
pub mod dep_info;
pub mod diagnostic;
pub mod discover;
pub mod failure;
pub mod ids;
pub mod images;
pub mod link;
pub mod lone_crates;
pub mod nesting;
pub mod pack;
pub mod packs;
pub mod refuse;
pub mod refused_constructs;
pub mod repair;
pub mod upload;
pub mod workspace;
pub mod wrappers;
