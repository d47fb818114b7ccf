//! Shuffles that are not exercises, kept as reference code for the
//! fairness lab, and exact results about shuffles, each checked against a
//! published source in this module's tests.
//!
//! The lab's own three shuffles and the bonus riffle live in `solutions`;
//! these are the classic wrong ones and the numbers the workbook quotes.
//!
//! One file per topic, all re-exported here:
//!
//! * `shuffles`: the reference and wrong shuffles (naive, Sattolo,
//!   comparator sort, random keys, pencil and paper, inside-out, deal).
//! * `orders`: how many perfect shuffles bring a deck back to its order.
//! * `riffles`: rising sequences and the exact probabilities and distance
//!   from uniform of GSR riffles.
//! * `ranks`: the lexicographic rank of an order, and the order at a rank.
//! * `costs`: the selection shuffle's expected draws, and log₂ n!.

mod costs;
mod orders;
mod ranks;
mod riffles;
mod shuffles;

pub use costs::{log2_factorial, selection_shuffle_expected_draws};
pub(crate) use orders::out_shuffle_position;
pub use orders::{in_shuffle_order, out_shuffle_order};
pub use ranks::{lexicographic_rank, order_at};
pub use riffles::{riffle_probability, riffle_total_variation, rising_sequences};
pub use shuffles::{
    comparator_sort, deal, inside_out, naive_shuffle, pencil_and_paper, random_keys,
    sattolo_shuffle,
};
