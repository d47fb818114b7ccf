//! The pieces every page of the class report is made of: escaping, the
//! page around a body, the book's look (mdBook's default light theme, as
//! docs/ builds it) and SVG charts set inline. Pages open from disk: no
//! script, no font, no file from anywhere else, as each page's
//! Content-Security-Policy tells the browser. Every page is a maud
//! template, and every piece of one is a [`Markup`]: text goes in as
//! [`Text`], escaped, and no function here takes or returns HTML as a
//! string, so that nothing a submission wrote can reach a page unescaped
//! by mistake. The only markup that is not built here is a chart's SVG,
//! which comes in as a [`Drawing`], and a message's Markdown, rendered by
//! `results::markdown::to_html`.

use maud::{DOCTYPE, Markup, PreEscaped, Render, html};

/// Text set into a maud template, with the characters HTML gives a
/// meaning escaped, for element content and quoted attribute values alike
/// (`'` as `&#39;`, which maud's own escaping leaves), and any control
/// character (a submission's id may hold one) shown as `\u{1b}`, as on the
/// terminal, so that the pages keep the bytes they had before maud. A
/// value set in without it is still escaped, by maud.
#[derive(Debug, Clone, Copy)]
pub struct Text<'a>(pub &'a str);

impl Render for Text<'_> {
    fn render_to(&self, buffer: &mut String) {
        let text = crate::terminal::escape_controls(self.0);
        pulldown_cmark_escape::escape_html(&mut *buffer, &text)
            .expect("writing to a String cannot fail");
    }
}

/// An SVG drawing made by the book's SVG writer (`lab_tools::svg`, which
/// escapes the text it draws), whole: the one kind of markup a page sets
/// in that grade's templates did not build, which [`figure`] sets inline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawing(String);

impl Drawing {
    /// The SVG that `lab_tools` drew (`Svg::finish`, `heatmap::heatmaps`).
    pub fn from_lab_tools(svg: String) -> Drawing {
        Drawing(svg)
    }

    /// The drawing's SVG, for a test to read.
    #[cfg(test)]
    pub(crate) fn svg(&self) -> &str {
        &self.0
    }
}

pub use crate::terminal::thousands;

/// `name`, an identifier such as `efficient_selection_shuffle`, as HTML
/// that a narrow table may break after each underscore, not mid-word.
pub fn breakable(name: &str) -> Markup {
    let mut parts = name.split('_');
    let first = parts.next().unwrap_or_default();
    html! { (Text(first)) @for part in parts { "_" wbr; (Text(part)) } }
}

/// The book's look: mdBook's light theme's colours, measure and type, with
/// tables that scroll sideways on a narrow screen instead of overflowing
/// it, and charts that shrink to the column.
const STYLE: &str = "
html { font-size: 62.5%; }
body { margin: 0; color: #000; background: #fff; font-size: 1.6rem;
  font-family: \"Open Sans\", \"Helvetica Neue\", Helvetica, Arial, sans-serif;
  line-height: 1.45; overflow-wrap: break-word; }
