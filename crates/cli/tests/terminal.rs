//! What the terminal says about the input it was given: errors for options that cannot apply,
//! cards echoed as typed, suggestions for a near-miss id, help that lists only what a command
//! takes, and one sign convention for the z-score of `simulate`.

mod common;

use common::{fails, ok};

#[test]
fn a_board_without_hole_cards_is_an_error() {
    let err = fails(&["strategy", "heads-up-holdem", "--board", "Kc 7h 2s"]);
    assert!(err.contains("--hole"), "{err}");
}

#[test]
fn cards_are_echoed_in_the_order_given() {
    // 7d sorts after As by suit and before it by rank: either sort would move one of them.
    let out = ok(&["strategy", "heads-up-holdem", "--hole", "7d As", "--board", "Kc 2s 7h"]);
    assert!(out.starts_with("hole 7d As, board Kc 2s 7h:"), "{out}");
}

#[test]
fn a_near_miss_names_what_was_meant() {
    assert!(fails(&["strategy", "saigon"]).contains("did you mean saigon-5-card?"));
    assert!(fails(&["analyze", "over-under", "bonu"]).contains("did you mean bonus?"));
    // Nothing near: no suggestion, the list.
    let err = fails(&["strategy", "roulette"]);
    assert!(!err.contains("did you mean") && err.contains("heads-up-holdem"), "{err}");
}

#[test]
fn help_lists_only_the_formats_a_command_prints() {
    for command in ["list", "explain", "simulate", "strategy", "explore", "progressive"] {
        // Short help lists the values on one line.
        let help = ok(&[command, "-h"]);
        let line = help.lines().find(|l| l.trim_start().starts_with("--format")).unwrap_or_else(|| panic!("{command}: {help}"));
        let values = line.split("[possible values: ").nth(1).and_then(|v| v.split(']').next()).unwrap_or_else(|| panic!("{command}: {help}"));
        assert_eq!(values, if command == "strategy" { "table, json, csv" } else { "table, json" }, "{command}");
    }
    let help = ok(&["analyze", "-h"]);
    assert!(help.contains("[possible values: table, json, csv, md]"), "{help}");
}

#[test]
fn help_examples_name_what_the_command_takes() {
    // `progressive`'s example wager is one with a meter: DJ Wild's `progressive` (list says so).
    let help = ok(&["progressive", "--help"]);
    assert!(help.contains("e.g. dj-wild") && help.contains("e.g. progressive"), "{help}");
    ok(&["progressive", "dj-wild", "progressive", "--paytable", "1"]);
    // `explain`'s summary is a whole sentence.
    let help = ok(&["explain", "--help"]);
    assert!(help.lines().next().unwrap().ends_with("would reproduce it"), "{help}");
}

/// (simulated edge, exact edge, z) as `simulate` prints them, in percent.
fn simulated(args: &[&str]) -> (f64, f64, f64) {
    let out = ok(args);
    let field = |name: &str| -> f64 {
        let line = out.lines().find(|l| l.trim_start().starts_with(name)).unwrap_or_else(|| panic!("no {name}: {out}"));
        line.split(':').nth(1).unwrap().split_whitespace().next().unwrap().trim_end_matches('%').parse().unwrap()
    };
    (field("simulated edge"), field("exact edge"), field("z-score"))
}

#[test]
fn the_z_score_has_one_sign_convention() {
    // z = (simulated − exact house edge) / standard error, for a side bet and a main game alike:
    // its sign is that of the difference of the two edges printed beside it.
    for args in [["simulate", "over-under", "bonus", "--rounds", "20000", "--seed", "3"], ["simulate", "over-under", "base", "--rounds", "20000", "--seed", "3"]] {
        let (sim, exact, z) = simulated(&args);
        assert!(z != 0.0 && (sim - exact).signum() == z.signum(), "{args:?}: simulated {sim}, exact {exact}, z {z}");
    }
}

#[test]
fn merge_refuses_a_recheck_of_no_shards() {
    // Issue 32: `--recheck 0` printed an empty list of shards to recount.
    let err = fails(&["merge", "--recheck", "0", "no-such-shard.counts"]);
    assert!(err.contains("--recheck") && err.contains("0") && err.contains("1.."), "{err}");
}
