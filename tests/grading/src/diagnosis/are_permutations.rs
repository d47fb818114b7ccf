//! Question 2's known wrong answers, each a function compared with the
//! student's on every small pair of arrays: the pairs of plain values,
//! whose sums and products never overflow, and the pairs with the
//! extremes, where only a value used as a mark or a comparison right for
//! small values alone goes wrong. A random search is told by its answers
//! changing when the same pairs are asked again.

use super::evidence::{attempt, overrun, quietly, short_of_an_empty_array};
use super::permutation_models::{
    LOOP_SLIPS, MARKS_ON_EXTREMES, PANIC_ON_EMPTY, WRONG_ANSWERS, WRONG_ON_DIGITS,
    WRONG_ON_EXTREMES, WrongAnswer,
};
use crate::checks::permutation_pairs::same_cards;
use crate::{Functions, Mistake};

pub(super) fn are_permutations(f: &dyn Functions) -> Option<Mistake> {
    use crate::checks::permutation_pairs::{
        PLAIN_VALUES, SAME_DIGITS, SAME_PRODUCT_OR_XOR, SAME_SUM, every_small_pair,
        every_small_pair_of,
    };
    let asked = |pairs: Vec<Pair>| -> Option<(Vec<Pair>, Vec<bool>)> {
        let answers = quietly(|| f.are_permutations().call(&pairs))?;
        Some((pairs, answers))
    };
    // The empty pair is asked alone: a loop to `len - 1` panics on it
    // alone, and that panic would hide every other answer of its batch.
    let empty = attempt(|| f.are_permutations().call(&[(vec![], vec![])]))
        .map(|answers| answers.first().copied());
    let non_empty = |pairs: Vec<Pair>| -> Vec<Pair> {
        pairs.into_iter().filter(|(a, _)| !a.is_empty()).collect()
    };
    let extremes = asked(non_empty(every_small_pair()));
    let plain = asked(non_empty(every_small_pair_of(&PLAIN_VALUES)));
    let summaries = asked(
        SAME_SUM
            .iter()
            .chain(SAME_PRODUCT_OR_XOR)
            .map(|&(a, b)| (a.to_vec(), b.to_vec()))
            .collect(),
    );
    let same_digits = asked(
        SAME_DIGITS
            .iter()
            .map(|&(a, b)| (a.to_vec(), b.to_vec()))
            .collect(),
    );
    // An answer right on every pair asked makes no mistake there, whatever
    // model it also fits (comparing sums and products fits the lab's own
    // answer on every pair of plain values). A panic is wrong everywhere.
    let batches = [&extremes, &plain, &summaries, &same_digits];
    let wrong_somewhere = empty != Ok(Some(true))
        || batches.iter().any(|asked| asked.is_none())
        || batches.into_iter().flatten().any(|(pairs, answers)| {
            pairs
                .iter()
                .zip(answers)
                .any(|((a, b), &said)| said != same_cards(a, b))
        });
    if !wrong_somewhere || ignores_the_cards(&plain) {
        return None;
    }
    // The models that say what the answer said for the empty pair; after a
    // panic there that a loop to `len - 1` leaves, only the models of such
    // loops, compared on the other pairs.
    let fits_empty = |(wrong, _): &WrongAnswer, panics_there: bool| match &empty {
        Ok(said) => !panics_there && Some(wrong(&[], &[])) == *said,
        Err(message) => panics_there && short_of_an_empty_array(message),
    };
    let made = |asked: &Option<(Vec<Pair>, Vec<bool>)>, known: &[WrongAnswer], panics_there| {
        let (pairs, answers) = asked.as_ref()?;
        // A model names a mistake only where the answer is wrong: on a
        // batch it answers right, every model of a right answer fits (a
        // comparator that overflows on the extremes alone answers every
        // plain pair as the lab does, and as comparing sums and products).
        if pairs
            .iter()
            .zip(answers)
            .all(|((a, b), &said)| said == same_cards(a, b))
        {
            return None;
        }
        known
            .iter()
            .filter(|wrong| fits_empty(wrong, panics_there))
            .find(|(wrong, _)| {
                pairs
                    .iter()
                    .zip(answers)
                    .all(|((a, b), answer)| wrong(a, b) == *answer)
            })
            .map(|(_, found)| *found)
    };
    // The extremes first: an answer right on every plain pair is also
    // indistinguishable there from comparing sums and products.
    // The digits before the plain pairs: an answer that compares the
    // digits of the arrays as they stand says what `a == b` says on every
    // plain pair, and only the pairs whose digits read alike tell them
    // apart. Its model must fit every pair asked.
    let on_digits = WRONG_ON_DIGITS.iter().find(|wrong| {
        [&extremes, &plain, &same_digits]
            .into_iter()
            .all(|asked| made(asked, std::slice::from_ref(*wrong), false).is_some())
    });
    // The summaries beside the plain pairs: comparing sums and products
    // answers every plain pair right, and only [2, 8, 9] against [12, 3,
    // 4] shows it.
    let plain_and_summaries =
        plain
            .clone()
            .zip(summaries.clone())
            .map(|((mut p, mut a), (q, b))| {
                p.extend(q);
                a.extend(b);
                (p, a)
            });
    made(&extremes, WRONG_ON_EXTREMES, false)
        .or_else(|| made(&extremes, MARKS_ON_EXTREMES, false))
        .or_else(|| on_digits.map(|(_, found)| *found))
        .or_else(|| made(&plain_and_summaries, WRONG_ANSWERS, false))
        .or_else(|| made(&plain, LOOP_SLIPS, false))
        .or_else(|| made(&plain, PANIC_ON_EMPTY, true))
        .or_else(|| plain.is_none().then(|| counts_by_value(f)).flatten())
        .or_else(|| searches_at_random(f))
        .or_else(|| where_wrong(f))
}

