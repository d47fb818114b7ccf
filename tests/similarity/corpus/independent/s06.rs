use rand::{Rng, RngExt};
use std::collections::HashMap;

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let cut = (values.len() + 1) / 2;
    let first = &values[..cut];
    let second = &values[cut..];
    let mut deck = Vec::new();
    for idx in 0..first.len() {
        deck.push(first[idx]);
        if idx < second.len() {
            deck.push(second[idx]);
        }
    }
    deck
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let count = values.len();
    let mut marked = vec![false; count];
    let mut deck = vec![0; count];
    for pos in 0..count {
        let mut pick;
        loop {
            pick = rng.random::<u32>() as usize % count;
            if !marked[pick] {
                break;
            }
        }
        marked[pick] = true;
        deck[pos] = values[pick];
    }
    deck
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let count = values.len();
    for pos in (1..count).rev() {
        let other = rng.random::<u32>() as usize % (pos + 1);
        values.swap(pos, other);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    if rng.random::<u32>() % 3 == 2 {
        "tails"
    } else {
        "heads"
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut counts: HashMap<i32, i64> = HashMap::new();
    for &v in a {
        *counts.entry(v).or_insert(0) += 1;
    }
    for &v in b {
        *counts.entry(v).or_insert(0) -= 1;
    }
    counts.values().all(|&c| c == 0)
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
