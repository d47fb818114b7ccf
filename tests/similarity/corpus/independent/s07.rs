use rand::{Rng, RngExt};

/// Out-shuffle: interleave the two halves.
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let mut res = Vec::with_capacity(n);
    let half = n / 2 + n % 2;
    for (a, b) in values[..half].iter().zip(values[half..].iter()) {
        res.push(*a);
        res.push(*b);
    }
    if n % 2 == 1 {
        res.push(values[half - 1]);
    }
    res
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut res = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut filled = 0;
    while filled < n {
        let j = rng.random_range(0..n);
        if seen[j] {
            continue;
        }
        seen[j] = true;
        res.push(values[j]);
        filled += 1;
    }
    res
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    for i in 0..n.saturating_sub(1) {
        let k = n - 1 - i;
        let r = rng.random_range(0..=k);
        values.swap(r, k);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    if rng.random_bool(2.0 / 3.0) { "heads" } else { "tails" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut sa = a.to_owned();
    sa.sort();
    let mut sb = b.to_owned();
    sb.sort();
    sa.eq(&sb)
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
