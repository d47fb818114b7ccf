use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let mut out = Vec::new();
    let n = values.len();
    let h = (n + 1) / 2;
    for i in 0..h {
        out.push(values[i]);
        let other = i + h;
        if other < n {
            out.push(values[other]);
        }
    }
    return out;
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let n = values.len();
    let mut out = Vec::new();
    let mut used = Vec::new();
    for _ in 0..n {
        used.push(false);
    }
    for _k in 0..n {
        let mut j = rng.random_range(0..n);
        while used[j] == true {
            j = rng.random_range(0..n);
        }
        out.push(values[j]);
        used[j] = true;
    }
    return out;
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let n = values.len();
    let mut k = n;
    while k > 0 {
        k -= 1;
        if k == 0 {
            break;
        }
        let r = rng.random_range(0..=k);
        values.swap(k, r);
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let r = rng.random_range(0..3);
    if r == 0 || r == 1 {
        return "heads";
    }
    return "tails";
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    for x in a.iter() {
        if !b.contains(x) {
            return false;
        }
    }
    return true;
}

pub fn reversing_sequence() -> [usize; 3] {
    return [0, 1, 1];
}
