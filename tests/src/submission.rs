use std::marker::PhantomData;

use rand::Rng;

use crate::{CheckRng, Probe};

/// The six functions of the assignment, and the three bonus extensions, as
/// one type the checks are generic over.
///
/// Implement it with [`submission!`](crate::submission!) rather than by
/// hand: the macro forwards each method to the function of the same name in
/// a module or crate. The extensions default to `todo!()`, so a submission
/// without them reads as "not yet implemented" in the bonus checks alone.
pub trait Submission: 'static {
    /// Interleaves the halves of the deck.
    fn perfect_shuffle(values: &[i32]) -> Vec<i32>;
    /// Picks a random unused card for each position, retrying on used ones.
    fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32>;
    /// Swaps each position k, from the end down to 1, with a random r in 0..=k.
    fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R);
    /// Returns "heads" twice as often as "tails".
    fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str;
    /// Whether two same-length, duplicate-free arrays hold the same values.
    fn are_permutations(a: &[i32], b: &[i32]) -> bool;
    /// Question 3: r for k = 3, 2, 1 that turns [1, 2, 3, 4] into [4, 3, 2, 1].
    fn reversing_sequence() -> [usize; 3];
    /// Bonus: how many perfect shuffles restore an n-card deck.
    fn perfect_shuffle_order(n: usize) -> usize {
        let _ = n;
        todo!()
    }
    /// Bonus: the draws that make the efficient shuffle produce `target`.
    fn sequence_for(target: &[i32]) -> Vec<usize> {
        let _ = target;
        todo!()
    }
    /// Bonus: one Gilbert–Shannon–Reeds riffle.
    fn riffle_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32> {
        let _ = (values, rng);
        todo!()
    }
}

/// Declares a unit struct that implements [`Submission`] by forwarding to
/// the functions in a module or crate, and, when `extensions = path` is
/// given, the three bonus functions to that module.
///
/// ```
/// mod mine {
///     # use rand::Rng;
///     pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> { values.to_vec() }
///     pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], _: &mut R) -> Vec<i32> { values.to_vec() }
///     pub fn efficient_selection_shuffle<R: Rng + ?Sized>(_: &mut [i32], _: &mut R) {}
///     pub fn flip<R: Rng + ?Sized>(_: &mut R) -> &'static str { "heads" }
///     pub fn are_permutations(a: &[i32], b: &[i32]) -> bool { a == b }
///     pub fn reversing_sequence() -> [usize; 3] { [0, 1, 1] }
/// }
/// grading::submission!(Mine = mine);
/// # fn takes<S: grading::Submission>() {}
/// # takes::<Mine>();
/// // With the bonus exercises: solutions::extensions holds them.
/// grading::submission!(Reference = solutions, extensions = solutions::extensions);
/// # takes::<Reference>();
/// ```
#[macro_export]
macro_rules! submission {
    (
        $(#[$meta:meta])* $vis:vis $name:ident = $($path:ident)::+
        $(, extensions = $($extensions:ident)::+)? $(,)?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy)]
        $vis struct $name;

        impl $crate::Submission for $name {
            fn perfect_shuffle(values: &[i32]) -> ::std::vec::Vec<i32> {
                $($path)::+::perfect_shuffle(values)
            }
            fn selection_shuffle<R: $crate::rand::Rng + ?Sized>(
                values: &[i32],
                rng: &mut R,
            ) -> ::std::vec::Vec<i32> {
                $($path)::+::selection_shuffle(values, rng)
            }
            fn efficient_selection_shuffle<R: $crate::rand::Rng + ?Sized>(values: &mut [i32], rng: &mut R) {
                $($path)::+::efficient_selection_shuffle(values, rng)
            }
            fn flip<R: $crate::rand::Rng + ?Sized>(rng: &mut R) -> &'static str {
                $($path)::+::flip(rng)
            }
            fn are_permutations(a: &[i32], b: &[i32]) -> bool {
                $($path)::+::are_permutations(a, b)
            }
            fn reversing_sequence() -> [usize; 3] {
                $($path)::+::reversing_sequence()
            }
            $(
                fn perfect_shuffle_order(n: usize) -> usize {
                    $($extensions)::+::perfect_shuffle_order(n)
                }
                fn sequence_for(target: &[i32]) -> ::std::vec::Vec<usize> {
                    $($extensions)::+::sequence_for(target)
                }
                fn riffle_shuffle<R: $crate::rand::Rng + ?Sized>(
                    values: &[i32],
                    rng: &mut R,
                ) -> ::std::vec::Vec<i32> {
                    $($extensions)::+::riffle_shuffle(values, rng)
                }
            )?
        }
    };
}

