//! Building a batch of submissions with the instructor's own lockfile and
//! serving code (`grade-serve`), offline, in one cargo run.
//!
//! Each submission becomes a small library crate of its own (named after
//! its content hash, so unchanged work is never rebuilt), holding only its
//! `.rs` files plus a generated module that instantiates each exercise of
//! the registry for `dyn Rng` (the bonus ones say `todo!()` when the crate
//! root has no `mod extensions`). A submission's own `Cargo.toml`,
//! `build.rs`, tests and dependencies are never copied. Each submission
//! that compiled is then linked into an image of its own (see [`images`]),
//! which the sandbox executes for each check.
//!
//! When a crate fails to compile, the functions the errors point into have
//! their bodies replaced by a panic naming them, and the crate is built
//! again: a type error in one function costs only the exercises that use
//! it. A file that does not parse, or an error outside any function, fails
//! the whole submission.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};
use serde::Deserialize;

use crate::discover::Submission;
use crate::images::{self, Images, Linked};
use crate::pack;
use crate::refuse::{self, Refusal};
use workbook::{EXERCISES, Exercise};

/// The panic message of a function whose body was removed because it did
/// not compile; the function's name follows.
pub const COMPILE_ERROR_MARKER: &str = "grade: this function did not compile: ";

/// How many times a crate is rebuilt with more functions stubbed out.
const REPAIR_ROUNDS: usize = 4;

/// The generated wrappers, appended to each submission's `lib.rs`: one
/// function per exercise, for `dyn Rng`, forwarding to the student's. A
/// submission without the `extensions` module gets bonus wrappers that say
/// "not yet implemented", as the stubs do, so the bonus checks report it
/// and nothing else changes.
fn wrappers(extensions: bool) -> String {
    let mut text =
        String::from("\n#[doc(hidden)]\n#[allow(warnings, clippy::all)]\npub mod __grading {\n");
    for exercise in EXERCISES {
        let wrapper = match (exercise.bonus, extensions) {
            (false, _) => exercise.wrapper("super"),
            (true, true) => exercise.wrapper("super::extensions"),
            (true, false) => exercise.missing(),
        };
        text.push_str(&wrapper);
    }
    text.push_str("}\n");
    text
}

/// Whether a crate root has the bonus `extensions` module. A `mod
/// extensions;` whose file was not handed in (a flat upload of the six
/// lab files, say) is blanked out, so it reads as "not attempted" rather
/// than failing the whole build; its lines stay, as blank lines, so the
/// compiler's line numbers still match the student's file.
fn take_extensions(files: &mut BTreeMap<PathBuf, String>) -> bool {
    use syn::spanned::Spanned;
    let Some(lib) = files.get(Path::new("lib.rs")) else {
        return false;
    };
    let Ok(file) = syn::parse_file(lib) else {
        return false;
    };
    let Some(module) = file.items.iter().find_map(|item| match item {
        syn::Item::Mod(m) if m.ident == "extensions" => Some(m),
        _ => None,
    }) else {
        return false;
    };
    let handed_in = ["extensions.rs", "extensions/mod.rs"]
        .iter()
        .any(|path| files.contains_key(Path::new(path)));
    if module.content.is_some() || handed_in {
        return true;
    }
    let span = module.span();
    let (first, last) = (span.start().line, span.end().line);
    let blanked: String = lib
        .split_inclusive('\n')
        .enumerate()
        .map(|(i, line)| {
            if (first..=last).contains(&(i + 1)) {
                if line.ends_with('\n') { "\n" } else { "" }
            } else {
                line
            }
        })
        .collect();
    files.insert(PathBuf::from("lib.rs"), blanked);
    false
}

/// What became of one submission's build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Compiled {
    /// It built, possibly with some functions stubbed out.
    Built {
        /// The crate name, which is also its image's name.
        krate: String,
        /// Functions removed because they did not compile.
        broken: Vec<Broken>,
        /// Whether it has the bonus `extensions` module.
        extensions: bool,
    },
    /// It could not be built at all; the message says why.
    Failed { message: String },
}

/// A function whose body was replaced because it did not compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    /// The function's name.
    pub function: String,
    /// The exercise, when the function is one of the six (or is missing).
    pub exercise: Option<&'static str>,
    /// The compiler's message, trimmed and with the submission's own paths.
    pub message: String,
}

/// A built batch: its images, and each submission's fate by id.
#[derive(Debug)]
pub struct Batch {
    pub images: Images,
    pub compiled: BTreeMap<String, Compiled>,
}

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

/// Builds every submission that has source, in `dir`. Concurrent runs take
/// turns: the generated workspace is shared.
pub fn build(dir: &Path, submissions: &[Submission]) -> anyhow::Result<Batch> {
    fs::create_dir_all(dir.join("subs"))?;
    let lock = fs::File::create(dir.join("grade.lock"))?;
    lock.lock()
        .context("waiting for another grade run to finish building")?;
    let cargo = Cargo {
        dir: dir.to_path_buf(),
        hidden: hidden_while_building(dir, submissions),
    };
    let batch = build_locked(&cargo, submissions);
    let _ = lock.unlock();
    batch
}

