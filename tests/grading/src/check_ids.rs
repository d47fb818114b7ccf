//! The lab's exercises and their checks as typed names, expanded from the
//! registry ([`workbook::with_exercises!`]) like the catalogue itself: a
//! known mistake names the check that shows it as a constant here, so a
//! misspelt check is a compile error, not a diagnosis that silently never
//! holds; and the diagnosis dispatches on [`LabExercise`] with a `match`
//! generated from each entry's `diagnosis` token, which the registry's
//! grammar requires, so a lab exercise cannot be forgotten there.

/// A check of a lab exercise, by name: `check::flip::returns_heads_or_tails`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CheckId {
    /// The exercise, as the catalogue names it.
    pub exercise: &'static str,
    /// The check's own name, as the catalogue names it.
    pub name: &'static str,
}

impl CheckId {
    /// The check's path as `cargo test` lists it: `flip::returns_heads_or_tails`.
    pub fn path(self) -> String {
        format!("{}::{}", self.exercise, self.name)
    }

    /// The check as `naming` names it in a message.
    pub fn named_as(self, naming: CheckNaming) -> String {
        match naming {
            CheckNaming::Path => self.path(),
            CheckNaming::QuotedTitle => format!("“{}”", self.title()),
        }
    }
}

/// A check id is kept in a file as its path, `flip::returns_heads_or_tails`,
/// and read back only as one of this catalogue's checks: a path the
/// catalogue does not know is an error, so a record from another grader
/// is graded again rather than misread.
impl serde::Serialize for CheckId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.path())
    }
}

impl<'de> serde::Deserialize<'de> for CheckId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CheckId, D::Error> {
        let path = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        path.split_once("::")
            .and_then(|(exercise, name)| CheckId::named(exercise, name))
            .ok_or_else(|| serde::de::Error::custom(format!("no check {path:?} in this catalogue")))
    }
}

/// How a message names a check it points to. Students running `cargo
/// test` see each check listed by its path; `grade`'s reports list checks
/// by their titles, so a pointer there reads as the title, in curly
/// quotes, which stand apart from the straight ones some titles hold
/// (`returns exactly "heads" or "tails"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckNaming {
    /// `exercise::name`, as `cargo test -p exercises` lists it.
    Path,
    /// “title”, as `grade`'s reports list it.
    QuotedTitle,
}

#[doc(hidden)]
#[macro_export]
macro_rules! __check_ids {
    (
        {}
        exercises [ $( ($name:ident $shape:ident $summary:literal $group:ident $points:literal
            [ $( ($kind:ident $check:ident $title:literal $shared:tt) )* ]) )* ]
        lab [ $( ($lab:ident $diagnosis:ident) )* ]
    ) => {
        impl CheckId {
            /// The check of the catalogue named `name` in `exercise`; `None`
            /// for a name the catalogue does not know, so that an id read
            /// from a file is one of this grader's checks or nothing.
            pub fn named(exercise: &str, name: &str) -> Option<CheckId> {
                match (exercise, name) {
                    $( $( (stringify!($name), stringify!($check)) => Some(check::$name::$check), )* )*
                    _ => None,
                }
            }

            /// The check's title, as the catalogue gives it: "heads come
            /// up twice as often as tails".
            pub fn title(self) -> &'static str {
                match (self.exercise, self.name) {
                    $( $( (stringify!($name), stringify!($check)) => $title, )* )*
                    // Every CheckId is a catalogue constant or `named`'s.
                    _ => self.name,
                }
            }
        }

        /// One module per exercise, one constant per check, each named
        /// as the registry names it.
        pub mod check {
            $(
                #[allow(non_upper_case_globals, missing_docs)]
                pub mod $name {
                    use $crate::CheckId;
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

        /// The lab's exercises (not the bonus ones, which have no known
        /// mistakes), each variant named as its function is: the typed
        /// twin of `workbook::LAB_EXERCISES` (the names, which `grade`
        /// and what links only the workbook need), for the diagnosis's
        /// exhaustive match and this crate's own uses.
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

workbook::with_exercises!([crate::__check_ids]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_typed_names_are_the_catalogues() {
        let names: Vec<&str> = LabExercise::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(names, workbook::LAB_EXERCISES);
        for exercise in LabExercise::ALL {
            assert_eq!(LabExercise::named(exercise.name()), Some(*exercise));
        }
        assert_eq!(LabExercise::named("riffle_shuffle"), None);
        for c in crate::catalogue() {
            let id = CheckId::named(c.exercise, c.name).expect("a catalogue check");
            assert_eq!(
                (id.exercise, id.name, id.title()),
                (c.exercise, c.name, c.title)
            );
            assert_eq!(id.path(), c.path());
        }
        assert_eq!(CheckId::named("flip", "no_such_check"), None);
        let id = check::flip::returns_heads_or_tails;
        assert!(crate::catalogue().iter().any(|c| c.id() == id));
    }
}
