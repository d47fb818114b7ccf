#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image.
# The autograder zip holds this repository; Gradescope unpacks it into
# /autograder/source.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

# A Rust toolchain (edition 2024 needs Rust 1.85 or later), a C linker, and
# util-linux's unshare, which the sandbox uses for its namespaces.
apt-get update
apt-get install -y --no-install-recommends rustup build-essential util-linux ca-certificates
rustup default stable

cd /autograder/source
cargo build --release --locked --bin grade
# Grading once builds the harness's dependencies, so a student's run only
# compiles the student's own code.
./target/release/grade tests/fixtures/class/reference.rs >/dev/null
