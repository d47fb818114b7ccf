//! The pairs of arrays the `are_permutations` checks ask about, and the
//! lab's answer for each: hand-picked tables (rearrangements, one card
//! changed, the same sum, product or XOR), every small pair of up to 4
//! cards, and random longer ones. Every pair respects the lab's
//! precondition: same length, no duplicates within an array. The
//! diagnosis asks the same pairs.

pub(crate) const REARRANGEMENTS: &[(&[i32], &[i32])] = &[
    (&[1, 2, 3], &[1, 2, 3]),
    (&[1, 2, 3], &[3, 1, 2]),
    (&[1, 2, 3, 4], &[4, 3, 2, 1]),
    (&[-7, 0, 12, 3, 99], &[99, 3, -7, 12, 0]),
    (
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        &[9, 3, 0, 8, 1, 6, 2, 7, 5, 4],
    ),
];

pub(crate) const ONE_CARD_DIFFERS: &[(&[i32], &[i32])] = &[
    (&[1, 2, 3], &[1, 2, 4]),
    (&[0, 1, 2], &[3, 1, 2]),
    (&[1, 2, 3], &[4, 5, 6]),
    (&[10, 20, 30, 40], &[40, 30, 20, 11]),
    (&[1, 6], &[2, 3]),
];

pub(crate) const SAME_SUM: &[(&[i32], &[i32])] = &[
    (&[1, 4], &[2, 3]),
    (&[1, 2, 6], &[1, 3, 5]),
    (&[0, 5, -5], &[1, 2, -3]),
    (&[10, 20, 30, 40], &[11, 19, 31, 39]),
];

pub(crate) const SAME_PRODUCT_OR_XOR: &[(&[i32], &[i32])] = &[
    // Same product (6), and the same sum and product at once (19 and 144).
    (&[1, 6], &[2, 3]),
    (&[2, 8, 9], &[12, 3, 4]),
    // Same XOR (3) and the same sum (3).
    (&[1, 2], &[3, 0]),
    // The same sum (21), smallest card (1) and largest (9): a sum with
    // the largest or the smallest card beside it passed every check
    // before (`fixtures/blind/permutations_sum_and_max.rs`, 10/10).
    (&[1, 3, 8, 9], &[1, 4, 7, 9]),
];

/// Different cards whose digits, written one after another with no
/// separator, read the same: sorted (`[1, 213]` and `[12, 13]` both read
/// "1213") or as they stand (`[11, 2]` and `[1, 12]` both read "112").
/// Every pair is within the precondition and holds different cards, so
/// the lab's answer is false throughout.
pub(crate) const SAME_DIGITS: &[(&[i32], &[i32])] = &[
    (&[1, 213], &[12, 13]),
    (&[1, 234], &[12, 34]),
    (&[-1, 23], &[-12, 3]),
    (&[1, 23, 456], &[12, 34, 56]),
    (&[1, 23], &[12, 3]),
    (&[11, 2], &[1, 12]),
];

pub(crate) const SMALL: &[(&[i32], &[i32], bool)] =
    &[(&[], &[], true), (&[5], &[5], true), (&[5], &[6], false)];

/// Distinct cards for generated pairs; none is its own position.
const BASE: [i32; 6] = [3, 14, 15, 92, 65, 35];

/// The lab's answer: the same cards, whatever their order.
pub(crate) fn same_cards(a: &[i32], b: &[i32]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    // Small decks, which the checks compare thousands of times, are sorted
    // on the stack, with no allocation.
    const SMALL: usize = 16;
    if a.len() <= SMALL {
        let (mut left, mut right) = ([0i32; SMALL], [0i32; SMALL]);
        let (left, right) = (&mut left[..a.len()], &mut right[..b.len()]);
        left.copy_from_slice(a);
        right.copy_from_slice(b);
        left.sort_unstable();
        right.sort_unstable();
        return left == right;
    }
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

pub(crate) type Pair = (Vec<i32>, Vec<i32>);

pub(crate) fn table(cases: &[(&[i32], &[i32])]) -> impl Iterator<Item = Pair> {
    cases.iter().map(|&(a, b)| (a.to_vec(), b.to_vec()))
}

/// Every deck of 2 to 6 cards against each of its rotations and its
/// reversal, so each card of b sits somewhere other than in a.
pub(crate) fn rearrangements() -> Vec<Pair> {
    let mut pairs: Vec<Pair> = table(REARRANGEMENTS).collect();
    for n in 2..=BASE.len() {
        let a = BASE[..n].to_vec();
        for turn in 1..n {
            let mut b = a.clone();
            b.rotate_left(turn);
            pairs.push((a.clone(), b));
        }
        pairs.push((a.clone(), a.iter().rev().copied().collect()));
    }
    pairs
}

/// Every deck of 2 to 6 cards with each one of its cards replaced in b,
/// both in place and moved along, so an answer that skips any position of
/// a or of b says true somewhere.
pub(crate) fn one_card_changes() -> Vec<Pair> {
    let mut pairs: Vec<Pair> = table(ONE_CARD_DIFFERS).collect();
    for n in 2..=BASE.len() {
        let a = BASE[..n].to_vec();
        for i in 0..n {
            let mut b = a.clone();
            b[i] = 1000 + i as i32;
            pairs.push((a.clone(), b.clone()));
            b.rotate_left(1);
            pairs.push((a.clone(), b));
        }
    }
    pairs
}

/// The values the exhaustive check draws its arrays from: any `i32` can be
/// a card, so the extremes are among them. An answer that marks matched
/// cards with a value (`i32::MIN`, -1) mistakes a real card for its mark,
/// and one that compares small values right but not large ones (Java's
/// boxed `Integer` and `==` past 127, translated) calls equal cards
/// different; both show here, on the smallest arrays.
const SMALL_VALUES: [i32; 5] = [i32::MIN, -1, 0, 1, i32::MAX];
/// Small values whose sums and products never overflow: the diagnosis
/// recognises the known mistakes on their pairs, where an answer that sums
/// the cards answers rather than panics (as it does on the extremes in a
/// debug build).
pub(crate) const PLAIN_VALUES: [i32; 5] = [-1, 0, 1, 2, 3];
/// The longest arrays the exhaustive check tries.
pub(crate) const EXHAUSTIVE_CARDS: usize = 4;

/// Every array of `n` distinct values from `values`, in lexicographic
/// order of positions.
fn arrangements(values: &[i32], n: usize) -> Vec<Vec<i32>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for shorter in arrangements(values, n - 1) {
        for &v in values {
            if !shorter.contains(&v) {
                let mut longer = shorter.clone();
                longer.push(v);
                all.push(longer);
            }
        }
    }
    all
}

