//! The rubric: points per exercise and the sandbox's limits, from TOML.

use std::collections::BTreeMap;

use anyhow::bail;
use serde::Deserialize;

use super::limits::Limits;
use crate::checks::EXERCISES;
use crate::{Check, Kind};

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
    /// The sandbox's limits.
    pub limits: Limits,
}

impl Rubric {
    /// Parses and checks a rubric's text.
    pub fn parse(text: &str) -> anyhow::Result<Rubric> {
        let rubric: Rubric = toml::from_str(text)?;
        if !(0.0..=1.0).contains(&rubric.lab_steps_share) {
            bail!(
                "lab_steps_share must be between 0 and 1, not {}",
                rubric.lab_steps_share
            );
        }
        for (exercise, points) in &rubric.points {
            if !EXERCISES.contains(&exercise.as_str()) {
                bail!("[points] names {exercise:?}, which is not an exercise");
            }
            if !points.is_finite() || *points < 0.0 {
                bail!("[points] {exercise} must be zero or more, not {points}");
            }
        }
        if let Some(missing) = EXERCISES.iter().find(|e| !rubric.points.contains_key(**e)) {
            bail!("[points] has no entry for {missing}");
        }
        let limits = rubric.limits;
        if !(limits.call_seconds > 0.0 && limits.cpu_seconds > 0 && limits.memory_mib >= 64) {
            bail!("[limits] need call_seconds > 0, cpu_seconds > 0 and memory_mib >= 64");
        }
        Ok(rubric)
    }

    /// The points one check is worth, given all the checks; bonus checks
    /// are worth none.
    pub fn points_for(&self, check: &Check, all: &[Check]) -> f64 {
        let total = self.points.get(check.exercise).copied().unwrap_or(0.0);
        let siblings = |kind| {
            all.iter()
                .filter(|c| c.exercise == check.exercise && c.kind() == kind)
                .count()
        };
        let (property, lab_steps) = (siblings(Kind::Property), siblings(Kind::LabSteps));
        let share = if lab_steps == 0 {
            0.0
        } else {
            self.lab_steps_share
        };
        match check.kind() {
            Kind::Bonus => 0.0,
            Kind::Property if property > 0 => total * (1.0 - share) / property as f64,
            Kind::LabSteps if lab_steps > 0 => total * share / lab_steps as f64,
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_rubric_gives_100_points() {
        let rubric = Rubric::parse(DEFAULT).unwrap();
        let checks = crate::catalogue();
        let total: f64 = checks.iter().map(|c| rubric.points_for(c, &checks)).sum();
        assert!((total - 100.0).abs() < 1e-9, "{total}");
        let lab: f64 = checks
            .iter()
            .filter(|c| c.kind() == Kind::LabSteps)
            .map(|c| rubric.points_for(c, &checks))
            .sum();
        assert!((lab - 13.5).abs() < 1e-9, "lab steps are a minority: {lab}");
    }

    #[test]
    fn bad_rubrics_are_refused_with_a_reason() {
        let broken = DEFAULT.replace("flip = 15", "flop = 15");
        let error = Rubric::parse(&broken).unwrap_err().to_string();
        assert!(error.contains("flop"), "{error}");
        let negative = DEFAULT.replace("flip = 15", "flip = -1");
        assert!(
            Rubric::parse(&negative)
                .unwrap_err()
                .to_string()
                .contains("zero or more")
        );
        assert!(Rubric::parse("nonsense = [").is_err());
    }
}
