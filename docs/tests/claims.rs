//! Numbers the main path states in its prose, recomputed. A chapter checks
//! a claim in the block beside it where it has one; the claims here have
//! none, because a block of checks alone would cost the chapter more lines
//! than the claim (the main path is held to 2,400). Each test names the
//! chapter and section whose sentence it checks.

use std::collections::BTreeMap;

use grading::ScriptedRng;
use grading::algorithms::naive_shuffle;
use grading::stats::{
    critical_value, goodness_of_fit, independence_2x2, noncentral_upper_tail, upper_tail,
};

fn close(value: f64, stated: f64, within: f64) -> bool {
    (value - stated).abs() < within
}

/// selection-shuffle.md, "How the cost grows": n × H_n draws, 4.63 and
/// 9.79 times n − 1; and deeper/selection-shuffle.md: 235.98 for 52 cards
/// where n ln n would say 205.5.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_selection_shuffle_makes_n_h_n_draws_not_n_ln_n() {
    let draws = |n: u32| f64::from(n) * (1..=n).map(|k| 1.0 / f64::from(k)).sum::<f64>();
    assert!(close(draws(52), 235.98, 0.005));
    assert!(close(52.0 * 52f64.ln(), 205.46, 0.005));
    assert!(close(draws(52) / 51.0, 4.63, 0.005));
    assert!(close(draws(10_000) / 9_999.0, 9.79, 0.005));
}

/// wrong-shuffles.md, "Counting its 27 paths": Fisher–Yates' one draw
/// sequence per order of 1 2 3, and the naive swap's 4 or 5 paths of 27.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_six_sequences_against_the_27_paths() {
    let (mut fisher_yates, mut naive) = (BTreeMap::new(), BTreeMap::new());
    for (r2, r1) in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)] {
        let mut deck = [1, 2, 3];
        let mut rng = ScriptedRng::new([(r2, 3), (r1, 2)]);
        solutions::efficient_selection_shuffle(&mut deck, &mut rng);
        assert_eq!(fisher_yates.insert(deck, (r2, r1)), None, "one each");
    }
    for path in 0..27 {
        let script = [(path % 3, 3), (path / 3 % 3, 3), (path / 9, 3)];
        let mut deck = [1, 2, 3];
        naive_shuffle(&mut deck, &mut ScriptedRng::new(script));
        *naive.entry(deck).or_insert(0) += 1;
    }
    // In the table's order: 123, 132, 213, 231, 312, 321.
    let draws: Vec<_> = fisher_yates.into_values().collect();
    assert_eq!(draws, [(2, 1), (1, 1), (2, 0), (0, 0), (1, 0), (0, 1)]);
    let paths: Vec<u32> = naive.into_values().collect();
    assert_eq!(paths, [4, 5, 5, 5, 4, 4]);
    // 5/27 and 4/27 against 4.5/27: 11% off either way.
    assert!(close(5.0 / 4.5 - 1.0, 0.11, 0.005));
    assert!(close(1.0 - 4.0 / 4.5, 0.11, 0.005));
}

/// weighted-coin.md, "The right ratio is not enough": the test of
/// independence takes its expectations from the table's own totals, on 1
/// df: 750 for the repeating coin, 0.24 for the reference. The four cells
/// against fixed 2/3 shares, which the chapter once described, would be
/// another test: 0.79 on 3 df.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_coins_independence_test_is_2_by_2_on_1_df() {
    let reference = independence_2x2([[333, 686], [665, 1316]]);
    assert!(close(reference.statistic, 0.24, 0.005));
    assert_eq!(reference.df, 1.0);
    let repeating = independence_2x2([[0, 1000], [1000, 1000]]);
    assert!(close(repeating.statistic, 750.0, 0.5) && repeating.rejects());
    let shares = [1.0 / 9.0, 2.0 / 9.0, 2.0 / 9.0, 4.0 / 9.0];
    let fixed = goodness_of_fit(&[333, 686, 665, 1316], &shares);
    assert!(close(fixed.statistic, 0.79, 0.005) && fixed.df == 3.0);
}

