//! The report wing: what people read, made from [`crate::results::graded::Graded`]
//! alone. `table` is one submission's table and `class_summary` a class's
//! closing lines, which `printing` puts on stdout; `pages` writes the
//! class's page (`class_report`) and each submission's (`feedback_page`)
//! into `--out`, from `html`'s pieces, `charts` and `heatmaps`, and
//! `wording`, what both pages say alike (the run, links, check titles).

pub mod charts;
pub mod class_report;
pub mod class_summary;
pub mod feedback_page;
pub mod heatmaps;
pub mod html;
pub mod pages;
pub mod printing;
pub mod table;
pub mod wording;
