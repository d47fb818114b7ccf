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

// `CheckId::named` and `title`, the `check` constants and `LabExercise`.
workbook::__check_ids!();

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
