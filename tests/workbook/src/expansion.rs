//! Everything the registry expands to, in one expansion of its one normal
//! form ([`with_exercises!`](crate::with_exercises!)): this crate's typed
//! pieces, and, as macros without arguments, the pieces `grading` expands
//! in its own modules. No other matcher reads the list, so a field added
//! to every exercise is read here and in the registry's grammar, nowhere
//! else.
//!
//! Generated code only where a type or a name differs per exercise: the
//! requests and answers, the function table, the typed calls, the check
//! ids and the catalogue's function pointers.

use crate::shapes::{self, Shape};
use crate::{Caller, Exercise, Observer, shape_source};
use serde::{Deserialize, Serialize};

// The trait sits here, beside the requests it answers and the typed calls
// on it, so that `call` (a `Caller` per shape) needs neither and nothing
// imports in a loop.

/// Whatever answers requests for a submission's functions: the functions
/// linked into this process (`grading::Local`), or a sandboxed child
/// (the `grade` command). A call that fails in a way of its own (a panic,
/// a child that died) unwinds, with a `grading::Outcome` as the payload
/// where the caller can tell more than the panic says.
pub trait Functions {
    /// Makes the calls `request` asks for and returns their answer, which
    /// is always the answer to that request.
    fn call(&self, request: Request) -> Response;

    /// Makes the next call in a new process, where the functions are
    /// served from one (`grade`), so that nothing an earlier call left in
    /// a static can reach it: the runs of a "follows the seed" check each
    /// start this way, so a call counter cannot replay an earlier run. In
    /// the student's own process (`cargo test`) there is no new one to
    /// start, and this does nothing.
    fn fresh_process(&self) {}
}