fn build_locked(cargo: &Cargo, submissions: &[Submission]) -> anyhow::Result<Batch> {
    let dir = cargo.dir.as_path();
    let workspace = workspace_root();
    let mut crates: BTreeMap<String, Crate> = BTreeMap::new();
    let mut compiled = BTreeMap::new();
    for submission in submissions {
        if let Some(problem) = &submission.problem {
            compiled.insert(
                submission.id.clone(),
                Compiled::Failed {
                    message: problem.clone(),
                },
            );
            continue;
        }
        let name = format!("s{}", &submission.content_hash()[..16]);
        crates
            .entry(name.clone())
            .or_insert_with(|| Crate::new(&name, submission));
    }

    for krate in crates.values_mut() {
        krate.refuse_outside_reads();
    }
    let members: Vec<String> = crates
        .values()
        .filter(|c| c.failure.is_none())
        .map(|c| c.name.clone())
        .collect();
    let (packable, mut alone): (Vec<String>, Vec<String>) = members
        .iter()
        .cloned()
        .partition(|name| pack::packable(&crates[name].files));
    let packs = build_packs(cargo, &workspace, &crates, &packable, &mut alone)?;
    let mut built: Vec<Linked> = packs
        .iter()
        .flat_map(|pack| {
            pack.members.iter().map(|member| Linked {
                key: member.krate.clone(),
                dependency: pack.name.clone(),
                path: format!("{}::{}", pack.name, member.module),
                classmates: pack
                    .members
                    .iter()
                    .filter(|other| other.module != member.module)
                    .map(|other| other.module.clone())
                    .collect(),
            })
        })
        .collect();
    alone.sort();
    let in_workspace = || {
        packs
            .iter()
            .map(|pack| pack.name.clone())
            .chain(alone.iter().cloned())
            .collect::<Vec<String>>()
    };

    for name in &alone {
        crates[name].write(dir)?;
    }
    let mut pending: BTreeSet<String> = alone.iter().cloned().collect();
    for round in 0..=REPAIR_ROUNDS {
        if pending.is_empty() {
            break;
        }
        write_workspace(dir, &workspace, &in_workspace(), &[])?;
        let errors = cargo.build(pending.iter().map(String::as_str))?;
        let mut still_pending = BTreeSet::new();
        for name in &pending {
            let krate = crates.get_mut(name).context("known crate")?;
            match errors.get(name) {
                None => {}
                Some(diagnostics) if round < REPAIR_ROUNDS => match krate.repair(diagnostics) {
                    Ok(()) => {
                        krate.write(dir)?;
                        still_pending.insert(name.clone());
                    }
                    Err(message) => krate.failure = Some(message),
                },
                Some(diagnostics) => {
                    let message = krate.render(&diagnostics[0]);
                    krate.failure = Some(message);
                }
            }
        }
        pending = still_pending;
    }

    // A second line of defence behind the scan: rustc's own record of what
    // it read. Nothing of a crate that read outside itself is ever run.
    // (Packs had theirs checked as they were built.)
    for name in &alone {
        let krate = crates.get_mut(name).context("known crate")?;
        if krate.failure.is_some() {
            continue;
        }
        let outside = refuse::outside_reads(&release_dir(dir)?.join("deps"), name);
        if !outside.is_empty() {
            krate.failure = Some(format!(
                "compiling it read {}, outside the submission, which a submission may not do",
                outside.join(", ")
            ));
        }
    }

    built.extend(
        alone
            .iter()
            .filter(|name| crates[*name].failure.is_none())
            .map(|name| Linked {
                key: name.clone(),
                dependency: name.clone(),
                path: name.clone(),
                classmates: Vec::new(),
            }),
    );
    let linking = std::time::Instant::now();
    write_workspace(dir, &workspace, &in_workspace(), &built)?;
    let errors = if built.is_empty() {
        BTreeMap::new()
    } else {
        cargo.build([images::PACKAGE].into_iter())?
    };
    if std::env::var_os("GRADE_TIMINGS").is_some() {
        eprintln!(
            "timings: linking {} images {:.1} s",
            built.len(),
            linking.elapsed().as_secs_f64()
        );
    }
    if !built.is_empty() && built.iter().all(|image| errors.contains_key(&image.key)) {
        // Not one image linked: that is the grader's fault or the
        // machine's, not every student's.
        let first = errors.values().next().and_then(|d| d.first());
        bail!(
            "no submission's image could be linked: {}",
            first.map_or("", |d| d.rendered.as_str())
        );
    }
    for image in &built {
        let krate = crates.get_mut(&image.key).context("known crate")?;
        if let Some(diagnostics) = errors.get(&image.key) {
            krate.failure = Some(format!(
                "its image could not be linked: {}",
                first_line_of(diagnostics)
            ));
            continue;
        }
        let path = release_dir(dir)?.join(&image.key);
        if let Some(symbol) = images::foreign_code(&path, &image.classmates)? {
            // Only code that the scan and the lints both let through can
            // do this; nothing of such a pack is run.
            bail!(
                "the image of {} holds another submission's code ({symbol}); \
                 refusing to run any of its pack",
                krate.id
            );
        }
    }

    for submission in submissions.iter().filter(|s| s.problem.is_none()) {
        let name = format!("s{}", &submission.content_hash()[..16]);
        let krate = &crates[&name];
        let fate = match &krate.failure {
            Some(message) => Compiled::Failed {
                message: message.replace(&krate.name, &submission.id),
            },
            None => Compiled::Built {
                krate: name.clone(),
                broken: krate.broken.clone(),
                extensions: krate.extensions,
            },
        };
        compiled.insert(submission.id.clone(), fate);
    }
    let linked = compiled.values().filter_map(|fate| match fate {
        Compiled::Built { krate, .. } => Some(krate.clone()),
        Compiled::Failed { .. } => None,
    });
    let linked: std::collections::BTreeSet<String> = linked.collect();
    Ok(Batch {
        images: Images::copy(&release_dir(dir)?, linked)?,
        compiled,
    })
}

