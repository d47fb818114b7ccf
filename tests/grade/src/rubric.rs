//! The rubric: points per exercise, the core checks that gate them, and
//! the limits of the sandbox. Points and core checks default to what the
//! registry declares with each exercise (`worth 20`, `core`); the shipped
//! `tests/rubric.toml` adds the limits, and an instructor's rubric changes
//! any of them, key by key.

use std::collections::BTreeMap;

use anyhow::bail;
use serde::Deserialize;

use grade_sandbox::Limits;
use grading::{Check, Kind};
use workbook::LAB_EXERCISES;

/// The rubric that ships with the workbook.
pub const DEFAULT: &str = include_str!("../../rubric.toml");

/// Points and limits, checked for sense.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rubric {
    /// The share of an exercise's points that its lab-steps checks carry.
    pub lab_steps_share: f64,
    /// Points per exercise.
    pub points: BTreeMap<String, f64>,
    /// Per exercise, the checks that must all pass for it to earn anything.
    pub core: BTreeMap<String, Vec<String>>,
    /// The sandbox's limits.
    pub limits: Limits,
    /// The build's limits.
    #[serde(default)]
    pub build: BuildLimits,
}

/// What the compiler may spend on a crate of submissions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildLimits {
    /// CPU seconds rustc may spend on one crate of submissions: over it,
    /// a pack is split up and a lone submission "did not compile".
    pub compile_seconds: u64,
    /// Address space rustc may use for one crate, in MiB.
    pub compile_memory_mib: u64,
    /// The largest file rustc may write for one crate, in MiB.
    pub compile_output_mib: u64,
    /// How the images are built.
    #[serde(default)]
    pub path: BuildPath,
}

/// How a batch's images are built: both give the same grades, byte for
/// byte (`grade_cli`'s `both_build_paths_grade_alike`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BuildPath {
    /// Up to 32 submissions compiled in one crate, and one recorded link
    /// line replayed per image: a typical class of 100 in about 15 s
    /// here, against 28 to 30 s plain.
    #[default]
    Packed,
    /// A crate and an image per submission, each built by cargo: the
    /// simplest path, which the packed one is checked against.
    Plain,
}

impl Default for BuildLimits {
    /// 30 s: the lab compiles in well under one, and a pack of 32
    /// submissions in about 1.5 s of CPU on this project's 2-core machine.
    /// 2 GiB of address space: rustc maps about 0.6 GiB to compile a pack
    /// of 32. 256 MiB per file: a pack's rlib is under 2 MiB.
    fn default() -> BuildLimits {
        BuildLimits {
            compile_seconds: 30,
            compile_memory_mib: 2048,
            compile_output_mib: 256,
            path: BuildPath::Packed,
        }
    }
}

impl Rubric {
    /// Parses a rubric's text, laid over the shipped one, and checks the
    /// result against the catalogue.
    ///
    /// A rubric names only what it changes: a key it sets replaces the
    /// default, table by table (the registry's points and core checks,
    /// then the shipped file's share and limits), so `[limits]` with
    /// `call_seconds = 1.0` alone keeps every other limit, point and core
    /// check, and `flip = []` under `[core]` turns flip's rule off.
    pub fn parse(text: &str) -> anyhow::Result<Rubric> {
        let overrides: toml::Table = toml::from_str(text)?;
        let shipped: toml::Table = toml::from_str(DEFAULT).expect("the shipped rubric parses");
        let mut merged = registry_defaults();
        for layer in [shipped, overrides] {
            lay_over(&mut merged, layer);
        }
        let rubric: Rubric = merged.try_into()?;
        if !(0.0..=1.0).contains(&rubric.lab_steps_share) {
            bail!(
                "lab_steps_share must be between 0 and 1, not {}",
                rubric.lab_steps_share
            );
        }
        for (exercise, points) in &rubric.points {
            if !LAB_EXERCISES.contains(&exercise.as_str()) {
                bail!("[points] names {exercise:?}, which is not an exercise");
            }
            if !points.is_finite() || *points < 0.0 || *points > 1e6 {
                bail!("[points] {exercise} must be between 0 and a million, not {points}");
            }
        }
        if let Some(missing) = LAB_EXERCISES
            .iter()
            .find(|e| !rubric.points.contains_key(**e))
        {
            bail!("[points] has no entry for {missing}");
        }
        let checks = grading::catalogue();
        for (exercise, names) in &rubric.core {
            if !LAB_EXERCISES.contains(&exercise.as_str()) {
                bail!("[core] names {exercise:?}, which is not an exercise");
            }
            for name in names {
                if !checks
                    .iter()
                    .any(|c| c.exercise == exercise && c.name == name)
                {
                    bail!("[core] {exercise} names {name:?}, which is not one of its checks");
                }
            }
        }
        let limits = rubric.limits;
        if !(limits.call_seconds > 0.0 && limits.cpu_seconds > 0 && limits.memory_mib >= 64) {
            bail!("[limits] need call_seconds > 0, cpu_seconds > 0 and memory_mib >= 64");
        }
        let build = rubric.build;
        if build.compile_seconds == 0 {
            bail!("[build] compile_seconds must be at least 1");
        }
        // Below these, rustc cannot even load its own libraries.
        if build.compile_memory_mib < 1024 || build.compile_output_mib < 16 {
            bail!("[build] needs compile_memory_mib >= 1024 and compile_output_mib >= 16");
        }
        Ok(rubric)
    }

