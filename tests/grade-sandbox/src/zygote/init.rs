//! The check's init: a program of 76 bytes of machine code that the leader
//! becomes once the worker has executed the image. It waits for its one
//! child, the worker, and exits as the leader did: with the worker's exit
//! code, or 128 plus the signal that ended it.
//!
//! Why a program of its own: the leader shares the zygote's memory (it is
//! a `vfork`, see the parent module), and the zygote waits until the
//! leader executes something or exits. Executing this init frees the
//! zygote at once; a leader that had been a `fork` instead cost a copy of
//! the zygote's address space, its page faults and its teardown, about
//! 0.2 ms of CPU a check. It cannot be the image: the image holds the
//! submission's code, which must not run as the check's PID 1 (see the
//! parent module), and it is 1.5 MB to map. It is no file on disk either:
//! the zygote writes it to a sealed memory file, which nothing can change.
//!
//! x86-64 only, where the machine code below was assembled (with GNU `as
//! --64`, Intel syntax); elsewhere [`Init::load`] gives `None` and the
//! leader is a `fork` that waits itself, as before.

use std::os::fd::{AsRawFd, OwnedFd};

use nix::errno::Errno;

use super::vfork::{execute, exit_now};

/// The exit code of an init that found no child to wait for.
const SETUP_FAILED: i32 = crate::Exit::SetupFailed.code();

/// Where [`CODE`] loads the exit code of a failed wait: the instruction
/// `mov edi, SETUP_FAILED`, whose 4 bytes after the opcode are the code.
#[cfg(target_arch = "x86_64")]
const SETUP_FAILED_AT: usize = 0x3f;

/// The init's machine code, at the program's entry.
#[cfg(target_arch = "x86_64")]
#[rustfmt::skip]
const CODE: [u8; 76] = [
    0x48, 0x83, 0xec, 0x10,                   // 00 sub rsp, 16       (room for the status)
    0xb8, 0x3d, 0x00, 0x00, 0x00,             // 04 again: mov eax, 61 (wait4)
    0x48, 0xc7, 0xc7, 0xff, 0xff, 0xff, 0xff, // 09 mov rdi, -1       (any child)
    0x48, 0x89, 0xe6,                         // 10 mov rsi, rsp      (&status)
    0x31, 0xd2,                               // 13 xor edx, edx      (no options)
    0x45, 0x31, 0xd2,                         // 15 xor r10d, r10d    (no rusage)
    0x0f, 0x05,                               // 18 syscall
    0x48, 0x83, 0xf8, 0xfc,                   // 1a cmp rax, -4       (EINTR)
    0x74, 0xe4,                               // 1e je again
    0x48, 0x85, 0xc0,                         // 20 test rax, rax
    0x7e, 0x1a,                               // 23 jle failed        (no child: ECHILD)
    0x8b, 0x04, 0x24,                         // 25 mov eax, [rsp]    (the status)
    0x89, 0xc7,                               // 28 mov edi, eax
    0x83, 0xe7, 0x7f,                         // 2a and edi, 0x7f     (the signal, if any)
    0x74, 0x08,                               // 2d je exited
    0x81, 0xc7, 0x80, 0x00, 0x00, 0x00,       // 2f add edi, 128
    0xeb, 0x0d,                               // 35 jmp finish
    0xc1, 0xe8, 0x08,                         // 37 exited: shr eax, 8
    0x0f, 0xb6, 0xf8,                         // 3a movzx edi, al     (the exit code)
    0xeb, 0x05,                               // 3d jmp finish
    0xbf, 0x00, 0x00, 0x00, 0x00,             // 3f failed: mov edi, SETUP_FAILED
    0xb8, 0xe7, 0x00, 0x00, 0x00,             // 44 finish: mov eax, 231 (exit_group)
    0x0f, 0x05,                               // 49 syscall
    0xf4,                                     // 4b hlt
];

/// Where the program is loaded: the customary base of an x86-64 program.
#[cfg(target_arch = "x86_64")]
const BASE: u64 = 0x40_0000;

/// The init as an ELF executable: a header, a loadable segment that holds
/// the whole file (read and execute), a non-executable stack, the code.
#[cfg(target_arch = "x86_64")]
fn program() -> Vec<u8> {
    const HEADER: u64 = 64;
    const SEGMENT: u64 = 56;
    const SEGMENTS: u64 = 2;
    let entry_offset = HEADER + SEGMENTS * SEGMENT;
    let mut code = CODE;
    code[SETUP_FAILED_AT + 1..SETUP_FAILED_AT + 5].copy_from_slice(&SETUP_FAILED.to_le_bytes());
    let size = entry_offset + code.len() as u64;
    let mut elf = Vec::with_capacity(size as usize);
    // e_ident: ELF, 64-bit, little-endian, version 1, System V.
    elf.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    elf.extend_from_slice(&2u16.to_le_bytes()); // e_type: an executable
    elf.extend_from_slice(&0x3eu16.to_le_bytes()); // e_machine: x86-64
    elf.extend_from_slice(&1u32.to_le_bytes()); // e_version
    elf.extend_from_slice(&(BASE + entry_offset).to_le_bytes()); // e_entry
    elf.extend_from_slice(&HEADER.to_le_bytes()); // e_phoff
    elf.extend_from_slice(&0u64.to_le_bytes()); // e_shoff: no sections
    elf.extend_from_slice(&0u32.to_le_bytes()); // e_flags
    elf.extend_from_slice(&(HEADER as u16).to_le_bytes()); // e_ehsize
    elf.extend_from_slice(&(SEGMENT as u16).to_le_bytes()); // e_phentsize
    elf.extend_from_slice(&(SEGMENTS as u16).to_le_bytes()); // e_phnum
    elf.extend_from_slice(&[0; 6]); // e_shentsize, e_shnum, e_shstrndx
    let mut segment = |kind: u32, flags: u32, offset: u64, address: u64, size: u64, align: u64| {
        elf.extend_from_slice(&kind.to_le_bytes());
        elf.extend_from_slice(&flags.to_le_bytes());
        for value in [offset, address, address, size, size, align] {
            elf.extend_from_slice(&value.to_le_bytes());
        }
    };
    const PT_LOAD: u32 = 1;
    const PT_GNU_STACK: u32 = 0x6474_e551;
    const READ_EXECUTE: u32 = 0b101;
    const READ_WRITE: u32 = 0b110;
    segment(PT_LOAD, READ_EXECUTE, 0, BASE, size, 0x1000);
    segment(PT_GNU_STACK, READ_WRITE, 0, 0, 0, 16);
    elf.extend_from_slice(&code);
    elf
}

