//! Reads a crate's module graph from its source, `use crate::…`,
//! `super::…` and every path in its code and macros, and finds the loops
//! in it and the imports that run from a lower layer up to a higher one.
//! CI runs it on every shipped crate (`cargo run -p import-graph`), and
//! on the workspace's crates themselves: `crates` finds a member whose
//! dev-dependencies lead back to it, which cargo allows.
//!
//! Layers: `modules` finds the files, `references` reads what each names,
//! `graph` joins them and searches; `main.rs` says which crates and layers.

mod crates;
mod graph;
mod modules;
mod references;

pub use crates::CrateGraph;
pub use graph::ImportGraph;
pub use modules::{ModulePath, declared_modules};

use std::path::PathBuf;

/// Why a crate's graph could not be read.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot parse {path}")]
    Parse { path: PathBuf, source: syn::Error },
    #[error("module {module} is declared but has no file in {near}")]
    MissingModule { module: String, near: PathBuf },
    #[error(
        "module {module} is in no layer: add it to the crate's layers in import-graph's main.rs"
    )]
    Unlayered { module: String },
}

/// `crate::a::b`, for messages.
pub fn display(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        format!("crate::{}", module.join("::"))
    }
}
