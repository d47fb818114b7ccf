//! The gradebook's lines. Its first cell is a submission's id, a file or
//! folder name the student chose, and a spreadsheet runs a cell that
//! begins with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(…)` is a
//! link that leaks whatever it is given). As OWASP recommends for CSV
//! injection, such a cell gets a leading `'`, which makes it text, and is
//! quoted; every control character in it is shown as `\u{..}`, as on the
//! terminal, so neither a tab nor a carriage return can lead it, and a
//! line break cannot forge a row. Other ids are written byte for byte as
//! before.

/// The header line.
pub fn header(cells: &[String]) -> anyhow::Result<String> {
    line(cells)
}

/// The line of `submission`'s grade: its id, then `cells`.
pub fn row(submission: &str, cells: &[String]) -> anyhow::Result<String> {
    row_of(&[submission], cells)
}

/// A line that begins with the ids of one or more submissions (a pair of
/// `similarity.csv`), each made safe as [`row`] makes one, then `cells`.
pub fn row_of(submissions: &[&str], cells: &[String]) -> anyhow::Result<String> {
    let mut fields = submissions
        .iter()
        .map(|id| id_field(id))
        .collect::<anyhow::Result<Vec<String>>>()?;
    for cell in cells {
        fields.push(field(cell)?);
    }
    Ok(fields.join(",") + "\n")
}

/// A submission's id as one field of a line: no control character, and a
/// formula made text by a leading `'` and quoted.
fn id_field(submission: &str) -> anyhow::Result<String> {
    let id = crate::terminal::one_line(submission);
    if !id.starts_with(['=', '+', '-', '@']) {
        return field(&id);
    }
    let cell = format!("'{id}");
    let written = field(&cell)?;
    if written.starts_with('"') {
        // The writer quoted it already: it holds a comma or a quote.
        return Ok(written);
    }
    // It holds no quote, comma or line break, or the writer would have
    // quoted it: it can be quoted as it is.
    Ok(format!("\"{cell}\""))
}

/// One field as the CSV writer writes it within a line (it writes a line
/// of one empty field as `""`, which within a line is nothing).
fn field(cell: &str) -> anyhow::Result<String> {
    if cell.is_empty() {
        return Ok(String::new());
    }
    let written = line(&[cell.to_string()])?;
    Ok(written.trim_end_matches('\n').to_string())
}

fn line(cells: &[String]) -> anyhow::Result<String> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(cells)?;
    Ok(String::from_utf8(writer.into_inner()?)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells() -> Vec<String> {
        vec!["100".into(), "graded".into()]
    }

    #[test]
    fn an_ordinary_id_is_written_as_before() {
        assert_eq!(row("ada", &cells()).unwrap(), "ada,100,graded\n");
        assert_eq!(row("a, b", &cells()).unwrap(), "\"a, b\",100,graded\n");
    }

    #[test]
    fn no_cell_begins_a_formula() {
        let hyperlink = "=HYPERLINK(\"http://x\",\"y\")";
        assert_eq!(
            row(hyperlink, &cells()).unwrap(),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",100,graded\n"
        );
        for id in ["+1", "-2", "@SUM(A1)", "=1+1"] {
            let line = row(id, &cells()).unwrap();
            assert_eq!(line, format!("\"'{id}\",100,graded\n"));
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .from_reader(line.as_bytes());
            let record = reader.records().next().unwrap().unwrap();
            assert_eq!(&record[0], format!("'{id}"));
        }
    }

    #[test]
    fn a_pair_makes_both_ids_safe() {
        assert_eq!(
            row_of(&["ada", "=1+1"], &["0.93".into()]).unwrap(),
            "ada,\"'=1+1\",0.93\n"
        );
        assert_eq!(row_of(&["a\nb", "c"], &[]).unwrap(), "a\\u{a}b,c\n");
    }

    #[test]
    fn controls_cannot_lead_a_cell_or_break_a_row() {
        assert_eq!(
            row("\t=1\r\nforged,100", &cells()).unwrap(),
            "\"\\u{9}=1\\u{d}\\u{a}forged,100\",100,graded\n"
        );
    }
}
