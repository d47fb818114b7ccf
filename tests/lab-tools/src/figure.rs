//! The `fairness` report's figures, as SVG: heatmaps of its position and
//! pair counts, and the riffles' distance from uniform. They are drawn at
//! the width the book shows them, with text large enough to read when a
//! phone shows them at half that.

use crate::heatmap::{Panel, heatmaps};
use crate::report::Report;
use crate::svg::{Anchor, Axes, FIGURE_WIDTH, Svg, num, polyline, wrap};
use crate::text::setting;

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

/// Writes the riffles' distance from uniform, as a line chart
/// ([`riffle_chart`]), to `path`.
pub fn riffle_svg(
    cards: usize,
    distances: &[(u32, f64)],
    path: &std::path::Path,
) -> anyhow::Result<()> {
    std::fs::write(path, riffle_chart(cards, distances))?;
    Ok(())
}

/// Total variation distance from uniform against the number of riffles,
/// as a line with its points marked.
pub fn riffle_chart(cards: usize, distances: &[(u32, f64)]) -> String {
    let width = f64::from(FIGURE_WIDTH);
    let most = distances.iter().map(|(k, _)| *k).max().unwrap_or(1);
    let title = format!("How far {cards} cards are from uniform after k riffles (GSR model)");
    let axes = Axes {
        left: 90.0,
        top: 90.0,
        width: width - 120.0,
        height: 300.0,
        x: (0.0, f64::from(most) + 1.0),
        y: (0.0, 1.0),
    };
    let height = axes.bottom() + 70.0;
    let mut description = format!("{title}: ");
    let points: Vec<String> = distances
        .iter()
        .map(|(k, d)| format!("{k} riffles {d:.3}"))
        .collect();
    description.push_str(&points.join(", "));
    let mut svg = Svg::new(width as u32, height as u32, &title, &description);
    svg.heading(width, 34.0, &wrap(&title, 24, width - 20.0));
    // Every other riffle labelled: 13 labels of 22 px would touch.
    let x_ticks: Vec<(f64, String)> = (0..=most + 1)
        .step_by(2)
        .map(|k| (f64::from(k), k.to_string()))
        .collect();
    let y_ticks: Vec<(f64, String)> = (0..=4)
        .map(|i| (f64::from(i) / 4.0, format!("{:.2}", f64::from(i) / 4.0)))
        .collect();
    axes.draw(&mut svg, &x_ticks, &y_ticks);
    let centre = axes.left + axes.width / 2.0;
    svg.text(
        centre,
        axes.bottom() + 56.0,
        22,
        Anchor::Middle,
        "riffles k",
    );
    svg.vertical_text(22.0, axes.top + axes.height / 2.0, "distance from uniform");
    let line = polyline(
        distances
            .iter()
            .map(|&(k, d)| (axes.px(f64::from(k)), axes.py(d))),
    );
    svg.path(&line, "fill=\"none\" stroke=\"#ff6600\" stroke-width=\"3\"");
    for &(k, d) in distances {
        svg.raw(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"#ff6600\"/>\n",
            num(axes.px(f64::from(k))),
            num(axes.py(d))
        ));
    }
    svg.finish()
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
        let riffles = riffle_chart(52, &[(1, 1.0), (7, 0.334)]);
        assert_readable(&riffles, FIGURE_WIDTH);
        assert!(riffles.contains("7 riffles 0.334"));
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
