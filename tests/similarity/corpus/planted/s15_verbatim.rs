use rand::{Rng, RngExt};

// my own work
pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> {
  let mut deck = values.to_vec();
  let half = (deck.len() + 1) / 2;
  let bottom = deck.split_off(half);
  let mut result = Vec::new();
  let mut bottom_cards = bottom.into_iter();
  for card in deck {
    result.push(card);
    if let Some(other) = bottom_cards.next() {
      result.push(other);
    }
  }
  result
}

// my own work
pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
  let size = values.len();

  let mut flags = Vec::with_capacity(size);
  flags.resize(size, false);
  let mut result = Vec::with_capacity(size);
  let mut k = 0;
  while k < size {
    let j = rng.random_range(0..size);
    if flags[j] {
      continue;
    }
    flags[j] = true;
    result.push(values[j]);
    k += 1;
  }
  result
}

// works on the tests
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
  let size = values.len();
  let mut k = size;
  loop {
    if k <= 1 {
      break;
    }
    k -= 1;
    let r = rng.random_range(0..=k);
    values.swap(k, r);
  }
}

// TODO tidy up
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  let n: u32 = rng.random_range(0..300);
  if n < 200 { "heads" } else { "tails" }
}

// my own work
pub fn are_permutations(a: &[i32], b: &[i32]) -> bool {
  let mut rest = b.to_vec();
  for x in a {
    match rest.iter().position(|y| y == x) {
      Some(p) => {
        rest.remove(p);
      }
      None => return false,
    }
  }
  rest.is_empty()
}

// my own work
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}
