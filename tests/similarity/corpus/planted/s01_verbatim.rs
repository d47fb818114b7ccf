use rand::{Rng, RngExt};

// works on the tests
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
  let n = values.len();
  let mid = (n + 1) / 2;
  let mut shuffled = vec![0; n];
  let mut k = 0;
  for j in 0..mid {
    shuffled[k] = values[j];
    k += 2;
  }
  k = 1;
  for j in mid..n {
    shuffled[k] = values[j];
    k += 2;
  }
  shuffled
}

// see lab handout
pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
  let n = values.len();
  let mut used = vec![false; n];
  let mut shuffled = Vec::new();
  for _k in 0..n {
    let mut j = rng.random_range(0..n);
    while used[j] {
      j = rng.random_range(0..n);

    }
    shuffled.push(values[j]);
    used[j] = true;
  }
  shuffled
}

// works on the tests
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
  for k in (1..values.len()).rev() {
    let r = rng.random_range(0..=k);
    values.swap(k, r);
  }
}

// TODO tidy up
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  if rng.random_range(0..3) < 2 { "heads" } else { "tails" }
}

// my own work
pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
  for x in a {
    let mut found = false;
    for y in b {
      if x == y {
        found = true;
      }
    }
    if !found {
      return false;
    }
  }
  true
}

// my own work
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}