    /// What each check of `all` is worth, in hundredths of a point, in the
    /// same order. An exercise's property checks share its points less the
    /// lab-steps share, and its lab-steps checks share the rest; each share
    /// is split into whole hundredths, and the hundredths left over go one
    /// each to the first checks in catalogue order. So an exercise's checks
    /// add up exactly to its points, and a report's to its total. Bonus
    /// checks are worth nothing.
    pub fn hundredths(&self, all: &[Check]) -> Vec<u64> {
        let mut worth = vec![0; all.len()];
        for exercise in LAB_EXERCISES {
            let total = self.points.get(*exercise).map_or(0, |p| to_hundredths(*p));
            let of_kind = |kind| -> Vec<usize> {
                (0..all.len())
                    .filter(|&i| all[i].exercise == *exercise && all[i].kind == kind)
                    .collect()
            };
            let (property, lab_steps) = (of_kind(Kind::Property), of_kind(Kind::LabSteps));
            let lab_total = if lab_steps.is_empty() {
                0
            } else if property.is_empty() {
                total
            } else {
                to_hundredths(self.lab_steps_share * total as f64 / 100.0)
            };
            share(total - lab_total, &property, &mut worth);
            share(lab_total, &lab_steps, &mut worth);
        }
        worth
    }

    /// What each check of `all` earns, in hundredths, given whether each
    /// passed: its worth if it passed and every core check of its exercise
    /// passed too, otherwise nothing.
    pub fn earned(&self, all: &[Check], passed: &[bool]) -> Vec<u64> {
        let worth = self.hundredths(all);
        all.iter()
            .enumerate()
            .map(|(i, check)| {
                let scored = passed[i] && self.failed_core(check.exercise, all, passed).is_empty();
                if scored { worth[i] } else { 0 }
            })
            .collect()
    }

    /// Whether `check` is one of its exercise's core checks.
    pub fn is_core(&self, check: &Check) -> bool {
        self.core
            .get(check.exercise)
            .is_some_and(|names| names.iter().any(|n| n == check.name))
    }

    /// The core checks of `exercise` that did not pass, by name, given
    /// whether each check of `all` passed.
    pub fn failed_core<'a>(
        &self,
        exercise: &str,
        all: &'a [Check],
        passed: &[bool],
    ) -> Vec<&'a Check> {
        all.iter()
            .zip(passed)
            .filter(|(check, ok)| check.exercise == exercise && self.is_core(check) && !**ok)
            .map(|(check, _)| check)
            .collect()
    }
}

