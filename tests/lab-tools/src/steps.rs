//! The book's step-by-step picture of Fisher–Yates: one row per step of a
//! seeded run on a few cards, showing the cards still in play, the draw
//! r, the swap, and the final positions growing from the back.

use std::fmt::Write;

use rand::RngExt;

use crate::svg::{Anchor, FIGURE_WIDTH, Svg, wrap};

/// One step of the lab's loop: for k, the draw r and the deck after the
/// swap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub k: usize,
    pub r: usize,
    pub after: Vec<i32>,
}

/// The steps of the lab's efficient selection shuffle of the cards 1 to
/// `cards`, drawing from `grading::seeded(seed)` exactly as the reference
/// does: for k from n − 1 down to 1, r = `random_range(0..=k)`, then swap
/// positions k and r.
pub fn fisher_yates_steps(cards: usize, seed: u64) -> Vec<Step> {
    let mut rng = grading::seeded(seed);
    let mut deck: Vec<i32> = (1..=cards as i32).collect();
    let mut steps = Vec::new();
    for k in (1..cards).rev() {
        let r = rng.random_range(0..=k);
        deck.swap(k, r);
        steps.push(Step {
            k,
            r,
            after: deck.clone(),
        });
    }
    steps
}

/// The steps as the text table the chapter shows: a `|` between the cards
/// in play and the final ones.
pub fn steps_text(cards: usize, seed: u64, steps: &[Step]) -> String {
    let start: Vec<String> = (1..=cards).map(|c| c.to_string()).collect();
    let mut out = format!("{:<14} {}\n", "start", start.join("  "));
    for step in steps {
        let mut row = String::new();
        for (position, card) in step.after.iter().enumerate() {
            let _ = write!(row, "{card}");
            if position + 1 < step.after.len() {
                row.push_str(if position == step.k - 1 { " | " } else { "  " });
            }
        }
        let what = if step.r == step.k {
            format!("r = k: card {} stays", step.after[step.k])
        } else {
            format!("swap positions {} and {}", step.k, step.r)
        };
        let label = format!("k = {}, r = {}", step.k, step.r);
        let _ = writeln!(out, "{label:<14} {row}     {what}");
    }
    let _ = writeln!(out, "(seed {seed})");
    out
}

/// Box side and step between boxes, and the left edge of the first box.
const BOX: f64 = 56.0;
const PITCH: f64 = 66.0;
const DECK_LEFT: f64 = 200.0;
/// Height of one row: the box and the room for the swap's arc above it.
const ROW: f64 = 92.0;
const IN_PLAY: &str = "fill=\"#fff\" stroke=\"#444\" stroke-width=\"2\"";
const FINAL: &str = "fill=\"#b7e4c7\" stroke=\"#444\" stroke-width=\"2\"";
const PLACED: &str = "fill=\"#52b788\" stroke=\"#1b4332\" stroke-width=\"3\"";
const SWAPPED: &str = "fill=\"#fff\" stroke=\"#ff6600\" stroke-width=\"4\"";

