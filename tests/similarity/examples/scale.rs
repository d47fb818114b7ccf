//! The scale benchmark: 1,000 and 10,000 synthetic submissions, indexed
//! and compared, medians of a few runs.
//!
//! ```text
//! cargo run --release -p similarity --example scale [runs]
//! ```
//!
//! Each synthetic submission is a corpus answer with random statements
//! inserted (of random shapes, so they make new fingerprints), a few lines
//! dropped and its functions in a random order, so the class has the
//! corpus' mix of textbook code, near-copies and oddities at scale.

use std::path::Path;
use std::time::Instant;

use similarity::{Base, Config, Index, Submission};

/// A small deterministic generator (xorshift64*), so runs are repeatable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn read_dir(dir: &Path) -> Vec<String> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the corpus")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a file"))
        .collect()
}

/// A random statement whose token shape varies: `let x = a + b * c;`.
fn statement(rng: &mut Rng) -> String {
    const OPS: [&str; 8] = ["+", "-", "*", "/", "%", "&", "|", "^"];
    let terms = 1 + rng.below(5);
    let mut text = String::from("    let extra = 1");
    for _ in 0..terms {
        let op = OPS[rng.below(OPS.len())];
        if rng.below(3) == 0 {
            text.push_str(&format!(" {op} f(2)"));
        } else {
            text.push_str(&format!(" {op} 3"));
        }
    }
    text.push(';');
    text
}

/// One synthetic submission from a corpus answer.
fn mutate(source: &str, rng: &mut Rng) -> String {
    let mut functions: Vec<Vec<String>> = vec![Vec::new()];
    for line in source.lines() {
        if line.starts_with("pub fn") {
            functions.push(Vec::new());
        }
        let last = functions.last_mut().expect("one function at least");
        match rng.below(20) {
            0 if line.trim_end().ends_with(';') => {}
            1..=3 if line.trim_end().ends_with(';') => {
                last.push(line.to_owned());
                last.push(statement(rng));
            }
            _ => last.push(line.to_owned()),
        }
    }
    let head = functions.remove(0);
    for i in (1..functions.len()).rev() {
        functions.swap(i, rng.below(i + 1));
    }
    let mut text = head.join("\n");
    for f in functions {
        text.push('\n');
        text.push_str(&f.join("\n"));
    }
    text
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = read_dir(&root.join("corpus/independent"));
    sources.extend(read_dir(&root.join("corpus/planted")));
    let stubs_dir = root.join("../../exercises/src");
    let mut stubs = read_dir(&stubs_dir);
    stubs.extend(read_dir(&stubs_dir.join("extensions")));
    let config = Config::default();
    let base = Base::new(stubs.iter().map(String::as_str), &config);
    println!(
        "cores: {}",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for n in [1_000, 10_000] {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ n as u64);
        let class: Vec<Submission> = (0..n)
            .map(|i| {
                Submission::single(
                    &format!("{i}"),
                    &mutate(&sources[rng.below(sources.len())], &mut rng),
                )
            })
            .collect();
        let (mut index_s, mut compare_s, mut total_s) = (Vec::new(), Vec::new(), Vec::new());
        let mut flagged = 0;
        let mut groups = 0;
        for _ in 0..runs {
            let start = Instant::now();
            let index = Index::build(&class, &base, &config);
            let built = start.elapsed().as_secs_f64();
            let report = index.report();
            let total = start.elapsed().as_secs_f64();
            (flagged, groups) = (report.pairs.len(), report.groups.len());
            index_s.push(built);
            compare_s.push(total - built);
            total_s.push(total);
        }
        println!(
            "{n:>6} submissions: index {:.2} s, compare {:.2} s, total {:.2} s (median of {runs}); {flagged} flagged pairs, {groups} groups",
            median(index_s),
            median(compare_s),
            median(total_s)
        );
    }
}
