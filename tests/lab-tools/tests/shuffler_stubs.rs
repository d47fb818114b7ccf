//! The shuffler on unwritten functions: one plain line each, no panic
//! message. Its own test binary, because the shuffler silences the
//! process-wide panic hook while it runs the student's code.

use clap::Parser;
use lab_tools::shuffler::{Cli, run};

static STUBS: grading::Implementation = grading::implementation!(stubs);
static REFERENCE: grading::Implementation = grading::implementation!(solutions);

#[test]
fn unwritten_functions_get_one_plain_line_each() {
    let cli = Cli::try_parse_from(["shuffler", "--seed", "1"]).expect("valid flags");
    let mut out = Vec::new();
    let all_ran = run(&STUBS, &cli, &mut out).expect("the report is written");
    assert!(!all_ran);
    assert_eq!(
        String::from_utf8(out).expect("UTF-8"),
        "Results of 1 consecutive perfect shuffles:\n\
         \x20 perfect_shuffle is not yet implemented: replace its todo!() with your code\n\
         \n\
         Results of 1 consecutive efficient selection shuffles:\n\
         \x20 efficient_selection_shuffle is not yet implemented: replace its todo!() with your code\n\
         \n\
         Seed: 1 (run again with --seed 1 to repeat these shuffles)\n"
    );
}

#[test]
fn eight_perfect_shuffles_of_52_cards_come_back_in_order() {
    let cli = Cli::try_parse_from([
        "shuffler",
        "--shuffles",
        "8",
        "--values",
        "52",
        "--seed",
        "1",
    ])
    .expect("valid flags");
    let mut out = Vec::new();
    assert!(run(&REFERENCE, &cli, &mut out).expect("the report is written"));
    let report = String::from_utf8(out).expect("UTF-8");
    let in_order: Vec<String> = (0..52).map(|i| i.to_string()).collect();
    assert!(
        report.contains(&format!("  8: {}\n", in_order.join(" "))),
        "{report}"
    );
    assert!(
        !report.contains(&format!("  7: {}\n", in_order.join(" "))),
        "{report}"
    );
}

#[test]
fn cli_definition_is_consistent() {
    use clap::CommandFactory;
    Cli::command().debug_assert();
}
