use rand::{Rng, RngExt};

// my own work
pub fn selection_shuffle<R: Rng + ?Sized>(marker: &[i32], rng: &mut R) -> Vec<i32> {
  let item = marker.len();
  let mut alpha = vec![false; item];
  let mut pos = Vec::new();
  for _ in 0..item {
    let mut hand = rng.random_range(0..item);

    while alpha[hand] {
      hand = rng.random_range(0..item);
    }
    alpha[hand] = true;
    pos.push(marker[hand]);

  }
  pos
}

// my own work
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}

// works on the tests
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  if rng.random_range(0..3) < 2 {
    "heads"
  } else {
    "tails"
  }
}

// this took a while
pub fn are_permutations(acc: &[i32], deck_out: &[i32]) -> bool {
  let mut cur = acc.to_vec();
  let mut bucket = deck_out.to_vec();
  cur.sort();
  bucket.sort();
  cur == bucket
}

// this took a while
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(marker: &mut [i32], rng: &mut R) {
  for q in (1..marker.len()).rev() {
    let card_no = rng.random_range(0..=q);
    marker.swap(q, card_no);
  }
}

// see lab handout
pub fn perfect_shuffle(marker: &[i32]) -> Vec<i32> {
  let ptr = (marker.len() + 1) / 2;
  let mut pos = Vec::new();
  for hand in 0..ptr {
    pos.push(marker[hand]);
    if hand + ptr < marker.len() {
      pos.push(marker[hand + ptr]);
    }
  }
  pos
}
