//! The machine `grade` was built on: the instructor's workspace it was
//! built from and the target rustc builds for. The build wing and the
//! classroom wing both need them, so they live below both.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

/// The instructor's workspace, which this crate was built from.
pub fn workspace_root() -> PathBuf {
    // This crate is tests/grade.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .nth(2)
        .unwrap_or(Path::new("/"))
        .to_path_buf()
}

/// The target this machine builds for, as rustc names it.
pub fn host_target() -> anyhow::Result<String> {
    let output = Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .args(["--print", "host-tuple"])
        .output()
        .context("cannot run rustc")?;
    if !output.status.success() {
        bail!(
            "rustc --print host-tuple failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8(output.stdout)?.trim().to_string())
}
