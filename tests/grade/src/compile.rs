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

use anyhow::{Context, bail};

use crate::cargo::{Cargo, Diagnostic, hidden_while_building, release_dir};
use crate::discover::Submission;
use crate::images::{self, Images, Linked};
use crate::link;
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
    // The one function an image's link reaches the submission through (see
    // [`crate::link`]); never inlined, so every rlib defines it.
    text.push_str(
        "    #[inline(never)]\n    pub fn image() -> ::grade_serve::workbook::Implementation {\n        \
         ::grade_serve::workbook::Implementation {\n",
    );
    for exercise in EXERCISES {
        text.push_str(&format!("            {0}: {0},\n", exercise.name));
    }
    text.push_str("        }\n    }\n}\n");
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
pub fn build(
    dir: &Path,
    submissions: &[Submission],
    compile_seconds: u64,
) -> anyhow::Result<Batch> {
    fs::create_dir_all(dir.join("subs"))?;
    let lock = fs::File::create(dir.join("grade.lock"))?;
    lock.lock()
        .context("waiting for another grade run to finish building")?;
    let cargo = Cargo {
        dir: dir.to_path_buf(),
        hidden: hidden_while_building(dir, submissions),
        compile_seconds,
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
        let build = cargo.build(pending.iter().map(String::as_str))?;
        let mut still_pending = BTreeSet::new();
        for name in &pending {
            let krate = crates.get_mut(name).context("known crate")?;
            if let Some(cause) = build.unexplained.get(name) {
                krate.failure = Some(cause.clone());
                continue;
            }
            match build.errors.get(name) {
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
    let folder = Images::new()?;
    let mut images = link_images(cargo, &workspace, &in_workspace(), &built, folder.folder())?;
    if std::env::var_os("GRADE_TIMINGS").is_some() {
        eprintln!(
            "timings: linking {} images {:.1} s",
            built.len(),
            linking.elapsed().as_secs_f64()
        );
    }
    if !built.is_empty() && images.values().all(Result::is_err) {
        // Not one image linked: that is the grader's fault or the
        // machine's, not every student's.
        let first = images.values().find_map(|outcome| outcome.clone().err());
        bail!(
            "no submission's image could be linked: {}",
            first.unwrap_or_default()
        );
    }
    for image in &built {
        let krate = crates.get_mut(&image.key).context("known crate")?;
        let path = match images.remove(&image.key) {
            Some(Ok(path)) => path,
            Some(Err(message)) => {
                krate.failure = Some(format!("its image could not be linked: {message}"));
                continue;
            }
            None => bail!("the image of {} was never linked", krate.id),
        };
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
        images: folder.keep(linked)?,
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
        let build = cargo.build(trying.iter().map(|pack| pack.name.as_str()))?;
        let mut next = Vec::new();
        for pack in trying {
            // A pack that failed with no error to go by (over the compile
            // time limit, say) is taken apart: each member alone is then
            // judged by its own build.
            if build.unexplained.contains_key(&pack.name) {
                alone.extend(pack.members.into_iter().map(|m| m.krate));
                continue;
            }
            let Some(diagnostics) = build.errors.get(&pack.name) else {
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

/// The environment variable that lets an instructor's test grade code that
/// is otherwise refused (`unsafe`, `extern` blocks, the `asm` family, the
/// link attributes): the workbook's own tests use it to prove that the
/// sandbox holds against such code on its own. Never set it for a class.
pub const ALLOW_UNSAFE_VARIABLE: &str = "GRADE_ALLOW_UNSAFE";

/// Whether [`ALLOW_UNSAFE_VARIABLE`] is set to 1.
pub fn unsafe_allowed() -> bool {
    std::env::var_os(ALLOW_UNSAFE_VARIABLE).is_some_and(|v| v == "1")
}

/// Links an image for each of `built` into `out` (see [`crate::link`]):
/// its path, or why it could not be linked, by key.
fn link_images(
    cargo: &Cargo,
    workspace: &Path,
    members: &[String],
    built: &[Linked],
    out: &Path,
) -> anyhow::Result<BTreeMap<String, Result<PathBuf, String>>> {
    let mut outcomes = BTreeMap::new();
    if built.is_empty() {
        write_workspace(&cargo.dir, workspace, members, &[])?;
        return Ok(outcomes);
    }
    let generated: Vec<String> = built
        .iter()
        .map(|image| image.dependency.clone())
        .collect::<BTreeSet<String>>()
        .into_iter()
        .collect();
    let jobs = |crates: &[String]| -> Vec<link::Job> {
        built
            .iter()
            .filter(|image| crates.contains(&image.dependency))
            .map(|image| link::Job {
                key: image.key.clone(),
                krate: image.dependency.clone(),
                entry: image.entry(),
            })
            .collect()
    };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    // One template for the whole batch; if it does not link, one a crate,
    // so that only the crate at fault loses its images.
    let groups: Vec<Vec<String>> = match template(cargo, workspace, members, &generated)? {
        Err(_) if generated.len() > 1 => generated.iter().map(|k| vec![k.clone()]).collect(),
        template => return link_group(template, &jobs(&generated), &generated, out, threads),
    };
    for group in groups {
        let template = template(cargo, workspace, members, &group)?;
        outcomes.extend(link_group(
            template,
            &jobs(&group),
            &generated,
            out,
            threads,
        )?);
    }
    Ok(outcomes)
}

/// Builds the images' template with the generated `crates` on its link
/// line: the recorded link, or why it failed.
fn template(
    cargo: &Cargo,
    workspace: &Path,
    members: &[String],
    crates: &[String],
) -> anyhow::Result<Result<link::Template, String>> {
    let main = write_workspace(&cargo.dir, workspace, members, crates)?
        .context("a template needs a crate to link")?;
    cargo.template(&main)
}

/// Links `jobs` with `template`, or fails each of them with its error.
fn link_group(
    template: Result<link::Template, String>,
    jobs: &[link::Job],
    generated: &[String],
    out: &Path,
    threads: usize,
) -> anyhow::Result<BTreeMap<String, Result<PathBuf, String>>> {
    match template {
        Ok(template) => link::link_all(&template, jobs, generated, out, threads),
        Err(message) => Ok(jobs
            .iter()
            .map(|job| (job.key.clone(), Err(message.clone())))
            .collect()),
    }
}

/// Writes the generated workspace: `members` under `subs/`, and the
/// template of the images, with `linked` on its link line, once there is
/// a crate to link (then its `main`'s path is returned).
fn write_workspace(
    dir: &Path,
    workspace: &Path,
    members: &[String],
    linked: &[String],
) -> anyhow::Result<Option<PathBuf>> {
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

    if linked.is_empty() {
        return Ok(None);
    }
    images::write_package(dir, linked).map(Some)
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
}