/// How many times packs are rebuilt after evicting the members that had
/// errors. A pack still dirty after that is taken apart altogether.
const PACK_ROUNDS: usize = 2;

/// Builds the packable crates in packs (see [`pack`]); returns the packs
/// that built cleanly and read nothing outside themselves. Every member of
/// any other pack is moved to `alone`, to be built, reported and repaired
/// as a crate of its own.
fn build_packs(
    cargo: &Cargo,
    workspace: &Path,
    crates: &BTreeMap<String, Crate>,
    names: &[String],
    alone: &mut Vec<String>,
) -> anyhow::Result<Vec<pack::Pack>> {
    let dir = cargo.dir.as_path();
    let parallel = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let mut trying = pack::plan(names, parallel, &pack_secret(dir)?);
    let mut clean = Vec::new();
    for round in 0..=PACK_ROUNDS {
        if trying.is_empty() {
            break;
        }
        for pack in &trying {
            write_pack(dir, pack, crates)?;
        }
        let listed: Vec<String> = clean
            .iter()
            .chain(&trying)
            .map(|pack: &pack::Pack| pack.name.clone())
            .collect();
        write_workspace(dir, workspace, &listed, &[])?;
        let errors = cargo.build(trying.iter().map(|pack| pack.name.as_str()))?;
        let mut next = Vec::new();
        for pack in trying {
            let Some(diagnostics) = errors.get(&pack.name) else {
                let deps = release_dir(dir)?.join("deps");
                if refuse::outside_reads(&deps, &pack.name).is_empty() {
                    clean.push(pack);
                } else {
                    alone.extend(pack.members.into_iter().map(|m| m.krate));
                }
                continue;
            };
            let own = format!("subs/{}/src/", pack.name);
            let at_fault: BTreeSet<&str> = diagnostics
                .iter()
                .map(|d| {
                    d.primary()
                        .and_then(|span| span.file_name.strip_prefix(&own))
                        .and_then(|file| file.split('/').next())
                        .filter(|module| *module != "lib.rs")
                        .unwrap_or("")
                })
                .collect();
            if round == PACK_ROUNDS || at_fault.contains("") {
                alone.extend(pack.members.into_iter().map(|m| m.krate));
                continue;
            }
            let (faulty, kept): (Vec<_>, Vec<_>) = pack
                .members
                .into_iter()
                .partition(|m| at_fault.contains(m.module.as_str()));
            alone.extend(faulty.into_iter().map(|m| m.krate));
            if !kept.is_empty() {
                next.push(pack::Pack::of(kept));
            }
        }
        trying = next;
    }
    Ok(clean)
}

/// The key that makes a pack's module names unguessable to submissions:
/// kept in the grader's folder, made once.
fn pack_secret(dir: &Path) -> anyhow::Result<String> {
    let path = dir.join("pack-secret");
    if let Ok(secret) = fs::read_to_string(&path)
        && secret.len() == 32
    {
        return Ok(secret);
    }
    let secret: String = (0..16)
        .map(|_| format!("{:02x}", rand::random::<u8>()))
        .collect();
    write_if_changed(&path, &secret)?;
    Ok(secret)
}

/// Writes a pack's crate: its root, and each member's files, `crate::`
/// paths rewritten, under the member's module folder.
fn write_pack(
    dir: &Path,
    pack: &pack::Pack,
    crates: &BTreeMap<String, Crate>,
) -> anyhow::Result<()> {
    let root = dir.join("subs").join(&pack.name);
    let src = root.join("src");
    if src.exists() {
        fs::remove_dir_all(&src)?;
    }
    fs::create_dir_all(&src)?;
    write_if_changed(&src.join("lib.rs"), &pack::root(pack))?;
    for member in &pack.members {
        let krate = crates.get(&member.krate).context("a packed crate")?;
        for (path, text) in &krate.files {
            let target = src.join(&member.module).join(path);
            fs::create_dir_all(target.parent().context("a parent folder")?)?;
            write_if_changed(&target, &pack::rewrite(text, &member.module))?;
        }
    }
    write_if_changed(&root.join("Cargo.toml"), &manifest(&pack.name))
}

