//! The build's view: what cargo, rustc and the linker may read and write
//! while a batch compiles. rustc reads whatever files a submission's
//! source names, so the build is a submission's first chance to read what
//! it must not (the reference solutions, a classmate's folder, the
//! grader's keys). `grade`'s scan and its dep-info check stop the ways a
//! source can name a file; this is the wall behind them.
//!
//! `grade` runs cargo as `grade __build-view cargo …`: this process
//! restricts itself with Landlock to a [`BuildView`], then executes cargo,
//! whose every descendant inherits the restriction. It works the same with
//! or without namespaces (Landlock needs no privilege), so it holds on a
//! laptop or in a container where namespaces are refused. Where a mount
//! namespace exists, this process also covers the workspace's answers
//! inside it first ([`BuildView::hide`]): Landlock refuses mounts to the
//! processes it restricts, so it comes after.

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::Exit;

/// The hidden `grade` subcommand that runs a command in a [`BuildView`].
pub const BUILD_VIEW_COMMAND: &str = "__build-view";

/// The environment variable that carries the [`BuildView`], as JSON. It is
/// removed before the command runs.
pub const BUILD_VIEW_VARIABLE: &str = "GRADE_BUILD_VIEW";

/// What a build may touch, beyond the system's folders (which it may read
/// and execute, not write).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildView {
    /// Folders and files it may read and execute: the toolchain, and the
    /// sources the generated workspace depends on.
    pub read: Vec<PathBuf>,
    /// Folders it may also write: the generated workspace and its target
    /// folder, cargo's home (its locks and caches), its temporary folder.
    pub write: Vec<PathBuf>,
    /// Paths to cover before anything else, each folder with an empty
    /// read-only one and each file with `/dev/null`: the answers a build
    /// must not read, where `grade` gave cargo a mount namespace of its own
    /// ([`crate::namespaces`]). Empty without one: a mount here would cover the
    /// machine's own paths.
    #[serde(default)]
    pub hide: Vec<PathBuf>,
}

/// System folders a compiler and linker need, read and executed: their
/// programs, libraries, and `/etc` (the loader's cache, the C compiler's
/// configuration). `/proc` and `/sys` for the machine's CPUs; through
/// `/proc`, another process's root still resolves to paths this view does
/// not hold, so it shows nothing more.
const SYSTEM_FOLDERS: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/proc", "/sys",
];

/// Devices the build writes to: `/dev/null` for the compiler driver's
/// probes, `/dev/tty` never.
const DEVICES: &[&str] = &["/dev/null", "/dev/zero", "/dev/full", "/dev/urandom"];

impl BuildView {
    /// Covers each of [`BuildView::hide`] in this process's mount
    /// namespace, which must be one of its own. A mount each, in this
    /// process: a shell that ran `mount` for each path cost about 1 ms a
    /// path, 0.23 s of a typical class's build before cargo started.
    pub fn hide_paths(&self) -> anyhow::Result<()> {
        use nix::mount::{MsFlags, mount};
        for path in &self.hide {
            let covered = if path.is_dir() {
                mount(
                    Some("tmpfs"),
                    path,
                    Some("tmpfs"),
                    MsFlags::MS_RDONLY,
                    Some("size=4k,mode=555"),
                )
            } else if path.exists() {
                mount(
                    Some("/dev/null"),
                    path,
                    None::<&str>,
                    MsFlags::MS_BIND,
                    None::<&str>,
                )
            } else {
                Ok(())
            };
            covered.with_context(|| format!("could not hide {} from the build", path.display()))?;
        }
        Ok(())
    }

    /// Restricts the calling thread, and every process it starts from now
    /// on, to this view. `Ok(false)` where the kernel has no Landlock: then
    /// the scan and the dep-info check stand alone, as `grade`'s setting
    /// line says.
    pub fn restrict_self(&self) -> anyhow::Result<bool> {
        use landlock::{
            ABI, Access, AccessFs, Ruleset, RulesetAttr, RulesetCreatedAttr, RulesetStatus,
            path_beneath_rules,
        };
        let abi = ABI::V6;
        let read = AccessFs::from_read(abi);
        let all = AccessFs::from_all(abi);
        let existing = |paths: &mut dyn Iterator<Item = PathBuf>| -> Vec<PathBuf> {
            paths.filter(|path| path.exists()).collect()
        };
        let readable = existing(
            &mut SYSTEM_FOLDERS
                .iter()
                .map(PathBuf::from)
                .chain(self.read.iter().cloned()),
        );
        let writable = existing(
            &mut DEVICES
                .iter()
                .map(PathBuf::from)
                .chain(self.write.iter().cloned()),
        );
        let status = Ruleset::default()
            .handle_access(all)?
            .create()?
            .add_rules(path_beneath_rules(&readable, read))?
            .add_rules(path_beneath_rules(&writable, all))?
            .restrict_self()?;
        Ok(status.ruleset != RulesetStatus::NotEnforced)
    }
}

