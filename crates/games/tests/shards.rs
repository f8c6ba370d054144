//! Shards of the counted wagers: N shards' tallies add to the whole count, every unit is counted
//! by exactly one shard, and a missing or doubled shard is refused. The whole count is checked
//! against independent numbers elsewhere (`fortune_rule_text.rs`, `ace_high.rs`); here the
//! question is only whether splitting changes it.

use parsheet_games::find;
use parsheet_shard::{Shard, Tally};

fn shards(game: &str, wager: &str, variant: Option<&str>, n: u32) -> Vec<Tally> {
    let w = find(game, wager).unwrap();
    (0..n).map(|k| w.count_shard(variant, Shard::new(k, n).unwrap()).unwrap()).collect()
}

fn check(game: &str, wager: &str, variant: Option<&str>) {
    let w = find(game, wager).unwrap();
    assert!(w.shards());
    let whole = w.count(variant).unwrap();
    for n in [2, 3, 5] {
        let parts = shards(game, wager, variant, n);
        // No shard is empty, so none can go missing unnoticed.
        assert!(parts.iter().all(|t| t.parts().iter().any(|p| p.1.iter().any(|&x| x != 0))), "{wager}: an empty shard of {n}");
        let sum = Tally::sum(parts.clone()).unwrap();
        assert_eq!(w.counts_from_tally(variant, &sum).unwrap(), whole, "{wager}: {n} shards");
        // A missing shard, or one counted twice, does not make the cycle.
        let missing = Tally::sum(parts[1..].to_vec()).unwrap();
        assert!(w.counts_from_tally(variant, &missing).is_err(), "{wager}: shard 0 of {n} missing");
        let mut twice = parts.clone();
        twice.push(parts[n as usize - 1].clone());
        assert!(w.counts_from_tally(variant, &Tally::sum(twice).unwrap()).is_err(), "{wager}: a shard of {n} twice");
    }
    // A tally of another shape is refused.
    assert!(w.counts_from_tally(variant, &Tally::new().with("counts", vec![1, 2])).is_err());
}

#[test]
fn a_side_bet_counted_hand_by_hand_splits_exactly() {
    check("face-up-pai-gow", "fortune-bonus", Some("trips-over-straight"));
    check("face-up-pai-gow", "progressive", Some("fully-wild-joker"));
}

#[test]
fn a_two_hand_joint_count_splits_exactly() {
    check("face-up-pai-gow", "ace-high-bonus", None);
    check("face-up-pai-gow", "ace-high-bonus", Some("straights-and-flushes-ignored"));
}

#[test]
fn wagers_that_do_not_split_say_so() {
    let w = find("high-card-flush", "flush-bonus").unwrap();
    assert!(!w.shards());
    assert!(w.count_shard(None, Shard::new(0, 2).unwrap()).is_err());
}
