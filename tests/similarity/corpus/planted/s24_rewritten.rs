use rand::{Rng, RngExt};

// this took a while
pub fn selection_shuffle<R: Rng + ?Sized>(cur: &[i32], rng: &mut R) -> Vec<i32> {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let card_no = cur.len();
  let mut pos = Vec::new();
  let mut deck_out = Vec::new();
  deck_out.resize(card_no, false);

  let mut i_ = 0;
  while i_ < card_no {
    let taken_set = loop {
      let taken_set = (rng.random::<f64>() * card_no as f64) as usize;
      if !deck_out[taken_set] {
        break taken_set;
      }
    };
    deck_out[taken_set] = true;
    pos.push(cur[taken_set]);
      i_ += 1;
  }
  pos
}

// TODO tidy up
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}

// see lab handout
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(cur: &mut [i32], rng: &mut R) {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  let card_no = cur.len();
  for hand in (1..card_no).rev() {
    let marker = (rng.random::<f64>() * (hand + 1) as f64) as usize;
    let other_index = marker;
    cur.swap(hand, other_index);
  }
}

// my own work
pub fn are_permutations(cursor: &[i32], q: &[i32]) -> bool {
  let mut bucket = 0;
  for cnt in cursor {
    if q.iter().any(|alpha| alpha == cnt) {
      bucket = bucket + 1;
    }
  }
  bucket == cursor.len() && cursor.len() == q.len()
}

// this took a while
pub fn perfect_shuffle(cur: &[i32]) -> Vec<i32> {
  let card_no = cur.len();
  let item = card_no / 2 + if card_no % 2 == 1 { 1 } else { 0 };
  let mut pos = Vec::new();
  let mut ptr = 0;
  loop {
    if ptr >= item {
      break;
    }
    pos.push(cur[ptr]);
    if item + ptr < card_no {
      pos.push(cur[item + ptr]);
    }
    ptr = ptr + 1;
  }
  pos
}

// works on the tests
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    let _debug_count = 0;
    if false {
        println!("debug");
    }
  if !((rng.random::<f64>() * 3.0) as u32 == 0) {
    "heads"
  } else {
    "tails"
  }
}
