//! The book's figures, as SVG: heatmaps of a `fairness` report's position
//! and pair counts, and the riffles' distance from uniform. They are drawn
//! at the width the book shows them, so their text is shown at the size it
//! is set in.

use crate::report::Report;
use crate::text::setting;

/// The width the book's column shows a figure at, in pixels: figures are
/// drawn at this size, so their text is shown at the size it is set in.
pub const FIGURE_WIDTH: u32 = 740;
/// The smallest text a figure uses, in pixels.
pub const SMALLEST_TEXT: u32 = 12;

/// A sans-serif font that the SVG shows `pixels` high, at least
/// [`SMALLEST_TEXT`]. plotters writes a font size of s as s / 1.24 pixels,
/// so the size asked for is scaled up by that (and a hair more).
fn font(pixels: u32) -> (&'static str, f64) {
    ("sans-serif", f64::from(pixels.max(SMALLEST_TEXT)) * 1.25)
}

/// Writes heatmaps of the position and pair counts, each cell coloured by
/// its count over the count a fair shuffle expects: blue below, white at,
/// red above, with the scale beside them and a key for the pair map's
/// grey diagonal.
pub fn svg(report: &Report, path: &std::path::Path) -> anyhow::Result<()> {
    use plotters::prelude::*;

    let n = report.cards;
    let position_expected = report.shuffles as f64 / n as f64;
    let pair_expected = report.shuffles as f64 / (n * (n - 1)) as f64;
    let text = font;
    let root = SVGBackend::new(path, (FIGURE_WIDTH, 430)).into_drawing_area();
    root.fill(&WHITE)?;
    let detail = setting(report).map_or(String::new(), |s| format!(", {s}"));
    let title = format!(
        "{:?}{detail}: {} shuffles of {n} cards, seed {}; verdict: {}",
        report.algorithm, report.shuffles, report.seed, report.verdict
    );
    let root = root.titled(&title, text(15))?;
    let (body, key) = root.split_vertically(370);
    let (maps, legend) = body.split_horizontally(FIGURE_WIDTH - 80);
    let panels = maps.split_evenly((1, 2));
    let heatmaps = [
        (
            &report.positions,
            position_expected,
            "where each card lands",
            "card",
            "position",
        ),
        (
            &report.pairs,
            pair_expected,
            "which card follows which",
            "next card",
            "card",
        ),
    ];
    let step = match n {
        0..=10 => 1,
        11..=25 => 5,
        _ => 10,
    };
    let ticks = n.div_ceil(step) + 1;
    for (panel, (counts, expected, caption, x_label, y_label)) in panels.iter().zip(heatmaps) {
        let mut chart = ChartBuilder::on(panel)
            .caption(caption, text(14))
            .margin(6)
            .x_label_area_size(38)
            .y_label_area_size(46)
            .build_cartesian_2d(0..n, 0..n)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(ticks)
            .y_labels(ticks)
            .x_label_formatter(&|v| {
                if v % step == 0 {
                    v.to_string()
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|v| {
                if v % step == 0 {
                    v.to_string()
                } else {
                    String::new()
                }
            })
            .label_style(text(12))
            .axis_desc_style(text(13))
            .x_desc(x_label)
            .y_desc(y_label)
            .draw()?;
        chart.draw_series(counts.iter().enumerate().flat_map(|(row, cells)| {
            cells.iter().enumerate().map(move |(column, &count)| {
                let ratio = count as f64 / expected;
                let colour = if row == column && y_label == "card" {
                    NEVER
                } else {
                    diverging(ratio)
                };
                Rectangle::new([(column, row), (column + 1, row + 1)], colour.filled())
            })
        }))?;
    }
    let mut scale = ChartBuilder::on(&legend)
        .margin_top(34)
        .margin_bottom(44)
        .margin_left(10)
        .margin_right(30)
        .y_label_area_size(34)
        .build_cartesian_2d(0.0..1.0, 0.0..2.0)?;
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(5)
        .label_style(text(12))
        .draw()?;
    scale.draw_series((0..200).map(|i| {
        let low = i as f64 / 100.0;
        Rectangle::new(
            [(0.0, low), (1.0, low + 0.01)],
            diverging(low + 0.005).filled(),
        )
    }))?;
    // The key: what the colours mean, and the grey that is not a count.
    let swatch = |x: i32, colour: RGBColor, words: &str| -> anyhow::Result<()> {
        key.draw(&Rectangle::new([(x, 14), (x + 14, 28)], colour.filled()))?;
        key.draw(&Rectangle::new(
            [(x, 14), (x + 14, 28)],
            BLACK.stroke_width(1),
        ))?;
        key.draw(&Text::new(words.to_string(), (x + 20, 14), text(12)))?;
        Ok(())
    };
    swatch(10, diverging(0.0), "count / expected below 1")?;
    swatch(210, diverging(2.0), "above 1 (white: as expected)")?;
    swatch(450, NEVER, "a card cannot follow itself")?;
    root.present()?;
    Ok(())
}

/// The pair map's diagonal: a card followed by itself, which no order has.
const NEVER: plotters::style::RGBColor = plotters::style::RGBColor(190, 190, 190);

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

/// Blue for ratios below 1, white at 1, red above; saturates at 0 and 2.
fn diverging(ratio: f64) -> plotters::style::RGBColor {
    let t = (ratio - 1.0).clamp(-1.0, 1.0);
    let fade = |strength: f64| (255.0 * (1.0 - strength)).round() as u8;
    if t < 0.0 {
        plotters::style::RGBColor(fade(-t), fade(-t * 0.6), 255)
    } else {
        plotters::style::RGBColor(255, fade(t * 0.6), fade(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fairness::tests::{REFERENCE, settings};
    use crate::fairness::{Algorithm, measure};

    #[test]
    fn writes_a_readable_svg() {
        let report = measure(&REFERENCE, &settings(Algorithm::Sattolo, 6, 5_000), |_| {});
        let file = tempfile::NamedTempFile::new().unwrap();
        svg(&report, file.path()).unwrap();
        let text = std::fs::read_to_string(file.path()).unwrap();
        assert!(text.starts_with("<svg"));
        for words in [
            "where each card lands",
            "which card follows which",
            "count / expected",
            "a card cannot follow itself",
            "verdict: biased",
        ] {
            assert!(text.contains(words), "{words}");
        }
        assert_readable(&text);
        let distances = [(1, 1.0), (2, 0.5)];
        riffle_svg(52, &distances, file.path()).unwrap();
        assert_readable(&std::fs::read_to_string(file.path()).unwrap());
    }

    /// The figure is drawn at the column's width, so its text is shown at
    /// the size it is set in: at least [`SMALLEST_TEXT`] pixels.
    fn assert_readable(svg: &str) {
        assert!(
            svg.contains(&format!("width=\"{FIGURE_WIDTH}\"")),
            "{}",
            &svg[..200]
        );
        let sizes: Vec<f64> = svg
            .split("font-size=\"")
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
            .collect();
        assert!(!sizes.is_empty());
        for size in sizes {
            assert!(size >= f64::from(SMALLEST_TEXT), "text of {size} px");
        }
    }
}
