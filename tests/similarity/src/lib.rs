//! Who copied whom: finds disguised copies across a class of submissions,
//! and stays silent on the lab's obvious code.
//!
//! The method is MOSS's and Dolos': each submission's files become streams
//! of normalised tokens ([`tokens`]), whose k-grams are hashed and winnowed
//! into fingerprints ([`winnow`]); the stubs' k-grams are removed
//! ([`Base`]); an inverted index from fingerprint to submissions
//! ([`Index`]) scores only the pairs that share fingerprints, each shared
//! fingerprint weighed by how rare it is in the class; pairs over a
//! threshold are flagged, with the lines that match, and three or more
//! submissions joined by flags are one [`Group`].
//!
//! Submission ids are opaque strings: this crate never prints them.
//!
//! ```
//! use similarity::{Base, Config, Index, Submission};
//!
//! let config = Config::default();
//! let base = Base::new(["pub fn f(v: &[i32]) -> usize { todo!() }"], &config);
//! let code = "pub fn f(v: &[i32]) -> usize { let mut n = 0; for x in v { if *x > 3 { n += 2; } else { n -= 1; } } n }";
//! let class = [
//!     Submission::single("a", code),
//!     Submission::single("b", &code.replace('n', "count")),
//!     Submission::single("c", "pub fn f(v: &[i32]) -> usize { v.iter().filter(|x| **x % 2 == 0).count() }"),
//! ];
//! let report = Index::build(&class, &base, &config).report();
//! assert_eq!(report.pairs.len(), 1);
//! assert_eq!((report.pairs[0].a.as_str(), report.pairs[0].b.as_str()), ("a", "b"));
//! ```

mod base;
mod index;
mod normalise;
mod report;
mod token;
pub mod tokens;
pub mod winnow;

pub use base::Base;
pub use index::{Index, Score};
pub use report::{Group, Lines, Match, Pair, Report};

/// The detector's settings; [`Config::default`] holds the measured ones.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Tokens per k-gram: shorter matches are noise.
    pub k: usize,
    /// Winnowing window, in k-grams: every shared run of `w + k - 1`
    /// tokens is found.
    pub w: usize,
    /// Similarity at or above which a pair is flagged.
    pub threshold: f64,
    /// A fingerprint in more than this fraction of the class is dropped
    /// from pairing (but never one in only two submissions).
    pub max_df_fraction: f64,
    /// Weigh each shared fingerprint by its rarity in the class; off, every
    /// fingerprint counts 1 (for measuring what rarity buys).
    pub rarity_weighting: bool,
}

impl Default for Config {
    /// The settings measured on the corpus in `tests/similarity/corpus`
    /// (see `tests/corpus.rs` for the margin they give).
    ///
    /// Chosen by a sweep on the corpus (k 8 to 22, w 1 to 6, the df cap
    /// 0.05 to 1), reading the margin between the lowest planted pair and
    /// the highest independent one:
    ///
    /// * k = 15 tokens: the lab's statements are 6 to 15 tokens, so a
    ///   k-gram spans one or two statements. At k ≤ 12 honest students'
    ///   textbook loops share too many k-grams (margin ≤ 0.03); at k ≥ 16 a
    ///   rewritten copy's broken runs leave too few (margin ≤ 0.02, then
    ///   negative). k 13 to 15 gave 0.03 to 0.09.
    /// * w = 4: any shared run of w + k − 1 = 18 tokens (two statements) is
    ///   found, and about 40 % of the k-grams are kept: files are small, so
    ///   density is cheap, and a sparse sample makes short files' scores
    ///   noisy.
    /// * max_df_fraction = 0.5: a copy of textbook code is mostly
    ///   fingerprints a fifth of the class shares; capping at 0.1 or 0.2
    ///   threw away its evidence (the planted minimum fell to 0.2 to 0.4),
    ///   while the rarity weight already makes those count for little.
    /// * threshold = 0.5: midway between the highest independent pair
    ///   (0.471) and the lowest planted one (0.537).
    fn default() -> Self {
        Self {
            k: 15,
            w: 4,
            threshold: 0.5,
            max_df_fraction: 0.5,
            rarity_weighting: true,
        }
    }
}

/// One file of a submission: a name for the caller's use and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The file's name; the detector only hands it back.
    pub name: String,
    /// The file's text, as the student wrote it.
    pub text: String,
}

/// One student's submission: an opaque id and the files of their code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// Opaque id; reported back in [`Pair`] and [`Group`], never printed.
    pub id: String,
    /// The submission's source files; [`Lines::file`] indexes them.
    pub files: Vec<SourceFile>,
}

impl Submission {
    /// A submission of one file named `lib.rs`. Complexity: O(len).
    pub fn single(id: &str, text: &str) -> Self {
        Self {
            id: id.to_owned(),
            files: vec![SourceFile {
                name: "lib.rs".to_owned(),
                text: text.to_owned(),
            }],
        }
    }
}
