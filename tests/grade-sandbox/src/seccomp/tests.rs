//! The binary-search filter answers every call as seccompiler's chain of
//! rules did (the filters the checks installed before it), run here on a
//! small BPF interpreter, call number by call number.

use super::*;
use seccompiler::sock_filter;

/// Seccompiler's filters for the same rules, as the checks installed them
/// before the binary search: `clone3` "not implemented", then the rest.
fn seccompiler_programs(own_pid: i32) -> [BpfProgram; 2] {
    let arch = this_architecture().unwrap();
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = REFUSED
        .iter()
        .chain(REFUSED_HERE)
        .map(|&call| (call, Vec::new()))
        .collect();
    let threads = SeccompCmpOp::MaskedEq(libc::CLONE_THREAD as u64);
    rules.insert(
        libc::SYS_clone,
        vec![rule(0, SeccompCmpArgLen::Qword, threads, 0).unwrap()],
    );
    let own = u64::from(own_pid.cast_unsigned());
    for call in [
        libc::SYS_kill,
        libc::SYS_tgkill,
        libc::SYS_rt_sigqueueinfo,
        libc::SYS_rt_tgsigqueueinfo,
    ] {
        let other = rule(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Ne, own).unwrap();
        rules.insert(call, vec![other]);
    }
    for &call in OWN_PROCESS_ONLY {
        let other = SeccompRule::new(vec![
            SeccompCondition::new(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Ne, 0).unwrap(),
            SeccompCondition::new(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Ne, own).unwrap(),
        ])
        .unwrap();
        rules.insert(call, vec![other]);
    }
    let refused = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .unwrap();
    [
        clone3_not_implemented().unwrap(),
        refused.try_into().unwrap(),
    ]
}

/// Runs `program` on one call, as the kernel does: the number, the
/// architecture and the arguments in `struct seccomp_data`.
fn run(program: &[sock_filter], arch: u32, number: u32, arguments: [u64; 6]) -> u32 {
    let word = |offset: u32| -> u32 {
        match offset {
            0 => number,
            4 => arch,
            8 | 12 => 0,
            offset @ 16..=63 => {
                let argument = arguments[((offset - 16) / 8) as usize];
                if offset % 8 == 0 {
                    argument as u32
                } else {
                    (argument >> 32) as u32
                }
            }
            offset => panic!("a load at {offset}"),
        }
    };
    let (mut accumulator, mut pc) = (0u32, 0usize);
    loop {
        let instruction = &program[pc];
        let k = instruction.k;
        let branch = |taken: bool| {
            usize::from(if taken {
                instruction.jt
            } else {
                instruction.jf
            })
        };
        pc += 1;
        match instruction.code {
            0x20 => accumulator = word(k),
            0x54 => accumulator &= k,
            0x05 => pc += k as usize,
            0x15 => pc += branch(accumulator == k),
            0x25 => pc += branch(accumulator > k),
            0x35 => pc += branch(accumulator >= k),
            0x45 => pc += branch(accumulator & k != 0),
            0x06 => return k,
            code => panic!("an instruction the interpreter lacks: {code:#x}"),
        }
    }
}

/// What the kernel does with several filters: the most severe action
/// wins (a kill over an errno over an allow), and among equals the most
/// recently installed filter's.
fn combined(programs: &[&[sock_filter]], arch: u32, number: u32, arguments: [u64; 6]) -> u32 {
    let severity = |action: u32| match action & libc::SECCOMP_RET_ACTION_FULL {
        libc::SECCOMP_RET_KILL_PROCESS => 0,
        libc::SECCOMP_RET_ERRNO => 1,
        libc::SECCOMP_RET_ALLOW => 2,
        other => panic!("an action the comparison lacks: {other:#x}"),
    };
    programs
        .iter()
        .rev()
        .map(|program| run(program, arch, number, arguments))
        .fold(libc::SECCOMP_RET_ALLOW, |kept, action| {
            if severity(action) < severity(kept) {
                action
            } else {
                kept
            }
        })
}

#[test]
fn the_binary_search_answers_every_call_as_the_chain_did() {
    let own_pid = 1234;
    let x32 = cfg!(target_arch = "x86_64");
    let search = layout::program(&rules(), own_pid, AUDIT_ARCH, x32);
    let [clone3, chain] = seccompiler_programs(own_pid);
    let own = u64::from(own_pid.cast_unsigned());
    let first_arguments = [
        0,
        own,
        own + 1,
        1,
        own | 1 << 32,
        libc::CLONE_THREAD as u64,
        (libc::CLONE_THREAD | libc::CLONE_VM) as u64,
        libc::SIGCHLD as u64,
        u64::MAX,
    ];
    let mut compared = 0;
    for number in 0..1024 {
        for first in first_arguments {
            let arguments = [first, 7, 0, 0, 0, 0];
            let expected = combined(&[&clone3, &chain], AUDIT_ARCH, number, arguments);
            let got = run(&search, AUDIT_ARCH, number, arguments);
            assert_eq!(got, expected, "call {number}, first argument {first:#x}");
            compared += 1;
        }
    }
    assert_eq!(compared, 1024 * first_arguments.len());
    // Another architecture's calls kill the process, as the chain's did.
    let other = AUDIT_ARCH ^ 1;
    assert_eq!(
        run(&search, other, 0, [0; 6]),
        libc::SECCOMP_RET_KILL_PROCESS
    );
    assert_eq!(
        run(&chain, other, 0, [0; 6]),
        libc::SECCOMP_RET_KILL_PROCESS
    );
}

#[test]
fn the_named_calls_answer_as_their_rules_say() {
    let search = layout::program(&rules(), 99, AUDIT_ARCH, cfg!(target_arch = "x86_64"));
    let eperm = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
    let enosys = libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32;
    let allow = libc::SECCOMP_RET_ALLOW;
    let call =
        |number: i64, first: u64| run(&search, AUDIT_ARCH, number as u32, [first, 0, 0, 0, 0, 0]);
    assert_eq!(call(libc::SYS_socket, 2), eperm);
    assert_eq!(call(libc::SYS_socketpair, 1), eperm);
    assert_eq!(call(libc::SYS_clone3, 0), enosys);
    assert_eq!(call(libc::SYS_clone, libc::SIGCHLD as u64), eperm);
    assert_eq!(call(libc::SYS_clone, libc::CLONE_THREAD as u64), allow);
    assert_eq!(call(libc::SYS_kill, 99), allow);
    assert_eq!(call(libc::SYS_kill, 98), eperm);
    assert_eq!(call(libc::SYS_prlimit64, 0), allow);
    assert_eq!(call(libc::SYS_prlimit64, 1), eperm);
    assert_eq!(call(libc::SYS_read, 0), allow);
    #[cfg(target_arch = "x86_64")]
    {
        // x32's socket and fork, which the chain let through.
        assert_eq!(call(0x4000_0000 | libc::SYS_socket, 2), enosys);
        assert_eq!(call(0x4000_0000 | libc::SYS_fork, 0), enosys);
    }
}

/// A filter of a few dozen instructions: the kernel runs it for each of
/// about 450 call numbers when it is installed (its action cache), so
/// its length is the install's cost.
#[test]
fn the_filter_is_short() {
    let search = layout::program(&rules(), 1234, AUDIT_ARCH, true);
    let [_, chain] = seccompiler_programs(1234);
    assert!(search.len() < 250, "{}", search.len());
    assert!(
        chain.len() > search.len(),
        "{} {}",
        chain.len(),
        search.len()
    );
}
