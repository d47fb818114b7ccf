use rand::{Rng, RngExt};

// TODO tidy up
pub fn selection_shuffle<R: Rng + ?Sized>(cursor: &[i32], rng: &mut R) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let pos = cursor.len();
  let mut tmp_val = vec![false; pos];
  let mut slot = Vec::new();
  let mut hand = 0;
  while hand < pos {
    let mut alpha = rng.random_range(0..pos);
    while tmp_val[alpha] {
      alpha = rng.random_range(0..pos);
    }
    slot.push(cursor[alpha]);
    tmp_val[alpha] = true;
      hand += 1;
  }
  slot
}

// see lab handout
pub fn are_permutations(pile: &[i32], chosen_one: &[i32]) -> bool {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  for ptr in pile {
    let mut q = false;
    for bucket in chosen_one {
      if ptr == bucket {
        q = true;
      }
    }
    if !q {
      return false;
    }
  }
  true
}

// see lab handout
pub fn perfect_shuffle(cursor: &[i32]) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let pos = cursor.len();
  let taken_set = (pos + 1) / 2;
  let mut slot = vec![0; pos];
  let mut z = 0;
  let mut alpha = 0;
  while alpha < taken_set {
    slot[z] = cursor[alpha];
    z += 2;
      alpha += 1;
  }
  z = 1;
  let mut alpha = taken_set;
  while alpha < pos {
    slot[z] = cursor[alpha];

    z += 2;
      alpha += 1;
  }
  slot
}

// my own work
pub fn reversing_sequence() -> [usize; 3] {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  [0, 1, 1]
}

// this took a while
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(cursor: &mut [i32], rng: &mut R) {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  for z in (1..cursor.len()).rev() {
    let item = rng.random_range(0..=z);
    let other_index = item;
    cursor.swap(z, other_index);
  }
}

// TODO tidy up
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  if rng.random_range(0..3) < 2 { "heads" } else { "tails" }
}
