//! One normalised token, the unit that the lexer ([`crate::tokens`]) and
//! the normalisations ([`crate::normalise`]) both speak: a module of its
//! own, so that neither imports the other back.

/// One normalised token: what kind it is and where it came from.
///
/// `kind` is a 64-bit hash of the token's normalised text (`$id` for every
/// identifier, `$lit` for every literal, the keyword or operator itself
/// otherwise), so k-gram hashing needs no string work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// Hash of the normalised text; equal kinds are equal tokens.
    pub kind: u64,
    /// 1-based line of the token in its file.
    pub line: u32,
}

/// The kind of a normalised token text: FNV-1a, 64 bits.
///
/// Stable across runs and platforms, so fingerprints could be stored.
/// Complexity: O(len).
pub(crate) fn kind_of(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
