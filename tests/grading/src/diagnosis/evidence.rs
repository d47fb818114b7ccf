//! What a student's function did with one chosen input, panics included:
//! a panic's message is evidence as much as a wrong deck is. An index one
//! past the end of a deck (`the len is 5 but the index is 5`) is what a
//! middle rounded down, or a loop that starts at `k = n`, leaves behind.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

use crate::quiet_panics::QuietPanics;
use crate::{CheckRng, Outcome, Raised};

/// What a call gave: its answer, or the message it panicked with. The
/// message is evidence, read as text by the models (std's `the len is 5
/// but the index is 5`), not an error of this crate, so it stays a
/// `String` rather than an error type.
pub(crate) type Attempt<T> = Result<T, String>;

/// Runs `body`, keeping its panic off the terminal and its message as the
/// error. A sandboxed child's panic reaches here as a [`Raised`], whose
/// outcome holds its message; any other way for a call to end (a crash, a
/// hang) has no message to read and reads as an empty one.
pub(crate) fn attempt<T>(body: impl FnOnce() -> T) -> Attempt<T> {
    caught(body).map_err(|payload| message_of(payload.as_ref()))
}

/// Whether `body` ran its random source past its budget: stopped as an
/// endless loop, by the [`OverBudget`](workbook::OverBudget) payload's
/// type, here or in a sandboxed child.
pub(crate) fn runs_past_budget(body: impl FnOnce()) -> bool {
    caught(body).is_err_and(|payload| crate::outcome::is_over_budget(payload.as_ref()))
}

/// Runs `body`, returning `None` if it panicked, without printing the
/// panic: a student's function may panic on a probe, and that panic is not
/// news to them.
pub(super) fn quietly<T>(body: impl FnOnce() -> T) -> Option<T> {
    caught(body).ok()
}

/// Runs `body` with its panics off the terminal, handing back a panic's
/// payload: the one way this module's probes run a student's function.
fn caught<T>(body: impl FnOnce() -> T) -> Result<T, Box<dyn Any + Send>> {
    let _quiet = QuietPanics::new();
    panic::catch_unwind(AssertUnwindSafe(body))
}

fn message_of(payload: &(dyn Any + Send)) -> String {
    match payload.downcast_ref::<Raised>() {
        Some(Raised {
            outcome: Outcome::Panicked { message, .. },
            ..
        }) => message.clone(),
        Some(_) => String::new(),
        None => workbook::panic_message(payload),
    }
}