/// The entry point of `grade __build-view <program> <arguments>…`: the view
/// from [`BUILD_VIEW_VARIABLE`], then `program`. Returns only on failure.
pub fn build_view_main(arguments: &[OsString]) -> ExitCode {
    let Some((program, rest)) = arguments.split_first() else {
        eprintln!("usage: grade {BUILD_VIEW_COMMAND} <program> [arguments]…");
        return Exit::Usage.into();
    };
    let run = || -> anyhow::Result<std::io::Error> {
        let text = std::env::var(BUILD_VIEW_VARIABLE)
            .with_context(|| format!("{BUILD_VIEW_VARIABLE} is not set"))?;
        let view: BuildView = serde_json::from_str(&text)
            .with_context(|| format!("{BUILD_VIEW_VARIABLE} is not valid"))?;
        // Before Landlock, which refuses mounts to what it restricts.
        view.hide_paths()?;
        view.restrict_self()
            .context("restricting the build with Landlock")?;
        Ok(Command::new(program)
            .args(rest)
            .env_remove(BUILD_VIEW_VARIABLE)
            .exec())
    };
    match run() {
        Ok(error) => eprintln!(
            "grade: could not run {}: {error}",
            Path::new(program).display()
        ),
        Err(error) => eprintln!("grade: {error:#}"),
    }
    Exit::BuildViewFailed.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a child of its own, in a mount namespace of its own (as root):
    /// each hidden path is empty, a folder's files gone and a file's text
    /// gone, while outside the namespace both are still there.
    #[test]
    #[ignore = "needs root: .ci/run runs it as root (cargo test -- --include-ignored)"]
    fn hidden_paths_are_empty_inside_and_untouched_outside() {
        use nix::mount::{MsFlags, mount};
        use nix::sched::{CloneFlags, unshare};
        assert!(
            nix::unistd::Uid::effective().is_root(),
            "needs root, for a mount namespace to hide paths in"
        );
        let secret = tempfile::tempdir().unwrap();
        std::fs::write(secret.path().join("answer.rs"), "pub fn flip() {}").unwrap();
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), "the key").unwrap();
        let view = BuildView {
            hide: vec![
                secret.path().to_path_buf(),
                file.path().to_path_buf(),
                secret.path().join("absent"),
            ],
            ..BuildView::default()
        };
        let check = || -> anyhow::Result<bool> {
            unshare(CloneFlags::CLONE_NEWNS)?;
            mount(
                None::<&str>,
                "/",
                None::<&str>,
                MsFlags::MS_REC | MsFlags::MS_PRIVATE,
                None::<&str>,
            )?;
            view.hide_paths()?;
            let folder_empty = std::fs::read_dir(secret.path())?.next().is_none();
            let file_empty = std::fs::read(file.path())?.is_empty();
            Ok(folder_empty && file_empty)
        };
        #[allow(unsafe_code)]
        // SAFETY: the child only unshares, mounts, reads and exits.
        match unsafe { nix::unistd::fork() }.unwrap() {
            nix::unistd::ForkResult::Child => {
                let code = if matches!(check(), Ok(true)) { 0 } else { 1 };
                #[allow(unsafe_code)]
                // SAFETY: _exit only ends the process.
                unsafe {
                    nix::libc::_exit(code)
                }
            }
            nix::unistd::ForkResult::Parent { child } => {
                let status = nix::sys::wait::waitpid(child, None).unwrap();
                assert_eq!(status, nix::sys::wait::WaitStatus::Exited(child, 0));
            }
        }
        assert!(secret.path().join("answer.rs").exists());
        assert_eq!(std::fs::read(file.path()).unwrap(), b"the key");
    }

    /// In a thread of its own (Landlock binds the calling thread and what
    /// it starts): a process started under the view reads the files it
    /// holds and not one beside them.
    ///
    /// Needs Landlock (Linux 5.13 on, and a container that lets it
    /// through): a plain `cargo test` reports it ignored, and run where
    /// Landlock is missing it fails rather than pass unproved.
    #[test]
    #[ignore = "needs Landlock: .ci/run runs it (cargo test -- --include-ignored)"]
    fn a_build_reads_only_what_its_view_holds() {
        assert!(
            crate::view::landlock_available(),
            "needs Landlock, which this kernel or container does not offer"
        );
        let inside = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(inside.path().join("mine.rs"), "mine").unwrap();
        std::fs::write(outside.path().join("answer.rs"), "answer").unwrap();
        let view = BuildView {
            write: vec![inside.path().to_path_buf()],
            ..BuildView::default()
        };
        let (mine, answer) = std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    assert!(view.restrict_self().unwrap());
                    let cat = |path: PathBuf| Command::new("cat").arg(path).output().unwrap();
                    (
                        cat(inside.path().join("mine.rs")),
                        cat(outside.path().join("answer.rs")),
                    )
                })
                .join()
                .unwrap()
        });
        assert_eq!(mine.stdout, b"mine");
        assert!(!answer.status.success(), "{answer:?}");
        assert!(answer.stdout.is_empty());
    }
}