/// The init, ready to be executed by any leader of this zygote.
#[derive(Debug)]
pub(super) struct Init {
    program: OwnedFd,
}

impl Init {
    /// Writes the init to a sealed memory file and proves it runs here:
    /// `None` where it cannot (another architecture, a kernel that refuses
    /// to execute memory files), and the leader is then a `fork`.
    pub(super) fn load() -> Option<Init> {
        #[cfg(target_arch = "x86_64")]
        {
            let init = Init {
                program: sealed_memory_file(&program()).ok()?,
            };
            init.runs().then_some(init)
        }
        #[cfg(not(target_arch = "x86_64"))]
        None
    }

    /// Becomes the init; returns only if the kernel refused.
    pub(super) fn execute(&self) -> Errno {
        execute(
            self.program.as_raw_fd(),
            c"",
            c"init",
            nix::libc::AT_EMPTY_PATH,
        )
    }

    /// Whether the init runs: started with no child, it must exit at once
    /// with [`SETUP_FAILED`].
    #[allow(unsafe_code)]
    fn runs(&self) -> bool {
        use nix::sys::wait::{WaitStatus, waitpid};
        use nix::unistd::{ForkResult, fork};
        // SAFETY: the zygote has one thread; the child only executes.
        match unsafe { fork() } {
            Ok(ForkResult::Child) => {
                self.execute();
                exit_now(0)
            }
            Ok(ForkResult::Parent { child }) => loop {
                match waitpid(child, None) {
                    Ok(WaitStatus::Exited(_, code)) => return code == SETUP_FAILED,
                    Err(Errno::EINTR) => continue,
                    _ => return false,
                }
            },
            Err(_) => false,
        }
    }
}

/// `bytes` in a memory file, sealed against any change, closed on exec.
fn sealed_memory_file(bytes: &[u8]) -> std::io::Result<OwnedFd> {
    use nix::fcntl::{FcntlArg, SealFlag, fcntl};
    use nix::sys::memfd::{MFdFlags, memfd_create};
    let flags = MFdFlags::MFD_CLOEXEC | MFdFlags::MFD_ALLOW_SEALING;
    // MFD_EXEC (Linux 6.3 on) keeps the file executable where the kernel
    // makes memory files non-executable by default; older kernels refuse
    // the flag, and make them executable anyway.
    let exec = MFdFlags::from_bits_retain(nix::libc::MFD_EXEC);
    let file = memfd_create(c"grade-check-init", flags | exec)
        .or_else(|_| memfd_create(c"grade-check-init", flags))?;
    let mut file = std::fs::File::from(file);
    std::io::Write::write_all(&mut file, bytes)?;
    fcntl(
        &file,
        FcntlArg::F_ADD_SEALS(
            SealFlag::F_SEAL_SEAL
                | SealFlag::F_SEAL_SHRINK
                | SealFlag::F_SEAL_GROW
                | SealFlag::F_SEAL_WRITE,
        ),
    )?;
    Ok(file.into())
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn the_program_is_what_the_assembler_made_with_the_setup_exit_code() {
        let elf = program();
        assert_eq!(&elf[..4], b"\x7fELF");
        assert_eq!(elf.len(), 64 + 2 * 56 + CODE.len());
        let code = &elf[64 + 2 * 56..];
        assert_eq!(code[SETUP_FAILED_AT], 0xbf, "mov edi, imm32");
        assert_eq!(
            i32::from_le_bytes(
                code[SETUP_FAILED_AT + 1..SETUP_FAILED_AT + 5]
                    .try_into()
                    .unwrap()
            ),
            SETUP_FAILED
        );
    }

    #[test]
    fn the_init_reports_its_child_as_the_leader_did() {
        use nix::sys::wait::{WaitStatus, waitpid};
        use nix::unistd::{ForkResult, fork};
        let init = Init::load().expect("the init runs on this machine");
        // A process whose child exits with 42, then one killed by SIGKILL:
        // each becomes the init, which must exit with 42, then 128 + 9.
        for (child_code, expected) in [(Some(42), 42), (None, 128 + 9)] {
            #[allow(unsafe_code)]
            // SAFETY: the child only forks, executes or exits.
            match unsafe { fork() }.unwrap() {
                ForkResult::Child => {
                    #[allow(unsafe_code)]
                    // SAFETY: as above.
                    match unsafe { fork() } {
                        Ok(ForkResult::Child) => match child_code {
                            Some(code) => exit_now(code),
                            None => {
                                let _ = nix::sys::signal::raise(nix::sys::signal::SIGKILL);
                                exit_now(1)
                            }
                        },
                        _ => {
                            init.execute();
                            exit_now(1)
                        }
                    }
                }
                ForkResult::Parent { child } => {
                    assert_eq!(
                        waitpid(child, None).unwrap(),
                        WaitStatus::Exited(child, expected)
                    );
                }
            }
        }
    }
}
