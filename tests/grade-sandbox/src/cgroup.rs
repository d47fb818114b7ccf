//! Control groups: the memory and the number of threads of one check, all
//! its processes together, where the kernel lets `grade` make groups.
//!
//! ```text
//! <grade's own cgroup>/grade-<pid>/           made by the grader, one run
//!                      └─ z<n>/                one submission's zygote
//!                          ├─ c0/  c1/ …      one check at a time each:
//!                          │                   memory.max, pids.max
//! ```
//!
//! cgroup v2 where its `memory` and `pids` controllers can be handed down
//! from `grade`'s own group (as root in the root group, or in a delegated
//! subtree that `grade` may move itself within), else cgroup v1's `memory`
//! and `pids` hierarchies where they are mounted and writable (root), else
//! none: then the check's one process, which may start no other (see
//! [`crate::seccomp`]), is bounded by its rlimits alone. The grader makes
//! and removes the folders; the zygote makes one group per check running
//! at once and reuses it, so a check costs one write, by its worker, which
//! joins the group before it limits itself.

use std::fs;
use std::io::Write;
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};

use anyhow::Context;
use nix::fcntl::{OFlag, openat};
use nix::sys::stat::{Mode, mkdirat};
use serde::{Deserialize, Serialize};

/// Which cgroup hierarchies bound a check, and where a zygote's groups go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cgroups {
    /// One unified hierarchy: the folder of the run (or of one zygote).
    V2 { dir: PathBuf },
    /// cgroup v1: the folders in the `memory` and `pids` hierarchies.
    V1 { memory: PathBuf, pids: PathBuf },
}

impl Cgroups {
    /// Makes the run's groups, `grade-<pid>`, under this process's own;
    /// `None` where no hierarchy lets it.
    pub fn for_run() -> Option<Cgroups> {
        let name = format!("grade-{}", std::process::id());
        let own = own_groups().ok()?;
        for parent in [&own.v2, &own.memory, &own.pids].into_iter().flatten() {
            sweep_stale(parent);
        }
        if let Some(parent) = &own.v2
            && let Ok(dir) = v2_run_dir(parent, &name)
        {
            return Some(Cgroups::V2 { dir });
        }
        let (Some(memory), Some(pids)) = (&own.memory, &own.pids) else {
            return None;
        };
        let memory = memory.join(&name);
        let pids = pids.join(&name);
        let made = fs::create_dir(&memory).and_then(|()| fs::create_dir(&pids));
        if made.is_err() {
            let _ = fs::remove_dir(&memory);
            return None;
        }
        Some(Cgroups::V1 { memory, pids })
    }

    /// What the setting line says.
    pub fn describe(&self) -> &'static str {
        match self {
            Cgroups::V2 { .. } => "cgroup v2 (memory, pids)",
            Cgroups::V1 { .. } => "cgroup v1 (memory, pids)",
        }
    }

    fn dirs(&self) -> Vec<&Path> {
        match self {
            Cgroups::V2 { dir } => vec![dir],
            Cgroups::V1 { memory, pids } => vec![memory, pids],
        }
    }

    /// Makes the groups of one zygote, `z<serial>`, inside the run's.
    pub fn for_zygote(&self, serial: u64) -> anyhow::Result<Cgroups> {
        let name = format!("z{serial}");
        let child = match self {
            Cgroups::V2 { dir } => Cgroups::V2 {
                dir: dir.join(&name),
            },
            Cgroups::V1 { memory, pids } => Cgroups::V1 {
                memory: memory.join(&name),
                pids: pids.join(&name),
            },
        };
        for dir in child.dirs() {
            fs::create_dir(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        if let Cgroups::V2 { dir } = &child {
            // Its checks' groups get the controllers too.
            write(&dir.join("cgroup.subtree_control"), "+memory +pids")?;
        }
        Ok(child)
    }

    /// Removes these groups and every group inside, once nothing runs in
    /// them; a v2 group is first told to kill what is left.
    pub fn remove(&self) {
        for dir in self.dirs() {
            if let Cgroups::V2 { .. } = self {
                let _ = write(&dir.join("cgroup.kill"), "1");
            }
            remove_tree(dir);
        }
    }
}

/// Removes the group `dir` and every group below it, deepest first (a
/// group's folder can go only once it has no subgroup).
fn remove_tree(dir: &Path) {
    // The entry's own type (the folder's d_type, which cgroupfs fills
    // in), not a stat per entry: a v1 memory group holds some 30 files,
    // and stat-ing each cost 0.18 s of CPU in a typical class of 100.
    let children = fs::read_dir(dir).into_iter().flatten().flatten();
    for child in children.filter(|c| c.file_type().is_ok_and(|t| t.is_dir())) {
        remove_tree(&child.path());
    }
    remove_when_empty(dir);
}

/// Removes the groups of earlier runs whose `grade` is gone (killed before
/// it could remove them), so that they neither pile up nor take this
/// run's name when process ids come round again.
fn sweep_stale(parent: &Path) {
    let entries = fs::read_dir(parent).into_iter().flatten().flatten();
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix("grade-")
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new("/proc").join(pid.to_string()).exists() {
            remove_tree(&entry.path());
        }
    }
}

