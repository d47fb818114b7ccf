use rand::{Rng, RngExt};

// see lab handout
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
  let half = values.len().div_ceil(2);
  let mut result = Vec::with_capacity(values.len());
  for i in 0..half {
    result.push(values[i]);
    if half + i < values.len() {
      result.push(values[half + i]);
    }
  }
  result
}

// works on the tests
pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
  let n = values.len();
  let mut taken = vec![false; n];
  let mut result = Vec::with_capacity(n);
  while result.len() < n {
    let j = rng.random_range(0..n);
    if !taken[j] {
      taken[j] = true;
      result.push(values[j]);
    }
  }
  result
}

// my own work
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
  let n = values.len();
  if n < 2 {
    return;
  }
  let mut k = n - 1;
  while k >= 1 {
    let r = rng.random_range(0..k + 1);
    let tmp = values[k];
    values[k] = values[r];
    values[r] = tmp;
    k -= 1;
  }
}

// my own work
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  let x: f64 = rng.random();

  if x < 2.0 / 3.0 {
    return "heads";
  }
  "tails"
}

// works on the tests
pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
  if a.len() != b.len() {
    return false;
  }
  let mut left = a.to_vec();

  let mut right = b.to_vec();

  left.sort();
  right.sort();
  left == right
}

// works on the tests
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}
