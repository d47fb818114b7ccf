//! The checks' view of a sandboxed child: [`Functions`] whose every call is
//! a message to the child.

use std::cell::RefCell;

use super::compile::COMPILE_ERROR_MARKER;
use super::protocol::{Request, Response};
use super::sandbox::Server;
use crate::{CheckRng, Functions, Outcome};

/// A submission served by a child process.
#[derive(Debug)]
pub struct Remote {
    server: RefCell<Server>,
    /// Compiler messages for helpers that were stubbed out, by name.
    broken_helpers: Vec<(String, String)>,
}

impl Remote {
    /// Talks to `server`; `broken_helpers` explains stubbed-out helpers.
    pub fn new(server: Server, broken_helpers: Vec<(String, String)>) -> Self {
        Remote {
            server: RefCell::new(server),
            broken_helpers,
        }
    }

    fn call(&self, request: Request) -> Response {
        let response = self.server.borrow_mut().call(&request);
        if let Response::Panicked(message) = response {
            std::panic::panic_any(self.panic_outcome(&request, message));
        }
        response
    }

    fn panic_outcome(&self, request: &Request, message: String) -> Outcome {
        if crate::is_todo(&message) {
            return Outcome::NotImplemented {
                function: request.function().into(),
            };
        }
        if let Some(helper) = message.strip_prefix(COMPILE_ERROR_MARKER) {
            let compiler = self
                .broken_helpers
                .iter()
                .find(|(name, _)| name == helper)
                .map_or_else(String::new, |(_, message)| message.clone());
            return Outcome::DidNotCompile {
                function: request.function().into(),
                message: format!("it calls `{helper}`, which did not compile:\n{compiler}"),
            };
        }
        Outcome::Panicked {
            during: request.describe(),
            message,
        }
    }

    /// Stops with an outcome when a child's answer does not fit the question
    /// (which only a child that writes its own messages can cause).
    fn misfit(&self, request: &Request) -> ! {
        self.server.borrow_mut().stop();
        std::panic::panic_any(Outcome::Crashed {
            during: request.describe(),
            how: "it sent an answer that does not fit the question".into(),
            output: String::new(),
        })
    }

    /// Makes a call and takes the answer `pick` finds in the response, or
    /// stops with a misfit when the response is not that answer.
    fn answer<T>(&self, request: Request, pick: impl FnOnce(Response) -> Option<T>) -> T {
        match pick(self.call(request.clone())) {
            Some(answer) => answer,
            None => self.misfit(&request),
        }
    }

    fn decks(&self, request: Request, times: usize, rng: Option<&mut CheckRng>) -> Vec<Vec<i32>> {
        self.answer(request, |response| match response {
            Response::Decks { decks, rng: state } if decks.len() == times => {
                if let (Some(rng), Some(state)) = (rng, state) {
                    *rng = state;
                }
                Some(decks)
            }
            _ => None,
        })
    }
}

impl Functions for Remote {
    fn perfect_shuffle(&self, values: &[i32]) -> Vec<i32> {
        let request = Request::PerfectShuffle {
            values: values.to_vec(),
        };
        self.decks(request, 1, None).pop().unwrap_or_default()
    }

    fn selection_shuffle(&self, values: &[i32], rng: &mut CheckRng, times: usize) -> Vec<Vec<i32>> {
        let request = Request::SelectionShuffle {
            values: values.to_vec(),
            rng: rng.clone(),
            times,
        };
        self.decks(request, times, Some(rng))
    }

    fn efficient_selection_shuffle(
        &self,
        values: &[i32],
        rng: &mut CheckRng,
        times: usize,
    ) -> Vec<Vec<i32>> {
        let request = Request::EfficientSelectionShuffle {
            values: values.to_vec(),
            rng: rng.clone(),
            times,
        };
        self.decks(request, times, Some(rng))
    }

    fn flip(&self, rng: &mut CheckRng, times: usize) -> Vec<String> {
        let request = Request::Flip {
            rng: rng.clone(),
            times,
        };
        self.answer(request, |response| match response {
            Response::Words { words, rng: state } if words.len() == times => {
                *rng = state;
                Some(words)
            }
            _ => None,
        })
    }

    fn are_permutations(&self, pairs: &[(Vec<i32>, Vec<i32>)]) -> Vec<bool> {
        let request = Request::ArePermutations {
            pairs: pairs.to_vec(),
        };
        self.answer(request, |response| match response {
            Response::Answers(answers) if answers.len() == pairs.len() => Some(answers),
            _ => None,
        })
    }

    fn reversing_sequence(&self) -> [usize; 3] {
        self.answer(Request::ReversingSequence, |response| match response {
            Response::Sequence(answer) => Some(answer),
            _ => None,
        })
    }

    fn perfect_shuffle_order(&self, n: usize) -> usize {
        let request = Request::PerfectShuffleOrder { n };
        self.answer(request, |response| match response {
            Response::Count(answer) => Some(answer),
            _ => None,
        })
    }

    fn sequence_for(&self, target: &[i32]) -> Vec<usize> {
        let request = Request::SequenceFor {
            target: target.to_vec(),
        };
        self.answer(request, |response| match response {
            Response::Draws(draws) => Some(draws),
            _ => None,
        })
    }

    fn riffle_shuffle(&self, values: &[i32], rng: &mut CheckRng, times: usize) -> Vec<Vec<i32>> {
        let request = Request::RiffleShuffle {
            values: values.to_vec(),
            rng: rng.clone(),
            times,
        };
        self.decks(request, times, Some(rng))
    }
}
