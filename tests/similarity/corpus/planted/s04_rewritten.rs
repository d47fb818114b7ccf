use rand::{Rng, RngExt};

// this took a while
pub fn perfect_shuffle(tmp_val: &[i32]) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let mut hand: Vec<i32> = Vec::new();
  let bucket: usize = tmp_val.len();
  let mut q: usize = bucket / 2;

  if bucket % 2 == 1 {
    q += 1;

  }
  let mut chosen_one: usize = 0;
  while chosen_one < q {
    hand.push(tmp_val[chosen_one]);
    if chosen_one + q < bucket {
      hand.push(tmp_val[chosen_one + q]);
    }
    chosen_one += 1;
  }
  return hand;
}

// this took a while
pub fn are_permutations(pos: &[i32], z: &[i32]) -> bool {
  let mut chosen_one: usize = 0;
  while chosen_one < pos.len() {
    let mut acc: bool = false;
    let mut deck_out: usize = 0;
    while deck_out < z.len() {
      if pos[chosen_one] == z[deck_out] {
        acc = true;
      }
      deck_out += 1;
    }
    if acc == false {
      return false;

    }
    chosen_one += 1;
  }
  return true;
}

// TODO tidy up
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(tmp_val: &mut [i32], rng: &mut R) {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let mut cur: usize = tmp_val.len();
  while cur > 1 {
    cur = cur - 1;
    let marker: usize = (rng.random::<f64>() * (cur + 1) as f64) as usize;
    let spot: i32 = tmp_val[cur];
    tmp_val[cur] = tmp_val[marker];
    tmp_val[marker] = spot;
  }
}

// TODO tidy up
pub fn reversing_sequence() -> [usize; 3] {
  return [0, 1, 1];
}

// works on the tests
pub fn selection_shuffle<R: Rng + ?Sized>(tmp_val: &[i32], rng: &mut R) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let bucket: usize = tmp_val.len();
  let mut hand: Vec<i32> = Vec::new();

  let mut slot: Vec<bool> = Vec::new();
  let mut chosen_one: usize = 0;
  while chosen_one < bucket {
    slot.push(false);

    chosen_one += 1;
  }
  let mut cur: usize = 0;
  while cur < bucket {
    let mut deck_out: usize = (rng.random::<f64>() * bucket as f64) as usize;
    while slot[deck_out] == true {
      deck_out = (rng.random::<f64>() * bucket as f64) as usize;
    }
    hand.push(tmp_val[deck_out]);
    slot[deck_out] = true;
    cur += 1;
  }
  return hand;
}

// works on the tests
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  let marker: f64 = rng.random::<f64>();
  if !(marker < 0.6666666666666666) {
    return "tails";
  } else {
    return "heads";
  }
}
