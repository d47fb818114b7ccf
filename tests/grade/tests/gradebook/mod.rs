//! The gradebook rows (`grade --format csv`) the tests expect, computed
//! from the registry and the shipped rubric. A table names only the lab
//! exercises a submission earns nothing for; it earns every other one's
//! full points. So neither a new exercise nor new points in the rubric
//! changes a table: the attack and what it cost are all a row says.

// Each test binary that includes this module uses only part of it.
#![allow(dead_code)]

/// The lab exercises a submission earns nothing for.
#[derive(Clone, Copy, Debug)]
pub enum Loses<'a> {
    Nothing,
    Only(&'a [&'a str]),
    Everything,
    /// Full points but for one exercise, which earns only these.
    Part(&'a str, f64),
}

/// Full points per lab exercise, in the gradebook's column order (the
/// registry's), from the shipped rubric: the tests' fast rubric changes
/// only limits.
pub fn full_points() -> Vec<(&'static str, f64)> {
    let rubric = grade::Rubric::parse(grade::DEFAULT_RUBRIC).unwrap();
    workbook::LAB_EXERCISES
        .iter()
        .map(|exercise| (*exercise, rubric.points[*exercise]))
        .collect()
}

/// Points as the gradebook writes them: `20`, `12.25`.
pub fn cell(points: f64) -> String {
    format!("{points}")
}

/// Whether `source` defines `exercise`'s function: a fixture written
/// before the exercise was added does not, and loses it.
pub fn defines(source: &str, exercise: &str) -> bool {
    source.contains(&format!("fn {exercise}"))
}

/// The line of submission `id`, whose source is `source`: 0 for each
/// exercise it loses, full points for the others, then `status` and no
/// bonus check passed. An exercise the source does not define (one added
/// after its table was written) earns nothing too, and makes a graded
/// submission "partly compiled", as `missing_function` shows.
pub fn row(id: &str, loses: Loses<'_>, status: &str, source: &str) -> String {
    let mut status = status;
    let mut total = 0.0;
    let mut max = 0.0;
    let mut cells = Vec::new();
    for (exercise, full) in full_points() {
        max += full;
        let defined = defines(source, exercise);
        if !defined && status == "graded" {
            status = "partly compiled";
        }
        let lost = !defined
            || match loses {
                Loses::Nothing | Loses::Part(..) => false,
                Loses::Only(these) => these.contains(&exercise),
                Loses::Everything => true,
            };
        let points = match loses {
            _ if lost => 0.0,
            Loses::Part(part, earned) if part == exercise => earned,
            _ => full,
        };
        total += points;
        cells.push(cell(points));
    }
    format!(
        "{id},{},{},{},{status},0",
        cell(total),
        cell(max),
        cells.join(",")
    )
}

/// The line of a submission that did not compile: nothing earned.
pub fn did_not_compile(id: &str) -> String {
    row(id, Loses::Everything, "did not compile", "")
}

/// A submission's Rust source: `<submission>.rs`, or every `.rs` file of
/// the folder `<submission>/`.
pub fn source_of(submission: &std::path::Path) -> String {
    let file = submission.with_extension("rs");
    if file.is_file() {
        return std::fs::read_to_string(file).unwrap();
    }
    let mut text = String::new();
    let mut folders = vec![submission.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                text += &std::fs::read_to_string(path).unwrap();
            }
        }
    }
    text
}

/// Asserts that `csv` holds `row` as one of its lines.
pub fn assert_has_row(csv: &str, row: &str) {
    assert!(
        csv.lines().any(|line| line == row),
        "missing row {row} in\n{csv}"
    );
}

/// [`assert_has_row`] for a run with `--out out`: a missing row also
/// shows the first line of each check that cost its submission points, so
/// that a failure seen once in CI says why.
pub fn assert_has_row_in(out: &std::path::Path, csv: &str, row: &str) {
    if csv.lines().any(|line| line == row) {
        return;
    }
    let id = row.split(',').next().unwrap_or_default();
    let results = out.join("submissions").join(id).join("results.json");
    let text = std::fs::read_to_string(&results).unwrap_or_default();
    let results: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let lost: Vec<String> = results["tests"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|test| test["score"] != test["max_score"])
        .map(|test| {
            let first = test["output"].as_str().unwrap_or("").lines().next();
            format!("{}: {}", test["name"], first.unwrap_or(""))
        })
        .collect();
    panic!(
        "missing row {row} in\n{csv}\n{id}'s checks that lost points:\n{}",
        lost.join("\n")
    );
}
