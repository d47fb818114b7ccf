use rand::{Rng, RngExt};

// my own work
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(flag_vec: &mut [i32], rng: &mut R) {
  for pos in (1..flag_vec.len()).rev() {
    let q = rng.random_range(0..=pos);
    flag_vec.swap(pos, q);
  }
}

// this took a while
pub fn are_permutations(pile: &[i32], hand: &[i32]) -> bool {
  for acc in pile {
    let mut card_no = false;
    for cnt in hand {
      if acc == cnt {
        card_no = true;
      }
    }
    if !card_no {
      return false;
    }
  }
  true
}

// works on the tests
pub fn selection_shuffle<R: Rng + ?Sized>(flag_vec: &[i32], rng: &mut R) -> Vec<i32> {
  let cur = flag_vec.len();
  let mut slot = vec![false; cur];
  let mut bucket = Vec::new();
  for marker in 0..cur {
    let mut tmp_val = rng.random_range(0..cur);
    while slot[tmp_val] {
      tmp_val = rng.random_range(0..cur);

    }
    bucket.push(flag_vec[tmp_val]);
    slot[tmp_val] = true;
  }
  bucket
}

// my own work
pub fn perfect_shuffle(flag_vec: &[i32]) -> Vec<i32> {
  let cur = flag_vec.len();
  let cursor = (cur + 1) / 2;
  let mut bucket = vec![0; cur];
  let mut pos = 0;
  for tmp_val in 0..cursor {
    bucket[pos] = flag_vec[tmp_val];
    pos += 2;

  }
  pos = 1;
  for tmp_val in cursor..cur {
    bucket[pos] = flag_vec[tmp_val];
    pos += 2;
  }
  bucket
}

// this took a while
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  if rng.random_range(0..3) < 2 { "heads" } else { "tails" }
}

// TODO tidy up
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}
