//! What a check's process sees of the file system.
//!
//! With namespaces, each submission's zygote moves into a new root made of
//! read-only views of the system folders (`/usr`, `/bin`, `/lib`, `/etc`…),
//! a few devices, the submission's image at `/image` and an empty `/tmp`;
//! the instructor's checkout, the other submissions and their images, the
//! homes and the host's `/tmp` are not in it at all. Each check then gets
//! its own mount namespace with a fresh, size-limited `/tmp`, gone when the
//! check ends.
//!
//! In every setting where the kernel has it, Landlock then gives each
//! check's worker the system folders to read (not to execute), its image
//! to execute, with namespaces its size-limited `/tmp` to write, and
//! denies the rest; from
//! ABI 6 on it also keeps the check's signals and abstract Unix sockets
//! inside the check.

use std::fs;
use std::os::fd::AsRawFd;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};

use anyhow::Context;
use nix::mount::{MntFlags, MsFlags, mount, umount2};
use nix::sys::statvfs::{FsFlags, statvfs};
use serde::{Deserialize, Serialize};

use crate::Limits;

/// How the checks are kept apart from the machine and from each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Isolation {
    /// PID, network and mount namespaces: a private root and `/tmp`.
    Namespaces,
    /// No namespaces; Landlock limits the file system of each check.
    Landlock,
    /// Neither is available: the checks see what the grading user sees.
    None,
}

/// The system folders a check may read (where they exist): what a program
/// the student's code starts, such as `sleep`, needs to run.
const SYSTEM_FOLDERS: [&str; 8] = [
    "usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc",
];
/// The devices a check may use.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// Where a submission's image is inside its private root.
pub(crate) const IMAGE_INSIDE: &str = "/image";

/// Where each check's own tmpfs is mounted, in the private root: its
/// working folder.
pub(crate) const CHECK_TMP: &str = "/tmp";

/// Moves the calling process, alone in a new mount namespace, into a new
/// read-only root that holds only the system folders, the devices, the
/// submission's `image` at [`IMAGE_INSIDE`] and an empty `/tmp` for each
/// check to mount its own.
pub(crate) fn enter_private_root(image: &Path) -> anyhow::Result<()> {
    let none = None::<&str>;
    // Held open by a path-only descriptor, since the image may sit under
    // the /tmp that the new root is about to cover.
    let image = nix::fcntl::open(
        image,
        nix::fcntl::OFlag::O_PATH | nix::fcntl::OFlag::O_CLOEXEC,
        nix::sys::stat::Mode::empty(),
    )
    .with_context(|| format!("opening the image {}", image.display()))?;
    let image = PathBuf::from(format!("/proc/self/fd/{}", image.as_raw_fd()));
    // Nothing mounted here may propagate back to the host.
    mount(none, "/", none, MsFlags::MS_REC | MsFlags::MS_PRIVATE, none)
        .context("making the mounts private")?;
    // The new root is built on a tmpfs over the (now private) /tmp.
    let root = Path::new("/tmp");
    mount(
        Some("tmpfs"),
        root,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        Some("size=64k,mode=755"),
    )
    .context("mounting the new root")?;
    for name in SYSTEM_FOLDERS {
        let source = Path::new("/").join(name);
        let target = root.join(name);
        let Ok(metadata) = fs::symlink_metadata(&source) else {
            continue;
        };
        if metadata.is_symlink() {
            symlink(fs::read_link(&source)?, &target)?;
        } else if metadata.is_dir() {
            fs::create_dir(&target)?;
            bind_read_only(&source, &target)?;
        }
    }
    fs::create_dir(root.join("dev"))?;
    for name in DEVICES {
        let source = Path::new("/dev").join(name);
        if source.exists() {
            let target = root.join("dev").join(name);
            fs::File::create(&target)?;
            mount(Some(&source), &target, none, MsFlags::MS_BIND, none)
                .with_context(|| format!("binding {}", source.display()))?;
        }
    }
    let image_inside = root.join(IMAGE_INSIDE.trim_start_matches('/'));
    fs::File::create(&image_inside)?;
    bind_read_only(&image, &image_inside)?;
    fs::create_dir(root.join("tmp"))?;
    fs::set_permissions(root.join("tmp"), fs::Permissions::from_mode(0o1777))?;
    let old = root.join(".old");
    fs::create_dir(&old)?;
    nix::unistd::pivot_root(root, &old).context("pivot_root")?;
    std::env::set_current_dir("/")?;
    umount2("/.old", MntFlags::MNT_DETACH).context("detaching the old root")?;
    fs::remove_dir("/.old")?;
    mount(
        none,
        "/",
        none,
        MsFlags::MS_REMOUNT | MsFlags::MS_RDONLY | MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        none,
    )
    .context("making the new root read-only")?;
    Ok(())
}

/// Binds `source` at `target`, read-only. A remount must keep the flags the
/// source's mount already has, or a user namespace refuses it.
fn bind_read_only(source: &Path, target: &Path) -> anyhow::Result<()> {
    let none = None::<&str>;
    mount(
        Some(source),
        target,
        none,
        MsFlags::MS_BIND | MsFlags::MS_REC,
        none,
    )
    .with_context(|| format!("binding {}", source.display()))?;
    let existing = statvfs(source)?.flags();
    let mut flags = MsFlags::MS_BIND | MsFlags::MS_REMOUNT | MsFlags::MS_RDONLY;
    for (has, keep) in [
        (FsFlags::ST_NOSUID, MsFlags::MS_NOSUID),
        (FsFlags::ST_NODEV, MsFlags::MS_NODEV),
        (FsFlags::ST_NOEXEC, MsFlags::MS_NOEXEC),
        (FsFlags::ST_NOATIME, MsFlags::MS_NOATIME),
        (FsFlags::ST_NODIRATIME, MsFlags::MS_NODIRATIME),
        (FsFlags::ST_RELATIME, MsFlags::MS_RELATIME),
    ] {
        if existing.contains(has) {
            flags |= keep;
        }
    }
    mount(none, target, none, flags, none)
        .with_context(|| format!("making {} read-only", source.display()))?;
    Ok(())
}

