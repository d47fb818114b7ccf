use rand::{Rng, RngExt};

/*
 * Activity 3 - Shuffling.
 * Java-style solution.
 */
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let mut shuffled: Vec<i32> = Vec::new();
    let size: usize = values.len();
    let mut firstHalfSize: usize = size / 2;
    if size % 2 == 1 {
        firstHalfSize = firstHalfSize + 1;
    }
    let mut i: usize = 0;
    while i < firstHalfSize {
        shuffled.push(values[i]);
        if i + firstHalfSize < size {
            shuffled.push(values[i + firstHalfSize]);
        }
        i = i + 1;
    }
    return shuffled;
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let size: usize = values.len();
    let mut shuffled: Vec<i32> = Vec::new();
    let mut isUsed: Vec<bool> = Vec::new();
    let mut i: usize = 0;
    while i < size {
        isUsed.push(false);
        i = i + 1;
    }
    let mut k: usize = 0;
    while k < size {
        let mut j: usize = (rng.random::<f64>() * size as f64) as usize;
        while isUsed[j] == true {
            j = (rng.random::<f64>() * size as f64) as usize;
        }
        shuffled.push(values[j]);
        isUsed[j] = true;
        k = k + 1;
    }
    return shuffled;
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let mut k: usize = values.len();
    while k > 1 {
        k = k - 1;
        let r: usize = (rng.random::<f64>() * (k + 1) as f64) as usize;
        let temp: i32 = values[k];
        values[k] = values[r];
        values[r] = temp;
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let r: f64 = rng.random::<f64>();
    if r < 0.6666666666666666 {
        return "heads";
    } else {
        return "tails";
    }
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut i: usize = 0;
    while i < a.len() {
        let mut found: bool = false;
        let mut j: usize = 0;
        while j < b.len() {
            if a[i] == b[j] {
                found = true;
            }
            j = j + 1;
        }
        if found == false {
            return false;
        }
        i = i + 1;
    }
    return true;
}

pub fn reversing_sequence() -> [usize; 3] {
    return [0, 1, 1];
}
