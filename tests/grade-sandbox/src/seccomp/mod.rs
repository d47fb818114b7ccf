//! The system calls a check may not make, refused by a seccomp filter that
//! the worker installs just before it executes the submission's image.
//!
//! The lab needs threads, memory and the two pipes, nothing else. So a
//! check may not start a process (`fork`, `vfork`, a `clone` without
//! `CLONE_THREAD`): whatever the limits of its one process are, they are
//! the limits of the check as a whole, and nothing it starts can outlive
//! it. It may signal only itself, may not trace or read other processes,
//! may not open a socket (the network, abstract Unix sockets), create
//! System V or POSIX message IPC, or change its namespaces, mounts or
//! keyrings. These hold in every setting, with or without namespaces, and
//! are what the unprivileged settings rely on where root has cgroups and
//! namespaces as well.
//!
//! A filter cannot be removed, and `no_new_privs` (which installing one
//! sets) keeps `exec` from gaining privileges, so the image, whatever its
//! constructors do, runs under it.

use std::collections::BTreeMap;

use anyhow::Context;
use nix::libc;
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

/// The system calls refused outright, on every architecture.
const REFUSED: &[i64] = &[
    // Other processes: reading or steering them.
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_pidfd_open,
    libc::SYS_pidfd_getfd,
    libc::SYS_pidfd_send_signal,
    libc::SYS_kcmp,
    // A thread's signal by thread id alone cannot be told apart from
    // another process's; the C library's `raise` uses `tgkill`.
    libc::SYS_tkill,
    // The network and abstract Unix sockets.
    libc::SYS_socket,
    libc::SYS_socketpair,
    // System V IPC and POSIX message queues outlive a process.
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmctl,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
    libc::SYS_mq_open,
    libc::SYS_mq_unlink,
    // Namespaces, mounts and roots.
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_open_tree,
    libc::SYS_move_mount,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    // Kernel facilities the lab has no use for, and that have been the
    // way out of many sandboxes.
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_personality,
    // Steering the scheduling or memory of other processes: with no user
    // of its own, a check shares the grader's and its classmates'.
    libc::SYS_setpriority,
    libc::SYS_ioprio_set,
    libc::SYS_process_madvise,
    libc::SYS_process_mrelease,
];

/// System calls that name a process in their first argument and are
/// allowed only for 0 (the caller) or the check's own process: otherwise,
/// where all checks run as one user, a check could lower a classmate's
/// zygote's limits (`prlimit64`) and fail every later check of it.
const OWN_PROCESS_ONLY: &[i64] = &[
    libc::SYS_prlimit64,
    libc::SYS_sched_setaffinity,
    libc::SYS_sched_setscheduler,
    libc::SYS_sched_setparam,
    libc::SYS_sched_setattr,
    libc::SYS_migrate_pages,
    libc::SYS_move_pages,
];

/// The same, for system calls only some architectures have.
#[cfg(target_arch = "x86_64")]
const REFUSED_HERE: &[i64] = &[libc::SYS_fork, libc::SYS_vfork];
#[cfg(not(target_arch = "x86_64"))]
const REFUSED_HERE: &[i64] = &[];

mod layout;
#[cfg(test)]
mod tests;

use layout::Rule;

/// The architecture's audit value, which the filter requires: a call made
/// through another ABI (`int 0x80` on x86-64) kills the process.
#[cfg(target_arch = "x86_64")]
pub(crate) const AUDIT_ARCH: u32 = 62 | 0x8000_0000 | 0x4000_0000;
#[cfg(target_arch = "aarch64")]
pub(crate) const AUDIT_ARCH: u32 = 183 | 0x8000_0000 | 0x4000_0000;
#[cfg(target_arch = "riscv64")]
pub(crate) const AUDIT_ARCH: u32 = 243 | 0x8000_0000 | 0x4000_0000;

