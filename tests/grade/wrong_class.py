#!/usr/bin/env python3
"""Write the wrong-answer fixtures as a class to grade: one single-file
submission per file of tests/fixtures/wrong/, the reference solutions in a
module beside the fixture's own functions, which shadow them (as the
tests in tests/grade/tests/ build it).

    python3 tests/grade/wrong_class.py OUT    # OUT/<fixture>.rs, one per fixture

The instructors' chapter grades this class to show the class report.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: python3 tests/grade/wrong_class.py OUT")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    reference = (ROOT / "tests/fixtures/class/reference.rs").read_text(encoding="utf-8")
    for fixture in sorted((ROOT / "tests/fixtures/wrong").glob("*.rs")):
        own = (fixture.read_text(encoding="utf-8")
               .replace("pub use solutions::*;", "")
               .replace("solutions::", "reference::"))
        submission = f"mod reference {{\n{reference}\n}}\npub use reference::*;\n{own}"
        (out / fixture.name).write_text(submission, encoding="utf-8")
    print(out)


if __name__ == "__main__":
    main()
