use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let mut shuffled = vec![0; n];
    let first = (n + 1) / 2;
    for j in 0..n {
        if j < first {
            shuffled[2 * j] = values[j];
        } else {
            shuffled[2 * (j - first) + 1] = values[j];
        }
    }
    shuffled
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut shuffled = vec![0; n];
    let mut empty = vec![true; n];
    for k in 0..n {
        let mut j = rng.random_range(0..n);
        while !empty[j] {
            j = rng.random_range(0..n);
        }
        shuffled[k] = values[j];
        empty[j] = false;
    }
    shuffled
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    for k in (1..n).rev() {
        let r = rng.random_range(0..k + 1);
        let temp = values[k];
        values[k] = values[r];
        values[r] = temp;
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let coin = rng.random_range(0..3);
    if coin == 0 {
        return "tails";
    }
    "heads"
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    for i in 0..a.len() {
        let mut match_found = false;
        for j in 0..b.len() {
            if a[i] == b[j] {
                match_found = true;
                break;
            }
        }
        if !match_found {
            return false;
        }
    }
    true
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
