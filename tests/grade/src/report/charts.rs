//! The class report's own chart, the score distribution, drawn as SVG
//! text to set inline with the book's SVG writer (`lab_tools::svg`), the
//! one the fairness lab's heatmaps come from too (see `heatmaps`).

use lab_tools::svg::{Anchor, Axes, FIGURE_WIDTH, SMALLEST_TEXT, Svg};

use crate::report::html::Drawing;

/// How many bins the score axis is cut into: tenths of the maximum, the
/// steps instructors grade in.
const BINS: usize = 10;

/// The bars' colour, the blue the page's pass-rate bars use.
const BAR: &str = "fill=\"#4a8fc9\"";

/// Submissions per bin of `scores` out of `max`: bin i holds the scores
/// from i/10 up to (i+1)/10 of `max`, the last one `max` itself too.
pub fn bins(scores: &[f64], max: f64) -> [usize; BINS] {
    let mut counts = [0; BINS];
    for &score in scores {
        let share = if max > 0.0 { score / max } else { 0.0 };
        let bin = ((share * BINS as f64).floor() as usize).min(BINS - 1);
        counts[bin] += 1;
    }
    counts
}

/// The histogram of `scores` out of `max`, as SVG: drawn as wide as the
/// book's figures with their label size, so that a page shows it, like
/// them, at the width that sets its labels at the page's text size
/// (`html::figure`).
pub fn histogram(scores: &[f64], max: f64) -> Drawing {
    let counts = bins(scores, max);
    let tallest = counts.iter().copied().max().unwrap_or(0).max(1);
    let range = max.max(1.0);
    let width = f64::from(FIGURE_WIDTH);
    let axes = Axes {
        left: 90.0,
        top: 20.0,
        width: width - 130.0,
        height: 260.0,
        x: (0.0, range),
        y: (0.0, tallest as f64 * 1.1),
    };
    let height = axes.bottom() + 80.0;
    let description = format!(
        "Bars for how many of the {} submissions scored each tenth of the {} points, \
         from 0 on the left to full marks on the right, which the last bar includes; \
         the tallest bar counts {tallest}.",
        scores.len(),
        crate::results::points(max)
    );
    let mut svg = Svg::new(width as u32, height as u32, "Scores", &description);
    let step = range / BINS as f64;
    let x_ticks: Vec<(f64, String)> = (0..=BINS)
        .map(|i| (i as f64 * step, crate::results::points(i as f64 * step)))
        .collect();
    // At most six whole counts up the side, as many as fit.
    let every = tallest.div_ceil(5);
    let y_ticks: Vec<(f64, String)> = (0..=tallest)
        .step_by(every)
        .map(|n| (n as f64, n.to_string()))
        .collect();
    axes.draw(&mut svg, &x_ticks, &y_ticks);
    let middle = axes.left + axes.width / 2.0;
    svg.text(
        middle,
        axes.bottom() + 64.0,
        SMALLEST_TEXT,
        Anchor::Middle,
        "score",
    );
    svg.vertical_text(
        axes.left - 56.0,
        axes.top + axes.height / 2.0,
        "submissions",
    );
    for (i, &n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
        let left = axes.px(i as f64 * step + step * 0.06);
        let right = axes.px(i as f64 * step + step * 0.94);
        let top = axes.py(n as f64);
        svg.rect(left, top, right - left, axes.bottom() - top, BAR);
    }
    Drawing::from_lab_tools(svg.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_marks_fall_in_the_last_bin() {
        let counts = bins(&[0.0, 9.9, 10.0, 95.0, 100.0], 100.0);
        assert_eq!(counts, [2, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
    }

    #[test]
    fn draws_an_svg_with_its_bars() {
        let drawing = histogram(&[10.0, 50.0, 100.0, 100.0], 100.0);
        let svg = drawing.svg();
        assert!(svg.starts_with("<svg"), "{}", &svg[..60]);
        assert_eq!(
            svg.matches("<rect").count() - 1,
            3,
            "a background and three bars"
        );
        assert!(svg.contains("submissions"));
        assert!(svg.contains("<title>Scores</title>"));
    }
}
