//! The report wing: what people read, made from [`crate::results::graded::Graded`]
//! alone. `table` is one submission's table and `class_summary` a class's
//! closing lines, which `printing` puts on stdout; `pages` writes the
//! class's page (`class_report`) and each submission's (`feedback_page`)
//! into `--out`, from `html`'s pieces, `charts`, `heatmaps` and `stops`
//! (the class's stops, grouped), and `wording`, what both pages say alike (the run, links, check titles).
//! `similar_pages` renders the class's [`crate::results::similar::Similar`]:
//! the report's section on submissions alike and a side-by-side page per
//! flagged pair, for the instructor alone.

// The façade: what the command calls (pages, printing, wording) is
// `pub(crate)`; the renderers and their pieces are the wing's own.
mod charts;
mod class_report;
mod class_summary;
mod feedback_page;
mod heatmaps;
mod html;
pub(crate) mod pages;
pub(crate) mod printing;
mod similar_pages;
mod stops;
mod table;
pub(crate) mod wording;