/// The values a mark or a special case is made of: -1, the 0 of a fresh
/// `int[]`, and Java's `Integer.MIN_VALUE` and `MAX_VALUE`.
const MARKS: [i32; 4] = [-1, 0, i32::MIN, i32::MAX];

/// The mistake that the pairs an answer gets wrong have in common, when no
/// model of a known answer fits: read from behaviour alone, every pair of
/// up to 2 cards from the extremes and from the plain values, and the
/// pairs whose digits read alike, each asked alone (a panic counts as a
/// wrong answer). In order:
/// - every pair it says true for wrongly has a's digits among b's (`[12,
///   3]` and `[1, 23]`, `[1]` and `[-1]`): digits compared, as text;
/// - every wrong pair holds one value of [`MARKS`] and holds the same
///   cards or differs in that one card, against at least two others:
///   that value is a mark;
/// - every wrong pair holds `i32::MIN` or `i32::MAX`: a comparison that is
///   right for small values only (an overflowing `x - y` comparator, a
///   byte of each card).
///
/// No correct answer is wrong anywhere, so none is named; a mistake seen
/// on plain pairs too is none of these.
fn where_wrong(f: &dyn Functions) -> Option<Mistake> {
    use crate::checks::permutation_pairs::{PLAIN_VALUES, SAME_DIGITS};
    let up_to_two = |values: &[i32]| -> Vec<Pair> {
        let arrays: Vec<Vec<i32>> = std::iter::once(vec![])
            .chain(values.iter().map(|&v| vec![v]))
            .chain(values.iter().flat_map(|&x| {
                values
                    .iter()
                    .filter(move |&&y| y != x)
                    .map(move |&y| vec![x, y])
            }))
            .collect();
        let mut pairs = Vec::new();
        for a in &arrays {
            for b in arrays.iter().filter(|b| b.len() == a.len()) {
                pairs.push((a.clone(), b.clone()));
            }
        }
        pairs
    };
    let mut pairs = up_to_two(&[i32::MIN, -1, 0, 1, i32::MAX]);
    pairs.extend(up_to_two(&PLAIN_VALUES));
    pairs.extend(SAME_DIGITS.iter().map(|&(a, b)| (a.to_vec(), b.to_vec())));
    let wrong: Vec<(&Pair, Option<bool>)> = pairs
        .iter()
        .map(|pair| {
            let said = attempt(|| f.are_permutations().call(std::slice::from_ref(pair)));
            (pair, said.ok().and_then(|answers| answers.first().copied()))
        })
        .filter(|((a, b), said)| *said != Some(same_cards(a, b)))
        .collect();
    if wrong.is_empty() {
        return None;
    }
    let digits = |cards: &[i32]| {
        let mut all: Vec<char> = cards
            .iter()
            .flat_map(|c| c.to_string().chars().collect::<Vec<_>>())
            .collect();
        all.sort_unstable();
        all
    };
    let false_trues: Vec<&Pair> = wrong
        .iter()
        .filter(|(_, said)| *said == Some(true))
        .map(|(p, _)| *p)
        .collect();
    // Each wrongly accepted pair's digits of a are among b's: the same
    // digits reordered, or a's card found as text inside b's (`"-10"`
    // contains `"1"` and `"-1"`, reusing the 1). Any other known mistake
    // also accepts some pair the other way round (`[-1]` for `[1]` as
    // squares, `[1]` for `[-1]`), which the text of b cannot hold.
    let among = |a: &[i32], b: &[i32]| {
        let b = digits(b);
        digits(a).iter().all(|c| b.contains(c))
    };
    if !false_trues.is_empty() && false_trues.iter().all(|(a, b)| among(a, b)) {
        return Some(Mistake::PermutationsDigits);
    }
    // A mark takes the place of any card: the arrays it fools differ by
    // the mark and by cards of at least two values (or hold the same
    // cards). Differences always of one pair (-1 for 1, as squares), or
    // of two cards at once (XOR and sum), are no mark's.
    let is_mark = |mark: i32| {
        let mut partners: Vec<i32> = Vec::new();
        for ((a, b), _) in &wrong {
            if !a.contains(&mark) && !b.contains(&mark) {
                return false;
            }
            // A mark stands for one card: the arrays it fools hold the same
            // cards, or differ in one card, the mark on one side.
            let differ = a.iter().filter(|c| !b.contains(c)).count();
            if !same_cards(a, b) && differ != 1 {
                return false;
            }
            let only_in = |x: &[i32], y: &[i32]| {
                x.iter()
                    .filter(|c| !y.contains(c))
                    .copied()
                    .collect::<Vec<_>>()
            };
            partners.extend(
                only_in(a, b)
                    .into_iter()
                    .chain(only_in(b, a))
                    .filter(|&c| c != mark),
            );
            if same_cards(a, b) {
                partners.extend([mark.wrapping_add(1), mark.wrapping_add(2)]);
            }
        }
        partners.sort_unstable();
        partners.dedup();
        partners.len() >= 2
    };
    if MARKS.iter().any(|&mark| is_mark(mark)) {
        return Some(Mistake::PermutationsValueAsMark);
    }
    wrong
        .iter()
        .all(|((a, b), _)| a.iter().chain(b).any(|c| *c == i32::MIN || *c == i32::MAX))
        .then_some(Mistake::PermutationsSmallValuesOnly)
}

