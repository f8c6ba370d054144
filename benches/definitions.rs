//! The generic counter of a wager definition (`parsheet_games::defined`) beside the dedicated
//! counter of the same side bet, measured in the same run: each pair counts every deal of the
//! bet, the definition read from `crates/games/tests/definitions/`.
//!
//! - `over-under/bonus`: three cards of six decks (C(312, 3) deals);
//! - `dj-wild/trips-bonus`: five of 52 cards and the joker, deuces and joker wild;
//! - `heads-up-holdem/trips-plus`: seven of 52;
//! - `face-up-pai-gow/fortune-bonus`: seven of 52 and the bug joker.

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
    g.finish();
}

criterion_group!(benches, definitions);
criterion_main!(benches);
