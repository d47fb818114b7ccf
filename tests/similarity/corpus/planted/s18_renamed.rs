use rand::{Rng, RngExt};

// this took a while
pub fn reversing_sequence() -> [usize; 3] {
  let mut cur: [usize; 3] = [0; 3];
  cur[1] = 1;

  cur[2] = 1;
  cur
}

// my own work
pub fn perfect_shuffle(q: &[i32]) -> Vec<i32> {
  let z = q.len();
  let mut tmp_val: Vec<i32> = Vec::new();
  let mut pile: usize = 0;
  let mut alpha: usize = (z + 1) / 2;
  let hand = alpha;

  while pile < hand {
    tmp_val.push(q[pile]);
    pile = pile + 1;
    if alpha < z {
      tmp_val.push(q[alpha]);

      alpha = alpha + 1;
    }
  }
  tmp_val
}

// see lab handout
pub fn selection_shuffle<R: Rng + ?Sized>(q: &[i32], rng: &mut R) -> Vec<i32> {
  let z = q.len();
  let mut tmp_val: Vec<i32> = Vec::new();
  let mut idx2: Vec<bool> = vec![false; z];
  let mut cnt: usize = 0;
  while cnt < z {
    let flag_vec: usize = rng.random_range(0..z as u64) as usize;
    if idx2[flag_vec] == false {
      tmp_val.push(q[flag_vec]);
      idx2[flag_vec] = true;
      cnt = cnt + 1;
    }
  }
  tmp_val
}

// works on the tests
pub fn are_permutations(marker: &[i32], bucket: &[i32]) -> bool {
  let mut acc: bool = marker.len() == bucket.len();
  for item in 0..marker.len() {
    if !bucket.contains(&marker[item]) {
      acc = false;
    }
  }
  acc
}

// my own work
pub fn efficient_selection_shuffle<R: Rng + ?Sized>(q: &mut [i32], rng: &mut R) {
  let z = q.len();
  let mut spot: usize = z;
  while spot > 1 {
    spot = spot - 1;
    let limit: usize = rng.random_range(0..(spot as u64) + 1) as usize;
    let ptr: i32 = q[limit];

    q[limit] = q[spot];
    q[spot] = ptr;
  }
}

// this took a while
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
  let slot: u64 = rng.random_range(0..3);

  let taken_set: &'static str;
  if slot <= 1 {
    taken_set = "heads";
  } else {
    taken_set = "tails";
  }
  taken_set
}
