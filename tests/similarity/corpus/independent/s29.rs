use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let mut shuffled = Vec::with_capacity(n);
    let mut a = 0usize;
    let mut b = n.div_ceil(2);
    for i in 0..n {
        if i % 2 == 1 {
            shuffled.push(values[b]);
            b += 1;
        } else {
            shuffled.push(values[a]);
            a += 1;
        }
    }
    shuffled
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut shuffled = Vec::with_capacity(n);
    let mut free = vec![true; n];
    while shuffled.len() < n {
        let j = rng.random_range(0..n);
        if free[j] {
            free[j] = false;
            shuffled.push(values[j]);
        }
    }
    shuffled
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    for step in 0..n {
        let k = n - 1 - step;
        if k == 0 {
            break;
        }
        let r = rng.random_range(0..=k);
        values.swap(r, k);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let roll = rng.random_range(0u8..3u8);
    if roll < 2 { "heads" } else { "tails" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut x = a.to_vec();
    x.sort_unstable();
    let mut y = b.to_vec();
    y.sort_unstable();
    x.len() == y.len() && x == y
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
