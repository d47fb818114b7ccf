//! One crate's functions for every exercise, and what is known of each
//! exercise without running it.

use crate::shape_source;
use crate::shapes::{self, Shape};
use crate::{Caller, Functions, Observer, Request, Response};

/// What is known of an exercise without running it.
#[derive(Debug, Clone, Copy)]
pub struct Exercise {
    /// The function's name, such as `"flip"`.
    pub name: &'static str,
    /// What the function does, in one line.
    pub summary: &'static str,
    /// Whether it is a bonus extension, which lives in the `extensions`
    /// module and is reported but never scored.
    pub bonus: bool,
    /// The points it is worth unless a rubric says otherwise, as the
    /// registry declares them (`worth 20`); 0 for a bonus extension.
    pub points: u32,
    signature: fn(&str) -> String,
    wrapper: fn(&str, &str) -> String,
    missing: fn(&str) -> String,
}

impl Exercise {
    /// The signature the stubs give: `pub fn flip<R: Rng + ?Sized>(rng:
    /// &mut R) -> &'static str`.
    pub fn signature(&self) -> String {
        (self.signature)(self.name)
    }

    /// Source of a function of the same name and shape, for `dyn Rng`, that
    /// forwards to the one at `path`.
    pub fn wrapper(&self, path: &str) -> String {
        (self.wrapper)(self.name, path)
    }

    /// Source of a function of the same name and shape that says "not yet
    /// implemented".
    pub fn missing(&self) -> String {
        (self.missing)(self.name)
    }

    /// The exercise of that name, if there is one.
    pub fn named(name: &str) -> Option<&'static Exercise> {
        EXERCISES.iter().find(|e| e.name == name)
    }
}

macro_rules! items {
    (
        {}
        exercises [ $( ($name:ident $shape:ident $summary:literal $group:ident $points:literal
            [ $( ($kind:ident $check:ident $title:literal $shared:tt) )* ]) )* ]
        lab [ $( ($lab:ident $diagnosis:ident) )* ]
    ) => {
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
                    Caller::new(self, Request::$name, |response| match response {
                        Response::$name(output) => Some(output),
                        _ => None,
                    })
                }
            )*
        }
    };
}

crate::with_exercises!([items]);

/// Builds an [`Implementation`] from the functions in a module or crate,
/// and the bonus ones from `extensions = path` when it is given. Without
/// it, the bonus functions say "not yet implemented", as the stubs do.
///
/// A generic `R: Rng + ?Sized` in a student's function is instantiated for
/// `dyn Rng`.
///
/// ```
/// mod mine {
///     // Every lab function of the reference, but for one of my own,
///     // which shadows the reference's.
///     pub use solutions::*;
///     pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> { values.to_vec() }
/// }
/// const MINE: workbook::Implementation = workbook::implementation!(mine);
/// assert_eq!((MINE.perfect_shuffle)(&[1, 2, 3]), [1, 2, 3]);
/// assert!((MINE.are_permutations)(&[1, 2], &[2, 1]));
/// ```
#[macro_export]
macro_rules! implementation {
    ($($path:ident)::+ $(,)?) => {
        $crate::with_exercises!([$crate::__implementation] [$($path)::+] [])
    };
    ($($path:ident)::+, extensions = $($extensions:ident)::+ $(,)?) => {
        $crate::with_exercises!([$crate::__implementation] [$($path)::+] [$($extensions)::+])
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __implementation {
    (
        // Each path is one bracketed tree, so that it can be repeated
        // once per exercise.
        { $path:tt $extensions:tt }
        exercises [ $( ($name:ident $shape:ident $summary:literal $group:ident $points:literal
            [ $( ($kind:ident $check:ident $title:literal $shared:tt) )* ]) )* ]
        lab [ $( ($lab:ident $diagnosis:ident) )* ]
    ) => {
        $crate::Implementation {
            $( $name: $crate::__function!($group $name $shape $path $extensions), )*
        }
    };
}

/// One exercise's function in [`implementation!`]: the lab's from the
/// crate's path, a bonus one from `extensions`, or "not yet implemented"
/// when there is none.
#[doc(hidden)]
#[macro_export]
macro_rules! __function {
    (lab $name:ident $shape:ident [$($path:ident)::+] [$($extensions:ident)::*]) => {
        $($path)::+::$name
    };
    (bonus $name:ident $shape:ident [$($path:ident)::+] []) => {
        <$crate::shapes::$shape as $crate::shapes::Shape>::NOT_YET
    };
    (bonus $name:ident $shape:ident [$($path:ident)::+] [$($extensions:ident)::+]) => {
        $($extensions)::+::$name
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_exercise_is_listed_once_lab_first() {
        let names: Vec<&str> = EXERCISES.iter().map(|e| e.name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
        let first_bonus = EXERCISES.iter().position(|e| e.bonus).unwrap();
        assert!(EXERCISES[first_bonus..].iter().all(|e| e.bonus));
        let lab: Vec<&str> = EXERCISES
            .iter()
            .filter(|e| !e.bonus)
            .map(|e| e.name)
            .collect();
        assert_eq!(LAB_EXERCISES, lab.as_slice());
        assert_eq!(LAB_EXERCISES.len() + BONUS_EXERCISES.len(), EXERCISES.len());
        assert_eq!(Exercise::named("flip").unwrap().name, "flip");
        assert!(Exercise::named("shuffle").is_none());
    }

    #[test]
    fn signatures_read_as_the_stubs_give_them() {
        let signature = |name| Exercise::named(name).unwrap().signature();
        assert_eq!(
            signature("selection_shuffle"),
            "pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32>"
        );
        assert_eq!(
            signature("efficient_selection_shuffle"),
            "pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R)"
        );
        assert_eq!(
            signature("reversing_sequence"),
            "pub fn reversing_sequence() -> [usize; 3]"
        );
        let flip = Exercise::named("flip").unwrap();
        assert_eq!(
            flip.wrapper("super"),
            "    pub fn flip(rng: &mut (dyn ::rand::Rng + 'static)) -> &'static str {\n        super::flip(rng)\n    }\n"
        );
    }
}
