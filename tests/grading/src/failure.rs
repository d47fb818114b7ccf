use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{CheckId, CheckNaming, Mistake};

/// The start of every hint that points to another check.
pub const FOLLOWS_FROM: &str = "this follows from";

/// Why a check failed, told the way a tutor would: what went in, what the
/// lab expects, what came back, and where to look.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// One line saying what is wrong.
    pub summary: String,
    /// The input the function was given.
    pub input: String,
    /// What a correct implementation returns or does.
    pub expected: String,
    /// What this implementation returned or did.
    pub returned: String,
    /// A nudge towards the fix, without giving the code away: the
    /// check's own, which the message gives unless `shown_by` says where
    /// the fix is explained.
    pub hint: String,
    /// The check of the same exercise that explains this failure's
    /// mistake, if another one does: the message's hint then says "this
    /// follows from …, which … reports with a hint", naming that check as
    /// whoever shows the message lists checks ([`CheckNaming`]), so the
    /// sentence is composed where it is shown, never stored. `grade` runs
    /// that check even where the core gate skips the rest, so that the
    /// hint points at something the student can see.
    pub shown_by: Option<CheckId>,
    /// The known mistake the exercise's answer makes, when the diagnosis
    /// recognises one and this check fails from it: set on the check that
    /// shows it and on those that point there. Not part of the message.
    pub mistake: Option<Mistake>,
    /// Where the student's own shuffle put each card on the check's seeded
    /// decks, when a fairness check that counts them fails: what `grade`'s
    /// feedback page draws, beside a fair shuffle's. Not part of the message.
    pub positions: Option<Positions>,
}

/// How often each card landed at each position over a fairness check's
/// shuffles of one deck: `counts[position][card]`, cards numbered by
/// where they started.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Positions {
    /// The shuffles counted.
    pub shuffles: u64,
    /// One row per position, one column per card.
    pub counts: Vec<Vec<u64>>,
}

impl Positions {
    /// The positions of `n` cards read off counts of each order, indexed
    /// by lexicographic rank (as the 4-card fairness check counts them).
    pub(crate) fn of_orders(n: usize, by_rank: &[u64]) -> Positions {
        let mut counts = vec![vec![0; n]; n];
        for (rank, &times) in by_rank.iter().enumerate() {
            for (position, &card) in crate::algorithms::order_at(rank, n).iter().enumerate() {
                counts[position][card] += times;
            }
        }
        Positions {
            shuffles: by_rank.iter().sum(),
            counts,
        }
    }
}

impl Failure {
    /// A failure with every field given.
    pub fn new(
        summary: impl Into<String>,
        input: impl Into<String>,
        expected: impl Into<String>,
        returned: impl Into<String>,
        hint: impl Into<String>,
    ) -> Self {
        Failure {
            summary: summary.into(),
            input: input.into(),
            expected: expected.into(),
            returned: returned.into(),
            hint: hint.into(),
            shown_by: None,
            mistake: None,
            positions: None,
        }
    }
}

impl Failure {
    /// The hint the message gives: the check's own, or, when another
    /// check explains the mistake, a pointer to that check, named as
    /// `naming` says.
    pub fn hint_text(&self, naming: CheckNaming) -> String {
        match (self.shown_by, self.mistake) {
            (Some(check), Some(mistake)) => format!(
                "{FOLLOWS_FROM} {}, which {} reports with a hint; fix that first",
                mistake.what(),
                check.named_as(naming)
            ),
            _ => self.hint.clone(),
        }
    }

    /// The failure's message, each field on its own line, with the checks
    /// it points to named as `naming` says.
    pub(crate) fn write_message(
        &self,
        f: &mut fmt::Formatter<'_>,
        naming: CheckNaming,
    ) -> fmt::Result {
        writeln!(f, "{}", self.summary)?;
        let hint = self.hint_text(naming);
        for (label, text) in [
            ("input", &self.input),
            ("expected", &self.expected),
            ("returned", &self.returned),
            ("hint", &hint),
        ] {
            let mut lines = text.lines();
            writeln!(
                f,
                "  {:<9} {}",
                format!("{label}:"),
                lines.next().unwrap_or("")
            )?;
            for line in lines {
                writeln!(f, "  {:<9} {line}", "")?;
            }
        }
        Ok(())
    }
}

/// The message as `cargo test` shows it, naming checks by their paths.
impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(f, CheckNaming::Path)
    }
}

/// Formats a slice the way the lab's report prints a deck: `[0, 2, 1, 3]`,
/// cut short in the middle when it is long.
pub(crate) fn deck(values: &[i32]) -> String {
    const SHOWN: usize = 16;
    if values.len() <= SHOWN {
        return format!("{values:?}");
    }
    let head: Vec<String> = values[..8].iter().map(i32::to_string).collect();
    let tail: Vec<String> = values[values.len() - 4..]
        .iter()
        .map(i32::to_string)
        .collect();
    format!(
        "[{}, … {} more …, {}] ({} cards)",
        head.join(", "),
        values.len() - 12,
        tail.join(", "),
        values.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_every_field_on_its_own_line() {
        let failure = Failure::new("sum", "[1]", "[2]", "[3]", "first\nsecond");
        assert_eq!(
            failure.to_string(),
            "sum\n  input:    [1]\n  expected: [2]\n  returned: [3]\n  hint:     first\n            second\n"
        );
    }

    #[test]
    fn positions_are_read_off_the_orders() {
        // 3 times [0, 1, 2] (rank 0), once [2, 1, 0] (rank 5).
        let positions = Positions::of_orders(3, &[3, 0, 0, 0, 0, 1]);
        assert_eq!(positions.shuffles, 4);
        assert_eq!(
            positions.counts,
            [vec![3, 0, 1], vec![0, 4, 0], vec![1, 0, 3]]
        );
    }

    #[test]
    fn long_decks_are_abbreviated() {
        let values: Vec<i32> = (0..52).collect();
        assert_eq!(
            deck(&values),
            "[0, 1, 2, 3, 4, 5, 6, 7, … 40 more …, 48, 49, 50, 51] (52 cards)"
        );
        assert_eq!(deck(&[1, 2]), "[1, 2]");
    }
}
