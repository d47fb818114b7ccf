use rand::{Rng, RngExt};

pub struct Deck;

impl Deck {
    fn halves(values: &[i32]) -> (&[i32], &[i32]) {
        values.split_at((values.len() + 1) / 2)
    }
}

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let (h1, h2) = Deck::halves(values);
    let mut v = Vec::new();
    for i in 0..h1.len() {
        v.push(h1[i]);
        if let Some(x) = h2.get(i) {
            v.push(*x);
        }
    }
    v
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut available: Vec<bool> = values.iter().map(|_| true).collect();
    let mut v = Vec::new();
    for _ in 0..values.len() {
        let mut r = rng.random_range(0..values.len());
        while !available[r] {
            r = rng.random_range(0..values.len());
        }
        available[r] = false;
        v.push(values[r]);
    }
    v
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let top = values.len();
    for i in (1..top).rev() {
        let j = rng.random_range(0..i + 1);
        values.swap(i, j);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    if rng.random_range(0.0..1.0) < 2.0 / 3.0 { "heads" } else { "tails" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut a: Vec<i32> = a.iter().cloned().collect();
    let mut b: Vec<i32> = b.iter().cloned().collect();
    a.sort();
    b.sort();
    a == b
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
