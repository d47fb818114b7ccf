use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let n = values.len();
    let split_point = n - n / 2;
    let mut interleaved = Vec::with_capacity(n);
    let mut front = 0;
    let mut back = split_point;
    let mut take_front = true;
    while interleaved.len() < n {
        if take_front {
            interleaved.push(values[front]);
            front += 1;
        } else {
            interleaved.push(values[back]);
            back += 1;
        }
        take_front = !take_front;
    }
    interleaved
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut already = vec![false; n];
    let mut picked = Vec::with_capacity(n);
    let mut attempts = 0u64;
    while picked.len() < n {
        attempts += 1;
        let guess = rng.random_range(0..n);
        if already[guess] {
            continue;
        }
        already[guess] = true;
        picked.push(values[guess]);
    }
    let _ = attempts;
    picked
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    for offset in 1..n {
        let k = n - offset;
        let r = rng.random_range(0..k + 1);
        values.swap(k, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let faces = ["tails", "heads", "heads"];
    faces[rng.random_range(0..faces.len())]
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut used = vec![false; b.len()];
    'outer: for x in a {
        for (i, y) in b.iter().enumerate() {
            if !used[i] && x == y {
                used[i] = true;
                continue 'outer;
            }
        }
        return false;
    }
    true
}

pub fn reversing_sequence() -> [usize; 3] {
    [0, 1, 1]
}
