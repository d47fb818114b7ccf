//! The `fairness` report's figures, as SVG: heatmaps of its position and
//! pair counts, and the riffles' distance from uniform. They are drawn at
//! the width the book shows them, with text large enough to read when a
//! phone shows them at half that.

use crate::heatmap::{Panel, heatmaps};
use crate::report::Report;
use crate::svg::FIGURE_WIDTH;
use crate::text::setting;

/// The smallest text the riffle chart, still drawn with plotters, uses.
const RIFFLE_TEXT: u32 = 12;

/// A sans-serif font that the SVG shows `pixels` high, at least
/// [`RIFFLE_TEXT`]. plotters writes a font size of s as s / 1.24 pixels,
/// so the size asked for is scaled up by that (and a hair more).
fn font(pixels: u32) -> (&'static str, f64) {
    ("sans-serif", f64::from(pixels.max(RIFFLE_TEXT)) * 1.25)
}

/// The report's two heatmaps, side by side, as an SVG document: where
/// each card lands (row: position, column: card) and which card follows
/// which (row: card, column: the next card), each cell coloured by its
/// standardised deviation z (see [`crate::heatmap`]).
pub fn report_svg(report: &Report) -> String {
    let n = report.cards;
    let shuffles = report.shuffles as f64;
    let detail = setting(report).map_or(String::new(), |s| format!(", {s}"));
    let title = format!(
        "{:?}{detail}: {} shuffles of {n} cards, seed {}; verdict: {}",
        report.algorithm, report.shuffles, report.seed, report.verdict
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
    // One adjacent pair is counted per shuffle (see `measure`).
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

/// Writes [`report_svg`] to `path`.
pub fn svg(report: &Report, path: &std::path::Path) -> anyhow::Result<()> {
    std::fs::write(path, report_svg(report))?;
    Ok(())
}

/// Draws total variation distance from uniform against the number of
/// riffles, as a line chart with its points marked.
pub fn riffle_svg(
    cards: usize,
    distances: &[(u32, f64)],
    path: &std::path::Path,
) -> anyhow::Result<()> {
    use plotters::prelude::*;

    let text = font;
    let root = SVGBackend::new(path, (FIGURE_WIDTH, 440)).into_drawing_area();
    root.fill(&WHITE)?;
    let most = distances.iter().map(|(k, _)| *k).max().unwrap_or(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("How far {cards} cards are from uniform after k riffles (GSR model)"),
            text(15),
        )
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0u32..most + 1, 0.0..1.0)?;
    chart
        .configure_mesh()
        .x_desc("riffles k")
        .y_desc("total variation distance")
        .x_labels(most as usize + 2)
        .label_style(text(12))
        .axis_desc_style(text(13))
        .draw()?;
    chart.draw_series(LineSeries::new(
        distances.iter().copied(),
        RED.stroke_width(2),
    ))?;
    chart.draw_series(
        distances
            .iter()
            .map(|&(k, d)| Circle::new((k, d), 4, RED.filled())),
    )?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fairness::tests::{REFERENCE, settings};
    use crate::fairness::{Algorithm, measure};
    use crate::svg::tests::assert_readable;

    #[test]
    fn writes_a_readable_svg() {
        let report = measure(&REFERENCE, &settings(Algorithm::Sattolo, 6, 5_000), |_| {});
        let file = tempfile::NamedTempFile::new().unwrap();
        svg(&report, file.path()).unwrap();
        let text = std::fs::read_to_string(file.path()).unwrap();
        for words in [
            "where each card lands",
            "which card follows which",
            "z = (count − expected) / standard deviation",
            "a card cannot follow itself",
            "verdict: biased",
        ] {
            assert!(text.contains(words), "{words}");
        }
        assert_readable(&text, FIGURE_WIDTH);
    }

    /// Sattolo's never leaves a card in place: on 6 cards with 5,000
    /// shuffles each diagonal cell is 0 against 833 expected, z = −√(5000
    /// / 5) ≈ −31.6, the largest |z| in the position map.
    #[test]
    fn a_bias_shows_as_a_large_z() {
        let report = measure(&REFERENCE, &settings(Algorithm::Sattolo, 6, 5_000), |_| {});
        let text = report_svg(&report);
        assert!(text.contains("largest |z| 31.6"), "{text}");
    }
}