/// weighted-coin.md, "Coins that are wrong": a byte modulo 3 gives 0 from
/// 86 bytes, 1 and 2 from 85 each: heads 171/256 = 2/3 + 1/768.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_byte_coin() {
    let from = |r: u32| (0..=255u32).filter(|byte| byte % 3 == r).count();
    assert_eq!([from(0), from(1), from(2)], [86, 85, 85]);
    assert!(close(171.0 / 256.0 - 2.0 / 3.0, 1.0 / 768.0, 1e-15));
}

/// randomness.md, "Modulo bias": 32-bit words favour 48 of 52 results by
/// about 1.2 × 10⁻⁸; rand's default (Canon's method, 64 bits where
/// needed) leaves 16 results an excess of about 2.8 × 10⁻¹⁸.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn random_range_leaves_an_excess_of_2_8e_18_on_16_results() {
    let words = 1u128 << 64;
    assert_eq!((words / 52, words % 52), (354_745_078_340_568_300, 16));
    assert!(close(52.0 / words as f64 / 2.8e-18, 1.0, 0.01));
    assert_eq!((1u64 << 32) % 52, 48);
    assert!(close(52.0 / (1u64 << 32) as f64 / 1.2e-8, 1.0, 0.01));
}

/// randomness.md, "Modulo bias", and the stubs of the two selection
/// shuffles: one meaning of "excess", a favoured result's chance over an
/// unfavoured one's, less 1 (1/q for q words per result). Against the fair
/// share 1/52 the favoured results would be only 36/2⁶⁴ ≈ 2.0 × 10⁻¹⁸ over.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_book_and_the_stubs_mean_one_excess() {
    let q64 = ((1u128 << 64) / 52) as f64;
    let q32 = ((1u64 << 32) / 52) as f64;
    assert!(close(1.0 / q64 / 2.8e-18, 1.0, 0.01));
    assert!(close(1.0 / q32 / 1.2e-8, 1.0, 0.01));
    assert!(close(36.0 / 2f64.powi(64) / 2.0e-18, 1.0, 0.03));
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let chapter = std::fs::read_to_string(workspace.join("docs/src/randomness.md")).unwrap();
    let chapter = chapter.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(((1u64 << 32) / 52, (1u64 << 32) % 52), (82_595_524, 48));
    assert!(chapter.contains("2³² = 82,595,524 × 52 + 48 leaves 48 words over"));
    assert!(chapter.contains("48 results come up about 1.2 × 10⁻⁸ more often than the other 4"));
    assert!(chapter.contains("16 results keep an excess of about 2.8 × 10⁻¹⁸"));
    for stub in ["selection_shuffle.rs", "efficient_selection_shuffle.rs"] {
        let text = std::fs::read_to_string(workspace.join("tests/stubs/exercises/src").join(stub))
            .unwrap()
            .replace("///", "");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for claim in [
            "48 of the 52 results come up about 1.2 parts in 10^8 more often than the other 4",
            "16 of 52 results come up about 2.8 parts in 10^18 more often than the other 36",
        ] {
            assert!(text.contains(claim), "{stub}: {claim}");
        }
    }
}

/// riffles.md, "Seven, and what 'enough' means": seven is the first
/// riffle count below 1/2 in total variation; in separation distance it is
/// 11 (deeper/beyond.md tables both).
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn seven_riffles_by_total_variation_eleven_by_separation() {
    use grading::algorithms::riffle_total_variation;
    use lab_tools::mixing::riffle_separation;
    let first = |distance: &dyn Fn(u32) -> f64| (1..).find(|&k| distance(k) < 0.5);
    assert_eq!(first(&|k| riffle_total_variation(52, k)), Some(7));
    assert_eq!(first(&|k| riffle_separation(52, k)), Some(11));
}

