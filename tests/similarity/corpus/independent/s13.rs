use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let mut halves = values.chunks(values.len().div_ceil(2).max(1));
    let a = halves.next().unwrap_or(&[]);
    let b = halves.next().unwrap_or(&[]);
    let mut out = vec![];
    for (i, x) in a.iter().enumerate() {
        out.push(*x);
        out.extend(b.get(i));
    }
    out
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut marks = vec![false; n];
    let mut out = vec![];
    while out.len() != n {
        let j = rng.random_range(0..n);
        if marks[j] == false {
            marks[j] = true;
            out.push(values[j])
        }
    }
    out
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    if values.is_empty() {
        return;
    }
    for k in (1..=values.len() - 1).rev() {
        let r = rng.random_range(0..=k);
        values.swap(k, r)
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let p: f32 = rng.random();
    if p > 1.0 / 3.0 { "heads" } else { "tails" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut a2 = a.to_vec();
    a2.sort();
    let mut b2 = b.to_vec();
    b2.sort();
    a2 == b2
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
