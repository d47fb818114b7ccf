/// Question 3 for any deck: the draws that make the efficient selection
/// shuffle turn `0, 1, …, n − 1` into `target`.
///
/// Returns r for k = n − 1, then n − 2, …, down to 1: the values the
/// shuffle would have to draw. Working backwards from the shuffle's rule,
/// the swap at step k fixes position k for good, so r must be wherever the
/// card `target[k]` sits just before that step; there is exactly one such
/// position, which is why every order has exactly one sequence of draws
/// and so probability 1/n!.
///
/// Complexity: O(n) time and memory: a table of where each card is keeps
/// every lookup O(1).
///
/// # Panics
///
/// If `target` is not a rearrangement of `0..n`, each value once.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64;
/// use solutions::efficient_selection_shuffle;
/// use solutions::extensions::sequence_for;
///
/// let mut deck: Vec<i32> = (0..10).collect();
/// efficient_selection_shuffle(&mut deck, &mut Pcg64::seed_from_u64(3));
/// let draws = sequence_for(&deck);
/// assert_eq!(draws.len(), 9);
///
/// // Replaying the draws gives the shuffled deck back.
/// let mut replay: Vec<i32> = (0..10).collect();
/// for (r, k) in draws.iter().zip((1..10).rev()) {
///     replay.swap(k, *r);
/// }
/// assert_eq!(replay, deck);
/// ```
pub fn sequence_for(target: &[i32]) -> Vec<usize> {
    // ANCHOR: sequence_for
    let n = target.len();
    let mut seen = vec![false; n];
    for &card in target {
        let fits = usize::try_from(card).is_ok_and(|c| c < n && !seen[c]);
        assert!(fits, "{target:?} is not a rearrangement of 0..{n}");
        seen[card as usize] = true;
    }
    // Replay the shuffle on 0..n, keeping `position[card]` up to date, and
    // at each step pick the one r that brings the wanted card to k.
    let mut deck: Vec<usize> = (0..n).collect();
    let mut position: Vec<usize> = (0..n).collect();
    let mut draws = Vec::with_capacity(n.saturating_sub(1));
    for k in (1..n).rev() {
        let r = position[target[k] as usize];
        draws.push(r);
        deck.swap(k, r);
        position[deck[k]] = k;
        position[deck[r]] = r;
    }
    draws
    // ANCHOR_END: sequence_for
}

#[cfg(test)]
mod tests {
    use super::sequence_for;
    use crate::test::rng;

    /// Every draw is one the shuffle can make, and replaying the draws
    /// rebuilds every order of 5 cards.
    #[test]
    fn inverts_the_shuffle_for_every_order_of_5_cards() {
        let mut reached = std::collections::HashSet::new();
        for rank in 0..120 {
            // Decode `rank` as draws r_4, r_3, r_2, r_1 (mixed radix 5·4·3·2).
            let mut draws = Vec::new();
            let mut rest = rank;
            for k in (1..5).rev() {
                draws.push(rest % (k + 1));
                rest /= k + 1;
            }
            let mut deck: Vec<i32> = (0..5).collect();
            for (&r, k) in draws.iter().zip((1..5).rev()) {
                deck.swap(k, r);
            }
            assert_eq!(sequence_for(&deck), draws, "{deck:?}");
            reached.insert(deck);
        }
        assert_eq!(reached.len(), 120, "120 draw sequences, 120 orders");
    }

    #[test]
    fn small_and_large_decks() {
        assert!(sequence_for(&[]).is_empty());
        assert!(sequence_for(&[0]).is_empty());
        let mut deck: Vec<i32> = (0..1000).collect();
        crate::efficient_selection_shuffle(&mut deck, &mut rng(5));
        let draws = sequence_for(&deck);
        let mut replay: Vec<i32> = (0..1000).collect();
        for (&r, k) in draws.iter().zip((1..1000).rev()) {
            assert!(r <= k);
            replay.swap(k, r);
        }
        assert_eq!(replay, deck);
    }

    #[test]
    #[should_panic(expected = "not a rearrangement")]
    fn refuses_a_deck_with_a_repeated_card() {
        sequence_for(&[0, 0, 1]);
    }
}
