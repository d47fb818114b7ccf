use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let mid = values.len().div_ceil(2);
    (0..values.len())
        .map(|i| if i % 2 == 0 { values[i / 2] } else { values[mid + i / 2] })
        .collect()
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut used = vec![false; n];
    (0..n)
        .map(|_| {
            let idx = std::iter::repeat_with(|| rng.random_range(0..n))
                .find(|&j| !used[j])
                .unwrap();
            used[idx] = true;
            values[idx]
        })
        .collect()
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    (1..values.len()).rev().for_each(|k| {
        let r = rng.random_range(0..=k);
        values.swap(r, k);
    });
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    ["heads", "heads", "tails"][rng.random_range(0..3)]
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut x: Vec<_> = a.into();
    let mut y: Vec<_> = b.into();
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
