//! The list of checks, as [`workbook::with_exercises!`] declares them,
//! expanded into a [`Vec<Check>`] by [`catalogue`], in the registry's
//! order, which [`grading_suite!`](crate::grading_suite!) runs as tests.

use crate::{CheckId, Failure, Functions};

/// How a check counts: as a property of the results, as the lab's exact
/// steps (these two share an exercise's points, by the rubric's
/// `lab_steps_share`), or not at all, because it grades a bonus extension.
/// It is the `kind` tag of a check in `results.json`. Whether a check gates
/// its exercise is another matter, [`Check::core`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Holds for every correct implementation.
    Property,
    /// Holds only for the lab's own procedure; named `lab_steps_…`.
    LabSteps,
    /// A property check of a bonus extension: reported, never scored.
    Bonus,
}

impl Kind {
    /// The tag a report gives checks of this kind.
    pub fn tag(self) -> &'static str {
        match self {
            Kind::Property => "property",
            Kind::LabSteps => "lab_steps",
            Kind::Bonus => "bonus",
        }
    }
}

/// One check of the catalogue, ready to run against a submission.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    /// The function under test, such as `"flip"`.
    pub exercise: &'static str,
    /// The check's own name, such as `"heads_twice_as_often_as_tails"`.
    pub name: &'static str,
    /// What the check verifies, as one line.
    pub title: &'static str,
    /// Property, lab steps or bonus, as the registry declares it.
    pub kind: Kind,
    /// Whether the registry declares it `core`: by default, its exercise
    /// earns nothing unless it passes (a rubric may change the list).
    pub core: bool,
    /// Runs the check against a submission's functions.
    pub run: fn(&dyn Functions) -> Result<(), Failure>,
}

impl Check {
    /// The check's typed name, as a failure's pointer holds it.
    pub fn id(&self) -> CheckId {
        CheckId {
            exercise: self.exercise,
            name: self.name,
        }
    }

    /// The check's path as a test: `exercise::name`.
    pub fn path(&self) -> String {
        self.id().path()
    }
}

#[doc(hidden)]
#[macro_export]
macro_rules! __check_kind {
    (lab property) => {
        $crate::Kind::Property
    };
    (lab core) => {
        $crate::Kind::Property
    };
    (lab steps) => {
        $crate::Kind::LabSteps
    };
    (bonus property) => {
        $crate::Kind::Bonus
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __check_is_core {
    (core) => {
        true
    };
    ($other:ident) => {
        false
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __check {
    ($group:ident $exercise:ident $kind:ident $check:ident $title:literal $shared:tt) => {
        $crate::Check {
            exercise: stringify!($exercise),
            name: stringify!($check),
            title: $title,
            kind: $crate::__check_kind!($group $kind),
            core: $crate::__check_is_core!($kind),
            run: $crate::__check_run!($exercise $check $shared),
        }
    };
}

/// A check's function: its exercise's own, or, for a check several
/// exercises share, the shared one given its parameter, as the registry
/// binds it (`in shuffles(under_test::SELECTION)`). A closure that captures
/// nothing is a plain `fn`, so a shared check needs no forwarder.
#[doc(hidden)]
#[macro_export]
macro_rules! __check_run {
    ($exercise:ident $check:ident []) => {
        $crate::checks::$exercise::$check
    };
    ($exercise:ident $check:ident [$module:ident $($param:tt)*]) => {
        |f: &dyn $crate::Functions| {
            $crate::checks::$module::$check(f, &$crate::checks::$($param)*)
        }
    };
}

/// Every check of the suite, in catalogue order.
pub fn catalogue() -> Vec<Check> {
    workbook::__catalogue!()
}

#[cfg(test)]
mod tests {
    use super::*;
    use workbook::Exercise;

    #[test]
    fn names_are_unique_and_every_exercise_has_a_property_check() {
        let checks = catalogue();
        let mut paths: Vec<String> = checks.iter().map(Check::path).collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), checks.len());
        for exercise in workbook::EXERCISES {
            let mine: Vec<_> = checks
                .iter()
                .filter(|c| c.exercise == exercise.name)
                .collect();
            assert!(
                mine.iter().any(|c| c.kind != Kind::LabSteps),
                "{}",
                exercise.name
            );
        }
        for check in &checks {
            let bonus = Exercise::named(check.exercise).is_some_and(|e| e.bonus);
            assert_eq!(bonus, check.kind == Kind::Bonus, "{}", check.path());
            assert_eq!(
                check.kind == Kind::LabSteps,
                check.name.starts_with("lab_steps_"),
                "a lab-steps check is declared `steps` and named lab_steps_…: {}",
                check.path()
            );
        }
    }

    /// Every check calls its own exercise's function, the shared ones too
    /// (the registry binds them to a parameter, which names the function):
    /// with that function alone not written, each of the exercise's checks
    /// says so, naming it, where a check bound to another exercise's
    /// shuffle would pass on the reference's.
    #[test]
    fn every_check_calls_its_own_exercises_function() {
        let checks = catalogue();
        let reference = workbook::implementation!(solutions, extensions = solutions::extensions);
        for exercise in workbook::EXERCISES.iter().map(|e| e.name) {
            let implementation: &'static crate::Implementation =
                Box::leak(Box::new(reference.without(exercise)));
            let mine: Vec<&Check> = checks.iter().filter(|c| c.exercise == exercise).collect();
            assert!(!mine.is_empty(), "{exercise}");
            for check in mine {
                match crate::run_check(implementation, check) {
                    crate::Outcome::NotImplemented { function } => {
                        assert_eq!(function, exercise, "{}", check.path());
                    }
                    other => panic!("{}: {other:?}", check.path()),
                }
            }
        }
    }
}
