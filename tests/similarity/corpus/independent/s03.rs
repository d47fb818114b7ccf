use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let (top, bottom) = values.split_at((values.len() + 1) / 2);
    let mut out = Vec::new();
    let mut top_iter = top.iter();
    let mut bottom_iter = bottom.iter();
    loop {
        match top_iter.next() {
            Some(&card) => out.push(card),
            None => break,
        }
        if let Some(&card) = bottom_iter.next() {
            out.push(card);
        }
    }
    out
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut slots: Vec<Option<i32>> = values.iter().map(|&v| Some(v)).collect();
    let mut out = Vec::new();
    for _ in 0..values.len() {
        loop {
            let pick = rng.random_range(0..values.len());
            if let Some(card) = slots[pick].take() {
                out.push(card);
                break;
            }
        }
    }
    out
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let len = values.len();
    for k in (1..len).rev() {
        values.swap(k, rng.random_range(0..=k));
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    match rng.random_range(0..3) {
        0 | 1 => "heads",
        _ => "tails",
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
