#!/usr/bin/env python3
"""Writes the planted copies in planted/ from originals in independent/.

Run once; its output is committed, so the tests never run Python. Each
strength adds to the one before it, as a copier covering their tracks would:
verbatim changes comments and layout only; renamed also renames every local
name and reorders the functions; rewritten also rewrites statements (for to
while, += to = +, if/else swapped with the condition negated, temporaries,
dead code).
"""
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
KEYWORDS = set("as break const continue crate else enum fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true false type use where while".split())
API = {"perfect_shuffle", "selection_shuffle", "efficient_selection_shuffle", "flip", "are_permutations", "reversing_sequence"}
WORDS = ["alpha", "cur", "item", "pos", "idx2", "tmp_val", "slot", "cnt", "acc", "spot", "marker", "pile", "hand", "card_no", "q", "z", "limit", "cursor", "bucket", "flag_vec", "taken_set", "deck_out", "ptr", "chosen_one"]


def outside_strings(text, fn):
    parts = re.split(r'("(?:[^"\\]|\\.)*")', text)
    return "".join(p if i % 2 else fn(p) for i, p in enumerate(parts))


def strip_comments(text):
    out = []
    in_block = False
    for line in text.splitlines():
        if line.strip().startswith("/*"):
            in_block = True
        if in_block or line.strip().startswith("//"):
            in_block = in_block and "*/" not in line
            continue
        out.append(re.sub(r"\s+//.*$", "", line))
    return "\n".join(out) + "\n"


