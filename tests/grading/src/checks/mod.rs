//! The checks, one module per exercise, named after it: the registry
//! ([`workbook::with_exercises!`]) declares them, so a new exercise needs
//! only its file here. Each check is a function of the
//! [`Functions`](crate::Functions) it grades.

/// `pub mod <exercise>;` for every exercise of the registry.
macro_rules! check_modules {
    (
        {}
        exercises [ $( ($name:ident $shape:ident $summary:literal $group:ident $points:literal
            [ $( ($kind:ident $check:ident $title:literal $shared:tt) )* ]) )* ]
        lab [ $( ($lab:ident $diagnosis:ident) )* ]
    ) => {
        $(
            #[doc = $summary]
            pub mod $name;
        )*
    };
}

workbook::with_exercises!([check_modules]);

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
    let mut want = input.to_vec();
    let mut got = output.to_vec();
    want.sort_unstable();
    got.sort_unstable();
    if want == got {
        return None;
    }
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

#[cfg(test)]
mod tests {
    use super::not_a_permutation;

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
