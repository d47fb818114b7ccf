//! How the grader asks a zygote to sandbox its checks, shared by the
//! grader, which writes it, and the zygote's entry point, which reads it.

use serde::{Deserialize, Serialize};

use crate::cgroup::Cgroups;
use crate::view::Isolation;

/// How the grader asks the zygote to sandbox each check; travels as JSON
/// in [`SANDBOX_VARIABLE`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sandbox {
    /// What keeps the checks apart.
    pub isolation: Isolation,
    /// The zygote's cgroups, which hold one group per running check.
    pub cgroups: Option<Cgroups>,
}

/// The environment variable that carries the [`Sandbox`] to the zygote.
pub const SANDBOX_VARIABLE: &str = "GRADE_SANDBOX";