/// chi-square.md, "False alarms and power": the critical values, and the
/// powers against the 5/27 and 4/27 shuffle, which come from the
/// noncentral chi-square approximation (λ = shuffles × Σ (q − p)²/p).
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_primers_powers_from_the_noncentral_approximation() {
    let lambda = |shuffles: f64| shuffles * 6.0 * (1.0f64 / 54.0).powi(2) * 6.0;
    let power = |shuffles: f64, alpha: f64| {
        noncentral_upper_tail(5.0, lambda(shuffles), critical_value(5.0, alpha))
    };
    assert!(close(critical_value(5.0, 0.05), 11.07, 0.005));
    assert!(close(critical_value(5.0, 1e-6), 35.89, 0.005));
    assert!(close(power(600.0, 0.05), 0.53, 0.005));
    assert!(close(power(600.0, 1e-6) * 1_000.0, 3.0, 0.5));
    assert!(close(power(6_000.0, 1e-6) * 1_000.0, 998.0, 0.5));
    // Five independent tests at 0.05 raise at least one alarm 23% of the time.
    assert!(close(1.0 - 0.95f64.powi(5), 0.23, 0.005));
}

/// chi-square.md, "A fair shuffle's report, read": 2,601 df, not 2,703,
/// and the p-values of the report it quotes and of the naive swap's,
/// which it links (testing.md, "Which card follows which").
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_fair_reports_degrees_of_freedom_and_p_values() {
    assert_eq!((51 * 51, 52 * 52 - 1), (2_601, 2_703));
    assert!(close(upper_tail(2601.0, 2639.4), 0.29, 0.005));
    assert!(close(upper_tail(2651.0, 2725.3), 0.15, 0.005));
    assert!(upper_tail(2601.0, 68369.7) < 1e-300);
}

/// wrong-shuffles.md, "What the bias looks like": Sattolo's shuffle puts
/// each card at each of the other 51 positions 52/51 ≈ 1.02 times as often
/// as a fair shuffle.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn sattolo_s_off_diagonal_rate() {
    assert!(close(52.0 / 51.0, 1.02, 0.005));
}

/// deeper/perfect-shuffle.md, "The table of orders, checked", which
/// perfect-shuffle.md's "A table of orders" links: 22 chosen deck sizes
/// from 1 to 1,000 cards, and each order shown is what the bonus
/// exercise's reference computes.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_table_of_orders_shows_22_chosen_sizes() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let text = std::fs::read_to_string(src.join("deeper/perfect-shuffle.md")).expect("the page");
    assert!(text.contains("The orders of 22 chosen deck sizes, from 1 to 1,000 cards"));
    let chapter = std::fs::read_to_string(src.join("perfect-shuffle.md")).expect("the chapter");
    assert!(chapter.contains("tables the orders of 22 chosen deck sizes, from 1 to 1,000 cards"));
    let row = |name: &str| -> Vec<usize> {
        text.lines()
            .filter(|line| line.starts_with(&format!("| {name} |")))
            .flat_map(|line| {
                line.split('|')
                    .skip(2)
                    .filter_map(|c| c.trim().parse().ok())
            })
            .collect()
    };
    let (cards, orders) = (row("cards"), row("out-shuffles"));
    assert_eq!((cards.len(), orders.len()), (22, 22));
    assert_eq!((cards[0], cards[21]), (1, 1000));
    for (&n, &order) in cards.iter().zip(&orders) {
        let order_of = solutions::extensions::perfect_shuffle_order(n);
        assert_eq!(order_of, order, "{n} cards");
    }
}

/// statistics.md, "Many counts at once": a z beyond 3 happens to one count
/// about 1 time in 370, so about 7 times among a 52-card table's 2,704
/// cells (z² beyond 9 is a 1-df chi-square's upper tail).
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn a_z_beyond_3_turns_up_7_times_among_2704_cells() {
    let beyond_3 = upper_tail(1.0, 9.0);
    assert!(close(1.0 / beyond_3, 370.0, 1.0));
    assert!(close(2_704.0 * beyond_3, 7.3, 0.05));
}

