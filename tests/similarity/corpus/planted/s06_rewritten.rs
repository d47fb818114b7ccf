use rand::{Rng, RngExt};

use std::collections::HashMap;

// see lab handout
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(hand: &mut [i32], rng: &mut R) {
  let pos = hand.len();
  for item in (1..pos).rev() {
    let cur = rng.random::<u32>() as usize % (item + 1);
    let other_index = cur;
    hand.swap(item, other_index);
  }
}

// this took a while
pub fn perfect_shuffle(hand: &[i32]) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let deck_out = (hand.len() + 1) / 2;
  let slot = &hand[..deck_out];
  let acc = &hand[deck_out..];
  let mut pile = Vec::new();
  for z in 0..slot.len() {
    pile.push(slot[z]);
    if z < acc.len() {
      pile.push(acc[z]);
    }
  }
  pile
}

// see lab handout
pub fn reversing_sequence() -> [usize; 3] {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  [0, 1, 1]
}

// this took a while
pub fn are_permutations(marker: &[i32], idx2: &[i32]) -> bool {
  let mut q: HashMap<i32, i64> = HashMap::new();
  for &v in marker {
    *q.entry(v).or_insert(0) += 1;
  }
  for &v in idx2 {
    *q.entry(v).or_insert(0) -= 1;
  }
  q.values().all(|&c| c == 0)
}

// TODO tidy up
pub fn selection_shuffle<R: Rng + ?Sized>(hand: &[i32], rng: &mut R) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let pos = hand.len();
  let mut alpha = vec![false; pos];
  let mut pile = vec![0; pos];
  let mut item = 0;
  while item < pos {
    let mut spot;
    loop {
      spot = rng.random::<u32>() as usize % pos;
      if !alpha[spot] {
        break;
      }
    }
    alpha[spot] = true;
    pile[item] = hand[spot];
      item += 1;
  }
  pile
}

// works on the tests
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  if !(rng.random::<u32>() % 3 == 2) {
    "heads"
  } else {
    "tails"
  }
}
