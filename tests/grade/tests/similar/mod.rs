//! Who copied whom, as an instructor meets it: `grade --out` flags a
//! disguised copy and a verbatim one, leaves independent answers alone,
//! writes `similarity.csv` and a side-by-side page per flagged pair with
//! every byte of the students' code and names escaped, keeps each
//! student's own pages free of anyone else's code, and `--similarity off`
//! takes every trace of an earlier comparison away.

use std::fs;
use std::path::Path;

use crate::grade;

/// An independent answer from the detector's own corpus.
fn independent(name: &str) -> String {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../similarity/corpus/independent");
    fs::read_to_string(corpus.join(name)).unwrap()
}

/// What only ada wrote: no one else's page may show it.
const ADA_ONLY: &str = "ada_only_helper";

/// A string that would be markup if a page set it in raw.
const MARKUP: &str = "</pre><img src=x onerror=alert(1)>";

/// A class of five: ada; bob, who copied ada and renamed her variables;
/// cy and dee, who worked alone; and a student whose file name is both a
/// spreadsheet formula and markup, who handed in cy's answer as it was.
fn class(folder: &Path) -> String {
    let ada = format!(
        "{}\npub fn {ADA_ONLY}() -> &'static str {{\n    \"{MARKUP}\"\n}}\n",
        independent("s01.rs")
    );
    let bob = independent("s01.rs")
        .replace("shuffled", "result")
        .replace("values", "deck")
        .replace("mid", "half");
    let eve = "=<i>eve";
    for (name, text) in [
        ("ada", ada.as_str()),
        ("bob", bob.as_str()),
        ("cy", &independent("s05.rs")),
        ("dee", &independent("s07.rs")),
        (eve, &independent("s05.rs")),
    ] {
        fs::write(folder.join(format!("{name}.rs")), text).unwrap();
    }
    eve.to_string()
}

fn text_of(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn copies_are_flagged_for_the_instructor_alone() {
    let class_dir = tempfile::tempdir().unwrap();
    let eve = class(class_dir.path());
    let out = tempfile::tempdir().unwrap();
    let run = grade()
        .arg(class_dir.path())
        .arg("--out")
        .arg(out.path())
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let table = String::from_utf8(run.stdout).unwrap();
    let summary = table.lines().last().unwrap();
    assert!(
        summary.starts_with("  alike (similarity 0.50 or more): 2 pairs ("),
        "{summary}"
    );
    assert!(summary.contains("ada and bob "), "{summary}");
    assert!(summary.contains(&format!("{eve} and cy 1.00")), "{summary}");

    // The gradebook of pairs: exactly the two copies, the formula made text.
    let csv = text_of(&out.path().join("similarity.csv"));
    let mut rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.remove(0), "submission_a,submission_b,similarity");
    assert_eq!(rows.len(), 2, "{csv}");
    assert!(rows.contains(&"\"'=<i>eve\",cy,1.00"), "{csv}");
    assert!(rows.iter().any(|r| r.starts_with("ada,bob,0.")), "{csv}");

    // The class report's section links a side-by-side page per pair, which
    // shows both students' code, escaped.
    let report = text_of(&out.path().join("index.html"));
    assert!(report.contains("<h2 id=\"similar\">Submissions alike</h2>"));
    assert!(report.contains("href=\"similar/2.html\""));
    assert!(!report.contains("<i>eve"), "an id is text, not markup");
    let pages: Vec<String> = (1..=2)
        .map(|n| text_of(&out.path().join(format!("similar/{n}.html"))))
        .collect();
    assert!(!out.path().join("similar/3.html").exists());
    let ada_and_bob = pages.iter().find(|p| p.contains(ADA_ONLY)).unwrap();
    assert!(ada_and_bob.contains("&lt;/pre&gt;&lt;img src=x onerror=alert(1)&gt;"));
    assert!(!pages.iter().any(|p| p.contains(MARKUP)));
    assert!(
        ada_and_bob.contains("<mark"),
        "the matching regions are marked"
    );
    assert!(pages.iter().all(|p| !p.contains("<i>eve")));

    // Each student's own outputs hold nothing of ada's that she alone wrote.
    for student in ["bob", "cy", "dee", &eve] {
        let dir = out.path().join("submissions").join(student);
        for file in ["index.html", "results.json", "graded.json"] {
            let text = text_of(&dir.join(file));
            assert!(!text.contains(ADA_ONLY), "{student}'s {file}");
        }
    }

    // Turned off, an earlier run's comparison goes with it.
    let run = grade()
        .arg(class_dir.path())
        .arg("--out")
        .arg(out.path())
        .args(["--similarity", "off"])
        .output()
        .unwrap();
    assert!(run.status.success());
    let table = String::from_utf8(run.stdout).unwrap();
    assert_eq!(
        table.lines().last(),
        Some("  alike: not compared (--similarity off)")
    );
    assert!(!out.path().join("similarity.csv").exists());
    assert!(!out.path().join("similar").exists());
    let report = text_of(&out.path().join("index.html"));
    assert!(report.contains("Not compared: <code>--similarity off</code>."));
}

#[test]
#[ignore = "slow tier: runs grade on whole classes (the binary about 150 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_threshold_out_of_range_is_refused_in_one_line() {
    for bad in ["1.5", "-0.1", "NaN", "high"] {
        let run = grade()
            .arg("x.rs")
            .arg(format!("--similarity={bad}"))
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{bad}");
        let stderr = String::from_utf8(run.stderr).unwrap();
        assert!(
            stderr.contains("is neither `off` nor a number from 0 to 1"),
            "{stderr}"
        );
    }
}
