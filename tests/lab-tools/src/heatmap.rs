//! Heatmaps of shuffle counts, each cell coloured by its standardised
//! deviation z from what a fair shuffle expects, as compact SVG.
//!
//! A cell that a fair shuffle fills with probability p in each of N
//! trials holds a binomial count c, so z = (c − Np) / √(Np(1 − p)) is
//! about standard normal, whatever N and the deck size. Colouring by z
//! rather than by c / Np shows noise as noise: a fair map is a pale
//! speckle at any N, and a bias of a few standard deviations stands out,
//! where on a ratio scale of 0 to 2 a 3 % excess is invisible.
//!
//! The colour saturates at |z| = [`Z_LIMIT`] = 4. Under a fair shuffle
//! P(|z| > 4) ≈ 6.3e-5, so a 52 × 52 map (2,704 cells) has a fully
//! coloured cell by chance only about one time in six (1 − (1 −
//! 6.3e-5)^2704 ≈ 0.16), and 95 % of its cells are within |z| < 2, at
//! half strength or paler. A larger limit would wash out real biases of
//! 4 to 6 standard deviations; a smaller one would colour plain noise.

use std::fmt::Write;

use crate::svg::{Anchor, SMALLEST_TEXT, Svg, num, wrap};

/// The |z| at which the colour is full.
pub const Z_LIMIT: f64 = 4.0;
/// The colour steps per unit of z: 0.5-wide steps, 8 each side of white.
const STEPS_PER_Z: f64 = 2.0;
/// The side of one map, in pixels.
const MAP: f64 = 300.0;
/// Room left of a map for its tick labels and axis title.
const LEFT: f64 = 64.0;
/// One map's block: room, map and a small gap.
const BLOCK: f64 = LEFT + MAP + 6.0;
/// The grey of cells that cannot happen (a card followed by itself).
const NEVER: &str = "#999";

/// One heatmap: `counts[row][column]`, each cell expected to be hit with
/// `probability` in each of `trials` trials.
#[derive(Debug, Clone, Copy)]
pub struct Panel<'a> {
    pub counts: &'a [Vec<u64>],
    pub trials: f64,
    pub probability: f64,
    /// Whether the diagonal cannot happen, and is drawn grey.
    pub never_diagonal: bool,
    pub caption: &'a str,
    /// The columns' and the rows' names.
    pub x_label: &'a str,
    pub y_label: &'a str,
}

impl Panel<'_> {
    /// The cell's z, or `None` on a diagonal that cannot happen.
    pub fn z(&self, row: usize, column: usize) -> Option<f64> {
        if self.never_diagonal && row == column {
            return None;
        }
        let expected = self.trials * self.probability;
        let sd = (expected * (1.0 - self.probability)).sqrt();
        Some((self.counts[row][column] as f64 - expected) / sd)
    }

    /// The largest |z| over the cells that can happen.
    pub fn max_abs_z(&self) -> f64 {
        let n = self.counts.len();
        (0..n)
            .flat_map(|row| (0..n).filter_map(move |column| self.z(row, column)))
            .fold(0.0, |most, z| f64::max(most, z.abs()))
    }
}

/// One heatmap of position counts (`positions[position][card]`, each row
/// summing to the number of shuffles, N) coloured by z, with `title`
/// above it: the picture a grading page shows of one submission. N is
/// taken as the average row total, so a shuffle that loses cards is
/// drawn as it is.
pub fn heatmap_svg(positions: &[Vec<u64>], title: &str) -> String {
    let n = positions.len().max(1);
    let total: u64 = positions.iter().flatten().sum();
    let panel = Panel {
        counts: positions,
        trials: total as f64 / n as f64,
        probability: 1.0 / n as f64,
        never_diagonal: false,
        caption: "where each card lands",
        x_label: "card",
        y_label: "position",
    };
    heatmaps(title, &[panel])
}

/// The tick labels of an axis of n cells: about five, at multiples of a
/// quarter of n (0, 13, 26, 39 for 52), and the last cell.
fn ticks(n: usize) -> Vec<usize> {
    let step = n.div_ceil(4).max(1);
    let mut ticks: Vec<usize> = (0..n).step_by(step).collect();
    let last = n.saturating_sub(1);
    if ticks.last().is_some_and(|&t| 2 * (last - t) >= step) {
        ticks.push(last);
    }
    ticks
}

