#[allow(unused_imports)] // `RngExt` gives `rng.random_range(..)` and friends.
use rand::{Rng, RngExt};

/// Question 1: flips a weighted coin that comes up `"heads"` twice as often
/// as `"tails"`.
///
/// Over many flips about two in three should be `"heads"`. Each flip must be
/// a fresh, independent draw from `rng`: a coin that goes heads, heads,
/// tails, heads, heads, tails, … has the right ratio and is still wrong.
///
/// Worked example: draw a number from `0..3`. Two of the three equally
/// likely values can mean heads and one tails. (There are other correct
/// ways; rand also has `random_bool` and `random_ratio`.)
///
/// Return exactly `"heads"` or `"tails"`, in lower case.
#[allow(unused_variables)] // The stub ignores its arguments: delete this line as you start.
pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str {
    // TODO: draw from rng and return "heads" with probability 2/3,
    // "tails" otherwise.
    todo!()
}
