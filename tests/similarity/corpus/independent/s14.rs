use rand::{Rng, RngExt};
use std::collections::HashSet;

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let m = (n + 1) >> 1;
    let mut out = Vec::new();
    let mut i = 0;
    let mut j = m;
    for step in 0..n {
        if step & 1 == 0 {
            out.push(values[i]);
            i += 1;
        } else {
            out.push(values[j]);
            j += 1;
        }
    }
    out
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut taken: HashSet<usize> = HashSet::new();
    let mut out = Vec::new();
    while taken.len() < values.len() {
        let j = rng.random_range(0..values.len());
        if taken.insert(j) {
            out.push(values[j]);
        }
    }
    out
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    (1..n).rev().for_each(|k| values.swap(k, rng.random_range(0..=k)));
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let side = rng.random_range(0..6);
    if side < 4 { "heads" } else { "tails" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let sa: HashSet<&i32> = a.iter().collect();
    let sb: HashSet<&i32> = b.iter().collect();
    a.len() == b.len() && sa == sb
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
