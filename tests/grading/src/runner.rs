//! Runs a check on its own thread, so that a panic, a `todo!()` or an
//! endless loop in the student's code becomes a clear outcome instead of a
//! crash or a stalled test run.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use workbook::{Functions, Implementation};

use crate::probe::Call;
use crate::quiet_panics::{ON_CHECK_THREAD, PANICKED_AT};
use crate::{Check, Failure, Local, Outcome, Probe};

/// How long one call of a student's function may take before the check
/// gives up on it. Every check makes many calls, but each is tiny: 10 s is
/// thousands of times what a correct implementation needs, even unoptimised.
pub const CALL_LIMIT: Duration = Duration::from_secs(10);

/// Runs a check against the student's code and reports how it went.
///
/// The check runs on its own thread. If one call of the student's function
/// runs longer than `limit`, the check is reported as timed out at once and
/// its thread is left behind: Rust cannot stop a thread, and it ends with
/// the process. A panic is caught and reported with the call it came from.
pub fn run_check_with_limit(
    implementation: &'static Implementation,
    check: &Check,
    limit: Duration,
) -> Outcome {
    run_check_on(check, limit, move |probe, run| {
        run(&Local::new(implementation, probe))
    })
}

/// A check's body, as [`run_check_on`] hands it to the caller.
pub type CheckBody<'a> = &'a dyn Fn(&dyn Functions) -> Result<(), Failure>;

/// Runs a check against whatever functions `with_functions` passes to the
/// check's body: [`Local`] ones here, or a sandboxed child's in the `grade`
/// command. Functions that fail in a way of their own (a child that died)
/// panic with an [`Outcome`] as the payload, which is returned as it is.
pub fn run_check_on(
    check: &Check,
    limit: Duration,
    with_functions: impl FnOnce(&Probe, CheckBody<'_>) -> Result<(), Failure> + Send + 'static,
) -> Outcome {
    let probe = Arc::new(Probe::default());
    let (sender, receiver) = mpsc::channel();
    let worker_probe = Arc::clone(&probe);
    let check_copy = *check;
    let spawned = thread::Builder::new().name(check.path()).spawn(move || {
        ON_CHECK_THREAD.set(true);
        // A failure's hint is refined by the exercise's diagnosis, with the
        // same functions, so one mistake reads as one message. A panic of
        // the student's code is diagnosed too, once its own report (the
        // call it happened in) is made, before the diagnosis's calls.
        let diagnosis_probe = Arc::clone(&worker_probe);
        let body = move |f: &dyn Functions| match panic::catch_unwind(AssertUnwindSafe(|| {
            (check_copy.run)(f)
        })) {
            Ok(result) => {
                result.map_err(|failure| crate::diagnosis::refine(&check_copy, f, failure))
            }
            Err(payload) => {
                let call = diagnosis_probe.in_progress();
                let over_budget = crate::outcome::is_over_budget(payload.as_ref());
                let mut outcome = from_panic(&check_copy, call, payload, PANICKED_AT.take());
                if let Outcome::Panicked { mistake, .. } = &mut outcome {
                    *mistake = crate::diagnosis::after_panic(&check_copy, f, over_budget);
                }
                panic::resume_unwind(Box::new(crate::Raised::without_panic(outcome)))
            }
        };
        let result = panic::catch_unwind(AssertUnwindSafe(|| with_functions(&worker_probe, &body)))
            .map_err(|payload| (payload, PANICKED_AT.take()));
        // The receiver may have given up on a slow check; nothing to do then.
        let _ = sender.send(result);
    });
    if let Err(error) = spawned {
        return Outcome::Panicked {
            during: check.path(),
            message: format!("could not start the check's thread: {error}"),
            mistake: None,
        };
    }
    loop {
        match receiver.recv_timeout(Duration::from_millis(20)) {
            Ok(Ok(Ok(()))) => return Outcome::Passed,
            Ok(Ok(Err(failure))) => return Outcome::Failed(failure),
            Ok(Err((payload, at))) => {
                return from_panic(check, probe.in_progress(), payload, at);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(call) = probe.stuck_for(limit) {
                    return Outcome::TimedOut {
                        during: call.describe(),
                        limit,
                    };
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Outcome::Panicked {
                    during: check.path(),
                    message: "the check's thread ended without a result".into(),
                    mistake: None,
                };
            }
        }
    }
}

/// [`run_check_with_limit`] with the standard [`CALL_LIMIT`].
pub fn run_check(implementation: &'static Implementation, check: &Check) -> Outcome {
    run_check_with_limit(implementation, check, CALL_LIMIT)
}

/// The outcome of a panic with `payload`, which happened `at` a place in
/// the source if [`quiet_check_panics`] saw it.
fn from_panic(
    check: &Check,
    call: Option<Call>,
    payload: Box<dyn Any + Send>,
    at: Option<String>,
) -> Outcome {
    if let Some(raised) = payload.downcast_ref::<crate::Raised>() {
        return raised.outcome.clone();
    }
    let message = workbook::panic_message(payload.as_ref());
    let function = call.as_ref().map_or(check.exercise, |call| call.function);
    if workbook::is_todo(&message) {
        return Outcome::NotImplemented {
            function: function.into(),
        };
    }
    let during = call.map_or_else(|| check.path(), |call| call.describe());
    let message = match at {
        Some(at) => format!("{message} (at {at})"),
        None => message,
    };
    Outcome::Panicked {
        during,
        message,
        mistake: None,
    }
}