/// Mounts a fresh `/tmp` for one check, in the mount namespace the check's
/// process has just entered. It holds at most the file-size limit.
pub(crate) fn mount_private_tmp(limits: &Limits) -> anyhow::Result<PathBuf> {
    let options = format!("size={}k,nr_inodes=4096,mode=1777", limits.file_kib.max(64));
    mount(
        Some("tmpfs"),
        CHECK_TMP,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        Some(options.as_str()),
    )
    .context("mounting the check's /tmp")?;
    Ok(PathBuf::from(CHECK_TMP))
}

/// Whether the calling process is in a user namespace other than the
/// machine's: the machine's maps every uid to itself.
pub(crate) fn in_user_namespace() -> anyhow::Result<bool> {
    let map = fs::read_to_string("/proc/self/uid_map")?;
    let fields: Vec<&str> = map.split_whitespace().collect();
    Ok(fields != ["0", "0", "4294967295"])
}

/// A new temporary folder for one check, its working folder, writable by
/// the user the check runs as only where there is no Landlock to deny
/// writing (see [`restrict_with_landlock`]); the caller removes it when
/// the check ends.
pub(crate) fn make_temporary_folder(drop_to_nobody: bool) -> anyhow::Result<PathBuf> {
    let folder = nix::unistd::mkdtemp(&std::env::temp_dir().join("grade-check-XXXXXX"))
        .context("creating the check's temporary folder")?;
    if drop_to_nobody {
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o777))?;
    }
    Ok(folder)
}

/// Limits the calling process, and the image it is about to execute, to
/// what [`landlock_ruleset`] allows, with no folder to write in: without
/// namespaces a check's working folder is on the host's disk, where only
/// each file's size is limited (RLIMIT_FSIZE), and a check writing 1 MiB
/// files filled a 2 GiB `/tmp` in 2.5 s (66-117 MiB in 0.7 s on the 2-core
/// machine). The lab needs no file at all. Returns whether the kernel
/// enforces any of it.
pub(crate) fn restrict_with_landlock(image: &Path) -> anyhow::Result<bool> {
    restrict_with(&landlock_ruleset(None, image)?)
}

/// Limits the calling process to what `ruleset` allows (which it leaves
/// as it is, for the next check). Returns whether the kernel enforces any
/// of it.
pub(crate) fn restrict_with(ruleset: &landlock::RulesetCreated) -> anyhow::Result<bool> {
    let status = ruleset.try_clone()?.restrict_self()?;
    Ok(status.ruleset != landlock::RulesetStatus::NotEnforced)
}

/// The Landlock rules of a check: reading the system folders and devices,
/// executing `image`, writing to `/dev/null`, `/dev/zero` and `/dev/full`
/// and, if there is one, in `workdir`; from Landlock ABI 6 on,
/// signalling and reaching abstract Unix sockets only inside the check's
/// own domain.
///
/// A rule holds for what is beneath its folder, across the mounts on it:
/// a rule on the private root's `/tmp`, made once by the zygote, covers the
/// fresh tmpfs each check mounts there. Making the ruleset (opening each
/// folder, a rule each) was 75-80 of Landlock's 90 µs per check on the
/// 2-core machine; restricting with a made one costs the rest.
pub(crate) fn landlock_ruleset(
    workdir: Option<&Path>,
    image: &Path,
) -> anyhow::Result<landlock::RulesetCreated> {
    use landlock::{
        ABI, Access, AccessFs, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope, path_beneath_rules,
    };
    let abi = ABI::V6;
    let read = AccessFs::ReadFile | AccessFs::ReadDir;
    let readable: Vec<PathBuf> = SYSTEM_FOLDERS
        .iter()
        .map(|name| Path::new("/").join(name))
        .chain([PathBuf::from("/dev")])
        .collect();
    let writable: Vec<PathBuf> = ["null", "zero", "full"]
        .iter()
        .map(|name| Path::new("/dev").join(name))
        .chain(workdir.map(Path::to_path_buf))
        .collect();
    let write = AccessFs::from_all(abi) & !AccessFs::Execute;
    Ok(Ruleset::default()
        .handle_access(AccessFs::from_all(abi))?
        .scope(Scope::Signal | Scope::AbstractUnixSocket)?
        .create()?
        .add_rules(path_beneath_rules(&readable, read))?
        .add_rules(path_beneath_rules(&writable, write))?
        .add_rules(path_beneath_rules([image], read | AccessFs::Execute))?)
}

/// The Landlock ABI this kernel offers, 0 for none: the setting line names
/// it, since signal scoping needs 6.
#[allow(unsafe_code)]
pub fn landlock_abi() -> i64 {
    const LANDLOCK_CREATE_RULESET_VERSION: nix::libc::c_uint = 1;
    // SAFETY: with a null attribute and size 0, this call only returns the
    // ABI version (or fails); it touches no memory.
    let abi = unsafe {
        nix::libc::syscall(
            nix::libc::SYS_landlock_create_ruleset,
            std::ptr::null::<nix::libc::c_void>(),
            0_usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    abi.max(0)
}

/// Whether this kernel enforces Landlock.
pub fn landlock_available() -> bool {
    use landlock::{ABI, Access, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr};
    Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(ABI::V1))
        .and_then(|ruleset| ruleset.create())
        .is_ok()
}
