#!/usr/bin/env python3
"""Measures what a student waits for: the first `cargo test -p exercises`
on a fresh clone, and each run after an edit.

    python3 tests/bench/student_loop.py [--warm-rounds 7] [--skip-cold]

* Cold first run: a copy of the workspace (the files git tracks) with an
  empty target directory, `cargo test -p exercises` from nothing, build
  and tests (the stubs fail, as a new student's do). Also prints how many
  crates it compiled, whether any of them is one only `grade` or `watch`
  needs, and how many lines the student's first screen has (what the
  tests print, cargo's build lines aside).
* Warm loop: the reference solutions' files copied over the stubs (without
  their unit tests, which students do not have), then one file touched and
  `cargo test -p exercises` run again, as after each edit. Median of the
  rounds.
* A hang: `selection_shuffle` replaced by an endless loop, the lab
  otherwise done, and the whole `cargo test -p exercises` timed: an
  exercise that loops costs one time limit (10 s), not one per check.

Targets (issues 10 and 42): cold at most 30 s on 2 cores (60 s on a loaded
machine), warm at most 0.5 s, a first screen of at most 60 lines, a hang
at most 20 s. The machine is shared, so the figures are medians or single
runs to repeat, never asserted in a test.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Crates only `grade` builds; none of them may be in a student's build.
# (sha2 is not among them: the grading suite's Question 3 check pins a
# SHA-256 digest of the answer rather than the answer itself.)
GRADE_ONLY = {"nix", "csv", "toml", "grade", "grade-serve", "grade-sandbox", "seccompiler",
              "landlock", "caps", "object",
              # watch's keys and its test's terminal: `cargo run -p watch` only.
              "crossterm", "expectrl", "notify", "watch"}

# An endless selection_shuffle, as a student might write one: j never
# finds an unused card because none is ever marked.
ENDLESS_SELECTION = """use rand::{Rng, RngExt};

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let used = vec![false; values.len()];
    let mut shuffled = Vec::new();
    while shuffled.len() < values.len() {
        let j = rng.random_range(0..values.len());
        if used[j] && !used[j] {
            shuffled.push(values[j]);
        }
    }
    shuffled
}
"""


def first_screen(output: str) -> list:
    """What the student reads of a run: cargo's build lines aside."""
    return [line for line in output.splitlines()
            if not re.match(r"^\s*(Compiling|Finished|Running|Blocking|Locking|Downloading|Downloaded|Updating|Adding) ", line)]


def copy_workspace(to: Path):
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                           stdout=subprocess.PIPE).stdout.split(b"\0")
    for name in filter(None, files):
        source = ROOT / name.decode()
        if source.is_file():
            target = to / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, target)


def cargo_test(workspace: Path, target: Path):
    env = {**os.environ, "CARGO_TARGET_DIR": str(target),
           "CARGO_TERM_COLOR": "never"}
    started = time.perf_counter()
    result = subprocess.run(["cargo", "test", "-p", "exercises"], cwd=workspace, env=env,
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return time.perf_counter() - started, result


def without_unit_tests(text: str) -> str:
    """The file up to its `#[cfg(test)]` module, as a student would have it."""
    cut = text.find("#[cfg(test)]")
    return text if cut < 0 else text[:cut].rstrip() + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warm-rounds", type=int, default=7)
    parser.add_argument("--skip-cold", action="store_true",
                        help="only the warm loop (the cold run takes minutes)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="student-loop-") as scratch:
        workspace = Path(scratch) / "workspace"
        target = Path(scratch) / "target"
        copy_workspace(workspace)

        if not args.skip_cold:
            seconds, result = cargo_test(workspace, target)
            compiled = re.findall(r"^\s*Compiling (\S+) v", result.stdout, re.M)
            leaked = sorted(set(compiled) & GRADE_ONLY)
            print(f"cold first run: {seconds:.1f} s, {len(compiled)} crates compiled "
                  f"(target: at most 30 s on 2 cores, 60 s loaded)")
            print(f"  crates only grade or watch needs: {', '.join(leaked) if leaked else 'none'}")
            screen = first_screen(result.stdout)
            print(f"  first screen: {len(screen)} lines (target: at most 60)")
            if "not yet implemented" not in result.stdout:
                sys.exit("the stubs did not fail as not yet implemented; is the copy right?")

        stubs = workspace / "exercises" / "src"
        for solution in (workspace / "solutions" / "src").rglob("*.rs"):
            relative = solution.relative_to(workspace / "solutions" / "src")
            if relative.parts[0] == "bin":
                continue
            text = without_unit_tests(solution.read_text()).replace("solutions::", "exercises::")
            (stubs / relative).write_text(text)
        seconds, result = cargo_test(workspace, target)  # builds the filled-in crate once
        if result.returncode != 0:
            print(result.stdout[-3000:])
            sys.exit("the reference copied into exercises/ does not pass")
        times = []
        for _ in range(args.warm_rounds):
            (stubs / "lib.rs").touch()
            seconds, result = cargo_test(workspace, target)
            if result.returncode != 0:
                sys.exit("a warm run failed")
            times.append(seconds)
        print(f"warm loop (touch, rebuild, run every check): median {statistics.median(times):.2f} s "
              f"over {len(times)} runs, min {min(times):.2f} s, max {max(times):.2f} s "
              f"(target: at most 0.5 s)")

        (stubs / "selection_shuffle.rs").write_text(ENDLESS_SELECTION)
        seconds, result = cargo_test(workspace, target)
        failed = len(re.findall(r"^---- ", result.stdout, re.M))
        print(f"a looping selection_shuffle: the run took {seconds:.1f} s and printed "
              f"{failed} failure(s) in {len(first_screen(result.stdout))} lines "
              f"(target: at most 20 s, one failure)")


if __name__ == "__main__":
    main()
