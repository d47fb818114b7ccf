use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let mut res: Vec<i32> = Vec::new();
    let mut left: usize = 0;
    let mut right: usize = (n + 1) / 2;
    let stop = right;
    while left < stop {
        res.push(values[left]);
        left = left + 1;
        if right < n {
            res.push(values[right]);
            right = right + 1;
        }
    }
    res
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut res: Vec<i32> = Vec::new();
    let mut done: Vec<bool> = vec![false; n];
    let mut count: usize = 0;
    while count < n {
        let j: usize = rng.random_range(0..n as u64) as usize;
        if done[j] == false {
            res.push(values[j]);
            done[j] = true;
            count = count + 1;
        }
    }
    res
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    let mut k: usize = n;
    while k > 1 {
        k = k - 1;
        let r: usize = rng.random_range(0..(k as u64) + 1) as usize;
        let hold: i32 = values[r];
        values[r] = values[k];
        values[k] = hold;
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let value: u64 = rng.random_range(0..3);
    let result: &'static str;
    if value <= 1 {
        result = "heads";
    } else {
        result = "tails";
    }
    result
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut ok: bool = a.len() == b.len();
    for i in 0..a.len() {
        if !b.contains(&a[i]) {
            ok = false;
        }
    }
    ok
}

pub fn reversing_sequence() -> [usize; 3] {
    let mut seq: [usize; 3] = [0; 3];
    seq[1] = 1;
    seq[2] = 1;
    seq
}
