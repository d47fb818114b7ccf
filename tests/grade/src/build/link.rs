//! Linking the images: rustc links one template, and `grade` replays its
//! linker command once per image.
//!
//! Why not a binary per submission, built by cargo: each one cost a rustc
//! process (0.10 s of start-up and metadata loading) before its 0.06 s of
//! linking, 8 s for a class of 100 on 2 cores. Every image's link line is
//! the same but for two things, so rustc now writes it once:
//!
//! * the template is the `image` binary of the generated `grade-images`
//!   package, whose `main` serves [`grade_serve::LINKED_SUBMISSION`], a
//!   symbol no code defines. Its link binds that symbol to its own `main`
//!   with `--defsym` (the template is never run) and records the command
//!   with `--print link-args`;
//! * each image replays that command with its own output and its own
//!   `--defsym`, bound to its submission's `__grading::image` function, and
//!   without the archives of every other generated crate. The linker then
//!   pulls in that function and what it reaches, and nothing of a
//!   classmate: [`crate::build::images::foreign_code`] still checks each image.
//!
//! A template that does not link (a native library a submission asked
//! for, under the test switch) is retried one generated crate at a time,
//! so that only that crate's submissions lose their images.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, bail};
use object::read::archive::ArchiveFile;

use crate::machine::process_group;

/// The template's binary in the generated images package.
pub const TEMPLATE_BIN: &str = "image";

/// The template's own binding: its `main`, since it is never run.
pub fn template_binding() -> String {
    format!("-Wl,--defsym={}=main", grade_serve::LINKED_SUBMISSION)
}

/// The rustc arguments of the template's link: record the linker command
/// in `args_file` and keep the objects it names until they are copied.
pub fn template_rustc_args(args_file: &Path) -> Vec<String> {
    vec![
        "-C".into(),
        "save-temps".into(),
        "-C".into(),
        format!("link-arg={}", template_binding()),
        "--print".into(),
        format!("link-args={}", args_file.display()),
    ]
}

/// A recorded linker command, with its objects copied out of rustc's
/// temporary folder into `keep`.
#[derive(Debug, Clone)]
pub struct Template {
    env: Environment,
    program: String,
    args: Vec<String>,
}

impl Template {
    /// Reads the command rustc recorded in `args_file` and copies each
    /// object it names into `keep`, out of rustc's temporary files (which
    /// [`remove_leftovers`] then removes).
    pub fn load(args_file: &Path, keep: &Path) -> anyhow::Result<Template> {
        let text = fs::read_to_string(args_file)
            .with_context(|| format!("reading the template's link line {}", args_file.display()))?;
        let (env, mut words) = parse_command(&text)?;
        anyhow::ensure!(!words.is_empty(), "the template's link line is empty");
        let program = words.remove(0);
        if keep.exists() {
            fs::remove_dir_all(keep)?;
        }
        fs::create_dir_all(keep)?;
        let mut args = Vec::with_capacity(words.len());
        let mut words = words.into_iter().enumerate().peekable();
        while let Some((index, word)) = words.next() {
            let path = Path::new(&word);
            if word.ends_with(".o") && path.is_file() {
                let name = path.file_name().context("an object without a name")?;
                let copy = keep.join(format!("{index}-{}", name.to_string_lossy()));
                fs::copy(path, &copy).with_context(|| format!("copying {word}"))?;
                args.push(copy.to_string_lossy().into_owned());
            } else if word == "-L"
                && words
                    .peek()
                    .is_some_and(|(_, next)| next.ends_with("/raw-dylibs"))
            {
                // rustc's folder of generated import libraries: empty
                // for an ELF target, and removed with its temporaries.
                words.next();
            } else {
                args.push(word);
            }
        }
        Ok(Template { env, program, args })
    }

    /// The archive of generated crate `krate` on the link line.
    fn rlib_of(&self, krate: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|arg| is_rlib_of(arg, krate))
            .map(String::as_str)
    }

    /// The command that links a submission of crate `krate` into `output`:
    /// the template's, without the archives of the other generated crates
    /// in `generated`, bound to `symbol`.
    fn command(&self, krate: &str, generated: &[String], symbol: &str, output: &Path) -> Command {
        let binding = template_binding();
        let mut command = Command::new(&self.program);
        command.envs(self.env.iter().map(|(k, v)| (k, v)));
        let mut args = self.args.iter();
        while let Some(arg) = args.next() {
            if *arg == binding {
                continue;
            }
            if generated
                .iter()
                .any(|other| other != krate && is_rlib_of(arg, other))
            {
                continue;
            }
            command.arg(arg);
            if arg == "-o" {
                args.next();
                command.arg(output);
            }
        }
        command.arg(format!(
            "-Wl,--defsym={}={symbol}",
            grade_serve::LINKED_SUBMISSION
        ));
        // Two links at a time on two cores: lld's own threads only add
        // switching (measured 0.031 s an image with one, 0.043 s without).
        if self.args.iter().any(|arg| arg == "-fuse-ld=lld") {
            command.arg("-Wl,--threads=1");
        }
        // The linker's heap in huge pages, where its C library is glibc
        // (2.35 on; others ignore the variable): a third fewer page
        // faults, 31.4 to 26.6 ms of CPU a link, 40 links at two at a time
        // 0.84 to 0.73 s. The image it writes is the same.
        command.env("GLIBC_TUNABLES", glibc_tunables());
        command
    }
}