/// The points and core checks the registry declares with each exercise,
/// as the tables a rubric file would hold.
fn registry_defaults() -> toml::Table {
    let lab = workbook::EXERCISES.iter().filter(|e| !e.bonus);
    let points: toml::Table = lab
        .clone()
        .map(|e| (e.name.to_owned(), toml::Value::Float(f64::from(e.points))))
        .collect();
    let checks = grading::catalogue();
    let core: toml::Table = lab
        .map(|e| {
            let names = checks
                .iter()
                .filter(|c| c.exercise == e.name && c.core)
                .map(|c| toml::Value::String(c.name.to_owned()))
                .collect();
            (e.name.to_owned(), toml::Value::Array(names))
        })
        .collect();
    toml::Table::from_iter([
        ("points".to_owned(), toml::Value::Table(points)),
        ("core".to_owned(), toml::Value::Table(core)),
    ])
}

/// Lays `layer` over `merged`: a table replaces the keys it names, key by
/// key; anything else replaces the whole value.
fn lay_over(merged: &mut toml::Table, layer: toml::Table) {
    for (key, value) in layer {
        match (merged.get_mut(&key), value) {
            (Some(toml::Value::Table(below)), toml::Value::Table(changed)) => {
                below.extend(changed);
            }
            (_, value) => {
                merged.insert(key, value);
            }
        }
    }
}

fn to_hundredths(points: f64) -> u64 {
    (points * 100.0).round() as u64
}