/// Pairs asked one at a time for a count by value: plain small cards, then
/// cards no counting array has a slot for (negative, or two billion).
const COUNTING_PAIRS: &[(&[i32], &[i32])] = &[
    (&[0, 1, 2], &[2, 0, 1]),
    (&[0, 1, 2], &[0, 1, 3]),
    (&[3, 1], &[1, 3]),
    (&[2, 5], &[5, 3]),
    (&[-1, 2], &[2, -1]),
    (&[1, -5], &[-5, 1]),
    (&[1, 2_000_000_000], &[2_000_000_000, 1]),
];

/// Whether the answer uses cards as positions (`count[a[i] as usize] +=
/// 1`, `b.remove(a[i] as usize)`): each panic an overrun at a card's own
/// value (`-1 as usize` is 2^64 - 1), with at least one at a negative
/// card, whatever it answers where it does not panic.
fn counts_by_value(f: &dyn Functions) -> Option<Mistake> {
    let (mut answered, mut negative_overran) = (false, false);
    for &(a, b) in COUNTING_PAIRS {
        let pair = (a.to_vec(), b.to_vec());
        match attempt(|| f.are_permutations().call(std::slice::from_ref(&pair))) {
            // A wrong answer too may use cards as positions (`b.remove(a[i]
            // as usize)` shifts b under its own feet): the panics decide.
            Ok(_) => answered = true,
            Err(message) => {
                let (len, index) = overrun(&message)?;
                let card_at = |card: &i32| *card as usize == index;
                if index < len || !a.iter().chain(b).any(card_at) {
                    return None;
                }
                negative_overran |= a.iter().chain(b).any(|c| *c < 0 && card_at(c));
            }
        }
    }
    (answered && negative_overran).then_some(Mistake::PermutationsCountsByValue)
}

