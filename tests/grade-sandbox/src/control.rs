//! The grader's conversation with a submission's zygote: small messages on
//! a Unix packet socket, each a JSON object, with the pipes of a new check
//! passed alongside as file descriptors.
//!
//! Only the grader and the zygote speak here. Student code never holds the
//! socket: the zygote closes it in every process it forks.

use std::io::{self, IoSlice, IoSliceMut};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};

use nix::sys::socket::{
    AddressFamily, ControlMessage, ControlMessageOwned, MsgFlags, SockFlag, SockType, recvmsg,
    sendmsg, socketpair,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// What the grader asks of a zygote.
#[derive(Debug, Serialize, Deserialize)]
pub enum ToZygote {
    /// Start a check's process, which reads requests from the first pipe
    /// passed along, answers on the second and prints to the third. As
    /// root, it runs as `uid`, a user of its own that no other check of
    /// the run shares, so that its process count, its signals and its
    /// files are its own.
    Spawn { token: u64, uid: Option<u32> },
    /// Kill the check's process and everything it started.
    Kill { token: u64 },
}

/// What a zygote tells the grader.
#[derive(Debug, Serialize, Deserialize)]
pub enum FromZygote {
    /// The check's process has ended: its exit code, or 128 plus the
    /// signal that ended it.
    Ended { token: u64, status: i32 },
    /// The check's process could not be started.
    Failed { token: u64, message: String },
}

/// The pipes a check's process uses, in the order they travel.
pub const CHECK_PIPES: usize = 3;

/// The largest control message; spawn and kill messages are a few dozen
/// bytes.
const MAX_MESSAGE: usize = 4096;

/// A connected pair of packet sockets, both closed on exec.
pub fn socket_pair() -> io::Result<(OwnedFd, OwnedFd)> {
    socketpair(
        AddressFamily::Unix,
        SockType::SeqPacket,
        None,
        SockFlag::SOCK_CLOEXEC,
    )
    .map_err(io::Error::from)
}

/// Sends one message, with `fds` passed alongside.
pub fn send(socket: BorrowedFd<'_>, message: &impl Serialize, fds: &[RawFd]) -> io::Result<()> {
    let bytes = serde_json::to_vec(message)?;
    let control = [ControlMessage::ScmRights(fds)];
    let control: &[ControlMessage<'_>] = if fds.is_empty() { &[] } else { &control };
    sendmsg::<()>(
        socket.as_raw_fd(),
        &[IoSlice::new(&bytes)],
        control,
        MsgFlags::MSG_NOSIGNAL,
        None,
    )?;
    Ok(())
}

/// Receives one message and the descriptors that came with it, or `None`
/// when the other side has closed the socket. The descriptors are closed on
/// exec, so a student's `Command` never inherits them.
#[allow(unsafe_code)]
pub fn receive<T: DeserializeOwned>(
    socket: BorrowedFd<'_>,
) -> io::Result<Option<(T, Vec<OwnedFd>)>> {
    let mut buffer = [0u8; MAX_MESSAGE];
    let mut space = nix::cmsg_space!([RawFd; CHECK_PIPES]);
    let (length, fds) = {
        let mut slices = [IoSliceMut::new(&mut buffer)];
        let message = recvmsg::<()>(
            socket.as_raw_fd(),
            &mut slices,
            Some(&mut space),
            MsgFlags::MSG_CMSG_CLOEXEC,
        )?;
        let mut fds = Vec::new();
        for control in message.cmsgs()? {
            if let ControlMessageOwned::ScmRights(received) = control {
                // SAFETY: the kernel has just installed these descriptors
                // in this process, and nothing else owns them.
                fds.extend(
                    received
                        .into_iter()
                        .map(|fd| unsafe { OwnedFd::from_raw_fd(fd) }),
                );
            }
        }
        (message.bytes, fds)
    };
    if length == 0 {
        return Ok(None);
    }
    let message = serde_json::from_slice(&buffer[..length])?;
    Ok(Some((message, fds)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsFd;

    #[test]
    fn messages_and_descriptors_arrive_together() {
        let (grader, zygote) = socket_pair().unwrap();
        let (reader, writer) = std::io::pipe().unwrap();
        let writer = OwnedFd::from(writer);
        send(
            grader.as_fd(),
            &ToZygote::Spawn {
                token: 7,
                uid: None,
            },
            &[writer.as_raw_fd()],
        )
        .unwrap();
        drop(writer);
        let (message, fds) = receive::<ToZygote>(zygote.as_fd()).unwrap().unwrap();
        assert!(matches!(message, ToZygote::Spawn { token: 7, .. }));
        assert_eq!(fds.len(), 1);
        let mut passed = std::fs::File::from(fds.into_iter().next().unwrap());
        std::io::Write::write_all(&mut passed, b"through").unwrap();
        drop(passed);
        let mut text = String::new();
        std::io::Read::read_to_string(&mut { reader }, &mut text).unwrap();
        assert_eq!(text, "through");
    }

    #[test]
    fn a_closed_socket_reads_as_none() {
        let (grader, zygote) = socket_pair().unwrap();
        drop(grader);
        assert!(receive::<ToZygote>(zygote.as_fd()).unwrap().is_none());
    }
}
