//! A submission linked into this process, as the checks call it.

use workbook::{Functions, Implementation, Request, Response};

use crate::Probe;

/// An [`Implementation`] linked into this process; each call is recorded on
/// the [`Probe`] so a hang or a panic can be reported with its input.
#[derive(Debug, Clone, Copy)]
pub struct Local<'p> {
    implementation: &'p Implementation,
    probe: &'p Probe,
}

impl<'p> Local<'p> {
    /// Calls `implementation`'s functions, reporting each call to `probe`.
    pub fn new(implementation: &'p Implementation, probe: &'p Probe) -> Self {
        Local {
            implementation,
            probe,
        }
    }
}

impl Functions for Local<'_> {
    fn call(&self, request: Request) -> Response {
        self.implementation.answer(request, self.probe)
    }
}