/// A cgroup folder can be removed only once its processes are gone, which
/// the kernel may take a moment to see after they were killed.
fn remove_when_empty(dir: &Path) {
    for _ in 0..100 {
        match fs::remove_dir(dir) {
            Ok(()) => return,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return,
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(10)),
        }
    }
}

fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    fs::write(path, text).with_context(|| format!("writing {text:?} to {}", path.display()))
}

/// Where this process's own groups are, in each hierarchy `grade` uses.
#[derive(Debug, Default)]
struct OwnGroups {
    v2: Option<PathBuf>,
    memory: Option<PathBuf>,
    pids: Option<PathBuf>,
}

fn own_groups() -> anyhow::Result<OwnGroups> {
    let membership = fs::read_to_string("/proc/self/cgroup")?;
    let mounts = fs::read_to_string("/proc/self/mountinfo")?;
    Ok(parse_own_groups(&membership, &mounts))
}

/// Joins `/proc/self/cgroup` (which group in each hierarchy) with
/// `/proc/self/mountinfo` (where each hierarchy is mounted).
fn parse_own_groups(membership: &str, mounts: &str) -> OwnGroups {
    let mut own = OwnGroups::default();
    // mountinfo: id parent major:minor root mountpoint options - fstype source super
    let mounted = |wanted: &dyn Fn(&str, &str) -> bool| {
        mounts.lines().find_map(|line| {
            let (before, after) = line.split_once(" - ")?;
            let mut fields = before.split(' ');
            let root = fields.nth(3)?;
            let point = fields.next()?;
            let mut after = after.split(' ');
            let fstype = after.next()?;
            let options = after.nth(1).unwrap_or("");
            (root == "/" && wanted(fstype, options)).then(|| PathBuf::from(point))
        })
    };
    for line in membership.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let relative = path.trim_start_matches('/');
        if controllers.is_empty() {
            own.v2 = mounted(&|fstype, _| fstype == "cgroup2").map(|m| m.join(relative));
        }
        for (name, slot) in [("memory", &mut own.memory), ("pids", &mut own.pids)] {
            if controllers.split(',').any(|c| c == name) {
                *slot = mounted(&|fstype, options| {
                    fstype == "cgroup" && options.split(',').any(|o| o == name)
                })
                .map(|m| m.join(relative));
            }
        }
    }
    own
}

/// Makes a v2 run group under `parent` with `memory` and `pids` enabled.
/// A group with processes cannot hand controllers down (unless it is the
/// root), so `grade` first moves itself into a leaf of its own, as a
/// delegated subtree allows.
fn v2_run_dir(parent: &Path, name: &str) -> anyhow::Result<PathBuf> {
    let available = fs::read_to_string(parent.join("cgroup.controllers"))?;
    let has = |c: &str| available.split_whitespace().any(|a| a == c);
    anyhow::ensure!(has("memory") && has("pids"), "no memory and pids here");
    let enable = |dir: &Path| write(&dir.join("cgroup.subtree_control"), "+memory +pids");
    if enable(parent).is_err() {
        let leaf = parent.join(format!("{name}-grader"));
        fs::create_dir_all(&leaf)?;
        write(&leaf.join("cgroup.procs"), "0")?;
        enable(parent)?;
    }
    let dir = parent.join(name);
    fs::create_dir(&dir)?;
    enable(&dir)?;
    Ok(dir)
}

/// One zygote's groups, opened before it leaves the host's file system:
/// a group per check running at once, reused once its check has ended.
#[derive(Debug)]
pub(crate) struct CheckGroups {
    /// The zygote's folder in each hierarchy.
    dirs: Vec<OwnedFd>,
    v2: bool,
    busy: Vec<bool>,
}

