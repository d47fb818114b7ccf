//! Bonus checks of `sequence_for`: whatever the student returns is replayed
//! by the lab's own procedure, so the checks accept exactly the one correct
//! answer without storing it.

use crate::oracle::replay_swaps;
use crate::{CheckRng, Failure, Functions};

const HINT: &str = "after the swap at step k, position k never changes again, so it must \
    already hold target[k]: r is where that card is just before step k. Track the deck as \
    the shuffle would see it, swapping as you go";

/// Draws as a report shows them: all of them when few, else the first 12.
fn shown(draws: &[usize]) -> String {
    if draws.len() <= 16 {
        return format!("{draws:?}");
    }
    let head: Vec<String> = draws[..12].iter().map(usize::to_string).collect();
    format!("[{}, … {} more]", head.join(", "), draws.len() - 12)
}

/// The draws, checked for shape and replayed on 0..n.
fn check(f: &dyn Functions, target: &[i32]) -> Result<(), Failure> {
    let n = target.len();
    let draws = f.sequence_for().call(target);
    let input = crate::failure::deck(target);
    if draws.len() != n.saturating_sub(1) {
        return Err(Failure::new(
            "sequence_for returned the wrong number of draws",
            input,
            format!(
                "{} draws, one for each k from n - 1 down to 1",
                n.saturating_sub(1)
            ),
            format!("{} draws: {}", draws.len(), shown(&draws)),
            "the shuffle draws once for each k = n - 1, n - 2, …, 1, and never for k = 0",
        ));
    }
    if let Some((r, k)) = draws.iter().zip((1..n).rev()).find(|(r, k)| *r > k) {
        return Err(Failure::new(
            "sequence_for gives an r the shuffle can never draw",
            input,
            "each r between 0 and its k, inclusive",
            format!("r = {r} for k = {k}"),
            "the draws come in the order k = n - 1 first, down to k = 1, and each r is drawn \
             from 0..=k",
        ));
    }
    let start: Vec<i32> = (0..n as i32).collect();
    let rebuilt = replay_swaps(&start, &draws);
    if rebuilt == target {
        return Ok(());
    }
    Err(Failure::new(
        "replaying sequence_for's draws does not give the target",
        input,
        "draws that turn 0..n into the target, swapping k with r for k = n - 1 down to 1",
        format!(
            "{}, which give {}",
            shown(&draws),
            crate::failure::deck(&rebuilt)
        ),
        HINT,
    ))
}

pub fn each_r_is_between_0_and_k(f: &dyn Functions) -> Result<(), Failure> {
    for target in [vec![1, 0], vec![2, 0, 1], vec![4, 2, 0, 3, 1]] {
        let draws = f.sequence_for().call(&target);
        let n = target.len();
        if draws.len() != n - 1 || draws.iter().zip((1..n).rev()).any(|(r, k)| *r > k) {
            return check(f, &target);
        }
    }
    Ok(())
}

pub fn rebuilds_every_order_of_4_cards(f: &dyn Functions) -> Result<(), Failure> {
    for rank in 0..24 {
        let mut target = vec![0, 1, 2, 3];
        // Draws r_3, r_2, r_1 from the mixed-radix digits of `rank`.
        let draws = [rank % 4, rank / 4 % 3, rank / 12];
        for (&r, k) in draws.iter().zip([3, 2, 1]) {
            target.swap(k, r);
        }
        check(f, &target)?;
    }
    Ok(())
}

pub fn rebuilds_shuffled_decks(f: &dyn Functions) -> Result<(), Failure> {
    use rand::seq::SliceRandom;
    let mut rng = CheckRng::seeded(17);
    for n in [2, 3, 5, 10, 52, 1000] {
        let mut target: Vec<i32> = (0..n).collect();
        target.shuffle(&mut rng);
        check(f, &target)?;
    }
    Ok(())
}

pub fn small_decks(f: &dyn Functions) -> Result<(), Failure> {
    for target in [vec![], vec![0]] {
        check(f, &target).map_err(|failure| Failure {
            hint: "with 0 or 1 cards the shuffle draws nothing: `(1..n).rev()` is empty, and \
                   `n - 1` underflows when n is 0"
                .into(),
            ..failure
        })?;
    }
    Ok(())
}