/// The naive swap's exact chance that card c ends at position j: step k
/// sends the card at k to a uniform position and pulls the card at the
/// drawn position to k.
fn naive_positions(n: usize) -> Vec<Vec<f64>> {
    let share = 1.0 / n as f64;
    (0..n)
        .map(|card| {
            let mut at = vec![0.0; n];
            at[card] = 1.0;
            for k in 0..n {
                let was_at_k = at[k];
                for (j, chance) in at.iter_mut().enumerate() {
                    *chance = if j == k {
                        // Pulled to k from anywhere else, or drawn to stay.
                        (1.0 - was_at_k) * share + was_at_k * share
                    } else {
                        *chance * (1.0 - share) + was_at_k * share
                    };
                }
            }
            at
        })
        .collect()
}

/// wrong-shuffles.md, "What the bias looks like": the orange band spans up
/// to about 20 positions: for card 24 and every later one, the positions
/// too likely are the 20 to 23 just above its own.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_naive_swaps_excess_spans_about_20_positions() {
    let p = naive_positions(52);
    for (card, row) in p.iter().enumerate() {
        assert!(close(row.iter().sum::<f64>(), 1.0, 1e-12));
        if card < 24 {
            continue;
        }
        // Beyond rounding: a few far cells sit within 1e-15 of 1/52.
        let too_likely: Vec<usize> = (0..52).filter(|&j| row[j] > 1.0 / 52.0 + 1e-12).collect();
        let span = too_likely.len();
        assert!((20..=23).contains(&span), "card {card}: {too_likely:?}");
        assert_eq!(
            too_likely,
            (card - span..card).collect::<Vec<_>>(),
            "card {card}"
        );
    }
}

/// any-language.md, "How many shuffles?", and deeper/any-language.md, "How
/// many shuffles, in Python": the noncentral chi-square says
/// 1,456 shuffles of 8 cards fail the naive swap 99 times in 100. 20,000
/// seeded runs fail it 98.6 % ± 0.08 % of the time: close, not exact,
/// and a gap that 400 runs (± 0.6 %) could not show.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_naive_swap_of_8_cards_fails_98_6_percent_of_1456_shuffle_runs() {
    use grading::stats::position_chi_square;
    use rand::SeedableRng;
    let (runs, shuffles, n) = (20_000u32, 1_456u64, 8usize);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(98);
    let mut failed = 0u32;
    for _ in 0..runs {
        let mut counts = vec![vec![0u64; n]; n];
        for _ in 0..shuffles {
            let mut deck = [0, 1, 2, 3, 4, 5, 6, 7];
            naive_shuffle(&mut deck, &mut rng);
            for (position, &card) in deck.iter().enumerate() {
                counts[card as usize][position] += 1;
            }
        }
        failed += u32::from(position_chi_square(&counts, shuffles).rejects());
    }
    let share = f64::from(failed) / f64::from(runs);
    let spread = |runs: f64| (share * (1.0 - share) / runs).sqrt();
    assert!(close(share, 0.986, 0.0005), "{share}");
    assert!(close(spread(f64::from(runs)), 0.0008, 0.00005));
    assert!(close(spread(400.0), 0.006, 0.0005) && 0.99 - share < spread(400.0));
}

/// statistics.md, "The bell curve": the normal curve's two-sided tails
/// beyond |z| = 1 to 4, and the 100-flip coin's exact ones beyond 3 and
/// 4 (beyond 2 is checked in the chapter, as 5.7%); the report's line
/// for one count is 5.199.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_normal_tails_against_the_coins() {
    use grading::stats::binomial_two_sided;
    let normal_tail = |z: f64| upper_tail(1.0, z * z);
    assert!(close(normal_tail(1.0), 0.32, 0.005));
    assert!(close(normal_tail(2.0), 0.046, 0.0005));
    assert!(close(1.0 / normal_tail(2.0), 22.0, 0.5));
    assert!(close(1.0 / normal_tail(3.0), 370.0, 1.0));
    assert!(close(1.0 / normal_tail(4.0), 15_800.0, 50.0));
    assert!(close(1.0 / binomial_two_sided(65, 100, 0.5), 284.0, 0.5));
    assert!(close(
        1.0 / binomial_two_sided(70, 100, 0.5),
        12_700.0,
        100.0
    ));
    let line = critical_value(1.0, 1e-6 / 5.0).sqrt();
    assert!(close(line, 5.199, 0.0005));
}

