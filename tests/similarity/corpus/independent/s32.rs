use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let half = n.div_ceil(2);
    let mut out = Vec::new();
    out.reserve(n);
    for idx in 0..half {
        out.push(values[idx]);
        match values.get(idx + half) {
            Some(v) => out.push(*v),
            None => (),
        }
    }
    out
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut out = Vec::new();
    let mut mask: u128 = 0;
    let mut seen = vec![false; n];
    while out.len() < n {
        let j = rng.random_range(0..n);
        if seen[j] {
            continue;
        }
        if j < 128 {
            mask |= 1 << j;
        }
        seen[j] = true;
        out.push(values[j]);
    }
    let _ = mask;
    out
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    let mut k = n;
    while k > 1 {
        let r = rng.random_range(0..k);
        k -= 1;
        values.swap(r, k);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let value = rng.random_range(0..=2);
    match value {
        0 => "tails",
        _ => "heads",
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut sa = a.to_vec();
    let mut sb = b.to_vec();
    sa.sort_unstable();
    sb.sort_unstable();
    sa == sb
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
