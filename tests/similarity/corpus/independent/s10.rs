use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let middle = (values.len() + 1) / 2;
    let left = values[..middle].iter();
    let right = values[middle..].iter().map(Some).chain(std::iter::repeat(None));
    left.zip(right)
        .flat_map(|(l, r)| std::iter::once(*l).chain(r.copied()))
        .collect()
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut pool: Vec<Option<i32>> = values.iter().copied().map(Some).collect();
    let mut out = Vec::with_capacity(values.len());
    while out.len() < values.len() {
        let i = rng.random_range(0..pool.len());
        if let Some(v) = pool[i] {
            out.push(v);
            pool[i] = None;
        }
    }
    out
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    for k in (1..values.len()).rev() {
        let r: usize = rng.random_range(0..=k);
        if r != k {
            values.swap(r, k);
        }
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let outcomes = ["heads", "tails"];
    let roll: u8 = rng.random_range(0..3);
    outcomes[(roll / 2) as usize]
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut a = Vec::from(a);
    let mut b = Vec::from(b);
    a.sort();
    b.sort();
    a.iter().zip(b.iter()).all(|(x, y)| x == y) && a.len() == b.len()
}

pub fn reversing_sequence() -> [usize; 3] {
    let answer = [0, 1, 1];
    answer
}
