//! The known mistakes, each a typed identity with its one-line name, the
//! check that shows it and a hint. The diagnosis names these; failures,
//! `grade`'s `graded.json` and its class report carry and compare the
//! identity, never the words. A mistake made in several exercises (a deck
//! size written into the code) is one variant per exercise, since each
//! is shown by a check of its own exercise; they share their name.

use serde::{Deserialize, Serialize};

use crate::check_ids::{CheckId, LabExercise, check};

macro_rules! mistakes {
    ($( $id:ident: $exercise:ident::$check:ident, $what:literal, $hint:literal; )*) => {
        /// A known mistake. Its name in `graded.json` is the variant's in
        /// snake case.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Mistake {
            $( #[doc = $what] $id, )*
        }

        impl Mistake {
            /// Every known mistake, exercise by exercise.
            pub const ALL: &[Mistake] = &[$( Mistake::$id, )*];

            /// What went wrong, in one line, to follow "this follows from".
            pub fn what(self) -> &'static str {
                match self { $( Mistake::$id => $what, )* }
            }

            /// The check whose message explains it; of the mistake's own
            /// exercise, by construction.
            pub fn shown_by(self) -> CheckId {
                match self { $( Mistake::$id => check::$exercise::$check, )* }
            }

            /// The exercise whose answer makes it.
            pub fn exercise(self) -> LabExercise {
                match self { $( Mistake::$id => LabExercise::$exercise, )* }
            }

            /// How to fix it, in one line, without the code.
            pub fn hint(self) -> &'static str {
                match self { $( Mistake::$id => $hint, )* }
            }
        }
    };
}

