use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    if values.is_empty() {
        return Vec::new();
    }
    let half = values.len().div_ceil(2);
    let mut result = perfect_shuffle_rec(&values[..half], &values[half..]);
    result.shrink_to_fit();
    result
}

fn perfect_shuffle_rec(a: &[i32], b: &[i32]) -> Vec<i32> {
    match (a.split_first(), b.split_first()) {
        (Some((x, ra)), Some((y, rb))) => {
            let mut v = vec![*x, *y];
            v.extend(perfect_shuffle_rec(ra, rb));
            v
        }
        (Some(_), None) => a.to_vec(),
        (None, _) => b.to_vec(),
    }
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut flags = vec![0u8; values.len()];
    let mut result = Vec::new();
    while result.len() < values.len() {
        let j = rng.random_range(0..values.len());
        if flags[j] == 0 {
            flags[j] = 1;
            result.push(values[j]);
        }
    }
    result
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let mut idx = values.len();
    while idx > 1 {
        let r = rng.random_range(0..idx);
        idx -= 1;
        values.swap(idx, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    match rng.random_bool(1.0 / 3.0) {
        true => "tails",
        false => "heads",
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut a_sorted = a.to_vec();
    let mut b_sorted = b.to_vec();
    a_sorted.sort();
    b_sorted.sort();
    a_sorted.len() == b_sorted.len() && a_sorted.iter().zip(&b_sorted).all(|(p, q)| p == q)
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
