//! The inverted index from fingerprint to submissions, and the pair scores
//! computed from it: no pair of texts is ever compared directly.

use std::collections::HashMap;
use std::thread;

use crate::tokens::tokenize;
use crate::winnow::{kgram_hashes, winnow};
use crate::{Base, Config, Submission};

/// One fingerprint of a submission, with where it is.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Print {
    pub(crate) hash: u64,
    pub(crate) file: u32,
    /// First token of the k-gram in its file's stream.
    pub(crate) start: u32,
    pub(crate) first_line: u32,
    pub(crate) last_line: u32,
}

/// A submission's fingerprints, sorted by hash, without the base's.
#[derive(Debug, Default)]
pub(crate) struct Doc {
    pub(crate) prints: Vec<Print>,
    /// Its distinct hashes, sorted: what the index and df count.
    pub(crate) hashes: Vec<u64>,
    /// The summed weight of its kept distinct hashes: the score's scale.
    mass: f64,
}

/// The score of one pair of submissions, by their positions in the class.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    /// Position of the first submission (the smaller).
    pub a: usize,
    /// Position of the second submission.
    pub b: usize,
    /// Similarity in [0, 1].
    pub similarity: f64,
}

/// The class's fingerprints, indexed by hash.
#[derive(Debug)]
pub struct Index {
    pub(crate) ids: Vec<String>,
    pub(crate) docs: Vec<Doc>,
    /// Hash → the submissions that hold it (each once, ascending).
    postings: HashMap<u64, Vec<u32>>,
    pub(crate) config: Config,
}

/// Fingerprints one submission: per file, so no k-gram spans two files.
fn fingerprint(submission: &Submission, base: &Base, config: &Config) -> Doc {
    let mut prints = Vec::new();
    for (file, source) in submission.files.iter().enumerate() {
        let tokens = tokenize(&source.text);
        let hashes = kgram_hashes(&tokens, config.k);
        for f in winnow(&hashes, config.w) {
            if base.contains(f.hash) {
                continue;
            }
            let start = f.start as usize;
            let lines = tokens[start..start + config.k].iter().map(|t| t.line);
            prints.push(Print {
                hash: f.hash,
                file: u32::try_from(file).unwrap_or(u32::MAX),
                start: f.start,
                first_line: lines.clone().min().unwrap_or(0),
                last_line: lines.max().unwrap_or(0),
            });
        }
    }
    prints.sort_unstable_by_key(|p| (p.hash, p.file, p.start));
    let mut hashes: Vec<u64> = prints.iter().map(|p| p.hash).collect();
    hashes.dedup();
    Doc {
        prints,
        hashes,
        mass: 0.0,
    }
}

/// Runs `job` over `items` on every core, keeping the order.
fn parallel<T: Sync, R: Send>(items: &[T], job: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = items.len().div_ceil(threads).max(1);
    thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .enumerate()
            .map(|(c, part)| {
                let job = &job;
                scope.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(i, item)| job(c * chunk + i, item))
                        .collect::<Vec<R>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

impl Index {
    /// Fingerprints every submission and indexes the fingerprints.
    ///
    /// Complexity: O(total tokens · w) time on all cores, O(fingerprints)
    /// memory.
    pub fn build(submissions: &[Submission], base: &Base, config: &Config) -> Self {
        let mut docs = parallel(submissions, |_, s| fingerprint(s, base, config));
        let mut postings: HashMap<u64, Vec<u32>> = HashMap::new();
        for (d, doc) in docs.iter().enumerate() {
            for &hash in &doc.hashes {
                postings
                    .entry(hash)
                    .or_default()
                    .push(u32::try_from(d).unwrap_or(u32::MAX));
            }
        }
        let mut index = Self {
            ids: submissions.iter().map(|s| s.id.clone()).collect(),
            docs: Vec::new(),
            postings,
            config: config.clone(),
        };
        for doc in &mut docs {
            doc.mass = doc.hashes.iter().map(|h| index.weight_of(*h)).sum();
        }
        index.docs = docs;
        index
    }

    /// How many submissions the index holds. Complexity: O(1).
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the index holds no submission. Complexity: O(1).
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The id of the submission at `position`. Complexity: O(1).
    pub fn id(&self, position: usize) -> &str {
        &self.ids[position]
    }

    /// The largest document frequency a fingerprint may have and still
    /// pair: a fingerprint most of the class holds is the lab's obvious
    /// code, evidence of nothing, and its postings would cost (df²)/2 pair
    /// updates each. Never below 2, so a class of three can still pair.
    fn max_df(&self) -> usize {
        let n = self.ids.len() as f64;
        ((self.config.max_df_fraction * n).floor() as usize).max(2)
    }

    /// A kept fingerprint's weight, from its document frequency: 1 when
    /// only two submissions share it, falling as ln(N/df) to 0 when all do
    /// (inverse document frequency, scaled so that df = 2 is 1).
    /// Complexity: O(1).
    pub fn weight(&self, df: usize) -> f64 {
        let n = self.ids.len() as f64;
        if df > self.max_df() {
            return 0.0;
        }
        if !self.config.rarity_weighting || df <= 2 || n <= 2.0 {
            return 1.0;
        }
        ((n / df as f64).ln() / (n / 2.0).ln()).clamp(0.0, 1.0)
    }

    pub(crate) fn weight_of(&self, hash: u64) -> f64 {
        self.weight(self.postings.get(&hash).map_or(0, Vec::len))
    }

    /// Every pair that shares a kept fingerprint, with its similarity,
    /// most similar first.
    ///
    /// Similarity is the weight the two share over the mean of their own
    /// weights (Dice's coefficient, weighted), in [0, 1]. Each submission
    /// adds its share into a dense row of the class, so the work is the
    /// number of (fingerprint, holder, holder) triples, never N² texts.
    /// Complexity: O(Σ df² over kept fingerprints + N · pairs found).
    pub fn scores(&self) -> Vec<Score> {
        let n = self.ids.len();
        let max_df = self.max_df();
        let rows = parallel(&self.docs, |a, doc| {
            let mut shared = vec![0.0f64; n];
            let mut touched = Vec::new();
            for hash in &doc.hashes {
                let Some(holders) = self.postings.get(hash) else {
                    continue;
                };
                if holders.len() < 2 || holders.len() > max_df {
                    continue;
                }
                let weight = self.weight(holders.len());
                for &b in holders.iter().filter(|&&b| b as usize > a) {
                    if shared[b as usize] == 0.0 {
                        touched.push(b as usize);
                    }
                    shared[b as usize] += weight;
                }
            }
            touched
                .into_iter()
                .filter_map(|b| {
                    let scale = (doc.mass + self.docs[b].mass) / 2.0;
                    let similarity = if scale > 0.0 {
                        (shared[b] / scale).min(1.0)
                    } else {
                        0.0
                    };
                    (similarity > 0.0).then_some(Score { a, b, similarity })
                })
                .collect::<Vec<_>>()
        });
        let mut scores: Vec<Score> = rows.into_iter().flatten().collect();
        scores.sort_by(|x, y| {
            y.similarity
                .total_cmp(&x.similarity)
                .then((x.a, x.b).cmp(&(y.a, y.b)))
        });
        scores
    }

    /// Whether a hash pairs: held by 2 to max_df submissions.
    pub(crate) fn pairs_on(&self, hash: u64) -> bool {
        let df = self.postings.get(&hash).map_or(0, Vec::len);
        (2..=self.max_df()).contains(&df)
    }
}
