/// How many perfect shuffles return an n-card deck to its starting order.
///
/// A perfect shuffle always moves the card at position i to the same new
/// position, so it is a fixed permutation of positions. Following one card
/// round its cycle until it is home takes the cycle's length; the whole
/// deck is home when every cycle is, after the least common multiple of
/// the cycle lengths. For 52 cards that is 8. An empty or one-card deck is
/// in order after one shuffle, so the answer for both is 1.
///
/// Complexity: O(n) time and memory: one shuffle to learn where each
/// position goes, then one visit per position.
///
/// # Panics
///
/// If `n` exceeds `i32::MAX`, since the cards are `i32` values.
///
/// # Examples
///
/// ```
/// use solutions::extensions::perfect_shuffle_order;
///
/// assert_eq!(perfect_shuffle_order(52), 8);
/// assert_eq!(perfect_shuffle_order(10), 6);
/// ```
pub fn perfect_shuffle_order(n: usize) -> usize {
    // ANCHOR: perfect_shuffle_order
    let cards = i32::try_from(n).expect("a deck of at most i32::MAX cards");
    // Shuffling the deck 0, 1, …, n − 1 once tells where every position
    // goes: position p receives the card that was at `after[p]`. Cycles of
    // that map have the same lengths as the shuffle's own cycles.
    let after = crate::perfect_shuffle(&(0..cards).collect::<Vec<i32>>());
    let mut visited = vec![false; n];
    let mut order = 1;
    for start in 0..n {
        let mut length = 0;
        let mut p = start;
        while !visited[p] {
            visited[p] = true;
            p = after[p] as usize;
            length += 1;
        }
        if length > 0 {
            order = lcm(order, length);
        }
    }
    order
    // ANCHOR_END: perfect_shuffle_order
}

/// The least common multiple, through Euclid's greatest common divisor.
/// It never overflows here: the order of an n-card shuffle is at most n.
fn lcm(a: usize, b: usize) -> usize {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

#[cfg(test)]
mod tests {
    use super::perfect_shuffle_order;

    /// Shuffling until the deck is home, the slow way, agrees.
    #[test]
    fn agrees_with_shuffling_until_home() {
        for n in 0..=60 {
            let deck: Vec<i32> = (0..n).collect();
            let mut shuffled = crate::perfect_shuffle(&deck);
            let mut count = 1;
            while shuffled != deck {
                shuffled = crate::perfect_shuffle(&shuffled);
                count += 1;
            }
            assert_eq!(perfect_shuffle_order(n as usize), count, "n = {n}");
        }
    }
}