/// One submission's crate as generated on disk.
#[derive(Debug)]
struct Crate {
    name: String,
    id: String,
    /// The source files, relative to `src/`, as they will be written.
    files: BTreeMap<PathBuf, String>,
    /// How many lines of `lib.rs` are the student's, before the wrappers.
    student_lines: usize,
    broken: Vec<Broken>,
    failure: Option<String>,
    /// Whether the crate root declares `mod extensions`.
    extensions: bool,
}

impl Crate {
    fn new(name: &str, submission: &Submission) -> Crate {
        let mut files: BTreeMap<PathBuf, String> = submission.files.iter().cloned().collect();
        let extensions = take_extensions(&mut files);
        let lib = files.entry(PathBuf::from("lib.rs")).or_default();
        if !lib.ends_with('\n') {
            lib.push('\n');
        }
        let student_lines = lib.lines().count();
        lib.push_str(&wrappers(extensions));
        Crate {
            name: name.into(),
            id: submission.id.clone(),
            files,
            student_lines,
            broken: Vec::new(),
            failure: None,
            extensions,
        }
    }

    /// Cuts out every function whose body names a construct that reads
    /// outside the submission while compiling (see [`refuse`]), so it is
    /// graded as missing with the reason; fails the whole crate when such a
    /// construct sits anywhere else, where it cannot be cut out alone.
    fn refuse_outside_reads(&mut self) {
        // Each round cuts one function out, so the rounds are bounded by the
        // number of functions; the cap only guards against a loop.
        for _ in 0..1000 {
            let Some(found) = self.refusals().into_iter().next() else {
                return;
            };
            if let Err(message) = self.cut_out(&found) {
                let all: Vec<String> = self
                    .refusals()
                    .iter()
                    .map(|r| r.describe(&self.id))
                    .collect();
                self.failure = Some(format!("{}\n{message}", all.join("\n")));
                return;
            }
        }
        self.failure = Some("too many constructs that read outside the submission".into());
    }

    fn refusals(&self) -> Vec<Refusal> {
        self.files
            .iter()
            .flat_map(|(path, text)| refuse::scan(path, text))
            .collect()
    }

    /// Replaces the body of the function around `found` with a panic that
    /// names it, as for a function that did not compile.
    fn cut_out(&mut self, found: &Refusal) -> Result<(), String> {
        let whole = "The whole submission scores 0: this is outside any function body, so it \
                     cannot be cut out alone.";
        let text = self.files.get(&found.file).cloned().unwrap_or_default();
        let function = innermost_fn(&text, found.line)
            .ok()
            .flatten()
            .ok_or_else(|| whole.to_string())?;
        let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
        let in_body =
            line_of(function.body.start) <= found.line && found.line <= line_of(function.body.end);
        if !in_body || self.broken.iter().any(|b| b.function == function.name) {
            return Err(whole.into());
        }
        let exercise = Exercise::named(&function.name).map(|e| e.name);
        let stub = format!(
            "{{ ::core::panic!(\"{COMPILE_ERROR_MARKER}{}\") }}",
            function.name
        );
        let mut patched = text;
        patched.replace_range(function.body.clone(), &stub);
        self.files.insert(found.file.clone(), patched);
        self.broken.push(Broken {
            function: function.name,
            exercise,
            message: found.describe(&self.id),
        });
        Ok(())
    }

    fn write(&self, dir: &Path) -> anyhow::Result<()> {
        let root = dir.join("subs").join(&self.name);
        let src = root.join("src");
        if src.exists() {
            fs::remove_dir_all(&src)?;
        }
        for (path, text) in &self.files {
            let target = src.join(path);
            fs::create_dir_all(target.parent().context("a parent folder")?)?;
            write_if_changed(&target, text)?;
        }
        write_if_changed(&root.join("Cargo.toml"), &manifest(&self.name))
    }

