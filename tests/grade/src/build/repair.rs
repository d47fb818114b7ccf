//! One submission's crate as generated on disk, and its repair: a
//! function that does not compile, or that names a construct reading
//! outside the submission (see [`crate::build::refuse`]), has its body
//! replaced by a panic whose typed payload names it
//! (`workbook::DidNotCompile`), so that it costs only the exercises that
//! use it.
//!
//! The function is found with `syn`: the innermost `fn` whose span covers
//! the line the compiler or the scan points at. A file that does not
//! parse, or an error outside any function, fails the whole submission.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::build::diagnostic::{Diagnostic, primary, rendered};
use crate::build::discover::Submission;
use crate::build::failure::BuildFailure;
use crate::build::refuse::{self, Refusal};
use crate::build::workspace::{manifest, write_if_changed};
use crate::build::wrappers::{take_extensions, wrapper_message, wrappers};
use workbook::Exercise;

/// The body that replaces `function`'s when it did not compile: a panic
/// whose payload, typed ([`workbook::DidNotCompile`]), names it, so that a
/// check's report reads "did not compile" by the payload's type.
fn stub(function: &str, breaks: &str) -> String {
    format!(
        "{{ ::std::panic::panic_any(::grade_serve::workbook::DidNotCompile(\"{function}\")){breaks} }}"
    )
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

/// Why a construct the scan refused cannot be cut out alone: it sits
/// outside any function body, or in a body already cut out (see
/// [`BuildFailure::Refused`]).
#[derive(Debug)]
struct OutsideAnyBody;

/// One submission's crate as generated on disk.
#[derive(Debug)]
pub struct Crate {
    pub name: String,
    pub id: String,
    /// The source files, relative to `src/`, as they will be written.
    pub files: BTreeMap<PathBuf, String>,
    /// How many lines of `lib.rs` are the student's, before the wrappers.
    student_lines: usize,
    pub broken: Vec<Broken>,
    /// Why it has no image, once that is known.
    pub failure: Option<BuildFailure>,
    /// Whether the crate root declares `mod extensions`.
    pub extensions: bool,
}

impl Crate {
    pub fn new(name: &str, submission: &Submission) -> Crate {
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
    pub fn refuse_outside_reads(&mut self) {
        // Each round cuts one function out, so the rounds are bounded by the
        // number of functions; the cap only guards against a loop.
        for _ in 0..1000 {
            let Some(found) = self.refusals().into_iter().next() else {
                return;
            };
            if let Err(OutsideAnyBody) = self.cut_out(&found) {
                let refusals = self
                    .refusals()
                    .iter()
                    .map(|r| self.own_words(&r.describe(&self.id)))
                    .collect();
                self.failure = Some(BuildFailure::Refused { refusals });
                return;
            }
        }
        self.failure = Some(BuildFailure::TooManyRefusals);
    }

    fn refusals(&self) -> Vec<Refusal> {
        self.files
            .iter()
            .flat_map(|(path, text)| refuse::scan(path, text))
            .collect()
    }

    /// Replaces the body of the function around `found` with a panic that
    /// names it, as for a function that did not compile.
    fn cut_out(&mut self, found: &Refusal) -> Result<(), OutsideAnyBody> {
        let text = self.files.get(&found.file).cloned().unwrap_or_default();
        let function = innermost_fn(&text, found.line)
            .ok()
            .flatten()
            .ok_or(OutsideAnyBody)?;
        let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
        let in_body =
            line_of(function.body.start) <= found.line && found.line <= line_of(function.body.end);
        if !in_body || self.broken.iter().any(|b| b.function == function.name) {
            return Err(OutsideAnyBody);
        }
        let exercise = Exercise::named(&function.name).map(|e| e.name);
        let mut patched = text;
        patched.replace_range(function.body.clone(), &stub(&function.name, ""));
        self.files.insert(found.file.clone(), patched);
        self.broken.push(Broken {
            function: function.name,
            exercise,
            message: found.describe(&self.id),
        });
        Ok(())
    }

    pub fn write(&self, dir: &Path) -> anyhow::Result<()> {
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
    /// An error no function's stub can take fails the crate: a
    /// [`BuildFailure::CompileError`].
    pub fn repair(&mut self, diagnostics: &[Diagnostic]) -> Result<(), BuildFailure> {
        let mut stubbed_any = false;
        for diagnostic in diagnostics {
            let Some(span) = primary(diagnostic) else {
                continue;
            };
            let relative = Path::new(&span.file_name)
                .strip_prefix(format!("subs/{}/src", self.name))
                .map(Path::to_path_buf)
                .unwrap_or_else(|_| PathBuf::from(&span.file_name));
            let Some(text) = self.files.get(&relative).cloned() else {
                return Err(self.unrepairable(diagnostic));
            };
            let in_wrappers =
                relative == Path::new("lib.rs") && span.line_start > self.student_lines;
            let found =
                innermost_fn(&text, span.line_start).map_err(|_| self.unrepairable(diagnostic))?;
            let Some(found) = found else {
                return Err(self.unrepairable(diagnostic));
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
            // The body's line breaks stay, so that the lines of the errors
            // still to repair (several missing functions, say), and of the
            // next build's, are still the student's.
            let breaks = "\n".repeat(text[found.body.clone()].matches('\n').count());
            let mut patched = text.clone();
            patched.replace_range(found.body.clone(), &stub(&found.name, &breaks));
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
            Err(self.unrepairable(&diagnostics[0]))
        }
    }

    fn unrepairable(&self, diagnostic: &Diagnostic) -> BuildFailure {
        BuildFailure::CompileError {
            first_error: self.first_error(diagnostic),
        }
    }

    /// The compiler's `diagnostic` as a failed build reports it: rendered
    /// (see [`Crate::render`]), in the submission's own words.
    pub fn first_error(&self, diagnostic: &Diagnostic) -> String {
        self.own_words(&self.render(diagnostic))
    }

    /// `text`, the compiler's, the linker's or rustc's record's, about
    /// this crate, with the submission's id where it names the generated
    /// crate: people know the submission, not the crate grade made of it.
    pub fn own_words(&self, text: &str) -> String {
        text.replace(&self.name, &self.id)
    }

    /// The compiler's message with the generated paths turned back into
    /// the submission's, cut to its first lines.
    pub fn render(&self, diagnostic: &Diagnostic) -> String {
        let generated = format!("subs/{}/src/", self.name);
        let text = rendered(diagnostic).replace(&generated, &format!("{}/", self.id));
        let lines: Vec<&str> = text.lines().collect();
        let mut kept = lines[..lines.len().min(14)].join("\n");
        if lines.len() > 14 {
            let _ = write!(kept, "\n(… {} more lines)", lines.len() - 14);
        }
        kept
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
