//! The generic counter of a wager definition (`parsheet_games::defined`) beside the dedicated
//! counter of the same side bet, measured in the same run: each pair counts every deal of the
//! bet, the definition read from `crates/games/tests/definitions/`.
//!
//! - `over-under/bonus`: three cards of six decks (C(312, 3) deals);
//! - `dj-wild/trips-bonus`: five of 52 cards and the joker, deuces and joker wild;
//! - `heads-up-holdem/trips-plus`: seven of 52;
//! - `face-up-pai-gow/fortune-bonus`: seven of 52 and the bug joker;
//!
//! and two examples of `wagers/` with no dedicated counter: Three Card Poker's 6 Card Bonus (six
//! of 52) and blackjack's 21+3 (three of six decks).

use criterion::{criterion_group, criterion_main, Criterion};

fn definition(name: &str) -> parsheet_define::Definition {
    let path = format!("{}/crates/games/tests/definitions/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    parsheet_tables::definition::parse_definition(&path, &text).unwrap()
}

fn definitions(c: &mut Criterion) {
    let mut g = c.benchmark_group("definitions");
    g.sample_size(10);
    for (game, wager) in [("over-under", "bonus"), ("dj-wild", "trips-bonus"), ("heads-up-holdem", "trips-plus"), ("face-up-pai-gow", "fortune-bonus")] {
        let d = definition(&format!("{game}.{wager}"));
        let dedicated = parsheet_games::find(game, wager).unwrap();
        let reading = d.readings.first().map(|r| r.id.clone());
        g.bench_function(format!("{game}/{wager}/generic"), |b| b.iter(|| parsheet_games::defined::count(&d, reading.as_deref()).unwrap()));
        g.bench_function(format!("{game}/{wager}/dedicated"), |b| b.iter(|| dedicated.count(reading.as_deref()).unwrap()));
    }
    // Defined wagers with no dedicated counter: the examples under wagers/.
    for (file, wager) in [("three-card-poker", "six-card-bonus"), ("blackjack", "21-plus-3")] {
        let d = example(file, wager);
        g.bench_function(format!("{file}/{wager}/generic"), |b| b.iter(|| parsheet_games::defined::count(&d, None).unwrap()));
    }
    g.finish();
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