impl CheckGroups {
    pub(crate) fn open(cgroups: &Cgroups) -> anyhow::Result<CheckGroups> {
        let dirs = cgroups
            .dirs()
            .into_iter()
            .map(|dir| {
                nix::fcntl::open(dir, OFlag::O_DIRECTORY | OFlag::O_CLOEXEC, Mode::empty())
                    .with_context(|| format!("opening {}", dir.display()))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(CheckGroups {
            dirs,
            v2: matches!(cgroups, Cgroups::V2 { .. }),
            busy: Vec::new(),
        })
    }

    /// A free group for a new check, made with `memory_mib` and `threads`
    /// limits the first time it is used.
    pub(crate) fn take(&mut self, memory_mib: u64, threads: u64) -> anyhow::Result<usize> {
        if let Some(slot) = self.busy.iter().position(|busy| !busy) {
            self.busy[slot] = true;
            return Ok(slot);
        }
        let slot = self.busy.len();
        let name = format!("c{slot}");
        let memory = (memory_mib << 20).to_string();
        for dir in &self.dirs {
            mkdirat(dir.as_fd(), name.as_str(), Mode::from_bits_truncate(0o755))
                .with_context(|| format!("creating the check's cgroup {name}"))?;
        }
        let limits: &[(usize, &str, &str)] = if self.v2 {
            &[
                (0, "memory.max", &memory),
                (0, "memory.swap.max", "0"),
                (0, "pids.max", ""),
            ]
        } else {
            &[
                (0, "memory.limit_in_bytes", &memory),
                (0, "memory.memsw.limit_in_bytes", &memory),
                (1, "pids.max", ""),
            ]
        };
        for &(dir, file, value) in limits {
            let value = if file == "pids.max" {
                threads.to_string()
            } else {
                value.to_string()
            };
            let written = self.write(dir, &format!("{name}/{file}"), &value);
            // Swap limits exist only where swap is accounted.
            if !file.contains("swap") && !file.contains("memsw") {
                written?;
            }
        }
        self.busy.push(true);
        Ok(slot)
    }

    /// Moves the calling process (a check's worker, first thing) into the
    /// group of `slot`.
    pub(crate) fn join(&self, slot: usize) -> anyhow::Result<()> {
        for index in 0..self.dirs.len() {
            self.write(index, &format!("c{slot}/cgroup.procs"), "0")?;
        }
        Ok(())
    }

    /// Frees the group of an ended check; in v2, anything still in it is
    /// killed first (a check is one process, so nothing should be).
    pub(crate) fn release(&mut self, slot: usize) {
        if self.v2 {
            let _ = self.write(0, &format!("c{slot}/cgroup.kill"), "1");
        }
        if let Some(busy) = self.busy.get_mut(slot) {
            *busy = false;
        }
    }

    fn write(&self, dir: usize, file: &str, value: &str) -> anyhow::Result<()> {
        let fd = openat(
            self.dirs[dir].as_fd(),
            file,
            OFlag::O_WRONLY | OFlag::O_CLOEXEC,
            Mode::empty(),
        )
        .with_context(|| format!("opening the cgroup file {file}"))?;
        fs::File::from(fd)
            .write_all(value.as_bytes())
            .with_context(|| format!("writing {value:?} to the cgroup file {file}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_its_groups_in_either_version() {
        let membership = "9:name=systemd:/\n8:pids:/\n4:memory:/jobs/a1\n0::/\n";
        let mounts = "\
30 25 0:26 / /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory
31 25 0:27 / /sys/fs/cgroup/pids rw,relatime shared:10 - cgroup cgroup rw,pids
35 25 0:31 / /sys/fs/cgroup/unified rw,relatime shared:14 - cgroup2 cgroup2 rw
";
        let own = parse_own_groups(membership, mounts);
        assert_eq!(
            own.memory.as_deref(),
            Some(Path::new("/sys/fs/cgroup/memory/jobs/a1"))
        );
        assert_eq!(own.pids.as_deref(), Some(Path::new("/sys/fs/cgroup/pids/")));
        assert_eq!(
            own.v2.as_deref(),
            Some(Path::new("/sys/fs/cgroup/unified/"))
        );

        let unified_only = parse_own_groups(
            "0::/user.slice/session-2.scope\n",
            "29 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n",
        );
        assert_eq!(
            unified_only.v2.as_deref(),
            Some(Path::new("/sys/fs/cgroup/user.slice/session-2.scope"))
        );
        assert!(unified_only.memory.is_none() && unified_only.pids.is_none());
    }
}