/// Installs the filter in the calling thread, which has no other threads;
/// `own_pid` is its process id, the one process it may signal.
pub(crate) fn confine(own_pid: i32) -> anyhow::Result<()> {
    let program = layout::program(&rules(), own_pid, AUDIT_ARCH, cfg!(target_arch = "x86_64"));
    seccompiler::apply_filter(&program).context("installing the seccomp filter")?;
    Ok(())
}

/// Every call the filter names, with its rule: the refused ones; `clone3`
/// "not implemented", so that the C library falls back to `clone`, whose
/// flags a filter can read (`clone3` passes them in memory); `clone`
/// without `CLONE_THREAD` (a new process; a thread is allowed); signals to
/// this process only (`kill(pid, …)`, `tgkill(tgid, …)` and the queued
/// forms name the process in their first argument); and the calls that
/// may name only the caller.
fn rules() -> Vec<(i64, Rule)> {
    let refused = REFUSED
        .iter()
        .chain(REFUSED_HERE)
        .map(|&call| (call, Rule::Refused));
    let signals = [
        libc::SYS_kill,
        libc::SYS_tgkill,
        libc::SYS_rt_sigqueueinfo,
        libc::SYS_rt_tgsigqueueinfo,
    ]
    .map(|call| (call, Rule::OwnProcess));
    let own = OWN_PROCESS_ONLY
        .iter()
        .map(|&call| (call, Rule::SelfOrOwnProcess));
    refused
        .chain([
            (libc::SYS_clone3, Rule::NotImplemented),
            (libc::SYS_clone, Rule::ThreadsOnly),
        ])
        .chain(signals)
        .chain(own)
        .collect()
}

fn this_architecture() -> anyhow::Result<seccompiler::TargetArch> {
    std::env::consts::ARCH
        .try_into()
        .context("seccomp does not know this architecture")
}

/// A filter under which `clone3` answers "not implemented": the C library
/// then falls back to `clone`, whose flags a filter can read (`clone3`
/// passes them in memory).
fn clone3_not_implemented() -> anyhow::Result<BpfProgram> {
    let filter = SeccompFilter::new(
        BTreeMap::from([(libc::SYS_clone3, vec![])]),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        this_architecture()?,
    )?;
    Ok(filter.try_into()?)
}

/// A rule of one condition on argument `index`.
fn rule(
    index: u8,
    length: SeccompCmpArgLen,
    operator: SeccompCmpOp,
    value: u64,
) -> anyhow::Result<SeccompRule> {
    let condition = SeccompCondition::new(index, length, operator, value)?;
    Ok(SeccompRule::new(vec![condition])?)
}

/// What Docker's default seccomp profile does to an unprivileged
/// container, and an Ubuntu 24.04 laptop's AppArmor to an unprivileged
/// user: no new user namespace (`unshare` or `clone` with `CLONE_NEWUSER`
/// fails, `clone3` is "not implemented"). Applied to `command` before it
/// executes, for the workbook's tests of that setting; other namespaces
/// stay available to a root `command`, which the tests use to give the
/// unprivileged user a view of the toolchain.
pub fn without_user_namespaces(command: &mut std::process::Command) -> anyhow::Result<()> {
    use std::os::unix::process::CommandExt;
    let new_user = libc::CLONE_NEWUSER as u64;
    let flag_rule = || {
        rule(
            0,
            SeccompCmpArgLen::Qword,
            SeccompCmpOp::MaskedEq(new_user),
            new_user,
        )
    };
    let refused: BpfProgram = SeccompFilter::new(
        BTreeMap::from([
            (libc::SYS_unshare, vec![flag_rule()?]),
            (libc::SYS_clone, vec![flag_rule()?]),
        ]),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        this_architecture()?,
    )?
    .try_into()?;
    let not_implemented = clone3_not_implemented()?;
    let install = move || {
        for program in [&refused, &not_implemented] {
            seccompiler::apply_filter(program).map_err(std::io::Error::other)?;
        }
        Ok(())
    };
    // SAFETY: between fork and exec the closure only makes the prctl and
    // seccomp system calls on programs built before the fork; it allocates
    // only on failure, to report it.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(install);
    }
    Ok(())
}
