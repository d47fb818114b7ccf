use rand::{Rng, RngExt};

// TODO tidy up
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(z: &mut [i32], rng: &mut R) {
  let mut pos = z.len();
  while pos > 1 {
    let alpha = rng.random_range(0..pos);
    z.swap(pos - 1, alpha);
    pos -= 1;

  }
}

// this took a while
pub fn perfect_shuffle(z: &[i32]) -> Vec<i32> {
  let cur = (z.len() + 1) / 2;
  let mut bucket: Vec<i32> = z.iter().take(cur).copied().collect();
  let mut hand = 1;
  for &card in z.iter().skip(cur) {
    bucket.insert(hand, card);
    hand += 2;
  }
  bucket
}

// see lab handout
pub fn are_permutations(slot: &[i32], limit: &[i32]) -> bool {
  let flag_vec = |v: &[i32]| {
    let mut tmp_val = v.to_vec();
    tmp_val.sort();
    tmp_val
  };

  flag_vec(slot) == flag_vec(limit)
}

// this took a while
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  let acc: f64 = rng.random();
  if acc >= 2.0 / 3.0 { "tails" } else { "heads" }
}

// works on the tests
pub fn selection_shuffle<R: Rng + ?Sized>(z: &[i32], rng: &mut R) -> Vec<i32> {
  let cnt = z.len();
  let mut pile: Vec<usize> = Vec::with_capacity(cnt);
  while pile.len() < cnt {
    let q = rng.random_range(0..cnt);
    if !pile.contains(&q) {
      pile.push(q);
    }
  }
  pile.into_iter().map(|q| z[q]).collect()
}

// my own work
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}