/// Every pair of equal-length, duplicate-free arrays of up to 4 values
/// from 5 (18,426 pairs, the lab's precondition throughout), shortest
/// first, so the pair reported is the smallest one answered wrong.
pub(crate) fn every_small_pair() -> Vec<Pair> {
    every_small_pair_of(&SMALL_VALUES)
}

/// [`every_small_pair`] with its values taken from `values`.
pub(crate) fn every_small_pair_of(values: &[i32]) -> Vec<Pair> {
    let mut pairs = Vec::new();
    for n in 0..=EXHAUSTIVE_CARDS {
        let all = arrangements(values, n);
        for a in &all {
            for b in &all {
                pairs.push((a.clone(), b.clone()));
            }
        }
    }
    pairs
}

/// Random pairs of 5 to 12 cards on a fixed seed, from the whole range of
/// `i32` with its extremes, -1 and 0 among them: half are rearrangements,
/// half have one card changed.
pub(crate) fn random_larger_pairs() -> Vec<Pair> {
    use rand::RngExt;
    use rand::seq::SliceRandom;
    let mut rng = crate::seeded(2025);
    (0..1000)
        .map(|i| {
            let n = rng.random_range(5..=12);
            let mut pool: Vec<i32> = vec![i32::MIN, i32::MAX, -1, 0];
            while pool.len() < 16 {
                let card = rng.random::<i32>();
                if !pool.contains(&card) {
                    pool.push(card);
                }
            }
            pool.shuffle(&mut rng);
            let a = pool[..n].to_vec();
            let mut b = a.clone();
            if i % 2 == 1 {
                let at = rng.random_range(0..n);
                b[at] = pool[n];
            }
            b.shuffle(&mut rng);
            (a, b)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generated_pairs_are_as_documented() {
        let small = every_small_pair();
        assert_eq!(small.len(), 18_426);
        let all_within_the_precondition = |pairs: &[Pair]| {
            pairs.iter().all(|(a, b)| {
                let distinct = |x: &[i32]| {
                    let mut x = x.to_vec();
                    x.sort_unstable();
                    x.windows(2).all(|w| w[0] != w[1])
                };
                a.len() == b.len() && distinct(a) && distinct(b)
            })
        };
        assert!(all_within_the_precondition(&small));
        let larger = random_larger_pairs();
        assert!(all_within_the_precondition(&larger));
        let same = larger.iter().filter(|(a, b)| same_cards(a, b)).count();
        assert_eq!(same, 500, "half are rearrangements");
        assert!(rearrangements().iter().all(|(a, b)| same_cards(a, b)));
        assert!(one_card_changes().iter().all(|(a, b)| !same_cards(a, b)));
        let digits: Vec<Pair> = table(SAME_DIGITS).collect();
        assert!(all_within_the_precondition(&digits));
        assert!(digits.iter().all(|(a, b)| !same_cards(a, b)));
    }

    /// The cards' digits written one after another, as a `String`.
    fn digits(cards: &[i32]) -> String {
        cards.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn the_same_digits_read_alike_sorted_or_as_they_stand() {
        let sorted = |cards: &[i32]| {
            let mut cards = cards.to_vec();
            cards.sort_unstable();
            digits(&cards)
        };
        for &(a, b) in SAME_DIGITS {
            assert!(
                sorted(a) == sorted(b) || digits(a) == digits(b),
                "{a:?} {b:?}"
            );
        }
        // Most pairs fool the sorted reading, which is the one that passes
        // every other check.
        let fool_sorted = SAME_DIGITS
            .iter()
            .filter(|(a, b)| sorted(a) == sorted(b))
            .count();
        assert_eq!(fool_sorted, 4);
    }
}
