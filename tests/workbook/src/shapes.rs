//! The shapes of the exercises' functions: for each, the student's
//! signature, the same function for `dyn Rng`, and how a grader calls it in
//! batches. Two exercises of one shape (the selection shuffle and the
//! riffle) share everything here; only their names and checks differ.

use std::fmt::Debug;

use rand::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{CallInput, CheckRng, Observer};

/// How a grader calls the exercises of one shape.
///
/// A request carries an [`Input`](Self::Input), often a batch of calls with
/// one random source throughout, so that a sandboxed child answers many
/// calls per message; the answer is an [`Output`](Self::Output). The
/// student's signature is kept as text, for the generated wrappers of the
/// `grade` command and for its messages; the wrappers are compiled against
/// [`Function`](Self::Function), so the two cannot drift apart unnoticed.
pub trait Shape: 'static {
    /// The student's function, with `dyn Rng` for a generic `R`.
    type Function: Copy + Send + Sync + 'static;
    /// What one request asks for.
    type Input: Clone + Debug + Serialize + DeserializeOwned;
    /// What the answer to one request holds.
    type Output: Debug + Serialize + DeserializeOwned;

    /// The parameters as the student writes them: name and type, where
    /// `R` is the generic random source.
    const PARAMETERS: &'static [(&'static str, &'static str)];
    /// The return type, or `""` for none.
    const RETURNS: &'static str;
    /// A function that says "not yet implemented", as the stubs do: what a
    /// submission without the bonus `extensions` module has in their place.
    const NOT_YET: Self::Function;

    /// Makes the calls `input` asks for, each inside `observer`, so that a
    /// hang or a panic can be told with the call it happened in.
    fn run(
        name: &'static str,
        function: Self::Function,
        input: Self::Input,
        observer: &impl Observer,
    ) -> Self::Output;

    /// A request as a report names it: "selection_shuffle for 4 cards".
    fn describe(name: &str, input: &Self::Input) -> String;

    /// Whether `output` can be the answer to `input`; only a child that
    /// writes its own messages sends one that cannot.
    fn fits(input: &Self::Input, output: &Self::Output) -> bool {
        let _ = (input, output);
        true
    }
}

/// "perfect_shuffle for 5 cards".
fn for_cards(name: &str, cards: usize) -> String {
    CallInput::Cards(cards).describe(name)
}

/// A batch of calls of a random shuffle on fresh copies of one deck, with
/// one random source throughout.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Batch {
    /// The deck each call starts from.
    pub values: Vec<i32>,
    /// The random source, as it is before the first call.
    pub rng: CheckRng,
    /// How many calls.
    pub times: usize,
}

/// What a batch of random calls returned, with the random source's state
/// after the last, so the next request goes on from there.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Returned<T> {
    /// One answer per call, in order.
    pub answers: Vec<T>,
    /// The random source after the calls.
    pub rng: CheckRng,
}

/// A batch of calls of a random function that takes no deck.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Draws {
    /// The random source, as it is before the first call.
    pub rng: CheckRng,
    /// How many calls.
    pub times: usize,
}

