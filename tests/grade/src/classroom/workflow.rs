//! The GitHub Classroom side of a class: the autograding workflow of the
//! student edition, one test per lab exercise worth its rubric points.

use crate::rubric::Rubric;

/// Where the classroom workflow goes in the student edition.
pub(crate) const WORKFLOW: &str = ".github/workflows/classroom.yml";

/// GitHub Classroom's autograding workflow: one test per lab exercise,
/// worth its rubric points, passed when all its checks pass.
pub fn classroom_workflow(rubric: &Rubric) -> String {
    let mut steps = String::new();
    let mut ids = Vec::new();
    for exercise in workbook::LAB_EXERCISES {
        let points = rubric.points.get(*exercise).copied().unwrap_or(0.0);
        let id = exercise.replace('_', "-");
        steps.push_str(&format!(
            "      - name: {exercise}\n        id: {id}\n        uses: \
             classroom-resources/autograding-command-grader@v1\n        with:\n          \
             test-name: {exercise}\n          setup-command: cargo build --tests --locked \
             --quiet\n          command: \"{}\"\n          timeout: 10\n          max-score: \
             {}\n",
            classroom_command(exercise),
            points.round() as u64,
        ));
        ids.push(id);
    }
    let results: String = ids
        .iter()
        .map(|id| {
            format!(
                "          {}_RESULTS: \"${{{{steps.{id}.outputs.result}}}}\"\n",
                id.to_uppercase()
            )
        })
        .collect();
    format!(
        "# Grades each push with the workbook's own checks: one test per exercise,\n\
         # worth its points in the rubric, passed when every check of that\n\
         # exercise passes. Made by `grade assign`.\n\
         name: Autograding Tests\n\
         \"on\":\n  - push\n  - repository_dispatch\n\
         permissions:\n  checks: write\n  actions: read\n  contents: read\n\
         jobs:\n  run-autograding-tests:\n    runs-on: ubuntu-latest\n    \
         if: github.actor != 'github-classroom[bot]'\n    steps:\n      \
         - name: Checkout code\n        uses: actions/checkout@v4\n\
         {steps}      - name: Autograding Reporter\n        \
         uses: classroom-resources/autograding-grading-reporter@v1\n        env:\n\
         {results}        with:\n          runners: {}\n",
        ids.join(",")
    )
}

/// The command that passes when every check of `exercise` passes. libtest
/// filters by substring, so `selection_shuffle::` must skip the efficient
/// one's checks.
pub fn classroom_command(exercise: &str) -> String {
    let longer: Vec<String> = workbook::LAB_EXERCISES
        .iter()
        .filter(|other| **other != exercise && other.ends_with(&format!("_{exercise}")))
        .map(|other| format!(" --skip {other}::"))
        .collect();
    format!(
        "cargo test --locked --quiet --test grading -- {exercise}::{}",
        longer.concat()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_classroom_command_selects_one_exercise() {
        assert_eq!(
            classroom_command("selection_shuffle"),
            "cargo test --locked --quiet --test grading -- selection_shuffle:: --skip \
             efficient_selection_shuffle::"
        );
        assert_eq!(
            classroom_command("flip"),
            "cargo test --locked --quiet --test grading -- flip::"
        );
    }

    #[test]
    fn the_workflow_awards_the_rubric_points() {
        let rubric = Rubric::parse(crate::rubric::DEFAULT).unwrap();
        let workflow = classroom_workflow(&rubric);
        let scores: Vec<u64> = workflow
            .lines()
            .filter_map(|l| l.trim().strip_prefix("max-score: "))
            .map(|s| s.parse().unwrap())
            .collect();
        // One test per lab exercise, in the lab's order, worth its points.
        let points: Vec<u64> = workbook::LAB_EXERCISES
            .iter()
            .map(|e| rubric.points[*e] as u64)
            .collect();
        assert_eq!(scores, points);
        assert_eq!(scores[..3], [20, 20, 25]);
        assert!(workflow.contains("runners: perfect-shuffle,selection-shuffle,"));
        assert!(
            workflow
                .contains("PERFECT-SHUFFLE_RESULTS: \"${{steps.perfect-shuffle.outputs.result}}\"")
        );
    }
}
