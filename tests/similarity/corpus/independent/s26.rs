use rand::{Rng, RngExt};
use std::collections::BTreeMap;

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let first_len = (n + 1) / 2;
    let mut positions = vec![0usize; n];
    for i in 0..n {
        positions[i] = if i < first_len { 2 * i } else { 2 * (i - first_len) + 1 };
    }
    let mut out = vec![0; n];
    for (i, &p) in positions.iter().enumerate() {
        out[p] = values[i];
    }
    out
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut marker = vec![false; values.len()];
    let mut out = Vec::new();
    let mut k = 0;
    while k < values.len() {
        let j = rng.random_range(0..values.len());
        if !marker[j] {
            out.push(values[j]);
            marker[j] = true;
            k += 1;
        }
    }
    out
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    for k in (1..values.len()).rev() {
        let r = rng.random_range(0..k + 1);
        values.swap(k, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let n: i32 = rng.random_range(1..4);
    if n != 3 { "heads" } else { "tails" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut tally: BTreeMap<i32, i32> = BTreeMap::new();
    for x in a {
        *tally.entry(*x).or_default() += 1;
    }
    for x in b {
        let e = tally.entry(*x).or_default();
        *e -= 1;
        if *e < 0 {
            return false;
        }
    }
    tally.values().all(|v| *v == 0)
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
