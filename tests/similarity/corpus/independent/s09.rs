use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let len = values.len();
    let split = len - len / 2;
    let mut output = vec![0i32; len];
    for (pos, slot) in output.iter_mut().enumerate() {
        *slot = if pos % 2 == 0 {
            values[pos / 2]
        } else {
            values[split + pos / 2]
        };
    }
    output
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let len = values.len();
    let mut chosen = vec![false; len];
    let mut output = Vec::with_capacity(len);
    for _ in 0..len {
        let idx = loop {
            let candidate = rng.random_range(0..len);
            if !chosen[candidate] {
                break candidate;
            }
        };
        chosen[idx] = true;
        output.push(values[idx]);
    }
    output
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let mut k = values.len();
    while k > 1 {
        let r = rng.random_range(0..k);
        values.swap(k - 1, r);
        k -= 1;
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    if rng.random_ratio(2, 3) {
        "heads"
    } else {
        "tails"
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().all(|v| b.iter().any(|w| w == v))
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
