//! The import graph of one crate: an edge from each module file to each
//! module file it names, its loops, and the imports that run from a lower
//! layer up to a higher one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::Error;
use crate::modules::{ModulePath, ModuleTree};
use crate::references::{named_paths, root_reexports};

/// Module files and which others each one imports.
#[derive(Debug, Default)]
pub struct ImportGraph {
    pub edges: BTreeMap<ModulePath, BTreeSet<ModulePath>>,
}

impl ImportGraph {
    /// The graph of the crate whose root file is `root`.
    pub fn read(root: &Path) -> Result<ImportGraph, Error> {
        Ok(ImportGraph::of(&ModuleTree::read(root)?))
    }

    pub fn of(tree: &ModuleTree) -> ImportGraph {
        let mut graph = ImportGraph::default();
        let children_of = |module: &ModulePath| -> Vec<String> {
            tree.files
                .keys()
                .filter(|other| other.len() == module.len() + 1 && other.starts_with(module))
                .map(|child| child[module.len()].clone())
                .collect()
        };
        let reexports = tree
            .files
            .get(&Vec::new())
            .map(|root| root_reexports(&root.syntax, &children_of(&Vec::new())))
            .unwrap_or_default();
        for (module, file) in &tree.files {
            let children = children_of(module);
            let targets = graph.edges.entry(module.clone()).or_default();
            for mut path in named_paths(module, &file.syntax, &children) {
                if !tree.has_file(&path[..path.len().min(1)])
                    && let Some((_, target)) = path
                        .first()
                        .and_then(|name| reexports.iter().find(|(named, _)| named == name))
                {
                    path = target
                        .iter()
                        .cloned()
                        .chain(path.into_iter().skip(1))
                        .collect();
                }
                // The longest prefix with a file of its own: the module
                // file that defines (or re-exports) what the path names.
                let target = (0..=path.len())
                    .rev()
                    .map(|length| &path[..length])
                    .find(|prefix| tree.has_file(prefix));
                if let Some(target) = target
                    && target != module.as_slice()
                {
                    targets.insert(target.to_vec());
                }
            }
        }
        graph
    }

    /// Each set of module files that import each other in a loop, as its
    /// members in order (Tarjan's strongly connected components).
    pub fn loops(&self) -> Vec<Vec<ModulePath>> {
        let mut search = Components {
            graph: self,
            index: BTreeMap::new(),
            lowest: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            found: Vec::new(),
        };
        for module in self.edges.keys() {
            if !search.index.contains_key(module) {
                search.visit(module);
            }
        }
        search.found.retain(|component| component.len() > 1);
        search
            .found
            .iter_mut()
            .for_each(|component| component.sort());
        search.found.sort();
        search.found
    }

    /// Each import from a module to one of a higher layer: `layers` lists
    /// the root's modules, lowest layer first; modules in one layer may
    /// import each other. The crate root sits above every layer.
    pub fn upward_imports(
        &self,
        layers: &[&[&str]],
    ) -> Result<Vec<(ModulePath, ModulePath)>, Error> {
        let layer_of = |module: &ModulePath| -> Result<Option<usize>, Error> {
            let Some(top) = module.first() else {
                return Ok(None);
            };
            layers
                .iter()
                .position(|layer| layer.contains(&top.as_str()))
                .map(Some)
                .ok_or_else(|| Error::Unlayered {
                    module: top.clone(),
                })
        };
        let mut upward = Vec::new();
        for (module, targets) in &self.edges {
            let Some(from) = layer_of(module)? else {
                continue;
            };
            for target in targets {
                match layer_of(target)? {
                    Some(to) if to > from => upward.push((module.clone(), target.clone())),
                    // Up to the crate root is up too.
                    None => upward.push((module.clone(), target.clone())),
                    _ => {}
                }
            }
        }
        Ok(upward)
    }
}

struct Components<'graph> {
    graph: &'graph ImportGraph,
    index: BTreeMap<&'graph ModulePath, usize>,
    lowest: BTreeMap<&'graph ModulePath, usize>,
    stack: Vec<&'graph ModulePath>,
    on_stack: BTreeSet<&'graph ModulePath>,
    found: Vec<Vec<ModulePath>>,
}

impl<'graph> Components<'graph> {
    fn visit(&mut self, module: &'graph ModulePath) {
        let order = self.index.len();
        self.index.insert(module, order);
        self.lowest.insert(module, order);
        self.stack.push(module);
        self.on_stack.insert(module);
        for target in self.graph.edges.get(module).into_iter().flatten() {
            if !self.index.contains_key(target) {
                self.visit(target);
                let lowest = self.lowest[module].min(self.lowest[target]);
                self.lowest.insert(module, lowest);
            } else if self.on_stack.contains(target) {
                let lowest = self.lowest[module].min(self.index[target]);
                self.lowest.insert(module, lowest);
            }
        }
        if self.lowest[module] == self.index[module] {
            let mut component = Vec::new();
            while let Some(member) = self.stack.pop() {
                self.on_stack.remove(member);
                component.push(member.clone());
                if member == module {
                    break;
                }
            }
            self.found.push(component);
        }
    }
}
