//! The generic counter of a wager definition (`parsheet_games::defined`) beside the dedicated
//! counter of the same side bet, measured in the same run: each pair counts every deal of the
//! bet, the definition read from `crates/games/tests/definitions/`. Six are counted from their
//! definitions by the program since 2026-11-28 (DJ Wild's Trips Bonus and Progressive,
//! Heads-Up's Pocket Bonus and Trips Plus, Face Up Pai Gow's Fortune Bonus and Progressive):
//! their second entry is the program's path (`program`), their dedicated counters test oracles.
//!
//! Every built-in one-hand side bet is measured, each under its first reading, and two examples
//! of `wagers/` with no dedicated counter: Three Card Poker's 6 Card Bonus (six of 52) and
//! blackjack's 21+3 (three of six decks).

use criterion::{criterion_group, criterion_main, Criterion};

fn definition(name: &str) -> parsheet_define::Definition {
    let path = format!("{}/crates/games/tests/definitions/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    parsheet_tables::definition::parse_definition(&path, &text).unwrap()
}

fn definitions(c: &mut Criterion) {
    let mut g = c.benchmark_group("definitions");
    g.sample_size(10);
    let dir = format!("{}/crates/games/tests/definitions", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path().file_stem().unwrap().to_str().unwrap().to_string()).collect();
    names.sort();
    for name in names {
        let (game, wager) = name.split_once('.').unwrap();
        let d = definition(&name);
        let dedicated = parsheet_games::find(game, wager).unwrap();
        let reading = d.readings.first().map(|r| r.id.clone());
        g.bench_function(format!("{game}/{wager}/generic"), |b| b.iter(|| parsheet_games::defined::count(&d, reading.as_deref()).unwrap()));
        // A wager counted from its definition: the program's own path (a whole count, without a
        // results cache: the generic counter; a sharded wager's shards classify suit classes,
        // not measured here); its dedicated counter is a test oracle now
        // (crates/games/tests/oracles).
        let path = if dedicated.written_definition().is_some() { "program" } else { "dedicated" };
        g.bench_function(format!("{game}/{wager}/{path}"), |b| b.iter(|| dedicated.count(reading.as_deref()).unwrap()));
    }
    // Defined wagers with no dedicated counter: the examples under wagers/.
    for (file, wager) in [("three-card-poker", "six-card-bonus"), ("blackjack", "21-plus-3")] {
        let d = example(file, wager);
        g.bench_function(format!("{file}/{wager}/generic"), |b| b.iter(|| parsheet_games::defined::count(&d, None).unwrap()));
    }
    // The largest shoes the format allows (eight decks, two jokers), the limit docs/WAGERS.md
    // says is not needed: five cards reading colour, seven cards with and without colour.
    for (cards, colour) in [(5, true), (7, false), (7, true)] {
        let d = largest_shoe(cards, colour);
        let name = format!("largest-shoe/{cards}-cards{}/generic", if colour { "-colour" } else { "" });
        g.bench_function(name, |b| b.iter(|| parsheet_games::defined::count(&d, None).unwrap()));
    }
    g.finish();
}

/// A bet on `cards` cards of eight decks and two wild jokers: a one-suit flush, then (where
/// `colour`) all of one colour or else trips, then a pair.
fn largest_shoe(cards: u32, colour: bool) -> parsheet_define::Definition {
    let middle = if colour { r#"{"id": "colour", "hand": "One colour", "when": {"same": "colour"}}"# } else { r#"{"id": "trips", "hand": "Trips", "when": {"forms": "three-of-a-kind"}}"# };
    let json = format!(
        r#"{{"deal": {{"decks": 8, "jokers": 2, "cards": {cards}}}, "outcomes": [
            {{"id": "suited-flush", "hand": "Flush of one suit", "when": {{"all": [{{"forms": "flush"}}, {{"same": "suit"}}]}}}},
            {middle},
            {{"id": "pair", "hand": "Pair", "when": {{"forms": "pair"}}}}]}}"#
    );
    parsheet_tables::definition::parse_definition("largest shoe", &json).unwrap()
}

/// The definition of `wager` in `wagers/FILE.json` (its `deal`, `readings` and `outcomes`).
fn example(file: &str, wager: &str) -> parsheet_define::Definition {
    let path = format!("{}/wagers/{file}.json", env!("CARGO_MANIFEST_DIR"));
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let w = doc["wagers"].as_array().unwrap().iter().find(|w| w["id"] == wager).unwrap();
    let definition: serde_json::Map<String, serde_json::Value> = w.as_object().unwrap().iter().filter(|(k, _)| matches!(k.as_str(), "deal" | "readings" | "outcomes")).map(|(k, v)| (k.clone(), v.clone())).collect();
    parsheet_tables::definition::parse_definition(&path, &serde_json::Value::Object(definition).to_string()).unwrap()
}

criterion_group!(benches, definitions);
criterion_main!(benches);