/// The numbers of a panic that reads a slot past the end of a slice:
/// (the slice's length, the first position past it that was asked for).
/// Rust words it three ways: an index (`v[i]`), a range's end
/// (`&v[a..b]`), and two lengths that differ (`copy_from_slice`).
pub(crate) fn overrun(message: &str) -> Option<(usize, usize)> {
    let number_after = |text: &str, words: &str| -> Option<usize> {
        let rest = &text[text.find(words)? + words.len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    if message.starts_with("index out of bounds") {
        return Some((
            number_after(message, "the len is ")?,
            number_after(message, "the index is ")?,
        ));
    }
    if message.starts_with("range end index") {
        let end = number_after(message, "range end index ")?;
        let len = number_after(message, "slice of length ")?;
        return Some((len, end - 1));
    }
    // `Vec::insert` and `Vec::remove` past the end (Java's `list.add(i, x)`
    // and `list.remove(i)` translated).
    if message.starts_with("insertion index") {
        let index = number_after(message, "insertion index (is ")?;
        let len = number_after(message, "should be <= len (is ")?;
        return Some((len, index.max(len + 1) - 1));
    }
    if message.starts_with("removal index") {
        return Some((
            number_after(message, "should be < len (is ")?,
            number_after(message, "removal index (is ")?,
        ));
    }
    if message.starts_with("source slice length") {
        let source = number_after(message, "source slice length (")?;
        let destination = number_after(message, "destination slice length (")?;
        return Some((source.min(destination), source.max(destination) - 1));
    }
    None
}

/// Whether `message` is an overrun of exactly one slot: the position
/// asked for is the length of a slice that holds cards. Index 0 of an
/// empty slice (`the len is 0 but the index is 0`) is its first slot, not
/// one past a last card: what a write into `Vec::new()` leaves behind, not
/// a loop that starts at n ([`empty_slice`] reads it).
pub(crate) fn one_past_the_end(message: &str) -> bool {
    overrun(message).is_some_and(|(len, index)| len > 0 && index == len)
}

/// Whether `message` is an index into an empty slice: a `Vec::new()` or
/// `Vec::with_capacity(n)` used as if it had n slots (Java's `new
/// ArrayList<>()` then `set`).
pub(crate) fn empty_slice(message: &str) -> bool {
    overrun(message).is_some_and(|(len, _)| len == 0)
}

/// Whether `message` is an index run below 0: `0 - 1` on a usize
/// overflowing (a debug build).
pub(crate) fn below_zero(message: &str) -> bool {
    message.contains("attempt to subtract with overflow")
}

/// Whether `message` is what a loop to `len - 1` leaves on an empty array:
/// `0 - 1` overflowing (a debug build), or, where it wraps (a release
/// build), index 0 of the empty slice read.
pub(crate) fn short_of_an_empty_array(message: &str) -> bool {
    below_zero(message) || empty_slice(message)
}

/// Whether `message` is any overrun: a position at or past the length.
pub(crate) fn past_the_end(message: &str) -> bool {
    overrun(message).is_some_and(|(len, index)| index >= len)
}

/// One shuffle of `deck` by a random shuffle under diagnosis.
pub(crate) type ShuffleOnce<'a> = &'a dyn Fn(&[i32], &mut CheckRng) -> Vec<i32>;

/// The deck the shuffles' diagnoses replay scripted draws on: 6 distinct
/// cards, so that every k and r of a swap shows.
pub(super) const SWAP_DECK: [i32; 6] = [10, 20, 30, 40, 50, 60];

/// The seeded stream of `seed` for a probe, cut off after a million draws
/// (a correct shuffle of these probes needs a few thousand at most): a
/// shuffle that waits forever for a card it can never draw panics at once
/// instead of holding up the diagnosis for a call's whole time limit.
pub(super) fn probe_rng(seed: u64) -> CheckRng {
    CheckRng::budgeted(seed, 1_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overruns_are_read_in_each_wording() {
        let index = "index out of bounds: the len is 5 but the index is 5";
        assert_eq!(overrun(index), Some((5, 5)));
        assert!(one_past_the_end(index));
        let range = "range end index 6 out of range for slice of length 5";
        assert_eq!(overrun(range), Some((5, 5)));
        let lengths = "source slice length (3) does not match destination slice length (2)";
        assert_eq!(overrun(lengths), Some((2, 2)));
        let empty = "index out of bounds: the len is 0 but the index is 0";
        assert!(!one_past_the_end(empty) && empty_slice(empty) && past_the_end(empty));
        let far = "index out of bounds: the len is 4 but the index is 51";
        assert!(!one_past_the_end(far) && past_the_end(far));
        let insert = "insertion index (is 4) should be <= len (is 3)";
        assert_eq!(overrun(insert), Some((3, 3)));
        let remove = "removal index (is 5) should be < len (is 1)";
        assert_eq!(overrun(remove), Some((1, 5)));
        assert_eq!(overrun("attempt to subtract with overflow"), None);
        // `0..len - 1` on an empty array: in a debug build, or wrapped.
        assert!(short_of_an_empty_array("attempt to subtract with overflow"));
        assert!(short_of_an_empty_array(empty));
        assert!(!short_of_an_empty_array(index));
    }

    #[test]
    fn a_panic_becomes_its_message() {
        let v: Vec<i32> = vec![1, 2];
        let at = std::hint::black_box(2);
        assert_eq!(
            attempt(|| v[at]),
            Err("index out of bounds: the len is 2 but the index is 2".into())
        );
        assert_eq!(attempt(|| 7), Ok(7));
    }
}
