//! The designer page's side-bet builder without a browser (`app::design::build`): a schema-2
//! file as the page sends it is counted and priced, edited definitions of one wager replace each
//! other (never priced over an older definition's counts), the loaded tables' games cannot be
//! redefined, and the warnings name what no deal reaches and what nothing pays.
//!
//! The expected figures come from Three Card Poker's published hand frequencies (three cards of
//! 52, 22,100 deals: 48 straight flushes, 52 three of a kinds, 720 straights, 1,096 flushes,
//! 3,744 pairs), not from this code.

use parsheet_app::design::{build, CountCache};
use serde_json::json;

const DEALS: i64 = 22_100;
const HANDS: [(&str, i64); 5] = [("straight-flush", 48), ("three-of-a-kind", 52), ("straight", 720), ("flush", 1_096), ("pair", 3_744)];

/// The file the page sends: one deck, three cards, the given outcomes (each `forms` in the
/// three-card ranking, five of a kind of the best five cards, which three cards never hold)
/// with their pays.
fn file(game: &str, outcomes: &[(&str, &str)]) -> String {
    json!({
        "schema": 2, "game": game, "title": "Side bets designed in parsheet serve",
        "wagers": [{
            "id": "pair-plus", "title": "Pair Plus",
            "deal": {"decks": 1, "cards": 3},
            "outcomes": outcomes.iter().map(|(h, _)| json!({"id": h, "hand": h, "when": if *h == "five-of-a-kind" { json!({"forms": h}) } else { json!({"forms": h, "ranking": "three-card"}) }})).collect::<Vec<_>>(),
            "paytables": [{"id": "designed", "section": "designed", "terms": {}, "lines": outcomes.iter().map(|(h, p)| json!({"outcome": h, "hand": h, "pays": p})).collect::<Vec<_>>()}],
            "published": [], "notes": [],
        }],
    })
    .to_string()
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The house edge, lowest terms, with `paid` hands winning their pay to 1 and the rest losing.
fn edge(paid: &[(&str, i64)]) -> String {
    let won: i64 = paid.iter().map(|(h, p)| HANDS.iter().find(|x| x.0 == *h).unwrap().1 * p).sum();
    let hits: i64 = paid.iter().map(|(h, _)| HANDS.iter().find(|x| x.0 == *h).unwrap().1).sum();
    let net = (DEALS - hits) - won;
    let g = gcd(net, DEALS);
    format!("{}/{}", net / g, DEALS / g)
}

#[test]
fn a_built_side_bet_is_priced_and_an_edit_replaces_it() {
    let cache = CountCache::default();
    let pays = [("straight-flush", "40 to 1"), ("three-of-a-kind", "30 to 1"), ("straight", "6 to 1"), ("flush", "3 to 1"), ("pair", "1 to 1")];
    let b = build(&[], &file("designed-three-card", &pays), &cache).unwrap();
    assert_eq!(b.priced.house_edge.as_ref().unwrap().exact, edge(&[("straight-flush", 40), ("three-of-a-kind", 30), ("straight", 6), ("flush", 3), ("pair", 1)]));
    assert!(b.warnings.is_empty(), "{:?}", b.warnings);
    assert_eq!(b.file_name, "designed-three-card.json");
    // The file it downloads reads on its own, as `--with-tables` reads it.
    let g = parsheet_tables::parse("downloaded.json", &b.file).unwrap();
    assert_eq!(g.wagers[0].paytables[0].table.id, "designed");

    // The same wager defined again without the pair: the pair's deals fall to `other`, so the
    // count is new, not the first definition's.
    let b = build(&[], &file("designed-three-card", &pays[..4]), &cache).unwrap();
    assert_eq!(b.priced.house_edge.as_ref().unwrap().exact, edge(&[("straight-flush", 40), ("three-of-a-kind", 30), ("straight", 6), ("flush", 3)]));
    let other = b.priced.lines.iter().find(|l| l.outcome == "other").unwrap();
    assert_eq!(other.combinations, (DEALS - 48 - 52 - 720 - 1_096).to_string());
    // And back: the first definition's figures again.
    let b = build(&[], &file("designed-three-card", &pays), &cache).unwrap();
    assert_eq!(b.priced.house_edge.as_ref().unwrap().exact, edge(&[("straight-flush", 40), ("three-of-a-kind", 30), ("straight", 6), ("flush", 3), ("pair", 1)]));
}

#[test]
fn a_file_read_by_the_command_line_is_never_redefined() {
    // A file read as `--with-tables` reads it keeps its wager: a different definition under its
    // name is refused there, and the builder may not take its game id.
    let pays = [("straight-flush", "40 to 1"), ("pair", "1 to 1")];
    let loaded = parsheet_tables::parse("loaded.json", &file("loaded-three-card", &pays)).unwrap();
    let e = parsheet_tables::parse("again.json", &file("loaded-three-card", &pays[..1])).unwrap_err().to_string();
    assert!(e.contains("defined twice"), "{e}");
    let e = build(std::slice::from_ref(&loaded), &file("loaded-three-card", &pays[..1]), &CountCache::default()).unwrap_err();
    assert!(e.contains("a game of the loaded tables"), "{e}");
    // The loaded wager still has its own definition: two outcomes, priced as the file says.
    let known = parsheet_games::find("loaded-three-card", "pair-plus").unwrap();
    assert_eq!(known.outcomes, ["straight-flush", "pair"]);
    let priced = parsheet_app::design::price(&[loaded], "loaded-three-card", "pair-plus", "designed", "", &CountCache::default()).unwrap();
    assert_eq!(priced.house_edge.unwrap().exact, edge(&[("straight-flush", 40), ("pair", 1), ("three-of-a-kind", 1)]));
    // Nor does the builder's own reader replace a file's wager, whatever the caller passes.
    let e = parsheet_tables::parse_designed("designed.json", &file("loaded-three-card", &pays[..1])).unwrap_err().to_string();
    assert!(e.contains("read at start"), "{e}");
    let e = build(&[], &file("dj-wild", &pays), &CountCache::default()).unwrap_err();
    assert!(e.contains("built-in game"), "{e}");
}

#[test]
fn warnings_name_an_outcome_no_deal_reaches_and_one_nothing_pays() {
    let b = build(&[], &file("warned-three-card", &[("five-of-a-kind", "100 to 1"), ("straight", "loses"), ("pair", "1 to 1")]), &CountCache::default()).unwrap();
    assert_eq!(b.warnings, vec!["outcome five-of-a-kind: no deal reaches it".to_string(), "outcome straight: no paytable pays it".to_string()]);
    // Neither changes a figure: the straights (straight flushes among them) lose as `other`
    // does, and three of a kind forms a pair, so it is paid as one.
    assert_eq!(b.priced.house_edge.as_ref().unwrap().exact, edge(&[("pair", 1), ("three-of-a-kind", 1)]));
}

#[test]
fn a_bad_definition_is_refused_with_its_path() {
    let e = build(&[], &file("bad-three-card", &[("Pair", "1 to 1")]), &CountCache::default()).unwrap_err();
    assert!(e.contains("outcomes[0]") && e.contains("lowercase"), "{e}");
}
