use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let mid = (values.len() + 1) / 2;
    let mut shuffled = Vec::new();
    for j in 0..mid {
        shuffled.push(values[j]);
        if j + mid < values.len() {
            shuffled.push(values[j + mid]);
        }
    }
    shuffled
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut used = vec![false; n];
    let mut shuffled = Vec::new();
    for _ in 0..n {
        let mut j = rng.random_range(0..n);
        while used[j] {
            j = rng.random_range(0..n);
        }
        used[j] = true;
        shuffled.push(values[j]);
    }
    shuffled
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    for k in (1..values.len()).rev() {
        let r = rng.random_range(0..=k);
        values.swap(k, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    if rng.random_range(0..3) < 2 {
        "heads"
    } else {
        "tails"
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut x = a.to_vec();
    let mut y = b.to_vec();
    x.sort();
    y.sort();
    x == y
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
