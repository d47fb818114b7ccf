use rand::{Rng, RngExt};

// bug: mid rounds down, so odd decks lose their top card order
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let mid = values.len() / 2;
    let mut v = Vec::new();
    for i in 0..mid {
        v.push(values[i]);
        v.push(values[mid + i]);
    }
    if values.len() % 2 != 0 {
        v.push(values[values.len() - 1]);
    }
    v
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut remaining: Vec<usize> = (0..values.len()).collect();
    let mut v = Vec::new();
    let mut done = vec![false; values.len()];
    while !remaining.is_empty() {
        let j = rng.random_range(0..values.len());
        if done[j] {
            continue;
        }
        done[j] = true;
        remaining.retain(|&x| x != j);
        v.push(values[j]);
    }
    v
}

// Sattolo by mistake: r never equals k
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    for k in (1..values.len()).rev() {
        let r = rng.random_range(0..k);
        values.swap(k, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let n = rng.random_range(1..=3);
    if n == 3 {
        "tails"
    } else {
        "heads"
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    a.iter().all(|x| b.contains(x)) && b.iter().all(|y| a.contains(y))
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
