//! How many perfect shuffles, out or in, bring a deck back to its order:
//! the least common multiple of the cycle lengths of the shuffle's
//! position permutation, checked against OEIS A024222.

/// How many out-shuffles (the lab's perfect shuffle, top card staying on
/// top, the extra card of an odd deck in the first half) bring an n-card
/// deck back to its order: the least common multiple of the cycle lengths
/// of the shuffle's position permutation. 52 cards: 8.
///
/// Complexity: O(n).
pub fn out_shuffle_order(n: usize) -> usize {
    cycle_lcm(n, |i| out_shuffle_position(n, i))
}

/// Where the out-shuffle of n cards puts card i: card i of the first half
/// (rounded up) lands at 2i, card i of the second half at 2i + 1.
pub(crate) fn out_shuffle_position(n: usize, i: usize) -> usize {
    let middle = n.div_ceil(2);
    if i < middle {
        2 * i
    } else {
        2 * (i - middle) + 1
    }
}

/// How many in-shuffles (the second half's first card goes on top) bring
/// an n-card deck back to its order. 52 cards: 52.
pub fn in_shuffle_order(n: usize) -> usize {
    let half = n / 2;
    let target = |i: usize| if i < half { 2 * i + 1 } else { 2 * (i - half) };
    cycle_lcm(n, target)
}

fn cycle_lcm(n: usize, target: impl Fn(usize) -> usize) -> usize {
    let mut seen = vec![false; n];
    let mut order = 1;
    for start in 0..n {
        let mut length = 0;
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            i = target(i);
            length += 1;
        }
        if length > 0 {
            order = lcm(order, length);
        }
    }
    order
}

fn lcm(a: usize, b: usize) -> usize {
    a / gcd(a, b) * b
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A024222, "Number of shuffles (perfect faro shuffles with cut)
    /// required to return a deck of size n to original order", terms for
    /// n = 1..=60. OEIS gives a(1) = 0 by convention; a one-card deck is in
    /// order after any number of shuffles, and this function returns the
    /// least positive one, 1.
    const A024222: [usize; 60] = [
        0, 1, 2, 2, 4, 4, 3, 3, 6, 6, 10, 10, 12, 12, 4, 4, 8, 8, 18, 18, 6, 6, 11, 11, 20, 20, 18,
        18, 28, 28, 5, 5, 10, 10, 12, 12, 36, 36, 12, 12, 20, 20, 14, 14, 12, 12, 23, 23, 21, 21,
        8, 8, 52, 52, 20, 20, 18, 18, 58, 58,
    ];

    #[test]
    fn out_shuffle_orders_match_oeis_a024222() {
        for n in 2..=60 {
            assert_eq!(out_shuffle_order(n), A024222[n - 1], "n = {n}");
        }
        assert_eq!(out_shuffle_order(1), 1);
        assert_eq!(out_shuffle_order(52), 8);
        assert_eq!(in_shuffle_order(52), 52);
    }
}
