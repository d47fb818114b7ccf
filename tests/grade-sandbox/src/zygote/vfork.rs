//! A child that shares its parent's memory until it executes a program or
//! exits (`clone` with `CLONE_VM | CLONE_VFORK`), on a stack of its own.
//!
//! A check's worker starts this way (see the `check` module): a
//! `fork` would copy the zygote's address space only for `execve` to throw
//! the copy away, and fault in every page it touched on the way. In a
//! typical class of 100 on the 2-core machine, the worker as a vfork took
//! the CPU of zygotes, leaders and workers from 4.65 s to 3.05 s (perf, 499
//! Hz). While the child runs, its parent is suspended, so the two never run
//! at once in the memory they share; what the child allocates is the
//! parent's afterwards, so it frees what it can before it executes.

use std::ffi::{CStr, c_void};
use std::num::NonZeroUsize;
use std::os::fd::RawFd;
use std::ptr::NonNull;

use nix::errno::Errno;
use nix::sched::CloneFlags;
use nix::sys::mman::{MapFlags, ProtFlags, mmap_anonymous, mprotect, munmap};
use nix::sys::signal::Signal;
use nix::unistd::Pid;

/// A child's stack: an anonymous mapping of its own, with an inaccessible
/// page at the bottom, so that an overflow faults instead of writing over
/// the memory it shares. The zygote makes one for its workers and reuses
/// it: each worker finishes with it before the zygote runs again.
#[derive(Debug)]
pub(super) struct Stack {
    base: NonNull<c_void>,
}

impl Stack {
    /// Far more than a worker's setup needs (the seccomp
    /// filter goes deepest); only the pages it touches are ever made.
    const SIZE: usize = 1 << 20;
    const GUARD: usize = 1 << 12;

    #[allow(unsafe_code)]
    pub(super) fn new() -> nix::Result<Stack> {
        let size = NonZeroUsize::new(Self::SIZE).ok_or(nix::errno::Errno::EINVAL)?;
        // SAFETY: a fresh private mapping, which nothing else refers to.
        let base = unsafe {
            mmap_anonymous(
                None,
                size,
                ProtFlags::PROT_READ | ProtFlags::PROT_WRITE,
                MapFlags::MAP_PRIVATE | MapFlags::MAP_STACK,
            )
        }?;
        let stack = Stack { base };
        // SAFETY: the lowest page of the mapping just made.
        unsafe { mprotect(base, Self::GUARD, ProtFlags::PROT_NONE) }?;
        Ok(stack)
    }

    /// The usable part, above the guard page.
    #[allow(unsafe_code)]
    fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: the mapping is SIZE bytes, readable and writable above
        // its guard page, and owned by this value.
        unsafe {
            std::slice::from_raw_parts_mut(
                self.base.as_ptr().cast::<u8>().add(Self::GUARD),
                Self::SIZE - Self::GUARD,
            )
        }
    }
}

impl Drop for Stack {
    #[allow(unsafe_code)]
    fn drop(&mut self) {
        // SAFETY: the mapping this value made; any child that ran on it
        // has executed or exited (CLONE_VFORK).
        let _ = unsafe { munmap(self.base, Self::SIZE) };
    }
}

/// Starts a child, in new `namespaces` if any, that runs `body` on `stack`
/// in this process's memory and exits with what it returns, unless it
/// executes a program first. Returns once the child has done either.
///
/// # Safety
///
/// The calling process has one thread, and `body` neither returns into
/// this process's frames (it cannot: it runs on `stack`) nor leaves locks
/// held or memory half-changed that this process uses afterwards.
#[allow(unsafe_code)]
pub(super) unsafe fn vfork_on(
    stack: &mut Stack,
    namespaces: CloneFlags,
    body: impl FnOnce() -> i32,
) -> nix::Result<Pid> {
    let mut body = Some(body);
    let child_body = Box::new(|| {
        body.take()
            .map_or(crate::Exit::SetupFailed.code(), |body| body()) as isize
    });
    // SAFETY: with CLONE_VFORK this process is suspended until the child
    // executes or exits, so the two never run at once in the shared
    // memory; the caller's promises cover the rest.
    unsafe {
        nix::sched::clone(
            child_body,
            stack.as_mut_slice(),
            CloneFlags::CLONE_VM | CloneFlags::CLONE_VFORK | namespaces,
            Some(Signal::SIGCHLD as i32),
        )
    }
}

/// Executes a program with `name` as its one argument and an empty
/// environment: the file at `path` (from the working folder when `at` is
/// `AT_FDCWD`), or with an empty path and `AT_EMPTY_PATH` in `flags`, the
/// file `at` is open on. Returns only if the kernel refused.
///
/// Its argument lists are on the stack: nix's `execve` and `fexecve` build
/// theirs on the heap, which in a vfork is the parent's, so each check's
/// worker would leave them behind in the zygote's memory.
#[allow(unsafe_code)]
pub(super) fn execute(at: RawFd, path: &CStr, name: &CStr, flags: nix::libc::c_int) -> Errno {
    let arguments = [name.as_ptr(), std::ptr::null()];
    let environment = [std::ptr::null::<nix::libc::c_char>()];
    // SAFETY: every pointer is to a terminated array or string that
    // outlives the call; on success the call does not return.
    unsafe {
        nix::libc::syscall(
            nix::libc::SYS_execveat,
            at,
            path.as_ptr(),
            arguments.as_ptr(),
            environment.as_ptr(),
            flags,
        );
    }
    Errno::last()
}
