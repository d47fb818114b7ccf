//! A crate's module tree: which file holds each module, found from the
//! crate's root by its `mod` declarations, as rustc finds them.

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
        Ok(tree)
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
            if is_test_only(&declaration.attrs) {
                continue;
            }
            let name = declaration.ident.to_string();
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
