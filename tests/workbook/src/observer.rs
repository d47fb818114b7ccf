//! Watching a student's function being called: each call is described
//! ([`CallInput`]) and run inside an [`Observer`], so that a hang or a
//! panic can be told with the call it happened in. Its own module, below
//! the shapes (which run each call) and the typed calls (built on them).

/// One call of a student's function, as a report names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallInput {
    /// A deck of this many cards: "perfect_shuffle for 5 cards".
    Cards(usize),
    /// An input best shown as text: "are_permutations for [1] and [2]".
    Text(String),
    /// No input: "flip".
    Nothing,
}

impl CallInput {
    /// The call of `function` on this input, in words.
    pub fn describe(&self, function: &str) -> String {
        match self {
            CallInput::Cards(1) => format!("{function} for 1 card"),
            CallInput::Cards(n) => format!("{function} for {n} cards"),
            CallInput::Text(text) => format!("{function} for {text}"),
            CallInput::Nothing => function.to_string(),
        }
    }
}

/// Observes each call of a student's function, so that a hang or a panic
/// can be told with the call it happened in. (Not to be confused with
/// watching files: `cargo run -p watch` and `grade --watch`.)
pub trait Observer {
    /// Runs `body`, one call of `function` on the input `input` describes.
    /// The description is lazy because a sandboxed child, which observes
    /// nothing, makes hundreds of thousands of calls in one check: writing
    /// each input out as text was most of that check's time.
    fn observe<T>(
        &self,
        function: &'static str,
        input: impl FnOnce() -> CallInput,
        body: impl FnOnce() -> T,
    ) -> T;
}

/// Runs calls without observing them: in a sandboxed child, whose grader
/// watches the whole request from outside.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unobserved;

impl Observer for Unobserved {
    fn observe<T>(
        &self,
        _: &'static str,
        _: impl FnOnce() -> CallInput,
        body: impl FnOnce() -> T,
    ) -> T {
        body()
    }
}
