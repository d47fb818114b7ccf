//! [`implementation!`](crate::implementation!), which builds one crate's
//! table of functions, one per exercise ([`Implementation`]), from its
//! paths.

/// Builds an [`Implementation`](crate::Implementation) from the functions
/// in a module or crate, and the bonus ones from `extensions = path` when
/// it is given. Without it, the bonus functions say "not yet implemented",
/// as the stubs do.
///
/// A generic `R: Rng + ?Sized` in a student's function is instantiated for
/// `dyn Rng`.
///
/// ```
/// mod mine {
///     // Every lab function of the reference, but for one of my own,
///     // which shadows the reference's.
///     pub use solutions::*;
///     pub fn perfect_shuffle(values: &[i32]) -> Vec<i32> { values.to_vec() }
/// }
/// const MINE: workbook::Implementation = workbook::implementation!(mine);
/// assert_eq!((MINE.perfect_shuffle)(&[1, 2, 3]), [1, 2, 3]);
/// assert!((MINE.are_permutations)(&[1, 2], &[2, 1]));
/// ```
#[macro_export]
macro_rules! implementation {
    ($($path:ident)::+ $(,)?) => {{
        use $crate::__not_yet as __bonus;
        use $($path)::+ as __lab;
        $crate::__implementation_of!()
    }};
    ($($path:ident)::+, extensions = $($extensions:ident)::+ $(,)?) => {{
        use $($extensions)::+ as __bonus;
        use $($path)::+ as __lab;
        $crate::__implementation_of!()
    }};
}

#[cfg(test)]
mod tests {
    use crate::shapes::{Batch, Returned};
    use crate::{BONUS_EXERCISES, CheckRng, EXERCISES, Exercise, LAB_EXERCISES, Request, Response};

    #[test]
    fn every_exercise_is_listed_once_lab_first() {
        let names: Vec<&str> = EXERCISES.iter().map(|e| e.name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
        let first_bonus = EXERCISES.iter().position(|e| e.bonus).unwrap();
        assert!(EXERCISES[first_bonus..].iter().all(|e| e.bonus));
        let lab: Vec<&str> = EXERCISES
            .iter()
            .filter(|e| !e.bonus)
            .map(|e| e.name)
            .collect();
        assert_eq!(LAB_EXERCISES, lab.as_slice());
        assert_eq!(LAB_EXERCISES.len() + BONUS_EXERCISES.len(), EXERCISES.len());
        assert_eq!(Exercise::named("flip").unwrap().name, "flip");
        assert!(Exercise::named("shuffle").is_none());
    }

    #[test]
    fn signatures_read_as_the_stubs_give_them() {
        let signature = |name| Exercise::named(name).unwrap().signature();
        assert_eq!(
            signature("selection_shuffle"),
            "pub fn selection_shuffle<R: Rng + ?Sized>(values: &[i32], rng: &mut R) -> Vec<i32>"
        );
        assert_eq!(
            signature("efficient_selection_shuffle"),
            "pub fn efficient_selection_shuffle<R: Rng + ?Sized>(values: &mut [i32], rng: &mut R)"
        );
        assert_eq!(
            signature("reversing_sequence"),
            "pub fn reversing_sequence() -> [usize; 3]"
        );
        let flip = Exercise::named("flip").unwrap();
        assert_eq!(
            flip.wrapper("super"),
            "    pub fn flip(rng: &mut (dyn ::rand::Rng + 'static)) -> &'static str {\n        super::flip(rng)\n    }\n"
        );
    }

    #[test]
    fn requests_travel_as_json_and_answers_must_fit() {
        let request = Request::selection_shuffle(Batch {
            values: vec![1, 2, 3, 4],
            rng: CheckRng::seeded(7),
            times: 2,
        });
        let line = serde_json::to_string(&request).unwrap();
        let back: Request = serde_json::from_str(&line).unwrap();
        assert_eq!(back.describe(), "selection_shuffle for 4 cards");

        let answer = |answers: Vec<Vec<i32>>| {
            Response::selection_shuffle(Returned {
                answers,
                rng: CheckRng::seeded(7),
            })
        };
        assert!(answer(vec![vec![1, 2, 3, 4]; 2]).answers(&request));
        assert!(
            !answer(vec![vec![1, 2, 3, 4]]).answers(&request),
            "one short"
        );
        assert!(
            !Response::flip(Returned {
                answers: vec![],
                rng: CheckRng::seeded(7)
            })
            .answers(&request)
        );
        assert!(Response::Panicked(crate::Panic::Message("boom".into())).answers(&request));
    }

    #[test]
    fn pair_requests_are_described_by_their_size() {
        let one = Request::are_permutations(vec![(vec![1], vec![2])]);
        assert_eq!(one.describe(), "are_permutations for [1] and [2]");
        let many = Request::are_permutations(vec![(vec![1, 2], vec![2, 1]); 3]);
        assert_eq!(
            many.describe(),
            "are_permutations for 3 pairs of 2-card arrays"
        );
        assert_eq!(
            Request::reversing_sequence(()).describe(),
            "reversing_sequence"
        );
        assert_eq!(
            Request::perfect_shuffle_order(52).describe(),
            "perfect_shuffle_order for n = 52"
        );
    }
}
