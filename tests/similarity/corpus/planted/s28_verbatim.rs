use rand::{Rng, RngExt};

// this took a while
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
  let half = (values.len() + 1) / 2;
  let mut out: Vec<i32> = values.iter().take(half).copied().collect();
  let mut at = 1;
  for &card in values.iter().skip(half) {
    out.insert(at, card);
    at += 2;
  }
  out
}

// works on the tests
pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
  let n = values.len();
  let mut order: Vec<usize> = Vec::with_capacity(n);
  while order.len() < n {
    let j = rng.random_range(0..n);
    if !order.contains(&j) {
      order.push(j);

    }
  }
  order.into_iter().map(|j| values[j]).collect()
}

// TODO tidy up
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
  let mut remaining = values.len();
  while remaining > 1 {
    let r = rng.random_range(0..remaining);
    values.swap(remaining - 1, r);
    remaining -= 1;
  }
}

// this took a while
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  let u: f64 = rng.random();
  if u >= 2.0 / 3.0 { "tails" } else { "heads" }
}

// my own work
pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
  let key = |v: &[i32]| {
    let mut s = v.to_vec();
    s.sort();
    s
  };
  key(a) == key(b)
}

// works on the tests
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}
