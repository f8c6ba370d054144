//! One model, two implementations: every built-in side bet settled on one hand of dealt cards,
//! written as a definition (tests/definitions/GAME.WAGER.json, the format of docs/WAGERS.md) and
//! counted by the generic counter (`parsheet_games::defined`), equals the dedicated counter's
//! counts outcome by outcome, for every reading the definition holds.

use std::path::Path;

mod oracles;

#[test]
fn every_definition_counts_as_its_dedicated_wager() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/definitions");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 9, "the definitions of the built-in one-hand side bets");
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let (game, wager) = name.split_once('.').unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let definition = parsheet_tables::definition::parse_definition(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        let dedicated = parsheet_games::find(game, wager).unwrap();
        let mut readings: Vec<Option<&str>> = definition.readings.iter().map(|r| Some(r.id.as_str())).collect();
        if readings.is_empty() {
            readings.push(None);
        }
        let expressed: Vec<&str> = readings.iter().flatten().copied().collect();
        for v in dedicated.variants {
            assert!(expressed.contains(&v.id), "{name}: reading {} has no definition", v.id);
        }
        // A wager the program counts from its definition is held to the dedicated counter kept
        // as its oracle, and its definition in code to this text.
        if let Some(written) = dedicated.written_definition() {
            assert_eq!(written, &definition, "{name}: the definition in code is this file's");
            assert!(oracles::counts(game, wager, None).is_some(), "{name}: counted from its definition, so its dedicated counter is kept as the oracle");
        }
        for reading in readings {
            let generic = parsheet_games::defined::count(&definition, reading).unwrap();
            let known = oracles::counts(game, wager, reading).unwrap_or_else(|| dedicated.count(reading).unwrap());
            assert_eq!(generic.cycle(), known.cycle(), "{name} {reading:?}: deals");
            assert_eq!(generic.rows(), known.rows(), "{name} {reading:?}: counts by outcome");
        }
    }
}

fn counts_of(json: &str) -> Vec<(String, u128)> {
    let d = parsheet_tables::definition::parse_definition("inline", json).unwrap_or_else(|e| panic!("{e}"));
    parsheet_games::defined::count(&d, None).unwrap().rows().to_vec()
}

fn rows(r: &[(&str, u128)]) -> Vec<(String, u128)> {
    r.iter().map(|(o, n)| (o.to_string(), *n)).collect()
}

/// Three Card Poker's Pair Plus, one deck: the published hand frequencies of three cards
/// (22,100 hands: 48 straight flushes, 52 trips, 720 straights, 1,096 flushes, 3,744 pairs).
#[test]
fn pair_plus_counts_the_published_three_card_frequencies() {
    let forms = |h: &str| format!(r#"{{"id": "{h}", "hand": "{h}", "when": {{"forms": "{h}", "ranking": "three-card"}}}}"#);
    let outcomes: Vec<String> = ["straight-flush", "three-of-a-kind", "straight", "flush", "pair"].iter().map(|h| forms(h)).collect();
    let json = format!(r#"{{"deal": {{"decks": 1, "cards": 3}}, "outcomes": [{}]}}"#, outcomes.join(","));
    assert_eq!(counts_of(&json), rows(&[("straight-flush", 48), ("three-of-a-kind", 52), ("straight", 720), ("flush", 1096), ("pair", 3744), ("other", 16440)]));
}

/// Blackjack's Perfect Pairs on six decks (312 cards, C(312, 2) = 48,516 deals), by hand: a
/// perfect pair is one of 52 cards twice, C(6, 2) = 15 ways each (780); a coloured pair one rank
/// in the two suits of a colour, 13 × 2 × 6 × 6 (936); a mixed pair one rank across colours,
/// 13 × 4 × 6 × 6 (1,872). Colour is read, so the suits are not folded here.
#[test]
fn perfect_pairs_counts_a_six_deck_shoe_by_hand() {
    let json = r#"{"deal": {"decks": 6, "cards": 2}, "outcomes": [
        {"id": "perfect-pair", "hand": "Perfect pair", "when": {"all": [{"same": "rank"}, {"same": "suit"}]}},
        {"id": "colored-pair", "hand": "Coloured pair", "when": {"all": [{"same": "rank"}, {"same": "colour"}]}},
        {"id": "mixed-pair", "hand": "Mixed pair", "when": {"same": "rank"}}]}"#;
    assert_eq!(counts_of(json), rows(&[("perfect-pair", 780), ("colored-pair", 936), ("mixed-pair", 1872), ("other", 48516 - 780 - 936 - 1872)]));
}