/// testing.md, "Every order of a small deck": 6 cards have 720 orders,
/// and one order of 52 has chance 1/52! ≈ 1.2 × 10⁻⁶⁸. randomness.md,
/// "Enough state to reach every deck": log₂ 52! ≈ 225.58 bits, more than
/// a 64-bit seed (seed_from_u64) holds, fewer than Pcg64 seeded from 32
/// bytes (128 bits of state and 127 of its odd increment, 255 in all) or
/// ChaCha's 256-bit key.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn orders_of_6_and_of_52_cards_and_the_bits_52_needs() {
    assert_eq!((1..=6).product::<u32>(), 720);
    let fifty_two: f64 = (1..=52).map(f64::from).product();
    assert!(close(fifty_two / 8.0658e67, 1.0, 1e-4));
    assert!(close(1.0 / fifty_two / 1.2398e-68, 1.0, 1e-4));
    let bits: f64 = (1..=52).map(|k| f64::from(k).log2()).sum();
    assert!(close(bits, 225.58, 0.005));
    assert!(64.0 < bits && bits < 255.0 && bits < 256.0);
}

/// The report's line for one count, |z| where the tail is 10⁻⁶ shared
/// among the tests that ran (report.rs `summarise`): statistics.md, "The
/// bell curve", and testing.md, "Reading the fairness report".
fn line_for(tests: u32) -> f64 {
    critical_value(1.0, 1e-6 / f64::from(tests)).sqrt()
}

#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_verdicts_line_is_for_the_tests_that_ran() {
    assert!(close(line_for(4), 5.16, 0.005));
    assert!(close(line_for(5), 5.20, 0.005));
    assert!(close(line_for(6), 5.23, 0.005));
    // 52 cards: the pair test needs 13,260 shuffles, the report 1,000.
    assert_eq!(52 * 51 * 5, 13_260);
    let book = |name: &str| {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let text = std::fs::read_to_string(src.join(name)).unwrap();
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert!(book("statistics.md").contains("|z| past 5.20 for five tests, 5.16 for four."));
    let testing = book("testing.md");
    assert!(testing.contains("of those too small to print, the largest |z|'s"));
    assert!(testing.contains("four share it (5.16)"));
    assert!(testing.contains("(5.23 with six)"));
}

/// deeper/testing.md, "What the pair test misses", for testing.md's "Which
/// card follows which": the naive swap's successions give an expected z
/// of 5.13 at 100,000 shuffles (computed there exactly), short of the line
/// for five tests, 5.20; twice the shuffles give 7.25; 99 times in 100 takes the line plus 2.326 of the
/// naive swap's own spread (its count's variance, from 50,000 seeded
/// shuffles, within 1 % of the fair 0.980): about 216,000 shuffles.
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn the_naive_swaps_successions_need_216000_shuffles_for_99_percent() {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
    let (mut sum, mut squares, decks) = (0.0, 0.0, 50_000);
    for _ in 0..decks {
        let mut deck: Vec<i32> = (0..52).collect();
        naive_shuffle(&mut deck, &mut rng);
        let count = deck.windows(2).filter(|w| w[1] == w[0] + 1).count() as f64;
        (sum, squares) = (sum + count, squares + count * count);
    }
    let mean = sum / f64::from(decks);
    let spread = ((squares / f64::from(decks) - mean * mean) / (2651.0 / 2704.0)).sqrt();
    assert!(close(spread, 1.0, 0.01), "{spread}");
    let per_deck = 5.13 / 100_000f64.sqrt();
    assert!(close(per_deck * 200_000f64.sqrt(), 7.25, 0.005));
    let z_99 = critical_value(1.0, 0.02).sqrt();
    let shuffles = ((line_for(5) + z_99 * spread) / per_deck).powi(2);
    assert!(close(shuffles, 216_000.0, 1_000.0), "{shuffles}");
    assert!(line_for(5) > 5.13);
}