    /// Stubs out what each error points into; fails when it cannot.
    fn repair(&mut self, diagnostics: &[Diagnostic]) -> Result<(), String> {
        let mut stubbed_any = false;
        for diagnostic in diagnostics {
            let Some(span) = diagnostic.primary() else {
                continue;
            };
            let relative = Path::new(&span.file_name)
                .strip_prefix(format!("subs/{}/src", self.name))
                .map(Path::to_path_buf)
                .unwrap_or_else(|_| PathBuf::from(&span.file_name));
            let Some(text) = self.files.get(&relative).cloned() else {
                return Err(self.render(diagnostic));
            };
            let in_wrappers =
                relative == Path::new("lib.rs") && span.line_start > self.student_lines;
            let found =
                innermost_fn(&text, span.line_start).map_err(|_| self.render(diagnostic))?;
            let Some(found) = found else {
                return Err(self.render(diagnostic));
            };
            if self
                .broken
                .iter()
                .any(|b| b.function == found.name && !in_wrappers)
            {
                continue;
            }
            let exercise = Exercise::named(&found.name).map(|e| e.name);
            let message = if in_wrappers {
                wrapper_message(&found.name, diagnostic)
            } else {
                self.render(diagnostic)
            };
            let stub = format!(
                "{{ ::core::panic!(\"{COMPILE_ERROR_MARKER}{}\") }}",
                found.name
            );
            let mut patched = text.clone();
            patched.replace_range(found.body.clone(), &stub);
            self.files.insert(relative, patched);
            self.broken.push(Broken {
                function: found.name,
                exercise,
                message,
            });
            stubbed_any = true;
        }
        if stubbed_any {
            Ok(())
        } else {
            Err(self.render(&diagnostics[0]))
        }
    }

    /// The compiler's message with the generated paths turned back into
    /// the submission's, cut to its first lines.
    fn render(&self, diagnostic: &Diagnostic) -> String {
        let generated = format!("subs/{}/src/", self.name);
        let text = diagnostic
            .rendered
            .replace(&generated, &format!("{}/", self.id));
        let lines: Vec<&str> = text.lines().collect();
        let mut kept = lines[..lines.len().min(14)].join("\n");
        if lines.len() > 14 {
            let _ = write!(kept, "\n(… {} more lines)", lines.len() - 14);
        }
        kept
    }
}

/// The manifest of a generated crate, a submission's or a pack's.
fn manifest(name: &str) -> String {
    let unsafe_code = if unsafe_allowed() { "allow" } else { "forbid" };
    format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\
         autobins = false\nautoexamples = false\nautotests = false\nautobenches = false\n\n\
         [lib]\npath = \"src/lib.rs\"\n\n[dependencies]\nrand.workspace = true\n\
         # Unused, but it gives cargo the same dependency graph, and so the\n\
         # same features, as the images: linking them then reuses every\n\
         # crate instead of rebuilding it.\n\
         grade-serve.workspace = true\n\n\
         # Lints are in force: cargo passes these on the command line, where\n\
         # no attribute in the source can lower a forbid. Warnings are only\n\
         # noise here; deny-by-default lints stay errors.\n\
         [lints.rust]\nwarnings = {{ level = \"allow\", priority = -1 }}\nunsafe_code = \"{unsafe_code}\"\n"
    )
}

/// The report for an error inside the generated wrapper of an exercise:
/// the function is missing or its signature differs from the assignment.
fn wrapper_message(function: &str, diagnostic: &Diagnostic) -> String {
    let Some(exercise) = Exercise::named(function) else {
        // Only the exercises have wrappers; this is a fault of the grader.
        return format!(
            "the generated wrapper `{function}` did not compile: {}",
            diagnostic.message
        );
    };
    let expected = exercise.signature();
    let place = if exercise.bonus {
        "the `extensions` module"
    } else {
        "the crate root"
    };
    if diagnostic.message.contains("cannot find") {
        format!("`{function}` is missing: {place} has no `{expected}`")
    } else {
        format!(
            "`{function}` does not match the assignment's signature ({}); it must be\n{expected}",
            diagnostic.message
        )
    }
}

/// A function found around a line: its name and the byte range of its body.
struct FoundFn {
    name: String,
    body: std::ops::Range<usize>,
}

/// The innermost `fn` (free, in an impl, a trait or a module, or nested in
/// another function) whose span covers `line` of `text`.
fn innermost_fn(text: &str, line: usize) -> syn::Result<Option<FoundFn>> {
    use syn::spanned::Spanned;
    use syn::visit::Visit;

    struct Finder<'a> {
        line: usize,
        text: &'a str,
        line_starts: Vec<usize>,
        best: Option<(usize, FoundFn)>,
    }
    impl Finder<'_> {
        /// The byte index of a (1-based line, 0-based char column) position.
        fn offset(&self, at: proc_macro2::LineColumn) -> usize {
            let start = self
                .line_starts
                .get(at.line.saturating_sub(1))
                .copied()
                .unwrap_or(0);
            self.text[start..]
                .char_indices()
                .nth(at.column)
                .map_or(self.text.len(), |(i, _)| start + i)
        }

        fn consider(&mut self, name: String, whole: proc_macro2::Span, block: &syn::Block) {
            let (start, end) = (whole.start().line, whole.end().line);
            if start <= self.line && self.line <= end {
                let size = end - start;
                if self.best.as_ref().is_none_or(|(best, _)| size <= *best) {
                    let open = self.offset(block.brace_token.span.open().start());
                    let close = self.offset(block.brace_token.span.close().end());
                    self.best = Some((
                        size,
                        FoundFn {
                            name,
                            body: open..close,
                        },
                    ));
                }
            }
        }
    }
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
            self.consider(item.sig.ident.to_string(), item.span(), &item.block);
            syn::visit::visit_item_fn(self, item);
        }
        fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
            self.consider(item.sig.ident.to_string(), item.span(), &item.block);
            syn::visit::visit_impl_item_fn(self, item);
        }
        fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
            if let Some(block) = &item.default {
                self.consider(item.sig.ident.to_string(), item.span(), block);
            }
            syn::visit::visit_trait_item_fn(self, item);
        }
    }

    let file = syn::parse_file(text)?;
    let line_starts = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let mut finder = Finder {
        line,
        text,
        line_starts,
        best: None,
    };
    finder.visit_file(&file);
    Ok(finder.best.map(|(_, found)| found))
}

