//! A crate's module tree: which file holds each module, found from the
//! crate's root by its `mod` declarations, as rustc finds them, and then
//! from the crate's files, for the modules a macro declares.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::Error;

/// A module's path from the crate root: `["build", "cargo"]` for
/// `crate::build::cargo`; empty for the root itself.
pub type ModulePath = Vec<String>;

/// One module that has a file of its own, parsed.
#[allow(missing_debug_implementations)] // syn::File has no Debug here
pub struct ModuleFile {
    pub path: PathBuf,
    pub syntax: syn::File,
}

/// Every file-backed module of one crate, by module path.
#[derive(Default)]
#[allow(missing_debug_implementations)]
pub struct ModuleTree {
    pub files: BTreeMap<ModulePath, ModuleFile>,
    /// The files and folders of test-only modules, which are left out.
    test_only: Vec<PathBuf>,
}

/// The modules a crate root declares, in the order its `mod` lines come.
pub fn declared_modules(root: &Path) -> Result<Vec<String>, Error> {
    let text = std::fs::read_to_string(root).map_err(|source| Error::Read {
        path: root.to_path_buf(),
        source,
    })?;
    let syntax = syn::parse_file(&text).map_err(|source| Error::Parse {
        path: root.to_path_buf(),
        source,
    })?;
    Ok(syntax
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(declaration) if !is_test_only(&declaration.attrs) => {
                Some(declaration.ident.to_string())
            }
            _ => None,
        })
        .collect())
}

impl ModuleTree {
    /// Reads the crate whose root file is `root` (a `lib.rs` or `main.rs`).
    pub fn read(root: &Path) -> Result<ModuleTree, Error> {
        let mut tree = ModuleTree::default();
        let directory = root.parent().unwrap_or(Path::new(".")).to_path_buf();
        tree.read_file(Vec::new(), root, &directory)?;
        // Only a crate's own folder: a `tests/x.rs` or `bin/x.rs` root
        // shares its folder with other crates, and `main.rs` beside a
        // `lib.rs` is a crate whose modules are the library's.
        let name = root.file_name().and_then(|name| name.to_str());
        let owns_folder = match name {
            Some("lib.rs") => true,
            Some("main.rs") => !directory.join("lib.rs").is_file(),
            _ => false,
        };
        if owns_folder {
            tree.read_undeclared(&directory)?;
        }
        Ok(tree)
    }

    /// Reads each `.rs` file under `directory` that no `mod` line seen so
    /// far declares, as the module its path names (`checks/flip.rs` is
    /// `checks::flip`): a module declared by a macro (`pub mod $name;` in
    /// a `macro_rules!`, which this reader does not expand) is still a
    /// file there, and its imports are still edges. Left out: the files
    /// of test-only modules, and `bin/`, whose files are crates of their
    /// own.
    fn read_undeclared(&mut self, directory: &Path) -> Result<(), Error> {
        let mut files = Vec::new();
        let mut folders = vec![directory.to_path_buf()];
        while let Some(folder) = folders.pop() {
            let entries = std::fs::read_dir(&folder).map_err(|source| Error::Read {
                path: folder.clone(),
                source,
            })?;
            for entry in entries.flatten() {
                let path = entry.path();
                if self.test_only.iter().any(|left| path.starts_with(left)) {
                    continue;
                }
                if path.is_dir() {
                    if path != directory.join("bin") {
                        folders.push(path);
                    }
                } else if path.extension().is_some_and(|extension| extension == "rs") {
                    files.push(path);
                }
            }
        }
        files.sort();
        for file in files {
            let Ok(relative) = file.strip_prefix(directory) else {
                continue;
            };
            let mut module: ModulePath = relative
                .with_extension("")
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            let own_folder = if module.last().is_some_and(|last| last == "mod") {
                module.pop();
                file.parent().unwrap_or(directory).to_path_buf()
            } else {
                file.with_extension("")
            };
            let is_root = module.len() == 1 && (module[0] == "lib" || module[0] == "main");
            if is_root || self.files.contains_key(&module) {
                continue;
            }
            self.read_file(module, &file, &own_folder)?;
        }
        Ok(())
    }

    /// Whether `module` has a file of its own.
    pub fn has_file(&self, module: &[String]) -> bool {
        self.files.contains_key(module)
    }

    /// `children` is the folder that holds the file's child modules: its
    /// own for `lib.rs`, `main.rs` and `mod.rs`, `name/` beside `name.rs`.
    fn read_file(&mut self, module: ModulePath, file: &Path, children: &Path) -> Result<(), Error> {
        let text = std::fs::read_to_string(file).map_err(|source| Error::Read {
            path: file.to_path_buf(),
            source,
        })?;
        let syntax = syn::parse_file(&text).map_err(|source| Error::Parse {
            path: file.to_path_buf(),
            source,
        })?;
        let items = syntax.items.clone();
        self.files.insert(
            module.clone(),
            ModuleFile {
                path: file.to_path_buf(),
                syntax,
            },
        );
        self.read_declared(&module, &items, children)
    }

    fn read_declared(
        &mut self,
        module: &[String],
        items: &[syn::Item],
        children: &Path,
    ) -> Result<(), Error> {
        for item in items {
            let syn::Item::Mod(declaration) = item else {
                continue;
            };
            let name = declaration.ident.to_string();
            if is_test_only(&declaration.attrs) {
                self.test_only.push(children.join(format!("{name}.rs")));
                self.test_only.push(children.join(&name));
                continue;
            }
            let mut child = module.to_vec();
            child.push(name.clone());
            match &declaration.content {
                // An inline module's own `mod x;` live in `children/name/`.
                Some((_, inline)) => self.read_declared(&child, inline, &children.join(&name))?,
                None => {
                    let flat = children.join(format!("{name}.rs"));
                    let folder = children.join(&name).join("mod.rs");
                    if flat.is_file() {
                        self.read_file(child, &flat, &children.join(&name))?;
                    } else if folder.is_file() {
                        self.read_file(child, &folder, &children.join(&name))?;
                    } else {
                        return Err(Error::MissingModule {
                            module: child.join("::"),
                            near: children.to_path_buf(),
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

/// Whether an item is compiled only for tests (`#[cfg(test)]`): what it
/// imports is not part of the shipped crate's graph.
pub fn is_test_only(attributes: &[syn::Attribute]) -> bool {
    attributes.iter().any(|attribute| {
        attribute.path().is_ident("cfg")
            && attribute
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| meta.path().is_ident("test"))
    })
}