/// The nine functions as the checks call them: object-safe, with one
/// concrete random source, and batched, so that the same check can run on
/// functions in this process ([`Local`]) or in a sandboxed child process
/// (the `grade` command), where each call is a message.
pub trait Functions {
    /// `perfect_shuffle(values)`.
    fn perfect_shuffle(&self, values: &[i32]) -> Vec<i32>;
    /// `times` calls of `selection_shuffle(values, rng)`, one rng throughout.
    fn selection_shuffle(&self, values: &[i32], rng: &mut CheckRng, times: usize) -> Vec<Vec<i32>>;
    /// `times` shuffles of fresh copies of `values`, one rng throughout.
    fn efficient_selection_shuffle(
        &self,
        values: &[i32],
        rng: &mut CheckRng,
        times: usize,
    ) -> Vec<Vec<i32>>;
    /// `times` calls of `flip(rng)`.
    fn flip(&self, rng: &mut CheckRng, times: usize) -> Vec<String>;
    /// `are_permutations(a, b)` for each pair, in order.
    fn are_permutations(&self, pairs: &[(Vec<i32>, Vec<i32>)]) -> Vec<bool>;
    /// `reversing_sequence()`.
    fn reversing_sequence(&self) -> [usize; 3];
    /// Bonus: `perfect_shuffle_order(n)`.
    fn perfect_shuffle_order(&self, n: usize) -> usize;
    /// Bonus: `sequence_for(target)`.
    fn sequence_for(&self, target: &[i32]) -> Vec<usize>;
    /// Bonus: `times` calls of `riffle_shuffle(values, rng)`, one rng
    /// throughout.
    fn riffle_shuffle(&self, values: &[i32], rng: &mut CheckRng, times: usize) -> Vec<Vec<i32>>;
}

/// A [`Submission`] linked into this process; each call is recorded on the
/// [`Probe`] so a hang or a panic can be reported with its input.
#[derive(Debug)]
pub struct Local<'p, S> {
    probe: &'p Probe,
    submission: PhantomData<S>,
}

impl<'p, S: Submission> Local<'p, S> {
    /// Calls `S`'s functions, reporting each call to `probe`.
    pub fn new(probe: &'p Probe) -> Self {
        Local {
            probe,
            submission: PhantomData,
        }
    }
}

impl<S: Submission> Local<'_, S> {
    /// `times` calls of a shuffle of `cards` cards, each recorded on the
    /// probe.
    fn repeated(
        &self,
        function: &'static str,
        cards: usize,
        times: usize,
        mut shuffle: impl FnMut() -> Vec<i32>,
    ) -> Vec<Vec<i32>> {
        (0..times)
            .map(|_| self.probe.cards(function, cards, &mut shuffle))
            .collect()
    }
}

impl<S: Submission> Functions for Local<'_, S> {
    fn perfect_shuffle(&self, values: &[i32]) -> Vec<i32> {
        self.probe.cards("perfect_shuffle", values.len(), || {
            S::perfect_shuffle(values)
        })
    }

    fn selection_shuffle(&self, values: &[i32], rng: &mut CheckRng, times: usize) -> Vec<Vec<i32>> {
        self.repeated("selection_shuffle", values.len(), times, || {
            S::selection_shuffle(values, rng)
        })
    }

    fn efficient_selection_shuffle(
        &self,
        values: &[i32],
        rng: &mut CheckRng,
        times: usize,
    ) -> Vec<Vec<i32>> {
        self.repeated("efficient_selection_shuffle", values.len(), times, || {
            let mut deck = values.to_vec();
            S::efficient_selection_shuffle(&mut deck, rng);
            deck
        })
    }

    fn flip(&self, rng: &mut CheckRng, times: usize) -> Vec<String> {
        (0..times)
            .map(|_| self.probe.call("flip", || S::flip(rng)).to_string())
            .collect()
    }

    fn are_permutations(&self, pairs: &[(Vec<i32>, Vec<i32>)]) -> Vec<bool> {
        pairs
            .iter()
            .map(|(a, b)| {
                self.probe
                    .text("are_permutations", format!("{a:?} and {b:?}"), || {
                        S::are_permutations(a, b)
                    })
            })
            .collect()
    }

    fn reversing_sequence(&self) -> [usize; 3] {
        self.probe.call("reversing_sequence", S::reversing_sequence)
    }

    fn perfect_shuffle_order(&self, n: usize) -> usize {
        self.probe
            .text("perfect_shuffle_order", format!("n = {n}"), || {
                S::perfect_shuffle_order(n)
            })
    }

    fn sequence_for(&self, target: &[i32]) -> Vec<usize> {
        self.probe
            .cards("sequence_for", target.len(), || S::sequence_for(target))
    }

    fn riffle_shuffle(&self, values: &[i32], rng: &mut CheckRng, times: usize) -> Vec<Vec<i32>> {
        self.repeated("riffle_shuffle", values.len(), times, || {
            S::riffle_shuffle(values, rng)
        })
    }
}
