use rand::{Rng, RngExt};

/// One riffle shuffle as a card player does it, in the Gilbert–Shannon–Reeds
/// model: cut the deck about in half, then let the cards of the two packets
/// fall together.
///
/// The cut comes after c cards, where c is the number of heads in n fair
/// coin flips (a Binomial(n, 1/2) count). Then, while both packets have
/// cards, the next card comes from a packet with probability proportional
/// to the cards it holds: with a cards left in one packet and b in the
/// other, from the first with probability a / (a + b). Each packet keeps
/// its own order. Every one of the 2^n ways to cut and interleave is then
/// equally likely, which is what makes the model easy to analyse: Bayer
/// and Diaconis showed that 52 cards need about seven of these riffles
/// before every order is close to equally likely.
///
/// Complexity: O(n) time, 2n random draws (n for the cut, n for the drops).
///
/// # Panics
///
/// Never.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64;
/// use solutions::extensions::riffle_shuffle;
///
/// let deck: Vec<i32> = (0..10).collect();
/// let riffled = riffle_shuffle(&deck, &mut Pcg64::seed_from_u64(1));
/// let mut sorted = riffled.clone();
/// sorted.sort();
/// assert_eq!(sorted, deck);
/// ```
pub fn riffle_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
    // ANCHOR: riffle_shuffle
    // Counting heads makes the cut binomial: cutting after exactly n / 2
    // cards would make the riffle less random than the model.
    let cut = (0..values.len()).filter(|_| rng.random_bool(0.5)).count();
    let (mut left, mut right) = values.split_at(cut);
    let mut riffled = Vec::with_capacity(values.len());
    while !left.is_empty() || !right.is_empty() {
        // Proportional to size, not 50:50: choosing the packet by a coin
        // toss whatever its size would empty the smaller packet early and
        // drop the rest of the other as a block.
        let from_left = rng.random_range(0..left.len() + right.len()) < left.len();
        let packet = if from_left { &mut left } else { &mut right };
        riffled.push(packet[0]);
        *packet = &packet[1..];
    }
    riffled
    // ANCHOR_END: riffle_shuffle
}

#[cfg(test)]
mod tests {
    use super::riffle_shuffle;
    use crate::test::rng;

    /// A riffle only interleaves two packets, so 0..n comes out as at most
    /// two increasing runs of consecutive cards (two "rising sequences").
    #[test]
    fn keeps_each_packet_in_order() {
        let deck: Vec<i32> = (0..52).collect();
        let mut generator = rng(8);
        for _ in 0..200 {
            let riffled = riffle_shuffle(&deck, &mut generator);
            let mut position = [0usize; 52];
            for (p, &card) in riffled.iter().enumerate() {
                position[card as usize] = p;
            }
            let descents = position.windows(2).filter(|w| w[1] < w[0]).count();
            assert!(descents <= 1, "{riffled:?}");
        }
    }

    #[test]
    fn empty_and_single_card_decks() {
        assert!(riffle_shuffle(&[], &mut rng(1)).is_empty());
        assert_eq!(riffle_shuffle(&[7], &mut rng(1)), [7]);
    }
}
