#!/usr/bin/env python3
"""Mutation testing of the grading suite against the reference solutions.

    python3 tests/mutants/run.py                  # hand mutants only (a few minutes)
    python3 tests/mutants/run.py --cargo-mutants  # hand mutants, then cargo-mutants
    python3 tests/mutants/run.py --only-cargo-mutants
    python3 tests/mutants/run.py --list           # check hand_mutants.toml, grade nothing
    python3 tests/mutants/run.py --filter flip    # hand mutants whose id matches a regex

Hand mutants (tests/mutants/hand_mutants.toml) are the slips cargo-mutants
does not make: range bounds and indices off by one, `..` for `..=`, `.rev()`
dropped, arguments swapped. For each one this makes a copy of the
`solutions` crate folder (Cargo.toml and src/, without src/bin) with that
single edit, puts every copy and an unmutated control in one temporary
folder, and grades them all in one `grade` run (release build, fast rubric).
A mutant is

* caught    when it scores below 100, or, for a bonus extension, passes
            fewer bonus checks than the reference;
* unviable  when it did not compile ("did not compile", or "partly
            compiled" with the mutated code stubbed out);
* missed    otherwise.

cargo-mutants is configured by .cargo/mutants.toml (solutions/src without
src/bin, tested by `cargo test -p solutions --test grading --
--include-ignored` only). It is installed with `cargo install cargo-mutants
--locked` when missing; its report goes to target/mutants/mutants.out.

A missed mutant must be listed in tests/mutants/survivors.toml with the
reason it behaves as the reference does; the script exits 1 if any is not,
2 on a broken setup (a find text that does not occur exactly once, a
control that does not score 100, a cargo-mutants baseline failure).
Python 3.11 standard library only.
"""
import argparse
import csv
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "mutants"
SOLUTIONS = ROOT / "solutions"
HAND_MUTANTS = HERE / "hand_mutants.toml"
SURVIVORS = HERE / "survivors.toml"
RUBRIC = ROOT / "tests" / "fixtures" / "fast_rubric.toml"
# The reference's bonus checks passed; a bonus mutant that passes fewer is caught.
BONUS_CHECKS = 13
CONTROL = "0-unmutated-control"
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
# grade's panic text for a function whose body it stubbed out.
COMPILE_ERROR_MARKER = "did not compile"


class SetupError(Exception):
    """The mutants, the survivors file or the tools are broken: no verdict."""


def say(*parts):
    print(*parts, flush=True)


# ------------------------------------------------------------------ the lists


def load_hand_mutants(path=HAND_MUTANTS):
    """Reads and validates hand_mutants.toml; returns the entries with
    their mutated file text added."""
    with open(path, "rb") as handle:
        entries = tomllib.load(handle).get("mutant", [])
    if not entries:
        raise SetupError(f"{path} lists no [[mutant]]")
    seen = set()
    problems = []
    for number, entry in enumerate(entries, 1):
        where = f"mutant #{number} ({entry.get('id', 'no id')})"
        missing = [k for k in ("id", "file", "find", "replace", "description") if k not in entry]
        if missing:
            problems.append(f"{where}: missing {', '.join(missing)}")
            continue
        if not ID_PATTERN.match(entry["id"]) or entry["id"] == CONTROL:
            problems.append(f"{where}: id must match {ID_PATTERN.pattern}")
        if entry["id"] in seen:
            problems.append(f"{where}: duplicate id")
        seen.add(entry["id"])
        source = SOLUTIONS / "src" / entry["file"]
        if not source.is_file() or "bin" in Path(entry["file"]).parts:
            problems.append(f"{where}: no file solutions/src/{entry['file']}")
            continue
        text = source.read_text()
        count = text.count(entry["find"])
        if count != 1:
            problems.append(
                f"{where}: the find text occurs {count} times in solutions/src/{entry['file']}, "
                f"not exactly once: {entry['find']!r}"
            )
            continue
        if entry["find"] == entry["replace"]:
            problems.append(f"{where}: replace is the same as find")
        entry["mutated"] = text.replace(entry["find"], entry["replace"], 1)
        entry["bonus"] = entry["file"].startswith("extensions/")
    if problems:
        raise SetupError("hand_mutants.toml:\n  " + "\n  ".join(problems))
    return entries


