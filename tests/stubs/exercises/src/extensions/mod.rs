//! Going further: three extension exercises beyond the lab. Do the six
//! lab exercises first. These are graded as bonus checks, which never
//! count towards the core score; run them with
//!
//! ```text
//! cargo test -p exercises -- --ignored bonus
//! ```

mod perfect_shuffle_order;
mod riffle_shuffle;
mod sequence_for;

pub use perfect_shuffle_order::perfect_shuffle_order;
pub use riffle_shuffle::riffle_shuffle;
pub use sequence_for::sequence_for;
