//! The check's seccomp filter as one BPF program laid out as a binary
//! search over the system calls it names, rather than seccompiler's
//! chain of one comparison per call.
//!
//! Why: installing a filter, the kernel runs it once for every system
//! call number to find the calls it always allows (its action cache), so
//! installing costs the filter's length times about 450 numbers.
//! Seccompiler's two filters took 213 µs to install in each check's worker
//! on the 2-core machine (median of 270 checks, load 9; a chain of 63
//! comparisons alone takes 126 µs there, a filter of 4 instructions 20
//! µs), as much as forking the worker. A binary search runs about 16
//! instructions for any number. What each call answers is unchanged: the
//! tests compare this program with seccompiler's, call by call.

use nix::libc;
use seccompiler::{BpfProgram, sock_filter};

/// What the filter does with one of the calls it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Rule {
    /// Refused, answering EPERM.
    Refused,
    /// "Not implemented" (`clone3`, whose flags a filter cannot read).
    NotImplemented,
    /// Allowed only with `CLONE_THREAD` in its first argument (`clone`).
    ThreadsOnly,
    /// Allowed only when the first argument is the worker's process id.
    OwnProcess,
    /// Allowed only when the first argument is 0 or the worker's id.
    SelfOrOwnProcess,
}

// The classic BPF instructions used: a 32-bit load from the call's data
// (BPF_LD | BPF_W | BPF_ABS), the jumps (BPF_JMP with BPF_JA, or BPF_JEQ,
// BPF_JGE, BPF_JSET against a constant), and a constant return.
const LD_W_ABS: u16 = 0x20;
const JMP_JA: u16 = 0x05;
const JMP_JEQ_K: u16 = 0x15;
const JMP_JGE_K: u16 = 0x35;
const JMP_JSET_K: u16 = 0x45;
const RET_K: u16 = 0x06;

/// Offsets in `struct seccomp_data`: the number, the architecture, and
/// the low 32 bits of the first argument (little-endian).
const NUMBER: u32 = 0;
const ARCH: u32 = 4;
const FIRST_ARGUMENT_LOW: u32 = 16;

/// The instructions before the linking of jumps: a jump to a rule's block
/// is resolved once every block's place is known.
#[derive(Clone)]
enum Step {
    Plain(sock_filter),
    /// An unconditional jump to the block of a rule.
    ToRule(Rule),
}

fn statement(code: u16, k: u32) -> Step {
    Step::Plain(sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    })
}

fn jump(code: u16, k: u32, jt: u8, jf: u8) -> Step {
    Step::Plain(sock_filter { code, jt, jf, k })
}

/// The filter: `rules` by call number, `own_pid` the worker's process id,
/// `arch` the architecture's audit value (any other is killed), and on
/// x86-64 every x32 call (bit 30 set) "not implemented": x32 calls share
/// x86-64's architecture value, so a filter that names calls by number
/// does not see `socket` or `fork` made through x32 where the kernel
/// offers it (Ubuntu's kernels build it in).
pub(super) fn program(rules: &[(i64, Rule)], own_pid: i32, arch: u32, x32: bool) -> BpfProgram {
    let mut sorted: Vec<(u32, Rule)> = rules
        .iter()
        .map(|&(call, rule)| (u32::try_from(call).expect("a call number"), rule))
        .collect();
    sorted.sort_unstable();
    sorted.dedup_by_key(|(call, _)| *call);
    let mut steps = vec![
        statement(LD_W_ABS, ARCH),
        jump(JMP_JEQ_K, arch, 1, 0),
        statement(RET_K, libc::SECCOMP_RET_KILL_PROCESS),
        statement(LD_W_ABS, NUMBER),
    ];
    if x32 {
        steps.push(jump(JMP_JGE_K, 0x4000_0000, 0, 1));
        steps.push(Step::ToRule(Rule::NotImplemented));
    }
    steps.extend(search(&sorted));
    link(steps, own_pid.cast_unsigned())
}

/// A binary search for the call number (in the accumulator) among
/// `calls`, jumping to its rule's block, or allowing the call.
fn search(calls: &[(u32, Rule)]) -> Vec<Step> {
    if calls.len() <= 3 {
        let mut steps = Vec::new();
        for &(call, rule) in calls {
            steps.push(jump(JMP_JEQ_K, call, 0, 1));
            steps.push(Step::ToRule(rule));
        }
        steps.push(statement(RET_K, libc::SECCOMP_RET_ALLOW));
        return steps;
    }
    let middle = calls.len() / 2;
    let (below, from) = calls.split_at(middle);
    let below = search(below);
    let from = search(from);
    // At or above the middle call: over the lower half, by a jump whose
    // offset is 32 bits wide (a conditional one's is 8).
    let mut steps = vec![
        jump(JMP_JGE_K, calls[middle].0, 0, 1),
        statement(JMP_JA, u32::try_from(below.len()).expect("a short filter")),
    ];
    steps.extend(below);
    steps.extend(from);
    steps
}

/// Appends each rule's block and resolves the jumps to them.
fn link(steps: Vec<Step>, own: u32) -> BpfProgram {
    let errno = |code: i32| libc::SECCOMP_RET_ERRNO | code.cast_unsigned();
    let allow = libc::SECCOMP_RET_ALLOW;
    let refuse = errno(libc::EPERM);
    let blocks: [(Rule, Vec<sock_filter>); 5] = [
        (Rule::Refused, vec![ret(refuse)]),
        (Rule::NotImplemented, vec![ret(errno(libc::ENOSYS))]),
        (
            Rule::ThreadsOnly,
            vec![
                load(FIRST_ARGUMENT_LOW),
                branch(JMP_JSET_K, libc::CLONE_THREAD.cast_unsigned(), 0, 1),
                ret(allow),
                ret(refuse),
            ],
        ),
        (
            Rule::OwnProcess,
            vec![
                load(FIRST_ARGUMENT_LOW),
                branch(JMP_JEQ_K, own, 0, 1),
                ret(allow),
                ret(refuse),
            ],
        ),
        (
            Rule::SelfOrOwnProcess,
            vec![
                load(FIRST_ARGUMENT_LOW),
                branch(JMP_JEQ_K, 0, 1, 0),
                branch(JMP_JEQ_K, own, 0, 1),
                ret(allow),
                ret(refuse),
            ],
        ),
    ];
    let mut start = steps.len();
    let mut places = Vec::new();
    for (rule, block) in &blocks {
        places.push((*rule, start));
        start += block.len();
    }
    let mut program: BpfProgram = steps
        .into_iter()
        .enumerate()
        .map(|(index, step)| match step {
            Step::Plain(instruction) => instruction,
            Step::ToRule(rule) => {
                let (_, place) = places.iter().find(|(r, _)| *r == rule).expect("a block");
                let offset = u32::try_from(place - index - 1).expect("a short filter");
                sock_filter {
                    code: JMP_JA,
                    jt: 0,
                    jf: 0,
                    k: offset,
                }
            }
        })
        .collect();
    for (_, block) in blocks {
        program.extend(block);
    }
    program
}

fn ret(k: u32) -> sock_filter {
    sock_filter {
        code: RET_K,
        jt: 0,
        jf: 0,
        k,
    }
}

fn load(offset: u32) -> sock_filter {
    sock_filter {
        code: LD_W_ABS,
        jt: 0,
        jf: 0,
        k: offset,
    }
}

fn branch(code: u16, k: u32, jt: u8, jf: u8) -> sock_filter {
    sock_filter { code, jt, jf, k }
}
