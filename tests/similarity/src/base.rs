//! The code every student was given, whose fingerprints count for no one.

use std::collections::HashSet;

use crate::Config;
use crate::tokens::tokenize;
use crate::winnow::kgram_hashes;

/// The stubs' k-gram hashes, removed from every submission's fingerprints
/// as MOSS's base file is: signatures, doc comments and `todo!()` bodies
/// that every student started from are evidence of nothing.
///
/// It keeps every k-gram of the stubs, not only the winnowed ones, because
/// a submission's winnowing picks its own k-grams: a stub k-gram must be
/// recognised whichever of them a submission happens to select.
#[derive(Debug, Clone, Default)]
pub struct Base {
    hashes: HashSet<u64>,
}

impl Base {
    /// Builds the base from the stubs' texts, with the k of `config`.
    ///
    /// Complexity: O(total length of the texts).
    pub fn new<'a>(texts: impl IntoIterator<Item = &'a str>, config: &Config) -> Self {
        let hashes = texts
            .into_iter()
            .flat_map(|text| kgram_hashes(&tokenize(text), config.k))
            .collect();
        Self { hashes }
    }

    /// A base that excludes nothing. Complexity: O(1).
    pub fn empty() -> Self {
        Self::default()
    }

    /// Whether a k-gram hash is the stubs'. Complexity: O(1).
    pub fn contains(&self, hash: u64) -> bool {
        self.hashes.contains(&hash)
    }

    /// How many distinct k-grams the stubs have. Complexity: O(1).
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Whether the base excludes nothing. Complexity: O(1).
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }
}
