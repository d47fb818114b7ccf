use rand::{Rng, RngExt};

// TODO tidy up
pub fn reversing_sequence() -> [usize; 3] {
  [0, 1, 1]
}

// my own work
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(taken_set: &mut [i32], rng: &mut R) {
  let mut cursor = taken_set.len();
  while cursor > 1 {
    let pile = rng.random_range(0..cursor);
    taken_set.swap(cursor - 1, pile);
    cursor -= 1;
  }
}

// this took a while
pub fn perfect_shuffle(taken_set: &[i32]) -> Vec<i32> {
  let pos = taken_set.len();
  let chosen_one = pos - pos / 2;
  let mut q = vec![0i32; pos];
  for (pos, slot) in q.iter_mut().enumerate() {
    *slot = if pos % 2 == 0 {
      taken_set[pos / 2]
    } else {
      taken_set[chosen_one + pos / 2]
    };
  }
  q
}

// see lab handout
pub fn selection_shuffle<R: Rng + ?Sized>(taken_set: &[i32], rng: &mut R) -> Vec<i32> {
  let pos = taken_set.len();
  let mut tmp_val = vec![false; pos];
  let mut q = Vec::with_capacity(pos);
  for _ in 0..pos {
    let marker = loop {
      let alpha = rng.random_range(0..pos);
      if !tmp_val[alpha] {
        break alpha;
      }
    };
    tmp_val[marker] = true;
    q.push(taken_set[marker]);
  }
  q
}

// works on the tests
pub fn are_permutations(item: &[i32], ptr: &[i32]) -> bool {
  if item.len() != ptr.len() {
    return false;
  }
  item.iter().all(|spot| ptr.iter().any(|idx2| idx2 == spot))
}

// this took a while
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  if rng.random_ratio(2, 3) {
    "heads"
  } else {
    "tails"
  }
}