/// Splits `total` hundredths evenly over the checks at `indices`.
fn share(total: u64, indices: &[usize], worth: &mut [u64]) {
    let Some(count) = u64::try_from(indices.len()).ok().filter(|&n| n > 0) else {
        return;
    };
    for (rank, &i) in indices.iter().enumerate() {
        worth[i] = total / count + u64::from((rank as u64) < total % count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rubric names only what it changes; the rest is the shipped one's.
    #[test]
    fn a_rubric_overrides_the_shipped_one_key_by_key() {
        let shipped = Rubric::parse(DEFAULT).unwrap();
        assert_eq!(Rubric::parse("").unwrap(), shipped);
        let fast = Rubric::parse("[limits]\ncall_seconds = 1.0\n").unwrap();
        assert_eq!(fast.limits.call_seconds, 1.0);
        assert_eq!(
            Rubric {
                limits: Limits {
                    call_seconds: 3.0,
                    ..fast.limits
                },
                ..fast.clone()
            },
            shipped
        );
        let no_flip_gate = Rubric::parse("[core]\nflip = []\n[points]\nflip = 10\n").unwrap();
        assert!(no_flip_gate.core["flip"].is_empty());
        assert_eq!(no_flip_gate.core["are_permutations"].len(), 3);
        assert_eq!(no_flip_gate.points["flip"], 10.0);
        assert_eq!(no_flip_gate.points["perfect_shuffle"], 20.0);
        let unknown = Rubric::parse("[limits]\ncall_secs = 1\n").unwrap_err();
        assert!(format!("{unknown:#}").contains("call_secs"), "{unknown:#}");
        let not_toml = Rubric::parse("[limits\n").unwrap_err();
        assert!(
            format!("{unknown:#}{not_toml:#}").contains("line 1"),
            "{not_toml:#}"
        );
    }

    #[test]
    fn the_default_rubric_gives_100_points_in_exact_hundredths() {
        let rubric = Rubric::parse(DEFAULT).unwrap();
        let checks = grading::catalogue();
        let worth = rubric.hundredths(&checks);
        assert_eq!(worth.iter().sum::<u64>(), 10_000);
        let of = |pick: &dyn Fn(&Check) -> bool| -> u64 {
            checks
                .iter()
                .zip(&worth)
                .filter(|(c, _)| pick(c))
                .map(|(_, w)| w)
                .sum()
        };
        assert_eq!(of(&|c| c.kind == Kind::LabSteps), 1350, "30% of 20 and 25");
        assert_eq!(of(&|c| c.kind == Kind::Bonus), 0);
        for exercise in LAB_EXERCISES {
            let points = rubric.points[*exercise];
            assert_eq!(of(&|c| c.exercise == *exercise) as f64, points * 100.0);
            // Within a kind, shares differ by at most one hundredth.
            for kind in [Kind::Property, Kind::LabSteps] {
                let mine: Vec<u64> = checks
                    .iter()
                    .zip(&worth)
                    .filter(|(c, _)| c.exercise == *exercise && c.kind == kind)
                    .map(|(_, w)| *w)
                    .collect();
                if let (Some(low), Some(high)) = (mine.iter().min(), mine.iter().max()) {
                    assert!(high - low <= 1, "{exercise}: {mine:?}");
                }
            }
            assert!(
                !rubric.core[*exercise].is_empty(),
                "{exercise} has core checks"
            );
        }
    }

    /// The registry's defaults are the rubric the workbook has always
    /// shipped: these points, and these core checks.
    #[test]
    fn points_and_core_checks_default_to_the_registry() {
        let rubric = Rubric::parse("").unwrap();
        let points = |exercise: &str| rubric.points[exercise];
        assert_eq!(
            [
                "perfect_shuffle",
                "selection_shuffle",
                "efficient_selection_shuffle"
            ]
            .map(points),
            [20.0, 20.0, 25.0]
        );
        assert_eq!(
            ["flip", "are_permutations", "reversing_sequence"].map(points),
            [15.0, 10.0, 10.0]
        );
        assert_eq!(rubric.points.values().sum::<f64>(), 100.0);
        let core = |exercise: &str| rubric.core[exercise].join(" ");
        assert_eq!(core("perfect_shuffle"), "interleaves_two_halves");
        assert_eq!(core("selection_shuffle"), "reaches_many_orders_of_8_cards");
        assert_eq!(
            core("efficient_selection_shuffle"),
            "reaches_many_orders_of_8_cards"
        );
        assert_eq!(
            core("flip"),
            "heads_twice_as_often_as_tails successive_flips_are_independent uses_the_rng_it_is_given"
        );
        assert_eq!(
            core("are_permutations"),
            "true_for_rearrangements false_when_a_card_differs false_when_only_the_sums_match"
        );
        assert_eq!(core("reversing_sequence"), "answers_question_3");
        // The shipped file adds limits and names no points of its own.
        let shipped: toml::Table = toml::from_str(DEFAULT).unwrap();
        assert!(!shipped.contains_key("points") && !shipped.contains_key("core"));
    }

    #[test]
    fn odd_points_still_add_up() {
        let rubric = Rubric::parse("[points]\nflip = 10.01\n").unwrap();
        let checks = grading::catalogue();
        let worth = rubric.hundredths(&checks);
        let flip: Vec<u64> = checks
            .iter()
            .zip(&worth)
            .filter(|(c, _)| c.exercise == "flip")
            .map(|(_, w)| *w)
            .collect();
        assert_eq!(flip.iter().sum::<u64>(), 1001);
        assert_eq!(
            flip,
            [201, 200, 200, 200, 200],
            "the spare hundredth goes first"
        );
    }

    #[test]
    fn core_failures_are_named() {
        let rubric = Rubric::parse(DEFAULT).unwrap();
        let checks = grading::catalogue();
        let passed: Vec<bool> = checks
            .iter()
            .map(|c| c.name != "heads_twice_as_often_as_tails")
            .collect();
        let failed = rubric.failed_core("flip", &checks, &passed);
        assert_eq!(failed.len(), 1);
        assert_eq!(failed[0].name, "heads_twice_as_often_as_tails");
        assert!(
            rubric
                .failed_core("perfect_shuffle", &checks, &passed)
                .is_empty()
        );
    }

    #[test]
    fn bad_rubrics_are_refused_with_a_reason() {
        let broken = "[points]\nflop = 15\n";
        let error = Rubric::parse(broken).unwrap_err().to_string();
        assert!(error.contains("flop"), "{error}");
        let negative = "[points]\nflip = -1\n";
        assert!(
            Rubric::parse(negative)
                .unwrap_err()
                .to_string()
                .contains("between 0 and a million")
        );
        let unknown_core = "[core]\nreversing_sequence = [\"answer_question_3\"]\n";
        let error = Rubric::parse(unknown_core).unwrap_err().to_string();
        assert!(error.contains("answer_question_3"), "{error}");
        assert!(Rubric::parse("nonsense = [").is_err());
    }
}