/// One error from the compiler.
#[derive(Debug, Clone, Deserialize)]
struct Diagnostic {
    message: String,
    level: String,
    #[serde(default)]
    rendered: String,
    spans: Vec<Span>,
}

impl Diagnostic {
    fn primary(&self) -> Option<&Span> {
        self.spans.iter().find(|s| s.is_primary)
    }
}

#[derive(Debug, Clone, Deserialize)]
struct Span {
    file_name: String,
    line_start: usize,
    is_primary: bool,
}

#[derive(Debug, Deserialize)]
struct CargoMessage {
    reason: String,
    #[serde(default)]
    package_id: String,
    #[serde(default)]
    target: Option<CargoTarget>,
    #[serde(default)]
    message: Option<Diagnostic>,
}

#[derive(Debug, Deserialize)]
struct CargoTarget {
    name: String,
}

/// The environment variable that lets an instructor's test grade code that
/// is otherwise refused (`unsafe`, `extern` blocks, the `asm` family, the
/// link attributes): the workbook's own tests use it to prove that the
/// sandbox holds against such code on its own. Never set it for a class.
pub const ALLOW_UNSAFE_VARIABLE: &str = "GRADE_ALLOW_UNSAFE";

/// Whether [`ALLOW_UNSAFE_VARIABLE`] is set to 1.
pub fn unsafe_allowed() -> bool {
    std::env::var_os(ALLOW_UNSAFE_VARIABLE).is_some_and(|v| v == "1")
}

/// The first line of the first diagnostic that says something, for a
/// one-line cause.
fn first_line_of(diagnostics: &[Diagnostic]) -> String {
    let said = diagnostics
        .iter()
        .find(|d| !d.message.starts_with("aborting due to"))
        .or(diagnostics.first());
    said.map_or_else(String::new, |d| {
        d.message.lines().next().unwrap_or_default().to_string()
    })
}

/// How cargo is run on the generated workspace: in `dir`, and where the
/// system allows a mount namespace, with `hidden` covered by empty ones.
struct Cargo {
    dir: PathBuf,
    hidden: Vec<PathBuf>,
}

impl Cargo {
    /// Runs cargo on the generated workspace and returns the errors of
    /// each package that had any, by crate name.
    fn build<'a>(
        &self,
        packages: impl Iterator<Item = &'a str>,
    ) -> anyhow::Result<BTreeMap<String, Vec<Diagnostic>>> {
        cargo_build(&self.dir, &self.hidden, packages)
    }
}

/// What the build need not see, and a student's code must not: the
/// reference solutions, the stubs, the book, the fixtures (full answers
/// among them), the grading suite and the lab tools (the oracle's
/// reference procedures among them), the history, and where the
/// submissions came from. What the build needs (the generated workspace,
/// the serving code it links, the lockfile) is never hidden.
fn hidden_while_building(dir: &Path, submissions: &[Submission]) -> Vec<PathBuf> {
    let workspace = workspace_root();
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let toolchain = |variable: &str, default: &str| {
        std::env::var_os(variable).map_or_else(|| home.join(default), PathBuf::from)
    };
    let needed = [
        dir.to_path_buf(),
        workspace.join("tests/workbook"),
        workspace.join("tests/serve"),
        workspace.join("Cargo.lock"),
        toolchain("CARGO_HOME", ".cargo"),
        toolchain("RUSTUP_HOME", ".rustup"),
    ];
    let candidates = [
        "solutions",
        "exercises",
        "docs",
        "tests/fixtures",
        "tests/suite",
        "tests/tools",
        "tests/grade",
        ".git",
    ]
    .iter()
    .map(|p| workspace.join(p))
    .chain(submissions.iter().map(|s| s.origin.clone()));
    let mut hidden: Vec<PathBuf> = candidates
        .filter_map(|p| p.canonicalize().ok())
        .filter(|p| !needed.iter().any(|n| n.starts_with(p)))
        .collect();
    hidden.sort();
    hidden.dedup();
    hidden
}

