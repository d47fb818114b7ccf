//! The checks' view of a sandboxed child: [`Functions`] whose every call is
//! a message to the child.

use std::cell::RefCell;

use grading::{Outcome, Raised};
use workbook::{Functions, Panic, Request, Response};

use crate::run::sandbox::CheckProcess;

/// A submission served by one check's sandboxed process.
#[derive(Debug)]
pub struct Remote {
    process: RefCell<CheckProcess>,
    /// Compiler messages for helpers that were stubbed out, by name.
    broken_helpers: Vec<(String, String)>,
}

impl Remote {
    /// Talks to `process`; `broken_helpers` explains stubbed-out helpers.
    pub fn new(process: CheckProcess, broken_helpers: Vec<(String, String)>) -> Self {
        Remote {
            process: RefCell::new(process),
            broken_helpers,
        }
    }

    /// How long the student's functions have run so far.
    pub fn student_time(&self) -> std::time::Duration {
        self.process.borrow().student_time()
    }

    /// How long the first answer took beyond the student's code.
    pub fn start_time(&self) -> Option<std::time::Duration> {
        self.process.borrow().start_time()
    }

    /// `panic` as grade believes it: a stub's "did not compile" only for a
    /// function grade stubbed out itself. A submission can raise the same
    /// payload in safe Rust (fixture `forged_panic_payloads`); that is a
    /// panic of its own, reported in its own words, never as a compile
    /// error grade did not see.
    fn believed(&self, panic: Panic) -> Panic {
        match panic {
            Panic::DidNotCompile { function }
                if !self
                    .broken_helpers
                    .iter()
                    .any(|(name, _)| *name == function) =>
            {
                Panic::Message(Panic::DidNotCompile { function }.message())
            }
            panic => panic,
        }
    }

    /// What the check reports when the child's function panicked, read by
    /// the panic's type: not written yet, a helper that did not compile,
    /// or a panic of its own (the random source's budget among them,
    /// which the checks tell by its type in the [`Raised`] payload).
    fn panic_outcome(&self, request: &Request, panic: &Panic) -> Outcome {
        match panic {
            Panic::NotYetImplemented => Outcome::NotImplemented {
                function: request.function().into(),
            },
            Panic::DidNotCompile { function: helper } => {
                let compiler = self
                    .broken_helpers
                    .iter()
                    .find(|(name, _)| name == helper)
                    .map_or_else(String::new, |(_, message)| message.clone());
                Outcome::DidNotCompile {
                    function: request.function().into(),
                    message: format!("it calls `{helper}`, which did not compile:\n{compiler}"),
                }
            }
            Panic::OverBudget { .. } | Panic::Message(_) => Outcome::Panicked {
                during: request.describe(),
                message: panic.message(),
                mistake: None,
            },
        }
    }

    /// Stops with an outcome when a child's answer does not fit the question
    /// (which only a child that writes its own messages can cause).
    fn misfit(&self, request: &Request) -> ! {
        self.process.borrow_mut().stop();
        crashed(
            request.describe(),
            "it sent an answer that does not fit the question",
        )
    }
}

/// Ends a check whose child could not be had or could not be believed, no
/// panic of the student's causing it: crashed `during` what, and `how`.
pub(crate) fn crashed(during: impl Into<String>, how: impl Into<String>) -> ! {
    Raised::without_panic(Outcome::Crashed {
        during: during.into(),
        how: how.into(),
        output: String::new(),
    })
    .raise()
}

impl Functions for Remote {
    /// A new process for the check, from the same zygote; the old one is
    /// killed. What the check has printed so far is kept for its report.
    fn fresh_process(&self) {
        if let Err(error) = self.process.borrow_mut().restart() {
            crashed(
                "starting a new process for the next run",
                format!("{error:#}"),
            );
        }
    }

    fn call(&self, request: Request) -> Response {
        let response = self.process.borrow_mut().call(&request);
        if !response.answers(&request) {
            self.misfit(&request);
        }
        if let Response::Panicked(panic) = response {
            let panic = self.believed(panic);
            let outcome = self.panic_outcome(&request, &panic);
            Raised {
                outcome,
                panic: Some(panic),
            }
            .raise();
        }
        response
    }
}
