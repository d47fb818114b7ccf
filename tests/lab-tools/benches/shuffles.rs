//! How fast each shuffle is, at 52 and at 1,000,000 cards, and how long a
//! `fairness` run of 1,000,000 shuffles of 52 cards takes.
//!
//! `cargo bench -p grading --bench shuffles`. divan prints the median of
//! each; compare any algorithm with `rand` (`SliceRandom::shuffle`) in the
//! same run, as the machine is shared and absolute times drift.

use divan::{Bencher, black_box};
use grading::algorithms;
use lab_tools::fairness::{self, Algorithm, Settings};
use rand::seq::SliceRandom;

fn main() {
    divan::main();
}

const SIZES: [usize; 2] = [52, 1_000_000];

fn deck(n: usize) -> Vec<i32> {
    (0..n as i32).collect()
}

#[divan::bench(args = SIZES)]
fn efficient(bencher: Bencher, n: usize) {
    let mut rng = grading::seeded(1);
    let mut cards = deck(n);
    bencher.bench_local(|| solutions::efficient_selection_shuffle(black_box(&mut cards), &mut rng));
}

#[divan::bench(args = SIZES)]
fn rand_shuffle(bencher: Bencher, n: usize) {
    let mut rng = grading::seeded(1);
    let mut cards = deck(n);
    bencher.bench_local(|| black_box(&mut cards).shuffle(&mut rng));
}

#[divan::bench(args = SIZES)]
fn naive(bencher: Bencher, n: usize) {
    let mut rng = grading::seeded(1);
    let mut cards = deck(n);
    bencher.bench_local(|| algorithms::naive_shuffle(black_box(&mut cards), &mut rng));
}

#[divan::bench(args = SIZES)]
fn sattolo(bencher: Bencher, n: usize) {
    let mut rng = grading::seeded(1);
    let mut cards = deck(n);
    bencher.bench_local(|| algorithms::sattolo_shuffle(black_box(&mut cards), &mut rng));
}

#[divan::bench(args = SIZES)]
fn selection(bencher: Bencher, n: usize) {
    let mut rng = grading::seeded(1);
    let cards = deck(n);
    bencher.bench_local(|| solutions::selection_shuffle(black_box(&cards), &mut rng));
}

#[divan::bench(args = SIZES)]
fn perfect(bencher: Bencher, n: usize) {
    let cards = deck(n);
    bencher.bench_local(|| solutions::perfect_shuffle(black_box(&cards)));
}

#[divan::bench(args = SIZES)]
fn riffle_once(bencher: Bencher, n: usize) {
    let mut rng = grading::seeded(1);
    let cards = deck(n);
    bencher.bench_local(|| solutions::extensions::riffle_shuffle(black_box(&cards), &mut rng));
}

static REFERENCE: grading::Implementation = grading::implementation!(solutions);

/// The fairness report the issue names: 1,000,000 shuffles of 52 cards.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn fairness_run_of_a_million_52_card_shuffles() -> fairness::Report {
    let settings = Settings {
        algorithm: Algorithm::Efficient,
        cards: 52,
        shuffles: 1_000_000,
        seed: 1,
        times: 1,
        keys: 256,
        deal: 13,
    };
    fairness::measure(&REFERENCE, &settings, |_| {})
}
