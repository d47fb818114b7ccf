//! Going further: three extension exercises beyond the lab. They are
//! graded as bonus checks, which never count towards the core score.

mod perfect_shuffle_order;
mod riffle_shuffle;
mod sequence_for;

pub use perfect_shuffle_order::perfect_shuffle_order;
pub use riffle_shuffle::riffle_shuffle;
pub use sequence_for::sequence_for;
