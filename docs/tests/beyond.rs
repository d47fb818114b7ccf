//! Numbers of Going deeper's "Beyond the usual references"
//! (`deeper/beyond.md`) that stand in its tables rather than in a block:
//! each is recomputed here.

use std::path::Path;

use grading::algorithms::riffle_total_variation;
use lab_tools::mixing::riffle_separation;

fn page() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/deeper/beyond.md");
    std::fs::read_to_string(path).expect("deeper/beyond.md")
}

/// The rows of the table whose header begins with `header`, each cell
/// parsed as a number.
fn table(text: &str, header: &str) -> Vec<Vec<f64>> {
    text.lines()
        .skip_while(|line| !line.starts_with(header))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            line.split('|')
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .map(|cell| cell.replace(',', "").parse().expect("a number"))
                .collect()
        })
        .collect()
}

fn three_places(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

/// "Separation distance for riffles": total variation and separation
/// after 1 to 14 riffles of 52 cards, to three places.
#[test]
fn the_separation_table_is_computed() {
    let rows = table(&page(), "| riffles | total variation | separation |");
    assert_eq!(rows.len(), 14, "riffles 1 to 14");
    for (k, row) in (1..=14).zip(&rows) {
        assert_eq!(row[0], f64::from(k));
        assert_eq!(row[1], three_places(riffle_total_variation(52, k)), "{k}");
        assert_eq!(row[2], three_places(riffle_separation(52, k)), "{k}");
    }
}
