//! A check's threads where nothing in the kernel counts them for it alone:
//! a grader that is neither root (a user per check, its cgroup) nor able
//! to make user namespaces (a namespace per check), as in a Docker
//! container or on Ubuntu 24.04. `RLIMIT_NPROC` there counts every process
//! of the grading user, classmates' included, and a check's address space
//! alone let it start 1,970 threads in 0.7 s (16 KiB stacks, 2-core
//! machine): under a machine-wide limit of 4,000 tasks, three such checks
//! a core left classmates unable to start a thread.
//!
//! So the worker, before it executes the image, installs a second seccomp
//! filter that hands every `clone` to the zygote (a user notification; the
//! main filter has already refused every `clone` that is not a thread, and
//! `clone3`), and sends the filter's listener to the zygote over a socket
//! made for the purpose. The zygote reads the check's thread count from
//! `/proc` and lets the `clone` go on below the rubric's `processes`, or
//! answers EAGAIN, as the kernel does at a limit. The zygote answers one
//! request at a time, and each thread can have one `clone` waiting, so a
//! check reaches at most twice the limit; measured: 63 under 64.

use std::io::{IoSlice, IoSliceMut};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};

use anyhow::Context;
use nix::errno::Errno;
use nix::libc;
use nix::sys::socket::{
    AddressFamily, ControlMessage, ControlMessageOwned, MsgFlags, SockFlag, SockType, recvmsg,
    sendmsg, socketpair,
};

/// The two ends of the socket a worker sends its listener on: the
/// zygote's, and the worker's.
pub(super) fn socket() -> nix::Result<(OwnedFd, OwnedFd)> {
    socketpair(
        AddressFamily::Unix,
        SockType::SeqPacket,
        None,
        SockFlag::SOCK_CLOEXEC,
    )
}

/// Installs in the calling process, which has one thread, a filter that
/// hands every `clone` to the zygote, and sends its listener on `socket`
/// (a descriptor number the worker inherited), which it then closes.
#[allow(unsafe_code)]
pub(super) fn hand_clones_to_the_zygote(socket: RawFd) -> anyhow::Result<()> {
    const LD_W_ABS: u16 = 0x20;
    const JMP_JEQ_K: u16 = 0x15;
    const RET_K: u16 = 0x06;
    let step = |code, jt, jf, k| libc::sock_filter { code, jt, jf, k };
    let program = [
        step(LD_W_ABS, 0, 0, 4),
        // Another architecture's calls: the main filter kills them.
        step(JMP_JEQ_K, 0, 3, crate::seccomp::AUDIT_ARCH),
        step(LD_W_ABS, 0, 0, 0),
        step(JMP_JEQ_K, 0, 1, libc::SYS_clone as u32),
        step(RET_K, 0, 0, libc::SECCOMP_RET_USER_NOTIF),
        step(RET_K, 0, 0, libc::SECCOMP_RET_ALLOW),
    ];
    let program = libc::sock_fprog {
        len: program.len() as u16,
        filter: program.as_ptr().cast_mut(),
    };
    nix::sys::prctl::set_no_new_privs().context("no_new_privs")?;
    // SAFETY: the program outlives the call, which copies it; the kernel
    // returns a new descriptor (closed on exec), which nothing else owns.
    let listener = unsafe {
        let fd = libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            libc::SECCOMP_FILTER_FLAG_NEW_LISTENER,
            &program,
        );
        if fd < 0 {
            return Err(Errno::last()).context("installing the threads' filter");
        }
        OwnedFd::from_raw_fd(fd as RawFd)
    };
    // SAFETY: the zygote's socket, which this process owns from here on.
    let socket = unsafe { OwnedFd::from_raw_fd(socket) };
    sendmsg::<()>(
        socket.as_raw_fd(),
        &[IoSlice::new(&[0])],
        &[ControlMessage::ScmRights(&[listener.as_raw_fd()])],
        MsgFlags::empty(),
        None,
    )
    .context("sending the threads' listener")?;
    Ok(())
}

/// The listener a check's worker sent on `socket`, or `None` if it ended
/// first (it reports why); waits until one or the other.
pub(super) fn receive_listener(socket: &OwnedFd) -> Option<OwnedFd> {
    let mut byte = [0_u8];
    let mut space = nix::cmsg_space!([RawFd; 1]);
    loop {
        let mut buffers = [IoSliceMut::new(&mut byte)];
        let received = recvmsg::<()>(
            socket.as_raw_fd(),
            &mut buffers,
            Some(&mut space),
            MsgFlags::MSG_CMSG_CLOEXEC,
        );
        match received {
            Err(Errno::EINTR) => continue,
            Err(_) => return None,
            Ok(message) => {
                for control in message.cmsgs().ok()? {
                    if let ControlMessageOwned::ScmRights(fds) = control {
                        // SAFETY: the kernel has just made these
                        // descriptors in this process, owned by no one.
                        #[allow(unsafe_code)]
                        let mut owned = fds.iter().map(|&fd| unsafe { OwnedFd::from_raw_fd(fd) });
                        return owned.next();
                    }
                }
                return None;
            }
        }
    }
}

/// Answers the `clone` waiting on `listener`: on, if the calling check
/// has fewer than `limit` threads, else EAGAIN. Returns false when the
/// listener has no check left to answer (every thread of it ended).
#[allow(unsafe_code)]
pub(super) fn answer(listener: BorrowedFd<'_>, limit: u64) -> bool {
    // SAFETY: the kernel requires a zeroed request, which plain integers
    // allow, and fills it in.
    let mut request: libc::seccomp_notif = unsafe { std::mem::zeroed() };
    // SAFETY: a request of the size the ioctl's number names.
    let received = unsafe {
        libc::ioctl(
            listener.as_raw_fd(),
            libc::SECCOMP_IOCTL_NOTIF_RECV,
            &mut request,
        )
    };
    if received != 0 {
        // ENOENT: the caller was killed while it waited; anything else,
        // the check is gone.
        return Errno::last() == Errno::ENOENT;
    }
    let mut response = libc::seccomp_notif_resp {
        id: request.id,
        val: 0,
        error: -libc::EAGAIN,
        flags: 0,
    };
    if threads_of(request.pid).is_some_and(|threads| threads < limit) {
        response.error = 0;
        response.flags = libc::SECCOMP_USER_NOTIF_FLAG_CONTINUE as u32;
    }
    // SAFETY: a response of the size the ioctl's number names. Sending
    // fails only if the caller has gone meanwhile.
    unsafe {
        libc::ioctl(
            listener.as_raw_fd(),
            libc::SECCOMP_IOCTL_NOTIF_SEND,
            &response,
        )
    };
    true
}

/// How many threads the process of thread `tid` has (`num_threads`, the
/// 20th field of its `/proc` stat, the 18th after the name's parenthesis).
fn threads_of(tid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{tid}/stat")).ok()?;
    let (_, fields) = stat.rsplit_once(')')?;
    fields.split_whitespace().nth(17)?.parse().ok()
}