/// A bad definition is refused with its JSON path and what is allowed.
#[test]
fn bad_definitions_are_refused_with_their_place() {
    let refused = |json: &str| parsheet_tables::definition::parse_definition("bad.json", json).unwrap_err().to_string();
    let ok_outcome = r#"{"id": "pair", "hand": "Pair", "when": {"forms": "pair"}}"#;
    let e = refused(&format!(r#"{{"deal": {{"decks": 1, "cards": 9}}, "outcomes": [{ok_outcome}]}}"#));
    assert!(e.contains("bad.json: field `deal.cards`: 9 cards: a wager reads 2 to 7 cards"), "{e}");
    let e = refused(r#"{"deal": {"decks": 1, "cards": 5}, "outcomes": [{"id": "x", "hand": "X", "when": {"forms": "pear"}}]}"#);
    assert!(e.contains("field `outcomes[0].when.forms`: unknown hand \"pear\"; hands: five-wilds"), "{e}");
    let e = refused(r#"{"deal": {"decks": 1, "cards": 5, "jokers": 2, "joker": "bug"}, "outcomes": [{"id": "x", "hand": "X", "when": {"jokers": 1}}]}"#);
    assert!(e.contains("field `deal.joker`: the bug joker") && e.contains("two"), "{e}");
    let e = refused(&format!(r#"{{"deal": {{"decks": 1, "cards": 5}}, "outcomes": [{ok_outcome}, {ok_outcome}]}}"#));
    assert!(e.contains("field `outcomes[1].id`: outcome \"pair\" is defined twice"), "{e}");
    let e = refused(r#"{"deal": {"decks": 1, "cards": 5, "shoe": 1}, "outcomes": []}"#);
    assert!(e.contains("field `deal.shoe`: unknown key \"shoe\"; keys here: decks, jokers, cards, joker, deuces, ace"), "{e}");
    let e = refused(r#"{"deal": {"decks": 1, "cards": 5}, "outcomes": [{"id": "x", "hand": "X", "when": {"holds": ["A", "Z"]}}]}"#);
    assert!(e.contains("field `outcomes[0].when.holds[1]`: \"Z\" is not a rank"), "{e}");
    // Strict where a lenient reader would accept two spellings of one thing.
    let when = |w: &str| refused(&format!(r#"{{"deal": {{"decks": 1, "cards": 3}}, "outcomes": [{{"id": "x", "hand": "X", "when": {w}}}]}}"#));
    let e = when(r#"{"holds": ["a"]}"#);
    assert!(e.contains("`outcomes[0].when.holds[0]`: \"a\" is not a rank"), "{e}");
    let e = when(r#"{"same": "color"}"#);
    assert!(e.contains("unknown \"color\"; cards may be alike in: rank, suit, colour"), "{e}");
    let e = when(r#"{"forms": "pair", "ranks": null}"#);
    assert!(e.contains("`outcomes[0].when.ranks`: null: leave the key out"), "{e}");
    let values = r#""2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8,"9":9,"T":10,"J":10,"Q":10,"K":10,"A":11"#;
    let e = when(&format!(r#"{{"sum": 6, "values": {{{values}, "10": 10}}}}"#));
    assert!(e.contains("`outcomes[0].when.values.10`: this rank's value is given twice"), "{e}");
    let e = when(&format!(r#"{{"sum": 6, "values": {{{}}}}}"#, values.replace(r#""A":11"#, r#""A":4294967295"#)));
    assert!(e.contains("a card worth 4294967295: a value is 0 to 1000"), "{e}");
    let e = when(r#"{"all": [{"same": "rank"}, {"not": {"any": [{"forms": "flush", "ranks": "A"}]}}]}"#);
    assert!(e.contains("`outcomes[0].when.all[1].not.any[0]`: a flush has no main rank"), "{e}");
    // A group is a set of ranks: a rank named twice is refused, not read as needing two.
    let e = when(r#"{"suited": [{"ranks": ["A", "A"], "filled": true}]}"#);
    assert!(e.contains("`outcomes[0].when`: a group names a rank twice"), "{e}");
    let e = when(r#"{"holds": ["T", "10"]}"#);
    assert!(e.contains("a rank is named twice"), "{e}");
    let e = refused(r#"{"deal": {"decks": 1, "cards": 3}, "outcomes": [{"id": "Four_Aces", "hand": "X", "when": {"same": "rank"}}]}"#);
    assert!(e.contains("`outcomes[0].id`: \"Four_Aces\" is not an id"), "{e}");
    // A reversed range is named by the bounds as written: ranks as letters, counts as numbers.
    let e = when(r#"{"forms": "pair", "ranks": {"from": "K", "to": "9"}}"#);
    assert!(e.contains("`outcomes[0].when.ranks`: the range from \"K\", to \"9\" is empty"), "{e}");
    let e = when(r#"{"pairs": {"at-least": 3, "at-most": 1}}"#);
    assert!(e.contains("the range at-least 3, at-most 1 is empty"), "{e}");
}

/// A `same-value` whose rules are the deal's compares the hand with itself: counted (it always
/// holds), with a warning naming the outcome and the reading; one that changes a rule, none.
#[test]
fn a_same_value_that_changes_nothing_is_noted() {
    let parse = |json: &str| parsheet_tables::definition::parse_definition("odd.json", json).unwrap_or_else(|e| panic!("{e}"));
    let idle = parse(r#"{"deal": {"decks": 1, "cards": 5}, "readings": [{"id": "natural", "description": "as dealt"}, {"id": "wild", "description": "deuces wild", "deal": {"deuces": "wild"}}],
        "outcomes": [{"id": "same", "hand": "Same", "when": {"all": [{"forms": "pair"}, {"same-value": {"deuces": "natural"}}]}}]}"#);
    let odd: Vec<String> = idle.oddities().iter().map(|p| p.to_string()).collect();
    assert_eq!(odd.len(), 1, "{odd:?}");
    assert!(odd[0].starts_with("outcomes[0].when: `same-value` changes no rule the deal has under reading natural,"), "{odd:?}");
    // A reading's own condition is named at its place; a joker's rule is no change without a joker.
    let jokerless = parse(r#"{"deal": {"decks": 1, "cards": 5, "deuces": "wild"}, "readings": [{"id": "a", "description": "a"}, {"id": "b", "description": "b", "outcomes": {"same": {"same-value": {"joker": "bug"}}}}],
        "outcomes": [{"id": "same", "hand": "Same", "when": {"same-value": {"deuces": "natural"}}}]}"#);
    let odd: Vec<String> = jokerless.oddities().iter().map(|p| p.to_string()).collect();
    assert_eq!(odd.len(), 1, "{odd:?}");
    assert!(odd[0].starts_with("readings[1].outcomes.same: `same-value` changes no rule the deal has under reading b,"), "{odd:?}");
    // Always holds: every pair (1,098,240 of C(52, 5) with a pair exactly, and the better
    // hands that form one) is counted as `same` under the reading that notes it.
    let counted = parsheet_games::defined::count(&idle, Some("natural")).unwrap();
    let pair_or_better = parsheet_games::defined::count(&parse(r#"{"deal": {"decks": 1, "cards": 5}, "outcomes": [{"id": "same", "hand": "Same", "when": {"forms": "pair"}}]}"#), None).unwrap();
    assert_eq!(counted.rows(), pair_or_better.rows());
    let meant = parse(r#"{"deal": {"decks": 1, "cards": 5, "deuces": "wild"}, "outcomes": [{"id": "same", "hand": "Same", "when": {"same-value": {"deuces": "natural"}}}]}"#);
    assert!(meant.oddities().is_empty());
}

/// Thirteen definitions that no built-in bet covers (two- and six-deck shoes, a wild joker in four
/// cards, sums modulo 10 and with jokers; `suited`, `pairs` and `wilds` with wild deuces, the bug
/// joker and a wild joker; `same-value` under other deuces, joker and ace rules, in five and four
/// cards), checked against independent brute forces over physical cards written from
/// docs/WAGERS.md alone by someone who had not read the counter (`tests/cross-checks/brute.py`,
/// `brute2.py` and `brute3.py`, their output `expected.txt`, every line also derived by hand in
/// their docstrings). The first found that an open rank range (`"ranks": {"at-least": "J"}`) was
/// refused; the second was written after a review found `suited` letting a wild deuce be its own
/// 2 and `pairs` leaving wild deuces out.
#[test]
fn definitions_no_built_in_covers_equal_an_independent_brute_force() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cross-checks");
    let expected = std::fs::read_to_string(dir.join("expected.txt")).unwrap();
    let mut files: Vec<&str> = expected.lines().map(|l| l.split(' ').next().unwrap()).collect();
    files.dedup();
    assert_eq!(files.len(), 13, "the files of expected.txt, each once and together");
    let mut counted = String::new();
    for file in files {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for (o, n) in counts_of(&text) {
            counted += &format!("{file} {o} {n}\n");
        }
    }
    assert_eq!(counted, expected);
}
