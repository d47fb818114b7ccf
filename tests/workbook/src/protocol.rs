//! The requests a grader makes of a submission's functions and their
//! answers, one variant per exercise. Across a pipe to a sandboxed child
//! they travel as length-prefixed postcard messages (`grade_serve::frame`).
//!
//! The child only ever reports what a student's function returned (or that
//! it panicked). Every verdict is computed in the grader, so a child that
//! writes its own messages can at most claim return values, which is no
//! more than a function can do by returning them.

use serde::{Deserialize, Serialize};

use crate::shapes::{self, Shape};

macro_rules! items {
    (
        {}
        exercises [ $( ($name:ident $shape:ident $summary:literal $group:ident $points:literal
            [ $( ($kind:ident $check:ident $title:literal $shared:tt) )* ]) )* ]
        lab [ $( ($lab:ident $diagnosis:ident) )* ]
    ) => {
        /// A call the grader asks for: the exercise, and its input.
        #[derive(Debug, Clone, Serialize, Deserialize)]
        #[allow(non_camel_case_types)]
        pub enum Request {
            $(
                #[doc = $summary]
                $name(<shapes::$shape as Shape>::Input),
            )*
        }

        /// The answer to a [`Request`].
        #[derive(Debug, Serialize, Deserialize)]
        #[allow(non_camel_case_types)]
        pub enum Response {
            $(
                #[doc = $summary]
                $name(<shapes::$shape as Shape>::Output),
            )*
            /// The function panicked.
            Panicked(crate::Panic),
        }

        impl Request {
            /// The student function this request calls.
            pub fn function(&self) -> &'static str {
                match self {
                    $( Request::$name(_) => stringify!($name), )*
                }
            }

            /// The request as a report names it: "selection_shuffle for 4
            /// cards".
            pub fn describe(&self) -> String {
                match self {
                    $( Request::$name(input) => {
                        <shapes::$shape as Shape>::describe(stringify!($name), input)
                    } )*
                }
            }
        }

        impl Response {
            /// Whether this can be the answer to `request`: the same
            /// exercise, with as many answers as it asked for. A panic is
            /// an answer to anything.
            pub fn answers(&self, request: &Request) -> bool {
                match (request, self) {
                    (_, Response::Panicked(_)) => true,
                    $( (Request::$name(input), Response::$name(output)) => {
                        <shapes::$shape as Shape>::fits(input, output)
                    } )*
                    _ => false,
                }
            }
        }
    };
}

crate::with_exercises!([items]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CheckRng;
    use crate::shapes::{Batch, Returned};

    #[test]
    fn requests_travel_as_json_and_answers_must_fit() {
        let request = Request::selection_shuffle(Batch {
            values: vec![1, 2, 3, 4],
            rng: CheckRng::seeded(7),
            times: 2,
        });
        let line = serde_json::to_string(&request).unwrap();
        let back: Request = serde_json::from_str(&line).unwrap();
        assert_eq!(back.describe(), "selection_shuffle for 4 cards");

        let answer = |answers: Vec<Vec<i32>>| {
            Response::selection_shuffle(Returned {
                answers,
                rng: CheckRng::seeded(7),
            })
        };
        assert!(answer(vec![vec![1, 2, 3, 4]; 2]).answers(&request));
        assert!(
            !answer(vec![vec![1, 2, 3, 4]]).answers(&request),
            "one short"
        );
        assert!(
            !Response::flip(Returned {
                answers: vec![],
                rng: CheckRng::seeded(7)
            })
            .answers(&request)
        );
        assert!(Response::Panicked(crate::Panic::Message("boom".into())).answers(&request));
    }

    #[test]
    fn pair_requests_are_described_by_their_size() {
        let one = Request::are_permutations(vec![(vec![1], vec![2])]);
        assert_eq!(one.describe(), "are_permutations for [1] and [2]");
        let many = Request::are_permutations(vec![(vec![1, 2], vec![2, 1]); 3]);
        assert_eq!(
            many.describe(),
            "are_permutations for 3 pairs of 2-card arrays"
        );
        assert_eq!(
            Request::reversing_sequence(()).describe(),
            "reversing_sequence"
        );
        assert_eq!(
            Request::perfect_shuffle_order(52).describe(),
            "perfect_shuffle_order for n = 52"
        );
    }
}
