//! A small SVG writer for the book's figures and grade's class report
//! (its histogram and heatmaps): the document with its
//! `<title>` and `<desc>` (the text alternative screen readers read),
//! the few shapes the figures draw, and the axes of the charts. It writes
//! compactly (coordinates rounded to 0.1 px, font set once on the root)
//! so that two 52 × 52 heatmaps take about 50 KB, where plotters wrote an
//! 87-byte `<rect>` per cell and 490 KB per figure.

use std::fmt::Write;

/// The width the book's column shows a figure at, in pixels.
pub const FIGURE_WIDTH: u32 = 740;
/// The narrowest the figures are shown: a 414 px phone less mdBook's
/// margins.
pub const PHONE_WIDTH: u32 = 380;
/// The smallest text a figure uses, in its own pixels: shown at
/// [`PHONE_WIDTH`], a [`FIGURE_WIDTH`]-wide figure is scaled by 380/740,
/// and 22 px become 11.3 px, the least that reads comfortably.
pub const SMALLEST_TEXT: u32 = 22;

/// An SVG document being written.
#[derive(Debug)]
pub struct Svg {
    out: String,
}

/// A number rounded to 0.1, without a trailing `.0`.
pub fn num(value: f64) -> String {
    let rounded = (value * 10.0).round() / 10.0;
    if rounded == rounded.trunc() {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded:.1}")
    }
}

/// Text made safe inside an XML element or attribute.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// How to place a text on its x coordinate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Svg {
    /// A blank white figure; `title` and `description` are its text
    /// alternative.
    pub fn new(width: u32, height: u32, title: &str, description: &str) -> Svg {
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" role=\"img\" font-family=\"sans-serif\" \
             font-size=\"{SMALLEST_TEXT}\">\n<title>{}</title>\n<desc>{}</desc>\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>\n",
            escape(title),
            escape(description)
        );
        Svg { out }
    }

    /// Writes `words` with its baseline at (x, y), `size` px high (at
    /// least [`SMALLEST_TEXT`]).
    pub fn text(&mut self, x: f64, y: f64, size: u32, anchor: Anchor, words: &str) {
        let anchor = match anchor {
            Anchor::Start => "",
            Anchor::Middle => " text-anchor=\"middle\"",
            Anchor::End => " text-anchor=\"end\"",
        };
        let size = size.max(SMALLEST_TEXT);
        let size = if size == SMALLEST_TEXT {
            String::new()
        } else {
            format!(" font-size=\"{size}\"")
        };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\"{anchor}{size}>{}</text>",
            num(x),
            num(y),
            escape(words)
        );
    }

    /// Writes a figure's title, one centred 24 px line each, the first
    /// baseline at `top` and the next ones 30 px apart.
    pub fn heading(&mut self, width: f64, top: f64, lines: &[String]) {
        for (i, line) in lines.iter().enumerate() {
            self.text(width / 2.0, top + 30.0 * i as f64, 24, Anchor::Middle, line);
        }
    }

    /// Writes `words` turned a quarter anticlockwise, centred on (x, y):
    /// a vertical axis' title.
    pub fn vertical_text(&mut self, x: f64, y: f64, words: &str) {
        let _ = writeln!(
            self.out,
            "<text transform=\"translate({} {}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
            num(x),
            num(y),
            escape(words)
        );
    }

    /// A rectangle; `style` is the rest of its attributes, such as
    /// `fill="#fff" stroke="#000"`.
    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, style: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {style}/>",
            num(x),
            num(y),
            num(width),
            num(height)
        );
    }

    /// A straight line from (x1, y1) to (x2, y2).
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &str) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {style}/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }

    /// A path with data `d`.
    pub fn path(&mut self, d: &str, style: &str) {
        let _ = writeln!(self.out, "<path d=\"{d}\" {style}/>");
    }

    /// Any markup, as it is.
    pub fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// Any markup, written with `write!`.
impl Write for Svg {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.out.push_str(s);
        Ok(())
    }
}

/// The points as path data: `M x y L x y …`, rounded to 0.1.
pub fn polyline(points: impl IntoIterator<Item = (f64, f64)>) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.into_iter().enumerate() {
        let command = if i == 0 { 'M' } else { 'L' };
        let _ = write!(d, "{command}{} {}", num(x), num(y));
    }
    d
}

/// The words broken into lines of at most `width` px of `size` px text,
/// taking an average character as 0.55 of the size (Helvetica and
/// DejaVu Sans average 0.5 to 0.6).
pub fn wrap(words: &str, size: u32, width: f64) -> Vec<String> {
    let most = (width / (0.55 * f64::from(size))).floor().max(1.0) as usize;
    let mut lines: Vec<String> = Vec::new();
    for word in words.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= most => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// A plot area and the data ranges it shows: the book's charts and
/// grade's class report draw on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Axes {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
    pub x: (f64, f64),
    pub y: (f64, f64),
}

impl Axes {
    pub fn px(&self, x: f64) -> f64 {
        self.left + (x - self.x.0) / (self.x.1 - self.x.0) * self.width
    }
    pub fn py(&self, y: f64) -> f64 {
        self.top + self.height - (y - self.y.0) / (self.y.1 - self.y.0) * self.height
    }
    pub fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// The y axis with pale grid lines at `y_ticks`, the x axis line,
    /// the x tick labels and both titles.
    pub fn draw(&self, svg: &mut Svg, x_ticks: &[(f64, String)], y_ticks: &[(f64, String)]) {
        for (y, label) in y_ticks {
            let at = self.py(*y);
            let right = self.left + self.width;
            svg.line((self.left, at), (right, at), "stroke=\"#ddd\"");
            svg.text(self.left - 8.0, at + 8.0, 22, Anchor::End, label);
        }
        for (x, label) in x_ticks {
            let at = self.px(*x);
            svg.text(at, self.bottom() + 26.0, 22, Anchor::Middle, label);
        }
        let axes = format!(
            "M{} {}V{}H{}",
            num(self.left),
            num(self.top),
            num(self.bottom()),
            num(self.left + self.width)
        );
        svg.path(&axes, "fill=\"none\" stroke=\"#444\" stroke-width=\"1.5\"");
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.46), "2.5");
        assert_eq!(num(-0.04), "0");
        assert_eq!(escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
        assert_eq!(polyline([(0.0, 1.0), (2.25, 3.0)]), "M0 1L2.3 3");
        assert_eq!(wrap("aa bb cc", 20, 55.0), ["aa bb", "cc"]);
    }

    /// A figure drawn at `width` px reads at phone width: no text is
    /// smaller than 11 px once it is scaled down to [`PHONE_WIDTH`], and
    /// it has a title for screen readers.
    pub(crate) fn assert_readable(svg: &str, width: u32) {
        assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
        assert!(svg.contains(&format!("width=\"{width}\"")));
        assert!(svg.contains("<title>") && svg.contains("<desc>"));
        let scale = f64::from(PHONE_WIDTH.min(width)) / f64::from(width);
        let sizes: Vec<f64> = svg
            .split("font-size=\"")
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
            .collect();
        assert!(!sizes.is_empty());
        for size in sizes {
            assert!(
                size * scale >= 11.0,
                "text of {size} px, {:.1} px on a phone",
                size * scale
            );
        }
        assert!(svg.len() < 100_000, "{} bytes", svg.len());
    }
}