def load_survivors(path=SURVIVORS):
    """The accepted survivors: {"hand": {id: reason}, "cargo_mutants": {name: reason}}."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    accepted = {"hand": {}, "cargo_mutants": {}}
    for kind, key in (("hand", "id"), ("cargo_mutants", "mutant")):
        for entry in data.get(kind, []):
            if key not in entry or not entry.get("reason", "").strip():
                raise SetupError(f"{path}: every [[{kind}]] needs {key} and a reason: {entry}")
            accepted[kind][normalise(entry[key]) if kind == "cargo_mutants" else entry[key]] = entry["reason"]
    return accepted


def normalise(name):
    """A cargo-mutants mutant name without its line and column, which move
    whenever the file is edited: `solutions/src/x.rs: replace < with <= in f`."""
    return re.sub(r"^([^:]+\.rs):\d+(:\d+)?:", r"\1:", name.strip())


# ------------------------------------------------------------------ hand mutants


def build_grade(release=True):
    """Builds the grade command; returns the path of its executable. The
    debug build grades as well (the checks' statistics are optimised in
    every profile); CI uses it because `cargo test` has already built it."""
    profile = ["--release"] if release else []
    command = ["cargo", "build", *profile, "--bin", "grade"]
    say("== " + " ".join(command))
    process = subprocess.run(
        command + ["--message-format=json-render-diagnostics"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    if process.returncode != 0:
        raise SetupError(" ".join(command) + " failed")
    for line in process.stdout.splitlines():
        if not line.startswith("{"):
            continue
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message.get("executable") and \
                message["target"]["name"] == "grade":
            return Path(message["executable"])
    raise SetupError("cargo build did not report the grade executable")


def copy_crate(destination, mutant=None):
    """The solutions crate folder, without src/bin, with the mutant's edit."""
    destination.mkdir()
    shutil.copy2(SOLUTIONS / "Cargo.toml", destination / "Cargo.toml")
    shutil.copytree(SOLUTIONS / "src", destination / "src", ignore=lambda d, names:
                    ["bin"] if Path(d) == SOLUTIONS / "src" else [])
    if mutant is not None:
        (destination / "src" / mutant["file"]).write_text(mutant["mutated"])


def grade_all(grade, folder, jobs, verbose):
    """One grade run over every submission in `folder/subs`; returns
    {id: (csv row, results.json)}."""
    command = [str(grade), str(folder / "subs"), "--format", "csv", "--rubric", str(RUBRIC),
               "--out", str(folder / "out")]
    if jobs:
        command += ["--jobs", str(jobs)]
    say("== " + " ".join(str(part) for part in command))
    log = folder / "grade.log"
    with open(log, "w") as errors:
        process = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                                 stderr=None if verbose else errors)
    if process.returncode != 0:
        tail = "" if verbose else log.read_text()[-3000:]
        raise SetupError(f"grade exited with {process.returncode}\n{tail}")
    rows = {row["submission"]: row for row in csv.DictReader(io.StringIO(process.stdout))}
    graded = {}
    for name, row in rows.items():
        results_file = folder / "out" / "submissions" / name / "results.json"
        results = json.loads(results_file.read_text()) if results_file.is_file() else {}
        graded[name] = (row, results)
    return graded


def failed_checks(results):
    return [t["name"] for t in results.get("tests", []) if t.get("status") != "passed"]


def classify(mutant, row, results):
    """(verdict, detail) for one graded hand mutant."""
    status = row["status"]
    score = float(row["score"])
    bonus = int(row["bonus_checks_passed"])
    failed = failed_checks(results)
    if status == "did not compile":
        return "unviable", "did not compile"
    if status == "partly compiled":
        stubbed = results.get("output", "")
        return "unviable", stubbed or "partly compiled"
    if score < 100 or (mutant["bonus"] and bonus < BONUS_CHECKS):
        return "caught", "; ".join(failed[:2]) + (f" (+{len(failed) - 2} more)" if len(failed) > 2 else "")
    if failed:
        # A lab mutant that fails only bonus checks: the brief's rule
        # counts it as missed by the lab's checks.
        return "missed", "only bonus checks failed: " + "; ".join(failed[:2])
    return "missed", ""


