use rand::{Rng, RngExt};

// TODO tidy up
pub fn perfect_shuffle(acc: &[i32]) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let z = (acc.len() + 1) / 2;
  let mut spot = Vec::new();
  let mut chosen_one = 0;
  while chosen_one < z {
    spot.push(acc[chosen_one]);

    if chosen_one + z < acc.len() {
      spot.push(acc[chosen_one + z]);
    }
      chosen_one += 1;
  }
  spot
}

// see lab handout
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  if !(rng.random_range(0..3) < 2) {
    "tails"
  } else {
    "heads"
  }
}

// see lab handout
pub fn are_permutations(cursor: &[i32], limit: &[i32]) -> bool {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let mut cur = cursor.to_vec();
  let mut card_no = limit.to_vec();
  cur.sort();
  card_no.sort();

  cur == card_no
}

// works on the tests
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(acc: &mut [i32], rng: &mut R) {
  for flag_vec in (1..acc.len()).rev() {
    let cnt = rng.random_range(0..=flag_vec);
    let other_index = cnt;
    acc.swap(flag_vec, other_index);
  }
}

// TODO tidy up
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}

// TODO tidy up
pub fn selection_shuffle<R: Rng + ?Sized>(acc: &[i32], rng: &mut R) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let ptr = acc.len();
  let mut pile = vec![false; ptr];
  let mut spot = Vec::new();
  let mut i_ = 0;
  while i_ < ptr {
    let mut chosen_one = rng.random_range(0..ptr);
    while pile[chosen_one] {
      chosen_one = rng.random_range(0..ptr);
    }
    pile[chosen_one] = true;

    spot.push(acc[chosen_one]);

      i_ += 1;
  }
  spot
}
