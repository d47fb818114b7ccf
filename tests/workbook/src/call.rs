//! The checks' typed calls: [`Caller`] makes one call of an exercise's
//! shape through [`Functions`](crate::Functions), which answers
//! [`Request`](crate::Request)s.

use crate::CheckRng;
use crate::shapes::{Batch, DeckToDeck, DeckToDraws, Draws, PairTest, Shape, ThreeDraws};
use crate::shapes::{Count, RandomWord, Returned};

/// A typed call of one exercise of shape `S`, made through [`Functions`].
/// The exercises' accessors on `dyn Functions` (`f.flip()`) return one.
pub struct Caller<'f, S: Shape> {
    // The request for this exercise, sent and its answer taken, with the
    // `Functions` it was made from.
    call: Box<dyn Fn(S::Input) -> S::Output + 'f>,
}

impl<S: Shape> std::fmt::Debug for Caller<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Caller").finish_non_exhaustive()
    }
}

impl<'f, S: Shape> Caller<'f, S> {
    #[doc(hidden)]
    pub fn new(call: impl Fn(S::Input) -> S::Output + 'f) -> Self {
        Caller {
            call: Box::new(call),
        }
    }

    /// Sends one request and returns its answer.
    pub fn request(&self, input: S::Input) -> S::Output {
        (self.call)(input)
    }
}

impl Caller<'_, DeckToDeck> {
    /// The function's answer for `values`.
    pub fn call(&self, values: &[i32]) -> Vec<i32> {
        self.request(values.to_vec())
    }
}

impl Caller<'_, DeckToDraws> {
    /// The function's answer for `target`.
    pub fn call(&self, target: &[i32]) -> Vec<usize> {
        self.request(target.to_vec())
    }
}

impl<S: Shape<Input = Batch, Output = Returned<Vec<i32>>>> Caller<'_, S> {
    /// `times` shuffles of fresh copies of `values`, with `rng` throughout;
    /// `rng` goes on from where the last one left it.
    pub fn call(&self, values: &[i32], rng: &mut CheckRng, times: usize) -> Vec<Vec<i32>> {
        let returned = self.request(Batch {
            values: values.to_vec(),
            rng: rng.clone(),
            times,
        });
        *rng = returned.rng;
        returned.answers
    }
}

impl Caller<'_, RandomWord> {
    /// `times` calls with `rng` throughout; `rng` goes on from there.
    pub fn call(&self, rng: &mut CheckRng, times: usize) -> Vec<String> {
        let returned = self.request(Draws {
            rng: rng.clone(),
            times,
        });
        *rng = returned.rng;
        returned.answers
    }
}

impl Caller<'_, PairTest> {
    /// The function's answer for each pair, in order.
    pub fn call(&self, pairs: &[(Vec<i32>, Vec<i32>)]) -> Vec<bool> {
        self.request(pairs.to_vec())
    }
}

impl Caller<'_, ThreeDraws> {
    /// The function's answer.
    pub fn call(&self) -> [usize; 3] {
        self.request(())
    }
}

impl Caller<'_, Count> {
    /// The function's answer for `n`.
    pub fn call(&self, n: usize) -> usize {
        self.request(n)
    }
}
