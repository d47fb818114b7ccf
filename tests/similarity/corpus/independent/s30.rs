use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let mut deck: Vec<i32> = Vec::new();
    let mid = (values.len() + 1) / 2;
    let (first, second) = (&values[0..mid], &values[mid..values.len()]);
    let mut j = 0;
    while j < first.len() {
        deck.push(first[j]);
        if j < second.len() {
            deck.push(second[j]);
        }
        j += 1;
    }
    deck
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let mut deck: Vec<i32> = Vec::new();
    let mut used: Vec<bool> = vec![false; values.len()];
    let mut k = 0;
    while k < values.len() {
        let mut j = rng.random_range(0..values.len());
        while used[j] {
            j = rng.random_range(0..values.len());
        }
        deck.push(values[j]);
        used[j] = true;
        k += 1;
    }
    deck
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let mut k = values.len();
    while k > 1 {
        k -= 1;
        let r = rng.random_range(0..=k);
        values.swap(k, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let n = rng.random_range(0..3);
    if n < 2 {
        "heads"
    } else {
        "tails"
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !b.contains(&a[i]) {
            return false;
        }
        i += 1;
    }
    true
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
