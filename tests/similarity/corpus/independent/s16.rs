use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let half = n.div_ceil(2);
    let mut out = vec![0; n];
    let mut k = 0;
    while k < half {
        out[2 * k] = values[k];
        k += 1;
    }
    let mut k = 0;
    while half + k < n {
        out[2 * k + 1] = values[half + k];
        k += 1;
    }
    out
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut out = vec![0; n];
    let mut used = vec![false; n];
    for k in 0..n {
        let mut j;
        loop {
            j = rng.random_range(0..n);
            if !used[j] {
                break;
            }
        }
        used[j] = true;
        out[k] = values[j];
    }
    out
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    let mut k = n;
    while k >= 2 {
        let r = rng.random_range(0..k);
        values.swap(r, k - 1);
        k -= 1;
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let x = rng.random::<u8>() % 3;
    match x {
        2 => "tails",
        _ => "heads",
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.iter().filter(|y| *y == x).count() == a.iter().filter(|z| *z == x).count())
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
