//! The book's charts, as compact SVG: the naive swap's 27 paths against
//! Fisher–Yates' 6 as a bar chart, and the chi-square density with its
//! critical values. Their numbers are computed here, from the shuffles'
//! own code and from statrs, never typed in.

use std::f64::consts::TAU;
use std::fmt::Write;

use statrs::distribution::{Binomial, ChiSquared, Continuous, Discrete};

use grading::algorithms::{self, naive_shuffle};
use grading::stats;
use grading::{Implementation, ScriptedRng};

use crate::svg::{Anchor, Axes, FIGURE_WIDTH, Svg, num, polyline, wrap};

/// The six orders of three cards, in the book's order (123 … 321), with
/// how many of the naive swap's 27 paths and of Fisher–Yates' 6 reach
/// each. Every path is run through the shuffles' own code with a
/// scripted source: `grading::algorithms::naive_shuffle` and the
/// implementation's `efficient_selection_shuffle`.
pub fn three_card_paths(implementation: &Implementation) -> Vec<(String, u64, u64)> {
    let mut naive = [0u64; 6];
    let mut fair = [0u64; 6];
    for path in 0..27 {
        let script = [(path / 9, 3), (path / 3 % 3, 3), (path % 3, 3)];
        let mut deck = [1, 2, 3];
        naive_shuffle(&mut deck, &mut ScriptedRng::new(script));
        naive[rank(&deck)] += 1;
    }
    for path in 0..6 {
        let script = [(path / 2, 3), (path % 2, 2)];
        let mut deck = [1, 2, 3];
        (implementation.efficient_selection_shuffle)(&mut deck, &mut ScriptedRng::new(script));
        fair[rank(&deck)] += 1;
    }
    (0..6)
        .map(|rank| {
            let order = algorithms::order_at(rank, 3);
            let name: String = order.iter().map(|c| char::from(b'1' + *c as u8)).collect();
            (name, naive[rank], fair[rank])
        })
        .collect()
}

/// The lexicographic rank of an order of the cards 1, 2, 3.
fn rank(deck: &[i32; 3]) -> usize {
    let order: Vec<usize> = deck.iter().map(|&c| c as usize - 1).collect();
    algorithms::lexicographic_rank(&order)
}

const NAIVE: &str = "#ff6600";
const FAIR: &str = "#0066ff";

/// The bar chart of [`three_card_paths`]: for each order, the naive
/// swap's probability (paths of 27) beside Fisher–Yates' (1 of 6).
pub fn paths_svg(paths: &[(String, u64, u64)]) -> String {
    let width = f64::from(FIGURE_WIDTH);
    let naive_total: u64 = paths.iter().map(|p| p.1).sum();
    let fair_total: u64 = paths.iter().map(|p| p.2).sum();
    let title = format!(
        "Three cards: the naive swap's {naive_total} paths against Fisher–Yates' {fair_total}"
    );
    let axes = Axes {
        left: 84.0,
        top: 120.0,
        width: width - 104.0,
        height: 330.0,
        x: (0.0, paths.len() as f64),
        y: (0.0, 0.2),
    };
    let height = axes.bottom() + 90.0;
    let mut description = format!("{title}. ");
    for (order, naive, fair) in paths {
        let _ = write!(
            description,
            "{order}: naive {naive}/{naive_total}, Fisher–Yates {fair}/{fair_total}. "
        );
    }
    let mut svg = Svg::new(width as u32, height as u32, &title, &description);
    svg.heading(width, 34.0, &wrap(&title, 24, width - 20.0));
    let y_ticks: Vec<(f64, String)> = [0.0, 0.05, 0.1, 0.15, 0.2]
        .iter()
        .map(|&y| (y, format!("{y:.2}")))
        .collect();
    let x_ticks: Vec<(f64, String)> = paths
        .iter()
        .enumerate()
        .map(|(i, p)| (i as f64 + 0.5, p.0.clone()))
        .collect();
    axes.draw(&mut svg, &x_ticks, &y_ticks);
    svg.vertical_text(22.0, axes.top + axes.height / 2.0, "probability");
    let bar = axes.width / paths.len() as f64 * 0.36;
    for (i, (_, naive, fair)) in paths.iter().enumerate() {
        let centre = axes.px(i as f64 + 0.5);
        for (x, count, total, colour) in [
            (centre - bar - 2.0, naive, naive_total, NAIVE),
            (centre + 2.0, fair, fair_total, FAIR),
        ] {
            let p = *count as f64 / total as f64;
            let top = axes.py(p);
            let style = format!("fill=\"{colour}\"");
            svg.rect(x, top, bar, axes.bottom() - top, &style);
            let label = format!("{count}/{total}");
            svg.text(x + bar / 2.0, top - 8.0, 22, Anchor::Middle, &label);
        }
    }
    // The fair line over the bars, so that each bar's gap to it shows.
    let sixth = axes.py(1.0 / 6.0);
    let right = axes.left + axes.width;
    svg.line(
        (axes.left, sixth),
        (right, sixth),
        "stroke=\"#444\" stroke-width=\"2\" stroke-dasharray=\"6 4\"",
    );
    let key_y = axes.bottom() + 70.0;
    svg.rect(10.0, key_y - 20.0, 24.0, 24.0, &format!("fill=\"{NAIVE}\""));
    let naive_key = format!("naive swap: {naive_total} paths");
    svg.text(42.0, key_y, 22, Anchor::Start, &naive_key);
    svg.rect(300.0, key_y - 20.0, 24.0, 24.0, &format!("fill=\"{FAIR}\""));
    let fair_key = format!("Fisher–Yates: {fair_total}");
    svg.text(332.0, key_y, 22, Anchor::Start, &fair_key);
    svg.line(
        (500.0, key_y - 8.0),
        (540.0, key_y - 8.0),
        "stroke=\"#444\" stroke-dasharray=\"6 4\"",
    );
    svg.text(548.0, key_y, 22, Anchor::Start, "fair: 1/6");
    svg.finish()
}

