//! What `GRADE_TIMINGS=1` measures and prints: how long each check took in
//! the sandbox, how much of that was the student's code, and the figures
//! over a batch that say where the rest went.

use std::collections::BTreeMap;
use std::time::Duration;

/// How long one check took in the sandbox, and how much of that the
/// student's code ran.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CheckTiming {
    /// The check, as its exercise and its name, so that a check's timing
    /// costs no allocation when nobody asks for the figures.
    pub(crate) check: (&'static str, &'static str),
    pub(crate) total: Duration,
    pub(crate) student: Duration,
    /// From asking for the check's process to its first answer, less the
    /// student's code in that answer.
    pub(crate) start: Option<Duration>,
}

/// The per-check figures `GRADE_TIMINGS=1` prints, as medians and 90th
/// percentiles over the checks that ran in the sandbox: the start of a
/// check's processes (asking the zygote for them until the first answer,
/// less the student's code in it), and a check's whole cost beyond the
/// student's code (the start, the messages, the grader's counting and the
/// stop).
pub(crate) fn describe_timings(timings: &[CheckTiming]) -> String {
    if timings.is_empty() {
        return "timings: no check ran in the sandbox".into();
    }
    let quantiles = |mut values: Vec<Duration>| {
        values.sort();
        let at = |q: f64| {
            let index = ((values.len().max(1) - 1) as f64 * q).round() as usize;
            values.get(index).map_or(0.0, |v| v.as_secs_f64() * 1000.0)
        };
        format!(
            "median {:.2} ms, 90th percentile {:.2} ms",
            at(0.5),
            at(0.9)
        )
    };
    let start = timings.iter().filter_map(|t| t.start).collect();
    let overhead = timings
        .iter()
        .map(|t| t.total.saturating_sub(t.student))
        .collect();
    let student: f64 = timings.iter().map(|t| t.student.as_secs_f64()).sum();
    let total: f64 = timings.iter().map(|t| t.total.as_secs_f64()).sum();
    let mut by_check: BTreeMap<(&str, &str), (Duration, Duration)> = BTreeMap::new();
    for timing in timings {
        let entry = by_check.entry(timing.check).or_default();
        entry.0 += timing.student;
        entry.1 += timing.total.saturating_sub(timing.student);
    }
    let mut heaviest: Vec<_> = by_check.into_iter().collect();
    heaviest.sort_by_key(|(_, (student, other))| std::cmp::Reverse(*student + *other));
    let heaviest: String = heaviest
        .iter()
        .take(8)
        .map(|((exercise, name), (student, other))| {
            format!(
                "\ntimings:   {exercise}::{name}: student {:.2} s, the rest {:.2} s",
                student.as_secs_f64(),
                other.as_secs_f64()
            )
        })
        .collect();
    format!(
        "timings: {} checks in the sandbox; summed over them, the student's code ran {student:.2} \
         s and everything else took {:.2} s\n\
         timings: per check, starting its processes: {}\n\
         timings: per check, everything but the student's code: {}\n\
         timings: the heaviest checks, summed over the batch:{heaviest}",
        timings.len(),
        total - student,
        quantiles(start),
        quantiles(overhead),
    )
}
