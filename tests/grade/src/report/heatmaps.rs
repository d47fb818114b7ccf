//! The heatmaps a feedback page shows for a shuffle with a known mistake:
//! where the student's own shuffle put each card, counted by the fairness
//! check that failed on its seeded decks (carried back in the failure,
//! kept in `graded.json`), next to a fair shuffle of the same deck the
//! same number of times, measured by the fairness lab (`lab-tools`) and
//! drawn by its heatmap. A page whose fairness checks passed, or that has
//! no shuffle mistake, has none.

use std::sync::Mutex;

use lab_tools::fairness::{Algorithm, Report, Settings, measure};
use lab_tools::heatmap::{Panel, heatmaps};

use crate::report::html::Drawing;
use crate::results::mistakes::Found;

/// The seed of the fair shuffle's measurement, so that reruns draw the
/// same figures.
const SEED: u64 = 2024;

/// A heatmap figure: its drawing and what it shows.
#[derive(Debug, Clone)]
pub struct Heatmap {
    pub drawing: Drawing,
    pub caption: String,
}

/// The student's heatmap and a fair shuffle's, if the check counted it.
pub fn for_mistake(found: &Found) -> Option<[Heatmap; 2]> {
    let positions = found.positions.as_ref()?;
    let cards = positions.counts.len();
    let shuffles = crate::report::html::thousands(positions.shuffles);
    let title = format!(
        "{}: {shuffles} shuffles of {cards} cards, on the grader's seeded decks",
        found.exercise
    );
    let fair = fair(cards, positions.shuffles);
    Some([
        Heatmap {
            drawing: Drawing::from_lab_tools(heatmaps(
                &title,
                &[panel(&positions.counts, positions.shuffles)],
            )),
            caption: format!(
                "Where your shuffle put each card, in the {shuffles} shuffles of {cards} cards \
                 that the check \u{201c}all 24 orders of 4 cards are equally likely\u{201d} \
                 made. Blue cells come up less often than a fair shuffle's, orange more, \
                 coloured by how far from fair (z). The mistake: {}.",
                found.what
            ),
        },
        Heatmap {
            drawing: fair,
            caption: format!(
                "The same for a fair shuffle (rand's, measured by the fairness lab): every \
                 cell near white. ({shuffles} shuffles of {cards} cards.)"
            ),
        },
    ])
}

/// The one panel of a heatmap of position counts.
fn panel(counts: &[Vec<u64>], shuffles: u64) -> Panel<'_> {
    Panel {
        counts,
        trials: shuffles as f64,
        probability: 1.0 / counts.len() as f64,
        never_diagonal: false,
        caption: "where each card lands",
        x_label: "card",
        y_label: "position",
    }
}

/// A fair shuffle's figure for `cards` and `shuffles`, measured once per
/// run for each.
fn fair(cards: usize, shuffles: u64) -> Drawing {
    static DRAWN: Mutex<Vec<((usize, u64), Drawing)>> = Mutex::new(Vec::new());
    let mut drawn = DRAWN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, svg)) = drawn.iter().find(|(key, _)| *key == (cards, shuffles)) {
        return svg.clone();
    }
    let svg = draw(Algorithm::Rand, cards, shuffles);
    drawn.push(((cards, shuffles), svg.clone()));
    svg
}

fn draw(algorithm: Algorithm, cards: usize, shuffles: u64) -> Drawing {
    let settings = Settings {
        algorithm,
        cards,
        shuffles,
        seed: SEED,
        times: 1,
        keys: 1,
        deal: cards,
    };
    let report = measure(&MODEL, &settings, |_| {});
    report_heatmaps(&report)
}

/// The fairness lab's map of where each card lands in `report`, under a
/// title that writes its count of shuffles as the page around it does.
fn report_heatmaps(report: &Report) -> Drawing {
    let title = format!(
        "{:?}: {} shuffles of {} cards, seed {}; verdict: {}",
        report.algorithm,
        crate::report::html::thousands(report.shuffles),
        report.cards,
        report.seed,
        report.verdict
    );
    Drawing::from_lab_tools(heatmaps(
        &title,
        &[panel(&report.positions, report.shuffles)],
    ))
}

/// The implementation the fairness lab is handed: the models it measures
/// here (Sattolo's, the naive swap, rand's) are its own and call none of
/// its functions, which are all "not yet implemented".
static MODEL: grading::Implementation = grading::Implementation::NOT_YET;

#[cfg(test)]
mod tests {
    use super::*;
    use grading::Positions;

    /// Sattolo's 12,000 shuffles of 4 cards as the 4-card check counts
    /// them: a card never stays where it was.
    fn sattolo() -> Found {
        let mut counts = vec![vec![1_000; 4]; 4];
        for (i, row) in counts.iter_mut().enumerate() {
            row[i] = 0;
        }
        Found {
            positions: Some(Positions {
                shuffles: 4_000,
                counts,
            }),
            ..Found::of("efficient_selection_shuffle", grading::Mistake::Sattolo)
        }
    }

    #[test]
    fn the_students_own_shuffle_is_drawn_beside_a_fair_one() {
        let [own, fair] = for_mistake(&sattolo()).unwrap();
        let (own_svg, fair_svg) = (own.drawing.svg(), fair.drawing.svg());
        assert!(
            own_svg.contains("4,000 shuffles of 4 cards"),
            "{}",
            &own_svg[..300]
        );
        assert!(own.caption.contains("Where your shuffle put each card"));
        assert!(own.caption.contains("Sattolo"));
        assert!(
            fair_svg.contains("verdict: no evidence of bias"),
            "{}",
            &fair_svg[..300]
        );
        // Reruns draw the same figures.
        let [again, fair_again] = for_mistake(&sattolo()).unwrap();
        assert_eq!(draw(Algorithm::Rand, 4, 4_000), fair_again.drawing);
        assert_eq!(
            (own.drawing, fair.drawing),
            (again.drawing, fair_again.drawing)
        );
    }

    #[test]
    fn no_counts_no_heatmap() {
        let found = Found::of("efficient_selection_shuffle", grading::Mistake::Sattolo);
        assert!(for_mistake(&found).is_none());
        assert!(for_mistake(&Found::of("flip", grading::Mistake::FlipFair)).is_none());
    }
}
