//! The run's standings as the grading harness writes them for watch (its
//! `GRADING_STANDINGS` file, made by `grading::summary::standings`): each
//! lab exercise with its mark, standing and file, then the next step.
//! Watch reads this rather than the summary's prose, so that rewording the
//! summary cannot break its keys.

/// The variable that tells the harness where to write the standings.
pub const STANDINGS_FILE: &str = "GRADING_STANDINGS";

/// One lab exercise after a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// ✓ done, ✗ failing, · not started or not run.
    pub mark: String,
    /// The exercise's function.
    pub name: String,
    /// How it stands, in the summary's words: "done", "2 of its 10 checks
    /// fail", "not started".
    pub standing: String,
    /// Where the student writes it, from the workspace's root.
    pub file: String,
}

/// The exercise to work on next, and its first failing check in full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Next {
    /// The exercise's function.
    pub name: String,
    /// Where the student writes it.
    pub file: String,
    /// The check's name and title, then its message and hint.
    pub step: String,
}

/// How the last run left the lab.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standings {
    /// The lab's exercises, in the lab's order.
    pub rows: Vec<Row>,
    /// `None` when every check that ran passes.
    pub next: Option<Next>,
}

impl Standings {
    /// Reads the harness's text; a line it does not know is skipped, so an
    /// older or newer harness still gives what it can.
    pub fn parse(text: &str) -> Standings {
        let mut standings = Standings::default();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            let fields: Vec<&str> = line.split('\t').collect();
            match fields.as_slice() {
                ["exercise", mark, name, standing, file] => standings.rows.push(Row {
                    mark: (*mark).into(),
                    name: (*name).into(),
                    standing: (*standing).into(),
                    file: (*file).into(),
                }),
                ["next", name, file] => {
                    let step: Vec<&str> = lines.by_ref().collect();
                    standings.next = Some(Next {
                        name: (*name).into(),
                        file: (*file).into(),
                        step: step.join("\n"),
                    });
                }
                _ => {}
            }
        }
        standings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harness's own output for a lab half done, as pinned on the
    /// grading side: the two crates agree on this text.
    const HALF_A_LAB: &str = include_str!(
        "../../grading/tests/snapshots/summary__the_standings_of_half_a_lab_are_what_watch_reads.snap"
    );

    fn body(snapshot: &str) -> &str {
        snapshot
            .strip_prefix("---\n")
            .and_then(|rest| rest.split_once("\n---\n"))
            .map_or(snapshot, |(_, body)| body)
    }

    #[test]
    fn reads_what_the_harness_writes() {
        let standings = Standings::parse(body(HALF_A_LAB));
        // The shipped lab's exercises in its order; a new one may come
        // between them.
        let names: Vec<&str> = standings.rows.iter().map(|r| r.name.as_str()).collect();
        let shipped = [
            "perfect_shuffle",
            "selection_shuffle",
            "efficient_selection_shuffle",
            "flip",
            "are_permutations",
            "reversing_sequence",
        ];
        let mut rest = names.iter();
        for name in shipped {
            assert!(
                rest.any(|listed| *listed == name),
                "{name} in order: {names:?}"
            );
        }
        assert_eq!(
            standings.rows[0],
            Row {
                mark: "✓".into(),
                name: "perfect_shuffle".into(),
                standing: "done".into(),
                file: "exercises/src/perfect_shuffle.rs".into(),
            }
        );
        let last = standings
            .rows
            .iter()
            .find(|r| r.name == "reversing_sequence");
        assert_eq!(last.map(|r| r.standing.as_str()), Some("not started"));
        let next = standings.next.expect("flip fails");
        assert_eq!(next.name, "flip");
        assert_eq!(next.file, "exercises/src/flip.rs");
        assert!(next.step.starts_with("flip::"), "{}", next.step);
        assert!(next.step.contains("hint:"), "{}", next.step);
    }

    #[test]
    fn a_complete_lab_has_no_next_step() {
        let standings = Standings::parse("exercise\t✓\tflip\tdone\texercises/src/flip.rs\n");
        assert_eq!(standings.rows.len(), 1);
        assert_eq!(standings.next, None);
    }
}
