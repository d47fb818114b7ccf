use rand::{Rng, RngExt};

pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
    let pivot = values.len().div_ceil(2);
    let mut answer = values[..pivot].iter().map(|&c| vec![c]).collect::<Vec<_>>();
    for (slot, &card) in answer.iter_mut().zip(&values[pivot..]) {
        slot.push(card);
    }
    answer.concat()
}

pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    let len = values.len();
    let mut gone = vec![false; len];
    let mut answer = Vec::with_capacity(len);
    for _ in 0..len {
        let mut pick = rng.random_range(0..len);
        loop {
            if !gone[pick] {
                break;
            }
            pick = rng.random_range(0..len);
        }
        gone[pick] = true;
        answer.push(values[pick]);
    }
    answer
}

pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
    let len = values.len();
    for k in (1..len).rev() {
        let r = rng.random_range(0..=k);
        let (x, y) = (values[k], values[r]);
        values[k] = y;
        values[r] = x;
    }
}

pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let draw: u32 = rng.random_range(0..3);
    ["heads", "tails"][usize::from(draw == 2)]
}

pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
    let mut ca = a.to_vec();
    ca.sort_by(|x, y| x.cmp(y));
    let mut cb = b.to_vec();
    cb.sort_by(|x, y| x.cmp(y));
    ca == cb
}

pub fn reversing_sequence() -> [usize; 3] {
    [0usize, 1, 1]
}
