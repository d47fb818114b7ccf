//! The CSV gradebook, `grades.csv` and `grade --format csv`: one row per
//! graded submission, rendered from its [`Graded`] record.

use workbook::LAB_EXERCISES;

use crate::results::graded::Graded;
use crate::results::points;

/// The gradebook header; exercise columns hold points earned, and the
/// last column the bonus checks passed, which are worth no points.
pub fn csv_header() -> Vec<String> {
    let mut header = vec!["submission".to_string(), "score".into(), "max_score".into()];
    header.extend(LAB_EXERCISES.iter().map(|e| e.to_string()));
    header.push("status".into());
    header.push("bonus_checks_passed".into());
    header
}

/// The gradebook, one row per submission, sorted by id. The id, a file
/// name the submission chose, is the one cell a submission writes: it is
/// written by [`crate::results::csv_row`]'s rules (no formula, no control
/// character); every other cell is a number of points (never negative) or
/// grade's own words.
pub fn csv(all: &[&Graded]) -> anyhow::Result<String> {
    let mut sorted: Vec<&&Graded> = all.iter().collect();
    sorted.sort_by(|a, b| a.submission.cmp(&b.submission));
    let mut text = crate::results::csv_row::header(&csv_header())?;
    for result in sorted {
        let mut row = vec![points(result.score()), points(result.max_score())];
        row.extend(
            result
                .by_exercise()
                .into_iter()
                .map(|(_, score, _)| points(score)),
        );
        row.push(result.status().to_string());
        row.push(result.bonus_passed().0.to_string());
        text += &crate::results::csv_row::row(&result.submission, &row)?;
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_begins_as_gradebooks_expect() {
        assert!(csv_header().join(",").starts_with(
            "submission,score,max_score,perfect_shuffle,selection_shuffle,\
             efficient_selection_shuffle,flip,are_permutations,reversing_sequence"
        ));
    }
}
