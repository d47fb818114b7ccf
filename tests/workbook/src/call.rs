//! How a grader calls a submission: [`Functions`] answers [`Request`]s,
//! and [`Caller`] gives the checks typed calls on top.

use std::marker::PhantomData;

use crate::shapes::{Batch, DeckToDeck, DeckToDraws, Draws, PairTest, Shape, ThreeDraws};
use crate::shapes::{Count, RandomWord, Returned};
use crate::{CheckRng, Request, Response};

/// Whatever answers requests for a submission's functions: the functions
/// linked into this process (`grading::Local`), or a sandboxed child
/// (the `grade` command). A call that fails in a way of its own (a panic,
/// a child that died) unwinds, with a `grading::Outcome` as the payload
/// where the caller can tell more than the panic says.
pub trait Functions {
    /// Makes the calls `request` asks for and returns their answer, which
    /// is always the answer to that request.
    fn call(&self, request: Request) -> Response;

    /// Makes the next call in a new process, where the functions are
    /// served from one (`grade`), so that nothing an earlier call left in
    /// a static can reach it: the runs of a "follows the seed" check each
    /// start this way, so a call counter cannot replay an earlier run. In
    /// the student's own process (`cargo test`) there is no new one to
    /// start, and this does nothing.
    fn fresh_process(&self) {}
}

/// A typed call of one exercise of shape `S`, made through [`Functions`].
/// The exercises' accessors on `dyn Functions` (`f.flip()`) return one.
pub struct Caller<'f, S: Shape> {
    functions: &'f dyn Functions,
    request: fn(S::Input) -> Request,
    response: fn(Response) -> Option<S::Output>,
    shape: PhantomData<S>,
}

impl<S: Shape> std::fmt::Debug for Caller<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Caller").finish_non_exhaustive()
    }
}

impl<'f, S: Shape> Caller<'f, S> {
    #[doc(hidden)]
    pub fn new(
        functions: &'f dyn Functions,
        request: fn(S::Input) -> Request,
        response: fn(Response) -> Option<S::Output>,
    ) -> Self {
        Caller {
            functions,
            request,
            response,
            shape: PhantomData,
        }
    }

    /// Sends one request and returns its answer.
    pub fn request(&self, input: S::Input) -> S::Output {
        let response = self.functions.call((self.request)(input));
        (self.response)(response)
            .expect("Functions::call answered a request with the answer to another")
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
