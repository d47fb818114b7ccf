//! The book's code, compiled and run. Each chapter of `src/` becomes the
//! documentation of one module below, with mdBook's `{{#include}}` lines
//! expanded by `build.rs`, so `cargo test -p docs` runs every Rust block a
//! reader sees, hidden `# ` lines included.

macro_rules! chapters {
    ($($module:ident = $file:literal),* $(,)?) => {
        $(
            #[doc = include_str!(concat!(env!("OUT_DIR"), "/", $file))]
            pub mod $module {}
        )*
        /// Every chapter file that is compiled, for the book's own tests.
        pub const CHAPTERS: &[&str] = &[$($file),*];
    };
}

chapters! {
    start_here = "start-here.md",
    perfect_shuffle = "perfect-shuffle.md",
    statistics = "statistics.md",
    selection_shuffle = "selection-shuffle.md",
    fisher_yates = "fisher-yates.md",
    wrong_shuffles = "wrong-shuffles.md",
    weighted_coin = "weighted-coin.md",
    permutations = "permutations.md",
    randomness = "randomness.md",
    chi_square = "chi-square.md",
    testing = "testing.md",
    real_shuffles = "real-shuffles.md",
    any_language = "any-language.md",
    riffles = "riffles.md",
    instructors = "instructors.md",
    answers = "answers.md",
    glossary = "glossary.md",
    references = "references.md",
    going_deeper = "going-deeper.md",
    deeper_perfect_shuffle = "deeper/perfect-shuffle.md",
    deeper_statistics = "deeper/statistics.md",
    deeper_selection_shuffle = "deeper/selection-shuffle.md",
    deeper_fisher_yates = "deeper/fisher-yates.md",
    deeper_weighted_coin = "deeper/weighted-coin.md",
    deeper_permutations = "deeper/permutations.md",
    deeper_wrong_shuffles = "deeper/wrong-shuffles.md",
    deeper_real_shuffles = "deeper/real-shuffles.md",
    deeper_randomness = "deeper/randomness.md",
    deeper_testing = "deeper/testing.md",
    deeper_any_language = "deeper/any-language.md",
    deeper_riffles = "deeper/riffles.md",
    deeper_beyond = "deeper/beyond.md",
    corrections = "corrections.md",
}
