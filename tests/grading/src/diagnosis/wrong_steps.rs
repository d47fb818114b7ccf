//! The efficient shuffle's known wrong steps: the lab's loop, its draws
//! as the lab makes them, with the swap of `values[k]` and `values[r]`
//! replaced by what the mistaken code does instead, each `(deck, k, r)`.

/// A position written for a card, for the lab's r in 0..=k.
pub(super) const POSITION_STEPS: [fn(&mut Vec<i32>, usize, usize); 2] = [
    // `values[k] = r`: the position written where the card goes.
    |d, k, r| d[k] = r as i32,
    // `temp = values[k]; values[k] = r; values[r] = temp`.
    |d, k, r| {
        let temp = d[k];
        d[k] = r as i32;
        d[r] = temp;
    },
];
pub(super) const LOSING_STEPS: [fn(&mut Vec<i32>, usize, usize); 2] = [
    // `temp = values[k]; values[k] = values[r]; values[r] = values[k]`.
    |d, k, r| d[k] = d[r],
    // `temp = values[r]; values[r] = values[k]; values[k] = values[r]`.
    |d, k, r| d[r] = d[k],
];
/// `r = random_range(n - 1 - k..n)`: the range's size is the lab's, k + 1,
/// so every idiom reads the scripted value, but it sits at the end of the
/// deck, among the cards already placed.
pub(super) const WRONG_PART_STEPS: [fn(&mut Vec<i32>, usize, usize); 2] = [
    |d, k, r| {
        let n = d.len();
        d.swap(k, r + n - 1 - k);
    },
    // `r = n - 1 - random_range(0..=k)`: the same end of the deck, read
    // from its last card down.
    |d, k, r| {
        let n = d.len();
        d.swap(k, n - 1 - r);
    },
];
/// A swap without a temporary (`a ^= b; b ^= a; a ^= b`, or `a += b; b =
/// a - b; a -= b`): right for two positions, but a card swapped with
/// itself (r = k, which the lab's scripts draw) becomes 0.
pub(super) const ZEROING_STEPS: [fn(&mut Vec<i32>, usize, usize); 1] = [|d, k, r| {
    if k == r {
        d[k] = 0;
    } else {
        d.swap(k, r);
    }
}];