/// The `unshare` arguments that give cargo a mount namespace of its own in
/// which paths can be covered, or `None` where this system does not allow
/// one (then the scan and the dep-info check stand alone).
fn mount_namespace() -> Option<&'static [&'static str]> {
    static ARGS: std::sync::OnceLock<Option<&'static [&'static str]>> = std::sync::OnceLock::new();
    *ARGS.get_or_init(|| {
        // A PID namespace with its own /proc too: through the host's,
        // /proc/<pid>/root shows every covered folder again.
        let as_root: &'static [&'static str] = &[
            "--mount",
            "--propagation",
            "private",
            "--pid",
            "--fork",
            "--mount-proc",
        ];
        let as_user: &'static [&'static str] = &[
            "--user",
            "--map-root-user",
            "--mount",
            "--propagation",
            "private",
            "--pid",
            "--fork",
            "--mount-proc",
        ];
        let probe = tempfile::tempdir().ok()?;
        [as_root, as_user].into_iter().find(|args| {
            Command::new("unshare")
                .args(*args)
                .args(["sh", "-c", "mount -t tmpfs tmpfs \"$1\"", "sh"])
                .arg(probe.path())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|status| status.success())
        })
    })
}

/// Covers each path given after the count with an empty read-only folder
/// (or `/dev/null` for a file), then runs the rest of the command.
const HIDE_THEN_RUN: &str = r#"n=$1; shift
while [ "$n" -gt 0 ]; do
    if [ -d "$1" ]; then mount -t tmpfs -o ro,size=4k,mode=555 tmpfs "$1"
    elif [ -e "$1" ]; then mount --bind /dev/null "$1"
    fi || { echo "grade: could not hide $1 from the build" >&2; exit 97; }
    shift; n=$((n - 1))
done
exec "$@""#;

/// Runs cargo on the generated workspace and returns the errors of each
/// package that had any, by crate name.
fn cargo_build<'a>(
    dir: &Path,
    hidden: &[PathBuf],
    packages: impl Iterator<Item = &'a str>,
) -> anyhow::Result<BTreeMap<String, Vec<Diagnostic>>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = match mount_namespace() {
        Some(args) => {
            let mut command = Command::new("unshare");
            command
                .args(args)
                .args(["sh", "-c", HIDE_THEN_RUN, "sh"])
                .arg(hidden.len().to_string())
                .args(hidden)
                .arg(cargo);
            command
        }
        None => Command::new(cargo),
    };
    command
        .current_dir(dir)
        .args([
            "build",
            "--release",
            "--offline",
            "--keep-going",
            "--message-format=json",
        ])
        .args(["--target-dir", "target", "--target", host()?])
        .env("RUSTFLAGS", images::RUSTFLAGS)
        .env("CARGO_TERM_COLOR", "never")
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped());
    for package in packages {
        command.args(["-p", package]);
    }
    let output = command
        .output()
        .context("running cargo to build the submissions")?;
    if std::env::var_os("GRADE_TIMINGS").is_some() {
        let rebuilt: Vec<String> = output
            .stdout
            .split(|&b| b == b'\n')
            .filter_map(|line| serde_json::from_slice::<serde_json::Value>(line).ok())
            .filter(|m| m["reason"] == "compiler-artifact" && m["fresh"] == false)
            .map(|m| crate_of(m["package_id"].as_str().unwrap_or_default()))
            .collect();
        eprintln!(
            "timings: cargo compiled {} packages, such as {:?}",
            rebuilt.len(),
            rebuilt.iter().take(4).collect::<Vec<_>>()
        );
    }
    let mut errors: BTreeMap<String, Vec<Diagnostic>> = BTreeMap::new();
    for line in output.stdout.split(|&b| b == b'\n') {
        let Ok(message) = serde_json::from_slice::<CargoMessage>(line) else {
            continue;
        };
        let Some(diagnostic) = message.message else {
            continue;
        };
        if message.reason != "compiler-message" || diagnostic.level != "error" {
            continue;
        }
        let krate = crate_of(&message.package_id);
        // An image's errors are its submission's, by the binary's name,
        // spans or not: a link error has none.
        let key = match message.target {
            Some(target) if krate == images::PACKAGE => target.name,
            _ if diagnostic.spans.is_empty() => continue, // "aborting due to …"
            _ => krate,
        };
        errors.entry(key).or_default().push(diagnostic);
    }
    if !output.status.success() && errors.is_empty() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        bail!(
            "cargo could not build the submissions:\n{}",
            tail.join("\n")
        );
    }
    Ok(errors)
}

/// This machine's target, as rustc names it. The batch is built for it by
/// name, so that the static flag of the images applies to the target's
/// crates and not to the compiler's plug-ins (serde's derive).
fn host() -> anyhow::Result<&'static str> {
    static HOST: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    HOST.get_or_init(|| crate::assign::host_target().map_err(|e| format!("{e:#}")))
        .as_deref()
        .map_err(anyhow::Error::msg)
}