/// The steps as an SVG figure: a start row, a row per step (the deck
/// after its swap, the arc of the swap above it, the draw on the left and
/// what happened on the right) and the result.
pub fn steps_svg(cards: usize, seed: u64, steps: &[Step]) -> String {
    let width = f64::from(FIGURE_WIDTH);
    let title = format!(
        "Fisher–Yates on {cards} cards (seed {seed}): for k from {} down to 1, \
         draw r from 0 to k and swap positions k and r",
        cards - 1
    );
    let title_lines = wrap(&title, 24, width - 20.0);
    let header = 14.0 + 30.0 * title_lines.len() as f64 + 30.0;
    let rows = steps.len() + 2;
    let legend_top = header + 36.0 + ROW * rows as f64 - (ROW - BOX) + 24.0;
    let height = legend_top + 40.0;
    let result: Vec<String> = steps
        .last()
        .map_or_else(Vec::new, |s| s.after.iter().map(i32::to_string).collect());
    let mut description = String::from("Start: the cards in order. ");
    for step in steps {
        let _ = write!(
            description,
            "k = {}, r = {}: {}. ",
            step.k,
            step.r,
            if step.k == step.r {
                "the card stays".to_string()
            } else {
                format!("swap positions {} and {}", step.k, step.r)
            }
        );
    }
    let _ = write!(description, "Result: {}.", result.join(", "));
    let mut svg = Svg::new(width as u32, height as u32, &title, &description);
    svg.raw(
        "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
         markerWidth=\"4\" markerHeight=\"4\" orient=\"auto-start-reverse\">\
         <path d=\"M0 0L10 5L0 10z\" fill=\"#ff6600\"/></marker></defs>\n",
    );
    svg.heading(width, 34.0, &title_lines);
    svg.text(DECK_LEFT - 14.0, header, 22, Anchor::End, "position");
    for position in 0..cards {
        let x = DECK_LEFT + PITCH * position as f64 + BOX / 2.0;
        svg.text(x, header, 22, Anchor::Middle, &position.to_string());
    }
    let start: Vec<i32> = (1..=cards as i32).collect();
    let mut row_top = header + 16.0;
    draw_row(&mut svg, row_top, &start, |_| IN_PLAY);
    svg.text(10.0, row_top + 37.0, 22, Anchor::Start, "start");
    for step in steps {
        row_top += ROW;
        let style = |position: usize| {
            if position == step.k {
                PLACED
            } else if position > step.k {
                FINAL
            } else if position == step.r {
                SWAPPED
            } else {
                IN_PLAY
            }
        };
        draw_row(&mut svg, row_top, &step.after, style);
        let label = format!("k = {}, r = {}", step.k, step.r);
        svg.text(10.0, row_top + 37.0, 22, Anchor::Start, &label);
        let centre = |p: usize| DECK_LEFT + PITCH * p as f64 + BOX / 2.0;
        let note_x = DECK_LEFT + PITCH * cards as f64 + 6.0;
        if step.r == step.k {
            svg.text(note_x, row_top + 37.0, 22, Anchor::Start, "r = k: stays");
        } else {
            let (a, b) = (centre(step.r), centre(step.k));
            let lift = 14.0 + 6.0 * (step.k - step.r) as f64;
            let d = format!(
                "M{a} {y}C{a} {top} {b} {top} {b} {y}",
                y = row_top - 3.0,
                top = row_top - 3.0 - lift
            );
            svg.path(
                &d,
                "fill=\"none\" stroke=\"#ff6600\" stroke-width=\"3\" \
                 marker-start=\"url(#head)\" marker-end=\"url(#head)\"",
            );
            let note = format!("swap {} and {}", step.r, step.k);
            svg.text(note_x, row_top + 37.0, 22, Anchor::Start, &note);
        }
    }
    row_top += ROW;
    if let Some(last) = steps.last() {
        draw_row(&mut svg, row_top, &last.after, |_| FINAL);
    }
    svg.text(10.0, row_top + 37.0, 22, Anchor::Start, "result");
    let key = [
        (10.0, IN_PLAY, "in play"),
        (160.0, SWAPPED, "swapped down"),
        (370.0, PLACED, "placed"),
        (520.0, FINAL, "final"),
    ];
    for (x, style, words) in key {
        svg.rect(x, legend_top + 4.0, 26.0, 26.0, style);
        svg.text(x + 34.0, legend_top + 25.0, 22, Anchor::Start, words);
    }
    svg.finish()
}

/// One row of boxes with their cards, each box styled by its position.
fn draw_row<'a>(svg: &mut Svg, top: f64, deck: &[i32], style: impl Fn(usize) -> &'a str) {
    for (position, card) in deck.iter().enumerate() {
        let x = DECK_LEFT + PITCH * position as f64;
        svg.rect(x, top, BOX, BOX, style(position));
        let label = card.to_string();
        svg.text(x + BOX / 2.0, top + 38.0, 28, Anchor::Middle, &label);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::tests::assert_readable;

    /// The steps are the reference's own draws: the same seed through
    /// `solutions::efficient_selection_shuffle` ends in the same deck.
    #[test]
    fn the_steps_are_the_references_draws() {
        for seed in 0..20 {
            let steps = fisher_yates_steps(5, seed);
            let mut deck = [1, 2, 3, 4, 5];
            solutions::efficient_selection_shuffle(&mut deck, &mut grading::seeded(seed));
            assert_eq!(steps.last().unwrap().after, deck, "seed {seed}");
            let ks: Vec<usize> = steps.iter().map(|s| s.k).collect();
            assert_eq!(ks, [4, 3, 2, 1]);
            assert!(steps.iter().all(|s| s.r <= s.k));
        }
    }

    #[test]
    fn the_figure_reads_on_a_phone() {
        let steps = fisher_yates_steps(5, 3);
        let svg = steps_svg(5, 3, &steps);
        assert_readable(&svg, FIGURE_WIDTH);
        let text = steps_text(5, 3, &steps);
        assert!(text.starts_with("start          1  2  3  4  5\n"), "{text}");
        assert_eq!(text.lines().count(), 6);
    }
}
