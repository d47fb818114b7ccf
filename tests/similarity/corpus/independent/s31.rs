use rand::{Rng, RngExt};

fn halves(values: &[i32]) -> (Vec<i32>, Vec<i32>) {
    let n = values.len();
    let first: Vec<i32> = values.iter().take((n + 1) / 2).cloned().collect();
    let second: Vec<i32> = values.iter().skip((n + 1) / 2).cloned().collect();
    (first, second)
}

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let (first, second) = halves(values);
    let mut out = Vec::new();
    let mut si = second.iter();
    for f in first.iter() {
        out.push(*f);
        match si.next() {
            Some(s) => out.push(*s),
            None => {}
        }
    }
    out
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let total = values.len();
    let mut have = vec![false; total];
    let mut out = Vec::new();
    for _ in 0..total {
        let mut spot = rng.random::<u32>() as usize % total;
        while have[spot] {
            spot = rng.random::<u32>() as usize % total;
        }
        have[spot] = true;
        out.push(values[spot]);
    }
    out
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let total = values.len();
    for k in (1..total).rev() {
        let r = rng.random::<u32>() as usize % (k + 1);
        values.swap(k, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    if rng.random::<u32>() % 3 < 2 { "heads" } else { "tails" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut left: Vec<i32> = a.iter().cloned().collect();
    let mut right: Vec<i32> = b.iter().cloned().collect();
    left.sort();
    right.sort();
    left.eq(&right)
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