/// The `GLIBC_TUNABLES` of a link: the grader's own, if any, and the
/// linker's heap in transparent huge pages.
fn glibc_tunables() -> std::ffi::OsString {
    const HUGE_PAGES: &str = "glibc.malloc.hugetlb=1";
    match std::env::var_os("GLIBC_TUNABLES") {
        Some(own) if !own.is_empty() => {
            let mut joined = own;
            joined.push(":");
            joined.push(HUGE_PAGES);
            joined
        }
        _ => HUGE_PAGES.into(),
    }
}

/// Removes what `-C save-temps` kept of the template's build in `deps`:
/// rustc's temporary folders and the template's intermediate files. The
/// template is rebuilt on every run, so none of them is needed again.
pub fn remove_leftovers(deps: &Path) {
    let Ok(entries) = fs::read_dir(deps) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let path = entry.path();
        if name.starts_with("rustc") && path.is_dir() {
            let _ = fs::remove_dir_all(&path);
        } else if name.starts_with(&format!("{TEMPLATE_BIN}-")) {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Whether `arg` is the archive of crate `krate`: `…/lib<krate>-<hash>.rlib`.
fn is_rlib_of(arg: &str, krate: &str) -> bool {
    Path::new(arg)
        .file_name()
        .and_then(|name| name.to_str())
        .and_then(|name| name.strip_prefix("lib"))
        .and_then(|name| name.strip_prefix(krate))
        .is_some_and(|rest| rest.starts_with('-') && rest.ends_with(".rlib"))
}

/// Why the template did not build: the compiler's or cargo's own words.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct TemplateFailed(pub String);

/// Why one image was not linked: the cause its submission's report gives.
#[derive(Debug, thiserror::Error)]
pub enum LinkFailed {
    /// No image of the batch (or of its crate) could link.
    #[error(transparent)]
    Template(TemplateFailed),
    #[error("the linker could not start: {0}")]
    LinkerNotStarted(std::io::Error),
    /// The linker's first error line.
    #[error("{0}")]
    Linker(String),
    /// The crate has no `__grading::image` function by this path.
    #[error("its crate defines no {0}")]
    NoEntry(String),
}

/// One image to link: its key (the output's name), its crate, and the
/// Rust path of its `__grading::image` function.
#[derive(Debug, Clone)]
pub struct Job {
    pub key: String,
    pub krate: String,
    pub entry: String,
}

/// Links every job of `jobs` with `template` into `out`, on `threads`
/// threads. Each image's outcome is its path, or the linker's first error.
pub fn link_all(
    template: &Template,
    jobs: &[Job],
    generated: &[String],
    out: &Path,
    threads: usize,
) -> anyhow::Result<BTreeMap<String, Result<PathBuf, LinkFailed>>> {
    fs::create_dir_all(out)?;
    let mut symbols: BTreeMap<&str, BTreeMap<String, String>> = BTreeMap::new();
    for job in jobs {
        if symbols.contains_key(job.krate.as_str()) {
            continue;
        }
        let rlib = template
            .rlib_of(&job.krate)
            .with_context(|| format!("the template's link line has no archive of {}", job.krate))?;
        symbols.insert(&job.krate, entry_symbols(Path::new(rlib))?);
    }
    let next = AtomicUsize::new(0);
    let outcomes = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let outcome = match symbols[job.krate.as_str()].get(&job.entry) {
                        Some(symbol) => {
                            let output = out.join(&job.key);
                            let command = template.command(&job.krate, generated, symbol, &output);
                            run_linker(command).map(|()| output)
                        }
                        None => Err(LinkFailed::NoEntry(job.entry.clone())),
                    };
                    outcomes
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(job.key.clone(), outcome);
                }
            });
        }
    });
    Ok(outcomes.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Runs one image's link: `Err` with the linker's first error line.
fn run_linker(mut command: Command) -> Result<(), LinkFailed> {
    let output = process_group::output(command.stdin(std::process::Stdio::null()))
        .map_err(LinkFailed::LinkerNotStarted)?;
    if output.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = stderr
        .lines()
        .find(|line| line.contains("error"))
        .or_else(|| stderr.lines().find(|line| !line.trim().is_empty()))
        .unwrap_or("the linker failed without a message");
    Err(LinkFailed::Linker(line.trim().to_string()))
}

/// Every `…::__grading::image` function an rlib defines: its Rust path
/// (without hash) to its symbol, read from the archive's symbol index.
fn entry_symbols(rlib: &Path) -> anyhow::Result<BTreeMap<String, String>> {
    let bytes = fs::read(rlib).with_context(|| format!("reading {}", rlib.display()))?;
    let archive = ArchiveFile::parse(&*bytes)
        .with_context(|| format!("reading the archive {}", rlib.display()))?;
    let index = archive
        .symbols()?
        .with_context(|| format!("{} has no symbol index", rlib.display()))?;
    let mut found = BTreeMap::new();
    for symbol in index {
        let name = String::from_utf8_lossy(symbol?.name()).into_owned();
        if let Ok(demangled) = rustc_demangle::try_demangle(&name) {
            let path = format!("{demangled:#}");
            if path.ends_with("::__grading::image") {
                found.insert(path, name);
            }
        }
    }
    Ok(found)
}

/// Environment variables a command is run with, by name.
type Environment = Vec<(String, String)>;

/// Splits the command rustc prints with `--print link-args`: environment
/// assignments `NAME="value"`, then the program and its arguments, each
/// in double quotes with Rust's string escapes.
fn parse_command(text: &str) -> anyhow::Result<(Environment, Vec<String>)> {
    let mut env = Vec::new();
    let mut words = Vec::new();
    let mut chars = text.trim_end().chars().peekable();
    loop {
        while chars.next_if_eq(&' ').is_some() {}
        if chars.peek().is_none() {
            break;
        }
        let mut name = String::new();
        while let Some(c) = chars.next_if(|&c| c != '"') {
            anyhow::ensure!(c != ' ', "an unquoted word in the link line: {name}");
            name.push(c);
        }
        anyhow::ensure!(
            chars.next() == Some('"'),
            "an unfinished word in the link line"
        );
        let mut value = String::new();
        loop {
            match chars.next() {
                None => bail!("an unterminated string in the link line"),
                Some('"') => break,
                Some('\\') => value.push(unescape(&mut chars)?),
                Some(c) => value.push(c),
            }
        }
        match name.strip_suffix('=') {
            Some(variable) if words.is_empty() => env.push((variable.to_string(), value)),
            None if name.is_empty() => words.push(value),
            _ => bail!("an unexpected word in the link line: {name}\"{value}\""),
        }
    }
    Ok((env, words))
}

/// The character after a backslash in a Rust string literal's escapes.
fn unescape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> anyhow::Result<char> {
    Ok(match chars.next() {
        Some('\\') => '\\',
        Some('"') => '"',
        Some('\'') => '\'',
        Some('n') => '\n',
        Some('t') => '\t',
        Some('r') => '\r',
        Some('0') => '\0',
        Some('u') => {
            anyhow::ensure!(
                chars.next() == Some('{'),
                "a bad \\u escape in the link line"
            );
            let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
            char::from_u32(u32::from_str_radix(&hex, 16)?).context("a bad \\u escape")?
        }
        // `\x..`: a path that is not UTF-8.
        other => bail!("an escape the link line cannot hold: \\{other:?}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_command_splits_into_environment_and_words() {
        let text =
            "LC_ALL=\"C\" PATH=\"/a b:/c\" \"cc\" \"-m64\" \"/x/lib\\\"q\\\\.rlib\" \"\\u{e9}\"\n";
        let (env, words) = parse_command(text).unwrap();
        assert_eq!(
            env,
            [
                ("LC_ALL".into(), "C".into()),
                ("PATH".into(), "/a b:/c".into())
            ]
        );
        assert_eq!(words, ["cc", "-m64", "/x/lib\"q\\.rlib", "é"]);
    }

    #[test]
    fn a_malformed_command_is_an_error_not_a_guess() {
        for bad in ["cc \"-m64\"", "\"cc\" X=\"1\"", "\"cc", "\"\\x80\""] {
            assert!(parse_command(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_rlib_is_known_by_its_crate_name_exactly() {
        assert!(is_rlib_of("/t/deps/libp01-abc.rlib", "p01"));
        assert!(!is_rlib_of("/t/deps/libp012-abc.rlib", "p01"));
        assert!(!is_rlib_of("/t/deps/libp01-abc.rmeta", "p01"));
        assert!(!is_rlib_of("-lp01", "p01"));
    }

    #[test]
    fn an_image_drops_its_classmates_archives_and_binds_its_own_entry() {
        let template = Template {
            env: vec![],
            program: "cc".into(),
            args: [
                "main.o",
                "/d/libp1-h.rlib",
                "/d/libp2-h.rlib",
                "-o",
                "/d/image",
            ]
            .into_iter()
            .map(String::from)
            .chain([template_binding()])
            .collect(),
        };
        let generated = ["p1".to_string(), "p2".to_string()];
        let command = template.command("p2", &generated, "_ZN2p2entry", Path::new("/out/s2"));
        let args: Vec<String> = command
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "main.o",
                "/d/libp2-h.rlib",
                "-o",
                "/out/s2",
                "-Wl,--defsym=grade_linked_submission=_ZN2p2entry"
            ]
        );
    }
}
