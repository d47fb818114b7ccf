//! CI's import check: every shipped crate's module graph has no loop, and
//! grade's wings import only the wings below them, and no workspace member
//! depends on itself through another (a dev-dependency that leads back).
//! Exits non-zero, naming each loop and each upward import, when one is
//! found.

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, bail};
use import_graph::{CrateGraph, ImportGraph, declared_modules, display};

/// The crates whose root modules are layered, lowest layer first: a
/// module may import its own layer's and lower layers' modules only.
/// grade's follow its lib.rs: the floor, then the wings in the order a
/// run goes through them, then the command that runs them. A layered
/// root must declare its modules in this order, so that what it says of
/// its layers is what is checked.
const LAYERS: &[(&str, &[&[&str]])] = &[(
    "grade",
    &[
        &["cli", "machine", "rubric", "terminal"],
        &["build"],
        &["results"],
        &["run"],
        &["report"],
        &["classroom"],
        &["grader"],
    ],
)];

/// Loops allowed for now, each only while it is exactly as listed, so a
/// fixed loop's entry fails the check until it is removed. None today:
/// an entry is for a crate another branch is still untangling.
const KNOWN_LOOPS: &[(&str, &[&str])] = &[];

fn main() -> ExitCode {
    // `--edges NAME`: what each of that crate's modules imports, to find
    // where a reported loop closes.
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, name] = arguments.as_slice()
        && flag == "--edges"
    {
        return match print_edges(name) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("Error: {error:#}");
                ExitCode::FAILURE
            }
        };
    }
    match check() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn check() -> anyhow::Result<()> {
    let metadata = workspace_metadata()?;
    let mut failures = Vec::new();
    let crates = CrateGraph::from_metadata(&metadata);
    for cycle in crates.cycles() {
        failures.push(format!(
            "{}: its dependencies lead back to it, so its tests link a second copy: {}",
            cycle[0],
            cycle.join(" -> ")
        ));
    }
    if failures.is_empty() {
        println!(
            "workspace: {} crates, none depends on itself through another",
            crates.linked.len()
        );
    }
    let mut allowances_used = Vec::new();
    for (name, root) in shipped_crate_roots(&metadata)? {
        let graph =
            ImportGraph::read(&root).with_context(|| format!("reading {name}'s modules"))?;
        let mut problems = 0;
        let mut known = 0;
        for found in graph.loops() {
            let members: Vec<String> = found.iter().map(|module| display(module)).collect();
            let allowed = KNOWN_LOOPS
                .iter()
                .position(|(krate, known)| *krate == name && *known == members.as_slice());
            if let Some(index) = allowed {
                allowances_used.push(index);
                known += 1;
                println!(
                    "{name}: known loop, allowed for now: {}",
                    members.join(", ")
                );
                continue;
            }
            problems += 1;
            failures.push(format!(
                "{name} ({}): modules import each other in a loop: {}",
                root.display(),
                members.join(", ")
            ));
        }
        if let Some((_, layers)) = LAYERS.iter().find(|(krate, _)| *krate == name)
            && root.ends_with("lib.rs")
        {
            let listed: Vec<&str> = layers
                .iter()
                .flat_map(|layer| layer.iter().copied())
                .collect();
            let declared = declared_modules(&root)?;
            if declared != listed {
                problems += 1;
                failures.push(format!(
                    "{name}: its root declares {} but LAYERS lists {}, lowest first",
                    declared.join(", "),
                    listed.join(", ")
                ));
            }
            for (from, to) in graph.upward_imports(layers)? {
                problems += 1;
                failures.push(format!(
                    "{name}: {} imports {}, from a lower layer up",
                    display(&from),
                    display(&to)
                ));
            }
        }
        if problems == 0 {
            let unless = if known > 0 { " but the known ones" } else { "" };
            println!("{name}: {} modules, no loop{unless}", graph.edges.len());
        }
    }
    for (index, (krate, known)) in KNOWN_LOOPS.iter().enumerate() {
        if !allowances_used.contains(&index) {
            failures.push(format!(
                "{krate}: the known loop {} is gone: remove it from KNOWN_LOOPS",
                known.join(", ")
            ));
        }
    }
    for failure in &failures {
        eprintln!("{failure}");
    }
    if !failures.is_empty() {
        bail!("{} import problem(s)", failures.len());
    }
    Ok(())
}

fn print_edges(name: &str) -> anyhow::Result<()> {
    for (krate, root) in shipped_crate_roots(&workspace_metadata()?)? {
        if krate != name {
            continue;
        }
        let graph = ImportGraph::read(&root)?;
        for (module, targets) in &graph.edges {
            let targets: Vec<String> = targets.iter().map(|target| display(target)).collect();
            println!("{} -> {}", display(module), targets.join(", "));
        }
    }
    Ok(())
}

/// The workspace's members, their targets and their dependencies.
fn workspace_metadata() -> anyhow::Result<serde_json::Value> {
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["metadata", "--no-deps", "--format-version", "1"])
        .output()
        .context("running cargo metadata")?;
    if !output.status.success() {
        bail!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    serde_json::from_slice(&output.stdout).context("reading cargo metadata")
}

/// Each workspace member's library and binaries.
fn shipped_crate_roots(metadata: &serde_json::Value) -> anyhow::Result<Vec<(String, PathBuf)>> {
    let mut roots = Vec::new();
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let name = package["name"].as_str().unwrap_or_default();
        for target in package["targets"].as_array().into_iter().flatten() {
            let kinds: Vec<&str> = target["kind"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|kind| kind.as_str())
                .collect();
            if kinds
                .iter()
                .any(|kind| matches!(*kind, "lib" | "bin" | "proc-macro"))
            {
                let path = target["src_path"].as_str().unwrap_or_default();
                roots.push((name.to_string(), PathBuf::from(path)));
            }
        }
    }
    roots.sort();
    Ok(roots)
}
