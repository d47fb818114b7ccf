use rand::{Rng, RngExt};

const HEADS: &str = "heads";
const TAILS: &str = "tails";

fn interleave(top: &[i32], bottom: &[i32]) -> Vec<i32> {
    let mut merged = Vec::with_capacity(top.len() + bottom.len());
    let mut t = 0;
    let mut b = 0;
    while t < top.len() || b < bottom.len() {
        if t < top.len() {
            merged.push(top[t]);
            t += 1;
        }
        if b < bottom.len() {
            merged.push(bottom[b]);
            b += 1;
        }
    }
    merged
}

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let (top, bottom) = values.split_at(values.len().div_ceil(2));
    interleave(top, bottom)
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut used = vec![false; values.len()];
    let mut picked = Vec::new();
    for _ in values {
        let mut index = rng.random_range(0..values.len());
        while used[index] {
            index = rng.random_range(0..values.len());
        }
        used[index] = true;
        picked.push(values[index]);
    }
    picked
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let mut last = values.len();
    while last > 1 {
        last -= 1;
        let pick = rng.random_range(0..=last);
        values.swap(last, pick);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    if rng.random_range(0..3u32) != 2 { HEADS } else { TAILS }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut sorted_a = a.to_vec();
    let mut sorted_b = b.to_vec();
    sorted_a.sort_unstable();
    sorted_b.sort_unstable();
    sorted_a == sorted_b
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