def run_hand(args, survivors):
    mutants = load_hand_mutants(args.mutants)
    if args.filter:
        pattern = re.compile(args.filter)
        mutants = [m for m in mutants if pattern.search(m["id"])]
        if not mutants:
            raise SetupError(f"no hand mutant id matches {args.filter!r}")
    unknown = sorted(set(survivors["hand"]) - {m["id"] for m in load_hand_mutants(HAND_MUTANTS)})
    if unknown:
        raise SetupError(f"survivors.toml names hand mutants that do not exist: {', '.join(unknown)}")
    if args.list:
        for m in mutants:
            say(f"{m['id']:<48} solutions/src/{m['file']}: {m['description']}")
        say(f"{len(mutants)} hand mutants, every find text found exactly once")
        return 0

    start = time.monotonic()
    grade = build_grade(release=not args.debug)
    folder = Path(tempfile.mkdtemp(prefix="hand-mutants-"))
    try:
        (folder / "subs").mkdir()
        copy_crate(folder / "subs" / CONTROL)
        for mutant in mutants:
            copy_crate(folder / "subs" / mutant["id"], mutant)
        say(f"== grading {len(mutants)} hand mutants and the unmutated control in {folder}")
        graded = grade_all(grade, folder, args.jobs, args.verbose)
    finally:
        if args.keep:
            say(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)

    control_row, control_results = graded.get(CONTROL, ({}, {}))
    if control_row.get("score") != "100" or control_row.get("bonus_checks_passed") != str(BONUS_CHECKS):
        raise SetupError(
            f"the unmutated control scored {control_row.get('score')} with "
            f"{control_row.get('bonus_checks_passed')} bonus checks, not 100 and {BONUS_CHECKS}: "
            f"failed {failed_checks(control_results)}. The machine may be too loaded for the "
            "fast rubric's 1 s call limit; rerun, or pass --jobs 1"
        )

    counts = {"caught": 0, "missed": 0, "unviable": 0}
    unexplained, stale = [], []
    lines = []
    for mutant in mutants:
        if mutant["id"] not in graded:
            raise SetupError(f"grade reported nothing for {mutant['id']}")
        row, results = graded[mutant["id"]]
        verdict, detail = classify(mutant, row, results)
        counts[verdict] += 1
        listed = mutant["id"] in survivors["hand"]
        if verdict == "missed":
            if listed:
                detail = "listed survivor: " + first_line(survivors["hand"][mutant["id"]])
            else:
                unexplained.append(mutant)
                verdict = "MISSED"
        elif listed:
            stale.append(mutant["id"])
        lines.append((mutant["id"], row["score"], row["bonus_checks_passed"], verdict, detail))

    say("")
    say(f"{'hand mutant':<48} {'score':>5} {'bonus':>5}  verdict   detail")
    for name, score, bonus, verdict, detail in lines:
        say(f"{name:<48} {score:>5} {bonus:>5}  {verdict:<8}  {shorten(detail, 110)}")
    elapsed = time.monotonic() - start
    say("")
    say(f"hand mutants: {len(mutants)} tested in {elapsed:.0f} s: {counts['caught']} caught, "
        f"{counts['missed']} missed ({counts['missed'] - len(unexplained)} listed as survivors), "
        f"{counts['unviable']} unviable")
    for mutant in unexplained:
        say(f"  MISSED, not in survivors.toml: {mutant['id']} (solutions/src/{mutant['file']}: "
            f"{mutant['description']}): {mutant['find'].strip()!r} -> {mutant['replace'].strip()!r}")
    for name in stale:
        say(f"  note: {name} is listed in survivors.toml but was caught or unviable; remove it")
    return 1 if unexplained else 0


def first_line(text):
    return " ".join(text.split())


def shorten(text, width):
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


