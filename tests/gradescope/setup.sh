#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image.
# The autograder zip holds this repository; Gradescope unpacks it into
# /autograder/source.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

# A Rust toolchain (the workbook needs Rust 1.89 or later), a C linker,
# util-linux's unshare, which the sandbox uses for its namespaces, and
# python3, with which run_autograder writes the results.json of an upload
# it cannot grade. The rustup package exists from Ubuntu 24.04 on: choose
# that base image.
apt-get update
if ! apt-get install -y --no-install-recommends rustup build-essential util-linux ca-certificates python3; then
    echo "setup.sh: no rustup package here; choose Gradescope's Ubuntu 24.04 base image" >&2
    exit 1
fi
rustup default stable
cargo --version

cd /autograder/source
cargo build --release --locked --bin grade
# Grading once builds the images' dependencies, so a student's run only
# compiles the student's own code. The pristine stubs are enough for that.
./target/release/grade exercises >/dev/null

# Leave nothing on the image that a submission could borrow: the reference
# solutions, the stubs, the book, the fixtures (full answers among them) and
# the history. `grade` needs only its binary, the source of what each
# submission's image links (tests/workbook and tests/grade-serve), the manifests and
# the lockfile. Its own scan refuses include!, #[path] and env! anyway; this
# is the second lock on the door.
rm -rf solutions exercises docs tests/fixtures tests/*/tests .git