/// The chi-square density for `df` degrees of freedom, from 0 to a bit
/// past the α = 1e-6 critical value, with the α = 0.05 rejection region
/// shaded, both critical values marked, and `statistic` if given.
pub fn chi_square_svg(df: f64, statistic: Option<f64>) -> anyhow::Result<String> {
    let density = ChiSquared::new(df)?;
    let width = f64::from(FIGURE_WIDTH);
    let five_percent = stats::critical_value(df, 0.05);
    let millionth = stats::critical_value(df, stats::ALPHA);
    let x_end = (millionth * 1.12).ceil();
    // The density's peak, at df − 2 (at 0 for df ≤ 2, where it is
    // unbounded for df < 2: cut at the value at 0.05).
    let peak = density.pdf((df - 2.0).max(0.05));
    let title = format!(
        "The χ² distribution with {df} degrees of freedom: where a fair shuffle's statistic falls"
    );
    let axes = Axes {
        left: 90.0,
        top: 100.0,
        width: width - 120.0,
        height: 300.0,
        x: (0.0, x_end),
        // Headroom above the peak for the labels.
        y: (0.0, peak * 1.55),
    };
    let height = axes.bottom() + 70.0;
    let description = format!(
        "{title}. The density rises from 0 to a peak near {} and falls towards 0. \
         The tail beyond {five_percent:.2}, shaded, holds 5 % of fair results; \
         beyond {millionth:.2}, the line the workbook uses (alpha = 1e-6), only one in a million, \
         too thin to see.{}",
        num((df - 2.0).max(0.0)),
        statistic.map_or(String::new(), |s| format!(
            " A statistic of {s} is marked: a fair shuffle scores higher with probability {:.2}.",
            stats::upper_tail(df, s)
        ))
    );
    let mut svg = Svg::new(width as u32, height as u32, &title, &description);
    svg.heading(width, 34.0, &wrap(&title, 24, width - 20.0));
    let step = if x_end > 60.0 { 20.0 } else { 10.0 };
    let x_ticks: Vec<(f64, String)> = (0..)
        .map(|i| f64::from(i) * step)
        .take_while(|&x| x <= x_end)
        .map(|x| (x, num(x)))
        .collect();
    axes.draw(&mut svg, &x_ticks, &[]);
    svg.text(
        axes.left + axes.width / 2.0,
        axes.bottom() + 56.0,
        22,
        Anchor::Middle,
        "the statistic, χ²",
    );
    svg.vertical_text(axes.left - 24.0, axes.top + axes.height / 2.0, "density");
    // 400 points: the curve is smooth at the figure's 620 px.
    let point = |x: f64| (axes.px(x), axes.py(density.pdf(x).min(peak * 1.55)));
    let xs = |from: f64, to: f64| (0..=400).map(move |i| from + (to - from) * f64::from(i) / 400.0);
    let start = if df < 2.0 { 0.05 } else { 0.0 };
    let curve = polyline(xs(start, x_end).map(point));
    let tail = format!(
        "{}L{} {}L{} {}z",
        polyline(xs(five_percent, x_end).map(point)),
        num(axes.px(x_end)),
        num(axes.bottom()),
        num(axes.px(five_percent)),
        num(axes.bottom())
    );
    svg.path(&tail, "fill=\"#ffb380\"");
    svg.path(
        &curve,
        "fill=\"none\" stroke=\"#0066ff\" stroke-width=\"3\"",
    );
    // Each critical value's label on the side away from the other's.
    let mark = |svg: &mut Svg, x: f64, colour: &str, anchor: Anchor, lines: &[String]| {
        let at = axes.px(x);
        let style = format!("stroke=\"{colour}\" stroke-width=\"2\" stroke-dasharray=\"6 4\"");
        svg.line((at, axes.top + 10.0), (at, axes.bottom()), &style);
        let side = if anchor == Anchor::End { -8.0 } else { 8.0 };
        for (i, line) in lines.iter().enumerate() {
            let y = axes.top + 30.0 + 28.0 * i as f64;
            svg.text(at + side, y, 22, anchor, line);
        }
    };
    mark(
        &mut svg,
        five_percent,
        "#cc5200",
        Anchor::Start,
        &[
            format!("{five_percent:.2}"),
            "α = 0.05:".into(),
            "5 % beyond".into(),
        ],
    );
    mark(
        &mut svg,
        millionth,
        "#c00",
        Anchor::End,
        &[
            format!("{millionth:.2}"),
            "α = 10⁻⁶: one in a".into(),
            "million beyond".into(),
        ],
    );
    if let Some(s) = statistic {
        let at = axes.px(s);
        let y = axes.py(density.pdf(s));
        svg.raw(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"7\" fill=\"#1b4332\"/>\n",
            num(at),
            num(y)
        ));
        // The label above the curve, with a leader down to the point.
        let p = format!("p = {:.2}", stats::upper_tail(df, s));
        svg.text(at, axes.top + 30.0, 22, Anchor::Middle, &s.to_string());
        svg.text(at, axes.top + 58.0, 22, Anchor::Middle, &p);
        svg.line((at, axes.top + 68.0), (at, y - 8.0), "stroke=\"#1b4332\"");
    }
    Ok(svg.finish())
}