# ------------------------------------------------------------------ cargo-mutants


def ensure_cargo_mutants():
    probe = subprocess.run(["cargo", "mutants", "--version"], cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if probe.returncode == 0:
        return probe.stdout.strip()
    say("== cargo install cargo-mutants --locked")
    subprocess.run(["cargo", "install", "cargo-mutants", "--locked"], check=True)
    return subprocess.run(["cargo", "mutants", "--version"], cwd=ROOT, check=True,
                          stdout=subprocess.PIPE, text=True).stdout.strip()


def target_dir():
    metadata = subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps"],
                              cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True)
    return Path(json.loads(metadata.stdout)["target_directory"])


def run_cargo_mutants(args, survivors):
    version = ensure_cargo_mutants()
    output = target_dir() / "mutants"
    output.mkdir(parents=True, exist_ok=True)
    command = ["cargo", "mutants", "--no-shuffle", "--output", str(output)]
    if args.jobs:
        command += ["--jobs", str(args.jobs)]
    say(f"== {' '.join(command)}   ({version}, configured by .cargo/mutants.toml)")
    start = time.monotonic()
    process = subprocess.run(command, cwd=ROOT)
    elapsed = time.monotonic() - start
    # 0: all caught; 2: some missed; 3: some timed out. Anything else
    # (a failing baseline, bad options) gives no verdict.
    if process.returncode not in (0, 2, 3):
        raise SetupError(f"cargo mutants exited with {process.returncode}; see {output}/mutants.out")
    results = output / "mutants.out"

    def read(name):
        path = results / name
        return [line for line in path.read_text().splitlines() if line.strip()] if path.exists() else []

    caught, missed = read("caught.txt"), read("missed.txt")
    unviable, timeout = read("unviable.txt"), read("timeout.txt")
    say("")
    unexplained = []
    for name in missed:
        reason = survivors["cargo_mutants"].get(normalise(name))
        if reason:
            say(f"  missed, listed survivor: {name}\n      {shorten(reason, 150)}")
        else:
            unexplained.append(name)
            say(f"  MISSED, not in survivors.toml: {name}")
    missed_names = {normalise(name) for name in missed}
    for name in survivors["cargo_mutants"]:
        if name not in missed_names:
            say(f"  note: {name} is listed in survivors.toml but was not missed; remove it")
    total = len(caught) + len(missed) + len(unviable) + len(timeout)
    say(f"cargo-mutants: {total} mutants tested in {elapsed:.0f} s: {len(caught)} caught, "
        f"{len(missed)} missed ({len(missed) - len(unexplained)} listed as survivors), "
        f"{len(unviable)} unviable, {len(timeout)} timeouts (a timeout is a hang the suite "
        f"noticed); details in {results}")
    return 1 if unexplained else 0


# ------------------------------------------------------------------ main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--cargo-mutants", action="store_true",
                        help="also run cargo-mutants after the hand mutants")
    parser.add_argument("--only-cargo-mutants", action="store_true",
                        help="run cargo-mutants and not the hand mutants")
    parser.add_argument("--list", action="store_true",
                        help="validate and list the hand mutants, grade nothing")
    parser.add_argument("--filter", metavar="REGEX", help="only hand mutants whose id matches")
    parser.add_argument("--mutants", metavar="FILE", type=Path, default=HAND_MUTANTS,
                        help="another list of hand mutants (default: tests/mutants/hand_mutants.toml)")
    parser.add_argument("--jobs", type=int, help="passed to grade and cargo mutants")
    parser.add_argument("--debug", action="store_true",
                        help="grade with the debug build of grade (what CI does)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder of copies")
    parser.add_argument("--verbose", action="store_true", help="show grade's progress output")
    args = parser.parse_args()
    try:
        survivors = load_survivors()
        status = 0
        if not args.only_cargo_mutants:
            status |= run_hand(args, survivors)
        if (args.cargo_mutants or args.only_cargo_mutants) and not args.list:
            say("")
            status |= run_cargo_mutants(args, survivors)
    except SetupError as error:
        say(f"error: {error}")
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