main { max-width: 750px; margin: 0 auto; padding: 0 15px 40px; }
h1, h2, h3 { line-height: 1.25; }
h1 { margin-top: 2.5rem; font-size: 2.8rem; }
h2 { margin-top: 3.5rem; font-size: 2.2rem; }
h3 { font-size: 1.8rem; }
a { color: #20609f; text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre { font-family: \"Source Code Pro\", Consolas, \"Ubuntu Mono\", Menlo,
  \"DejaVu Sans Mono\", monospace; font-size: 0.875em; }
code { color: #301900; background: #f6f7f6; padding: 0.1em 0.3em; border-radius: 3px; }
pre { background: #f6f7f6; padding: 1rem; overflow-x: auto; border-radius: 3px;
  white-space: pre; line-height: 1.35; }
/* A check's message wraps, keeping its indentation, so that a phone
   shows it whole; a compiler's message keeps its columns and scrolls. */
.message pre { white-space: pre-wrap; }
.message p { margin: 0.3rem 0; }
pre code { background: none; padding: 0; color: inherit; }
.scroll { overflow-x: auto; margin: 1rem 0; }
table { border-collapse: collapse; }
table td, table th { padding: 3px 20px 3px 10px; border: 1px solid #f2f2f2;
  vertical-align: top; }
table thead th { background: #ccc; font-weight: 700; text-align: left; }
table tbody tr:nth-child(2n) { background: #f7f7f7; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.quiet { color: #666; }
.note { background: #f1f6f9; border-left: 4px solid #d9e8f0; padding: 0.5rem 1rem;
  margin: 1rem 0; }
figure { margin: 1.5rem 0; }
figure svg { max-width: 100%; height: auto; display: block; }
figcaption { color: #444; font-size: 1.4rem; }
.bar { display: inline-block; height: 0.8em; background: #4a8fc9; vertical-align: middle; }
ol.mistakes > li { margin-bottom: 1.2rem; }
/* Two submissions side by side, one above the other on a phone; code
   wraps rather than scrolls, so a region's lines stay in view. */
.sides { display: flex; flex-wrap: wrap; gap: 0 2rem; }
.sides > div { flex: 1 1 30rem; min-width: 0; }
.sides pre { white-space: pre-wrap; padding: 0.5rem; }
.ln { display: inline-block; min-width: 3ch; margin-right: 1ch; text-align: right; color: #888; }
mark { background: #fde68a; }
mark.odd { background: #bfe3f7; }
.region { font-size: 0.8em; color: #8a5a00; }
@media (max-width: 500px) {
  h1 { font-size: 2.2rem; }
  .bar { display: none; }
  table td, table th { padding: 3px 8px 3px 6px; }
}
";

/// What a page may load: nothing from anywhere, no script, no form, no
/// `<base>`; only its own stylesheet and style attributes (the bars, the
/// charts' widths) and its inline SVG, which needs no source. Should a
/// submission's text ever reach a page as markup, the browser still
/// fetches nothing and runs nothing, `javascript:` links included.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/// A whole page: `title` in the tab and as its heading, then `body`.
pub fn page(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE) "\n"
        html lang="en" {
            "\n"
            head {
                "\n"
                meta charset="utf-8"; "\n"
                meta http-equiv="Content-Security-Policy" content=(CONTENT_SECURITY_POLICY); "\n"
                meta name="viewport" content="width=device-width, initial-scale=1"; "\n"
                title { (Text(title)) } "\n"
                style { (PreEscaped(STYLE)) } "\n"
            }
            "\n"
            body {
                "\n"
                main { "\n" h1 { (Text(title)) } "\n" (body) }
                "\n"
            }
            "\n"
        }
        "\n"
    }
}

/// The page's text size in `rem`, as [`STYLE`] sets the body's.
const BODY_TEXT_REM: f64 = 1.6;

/// An SVG chart, set inline in a figure with its caption, at the width
/// that sets its labels at the page's text size; a narrower column
/// shrinks it.
pub fn figure(drawing: &Drawing, caption: &str) -> Markup {
    html! {
        figure { "\n" (responsive(drawing)) "\n" figcaption { (Text(caption)) } "\n" }
        "\n"
    }
}

/// `svg` without its XML declaration, sized by its viewBox (the SVG
/// writer sets a fixed width and height, which a narrow column could not
/// shrink), at the width in `rem` that shows its smallest text, its
/// labels, at the page's text size. A width in pixels would set them
/// larger or smaller than the text beside them (the heatmaps' 22 px
/// labels in 740 px read at 21 px in a 720 px column), and one in `rem`
/// follows a reader's own text size.
fn responsive(drawing: &Drawing) -> Markup {
    let svg = drawing.0.as_str();
    let start = svg.find("<svg").unwrap_or(0);
    let svg = &svg[start..];
    let Some(end) = svg.find('>') else {
        return PreEscaped(svg.to_string());
    };
    let (head, rest) = svg.split_at(end);
    let attribute = |name: &str| -> Option<String> {
        let from = head.find(&format!(" {name}=\""))? + name.len() + 3;
        let to = from + head[from..].find('"')?;
        Some(head[from..to].to_string())
    };
    let (Some(width), Some(height)) = (attribute("width"), attribute("height")) else {
        return PreEscaped(svg.to_string());
    };
    let mut new_head = head
        .replacen(&format!(" width=\"{width}\""), "", 1)
        .replacen(&format!(" height=\"{height}\""), "", 1);
    if !new_head.contains("viewBox") {
        new_head.push_str(&format!(" viewBox=\"0 0 {width} {height}\""));
    }
    if !new_head.contains(" role=") {
        new_head.push_str(" role=\"img\"");
    }
    let pixels: f64 = width.parse().unwrap_or(0.0);
    let shown = match smallest_font_size(svg) {
        Some(label) => format!("{:.2}rem", pixels / label * BODY_TEXT_REM),
        None => format!("{width}px"),
    };
    new_head.push_str(&format!(" style=\"width: {shown}\""));
    PreEscaped(format!("{new_head}{rest}"))
}

/// The smallest `font-size` an SVG sets, in its own pixels: its labels.
fn smallest_font_size(svg: &str) -> Option<f64> {
    svg.split(" font-size=\"")
        .skip(1)
        .filter_map(|rest| rest[..rest.find('"')?].parse::<f64>().ok())
        .filter(|size| *size > 0.0)
        .min_by(f64::total_cmp)
}

/// A table: `head` cells, then `rows` of cells. Columns named in
/// `numeric` (by index) are right-aligned.
pub fn table(head: &[&str], rows: &[Vec<Markup>], numeric: &[usize]) -> Markup {
    let class = |i: usize| numeric.contains(&i).then_some("n");
    html! {
        div.scroll {
            table {
                "\n"
                thead { tr { @for (i, cell) in head.iter().enumerate() { th class=[class(i)] { (Text(cell)) } } } }
                "\n"
                tbody {
                    "\n"
                    @for row in rows {
                        tr { @for (i, cell) in row.iter().enumerate() { td class=[class(i)] { (cell) } } }
                        "\n"
                    }
                }
            }
        }
        "\n"
    }
}

/// A table cell holding `text`, escaped as all text is ([`Text`]).
pub fn text_cell(text: &str) -> Markup {
    html! { (Text(text)) }
}

/// The date line every page of a run ends with: the one line that differs
/// between two runs over the same grades.
pub fn date_line(seconds_since_epoch: u64) -> Markup {
    let seconds = i64::try_from(seconds_since_epoch).unwrap_or(i64::MAX);
    let when = time::OffsetDateTime::from_unix_timestamp(seconds)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let written = format!(
        "Written {:04}-{:02}-{:02} {:02}:{:02} UTC",
        when.year(),
        u8::from(when.month()),
        when.day(),
        when.hour(),
        when.minute()
    );
    html! { p.quiet id="date" { (written) } "\n" }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`responsive`] of `svg`, as text.
    fn responsive_svg(svg: &str) -> String {
        responsive(&Drawing::from_lab_tools(svg.to_string())).into_string()
    }

    #[test]
    fn escapes_markup() {
        let escape = |text| Text(text).render().into_string();
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(escape("a\u{1b}]0;t\u{7}"), "a\\u{1b}]0;t\\u{7}");
    }

    #[test]
    fn a_name_may_break_after_each_underscore_and_is_escaped() {
        let broken = |name| breakable(name).into_string();
        assert_eq!(
            broken("efficient_selection_shuffle"),
            "efficient_<wbr>selection_<wbr>shuffle"
        );
        assert_eq!(broken("_a_"), "_<wbr>a_<wbr>");
        assert_eq!(broken(""), "");
        assert_eq!(broken("<b>_'\u{1b}"), "&lt;b&gt;_<wbr>&#39;\\u{1b}");
    }

    #[test]
    fn every_page_loads_nothing_from_outside() {
        let page = page("<x>", html! { p { "body" } }).into_string();
        let head = &page[..page.find("</head>").unwrap()];
        assert!(head.contains(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        ));
        assert!(head.contains("<title>&lt;x&gt;</title>"), "{head}");
    }

    #[test]
    fn large_numbers_have_thousands_separators() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (40_000, "40,000"),
            (40_320, "40,320"),
            (100_000, "100,000"),
            (1_234_567, "1,234,567"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ];
        for (n, written) in cases {
            assert_eq!(thousands(n), written);
        }
    }

    #[test]
    fn dates_are_utc_calendar_dates() {
        let date = |seconds| date_line(seconds).into_string();
        assert!(date(0).contains("1970-01-01 00:00 UTC"));
        // 2024-02-29 12:34 UTC, a leap day.
        assert!(date(1_709_210_040).contains("2024-02-29 12:34 UTC"));
    }

    #[test]
    fn charts_shrink_to_the_column() {
        let svg = "<?xml version=\"1.0\"?>\n<svg width=\"640\" height=\"200\" \
                   xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>";
        let set = responsive_svg(svg);
        assert!(set.starts_with("<svg xmlns="), "{set}");
        assert!(set.contains(" viewBox=\"0 0 640 200\""), "{set}");
        assert!(!set.contains("width=\"640\""));
        assert!(
            set.contains("style=\"width: 640px\""),
            "no text: its own width"
        );
        assert!(
            STYLE.contains("figure svg { max-width: 100%;"),
            "a chart shrinks with a narrow column"
        );
    }

    #[test]
    fn a_chart_is_shown_at_the_width_that_sets_its_labels_at_the_page_text_size() {
        // 16 px labels in a 640 px chart: the page's 1.6rem text, at 64rem.
        let svg = "<svg width=\"640\" height=\"200\"><text font-size=\"16\">a</text></svg>";
        assert!(responsive_svg(svg).contains("style=\"width: 64.00rem\""));
        // The heatmaps' 22 px labels (24 px headings) in 740 px: 53.82rem,
        // 538 px at 16 px text, so that the labels read at 16 px, not 22.
        let svg = "<svg width=\"740\" height=\"500\" viewBox=\"0 0 740 500\" role=\"img\" \
                   font-size=\"22\"><text font-size=\"24\">t</text><text>a</text></svg>";
        let set = responsive_svg(svg);
        assert!(set.contains("style=\"width: 53.82rem\""), "{set}");
        assert_eq!(set.matches("viewBox").count(), 1, "{set}");
        assert_eq!(set.matches("role=").count(), 1, "{set}");
    }
}
