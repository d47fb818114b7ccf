//! What one module file names of its crate's other modules: its `use`
//! trees, the paths in its code, and the `crate::`/`super::` paths inside
//! its macros' tokens, each resolved to the module it starts from.

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

use crate::modules::{ModulePath, is_test_only};

/// Every path the file at `module` names, made absolute where it starts
/// with `crate`, `super` or `self`, or with one of `local_children` (a
/// child module named from its parent, as `pub use grader::*` does).
/// Paths from elsewhere (std, other crates) are left out.
pub fn named_paths(
    module: &[String],
    file: &syn::File,
    local_children: &[String],
) -> Vec<ModulePath> {
    let mut collector = Collector {
        is_root: module.is_empty(),
        module: module.to_vec(),
        local_children: local_children.to_vec(),
        found: Vec::new(),
    };
    for item in &file.items {
        collector.visit_item(item);
    }
    collector.found
}

/// The names the crate root re-exports (`pub use a::B;`), each with the
/// path it stands for: a path through the root to one of them is a path
/// to the module that defines it. The root's `pub use` lines are the
/// crate's table of contents, not imports of the root's own code.
/// `children` are the root's child modules, which a `use` may name bare.
pub fn root_reexports(file: &syn::File, children: &[String]) -> Vec<(String, ModulePath)> {
    let mut names = Vec::new();
    for item in &file.items {
        let syn::Item::Use(declaration) = item else {
            continue;
        };
        if !matches!(declaration.vis, syn::Visibility::Public(_)) {
            continue;
        }
        for (name, segments) in use_leaves(Vec::new(), &declaration.tree) {
            let mut collector = Collector {
                is_root: false,
                module: Vec::new(),
                local_children: children.to_vec(),
                found: Vec::new(),
            };
            collector.resolve(segments, true);
            // A re-export from another crate resolves to nothing here.
            if let Some(path) = collector.found.pop() {
                names.push((name, path));
            }
        }
    }
    names
}

/// Each leaf of a `use` tree: the name it binds (empty for a glob) and
/// the path it names.
fn use_leaves(prefix: Vec<String>, tree: &syn::UseTree) -> Vec<(String, Vec<String>)> {
    let with = |segment: String| {
        let mut path = prefix.clone();
        path.push(segment);
        path
    };
    match tree {
        syn::UseTree::Path(path) => use_leaves(with(path.ident.to_string()), &path.tree),
        syn::UseTree::Name(name) => vec![(name.ident.to_string(), with(name.ident.to_string()))],
        syn::UseTree::Rename(rename) => {
            vec![(rename.rename.to_string(), with(rename.ident.to_string()))]
        }
        syn::UseTree::Glob(_) => vec![(String::new(), prefix)],
        syn::UseTree::Group(group) => group
            .items
            .iter()
            .flat_map(|tree| use_leaves(prefix.clone(), tree))
            .collect(),
    }
}

struct Collector {
    /// Whether this is the crate root, whose `pub use` lines are skipped.
    is_root: bool,
    module: ModulePath,
    local_children: Vec<String>,
    found: Vec<ModulePath>,
}

impl Collector {
    /// `imported` is whether the path is a `use` tree's, where a lone
    /// child module's name is one; in code, a lone name is a local.
    fn resolve(&mut self, segments: Vec<String>, imported: bool) {
        let Some(first) = segments.first().cloned() else {
            return;
        };
        let mut absolute = match first.as_str() {
            "crate" => Vec::new(),
            "self" | "super" => self.module.clone(),
            name if (imported || segments.len() > 1)
                && self.local_children.iter().any(|child| child == name) =>
            {
                let mut absolute = self.module.clone();
                absolute.extend(segments.into_iter().filter(|segment| segment != "*"));
                self.found.push(absolute);
                return;
            }
            _ => return,
        };
        let mut rest = segments.into_iter().skip(1).peekable();
        if first == "super" {
            absolute.pop();
            while rest.peek().is_some_and(|segment| segment == "super") {
                rest.next();
                absolute.pop();
            }
        }
        absolute.extend(rest.filter(|segment| segment != "self" && segment != "*"));
        self.found.push(absolute);
    }

    fn use_tree(&mut self, tree: &syn::UseTree) {
        for (_, segments) in use_leaves(Vec::new(), tree) {
            self.resolve(segments, true);
        }
    }

    /// A macro's tokens are not parsed, so its paths are read as
    /// `crate :: a :: b` (or `super`, `$crate`) runs of tokens.
    fn tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut index = 0;
        while index < tokens.len() {
            match &tokens[index] {
                TokenTree::Group(group) => self.tokens(group.stream()),
                TokenTree::Ident(ident) if ident == "crate" || ident == "super" => {
                    let mut segments = vec![ident.to_string()];
                    while is_path_separator(&tokens[index + 1..]) {
                        let Some(TokenTree::Ident(segment)) = tokens.get(index + 3) else {
                            break;
                        };
                        segments.push(segment.to_string());
                        index += 3;
                    }
                    if segments.len() > 1 {
                        self.resolve(segments, false);
                    }
                }
                _ => {}
            }
            index += 1;
        }
    }
}

fn is_path_separator(tokens: &[TokenTree]) -> bool {
    matches!(
        tokens,
        [TokenTree::Punct(first), TokenTree::Punct(second), ..]
            if first.as_char() == ':' && second.as_char() == ':'
    )
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attributes: &[syn::Attribute] = match item {
            syn::Item::Const(item) => &item.attrs,
            syn::Item::Enum(item) => &item.attrs,
            syn::Item::Fn(item) => &item.attrs,
            syn::Item::Impl(item) => &item.attrs,
            syn::Item::Macro(item) => &item.attrs,
            syn::Item::Mod(item) => &item.attrs,
            syn::Item::Static(item) => &item.attrs,
            syn::Item::Struct(item) => &item.attrs,
            syn::Item::Trait(item) => &item.attrs,
            syn::Item::Type(item) => &item.attrs,
            syn::Item::Use(item) => &item.attrs,
            _ => &[],
        };
        if is_test_only(attributes) {
            return;
        }
        match item {
            syn::Item::Use(declaration)
                if self.is_root && matches!(declaration.vis, syn::Visibility::Public(_)) => {}
            syn::Item::Use(declaration) => self.use_tree(&declaration.tree),
            // An inline module's paths start from the inline module; a
            // declared one's file is read on its own.
            syn::Item::Mod(module) => {
                if let Some((_, items)) = &module.content {
                    self.module.push(module.ident.to_string());
                    for item in items {
                        self.visit_item(item);
                    }
                    self.module.pop();
                }
            }
            _ => syn::visit::visit_item(self, item),
        }
    }

    /// `pub(crate)` and `pub(super)` name who may see an item, not what
    /// it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments = path
            .segments
            .iter()
            .map(|segment| segment.ident.to_string())
            .collect();
        self.resolve(segments, false);
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }
}