def verbatim(text, rnd):
    text = strip_comments(text)
    notes = ["// my own work", "// TODO tidy up", "// this took a while", "// see lab handout", "// works on the tests"]
    out = []
    for line in text.splitlines():
        if line.startswith("pub fn"):
            out.append(rnd.choice(notes))
        # four-space indents become two, as another editor would write them
        stripped = line.lstrip(" ")
        out.append(" " * ((len(line) - len(stripped)) // 2) + stripped)
        if rnd.random() < 0.08 and line.strip().endswith(";"):
            out.append("")
    return "\n".join(out) + "\n"


def items(text):
    """Splits a file into its use lines and its top-level items."""
    head, blocks, cur = [], [], []
    for line in text.splitlines():
        if not blocks and not cur and (line.startswith("use ") or not line.strip()):
            head.append(line)
            continue
        cur.append(line)
        if line == "}":
            blocks.append("\n".join(cur))
            cur = []
    if cur:
        blocks.append("\n".join(cur))
    return head, [b.strip("\n") for b in blocks if b.strip()]


def renamed(text, rnd):
    text = strip_comments(text)
    names = set(re.findall(r"\blet (?:mut )?(\w+)", text)) | set(re.findall(r"\bfor (\w+) in", text))
    names |= set(re.findall(r"[(,] ?(?:mut )?(\w+): ", text)) | set(re.findall(r"\|(\w+)\|", text))
    names |= set(re.findall(r"^fn (\w+)", text, re.M))
    names -= KEYWORDS | API | {"_", "rng"}
    pool = WORDS[:]
    rnd.shuffle(pool)
    mapping = {n: pool[i % len(pool)] + ("" if i < len(pool) else str(i)) for i, n in enumerate(sorted(names))}

    def rename(m):
        # A name after one dot is a field or method; after `..` it is a range's end.
        before = part_text[: m.start()]
        if before.endswith(".") and not before.endswith(".."):
            return m.group(1)
        return mapping.get(m.group(1), m.group(1))

    def sub(part):
        nonlocal part_text
        part_text = part
        return re.sub(r"(?<!\w)(\w+)\b", rename, part)

    part_text = ""
    text = verbatim(outside_strings(text, sub), rnd)
    head, blocks = items(text)
    rnd.shuffle(blocks)
    return "\n".join(head).strip() + "\n\n" + "\n\n".join(blocks) + "\n"


def rewritten(text, rnd):
    text = renamed(text, rnd)
    lines = text.splitlines()
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        ind = line[: len(line) - len(line.lstrip())]
        m = re.match(r"^(\s*)for (\w+) in (\w+)\.\.(.+?) \{$", line)
        if m and not m.group(4).endswith(")") and ".rev()" not in line:
            # for v in a..b { ... }  ->  let mut v = a; while v < b { ...; v += 1; }
            _, v, a, b = m.groups()
            v2 = "i_" if v.startswith("_") else v
            out.append(f"{ind}let mut {v2} = {a};")
            out.append(f"{ind}while {v2} < {b} {{")
            j = i + 1
            body = []
            while lines[j] != f"{ind}}}":
                body.append(re.sub(rf"\b{re.escape(v)}\b", v2, lines[j]))
                j += 1
            out.extend(body)
            out.append(f"{ind}    {v2} += 1;")
            out.append(f"{ind}}}")
            i = j + 1
            continue
        m = re.match(r"^(\s*)if (.+) \{$", line)
        if m and not m.group(2).startswith("let "):
            # if c { A } else { B }  ->  if !(c) { B } else { A }
            j = i + 1
            while j < len(lines) and lines[j] != f"{ind}}} else {{" and lines[j] != f"{ind}}}":
                j += 1
            if j < len(lines) and lines[j] == f"{ind}}} else {{":
                k = j + 1
                while lines[k] != f"{ind}}}":
                    k += 1
                out.append(f"{ind}if !({m.group(2)}) {{")
                out.extend(lines[j + 1 : k])
                out.append(f"{ind}}} else {{")
                out.extend(lines[i + 1 : j])
                out.append(f"{ind}}}")
                i = k + 1
                continue
        m = re.match(r"^(\s*)([\w\[\]]+) \+= (.+);$", line)
        if m:
            line = f"{m.group(1)}{m.group(2)} = {m.group(2)} + {m.group(3)};"
        else:
            m = re.match(r"^(\s*)(\w+) = (\w+) \+ (.+);$", line)
            if m and m.group(2) == m.group(3):
                line = f"{m.group(1)}{m.group(2)} += {m.group(4)};"
        m = re.match(r"^(\s*)(\w+)\.swap\((\w+), (.+)\);$", line)
        if m:
            out.append(f"{m.group(1)}let other_index = {m.group(4)};")
            line = f"{m.group(1)}{m.group(2)}.swap({m.group(3)}, other_index);"
        if line.startswith("pub fn") and rnd.random() < 0.5:
            out.append(line)
            out.append("    let _debug_count = 0;")
            out.append("    if false {")
            out.append('        println!("debug");')
            out.append("    }")
            i += 1
            continue
        out.append(line)
        i += 1
    return "\n".join(out) + "\n"


def main():
    plants = [
        ("s01", ["verbatim", "renamed", "rewritten"]),
        ("s02", ["verbatim", "renamed", "rewritten"]),
        ("s04", ["verbatim", "renamed", "rewritten"]),
        ("s06", ["verbatim", "renamed", "rewritten"]),
        ("s09", ["verbatim", "renamed", "rewritten"]),
        ("s12", ["verbatim", "renamed", "rewritten"]),
        ("s15", ["verbatim", "renamed", "rewritten"]),
        ("s18", ["verbatim", "renamed", "rewritten"]),
        ("s24", ["verbatim", "renamed", "rewritten"]),
        ("s28", ["verbatim", "renamed", "rewritten"]),
        ("s21", ["verbatim", "renamed", "rewritten"]),
    ]
    fns = {"verbatim": verbatim, "renamed": renamed, "rewritten": rewritten}
    manifest = ["# Which files in planted/ are copies of which, and how disguised.", "# Written by plant.py.", ""]
    for src, strengths in plants:
        text = (HERE / "independent" / f"{src}.rs").read_text()
        for strength in strengths:
            rnd = random.Random(f"{src}-{strength}")
            name = f"{src}_{strength}.rs"
            (HERE / "planted" / name).write_text(fns[strength](text, rnd))
            manifest += ["[[planted]]", f'file = "planted/{name}"', f'source = "independent/{src}.rs"', f'strength = "{strength}"', ""]
    # One group of three: s20 and two students who copied it.
    text = (HERE / "independent" / "s20.rs").read_text()
    for tag, strength in [("a", "renamed"), ("b", "rewritten")]:
        name = f"group_s20_{tag}.rs"
        (HERE / "planted" / name).write_text(fns[strength](text, random.Random(name)))
        manifest += ["[[planted]]", f'file = "planted/{name}"', 'source = "independent/s20.rs"', f'strength = "{strength}"', 'group = "s20"', ""]
    (HERE / "manifest.toml").write_text("\n".join(manifest))


if __name__ == "__main__":
    sys.exit(main())