type Pair = (Vec<i32>, Vec<i32>);

/// Whether the answers depend on the arrays' lengths alone (always true,
/// always false, `a.len() == b.len()`): an answer that ignores the cards
/// ignores the task. It is a trivial answer, which earns nothing by the
/// core gate and is never named as a mistake.
fn ignores_the_cards(asked: &Option<(Vec<Pair>, Vec<bool>)>) -> bool {
    let Some((pairs, answers)) = asked else {
        return false;
    };
    let mut by_lengths: Vec<((usize, usize), bool)> = Vec::new();
    pairs.iter().zip(answers).all(|((a, b), &said)| {
        let lengths = (a.len(), b.len());
        match by_lengths.iter().find(|(l, _)| *l == lengths) {
            Some(&(_, first)) => first == said,
            None => {
                by_lengths.push((lengths, said));
                true
            }
        }
    })
}

/// Whether the answer is a random search that can give up: asked the same
/// 60 rearrangements of 2 to 4 cards (and each with one card changed)
/// three times, it answers differently, and never says true for arrays
/// that differ.
///
/// A function of its input alone cannot answer the same question two
/// ways, so a deterministic answer is never named here. Power against the
/// search of `fixtures/wrong/permutations_random_search.rs` (b.length
/// random tries per card, true for 2, 3 and 4 cards with probability
/// 0.56, 0.35 and 0.22): its three runs all agree with probability
/// (0.26 · 0.32 · 0.49)^20 < 10^-27.
fn searches_at_random(f: &dyn Functions) -> Option<Mistake> {
    let mut pairs: Vec<Pair> = Vec::new();
    for n in 2..=4 {
        for start in 0..20 {
            let a: Vec<i32> = (0..n).map(|i| 100 * start + 7 * i).collect();
            let mut b = a.clone();
            b.rotate_left(1 + start as usize % (n as usize - 1));
            pairs.push((a.clone(), b.clone()));
            b[0] += 1;
            pairs.push((a, b));
        }
    }
    let runs: Vec<Vec<bool>> = (0..3)
        .map(|_| quietly(|| f.are_permutations().call(&pairs)))
        .collect::<Option<_>>()?;
    let never_wrongly_true = runs.iter().all(|answers| {
        pairs
            .iter()
            .zip(answers)
            .all(|((a, b), &said)| !said || same_cards(a, b))
    });
    let changes = runs.windows(2).any(|w| w[0] != w[1]);
    (changes && never_wrongly_true).then_some(Mistake::PermutationsRandomSearch)
}
