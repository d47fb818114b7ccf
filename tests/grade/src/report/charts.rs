//! The class report's own chart, the score distribution, drawn with
//! plotters as SVG text to set inline. (The heatmaps are the fairness
//! lab's; see `heatmaps`.)

use plotters::prelude::*;

/// The chart's size in pixels. A page shows it at the width that sets
/// its labels at the page's text size (`html::figure`), about 560 px; on
/// a phone's 384 px column they still read at 11 px.
const WIDTH: u32 = 560;
const HEIGHT: u32 = 240;

/// The labels' font size as plotters takes it; its SVG writes 0.806 of
/// it, 16.1 px.
const FONT: f64 = 20.0;

/// How many bins the score axis is cut into: tenths of the maximum, the
/// steps instructors grade in.
const BINS: usize = 10;

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

/// The histogram of `scores` out of `max`, as SVG.
pub fn histogram(scores: &[f64], max: f64) -> anyhow::Result<String> {
    let counts = bins(scores, max);
    let tallest = counts.iter().copied().max().unwrap_or(0).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE)?;
        let font = ("sans-serif", FONT);
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            // Room for half of the last score label, "100", past the axis.
            .margin_right(28)
            .x_label_area_size(50)
            .y_label_area_size(50)
            .build_cartesian_2d(0.0..max.max(1.0), 0.0..tallest as f64 * 1.1)?;
        let step = max.max(1.0) / BINS as f64;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .x_labels(BINS + 1)
            .y_labels(tallest.min(5) + 1)
            .x_label_formatter(&|v| crate::results::points(*v))
            .y_label_formatter(&|v| {
                if v.fract() == 0.0 {
                    format!("{v}")
                } else {
                    String::new()
                }
            })
            .label_style(font)
            .axis_desc_style(font)
            .x_desc("score")
            .y_desc("submissions")
            .draw()?;
        chart.draw_series(
            counts
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(i, &n)| {
                    let left = i as f64 * step;
                    Rectangle::new(
                        [(left + step * 0.06, 0.0), (left + step * 0.94, n as f64)],
                        RGBColor(74, 143, 201).filled(),
                    )
                }),
        )?;
        root.present()?;
    }
    Ok(svg)
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
        let svg = histogram(&[10.0, 50.0, 100.0, 100.0], 100.0).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..60]);
        assert_eq!(
            svg.matches("<rect").count() - 1,
            3,
            "a background and three bars"
        );
        assert!(svg.contains("submissions"));
    }
}
