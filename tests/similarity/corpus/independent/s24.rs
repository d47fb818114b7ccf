use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let m = n / 2 + if n % 2 == 1 { 1 } else { 0 };
    let mut shuffled = Vec::new();
    let mut i = 0;
    loop {
        if i >= m {
            break;
        }
        shuffled.push(values[i]);
        if m + i < n {
            shuffled.push(values[m + i]);
        }
        i += 1;
    }
    shuffled
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut shuffled = Vec::new();
    let mut gone = Vec::new();
    gone.resize(n, false);
    for _ in 0..n {
        let j = loop {
            let j = (rng.random::<f64>() * n as f64) as usize;
            if !gone[j] {
                break j;
            }
        };
        gone[j] = true;
        shuffled.push(values[j]);
    }
    shuffled
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    for k in (1..n).rev() {
        let r = (rng.random::<f64>() * (k + 1) as f64) as usize;
        values.swap(k, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    if (rng.random::<f64>() * 3.0) as u32 == 0 {
        "tails"
    } else {
        "heads"
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut counted = 0;
    for x in a {
        if b.iter().any(|y| y == x) {
            counted += 1;
        }
    }
    counted == a.len() && a.len() == b.len()
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
