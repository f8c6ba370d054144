//! Issue 23: every pay table read names only outcomes its wager has, the main games' tables
//! (DJ Wild's Blind, Heads-Up's Odds and Bad Beat, Saigon's base) included, and the error lists
//! the valid ids. Before, those tables took any id, and a misspelt line paid nothing.

use parsheet_tables::{builtin, parse};

/// The built-in file of `game` with `outcome` of the first line of the first paytable of
/// `wager` renamed `to` (or, where the wager has no table, one table of that single line).
fn renamed(game: &str, wager: &str, to: &str) -> String {
    let text = std::fs::read_to_string(format!("{}/../../tables/{game}.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let w = doc["wagers"].as_array_mut().unwrap().iter_mut().find(|w| w["id"] == wager).unwrap();
    let tables = w["paytables"].as_array_mut().unwrap();
    if tables.is_empty() {
        tables.push(serde_json::json!({"id": "T", "section": "test", "lines": [{"outcome": to, "hand": "x", "pays": "1 to 1"}]}));
    } else {
        tables[0]["lines"][0]["outcome"] = to.into();
    }
    doc.to_string()
}

#[test]
fn main_game_tables_refuse_an_unknown_outcome_and_list_the_valid_ones() {
    // (game, wager, a valid id to find in the list)
    for (game, wager, valid) in [
        ("dj-wild", "blind", "full-house"),
        ("heads-up-holdem", "odds", "two-pair"),
        ("heads-up-holdem", "bad-beat", "four-of-a-kind"),
        ("saigon-5-card", "base", "point-count-5"),
    ] {
        for bogus in ["fullhouse", "bogus"] {
            let e = parse("x.json", &renamed(game, wager, bogus)).expect_err(&format!("{game} {wager} {bogus}"));
            assert!(e.field.contains("outcome"), "{e}");
            assert!(e.problem.contains(&format!("{bogus:?} is not an outcome")) && e.problem.contains(valid), "{game} {wager}: {e}");
        }
    }
    // A line the Odds does not pay on (a high card: its reading decides) is refused too.
    let e = parse("x.json", &renamed("heads-up-holdem", "odds", "high-card")).unwrap_err();
    assert!(e.problem.contains("\"high-card\" is not an outcome"), "{e}");
    // A Bad Beat line below a straight is not paid.
    let e = parse("x.json", &renamed("heads-up-holdem", "bad-beat", "pair")).unwrap_err();
    assert!(e.problem.contains("\"pair\" is not an outcome"), "{e}");
}

#[test]
fn every_builtin_table_is_of_a_wager_whose_outcomes_are_known() {
    for g in builtin().unwrap() {
        for w in &g.wagers {
            if !w.paytables.is_empty() {
                assert!(parsheet_tables::outcomes_of(&g.game, &w.id).is_some(), "{} {}", g.game, w.id);
            }
        }
    }
}

#[test]
fn a_misgrouped_thousands_comma_is_refused_in_a_file() {
    let text = std::fs::read_to_string(format!("{}/../../tables/dj-wild.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for (bad, write) in [("1,0000 to 1", "10000"), ("10,00 to 1", "1000")] {
        let e = parse("x.json", &text.replacen("\"1000 to 1\"", &format!("{bad:?}"), 1)).unwrap_err();
        assert!(e.problem.contains(write) && e.problem.contains("groups of three"), "{e}");
    }
    assert!(parse("x.json", &text.replacen("\"1000 to 1\"", "\"1,000 to 1\"", 1)).is_ok());
}