/// The calls of a batch, one shuffle of a fresh copy of the deck each,
/// with one random source throughout.
fn shuffle_batch(
    name: &'static str,
    input: Batch,
    observer: &impl Observer,
    mut shuffle: impl FnMut(&[i32], &mut (dyn Rng + 'static)) -> Vec<i32>,
) -> Returned<Vec<i32>> {
    let Batch {
        values,
        mut rng,
        times,
    } = input;
    let answers = (0..times)
        .map(|_| {
            observer.observe(
                name,
                || CallInput::Cards(values.len()),
                || shuffle(&values, &mut rng),
            )
        })
        .collect();
    Returned { answers, rng }
}

/// `fn(values: &[i32]) -> Vec<i32>`: a deterministic rearrangement.
#[derive(Debug)]
pub struct DeckToDeck;

impl Shape for DeckToDeck {
    type Function = fn(&[i32]) -> Vec<i32>;
    type Input = Vec<i32>;
    type Output = Vec<i32>;
    const PARAMETERS: &'static [(&'static str, &'static str)] = &[("values", "&[i32]")];
    const RETURNS: &'static str = "Vec<i32>";
    const NOT_YET: Self::Function = |_| todo!();

    fn run(
        name: &'static str,
        function: Self::Function,
        input: Vec<i32>,
        observer: &impl Observer,
    ) -> Vec<i32> {
        observer.observe(name, || CallInput::Cards(input.len()), || function(&input))
    }

    fn describe(name: &str, input: &Vec<i32>) -> String {
        for_cards(name, input.len())
    }
}

/// `fn<R>(values: &[i32], rng: &mut R) -> Vec<i32>`: a random shuffle that
/// returns a new deck.
#[derive(Debug)]
pub struct RandomDeck;

impl Shape for RandomDeck {
    type Function = fn(&[i32], &mut (dyn Rng + 'static)) -> Vec<i32>;
    type Input = Batch;
    type Output = Returned<Vec<i32>>;
    const PARAMETERS: &'static [(&'static str, &'static str)] =
        &[("values", "&[i32]"), ("rng", "&mut R")];
    const RETURNS: &'static str = "Vec<i32>";
    const NOT_YET: Self::Function = |_, _| todo!();

    fn run(
        name: &'static str,
        function: Self::Function,
        input: Batch,
        observer: &impl Observer,
    ) -> Self::Output {
        shuffle_batch(name, input, observer, function)
    }

    fn describe(name: &str, input: &Batch) -> String {
        for_cards(name, input.values.len())
    }

    fn fits(input: &Batch, output: &Self::Output) -> bool {
        output.answers.len() == input.times
    }
}

/// `fn<R>(values: &mut [i32], rng: &mut R)`: a random shuffle in place.
#[derive(Debug)]
pub struct RandomInPlace;

impl Shape for RandomInPlace {
    type Function = fn(&mut [i32], &mut (dyn Rng + 'static));
    type Input = Batch;
    type Output = Returned<Vec<i32>>;
    const PARAMETERS: &'static [(&'static str, &'static str)] =
        &[("values", "&mut [i32]"), ("rng", "&mut R")];
    const RETURNS: &'static str = "";
    const NOT_YET: Self::Function = |_, _| todo!();

    fn run(
        name: &'static str,
        function: Self::Function,
        input: Batch,
        observer: &impl Observer,
    ) -> Self::Output {
        shuffle_batch(name, input, observer, |values, rng| {
            let mut deck = values.to_vec();
            function(&mut deck, rng);
            deck
        })
    }

    fn describe(name: &str, input: &Batch) -> String {
        for_cards(name, input.values.len())
    }

    fn fits(input: &Batch, output: &Self::Output) -> bool {
        output.answers.len() == input.times
    }
}

/// `fn<R>(rng: &mut R) -> &'static str`: a random word.
#[derive(Debug)]
pub struct RandomWord;

impl Shape for RandomWord {
    type Function = fn(&mut (dyn Rng + 'static)) -> &'static str;
    type Input = Draws;
    type Output = Returned<String>;
    const PARAMETERS: &'static [(&'static str, &'static str)] = &[("rng", "&mut R")];
    const RETURNS: &'static str = "&'static str";
    const NOT_YET: Self::Function = |_| todo!();

    fn run(
        name: &'static str,
        function: Self::Function,
        input: Draws,
        observer: &impl Observer,
    ) -> Self::Output {
        let Draws { mut rng, times } = input;
        let answers = (0..times)
            .map(|_| {
                observer.observe(
                    name,
                    || CallInput::Nothing,
                    || function(&mut rng).to_string(),
                )
            })
            .collect();
        Returned { answers, rng }
    }

    fn describe(name: &str, _: &Draws) -> String {
        CallInput::Nothing.describe(name)
    }

    fn fits(input: &Draws, output: &Self::Output) -> bool {
        output.answers.len() == input.times
    }
}

/// `fn(a: &[i32], b: &[i32]) -> bool`: a test of two arrays, asked for
/// many pairs at once.
#[derive(Debug)]
pub struct PairTest;

impl Shape for PairTest {
    type Function = fn(&[i32], &[i32]) -> bool;
    type Input = Vec<(Vec<i32>, Vec<i32>)>;
    type Output = Vec<bool>;
    const PARAMETERS: &'static [(&'static str, &'static str)] = &[("a", "&[i32]"), ("b", "&[i32]")];
    const RETURNS: &'static str = "bool";
    const NOT_YET: Self::Function = |_, _| todo!();

    fn run(
        name: &'static str,
        function: Self::Function,
        input: Self::Input,
        observer: &impl Observer,
    ) -> Vec<bool> {
        input
            .iter()
            .map(|(a, b)| {
                observer.observe(
                    name,
                    || CallInput::Text(format!("{a:?} and {b:?}")),
                    || function(a, b),
                )
            })
            .collect()
    }

    fn describe(name: &str, pairs: &Self::Input) -> String {
        match pairs.as_slice() {
            [(a, b)] => CallInput::Text(format!("{a:?} and {b:?}")).describe(name),
            [(a, _), ..] if pairs.iter().all(|(x, _)| x.len() == a.len()) => {
                format!(
                    "{name} for {} pairs of {}-card arrays",
                    pairs.len(),
                    a.len()
                )
            }
            _ => format!("{name} for {} pairs of arrays", pairs.len()),
        }
    }

    fn fits(input: &Self::Input, output: &Vec<bool>) -> bool {
        output.len() == input.len()
    }
}

/// `fn() -> [usize; 3]`: a fixed answer to a question.
#[derive(Debug)]
pub struct ThreeDraws;

impl Shape for ThreeDraws {
    type Function = fn() -> [usize; 3];
    type Input = ();
    type Output = [usize; 3];
    const PARAMETERS: &'static [(&'static str, &'static str)] = &[];
    const RETURNS: &'static str = "[usize; 3]";
    const NOT_YET: Self::Function = || todo!();

    fn run(
        name: &'static str,
        function: Self::Function,
        _: (),
        observer: &impl Observer,
    ) -> [usize; 3] {
        observer.observe(name, || CallInput::Nothing, function)
    }

    fn describe(name: &str, _: &()) -> String {
        CallInput::Nothing.describe(name)
    }
}

/// `fn(n: usize) -> usize`: a count for a deck size.
#[derive(Debug)]
pub struct Count;

impl Shape for Count {
    type Function = fn(usize) -> usize;
    type Input = usize;
    type Output = usize;
    const PARAMETERS: &'static [(&'static str, &'static str)] = &[("n", "usize")];
    const RETURNS: &'static str = "usize";
    const NOT_YET: Self::Function = |_| todo!();

    fn run(
        name: &'static str,
        function: Self::Function,
        n: usize,
        observer: &impl Observer,
    ) -> usize {
        observer.observe(name, || CallInput::Text(format!("n = {n}")), || function(n))
    }

    fn describe(name: &str, n: &usize) -> String {
        CallInput::Text(format!("n = {n}")).describe(name)
    }
}

/// `fn(target: &[i32]) -> Vec<usize>`: the draws that lead to a deck.
#[derive(Debug)]
pub struct DeckToDraws;

impl Shape for DeckToDraws {
    type Function = fn(&[i32]) -> Vec<usize>;
    type Input = Vec<i32>;
    type Output = Vec<usize>;
    const PARAMETERS: &'static [(&'static str, &'static str)] = &[("target", "&[i32]")];
    const RETURNS: &'static str = "Vec<usize>";
    const NOT_YET: Self::Function = |_| todo!();

    fn run(
        name: &'static str,
        function: Self::Function,
        target: Vec<i32>,
        observer: &impl Observer,
    ) -> Vec<usize> {
        observer.observe(
            name,
            || CallInput::Cards(target.len()),
            || function(&target),
        )
    }

    fn describe(name: &str, target: &Vec<i32>) -> String {
        for_cards(name, target.len())
    }
}