/// Where cargo puts a batch's release build in `dir`.
fn release_dir(dir: &Path) -> anyhow::Result<PathBuf> {
    Ok(dir.join("target").join(host()?).join("release"))
}

/// The crate name in a package id such as
/// `path+file:///…/subs/s0123#s0123@0.0.0`.
fn crate_of(package_id: &str) -> String {
    let (url, fragment) = package_id.split_once('#').unwrap_or((package_id, ""));
    match fragment.split_once('@') {
        Some((name, _)) => name.to_string(),
        None => url.rsplit('/').next().unwrap_or(url).to_string(),
    }
}

fn write_workspace(
    dir: &Path,
    workspace: &Path,
    members: &[String],
    linked: &[Linked],
) -> anyhow::Result<()> {
    // The images package is a member only once there is an image to link.
    let images_member = (!linked.is_empty()).then(|| "\"images\"".to_string());
    let members: Vec<String> = images_member
        .into_iter()
        .chain(members.iter().map(|m| format!("\"subs/{m}\"")))
        .collect();
    // A TOML string, escaped as TOML wants, whatever the instructor's path.
    let serve = toml::Value::String(workspace.join("tests/serve").to_string_lossy().into_owned());
    let manifest = format!(
        "# Generated by `grade`; rewritten on every run.\n[workspace]\nresolver = \"3\"\n\
         members = [{}]\n\n[workspace.dependencies]\nrand = \"0.10\"\n\
         grade-serve = {{ path = {serve} }}\n\n\
         [profile.release]\nopt-level = 0\ndebug = false\nincremental = false\n\
         codegen-units = 1\npanic = \"unwind\"\n\n\
         # The serving code and rand are built once and optimised; each\n\
         # submission is compiled without optimisation, which is most of a\n\
         # batch's build time saved for code that runs for milliseconds.\n\
         [profile.release.package.\"*\"]\nopt-level = 2\n",
        members.join(", "),
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest)?;
    if !dir.join("Cargo.lock").exists() {
        fs::copy(workspace.join("Cargo.lock"), dir.join("Cargo.lock"))
            .context("copying the workspace's Cargo.lock")?;
    }

    images::write_package(dir, linked)
}

/// Writes only when the content differs, so cargo's freshness check sees
/// unchanged files as unchanged.
pub(crate) fn write_if_changed(path: &Path, text: &str) -> anyhow::Result<()> {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_extensions_file_reads_as_not_attempted() {
        let lib = "pub mod extensions;\nmod flip;\npub fn a() {}\n";
        let mut flat = BTreeMap::from([(PathBuf::from("lib.rs"), lib.to_string())]);
        assert!(!take_extensions(&mut flat));
        assert_eq!(flat[Path::new("lib.rs")], "\nmod flip;\npub fn a() {}\n");

        let mut whole = BTreeMap::from([
            (PathBuf::from("lib.rs"), lib.to_string()),
            (PathBuf::from("extensions/mod.rs"), String::new()),
        ]);
        assert!(take_extensions(&mut whole));
        assert_eq!(whole[Path::new("lib.rs")], lib, "left as it was");

        let mut inline =
            BTreeMap::from([(PathBuf::from("lib.rs"), "mod extensions {}\n".to_string())]);
        assert!(take_extensions(&mut inline));
        let mut none = BTreeMap::from([(PathBuf::from("lib.rs"), "pub fn a() {}\n".to_string())]);
        assert!(!take_extensions(&mut none));
    }

    /// Where the system allows a mount namespace, the paths given are
    /// empty for the command that follows, and only for it.
    #[test]
    fn hidden_paths_are_empty_to_the_build() {
        let Some(args) = mount_namespace() else {
            eprintln!("no mount namespace here: the build sees everything");
            return;
        };
        let secret = tempfile::tempdir().unwrap();
        std::fs::write(secret.path().join("answer.rs"), "pub fn flip() {}").unwrap();
        let output = Command::new("unshare")
            .args(args)
            .args(["sh", "-c", HIDE_THEN_RUN, "sh", "1"])
            .arg(secret.path())
            .arg("ls")
            .arg("-A")
            .arg(secret.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "");
        // Nor does the host's file system show through another process's
        // root: the build's /proc holds only its own processes.
        let output = Command::new("unshare")
            .args(args)
            .args(["sh", "-c", "ls /proc | grep -c '^[0-9]'"])
            .output()
            .unwrap();
        let processes: usize = String::from_utf8_lossy(&output.stdout)
            .trim()
            .parse()
            .unwrap();
        assert!(processes <= 3, "{processes} processes in the build's /proc");
        assert!(
            secret.path().join("answer.rs").exists(),
            "outside, it is still there"
        );
    }

    #[test]
    fn crate_names_come_from_package_ids() {
        assert_eq!(crate_of("path+file:///tmp/x/subs/s0123#0.0.0"), "s0123");
        assert_eq!(
            crate_of("path+file:///tmp/x/subs/s0123#s0123@0.0.0"),
            "s0123"
        );
    }
}
