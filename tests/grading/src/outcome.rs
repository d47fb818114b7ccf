//! How one check went, as every report prints it: passed, failed with a
//! message, or what became of the student's code (not written, panicked,
//! crashed, did not compile, ran out of time, or not run).

use std::any::Any;
use std::fmt;
use std::time::Duration;

use workbook::{OverBudget, Panic};

use crate::{CheckNaming, Failure, Mistake};

/// What an [`Outcome::NotImplemented`] says after the function's name;
/// reports that keep only the text find it there.
pub const NOT_YET_IMPLEMENTED: &str = "is not yet implemented";

/// The words in an [`Outcome::Moot`] message that reports, such as the
/// `grade` table, look for to fold those checks into one line.
pub const WHILE_CORE_FAILS: &str = "earns nothing while its core check";

/// How one check went. `grade` keeps it as it is, serialized, in the
/// record of a graded submission that its reports are rendered from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every assertion held.
    Passed,
    /// The function answered, but wrongly.
    Failed(Failure),
    /// The function still calls `todo!()`.
    NotImplemented {
        /// The function that has not been written yet.
        function: String,
    },
    /// The function panicked.
    Panicked {
        /// Which call, such as "perfect_shuffle for 5 cards".
        during: String,
        /// The panic's message.
        message: String,
        /// The known mistake the exercise's answer makes, when the
        /// diagnosis, run after the panic, recognises one: a panic's input
        /// and message are evidence too (an odd deck overrunning a half
        /// whose middle was rounded down).
        mistake: Option<Mistake>,
    },
    /// The process running the student's code ended in the middle of a
    /// call: `exit`, `abort`, a crash, or a limit (the `grade` command).
    Crashed {
        /// Which call.
        during: String,
        /// How it ended, in words.
        how: String,
        /// The end of what it printed.
        output: String,
    },
    /// The function, or code it calls, did not compile.
    DidNotCompile {
        /// The exercise's function.
        function: String,
        /// The compiler's message, trimmed.
        message: String,
    },
    /// One call did not return within the time limit.
    TimedOut {
        /// Which call, such as "selection_shuffle for 4 cards".
        during: String,
        /// The limit it ran past.
        limit: Duration,
    },
    /// Not run, because an earlier check of the same exercise ran out of
    /// time or crashed its process (the `grade` command): an endless loop
    /// or a runaway allocation costs its limit once, not once per check.
    NotRun {
        /// The exercise's function.
        function: String,
        /// What happened earlier: "ran out of time" or "crashed".
        what: String,
        /// The title of the earlier check.
        earlier: String,
    },
    /// Not run, because a core check of the same exercise failed, so the
    /// exercise earns nothing whatever this check says (the `grade`
    /// command, which runs core checks first).
    Moot {
        /// The exercise's function.
        function: String,
        /// The title of the core check that failed.
        core: String,
    },
}

/// The one payload that ends a check early with `outcome`: raised by the
/// `grade` command's calls into a sandboxed child (when the child panicked,
/// crashed, or sent an answer that does not fit) and by the runner itself
/// once it has made a panic's report. Every reader matches this type alone.
#[derive(Debug, Clone)]
pub struct Raised {
    /// What the check reports.
    pub outcome: Outcome,
    /// The student's function's panic, typed, for the checks that act on
    /// what it was; `None` when the call ended some other way.
    pub panic: Option<Panic>,
}

impl Raised {
    /// A call's end that no panic of the student's caused: a crash, a
    /// misfit answer, a process that could not start, a report made.
    pub fn without_panic(outcome: Outcome) -> Raised {
        Raised {
            outcome,
            panic: None,
        }
    }

    /// Ends the check: unwinds its thread with this payload.
    pub fn raise(self) -> ! {
        std::panic::panic_any(self)
    }
}

/// Whether a panic's `payload` is a random source past its budget (an
/// endless loop of draws, stopped), here or in a sandboxed child: read by
/// the payload's type, never by its words.
pub fn is_over_budget(payload: &(dyn Any + Send)) -> bool {
    payload.is::<OverBudget>()
        || payload
            .downcast_ref::<Raised>()
            .is_some_and(|raised| matches!(raised.panic, Some(Panic::OverBudget { .. })))
}

