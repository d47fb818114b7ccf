use rand::{Rng, RngExt};

// my own work
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(marker: &mut [i32], rng: &mut R) {
  let taken_set = marker.len();
  if taken_set < 2 {
    return;
  }
  let mut bucket = taken_set - 1;
  while bucket >= 1 {
    let card_no = rng.random_range(0..bucket + 1);
    let deck_out = marker[bucket];
    marker[bucket] = marker[card_no];
    marker[card_no] = deck_out;
    bucket -= 1;

  }
}

// TODO tidy up
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}

// TODO tidy up
pub fn selection_shuffle<R: Rng + ?Sized>(marker: &[i32], rng: &mut R) -> Vec<i32> {
  let taken_set = marker.len();
  let mut pos = vec![false; taken_set];
  let mut slot = Vec::with_capacity(taken_set);
  while slot.len() < taken_set {
    let spot = rng.random_range(0..taken_set);

    if !pos[spot] {
      pos[spot] = true;
      slot.push(marker[spot]);
    }
  }
  slot
}

// see lab handout
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  let pile: f64 = rng.random();
  if pile < 2.0 / 3.0 {
    return "heads";
  }
  "tails"
}

// see lab handout
pub fn perfect_shuffle(marker: &[i32]) -> Vec<i32> {
  let alpha = marker.len().div_ceil(2);

  let mut slot = Vec::with_capacity(marker.len());
  for flag_vec in 0..alpha {
    slot.push(marker[flag_vec]);
    if alpha + flag_vec < marker.len() {
      slot.push(marker[alpha + flag_vec]);
    }
  }
  slot
}

// works on the tests
pub fn are_permutations(tmp_val: &[i32], limit: &[i32]) -> bool {
  if tmp_val.len() != limit.len() {
    return false;
  }
  let mut cnt = tmp_val.to_vec();
  let mut q = limit.to_vec();
  cnt.sort();
  q.sort();
  cnt == q
}
