//! Bonus checks of `perfect_shuffle_order`. The expected orders come from
//! [`algorithms::out_shuffle_order`](crate::algorithms::out_shuffle_order),
//! which its own tests check against OEIS A024222.

use crate::algorithms::out_shuffle_order;
use crate::{Failure, Functions};

const HINT: &str = "shuffle 0..n with your perfect_shuffle until it is back in order, \
    counting every shuffle, the last one included. Or follow each position round its cycle \
    and take the least common multiple of the cycle lengths";

fn compare(f: &dyn Functions, decks: impl IntoIterator<Item = usize>) -> Result<(), Failure> {
    for n in decks {
        let expected = out_shuffle_order(n);
        let returned = f.perfect_shuffle_order().call(n);
        if returned != expected {
            return Err(Failure::new(
                "perfect_shuffle_order gives the wrong number of shuffles",
                format!("n = {n}"),
                format!("{expected}"),
                format!("{returned}"),
                HINT,
            ));
        }
    }
    Ok(())
}

pub fn small_decks(f: &dyn Functions) -> Result<(), Failure> {
    compare(f, [0, 1, 2]).map_err(|failure| Failure {
        hint: "0, 1 and 2 cards are unchanged by a perfect shuffle, so one shuffle brings them \
               back: the answer is 1. Count the shuffle before comparing, not after"
            .into(),
        ..failure
    })
}

pub fn fifty_two_cards_need_8(f: &dyn Functions) -> Result<(), Failure> {
    compare(f, [52])
}

pub fn matches_the_orders_up_to_60_cards(f: &dyn Functions) -> Result<(), Failure> {
    compare(f, 1..=60)
}

/// Simulating the shuffle until the deck is home costs n × order steps,
/// at most 4 million here, so the slow way passes too.
pub fn larger_decks(f: &dyn Functions) -> Result<(), Failure> {
    compare(f, [100, 101, 250, 500, 999, 1000, 1024, 1025, 2000])
}
