//! The heatmaps a feedback page shows for a shuffle with a known bias:
//! where the cards land under the mistake the diagnosis found, next to a
//! fair shuffle, each measured and drawn by the fairness lab (`lab-tools`).
//!
//! The fairness checks keep only their chi-square statistic and p-value in
//! a failure, not the counts behind them, so these are not the student's
//! own shuffles: they are the lab's model of the mistake the diagnosis
//! matched the student's shuffle to, on the grader's scripted draws. Only
//! mistakes whose shuffle the fairness lab measures get one (Sattolo's
//! `0..k` and the naive swap), and the page says which it is.

use std::sync::OnceLock;

use lab_tools::fairness::{Algorithm, Report, Settings, measure};
use lab_tools::heatmap::{Panel, heatmaps};

use crate::results::mistakes::Found;

/// The deck and the shuffles measured: 8 cards, whose 8 × 8 cells still
/// read at a phone's width, and 40,000 shuffles, 5,000 per cell of the
/// position map, enough that a fair map is white to the eye. Each
/// measurement takes about 20 ms.
const CARDS: usize = 8;
const SHUFFLES: u64 = 40_000;
/// The seed of every measurement, so that reruns draw the same figures.
const SEED: u64 = 2024;

/// A heatmap figure: its SVG and what it shows.
#[derive(Debug, Clone)]
pub struct Heatmap {
    pub svg: String,
    pub caption: String,
}

/// The fairness lab's algorithm for `found`, if it measures that mistake.
fn algorithm(found: &Found) -> Option<Algorithm> {
    if found.is(grading::SATTOLO) {
        Some(Algorithm::Sattolo)
    } else if found.is(grading::NAIVE_SWAP) {
        Some(Algorithm::Naive)
    } else {
        None
    }
}

/// The mistake's heatmap and a fair shuffle's, if the lab measures it.
pub fn for_mistake(found: &Found) -> Option<[Heatmap; 2]> {
    let algorithm = algorithm(found)?;
    let mistake = drawn(algorithm);
    let fair = drawn(Algorithm::Rand);
    let shuffles = crate::report::html::thousands(SHUFFLES);
    Some([
        Heatmap {
            svg: mistake,
            caption: format!(
                "{shuffles} shuffles of {CARDS} cards by {}, as the fairness lab measures \
                 it: the grader matched your shuffle to this mistake on its scripted draws. \
                 Blue cells come up less often than a fair shuffle's, orange more, \
                 coloured by how far from fair (z).",
                found.what
            ),
        },
        Heatmap {
            svg: fair,
            caption: format!(
                "The same for a fair shuffle (rand's): every cell near white. \
                 ({shuffles} shuffles of {CARDS} cards.)"
            ),
        },
    ])
}

/// `algorithm`'s figure, measured once per run.
fn drawn(algorithm: Algorithm) -> String {
    static SATTOLO: OnceLock<String> = OnceLock::new();
    static NAIVE: OnceLock<String> = OnceLock::new();
    static FAIR: OnceLock<String> = OnceLock::new();
    let cell = match algorithm {
        Algorithm::Sattolo => &SATTOLO,
        Algorithm::Naive => &NAIVE,
        _ => &FAIR,
    };
    cell.get_or_init(|| draw(algorithm)).clone()
}

fn draw(algorithm: Algorithm) -> String {
    let settings = Settings {
        algorithm,
        cards: CARDS,
        shuffles: SHUFFLES,
        seed: SEED,
        times: 1,
        keys: 1,
        deal: CARDS,
    };
    let report = measure(&MODEL, &settings, |_| {});
    report_heatmaps(&report)
}

/// The fairness lab's two maps of `report` (as `fairness::report_svg`
/// draws them), under a title that writes its count of shuffles as the
/// page around it does, `40,000`.
fn report_heatmaps(report: &Report) -> String {
    let n = report.cards;
    let shuffles = report.shuffles as f64;
    let title = format!(
        "{:?}: {} shuffles of {n} cards, seed {}; verdict: {}",
        report.algorithm,
        crate::report::html::thousands(report.shuffles),
        report.seed,
        report.verdict
    );
    let positions = Panel {
        counts: &report.positions,
        trials: shuffles,
        probability: 1.0 / n as f64,
        never_diagonal: false,
        caption: "where each card lands",
        x_label: "card",
        y_label: "position",
    };
    // One adjacent pair is counted per shuffle, as `measure` counts them.
    let pairs = Panel {
        counts: &report.pairs,
        trials: shuffles,
        probability: 1.0 / (n * (n - 1)) as f64,
        never_diagonal: true,
        caption: "which card follows which",
        x_label: "next card",
        y_label: "card",
    };
    heatmaps(&title, &[positions, pairs])
}

/// The implementation the fairness lab is handed: the models it measures
/// here (Sattolo's, the naive swap, rand's) are its own and call none of
/// its functions, which are all "not yet implemented".
static MODEL: grading::Implementation = grading::Implementation::NOT_YET;

#[cfg(test)]
mod tests {
    use super::*;

    fn found(mistake: grading::Mistake) -> Found {
        Found {
            exercise: "efficient_selection_shuffle".into(),
            what: mistake.what.into(),
            shown_by: mistake.shown_by.into(),
        }
    }

    #[test]
    fn sattolo_is_drawn_beside_a_fair_shuffle_and_reruns_the_same() {
        let [mistake, fair] = for_mistake(&found(grading::SATTOLO)).unwrap();
        assert!(mistake.svg.contains("Sattolo"), "{}", &mistake.svg[..300]);
        assert!(mistake.svg.contains("verdict: biased"));
        assert!(
            fair.svg.contains("verdict: no evidence of bias"),
            "{}",
            &fair.svg[..300]
        );
        assert_eq!(draw(Algorithm::Sattolo), mistake.svg);
    }

    #[test]
    fn the_count_of_shuffles_has_its_thousands_separator() {
        let [mistake, fair] = for_mistake(&found(grading::SATTOLO)).unwrap();
        for figure in [&mistake, &fair] {
            assert!(
                figure.caption.contains("40,000 shuffles"),
                "{}",
                figure.caption
            );
            assert!(!figure.caption.contains("40000"), "{}", figure.caption);
            assert!(figure.svg.contains(": 40,000 shuffles of 8 cards"));
            assert!(!figure.svg.contains("40000"));
        }
    }

    #[test]
    fn a_mistake_the_lab_does_not_measure_has_none() {
        let mut other = found(grading::SATTOLO);
        other.what = "a fair coin".into();
        assert!(for_mistake(&other).is_none());
    }
}
