//! The workspace's crate graph, from `cargo metadata`: a member whose
//! tests or build reach back to the member itself. Cargo refuses a loop
//! of normal dependencies, but not one that a dev-dependency closes:
//! `grading`'s tests depended on `solutions`, which depended on
//! `lab-tools` (for its `shuffler`), which depends on `grading`, so
//! grading's unit tests linked a second copy of grading, whose types and
//! statics are not the ones under test, and every change to grading
//! rebuilt the whole chain twice.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Each workspace member's dependencies on other members, by kind.
#[derive(Debug, Default)]
pub struct CrateGraph {
    /// Normal and build dependencies: what a crate's library needs, and so
    /// what comes along wherever the crate is a dependency.
    pub linked: BTreeMap<String, BTreeSet<String>>,
    /// Dev-dependencies: built only for the crate's own tests, examples
    /// and benches, never for a crate that depends on it.
    pub dev: BTreeMap<String, BTreeSet<String>>,
}

impl CrateGraph {
    /// The graph of the members in `cargo metadata --format-version 1`
    /// output (`--no-deps` is enough: members depend on each other by path).
    pub fn from_metadata(metadata: &serde_json::Value) -> CrateGraph {
        let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
        let members: BTreeSet<&str> = packages
            .iter()
            .filter_map(|package| package["name"].as_str())
            .collect();
        let mut graph = CrateGraph::default();
        for package in &packages {
            let name = package["name"].as_str().unwrap_or_default().to_string();
            graph.linked.entry(name.clone()).or_default();
            graph.dev.entry(name.clone()).or_default();
            for dependency in package["dependencies"].as_array().into_iter().flatten() {
                let target = dependency["name"].as_str().unwrap_or_default();
                // A registry crate of a member's name is not the member.
                if !members.contains(target) || dependency["path"].is_null() {
                    continue;
                }
                let edges = match dependency["kind"].as_str() {
                    Some("dev") => &mut graph.dev,
                    _ => &mut graph.linked,
                };
                edges.entry(name.clone()).or_default().insert(target.into());
            }
        }
        graph
    }

    /// Every member whose own dependencies (any kind) reach back to it,
    /// each as the shortest such path, from the member back to itself. A
    /// crate's dev-dependency on itself, to turn on features for its own
    /// tests, is the same copy and no loop.
    pub fn cycles(&self) -> Vec<Vec<String>> {
        let mut found = Vec::new();
        for (name, linked) in &self.linked {
            let direct = linked
                .iter()
                .chain(self.dev.get(name).into_iter().flatten());
            let mut best: Option<Vec<String>> = None;
            for first in direct.filter(|first| *first != name) {
                if let Some(mut path) = self.linked_path(first, name) {
                    path.insert(0, name.clone());
                    if best.as_ref().is_none_or(|best| path.len() < best.len()) {
                        best = Some(path);
                    }
                }
            }
            found.extend(best);
        }
        found
    }

    /// The shortest path from `from` to `to` along normal and build
    /// dependencies (what a dependency brings along), both ends included.
    fn linked_path(&self, from: &str, to: &str) -> Option<Vec<String>> {
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = VecDeque::from([from]);
        came_from.insert(from, from);
        while let Some(at) = queue.pop_front() {
            if at == to {
                let mut path = vec![to.to_string()];
                let mut step = to;
                while step != from {
                    step = came_from[step];
                    path.push(step.to_string());
                }
                path.reverse();
                return Some(path);
            }
            for next in self.linked.get(at).into_iter().flatten() {
                if !came_from.contains_key(next.as_str()) {
                    came_from.insert(next, at);
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Metadata for `(package, [(dependency, kind)])`, kind "" for normal.
    fn metadata(packages: &[(&str, &[(&str, &str)])]) -> serde_json::Value {
        let packages: Vec<serde_json::Value> = packages
            .iter()
            .map(|(name, dependencies)| {
                let dependencies: Vec<serde_json::Value> = dependencies
                    .iter()
                    .map(|(target, kind)| {
                        serde_json::json!({
                            "name": target,
                            "kind": if kind.is_empty() { None } else { Some(kind) },
                            "path": format!("/w/{target}"),
                        })
                    })
                    .collect();
                serde_json::json!({ "name": name, "dependencies": dependencies })
            })
            .collect();
        serde_json::json!({ "packages": packages })
    }

    #[test]
    fn a_dev_dependency_that_leads_back_is_a_cycle() {
        // The workspace before the shuffler moved out of `solutions`.
        let before = metadata(&[
            ("workbook", &[("solutions", "dev")]),
            (
                "grading",
                &[("workbook", ""), ("grading", "dev"), ("solutions", "dev")],
            ),
            ("solutions", &[("lab-tools", ""), ("grading", "dev")]),
            ("lab-tools", &[("grading", ""), ("workbook", "")]),
        ]);
        let cycles = CrateGraph::from_metadata(&before).cycles();
        assert_eq!(
            cycles,
            [
                vec!["grading", "solutions", "lab-tools", "grading"],
                vec!["workbook", "solutions", "lab-tools", "workbook"],
            ]
        );
    }

    #[test]
    fn dev_dependencies_of_dependencies_and_self_features_are_not() {
        // Testing `grading` builds `solutions`' library, not its tests, so
        // `solutions`' dev-dependency on `grading` closes nothing.
        let after = metadata(&[
            ("workbook", &[("solutions", "dev")]),
            (
                "grading",
                &[("workbook", ""), ("grading", "dev"), ("solutions", "dev")],
            ),
            ("solutions", &[("grading", "dev")]),
            ("lab-tools", &[("grading", ""), ("solutions", "dev")]),
            (
                "reference-shuffler",
                &[("lab-tools", ""), ("solutions", "")],
            ),
        ]);
        assert!(CrateGraph::from_metadata(&after).cycles().is_empty());
    }

    #[test]
    fn a_build_dependency_brings_its_crate_along() {
        let graph = metadata(&[("a", &[("b", "dev")]), ("b", &[("a", "build")])]);
        assert_eq!(
            CrateGraph::from_metadata(&graph).cycles(),
            [vec!["a", "b", "a"]]
        );
    }

    #[test]
    fn a_registry_crate_of_a_members_name_is_not_the_member() {
        let mut graph = metadata(&[("a", &[("b", "dev")]), ("b", &[("a", "")])]);
        graph["packages"][1]["dependencies"][0]["path"] = serde_json::Value::Null;
        assert!(CrateGraph::from_metadata(&graph).cycles().is_empty());
    }
}