impl Outcome {
    /// Whether the check passed.
    pub fn passed(&self) -> bool {
        matches!(self, Outcome::Passed)
    }

    /// The known mistake this outcome carries: a failure's or a panic's,
    /// as the diagnosis found it.
    pub fn mistake(&self) -> Option<Mistake> {
        match self {
            Outcome::Failed(failure) => failure.mistake,
            Outcome::Panicked { mistake, .. } => *mistake,
            _ => None,
        }
    }
}

/// An outcome's message, naming the checks it points to as `naming` says:
/// what [`Outcome::message`] returns.
#[derive(Debug, Clone, Copy)]
pub struct Message<'a> {
    outcome: &'a Outcome,
    naming: CheckNaming,
}

impl Outcome {
    /// The outcome's message, with each check it points to named as
    /// `naming` says: `grade`'s reports by title, `cargo test` (this
    /// type's `Display`) by path.
    pub fn message(&self, naming: CheckNaming) -> Message<'_> {
        Message {
            outcome: self,
            naming,
        }
    }
}

/// The message as `cargo test` shows it, naming checks by their paths.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message(CheckNaming::Path).fmt(f)
    }
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Outcome::Passed => write!(f, "passed"),
            Outcome::Failed(failure) => failure.write_message(f, self.naming),
            Outcome::NotImplemented { function } => write!(
                f,
                "{function} {NOT_YET_IMPLEMENTED}: replace the todo!() in its body with your code"
            ),
            Outcome::Panicked {
                during,
                message,
                mistake,
            } => {
                write!(
                    f,
                    "{during} panicked: {message}\n  hint:     {}",
                    panic_hint(message)
                )?;
                // The diagnosis, run after the panic, names its cause.
                if let Some(mistake) = mistake {
                    write!(f, ". Here the cause is {}", mistake.what())?;
                }
                Ok(())
            }
            Outcome::Crashed {
                during,
                how,
                output,
            } => {
                write!(f, "{during} did not return: {how}")?;
                if !output.is_empty() {
                    write!(f, "\n  output:\n")?;
                    for line in output.lines() {
                        writeln!(f, "    {line}")?;
                    }
                }
                Ok(())
            }
            Outcome::DidNotCompile { function, message } => {
                writeln!(
                    f,
                    "{function} did not compile, so its checks could not run:"
                )?;
                for line in message.lines() {
                    writeln!(f, "    {line}")?;
                }
                Ok(())
            }
            Outcome::TimedOut { during, limit } => write!(
                f,
                "{during} did not return within {} s: does the loop ever end?\n  \
                 hint:     a loop ends only if its condition changes: a while loop that waits \
                 for a card not yet taken waits forever if the draw can never give one, so \
                 check the range you draw from, and that each pass marks or moves a card",
                limit.as_secs_f64()
            ),
            Outcome::NotRun {
                function,
                what,
                earlier,
            } => write!(
                f,
                "not run: {function} {what} in an earlier check (\"{earlier}\"), so its later \
                 checks were not run"
            ),
            Outcome::Moot { function, core } => write!(
                f,
                "not run: {function} {WHILE_CORE_FAILS} \"{core}\" fails, so its other checks \
                 were not run; fix that one first"
            ),
        }
    }
}

/// What to look at for a panic, from its message.
fn panic_hint(message: &str) -> &'static str {
    if message.contains("empty range") {
        "random_range panics when its range is empty, such as 0..0 or 0..k with k = 0. \
         Check the range you draw from at the loop's last step: the lab draws r from 0 \
         to k inclusive (0..=k), and j from the whole deck"
    } else if message.contains("overflow") {
        "an arithmetic overflow in a loop often means a counter goes below 0: a usize \
         cannot, so `k - 1` at k = 0 panics. Check where the loop stops"
    } else {
        "read the panic message and go to the line it names: an index out of bounds \
         usually means a loop runs one step too far, or a half is split at the wrong place"
    }
}