/// The colour of a colour step, −8 (z ≤ −4, full blue) to 8 (z ≥ 4, full
/// orange), white at 0.
fn colour(step: i32) -> String {
    let t = f64::from(step.unsigned_abs()) / (Z_LIMIT * STEPS_PER_Z);
    let fade = |strength: f64| (255.0 * (1.0 - strength)).round() as u8;
    let (r, g, b) = if step < 0 {
        (fade(t), fade(0.6 * t), 255)
    } else {
        (255, fade(0.6 * t), fade(t))
    };
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn step_of(z: f64) -> i32 {
    let limit = Z_LIMIT * STEPS_PER_Z;
    (z * STEPS_PER_Z).round().clamp(-limit, limit) as i32
}

/// The cells of one colour as path data in cell units, one subpath per
/// run of neighbouring cells in a row, each moved to from the last: about
/// 12 bytes a cell, where a `<rect>` takes 50 or more.
fn cells_path(cells: &[(usize, usize)]) -> String {
    let mut d = String::new();
    // Where the pen is: each run ends one cell below its top-left corner.
    let (mut x, mut y) = (0i64, 0i64);
    let mut i = 0;
    while i < cells.len() {
        let (row, column) = cells[i];
        let mut run = 1;
        while cells.get(i + run) == Some(&(row, column + run)) {
            run += 1;
        }
        let (cx, cy) = (column as i64, row as i64);
        let (dx, dy) = (cx - x, cy - y);
        let gap = if dy < 0 { "" } else { " " };
        let _ = write!(d, "m{dx}{gap}{dy}h{run}v1h-{run}");
        (x, y) = (cx, cy + 1);
        i += run;
    }
    d
}

/// One or two maps side by side, with `title` above and the colour scale
/// and key below.
pub fn heatmaps(title: &str, panels: &[Panel]) -> String {
    let width = (BLOCK * panels.len() as f64).max(BLOCK);
    let title_lines = wrap(title, 24, width - 20.0);
    let never = panels.iter().any(|p| p.never_diagonal);
    let mut key = vec![
        "z = (count − expected) / standard deviation. Blue: fewer than a fair shuffle \
         expects, orange: more; a fair map is pale speckle (|z| < 2 in 95 % of cells)."
            .to_string(),
    ];
    if never {
        key.push("Grey: a card cannot follow itself.".into());
    }
    let key_lines: Vec<String> = key
        .iter()
        .flat_map(|k| wrap(k, SMALLEST_TEXT, width - 20.0))
        .collect();
    let top = 12.0 + 30.0 * title_lines.len() as f64;
    let map_top = top + 64.0;
    let map_bottom = map_top + MAP;
    let bar_top = map_bottom + 70.0;
    let key_top = bar_top + 50.0;
    let height = (key_top + 28.0 * key_lines.len() as f64 + 6.0).ceil();

    let mut description = format!("{title}. ");
    for panel in panels {
        let n = panel.counts.len();
        let _ = write!(
            description,
            "A {n} by {n} heatmap of {}: {} across, {} up; largest |z| {:.1}. ",
            panel.caption,
            panel.x_label,
            panel.y_label,
            panel.max_abs_z()
        );
    }
    description.push_str(&key.join(" "));
    let mut svg = Svg::new(width as u32, height as u32, title, &description);
    svg.heading(width, 36.0, &title_lines);
    for (i, panel) in panels.iter().enumerate() {
        draw_panel(&mut svg, panel, BLOCK * i as f64 + LEFT, top, map_top);
    }
    draw_scale(&mut svg, width, bar_top);
    for (i, line) in key_lines.iter().enumerate() {
        svg.text(
            10.0,
            key_top + 28.0 * i as f64 + 20.0,
            22,
            Anchor::Start,
            line,
        );
    }
    svg.finish()
}

/// One map with its caption, largest |z|, ticks and axis titles; `left`
/// is the map's left edge.
fn draw_panel(svg: &mut Svg, panel: &Panel, left: f64, top: f64, map_top: f64) {
    let n = panel.counts.len();
    let centre = left + MAP / 2.0;
    svg.text(centre, top + 24.0, 22, Anchor::Middle, panel.caption);
    let most = format!("largest |z| {:.1}", panel.max_abs_z());
    svg.text(centre, top + 52.0, 22, Anchor::Middle, &most);
    // Cells grouped by colour step, in display rows: position 0 at the
    // bottom, as on a chart.
    let mut by_step: std::collections::BTreeMap<i32, Vec<(usize, usize)>> = Default::default();
    let mut never = Vec::new();
    for display_row in 0..n {
        let row = n - 1 - display_row;
        for column in 0..n {
            match panel.z(row, column) {
                None => never.push((display_row, column)),
                Some(z) if step_of(z) != 0 => by_step
                    .entry(step_of(z))
                    .or_default()
                    .push((display_row, column)),
                Some(_) => {}
            }
        }
    }
    let cell = MAP / n.max(1) as f64;
    let _ = writeln!(
        svg,
        "<g transform=\"translate({} {}) scale({})\" shape-rendering=\"crispEdges\">",
        num(left),
        num(map_top),
        (cell * 1000.0).round() / 1000.0
    );
    for (step, cells) in &by_step {
        svg.path(&cells_path(cells), &format!("fill=\"{}\"", colour(*step)));
    }
    if !never.is_empty() {
        svg.path(&cells_path(&never), &format!("fill=\"{NEVER}\""));
    }
    svg.raw("</g>\n");
    svg.rect(left, map_top, MAP, MAP, "fill=\"none\" stroke=\"#444\"");
    for t in ticks(n) {
        let at = (t as f64 + 0.5) * cell;
        let label = t.to_string();
        svg.text(left + at, map_top + MAP + 24.0, 22, Anchor::Middle, &label);
        let y = map_top + MAP - at;
        svg.text(left - 6.0, y + 8.0, 22, Anchor::End, &label);
    }
    svg.text(
        centre,
        map_top + MAP + 52.0,
        22,
        Anchor::Middle,
        panel.x_label,
    );
    svg.vertical_text(left - 44.0, map_top + MAP / 2.0, panel.y_label);
}

/// The colour scale: a bar of the colour steps from z = −4 to 4, with
/// its ends marked as at most and at least.
fn draw_scale(svg: &mut Svg, width: f64, bar_top: f64) {
    let bar = (width - 120.0).min(360.0);
    let left = (width - bar) / 2.0;
    let steps = (Z_LIMIT * STEPS_PER_Z) as i32;
    let each = bar / f64::from(2 * steps + 1);
    for step in -steps..=steps {
        let x = left + each * f64::from(step + steps);
        svg.rect(
            x,
            bar_top,
            each + 0.3,
            18.0,
            &format!("fill=\"{}\"", colour(step)),
        );
    }
    svg.rect(left, bar_top, bar, 18.0, "fill=\"none\" stroke=\"#444\"");
    svg.text(left - 10.0, bar_top + 17.0, 22, Anchor::End, "z");
    for (z, label) in [(-4, "≤ −4"), (-2, "−2"), (0, "0"), (2, "2"), (4, "≥ 4")] {
        let x = left + each * (f64::from(z) * STEPS_PER_Z + f64::from(steps) + 0.5);
        svg.text(x, bar_top + 42.0, 22, Anchor::Middle, label);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::FIGURE_WIDTH;
    use crate::svg::tests::assert_readable;

    #[test]
    fn ticks_are_few_and_end_on_the_last_cell() {
        assert_eq!(ticks(52), [0, 13, 26, 39, 51]);
        assert_eq!(ticks(20), [0, 5, 10, 15, 19]);
        assert_eq!(ticks(13), [0, 4, 8, 12]);
        assert_eq!(ticks(2), [0, 1]);
    }

    #[test]
    fn colours_run_from_blue_through_white_to_orange() {
        assert_eq!(colour(-8), "#0066ff");
        assert_eq!(colour(0), "#ffffff");
        assert_eq!(colour(8), "#ff6600");
        assert_eq!(step_of(0.2), 0);
        assert_eq!(step_of(-1.0), -2);
        assert_eq!(step_of(9.0), 8);
    }

    #[test]
    fn runs_of_cells_are_drawn_as_one() {
        assert_eq!(
            cells_path(&[(0, 0), (0, 1), (2, 5)]),
            "m0 0h2v1h-2m5 1h1v1h-1"
        );
        assert_eq!(cells_path(&[(1, 3), (0, 4)]), "m3 1h1v1h-1m1-2h1v1h-1");
    }

    /// z of a count 2 sd above its mean: N = 100, p = 1/2, sd = 5.
    #[test]
    fn z_is_the_standardised_deviation() {
        let counts = vec![vec![60, 40], vec![40, 60]];
        let panel = Panel {
            counts: &counts,
            trials: 100.0,
            probability: 0.5,
            never_diagonal: false,
            caption: "",
            x_label: "",
            y_label: "",
        };
        assert_eq!(panel.z(0, 0), Some(2.0));
        assert_eq!(panel.z(0, 1), Some(-2.0));
        assert_eq!(panel.max_abs_z(), 2.0);
        let pairs = Panel {
            never_diagonal: true,
            ..panel
        };
        assert_eq!(pairs.z(1, 1), None);
    }

    /// The grading page's picture: one map, readable on a phone, under
    /// 100 KB for 52 cards even when every cell is coloured.
    #[test]
    fn one_map_of_counts_is_compact_and_readable() {
        let positions: Vec<Vec<u64>> = (0..52)
            .map(|row| {
                (0..52)
                    .map(|card| 1900 + (row * 7 + card * 13) % 50)
                    .collect()
            })
            .collect();
        let svg = heatmap_svg(&positions, "Your efficient_selection_shuffle");
        assert_readable(&svg, BLOCK as u32);
        assert!(svg.contains("where each card lands"));
        assert!(svg.len() < 50_000, "{} bytes", svg.len());
        assert!(FIGURE_WIDTH >= BLOCK as u32 * 2);
    }
}
