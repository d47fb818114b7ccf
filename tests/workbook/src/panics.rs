//! What a panic in a student's function was. Where the workbook or
//! `grade` raises a panic themselves (a random source past its budget, a
//! helper that did not compile), the payload is a type of its own, and
//! [`Panic::of`] reads it by that type: no grader decides by searching a
//! message for a marker. Across a pipe from a sandboxed child, a panic
//! travels as a [`Panic`].

use std::any::Any;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The payload of a budgeted [`CheckRng`](crate::CheckRng)'s panic: the
/// call drew more random numbers than any correct answer needs, so it is
/// taken for an endless loop and stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverBudget {
    /// The draws the call was allowed.
    pub budget: u64,
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the rng was asked for more than {} random numbers in one call without finishing",
            self.budget
        )
    }
}

/// The payload of the stub that `grade` puts in place of a student's
/// function that did not compile: the function's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DidNotCompile(pub &'static str);

/// A student's function's panic, as a grader reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Panic {
    /// `todo!()`: the function is not written yet.
    NotYetImplemented,
    /// A random source past its budget: see [`OverBudget`].
    OverBudget {
        /// The draws the call was allowed.
        budget: u64,
    },
    /// A stub for a function that did not compile: see [`DidNotCompile`].
    DidNotCompile {
        /// The function that did not compile.
        function: String,
    },
    /// Any other panic, by its message.
    Message(String),
}

impl Panic {
    /// The panic `payload` is, read by its type.
    pub fn of(payload: &(dyn Any + Send)) -> Panic {
        typed(payload).unwrap_or_else(|| {
            let message = panic_message(payload);
            if is_todo(&message) {
                Panic::NotYetImplemented
            } else {
                Panic::Message(message)
            }
        })
    }

    /// The panic's words, as a report shows them.
    pub fn message(&self) -> String {
        match self {
            Panic::NotYetImplemented => "not yet implemented".into(),
            Panic::OverBudget { budget } => OverBudget { budget: *budget }.to_string(),
            Panic::DidNotCompile { function } => format!("{function} did not compile"),
            Panic::Message(message) => message.clone(),
        }
    }

    /// Cuts the text the panic carries (its message, or the name a stub's
    /// payload gives) to at most `most` bytes, at a character boundary,
    /// and returns how many bytes were cut: 0 when it was short enough.
    /// A submission can panic with any text in safe Rust, 60 MiB of it;
    /// whoever copies it on cuts it first.
    pub fn cut(&mut self, most: usize) -> u64 {
        match self {
            Panic::Message(text) | Panic::DidNotCompile { function: text } => cut_text(text, most),
            Panic::NotYetImplemented | Panic::OverBudget { .. } => 0,
        }
    }
}

/// Cuts `text` to at most `most` bytes, at a character boundary, freeing
/// the rest, and returns how many bytes were cut: 0 when it was short
/// enough. Whatever a submission makes its code or its compiler say is
/// cut with this before it is copied on (a panic's message here; the
/// compiler's errors in `grade`).
pub fn cut_text(text: &mut String, most: usize) -> u64 {
    if text.len() <= most {
        return 0;
    }
    let mut end = most;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let cut = text.len() - end;
    text.truncate(end);
    text.shrink_to_fit();
    cut as u64
}

/// The panic of the workbook's own payloads, if `payload` is one.
fn typed(payload: &(dyn Any + Send)) -> Option<Panic> {
    if let Some(over) = payload.downcast_ref::<OverBudget>() {
        return Some(Panic::OverBudget {
            budget: over.budget,
        });
    }
    payload
        .downcast_ref::<DidNotCompile>()
        .map(|stub| Panic::DidNotCompile {
            function: stub.0.to_string(),
        })
}

/// The message a panic carried: the `&str` or `String` that `panic!` and
/// `todo!` use, the words of the workbook's own payloads, or a
/// placeholder for any other payload.
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        return text.to_string();
    }
    if let Some(text) = payload.downcast_ref::<String>() {
        return text.clone();
    }
    typed(payload).map_or_else(
        || "(a panic without a message)".into(),
        |panic| panic.message(),
    )
}

/// Whether a panic message is `todo!()`'s, which reports are to read as
/// "not yet implemented" rather than as a failure. The standard library
/// raises it, with words only, so its words are what there is to read.
pub fn is_todo(message: &str) -> bool {
    message.starts_with("not yet implemented")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_payload_is_read_by_its_type() {
        let read = |payload: Box<dyn Any + Send>| Panic::of(payload.as_ref());
        assert_eq!(
            read(Box::new(OverBudget { budget: 7 })),
            Panic::OverBudget { budget: 7 }
        );
        assert_eq!(
            read(Box::new(DidNotCompile("helper"))),
            Panic::DidNotCompile {
                function: "helper".into()
            }
        );
        assert_eq!(
            read(Box::new("not yet implemented")),
            Panic::NotYetImplemented
        );
        // A student's message that merely reads like the budget's is the
        // student's own panic.
        let forged = OverBudget { budget: 7 }.to_string();
        assert_eq!(read(Box::new(forged.clone())), Panic::Message(forged));
        assert_eq!(
            read(Box::new(3_u8)),
            Panic::Message("(a panic without a message)".into())
        );
    }

    #[test]
    fn long_texts_are_cut_at_a_character_boundary() {
        let mut long = Panic::Message("é".repeat(10));
        assert_eq!(long.cut(5), 16);
        assert_eq!(long, Panic::Message("éé".into()));
        let mut stub = Panic::DidNotCompile {
            function: "x".repeat(9),
        };
        assert_eq!(stub.cut(4), 5);
        assert_eq!(stub.message(), "xxxx did not compile");
        let mut short = Panic::Message("short".into());
        assert_eq!(short.cut(5), 0);
        assert_eq!(Panic::OverBudget { budget: 7 }.cut(0), 0);
    }

    #[test]
    fn the_words_are_the_payloads() {
        assert_eq!(
            Panic::OverBudget { budget: 7 }.message(),
            "the rng was asked for more than 7 random numbers in one call without finishing"
        );
        assert_eq!(
            panic_message(&OverBudget { budget: 7 }),
            Panic::OverBudget { budget: 7 }.message()
        );
    }
}
