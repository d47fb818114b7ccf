use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let half = (values.len() as f64 / 2.0).ceil() as usize;
    let mut shuffled = Vec::new();
    for i in 0..values.len() {
        let src = if i % 2 == 0 { i / 2 } else { half + (i - 1) / 2 };
        shuffled.push(values[src]);
    }
    shuffled
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut copy: Vec<Option<i32>> = values.iter().map(|x| Some(*x)).collect();
    let mut shuffled = Vec::new();
    let mut k = 0;
    while k < values.len() {
        let j = rng.random_range(0..copy.len());
        match copy[j] {
            None => {}
            Some(card) => {
                shuffled.push(card);
                copy[j] = None;
                k += 1;
            }
        }
    }
    shuffled
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let mut k = values.len().wrapping_sub(1);
    while k > 0 && k < values.len() {
        let r = rng.random_range(0..=k);
        values.swap(k, r);
        k -= 1;
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let heads = rng.random_range(0..3) > 0;
    if heads { "heads" } else { "tails" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let total_a: i64 = a.iter().map(|&x| x as i64).sum();
    let total_b: i64 = b.iter().map(|&x| x as i64).sum();
    // quick reject, then the real check
    if total_a != total_b || a.len() != b.len() {
        return false;
    }
    a.iter().all(|x| b.contains(x))
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
