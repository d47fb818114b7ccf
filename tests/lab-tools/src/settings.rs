//! What the fairness report measures, and the settings it refuses.

use crate::algorithm::Algorithm;

/// What to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub algorithm: Algorithm,
    pub cards: usize,
    pub shuffles: u64,
    pub seed: u64,
    /// Riffles per shuffle, for `riffle`.
    pub times: u32,
    /// How many values a key is drawn from, for `random-keys`.
    pub keys: u64,
    /// How many cards are dealt, for `deal`.
    pub deal: usize,
}

/// The fewest shuffles a report takes: the one-number counts lean on a
/// normal approximation that needs about this many (see [`crate::counts::CountTest`]).
pub const MIN_SHUFFLES: u64 = 1_000;

impl Settings {
    /// Checks the settings: a deck of 2 cards or more, and at least
    /// [`MIN_SHUFFLES`] shuffles. A chi-square test that would have fewer
    /// than 5 expected per cell is left out of the report, not refused.
    pub fn validate(&self) -> Result<(), InvalidSettings> {
        if self.cards < 2 {
            return Err(InvalidSettings::TooFewCards);
        }
        if self.algorithm == Algorithm::Deal && self.deal > self.cards {
            return Err(InvalidSettings::DealTooLarge {
                deal: self.deal,
                cards: self.cards,
            });
        }
        if self.algorithm == Algorithm::RandomKeys && self.keys == 0 {
            return Err(InvalidSettings::NoKeys);
        }
        if self.shuffles < MIN_SHUFFLES {
            return Err(InvalidSettings::TooFewShuffles(self.shuffles));
        }
        Ok(())
    }
}

/// Why [`Settings::validate`] refused the settings: `shuffler fairness`
/// prints it under the subcommand's usage.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSettings {
    #[error("a deck needs at least 2 cards to be shuffled")]
    TooFewCards,
    #[error("cannot deal {deal} cards from a deck of {cards}")]
    DealTooLarge { deal: usize, cards: usize },
    #[error("random keys need at least 1 value to be drawn from")]
    NoKeys,
    #[error("{0} shuffles are too few: the report needs at least {MIN_SHUFFLES}")]
    TooFewShuffles(u64),
}
