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
    /// * k = 12 tokens: the lab's statements are 6 to 15 tokens, so a
    ///   k-gram spans one or two statements; at k = 8 honest students share
    ///   many k-grams of the lab's idioms, at k = 20 a copy's rewritten
    ///   statements (a `while`'s counter, a temporary) leave too few
    ///   unbroken runs in functions of 30 to 80 tokens.
    /// * w = 4: any shared run of w + k - 1 = 15 tokens is found, and a
    ///   submission keeps about 40 % of its k-grams: these files are small,
    ///   so density is cheap and a sparse sample would make short copies'
    ///   scores noisy.
    /// * threshold 0.5 and max_df_fraction 0.3: see `tests/corpus.rs`.
    fn default() -> Self {
        Self {
            k: 12,
            w: 4,
            threshold: 0.5,
            max_df_fraction: 0.3,
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
