//! The checks, one module per exercise of the registry
//! ([`workbook::with_exercises!`]), named after it; a test below holds the
//! two lists together. Each check is a function of the
//! [`Functions`](crate::Functions) it grades. The modules are written out,
//! not declared by a macro, so that readers and tools see them: rustfmt
//! did not format these files while a macro declared them, nor did the
//! import-loop checker read their `mod` lines.

// The lab's exercises.
pub mod are_permutations;
pub mod efficient_selection_shuffle;
pub mod flip;
pub mod perfect_shuffle;
pub mod reversing_sequence;
pub mod selection_shuffle;
// The bonus ones.
pub mod perfect_shuffle_order;
pub mod riffle_shuffle;
pub mod sequence_for;

// What several exercises' checks share.
pub(crate) mod card_values;
pub(crate) mod coin_probe;
pub(crate) mod permutation_pairs;
pub(crate) mod shuffles;
pub mod snapshot;
pub(crate) mod under_test;

/// Describes how `output` fails to be a rearrangement of `input`, if it
/// does.
pub(crate) fn not_a_permutation(input: &[i32], output: &[i32]) -> Option<String> {
    if input.len() != output.len() {
        return Some(format!(
            "{} cards came back where {} went in",
            output.len(),
            input.len()
        ));
    }
    if permutation_pairs::same_cards(input, output) {
        return None;
    }
    let mut got = output.to_vec();
    got.sort_unstable();
    let missing: Vec<i32> = input
        .iter()
        .copied()
        .filter(|c| !output.contains(c))
        .collect();
    let repeated: Vec<i32> = {
        let mut seen = Vec::new();
        for (i, c) in got.iter().enumerate() {
            if i > 0 && got[i - 1] == *c && !seen.contains(c) {
                seen.push(*c);
            }
        }
        seen
    };
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("{missing:?} went missing"));
    }
    if !repeated.is_empty() {
        parts.push(format!("{repeated:?} came back more than once"));
    }
    if parts.is_empty() {
        parts.push("the cards changed".into());
    }
    Some(parts.join(" and "))
}

/// A deck of n distinct cards that are not their own positions, so an
/// implementation that mixes up indices and values shows it.
pub(crate) fn distinct_deck(n: usize) -> Vec<i32> {
    (0..n as i32).map(|i| 100 + 7 * i).collect()
}

/// Where each card of a deck of distinct cards started, by its value: a
/// table over the deck's range of values, so that the 52-card check's
/// 104,000 lookups cost one read each, not a scan of the deck (a search
/// for each card was a quarter of the grader's own CPU in a class).
#[derive(Debug)]
pub(crate) struct StartingPositions {
    lowest: i64,
    /// `position + 1` of the card of each value, 0 where no card has it.
    by_value: Vec<u16>,
}

impl StartingPositions {
    /// The table of `deck`, whose cards are distinct and whose values span
    /// no more than a few thousand (as [`distinct_deck`]'s do).
    pub(crate) fn of(deck: &[i32]) -> StartingPositions {
        let lowest = deck.iter().copied().min().map_or(0, i64::from);
        let highest = deck.iter().copied().max().map_or(0, i64::from);
        let mut by_value = vec![0u16; (highest - lowest + 1) as usize];
        for (position, &card) in deck.iter().enumerate() {
            by_value[(i64::from(card) - lowest) as usize] = position as u16 + 1;
        }
        StartingPositions { lowest, by_value }
    }

    /// The position `card` started at, if it was in the deck.
    pub(crate) fn of_card(&self, card: i32) -> Option<usize> {
        let offset = usize::try_from(i64::from(card) - self.lowest).ok()?;
        let slot = *self.by_value.get(offset)?;
        (slot > 0).then(|| usize::from(slot) - 1)
    }

    /// Whether `output` holds each card of the deck exactly once, counted
    /// in `seen` (as long as the deck, cleared here).
    pub(crate) fn is_rearranged_by(&self, output: &[i32], seen: &mut [bool]) -> bool {
        seen.fill(false);
        output.len() == seen.len()
            && output.iter().all(|&card| match self.of_card(card) {
                Some(start) if !seen[start] => {
                    seen[start] = true;
                    true
                }
                _ => false,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::{StartingPositions, distinct_deck, not_a_permutation};

    /// The `pub mod` lines above are the registry's exercises, each in
    /// its group (rustfmt sorts each group): an exercise without its
    /// module fails to compile (the catalogue names
    /// `checks::<exercise>::<check>`), and this catches a module the
    /// registry does not list, or one in the wrong group.
    #[test]
    fn the_modules_are_the_registrys_exercises() {
        let text = include_str!("mod.rs");
        let group = |from: &str, to: &str| {
            let start = text.find(from).expect("the group's comment");
            let end = start + text[start..].find(to).expect("the next comment");
            let mut names: Vec<&str> = text[start..end]
                .lines()
                .filter_map(|line| line.strip_prefix("pub mod ")?.strip_suffix(';'))
                .collect();
            names.sort_unstable();
            names
        };
        let sorted = |names: &[&'static str]| {
            let mut names = names.to_vec();
            names.sort_unstable();
            names
        };
        assert_eq!(
            group("// The lab's exercises.", "// The bonus ones."),
            sorted(workbook::LAB_EXERCISES)
        );
        assert_eq!(
            group("// The bonus ones.", "// What several exercises"),
            sorted(workbook::BONUS_EXERCISES)
        );
    }

    #[test]
    fn starting_positions_find_each_card_and_only_the_decks() {
        let deck = distinct_deck(52);
        let starts = StartingPositions::of(&deck);
        for (position, &card) in deck.iter().enumerate() {
            assert_eq!(starts.of_card(card), Some(position));
        }
        assert_eq!(starts.of_card(101), None);
        assert_eq!(starts.of_card(99), None);
        assert_eq!(starts.of_card(i32::MIN), None);
        assert_eq!(starts.of_card(i32::MAX), None);
        let mut seen = vec![false; 52];
        let mut reversed = deck.clone();
        reversed.reverse();
        assert!(starts.is_rearranged_by(&reversed, &mut seen));
        let mut repeated = deck.clone();
        repeated[51] = repeated[0];
        assert!(!starts.is_rearranged_by(&repeated, &mut seen));
        assert!(!starts.is_rearranged_by(&deck[1..], &mut seen));
        let mut foreign = deck.clone();
        foreign[3] = 0;
        assert!(!starts.is_rearranged_by(&foreign, &mut seen));
    }

    #[test]
    fn explains_what_is_wrong() {
        assert_eq!(not_a_permutation(&[1, 2, 3], &[3, 1, 2]), None);
        assert_eq!(
            not_a_permutation(&[1, 2, 3], &[1, 1, 3]).unwrap(),
            "[2] went missing and [1] came back more than once"
        );
        assert_eq!(
            not_a_permutation(&[1, 2, 3], &[1, 2]).unwrap(),
            "2 cards came back where 3 went in"
        );
    }
}