macro_rules! expand {
    (
        {}
        exercises [ $( ($name:ident $shape:ident $summary:literal $group:ident $points:literal
            [ $( ($kind:ident $check:ident $title:literal $shared:tt) )* ]) )* ]
        lab [ $( ($lab:ident $diagnosis:ident) )* ]
    ) => {
        /// A call the grader asks for: the exercise, and its input. Across
        /// a pipe to a sandboxed child, requests and their answers travel
        /// as length-prefixed postcard messages (`grade_serve::frame`).
        ///
        /// The child only ever reports what a student's function returned
        /// (or that it panicked). Every verdict is computed in the grader,
        /// so a child that writes its own messages can at most claim return
        /// values, which is no more than a function can do by returning
        /// them.
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

        /// One crate's functions for every exercise, for `dyn Rng`. Build
        /// it with [`implementation!`](crate::implementation!).
        #[derive(Debug, Clone, Copy)]
        pub struct Implementation {
            $(
                #[doc = $summary]
                pub $name: <shapes::$shape as Shape>::Function,
            )*
        }

        /// Every exercise: the lab's, in the lab's order, then the bonus
        /// extensions.
        pub const EXERCISES: &[Exercise] = &[
            $( Exercise {
                name: stringify!($name),
                summary: $summary,
                bonus: $crate::__is_bonus!($group),
                points: $points,
                signature: shape_source::signature::<shapes::$shape>,
                wrapper: shape_source::wrapper::<shapes::$shape>,
                missing: shape_source::missing::<shapes::$shape>,
            }, )*
        ];

        /// The lab's exercises' names, in the lab's order. `grading` has
        /// them typed too (`LabExercise`, which its diagnosis matches on);
        /// these names stay for what links the workbook alone or deals in
        /// names: `grade`'s rubric, gradebook columns and reports.
        pub const LAB_EXERCISES: &[&str] = &[$(stringify!($lab)),*];

        /// The bonus extensions' names.
        pub const BONUS_EXERCISES: &[&str] = {
            const ALL: [&str; [$(stringify!($name)),*].len()] = [$(stringify!($name)),*];
            const LAB: usize = [$(stringify!($lab)),*].len();
            // The normal form lists the lab's exercises first.
            ALL.split_at(LAB).1
        };

        impl Implementation {
            /// Every function "not yet implemented": for a tool that must
            /// be handed an implementation it never calls.
            pub const NOT_YET: Implementation = Implementation {
                $( $name: <shapes::$shape as Shape>::NOT_YET, )*
            };

            /// These functions, but `exercise`'s says "not yet
            /// implemented": for a test that each check calls its own
            /// exercise's function.
            pub fn without(mut self, exercise: &str) -> Implementation {
                match exercise {
                    $( stringify!($name) => self.$name = Implementation::NOT_YET.$name, )*
                    _ => {}
                }
                self
            }

            /// Answers `request` with these functions, each call inside
            /// `observer`. A panic of a student's function unwinds through.
            pub fn answer(&self, request: Request, observer: &impl Observer) -> Response {
                match request {
                    $( Request::$name(input) => Response::$name(
                        <shapes::$shape as Shape>::run(stringify!($name), self.$name, input, observer),
                    ), )*
                }
            }
        }

        /// The typed calls of each exercise, which the checks make.
        impl<'f> dyn Functions + 'f {
            $(
                #[doc = $summary]
                pub fn $name(&self) -> Caller<'_, shapes::$shape> {
                    Caller::new(move |input| match self.call(Request::$name(input)) {
                        Response::$name(output) => output,
                        _ => panic!("Functions::call answered a request with the answer to another"),
                    })
                }
            )*
        }

        /// Each function "not yet implemented", under its own name: the
        /// bonus functions [`implementation!`](crate::implementation!)
        /// takes when it is given no `extensions`.
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub mod __not_yet {
            use super::*;
            $( pub const $name: <shapes::$shape as Shape>::Function = <shapes::$shape as Shape>::NOT_YET; )*
        }

        /// The body of [`implementation!`](crate::implementation!), which
        /// has brought the lab's functions in as `__lab` and the bonus
        /// ones as `__bonus`.
        #[doc(hidden)]
        #[macro_export]
        macro_rules! __implementation_of {
            () => {
                $crate::Implementation {
                    $( $name: $crate::__function!($group $name), )*
                }
            };
        }

        /// `grading`'s typed names of its checks and of the lab's
        /// exercises, expanded in its `check_ids` module: a known mistake
        /// names the check that shows it as a constant, so a misspelt
        /// check is a compile error.
        #[doc(hidden)]
        #[macro_export]
        // `crate` is `grading`'s, where it is expanded.
        #[allow(clippy::crate_in_macro_def)]
        macro_rules! __check_ids {
            () => {
                impl CheckId {
                    /// The check of the catalogue named `name` in
                    /// `exercise`; `None` for a name the catalogue does not
                    /// know, so that an id read from a file is one of this
                    /// grader's checks or nothing.
                    pub fn named(exercise: &str, name: &str) -> Option<CheckId> {
                        match (exercise, name) {
                            $( $( (stringify!($name), stringify!($check)) => Some(check::$name::$check), )* )*
                            _ => None,
                        }
                    }

                    /// The check's title, as the catalogue gives it: "heads
                    /// come up twice as often as tails".
                    pub fn title(self) -> &'static str {
                        match (self.exercise, self.name) {
                            $( $( (stringify!($name), stringify!($check)) => $title, )* )*
                            // Every CheckId is a catalogue constant or `named`'s.
                            _ => self.name,
                        }
                    }
                }

                /// One module per exercise, one constant per check, each
                /// named as the registry names it.
                pub mod check {
                    $(
                        #[allow(non_upper_case_globals, missing_docs)]
                        pub mod $name {
                            use crate::CheckId;
                            /// The exercise's (and its function's) name.
                            pub const EXERCISE: &str = stringify!($name);
                            $(
                                pub const $check: CheckId = CheckId {
                                    exercise: stringify!($name),
                                    name: stringify!($check),
                                };
                            )*
                        }
                    )*
                }

                /// The lab's exercises (not the bonus ones, which have no
                /// known mistakes), each variant named as its function is:
                /// the typed twin of `workbook::LAB_EXERCISES` (the names,
                /// which `grade` and what links only the workbook need),
                /// for the diagnosis's exhaustive match and this crate's
                /// own uses.
                #[allow(non_camel_case_types)]
                #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
                pub enum LabExercise {
                    $( $lab, )*
                }

                impl LabExercise {
                    /// Every lab exercise, in the registry's order.
                    pub const ALL: &[LabExercise] = &[$( LabExercise::$lab, )*];

                    /// The exercise named `name`, if it is a lab exercise.
                    pub fn named(name: &str) -> Option<LabExercise> {
                        match name {
                            $( stringify!($lab) => Some(LabExercise::$lab), )*
                            _ => None,
                        }
                    }

                    /// The exercise's (and its function's) name.
                    pub fn name(self) -> &'static str {
                        match self {
                            $( LabExercise::$lab => stringify!($lab), )*
                        }
                    }
                }
            };
        }

        /// `grading`'s checks, in the registry's order: each check's
        /// `grading::checks::<exercise>` function, or the shared one given
        /// its parameter.
        #[doc(hidden)]
        #[macro_export]
        // `crate` is `grading`'s, where it is expanded.
        #[allow(clippy::crate_in_macro_def)]
        macro_rules! __catalogue {
            () => {
                vec![ $( $( crate::__check!($group $name $kind $check $title $shared), )* )* ]
            };
        }

        /// `grading`'s diagnosis dispatch: a `match` over every lab
        /// exercise, each arm the one the registry names (`diagnosis
        /// shuffles` calls `shuffles::<exercise>(f)`, `diagnosis none`
        /// names nothing). The registry's grammar requires the token, so a
        /// lab exercise cannot be left out, and a module or function it
        /// names that does not exist is a compile error.
        #[doc(hidden)]
        #[macro_export]
        macro_rules! __diagnose {
            () => {
                pub(crate) fn diagnose(exercise: LabExercise, f: &dyn Functions) -> Option<Mistake> {
                    match exercise {
                        $( LabExercise::$lab => $crate::__diagnosed_by!($diagnosis $lab f), )*
                    }
                }
            };
        }
    };
}

crate::with_exercises!([expand]);

impl Exercise {
    /// The exercise of that name, if there is one.
    pub fn named(name: &str) -> Option<&'static Exercise> {
        EXERCISES.iter().find(|e| e.name == name)
    }
}

/// One exercise's function in [`implementation!`](crate::implementation!):
/// a lab one from the crate's path, a bonus one from its `extensions` (or
/// "not yet implemented").
#[doc(hidden)]
#[macro_export]
macro_rules! __function {
    (lab $name:ident) => {
        __lab::$name
    };
    (bonus $name:ident) => {
        __bonus::$name
    };
}

/// One arm of `grading`'s diagnosis dispatch: nothing for `none`, else the
/// function of the exercise's name in the module the registry names.
#[doc(hidden)]
#[macro_export]
macro_rules! __diagnosed_by {
    (none $lab:ident $f:ident) => {{
        let _ = $f;
        None
    }};
    ($module:ident $lab:ident $f:ident) => {
        $module::$lab($f)
    };
}

/// Whether a group of the registry's normal form is the bonus one.
#[doc(hidden)]
#[macro_export]
macro_rules! __is_bonus {
    (lab) => {
        false
    };
    (bonus) => {
        true
    };
}
