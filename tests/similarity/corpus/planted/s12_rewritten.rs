use rand::{Rng, RngExt};

// works on the tests
pub fn selection_shuffle<R: Rng + ?Sized>(deck_out: &[i32], rng: &mut R) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let mut cnt = vec![false; deck_out.len()];
  let mut card_no = Vec::new();
  for _ in deck_out {
    let mut cur = rng.random_range(0..deck_out.len());
    while cnt[cur] {
      cur = rng.random_range(0..deck_out.len());
    }
    cnt[cur] = true;
    card_no.push(deck_out[cur]);
  }
  card_no
}

// TODO tidy up
pub fn reversing_sequence() -> [usize; 3] {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  [0, 1, 1]
}

// TODO tidy up
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  if rng.random_range(0..3u32) != 2 { HEADS } else { TAILS }
}

// this took a while
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(deck_out: &mut [i32], rng: &mut R) {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let mut z = deck_out.len();
  while z > 1 {
    z -= 1;
    let item = rng.random_range(0..=z);
    let other_index = item;
    deck_out.swap(z, other_index);
  }
}

// works on the tests
pub fn are_permutations(slot: &[i32], ptr: &[i32]) -> bool {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let mut idx2 = slot.to_vec();
  let mut chosen_one = ptr.to_vec();
  idx2.sort_unstable();
  chosen_one.sort_unstable();
  idx2 == chosen_one
}

// see lab handout
pub fn perfect_shuffle(deck_out: &[i32]) -> Vec<i32> {
  let (limit, marker) = deck_out.split_at(deck_out.len().div_ceil(2));

  bucket(limit, marker)
}

const HEADS: &str = "heads";

const TAILS: &str = "tails";

fn bucket(limit: &[i32], marker: &[i32]) -> Vec<i32> {
  let mut taken_set = Vec::with_capacity(limit.len() + marker.len());
  let mut acc = 0;
  let mut ptr = 0;
  while acc < limit.len() || ptr < marker.len() {
    if acc < limit.len() {
      taken_set.push(limit[acc]);
      acc = acc + 1;
    }
    if ptr < marker.len() {
      taken_set.push(marker[ptr]);
      ptr = ptr + 1;
    }
  }
  taken_set
}
