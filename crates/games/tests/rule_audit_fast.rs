//! The rule-text audit (`crates/sim/tests/audit/cases.tsv`: example hands written from the
//! regulation alone, by someone who had not read the implementation) run through the fast
//! path's own per-hand classification, for every wager counted hand by hand. The simulator's
//! `rule_audit` runs the same cases through the reference evaluator.

use parsheet_cards::CardSet;
use parsheet_games::{find, OTHER};

#[test]
fn the_fast_path_settles_every_audit_case_as_the_rule_text_says() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in include_str!("../../sim/tests/audit/cases.tsv").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let (game, wager, reading, cards, expected) = (f[0], f[1], f[2], f[3], f[4]);
        let Ok(w) = find(game, wager) else { continue };
        if !w.classifies_hands() {
            continue; // counted by other means; the simulator's rule_audit covers it
        }
        let hand: CardSet = cards.parse().unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let readings: Vec<Option<&str>> = match reading {
            "*" if w.variants.is_empty() => vec![None],
            "*" => w.variants.iter().map(|v| Some(v.id)).collect(),
            r => vec![Some(r)],
        };
        for r in readings {
            let got = w.outcome_of(r, hand).expect("a per-hand wager").unwrap_or_else(|e| panic!("{line}: {e}"));
            let want = if expected == "none" { OTHER } else { expected };
            checked += 1;
            if got != want {
                failures.push(format!("{game} {wager} {r:?} {cards}: expected {want}, the fast path says {got} ({})", f.get(5).unwrap_or(&"")));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} cases:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 150, "only {checked} cases reached a per-hand classifier");
}