/// deeper/riffles.md, "Rising sequences, the strongest test" (and its
/// 77 and 1,300 in riffles.md, "What a test sees"): over N decks riffled
/// seven times, the expected |z| of the rising sequences is 0.852 × √N and of the
/// successions 0.2145 × √N. Below 13,260 decks four tests run, so the line
/// is 5.16: N at the line catches seven riffles half the time; 99 times in
/// 100 needs the expected |z| 2.326 of the riffle's own standard
/// deviations past it. The rising sequences' spread after seven riffles is
/// exact (σ₁/σ₀ = 0.989); the successions' comes from 50,000 seeded
/// riffled decks (1.10, their count's variance 1.19 against 0.980).
#[test]
#[ignore = "slow tier: recomputes the main path's figures by simulation (about 50 s): .ci/run runs it (cargo test -- --include-ignored)"]
fn seven_riffles_are_caught_99_times_in_100_by_77_or_1300_decks() {
    use grading::algorithms::riffle_probability;
    use rand::SeedableRng;
    // orders[r - 1]: the orders of 52 cards with r rising sequences.
    let mut orders = vec![1.0f64];
    for n in 2..=52usize {
        orders = (1..=n)
            .map(|r| {
                let keep = if r < n { orders[r - 1] * r as f64 } else { 0.0 };
                let add = if r > 1 {
                    orders[r - 2] * (n - r + 1) as f64
                } else {
                    0.0
                };
                keep + add
            })
            .collect();
    }
    let moment = |power: i32| -> f64 {
        (1..=52)
            .map(|r| orders[r - 1] * riffle_probability(52, 7, r) * (r as f64).powi(power))
            .sum()
    };
    let (mean, variance) = (moment(1), moment(2) - moment(1).powi(2));
    let fair_spread = (53.0f64 / 12.0).sqrt();
    let rising = ((mean - 26.5) / fair_spread).abs();
    assert!(close(rising, 0.852, 0.0005));
    let rising_spread = variance.sqrt() / fair_spread;
    assert!(close(rising_spread, 0.989, 0.0005));

    let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
    let (mut sum, mut squares, decks) = (0.0, 0.0, 50_000);
    for _ in 0..decks {
        let mut deck: Vec<i32> = (0..52).collect();
        for _ in 0..7 {
            deck = solutions::extensions::riffle_shuffle(&deck, &mut rng);
        }
        let count = deck.windows(2).filter(|w| w[1] == w[0] + 1).count() as f64;
        (sum, squares) = (sum + count, squares + count * count);
    }
    let count_mean = sum / f64::from(decks);
    let count_variance = squares / f64::from(decks) - count_mean * count_mean;
    let fair_variance: f64 = 2651.0 / 2704.0;
    let successions_spread = (count_variance / fair_variance).sqrt();
    assert!(
        close(successions_spread, 1.10, 0.01),
        "{successions_spread}"
    );
    let successions = 0.2145;

    let line = line_for(4);
    let z_99 = critical_value(1.0, 0.02).sqrt(); // one side's 1 %
    assert!(close(z_99, 2.326, 0.0005));
    let decks_for = |per_deck: f64, spread: f64, power_99: bool| {
        let extra = if power_99 { z_99 * spread } else { 0.0 };
        ((line + extra) / per_deck).powi(2).ceil()
    };
    assert_eq!(decks_for(rising, rising_spread, false), 37.0);
    assert_eq!(decks_for(rising, rising_spread, true), 77.0);
    assert_eq!(decks_for(successions, successions_spread, false), 579.0);
    let about_1300 = decks_for(successions, successions_spread, true);
    assert!(close(about_1300, 1_300.0, 20.0), "{about_1300}");
    // Five tests (13,260 decks or more) would move each by a deck or ten.
    assert!(close(
        ((line_for(5) + z_99 * 0.989) / rising).powi(2).ceil(),
        78.0,
        0.5
    ));
}
