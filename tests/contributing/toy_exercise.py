#!/usr/bin/env python3
"""Proves CONTRIBUTING.md's "Adding an exercise" procedure, end to end.

On a copy of the workspace (the files git tracks, as they are now), it adds
a toy bonus exercise, `bottom_to_top`, by touching exactly the files the
procedure lists, and checks that:

* no other file had to change (the diff names those eight files and no more);
* the copy builds, and the mirror check passes (stubs and solutions have the
  same files and signatures);
* the reference passes the new check, and the stub fails it as "not yet
  implemented";
* `grade` on the reference lists the new exercise among the bonus ones.

Usage: python3 tests/contributing/toy_exercise.py [--keep]
It starts from a copy of this checkout's target/debug, so it costs about
the build of the workspace's own crates. A copy, not the folder itself:
cargo names a workspace crate's artifacts the same in every checkout, and
two checkouts building into one folder would each pick up the other's.
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

LISTED_FILES = {
    "tests/workbook/src/registry.rs",
    f"tests/grading/src/checks/{NAME}.rs",
    f"solutions/src/extensions/{NAME}.rs",
    "solutions/src/extensions/mod.rs",
    f"exercises/src/extensions/{NAME}.rs",
    "exercises/src/extensions/mod.rs",
    f"tests/stubs/exercises/src/extensions/{NAME}.rs",
    "tests/stubs/exercises/src/extensions/mod.rs",
}


def run(command, cwd, env, expect_success=True):
    print("==", " ".join(command), flush=True)
    result = subprocess.run(command, cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0 and expect_success:
        print(result.stdout[-6000:])
        sys.exit(f"FAILED: {' '.join(command)} exited {result.returncode}")
    if result.returncode == 0 and not expect_success:
        print(result.stdout[-3000:])
        sys.exit(f"FAILED: {' '.join(command)} was expected to fail")
    return result.stdout


def add_to_module(path: Path):
    """`mod NAME;` and `pub use NAME::NAME;`, after the existing ones."""
    text = path.read_text()
    mods = list(re.finditer(r"^mod \w+;\n", text, re.M))
    uses = list(re.finditer(r"^pub use \w+::\w+;\n", text, re.M))
    if not mods or not uses:
        sys.exit(f"{path}: no `mod x;` and `pub use x::x;` lines to follow")
    text = (text[:uses[-1].end()] + f"pub use {NAME}::{NAME};\n" + text[uses[-1].end():])
    text = (text[:mods[-1].end()] + f"mod {NAME};\n" + text[mods[-1].end():])
    path.write_text(text)


def follow_the_procedure(copy: Path):
    registry = copy / "tests/workbook/src/registry.rs"
    text = registry.read_text()
    bonus = text.index("\n        bonus [\n")
    end = text.index("        ]\n", bonus)
    registry.write_text(text[:end] + REGISTRY_ENTRY + text[end:])
    (copy / f"tests/grading/src/checks/{NAME}.rs").write_text(CHECKS)
    (copy / f"solutions/src/extensions/{NAME}.rs").write_text(SOLUTION)
    add_to_module(copy / "solutions/src/extensions/mod.rs")
    (copy / f"exercises/src/extensions/{NAME}.rs").write_text(STUB)
    add_to_module(copy / "exercises/src/extensions/mod.rs")
    for name in (f"{NAME}.rs", "mod.rs"):
        shutil.copy(copy / "exercises/src/extensions" / name,
                    copy / "tests/stubs/exercises/src/extensions" / name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the copy and print where")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="toy-exercise-"))
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
    subprocess.run(["git", "add", "-A"], cwd=copy, check=True)
    subprocess.run(["git", "-c", "user.name=toy", "-c", "user.email=toy@example.com",
                    "commit", "-qm", "before"], cwd=copy, check=True)

    follow_the_procedure(copy)
    subprocess.run(["git", "add", "-A"], cwd=copy, check=True)
    changed = set(subprocess.run(["git", "diff", "--cached", "--name-only"], cwd=copy,
                                 check=True, text=True, stdout=subprocess.PIPE).stdout.split())
    if changed != LISTED_FILES:
        sys.exit(f"FAILED: the procedure touched {sorted(changed)}, not the files "
                 f"{sorted(LISTED_FILES)}")
    print(f"== the procedure touched {len(changed)} files, as CONTRIBUTING.md lists")

    env = dict(os.environ)
    target = work / "target"
    built = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "debug"
    if built.is_dir():
        print(f"== copying {built} to start warm", flush=True)
        target.mkdir()
        subprocess.run(["cp", "-a", str(built), str(target / "debug")], check=True)
    env["CARGO_TARGET_DIR"] = str(target)
    env["CARGO_TERM_COLOR"] = "never"
    run(["cargo", "test", "-p", "grading", "--test", "mirror"], copy, env)
    run(["cargo", "test", "-p", "solutions", "--test", "grading", "--",
         "--include-ignored", f"bonus::{NAME}::"], copy, env)
    stub = run(["cargo", "test", "-p", "exercises", "--test", "grading", "--",
                "--include-ignored", f"bonus::{NAME}::"], copy, env, expect_success=False)
    if f"{NAME} is not yet implemented" not in stub:
        print(stub[-3000:])
        sys.exit("FAILED: the stub's check does not read as not yet implemented")
    # The generated build of `grade` gets a folder of its own, so this copy
    # never shares (or waits for) the checkout's.
    report = run(["cargo", "run", "--quiet", "--bin", "grade", "--", "solutions",
                  "--out", str(work / "out")],
                 copy, env)
    if not re.search(rf"^\s+{NAME}\s+1 of 1 checks passed", report, re.M):
        print(report[-3000:])
        sys.exit(f"FAILED: grade's report does not list {NAME} among the bonus exercises")
    print(f"== {NAME}: added as listed; mirror, checks, stub and grade all see it")
    if args.keep:
        print(f"the copy is in {copy}")
    else:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