mistakes! {
    PerfectPositions: perfect_shuffle::moves_values_not_indices,
        "writing positions into the new deck instead of the cards",
        "put values[i], the card, into the new deck, not i, its position";
    PerfectInShuffle: perfect_shuffle::even_lengths_interleave_the_halves,
        "putting the second half's card first (an in-shuffle)",
        "each pair starts with the first half's card";
    PerfectUnshuffle: perfect_shuffle::even_lengths_interleave_the_halves,
        "undoing a perfect shuffle (even positions first, then odd ones)",
        "read the two halves one card at a time and write them alternately";
    PerfectMiddleRoundedDown: perfect_shuffle::odd_lengths_give_the_extra_card_to_the_first_half,
        "loop bounds that fit even decks only (a middle rounded down, a second half read as long as the first), so an odd deck's extra card runs past the end",
        "an odd deck's first half holds (n + 1) / 2 cards and its second n / 2: bound each half's loop by its own length";
    PerfectOddSplit: perfect_shuffle::odd_lengths_give_the_extra_card_to_the_first_half,
        "where an odd deck is split (the first half gets the extra card)",
        "split an odd deck at (n + 1) / 2";
    PerfectDeckSize: perfect_shuffle::every_deck_up_to_100_cards,
        "a deck size written into the code (52, 26, 10, 4), so decks of other sizes go wrong",
        "compute every bound from values.len(), never from 52, 26 or a fixed offset";
    PerfectEmptyDeck: perfect_shuffle::returns_a_permutation,
        "a panic on the empty deck alone (len() - 1, or chunks of len / 2, on 0 cards)",
        "an empty deck has no last card and no halves: give it back empty before any len() - 1";
    PerfectPastTheEnd: perfect_shuffle::returns_a_permutation,
        "an index past the end on every deck (a bound or a start one too far), so every deck panics",
        "the last index of a deck of n cards is n - 1: check each loop's first and last index";
    PerfectSomeSizesUnchanged: perfect_shuffle::every_deck_up_to_100_cards,
        "decks of some sizes given back as they came (a special case for odd, small or all but 52 cards)",
        "every deck shuffles the same way, whatever its size: an odd deck's first half holds the extra card";
    PerfectHalfReversed: perfect_shuffle::even_lengths_interleave_the_halves,
        "a half dealt from its far end (pop() takes the last card, or a loop run backwards)",
        "deal each half from its first card: first[0], second[0], first[1], second[1], …";
    PerfectReversed: perfect_shuffle::even_lengths_interleave_the_halves,
        "the new deck built backwards (insert(0, card), or pushes reversed at the end)",
        "push each card onto the end of the new deck, in the order it is dealt";
    PerfectEvenDecksOverrun: perfect_shuffle::even_lengths_interleave_the_halves,
        "a middle of n / 2 + 1, right for odd decks, so every even deck runs past the end",
        "an even deck splits at n / 2; (n + 1) / 2 gives both: n / 2 for even decks, one more for odd";
    PerfectShortDeck: perfect_shuffle::returns_a_permutation,
        "a new deck shorter than the old one (one half placed, or a loop that stops early)",
        "n cards in, n cards out: place both halves, every card of each";
    PerfectUnfilledSlots: perfect_shuffle::returns_a_permutation,
        "slots of the new deck never written (left 0), so cards are lost",
        "each of the n slots gets one card: check each loop's start, its step of 2 and its bound";
    PerfectRepeatsCards: perfect_shuffle::returns_a_permutation,
        "a card placed twice and another never (read from the wrong half, or after it was overwritten)",
        "read each card once, from the old deck: card j of the first half goes to 2j, of the second to 2j + 1";
    SelectionRemovesFromList: selection_shuffle::lab_steps_retries_until_an_unused_card,
        "removing each card from a shrinking list instead of drawing again",
        "keep the whole deck, mark cards as used, and draw j again when it is used";
    SelectionLinearProbe: selection_shuffle::lab_steps_retries_until_an_unused_card,
        "stepping to the next unused card instead of drawing again",
        "when values[j] is used, draw a new j from the whole deck";
    SelectionRedrawsOnce: selection_shuffle::lab_steps_retries_until_an_unused_card,
        "drawing again only once or a few times (if, not while), so a used card is taken anyway",
        "draw j again in a loop, for as long as values[j] is used, however many times that takes";
    SelectionNeverMarked: selection_shuffle::returns_a_permutation,
        "never marking a card as used, so cards repeat",
        "mark each card as used when you take it, and skip used ones";
    SelectionIndex0NeverMarked: selection_shuffle::returns_a_permutation,
        "never marking index 0 as used, so its card repeats",
        "keep a separate used flag per position; 0 is a position like any other";
    SelectionEmptyDeck: selection_shuffle::small_decks,
        "a panic on the empty deck alone (len() - 1 on 0 cards)",
        "an empty deck has no last position: bound each loop by values.len(), which is 0 for no cards";
    SelectionMarksThePosition: selection_shuffle::lab_steps_retries_until_an_unused_card,
        "marking used[k], the position filled, instead of used[j], the card taken",
        "used[j] says whether card j was taken: set it with the j you drew";
    SelectionTwoCards: selection_shuffle::uniform_at_2_cards,
        "leaving a 2-card deck as it is",
        "no deck size is special: shuffle 2 cards with the same loop";
    SelectionPastTheEnd: selection_shuffle::returns_a_permutation,
        "an index past the end on every deck (a bound or a start one too far), so every deck panics",
        "the last index of a deck of n cards is n - 1: check each loop's first and last index";
    SelectionDeckSize: selection_shuffle::returns_a_permutation,
        "a deck size written into the code (52, 26, 10, 4), so decks of other sizes go wrong",
        "compute every bound from values.len(), never from 52 or 4";
    SelectionEmptyVec: selection_shuffle::returns_a_permutation,
        "indexing into an empty Vec (Vec::new() or Vec::with_capacity(n) holds no cards yet)",
        "a new Vec has length 0 whatever its capacity: push each card, or start from vec![0; n]";
    SelectionValueAsMark: selection_shuffle::any_i32_can_be_a_card,
        "a card value (such as i32::MIN or -1) used as a 'used' mark",
        "keep the marks apart from the cards, in a Vec<bool>";
    SelectionSmallDecksOnly: selection_shuffle::lab_steps_draws_j_from_the_whole_deck,
        "the lab's steps for small decks only (another shuffle for larger ones)",
        "follow the lab's steps for every size of deck";
    Sattolo: efficient_selection_shuffle::lab_steps_r_can_equal_k,
        "drawing r from 0..k instead of 0..=k (Sattolo's algorithm)",
        "r must be able to equal k: draw it from 0..=k";
    StopsAtK2: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "a loop that stops at k = 2, one step early",
        "run k down to 1 inclusive";
    NaiveSwap: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "swapping every position with any position (the naive shuffle)",
        "draw r from 0..=k, the part of the deck not yet fixed, not from the whole deck";
    ForwardLoop: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "running k upwards instead of from n - 1 down to 1",
        "run k from n - 1 down to 1";
    RandsShuffle: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "calling rand's shuffle instead of writing the lab's loop",
        "write the lab's loop yourself";
    HalfWay: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "a loop that covers only part of the deck",
        "run k over the whole deck, from n - 1 down to 1";
    EfficientTwoCards: efficient_selection_shuffle::uniform_at_2_cards,
        "leaving a 2-card deck as it is",
        "no deck size is special: shuffle 2 cards with the same loop";
    EfficientPastTheEnd: efficient_selection_shuffle::returns_a_permutation,
        "an index past the end on every deck (a bound or a start one too far), so every deck panics",
        "the last index of a deck of n cards is n - 1: check each loop's first and last index";
    EfficientDeckSize: efficient_selection_shuffle::returns_a_permutation,
        "a deck size written into the code (52, 26, 10, 4), so decks of other sizes go wrong",
        "compute every bound from values.len(), never from 52 or 4";
    EfficientSmallDecksOnly: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "the lab's steps for small decks only (another shuffle for larger ones)",
        "follow the lab's steps for every size of deck";
    FlipWords: flip::returns_heads_or_tails,
        "the words returned (exactly \"heads\" or \"tails\")",
        "return exactly \"heads\" or \"tails\", in lower case";
    FlipFair: flip::heads_twice_as_often_as_tails,
        "a fair coin (heads must come up 2 times in 3)",
        "heads must win 2 of 3 equally likely outcomes";
    FlipOdds: flip::heads_twice_as_often_as_tails,
        "the coin's odds (heads must come up 2 times in 3)",
        "heads must win 2 of 3 equally likely outcomes";
    FlipDecimal: flip::heads_exactly_2_times_in_3,
        "2/3 written as a decimal (0.66, 0.6666, 1 - 0.33)",
        "draw from 3 equally likely values and call 2 of them heads";
    FlipByteModulo: flip::heads_exactly_2_times_in_3,
        "a small number (a byte) taken % 3, which is not exactly 2 in 3",
        "draw from exactly 3 equally likely values (random_range(0..3))";
    PermutationsValueAsMark: are_permutations::every_pair_of_up_to_4_cards,
        "a card value (such as i32::MIN or -1) used as a 'used' mark",
        "keep the marks apart from the cards, in a Vec<bool>";
    PermutationsSmallValuesOnly: are_permutations::every_pair_of_up_to_4_cards,
        "a comparison that is right only for small values",
        "compare the values themselves, whatever their size";
    PermutationsPositions: are_permutations::true_for_rearrangements,
        "comparing position by position (a == b)",
        "a card of a may be anywhere in b: search all of b for it";
    PermutationsSums: are_permutations::false_when_only_the_sums_match,
        "comparing sums",
        "a summary of the cards is not the cards: find each card of a in b";
    PermutationsProducts: are_permutations::false_when_only_the_sums_match,
        "comparing products",
        "a summary of the cards is not the cards: find each card of a in b";
    PermutationsXors: are_permutations::false_when_only_the_sums_match,
        "comparing XORs",
        "a summary of the cards is not the cards: find each card of a in b";
    PermutationsSumsAndProducts: are_permutations::false_when_only_the_sums_match,
        "comparing sums and products",
        "a summary of the cards is not the cards: find each card of a in b";
    PermutationsSomeCards: are_permutations::false_when_a_card_differs,
        "looking at only some of the cards",
        "answer only after every card of a has been looked for, with a found flag set back to false for each card";
    PermutationsOneMatch: are_permutations::false_when_a_card_differs,
        "answering true as soon as one card matches",
        "true needs every card of a found in b, not one";
    PermutationsSameIndexSkipped: are_permutations::true_for_rearrangements,
        "skipping the same position (i != j), so a card in its own place is never found",
        "a card may sit at the same position in both arrays";
    PermutationsShortLoopOverA: are_permutations::false_when_a_card_differs,
        "a loop over a that skips its first or its last card",
        "look for every card of a, the first and the last included";
    PermutationsShortLoopOverB: are_permutations::true_for_rearrangements,
        "a loop over b that stops before its last card",
        "search all of b, its last card included";
    PermutationsEmpty: are_permutations::empty_and_single_card_arrays,
        "empty arrays",
        "two empty arrays hold the same cards";
    PermutationsRandomSearch: are_permutations::true_for_rearrangements,
        "a random search for each card, which can give up before finding it",
        "search b in order, so that every card is looked at";
    Question3OutOfRange: reversing_sequence::each_r_is_between_0_and_k,
        "an r larger than its k, which the shuffle can never draw",
        "each r is drawn from 0..=k";
    Question3SwapsWithItself: reversing_sequence::answers_question_3,
        "r = k at every step, so each card is swapped with itself and the deck never moves",
        "r is the position of the card that belongs at k, found where it is now; swapping k with k moves nothing";
    Question3NotReversed: reversing_sequence::answers_question_3,
        "draws that do not reverse [1, 2, 3, 4]",
        "replay your three swaps by hand on [1, 2, 3, 4]";
    PermutationsDigits: are_permutations::false_when_only_the_digits_match,
        "comparing the cards' digits written one after another, with no separator",
        "[1, 213] and [12, 13] both read 1213: compare the cards, not their digits";
    PerfectFixedBuffer: perfect_shuffle::every_deck_up_to_100_cards,
        "a buffer of a fixed size (such as [0; 52]), so a larger deck runs past its end",
        "size the new deck from the old one, vec![0; values.len()], never from 52";
    PerfectEmptyVec: perfect_shuffle::returns_a_permutation,
        "indexing into an empty Vec (Vec::new() or Vec::with_capacity(n) holds no cards yet)",
        "a new Vec has length 0 whatever its capacity: push each card, or start from vec![0; n]";
    PermutationsIdenticalRejected: are_permutations::true_for_rearrangements,
        "saying false for identical arrays (the same cards in the same order)",
        "an array is a rearrangement of itself: identical arrays hold the same cards";
    PermutationsLastCardUnchecked: are_permutations::every_pair_of_up_to_4_cards,
        "loops that stop before the last card (i < len - 1), so it is never compared",
        "run every loop to the end, 0..len, the last card included";
    PermutationsLastComparisonOnly: are_permutations::every_pair_of_up_to_4_cards,
        "one comparison deciding the answer (a flag each comparison overwrites, or false at the first card of b that differs)",
        "let no one comparison decide: a card of a is missing only once all of b is searched, and a mismatch of sorted copies stays false";
    PermutationsCountsByValue: are_permutations::every_pair_of_up_to_4_cards,
        "card values used as positions (count[card], remove(card)), so a negative or large card runs past the end",
        "any i32 can be a card: sort copies of a and b and compare them, or search b for each card";
    EfficientPositions: efficient_selection_shuffle::returns_a_permutation,
        "writing the position r into the deck instead of the card values[r]",
        "r is a position: swap the cards values[k] and values[r], with values.swap(k, r)";
    EfficientLosesCards: efficient_selection_shuffle::returns_a_permutation,
        "a swap that copies one card over the other (its temporary never used), so cards repeat",
        "a swap needs its temporary: t = values[k]; values[k] = values[r]; values[r] = t";
    EfficientSwapZeroes: efficient_selection_shuffle::returns_a_permutation,
        "a swap without a temporary (XOR, or add and subtract), which turns a card swapped with itself (r = k) into 0",
        "r may equal k: swap with values.swap(k, r), or through a temporary";
    EfficientEmptyDeck: efficient_selection_shuffle::small_decks,
        "a panic on the empty deck alone (len() - 1 on 0 cards)",
        "an empty deck has no last position: run k over (1..n).rev(), which is empty for 0 cards";
    EfficientWrongPosition: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "swapping the card drawn into the wrong position (n - 1, or k - 1) instead of k",
        "the card drawn goes to position k: values.swap(k, r)";
    EfficientWrongPart: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "drawing r from the wrong part of the deck (n - 1 - k..n, 0..=n - 1 - k) instead of the unshuffled part 0..=k",
        "r comes from the cards not yet placed: positions 0 to k";
    EfficientFixedRange: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "drawing r from a fixed range (such as 0..9 or 0..n - 2) instead of 0..=k",
        "the range shrinks with k: draw r from 0..=k at each step";
    EfficientRounded: efficient_selection_shuffle::uniform_over_the_24_orders_of_4_cards,
        "rounding the draw ((random * k).round()), so r = 0 and r = k come up half as often",
        "draw r with random_range(0..=k), or truncate: (random * (k + 1)) as usize";
    EfficientSwapOutsideLoop: efficient_selection_shuffle::reaches_many_orders_of_8_cards,
        "the swap outside the loop (a stray ; or a misplaced }), so n - 1 draws make one swap",
        "put the swap inside the loop, right after its draw: one swap for each k";
    EfficientFirstNeverMoves: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "the first card never moves (r never 0: drawn from 1..=k, or from k..n)",
        "draw r from 0..=k at each step: position 0 can be drawn every time";
    EfficientLastNeverMoves: efficient_selection_shuffle::lab_steps_k_from_the_end_down_to_1,
        "the last card never moves (k starts at n - 2, or stops before the last position)",
        "k starts at n - 1, the last position, and goes down to 1";
    SelectionPositions: selection_shuffle::returns_a_permutation,
        "writing the position j into the new deck instead of the card values[j]",
        "j is a position: copy the card there, values[j]";
    SelectionLastNeverPicked: selection_shuffle::returns_a_permutation,
        "a loop that stops before the last position (k < n - 1), so its card is never picked",
        "pick a card for every position, 0..n, the last one included";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mistake_is_shown_by_a_check_of_its_exercise() {
        let catalogue = crate::catalogue();
        for &mistake in Mistake::ALL {
            let shown_by = mistake.shown_by();
            assert_eq!(shown_by.exercise, mistake.exercise().name(), "{mistake:?}");
            assert!(catalogue.iter().any(|c| c.id() == shown_by), "{mistake:?}");
            assert!(!mistake.what().is_empty() && !mistake.hint().contains('\n'));
        }
    }

    #[test]
    fn one_name_means_one_mistake_in_an_exercise() {
        for a in Mistake::ALL {
            for b in Mistake::ALL {
                if a != b && a.exercise() == b.exercise() {
                    assert_ne!(a.what(), b.what(), "{a:?} and {b:?}");
                }
            }
        }
    }
}
