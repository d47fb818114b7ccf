use rand::{Rng, RngExt};

// Textbook version, written from the lab handout.
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let size = values.len();
    let half = (size + 1) / 2;
    let mut shuffled = vec![0; size];
    let mut k = 0;
    for j in 0..half {
        shuffled[k] = values[j];
        k = k + 2;
    }
    let mut k = 1;
    for j in half..size {
        shuffled[k] = values[j];
        k = k + 2;
    }
    shuffled
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let size = values.len();
    let mut shuffled = vec![0; size];
    let mut taken = vec![false; size];
    for k in 0..size {
        let mut j = rng.random_range(0..size);
        while taken[j] {
            j = rng.random_range(0..size);
        }
        shuffled[k] = values[j];
        taken[j] = true;
    }
    shuffled
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let size = values.len();
    for k in (1..size).rev() {
        let r = rng.random_range(0..=k);
        let temp = values[k];
        values[k] = values[r];
        values[r] = temp;
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let r = rng.random_range(0..3);
    if r == 2 { "tails" } else { "heads" }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    for i in 0..a.len() {
        let mut found = false;
        for j in 0..b.len() {
            if a[i] == b[j] {
                found = true;
            }
        }
        if !found {
            return false;
        }
    }
    true
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
