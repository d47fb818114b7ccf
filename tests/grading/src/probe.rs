//! What a check is doing right now: the observer every call of a
//! student's function reports to, so that a hang or a panic is reported
//! with the call that caused it. Below both the runner, which reads it,
//! and [`Local`](crate::Local), which reports to it.

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use workbook::{CallInput, Observer};

/// What the check is doing right now, so that a hang or a panic can be
/// reported with the call that caused it.
#[derive(Debug, Default)]
pub struct Probe {
    current: Mutex<Option<Call>>,
}

#[derive(Debug, Clone)]
pub(crate) struct Call {
    pub(crate) function: &'static str,
    pub(crate) input: CallInput,
    pub(crate) started: Instant,
}

impl Call {
    pub(crate) fn describe(&self) -> String {
        self.input.describe(self.function)
    }
}

impl Observer for Probe {
    fn observe<T>(
        &self,
        function: &'static str,
        input: impl FnOnce() -> CallInput,
        body: impl FnOnce() -> T,
    ) -> T {
        let call = Call {
            function,
            input: input(),
            started: Instant::now(),
        };
        *self.current.lock().unwrap_or_else(PoisonError::into_inner) = Some(call);
        let result = body();
        *self.current.lock().unwrap_or_else(PoisonError::into_inner) = None;
        result
    }
}

impl Probe {
    pub(crate) fn stuck_for(&self, limit: Duration) -> Option<Call> {
        let current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        current
            .as_ref()
            .filter(|call| call.started.elapsed() > limit)
            .cloned()
    }

    pub(crate) fn in_progress(&self) -> Option<Call> {
        self.current
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}
