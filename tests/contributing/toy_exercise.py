#!/usr/bin/env python3
"""Proves CONTRIBUTING.md's "Adding an exercise" procedures, end to end.

On a copy of the workspace (the files git tracks, as they are now), it adds
a toy bonus exercise, `bottom_to_top`, then a toy lab exercise,
`top_to_bottom`, each by touching exactly the files its procedure lists,
and checks that:

* no other file had to change (each diff names the listed files, no more);
* the copy builds, and the mirror check passes (stubs and solutions have the
  same files and signatures);
* the reference passes the new checks, and the stub fails them as "not yet
  implemented";
* `grade` on the reference lists the bonus exercise among the bonus ones
  and the lab exercise among the lab's;
* the **whole** `cargo test` of the copy passes, as CI's does: every count,
  table and generated fixture follows the registry. The views of the whole
  lab (the student's summary, the class report) rightly change; the run
  re-pins them first, as CONTRIBUTING.md's step 10 says, and requires that
  exactly those changed.

The toy lab exercise is declared `worth 0`, so that the lab's points
still add up to 100: a real one takes its points from another exercise.

Usage: python3 tests/contributing/toy_exercise.py [--kind bonus|lab|both]
       [--quick] [--keep]
--quick skips the whole `cargo test` (about 7.5 minutes more here). It starts from
a copy of this checkout's target/debug, so it costs about the build of the
workspace's own crates. A copy, not the folder itself: cargo names a
workspace crate's artifacts the same in every checkout, and two checkouts
building into one folder would each pick up the other's.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = "bottom_to_top"
LAB = "top_to_bottom"

REGISTRY_ENTRY = f'''            {NAME}: DeckToDeck "Toy: moves the bottom card to the top." {{
                property moves_the_bottom_card_to_the_top: "decks of 0 to 9 cards, bottom card first",
            }}
'''

CHECKS = f'''//! The checks of the toy exercise `{NAME}`.

use crate::{{Failure, Functions}};

pub fn moves_the_bottom_card_to_the_top(f: &dyn Functions) -> Result<(), Failure> {{
    for n in 0..10 {{
        let deck: Vec<i32> = (0..n).collect();
        let mut expected = deck.clone();
        expected.rotate_right(usize::from(n > 0));
        let returned = f.{NAME}().call(&deck);
        if returned != expected {{
            return Err(Failure::new(
                "{NAME} does not move the bottom card to the top",
                format!("{{deck:?}}"),
                format!("{{expected:?}}"),
                format!("{{returned:?}}"),
                "take the last card off and put it in front of the others",
            ));
        }}
    }}
    Ok(())
}}
'''

SOLUTION = f'''/// Moves the bottom (last) card of the deck to the top (front).
///
/// O(n) time and space.
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// assert_eq!(solutions::extensions::{NAME}(&[1, 2, 3]), [3, 1, 2]);
/// ```
pub fn {NAME}(values: &[i32]) -> Vec<i32> {{
    let mut deck = values.to_vec();
    // An empty deck has no bottom card: rotate it by 0.
    deck.rotate_right(usize::from(!values.is_empty()));
    deck
}}
'''

STUB = f'''/// Moves the bottom (last) card of the deck to the top (front).
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn {NAME}(values: &[i32]) -> Vec<i32> {{
    // TODO: return the deck with its last card moved to the front.
    todo!()
}}
'''

LAB_REGISTRY_ENTRY = f'''            {LAB}: DeckToDeck "Toy: moves the top card to the bottom." worth 0 diagnosis none {{
                core moves_the_top_card_to_the_bottom: "decks of 0 to 9 cards, top card last",
            }}
'''

LAB_CHECKS = CHECKS.replace(NAME, LAB).replace(
    "moves_the_bottom_card_to_the_top", "moves_the_top_card_to_the_bottom").replace(
    "rotate_right", "rotate_left").replace(
    "bottom card to the top", "top card to the bottom").replace(
    "take the last card off and put it in front of the others",
    "take the first card off and put it behind the others")

# The book shows a lab solution by anchor, so its function is marked.
LAB_SOLUTION = SOLUTION.replace(
    "bottom (last) card of the deck to the top (front)",
    "top (first) card of the deck to the bottom (last)").replace(
    f"solutions::extensions::{NAME}(&[1, 2, 3]), [3, 1, 2]",
    f"solutions::{LAB}(&[1, 2, 3]), [2, 3, 1]").replace(
    f"pub fn {NAME}", f"// ANCHOR: {LAB}\npub fn {LAB}").replace(
    "no bottom card", "no top card").replace(
    "rotate_right", "rotate_left") + f"// ANCHOR_END: {LAB}\n"

LAB_STUB = STUB.replace(NAME, LAB).replace(
    "bottom (last) card of the deck to the top (front)",
    "top (first) card of the deck to the bottom (last)").replace(
    "its last card moved to the front", "its first card moved to the end")

# The book shows the solution by anchor, never a copy. The toy's section
# goes in the Answers appendix: the main path is near its 2,400 lines
# (docs/tests/book.rs), as CONTRIBUTING's step 9 says.
LAB_SECTION = f'''
## A toy exercise

`{LAB}` moves the top card to the bottom:

```rust
{{{{#include ../../solutions/src/{LAB}.rs:{LAB}}}}}
```
'''

BONUS_FILES = {
    "tests/workbook/src/registry.rs",
    f"tests/grading/src/checks/{NAME}.rs",
    "tests/grading/src/checks/mod.rs",
    f"solutions/src/extensions/{NAME}.rs",
    "solutions/src/extensions/mod.rs",
    f"exercises/src/extensions/{NAME}.rs",
    "exercises/src/extensions/mod.rs",
    f"tests/stubs/exercises/src/extensions/{NAME}.rs",
    "tests/stubs/exercises/src/extensions/mod.rs",
}

LAB_FILES = {
    "tests/workbook/src/registry.rs",
    f"tests/grading/src/checks/{LAB}.rs",
    "tests/grading/src/checks/mod.rs",
    f"solutions/src/{LAB}.rs",
    "solutions/src/lib.rs",
    f"exercises/src/{LAB}.rs",
    "exercises/src/lib.rs",
    f"tests/stubs/exercises/src/{LAB}.rs",
    "tests/stubs/exercises/src/lib.rs",
    "tests/fixtures/class/reference.rs",
    "docs/src/answers.md",
}


# The views of the whole lab, which a new exercise rightly changes: the
# student's summary lists every lab exercise and counts the bonus ones, and
# the class report tables every exercise and check, as a student's feedback
# page lists them. They are pinned
# expectations, re-pinned as CONTRIBUTING.md's step 10 says; the whole run
# below re-pins them so and requires that these, and no other file,
# changed.
SUMMARY = "tests/grading/tests/snapshots/summary__"
REPORT = "tests/grade/tests/snapshots/class_report__"
REPINNED_BONUS = {
    f"{SUMMARY}a_bonus_run_has_its_own_line_and_next_step.snap",
    f"{REPORT}hostile_class_report.snap",
    f"{REPORT}wrong_class_report.snap",
    # A student's feedback page counts the bonus checks.
    f"{REPORT}sattolo_page.snap",
}
REPINNED_LAB = {
    f"{SUMMARY}pristine_stubs_read_as_not_started_with_the_first_exercise_next.snap",
    f"{SUMMARY}half_a_lab_shows_progress_and_the_next_step_in_full.snap",
    f"{SUMMARY}a_lab_with_an_endless_loop_names_the_call_that_hangs.snap",
    f"{SUMMARY}a_complete_lab_says_so.snap",
    f"{SUMMARY}a_filtered_run_speaks_of_the_checks_that_ran.snap",
    # What watch reads: a row per lab exercise.
    f"{SUMMARY}the_standings_of_half_a_lab_are_what_watch_reads.snap",
    f"{REPORT}hostile_class_report.snap",
    f"{REPORT}wrong_class_report.snap",
    # A student's feedback page lists every lab exercise's score.
    f"{REPORT}sattolo_page.snap",
}


def run(command, cwd, env, expect_success=True, extra_env=None):
    print("==", " ".join(command), flush=True)
    result = subprocess.run(command, cwd=cwd, env={**env, **(extra_env or {})}, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0 and expect_success:
        print(result.stdout[-6000:])
        failed = re.findall(r"^test (\S+) \.\.\. FAILED$", result.stdout, re.M)
        if failed:
            print("failed tests:", ", ".join(failed))
        sys.exit(f"FAILED: {' '.join(command)} exited {result.returncode}")
    if result.returncode == 0 and not expect_success:
        print(result.stdout[-3000:])
        sys.exit(f"FAILED: {' '.join(command)} was expected to fail")
    return result.stdout


def add_to_module(path: Path, name: str):
    """`mod name;` and `pub use name::name;`, after the existing ones."""
    text = path.read_text()
    mods = list(re.finditer(r"^mod \w+;\n", text, re.M))
    uses = list(re.finditer(r"^pub use \w+::\w+;\n", text, re.M))
    if not mods or not uses:
        sys.exit(f"{path}: no `mod x;` and `pub use x::x;` lines to follow")
    text = (text[:uses[-1].end()] + f"pub use {name}::{name};\n" + text[uses[-1].end():])
    text = (text[:mods[-1].end()] + f"mod {name};\n" + text[mods[-1].end():])
    path.write_text(text)


def add_to_registry(copy: Path, bracket: str, entry: str):
    registry = copy / "tests/workbook/src/registry.rs"
    text = registry.read_text()
    opened = text.index(f"\n        {bracket} [\n")
    end = text.index("        ]\n", opened)
    registry.write_text(text[:end] + entry + text[end:])


def add_check_module(copy: Path, name: str, group: str):
    """Step 2: the check module's line, in its group, which rustfmt keeps
    sorted."""
    path = copy / "tests/grading/src/checks/mod.rs"
    lines = path.read_text().split("\n")
    start = lines.index(group) + 1
    end = start
    while lines[end].startswith("pub mod "):
        end += 1
    lines[start:end] = sorted(lines[start:end] + [f"pub mod {name};"])
    path.write_text("\n".join(lines))


def freeze_stubs(copy: Path, folder: str, name: str, module: str):
    """Step 7: the frozen copy of the stubs, `cp` of the two files."""
    for file in (f"{name}.rs", module):
        shutil.copy(copy / "exercises/src" / folder / file,
                    copy / "tests/stubs/exercises/src" / folder / file)


def add_bonus_exercise(copy: Path, env):
    add_to_registry(copy, "bonus", REGISTRY_ENTRY)
    (copy / f"tests/grading/src/checks/{NAME}.rs").write_text(CHECKS)
    add_check_module(copy, NAME, "// The bonus ones.")
    (copy / f"solutions/src/extensions/{NAME}.rs").write_text(SOLUTION)
    add_to_module(copy / "solutions/src/extensions/mod.rs", NAME)
    (copy / f"exercises/src/extensions/{NAME}.rs").write_text(STUB)
    add_to_module(copy / "exercises/src/extensions/mod.rs", NAME)
    freeze_stubs(copy, "extensions", NAME, "mod.rs")


def add_lab_exercise(copy: Path, env):
    add_to_registry(copy, "lab", LAB_REGISTRY_ENTRY)
    (copy / f"tests/grading/src/checks/{LAB}.rs").write_text(LAB_CHECKS)
    add_check_module(copy, LAB, "// The lab's exercises.")
    (copy / f"solutions/src/{LAB}.rs").write_text(LAB_SOLUTION)
    add_to_module(copy / "solutions/src/lib.rs", LAB)
    (copy / f"exercises/src/{LAB}.rs").write_text(LAB_STUB)
    add_to_module(copy / "exercises/src/lib.rs", LAB)
    freeze_stubs(copy, "", LAB, "lib.rs")
    chapter = copy / "docs/src/answers.md"
    chapter.write_text(chapter.read_text() + LAB_SECTION)
    # The diagnosis needs nothing more: the registry entry's `diagnosis
    # none` is its arm of diagnose's match, which the registry generates.
    # Step 9: the single-file reference is regenerated by its own test.
    run(["cargo", "test", "-p", "grade", "--test", "grade_cli", "--",
         "--exact", "the_single_file_reference_is_generated_from_the_solutions"],
        copy, env, extra_env={"UPDATE_FIXTURES": "1"})


def commit_and_compare(copy: Path, listed: set, kind: str):
    subprocess.run(["git", "add", "-A"], cwd=copy, check=True)
    changed = set(subprocess.run(["git", "diff", "--cached", "--name-only"], cwd=copy,
                                 check=True, text=True, stdout=subprocess.PIPE).stdout.split())
    if changed != listed:
        sys.exit(f"FAILED: the {kind} procedure touched {sorted(changed)}, not the files "
                 f"{sorted(listed)}")
    subprocess.run(["git", "-c", "user.name=toy", "-c", "user.email=toy@example.com",
                    "commit", "-qm", kind], cwd=copy, check=True)
    print(f"== the {kind} procedure touched {len(changed)} files, as CONTRIBUTING.md lists")


def copy_workspace(work: Path) -> Path:
    copy = work / "workspace"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                           stdout=subprocess.PIPE).stdout.split(b"\0")
    for name in filter(None, files):
        source = ROOT / name.decode()
        if source.is_file():
            target = copy / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            # New times, so that cargo rebuilds the copy's crates rather
            # than trusting the artifacts copied from this checkout.
            shutil.copy(source, target)
    subprocess.run(["git", "init", "-q"], cwd=copy, check=True)
    commit_and_compare_initial(copy)
    return copy


def commit_and_compare_initial(copy: Path):
    subprocess.run(["git", "add", "-A"], cwd=copy, check=True)
    subprocess.run(["git", "-c", "user.name=toy", "-c", "user.email=toy@example.com",
                    "commit", "-qm", "before"], cwd=copy, check=True)


def check_the_new_exercise(copy: Path, env, name: str, bonus: bool, report: str):
    filter_ = f"bonus::{name}::" if bonus else f"{name}::"
    run(["cargo", "test", "-p", "solutions", "--test", "grading", "--",
         "--include-ignored", filter_], copy, env)
    stub = run(["cargo", "test", "-p", "exercises", "--test", "grading", "--",
                "--include-ignored", filter_], copy, env, expect_success=False)
    if f"{name} is not yet implemented" not in stub:
        print(stub[-3000:])
        sys.exit(f"FAILED: the stub's {name} does not read as not yet implemented")
    line = rf"^\s+{name}\s+1 of 1 checks passed" if bonus else rf"^\s+{name}\s+0 / 0\s+1 of 1 checks passed"
    if not re.search(line, report, re.M):
        print(report[-3000:])
        sys.exit(f"FAILED: grade's report does not list {name} as the "
                 f"{'bonus' if bonus else 'lab'} exercise it is")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--kind", choices=["bonus", "lab", "both"], default="both")
    parser.add_argument("--quick", action="store_true", help="skip the whole cargo test")
    parser.add_argument("--keep", action="store_true", help="keep the copy and print where")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="toy-exercise-"))
    # Readable by all, as a checkout is: the sandbox tests run the copy's
    # grade as `nobody`, and mkdtemp makes a folder only its owner can enter.
    work.chmod(0o755)
    copy = copy_workspace(work)
    env = dict(os.environ)
    target = work / "target"
    built = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "debug"
    if built.is_dir():
        print(f"== copying {built} to start warm", flush=True)
        target.mkdir()
        subprocess.run(["cp", "-a", str(built), str(target / "debug")], check=True)
    env["CARGO_TARGET_DIR"] = str(target)
    env["CARGO_TERM_COLOR"] = "never"

    kinds = ["bonus", "lab"] if args.kind == "both" else [args.kind]
    if "bonus" in kinds:
        add_bonus_exercise(copy, env)
        commit_and_compare(copy, BONUS_FILES, "bonus")
    if "lab" in kinds:
        add_lab_exercise(copy, env)
        commit_and_compare(copy, LAB_FILES, "lab")

    run(["cargo", "test", "-p", "grading", "--test", "mirror"], copy, env)
    report = run(["cargo", "run", "--quiet", "--bin", "grade", "--", "solutions",
                  "--out", str(work / "out")], copy, env)
    if "bonus" in kinds:
        check_the_new_exercise(copy, env, NAME, True, report)
    if "lab" in kinds:
        check_the_new_exercise(copy, env, LAB, False, report)
    if not args.quick:
        # Step 10: re-pin the views of the whole lab, from the two test
        # binaries that own them (the checks' own pinned outputs are
        # written by the reference's suite alone, so these cannot touch
        # them).
        run(["cargo", "test", "--no-fail-fast", "-p", "grading", "--test", "summary",
             "-p", "grade", "--test", "class_report", "--", "--include-ignored"], copy, env,
            extra_env={"INSTA_UPDATE": "always"})
        repinned = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                                  cwd=copy, check=True, text=True,
                                  stdout=subprocess.PIPE).stdout.splitlines()
        repinned = {line[3:] for line in repinned}
        expected = set()
        if "bonus" in kinds:
            expected |= REPINNED_BONUS
        if "lab" in kinds:
            expected |= REPINNED_LAB
        if repinned != expected:
            subprocess.run(["git", "diff", "--stat"], cwd=copy)
            sys.exit(f"FAILED: re-pinning changed {sorted(repinned)}, "
                     f"not the views of the whole lab {sorted(expected)}")
        print(f"== re-pinned the {len(repinned)} views of the whole lab that CONTRIBUTING.md "
              "lists", flush=True)
        # The whole test suite, as CI runs it: every count and table
        # follows the registry, so nothing else needed touching.
        run(["cargo", "test", "--no-fail-fast", "--", "--include-ignored"], copy, env)
    print(f"== {', '.join(kinds)}: added as listed; mirror, checks, stub, grade"
          f"{'' if args.quick else ' and the whole cargo test'} all see them")
    if args.keep:
        print(f"the copy is in {copy}")
    else:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
