//! Printing the grades on stdout in the format `--format` chose: the
//! terminal's table (ending with the class), the gradebook's CSV, or one
//! submission's results.json; every byte a submission wrote is escaped for
//! the terminal first (see [`crate::terminal`]).

use std::path::Path;

use anyhow::Context;

use crate::cli::Format;
use crate::results::class::Class;
use crate::results::{self, graded::Graded};

/// Prints the grades to stdout in the chosen format; a table of more
/// than one ends with the class's lines. Last, on stderr, where the class
/// report written into `out` is, so that an instructor learns it is there.
pub(crate) fn print(format: Format, class: &Class, out: Option<&Path>) -> anyhow::Result<()> {
    use std::io::Write as _;
    let graded = &class.graded;
    let all: Vec<&Graded> = graded.iter().collect();
    let mut text = String::new();
    match format {
        Format::Table => {
            for result in &all {
                text.push_str(&printed_table(result));
                text.push('\n');
            }
            if all.len() > 1 {
                text.push_str(&crate::report::class_summary::lines(
                    &all,
                    class.similar.as_ref(),
                ));
            }
        }
        Format::Json => {
            text.push_str(&crate::terminal::json(&results::gradescope::results(
                &graded[0],
            ))?);
            text.push('\n');
        }
        Format::Csv => text.push_str(&results::grades_csv::csv(&all)?),
    }
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        // A reader that stopped early (`grade … | head`) wants no more;
        // every grade is already saved wherever --out put it.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
        written => written.context("writing the grades to stdout")?,
    }
    if let Some(out) = out {
        eprintln!(
            "Class report: {} (a feedback page per submission beside it)",
            out.join("index.html").display()
        );
    }
    Ok(())
}

/// `result`'s table, as `grade` prints it: its id on one line, and no
/// control character anywhere.
fn printed_table(result: &Graded) -> String {
    let mut shown = result.clone();
    shown.submission = crate::terminal::one_line(&shown.submission);
    crate::terminal::escape_controls(&crate::report::table::table(&shown))
}
