//! An edition's workspace manifest: the workspace's own, with only the
//! edition's members, the path dependencies among them, and the profile
//! settings of the packages the edition can build, so that cargo has
//! nothing to warn a student or Gradescope about.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use anyhow::{Context, bail};

/// The workspace's manifest with only `members`, the path dependencies
/// among them, and its profiles and lints.
pub(crate) fn workspace_manifest(
    root: &Path,
    members: &[&str],
    default_members: &[&str],
    header: &str,
) -> anyhow::Result<String> {
    let text = fs::read_to_string(root.join("Cargo.toml")).context("the workspace manifest")?;
    let mut manifest: toml::Table = text.parse().context("the workspace manifest")?;
    let Some(toml::Value::Table(workspace)) = manifest.get_mut("workspace") else {
        bail!("the workspace manifest has no [workspace]");
    };
    workspace.insert("members".into(), members.to_vec().into());
    workspace.insert("default-members".into(), default_members.to_vec().into());
    // Path dependencies on crates the edition leaves out (the reference
    // among them) would not resolve.
    if let Some(toml::Value::Table(dependencies)) = workspace.get_mut("dependencies") {
        dependencies.retain(|_, dependency| {
            let path = dependency.get("path").and_then(toml::Value::as_str);
            path.is_none_or(|path| members.contains(&path))
        });
    }
    // The profiles name the crates they optimise, and a name cargo cannot
    // match in the edition (the reference, or the frames of the grader's
    // images in the student edition) is a warning on every build, and in
    // the student edition a mention of the solutions.
    let reachable = reachable_packages(root, members)?;
    if let Some(toml::Value::Table(profiles)) = manifest.get_mut("profile") {
        for (_, profile) in profiles.iter_mut() {
            if let Some(toml::Value::Table(packages)) = profile.get_mut("package") {
                packages.retain(|name, _| name == "*" || reachable.contains(name));
            }
        }
    }
    let comments: String = header.lines().map(|l| format!("# {l}\n")).collect();
    Ok(format!("{comments}\n{}", toml::to_string(&manifest)?))
}

/// The packages of the workspace's `Cargo.lock` that the crates at
/// `members` (paths in the workspace) depend on, themselves included,
/// through no crate of the workspace that the edition leaves out.
/// Read from the lockfile rather than asked of cargo, so that the manifest
/// is the same whenever it is made, here and when `grade` checks a
/// classroom clone against it.
fn reachable_packages(root: &Path, members: &[&str]) -> anyhow::Result<BTreeSet<String>> {
    let lock: toml::Table = fs::read_to_string(root.join("Cargo.lock"))
        .context("the workspace's Cargo.lock")?
        .parse()
        .context("the workspace's Cargo.lock")?;
    let packages = lock
        .get("package")
        .and_then(toml::Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut reachable = BTreeSet::new();
    let mut next: Vec<String> = Vec::new();
    for member in members {
        let manifest: toml::Table = fs::read_to_string(root.join(member).join("Cargo.toml"))
            .with_context(|| format!("the manifest of {member}"))?
            .parse()
            .with_context(|| format!("the manifest of {member}"))?;
        if let Some(name) = manifest
            .get("package")
            .and_then(|package| package.get("name"))
            .and_then(toml::Value::as_str)
        {
            next.push(name.to_string());
        }
    }
    // The workspace's own crates the edition leaves out are not followed:
    // the lockfile lists dev-dependencies too, and the reference is one.
    let members_by_name: BTreeSet<String> = next.iter().cloned().collect();
    let left_out = |name: &str| {
        packages.iter().any(|package| {
            package.get("name").and_then(toml::Value::as_str) == Some(name)
                && package.get("source").is_none()
        }) && !members_by_name.contains(name)
    };
    while let Some(name) = next.pop() {
        if left_out(&name) || !reachable.insert(name.clone()) {
            continue;
        }
        let dependencies = packages
            .iter()
            .filter(|package| package.get("name").and_then(toml::Value::as_str) == Some(&name))
            .filter_map(|package| package.get("dependencies").and_then(toml::Value::as_array))
            .flatten()
            .filter_map(toml::Value::as_str);
        // A dependency reads "name", or "name version" when two versions
        // are locked.
        next.extend(dependencies.filter_map(|d| d.split(' ').next().map(str::to_string)));
    }
    Ok(reachable)
}