/// The two-sided chance that a normal value lands at least `z` standard
/// deviations from its mean: z² is then a chi-square with 1 degree of
/// freedom, so this is that distribution's upper tail at z².
pub fn normal_two_sided(z: f64) -> f64 {
    stats::upper_tail(1.0, z * z)
}

/// The heads in `flips` fair coin flips against the normal curve with the
/// same mean and standard deviation: the binomial chance of each count
/// from 4 standard deviations below the mean to 4 above, as bars, the
/// curve over them, and the bars at |z| ≥ 2 shaded.
pub fn bell_svg(flips: u64) -> anyhow::Result<String> {
    let binomial = Binomial::new(0.5, flips)?;
    let mean = flips as f64 / 2.0;
    let sd = (flips as f64 / 4.0).sqrt();
    let (low, high) = (mean - 4.0 * sd, mean + 4.0 * sd);
    let curve = |x: f64| (-0.5 * ((x - mean) / sd).powi(2)).exp() / (sd * TAU.sqrt());
    let peak = curve(mean);
    let width = f64::from(FIGURE_WIDTH);
    let title = format!("Heads in {flips} fair flips, and the normal curve");
    let axes = Axes {
        left: 90.0,
        top: 110.0,
        width: width - 120.0,
        height: 300.0,
        x: (low - 0.5, high + 0.5),
        y: (0.0, peak * 1.25),
    };
    let height = axes.bottom() + 130.0;
    let two = stats::binomial_two_sided((mean + 2.0 * sd).round() as u64, flips, 0.5);
    let description = format!(
        "{title}. Bars for each count of heads from {low} to {high}, highest at {mean}; \
         a smooth bell-shaped curve through their tops. The bars {} or more \
         standard deviations ({}) from {mean} are shaded: together {:.1} % for the \
         coin, {:.1} % under the curve.",
        2,
        num(2.0 * sd),
        100.0 * two,
        100.0 * normal_two_sided(2.0)
    );
    let mut svg = Svg::new(width as u32, height as u32, &title, &description);
    svg.heading(width, 34.0, &wrap(&title, 24, width - 20.0));
    let x_ticks: Vec<(f64, String)> = (-4..=4)
        .step_by(2)
        .map(|z| {
            let heads = mean + f64::from(z) * sd;
            (heads, num(heads))
        })
        .collect();
    axes.draw(&mut svg, &x_ticks, &[]);
    for z in (-4..=4).step_by(2) {
        let at = axes.px(mean + f64::from(z) * sd);
        let label = if z == 0 {
            "z 0".to_string()
        } else {
            format!("{z:+}")
        };
        svg.text(
            at,
            axes.bottom() + 54.0,
            22,
            Anchor::Middle,
            &label.replace('-', "−"),
        );
    }
    svg.text(
        axes.left + axes.width / 2.0,
        axes.bottom() + 86.0,
        22,
        Anchor::Middle,
        "heads (above), and z (below)",
    );
    svg.vertical_text(axes.left - 24.0, axes.top + axes.height / 2.0, "chance");
    let bar = axes.width / (high - low + 1.0) * 0.8;
    for heads in (low as u64)..=(high as u64) {
        let chance = binomial.pmf(heads);
        let far = (heads as f64 - mean).abs() >= 2.0 * sd;
        let colour = if far { "#ff6600" } else { "#9ec5ff" };
        let top = axes.py(chance);
        let x = axes.px(heads as f64) - bar / 2.0;
        svg.rect(
            x,
            top,
            bar,
            axes.bottom() - top,
            &format!("fill=\"{colour}\""),
        );
    }
    let points = (0..=400).map(|i| low - 0.5 + (high - low + 1.0) * f64::from(i) / 400.0);
    svg.path(
        &polyline(points.map(|x| (axes.px(x), axes.py(curve(x))))),
        "fill=\"none\" stroke=\"#1b4332\" stroke-width=\"3\"",
    );
    let key_y = axes.bottom() + 120.0;
    svg.rect(10.0, key_y - 20.0, 24.0, 24.0, "fill=\"#ff6600\"");
    let shaded = format!(
        "|z| ≥ 2: {:.1} % (normal {:.1} %)",
        100.0 * two,
        100.0 * normal_two_sided(2.0)
    );
    svg.text(42.0, key_y, 22, Anchor::Start, &shaded);
    Ok(svg.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fairness::tests::REFERENCE;
    use crate::svg::tests::assert_readable;

    /// The book's table: 4, 5, 5, 5, 4, 4 paths of 27 against 1 of 6.
    #[test]
    fn the_paths_are_counted_from_the_shuffles() {
        let paths = three_card_paths(&REFERENCE);
        let names: Vec<&str> = paths.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(names, ["123", "132", "213", "231", "312", "321"]);
        let naive: Vec<u64> = paths.iter().map(|p| p.1).collect();
        assert_eq!(naive, [4, 5, 5, 5, 4, 4]);
        assert!(paths.iter().all(|p| p.2 == 1));
        let svg = paths_svg(&paths);
        assert_readable(&svg, FIGURE_WIDTH);
        assert!(svg.contains(">5/27<") && svg.contains(">1/6<"));
    }

    /// The statistics chapter's numbers: 11.07 at α = 0.05 and 35.89 at
    /// α = 1e-6 on 5 df; 3.68 has p = 0.60.
    #[test]
    fn the_density_marks_the_critical_values() {
        let svg = chi_square_svg(5.0, Some(3.68)).unwrap();
        assert_readable(&svg, FIGURE_WIDTH);
        for words in [">11.07<", ">35.89<", ">3.68<", ">p = 0.60<"] {
            assert!(svg.contains(words), "{words}");
        }
        assert!(chi_square_svg(1.0, None).is_ok());
        assert!(chi_square_svg(0.0, None).is_err());
    }

    /// The statistics chapter's bell curve: 100 flips, 5.7 % of them 2 or
    /// more standard deviations out, against the normal curve's 4.6 %.
    #[test]
    fn the_bell_curve_shades_the_tails() {
        let svg = bell_svg(100).unwrap();
        assert_readable(&svg, FIGURE_WIDTH);
        assert!(svg.contains("5.7 % (normal 4.6 %)"), "{svg}");
        assert!((normal_two_sided(3.0) * 370.0 - 1.0).abs() < 0.01);
    }
}
