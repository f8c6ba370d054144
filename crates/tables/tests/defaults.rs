//! The wager defaults (`defaults`, tables/README.md): every assumption a figure of a built-in
//! wager rests on has a default with its reason, and a bad default is refused with its field
//! named. Which wagers need one comes from the code's registry (its readings, its main games)
//! and from the printed tables (meters, Envy columns), not from the defaults themselves.

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_games::{lookup, wager_ids, Model, GAMES};
use parsheet_paytable::Pay;
use parsheet_tables::{builtin, house_way, parse, GameTables, WagerTables, DEFAULT_NAMES};

fn tables() -> Vec<GameTables> {
    builtin().expect("the built-in tables load")
}

/// The tables wager whose data answers `game wager` of the registry: a main game's is the wager
/// whose tables it reads (Heads-Up's `odds`, DJ Wild's `blind`), else the wager itself.
fn data_wager(model: &Model) -> &'static str {
    match model {
        Model::Main(g) => g.wager,
        Model::Counted(w) => w.id,
    }
}

fn assert_basis(game: &str, w: &WagerTables, name: &str) {
    let d = w.default_of(name).unwrap_or_else(|| panic!("{game} {}: no `{name}` default", w.id));
    assert!(!d.basis.trim().is_empty(), "{game} {} {name}: empty basis", w.id);
    // It names a section of the regulation or a published figure (tables/README.md).
    assert!(d.basis.contains('§') || d.basis.contains('%'), "{game} {} {name}: the basis names no section or figure: {}", w.id, d.basis);
}

#[test]
fn the_builtin_tables_load_and_every_default_has_a_known_name() {
    let games = tables();
    assert_eq!(games.len(), GAMES.len());
    let mut defaults = 0;
    for game in &games {
        for w in &game.wagers {
            for d in &w.defaults {
                assert!(DEFAULT_NAMES.contains(&d.name.as_str()), "{} {}: {}", game.game, w.id, d.name);
                defaults += 1;
            }
        }
    }
    assert!(defaults > 0, "the built-in tables record no defaults");
}

#[test]
fn every_wager_with_several_readings_has_a_reading_default() {
    let games = tables();
    // From the tables' side: each file wager the code computes with more than one reading.
    let mut with_readings = 0;
    for game in &games {
        for w in &game.wagers {
            let Ok(model) = lookup(&game.game, &w.id) else { continue };
            let readings: Vec<&str> = model.variants().iter().map(|v| v.id).collect();
            if readings.len() < 2 {
                continue;
            }
            with_readings += 1;
            assert_basis(&game.game, w, "reading");
            let value = &w.default_of("reading").unwrap().value;
            assert!(readings.contains(&value.as_str()), "{} {}: {value:?} is not one of {readings:?}", game.game, w.id);
        }
    }
    assert!(with_readings >= 10, "only {with_readings} wagers with several readings found");
    // From the registry's side: each computed wager (main games included) with more than one
    // reading has a tables wager carrying its default, so none is left to the code's order.
    for &game in GAMES.iter() {
        let file = games.iter().find(|g| g.game == game).unwrap_or_else(|| panic!("no tables file for {game}"));
        for id in wager_ids(game) {
            let model = lookup(game, id).unwrap();
            if model.variants().len() < 2 {
                continue;
            }
            let holder = data_wager(&model);
            let w = file.wagers.iter().find(|w| w.id == holder).unwrap_or_else(|| panic!("{game} {id}: no tables wager {holder}"));
            assert_basis(game, w, "reading");
        }
    }
}

#[test]
fn a_paytable_that_prints_its_reading_keeps_a_reading_of_the_wager() {
    for game in tables() {
        for w in &game.wagers {
            for p in &w.paytables {
                let Some(printed) = &p.reading else { continue };
                let model = lookup(&game.game, &w.id).unwrap();
                assert!(model.variants().iter().any(|v| v.id == printed), "{} {} {}: {printed}", game.game, w.id, p.table.id);
                assert!(w.default_of("reading").is_some(), "{} {}: printed readings, no wager default for the other tables", game.game, w.id);
            }
        }
    }
}

#[test]
fn a_meter_without_a_printed_seed_or_reset_has_the_least_reset_the_rule_allows() {
    let mut meters = 0;
    for game in tables() {
        for w in &game.wagers {
            let meter = w.paytables.iter().any(|p| p.table.lines.iter().any(|l| matches!(l.pay, Pay::PercentOfMeter(_) | Pay::DollarsAndMeter(..))));
            let printed = w.paytables.iter().any(|p| p.terms.iter().any(|(k, _)| k == "seed" || k == "reset"));
            if !meter || printed {
                continue;
            }
            meters += 1;
            assert_basis(&game.game, w, "reset");
            let reset = parsheet_paytable::progressive::dollars(&w.default_of("reset").unwrap().value).unwrap();
            if game.game == "high-card-flush" {
                // § 678a.12(d)(3): "The initial and reset amount ... be at least $30,000."
                assert_eq!(reset, BigRational::from_integer(BigInt::from(30_000)), "{} {}", game.game, w.id);
            }
        }
    }
    assert_eq!(meters, 1, "the High Card Flush Progressive is the one meter wager printing neither seed nor reset");
}

#[test]
fn envy_and_house_way_have_their_defaults() {
    let games = tables();
    let mut envy = 0;
    for game in &games {
        for w in &game.wagers {
            if w.paytables.iter().any(|p| !p.envy.is_empty()) {
                envy += 1;
                assert_basis(&game.game, w, "players");
                // The bet alone: issue 24, "Envy to 0 other players".
                assert_eq!(w.default_of("players").unwrap().value, "0", "{} {}", game.game, w.id);
            }
        }
    }
    assert!(envy >= 1, "no wager with Envy amounts found");
    let ways = house_way::builtin_ids();
    for &game in GAMES.iter() {
        let Ok(Model::Main(g)) = lookup(game, "base") else { continue };
        if !g.needs_house_way() {
            continue;
        }
        let file = games.iter().find(|f| f.game == game).unwrap();
        let w = file.wagers.iter().find(|w| w.id == g.wager).unwrap();
        assert_basis(game, w, "house-way");
        let way = &w.default_of("house-way").unwrap().value;
        assert!(ways.contains(way), "{game}: {way} is not a built-in house way");
    }
}

// Refusals: one wager whose defaults are replaced case by case.

/// A file with one wager (`game wager`, no paytables) carrying `defaults`.
fn file_with(game: &str, wager: &str, defaults: serde_json::Value) -> String {
    serde_json::json!({
        "schema": 1, "game": game, "title": "t", "chapter": "c", "rulemaking": "test",
        "wagers": [{"id": wager, "title": "t", "section": "s", "defaults": defaults,
                    "paytables": [], "published": [], "notes": []}]
    })
    .to_string()
}

fn entry(value: &str) -> serde_json::Value {
    serde_json::json!({"value": value, "basis": "why"})
}

/// The field and problem of the refusal of `game wager` with `defaults`.
fn refusal(game: &str, wager: &str, defaults: serde_json::Value) -> (String, String) {
    let e = parse("my.json", &file_with(game, wager, defaults)).expect_err("must be refused");
    assert_eq!(e.file, "my.json");
    assert!(e.to_string().starts_with("my.json: field `"), "{e}");
    (e.field, e.problem)
}

#[test]
fn good_defaults_are_read_with_their_basis() {
    let all = serde_json::json!({
        "reading": entry("opposite-range-pushes"), "reset": entry("$30,000"),
        "house-way": entry("foxwoods"), "players": entry("5")
    });
    let game = parse("my.json", &file_with("over-under", "base", all)).unwrap();
    let w = &game.wagers[0];
    for (name, value) in [("reading", "opposite-range-pushes"), ("reset", "$30,000"), ("house-way", "foxwoods"), ("players", "5")] {
        let d = w.default_of(name).unwrap();
        assert_eq!((d.value.as_str(), d.basis.as_str()), (value, "why"));
    }
    // A main game answering to the wager whose tables it reads: Heads-Up's Odds.
    let odds = parse("my.json", &file_with("heads-up-holdem", "odds", serde_json::json!({"reading": entry("odds-lose-below-pair")}))).unwrap();
    assert_eq!(odds.wagers[0].default_of("reading").unwrap().value, "odds-lose-below-pair");
    assert!(odds.wagers[0].default_of("reset").is_none());
}

#[test]
fn an_unknown_reading_is_refused() {
    let (field, problem) = refusal("over-under", "base", serde_json::json!({"reading": entry("opposite-range-wins")}));
    assert_eq!(field, "wagers[0].defaults.reading.value");
    assert!(problem.contains("opposite-range-loses, opposite-range-pushes"), "{problem}");
    // A main game's readings are its strategy's, also where it answers to another wager's id.
    let (field, problem) = refusal("heads-up-holdem", "odds", serde_json::json!({"reading": entry("ace-high-only")}));
    assert_eq!(field, "wagers[0].defaults.reading.value");
    assert!(problem.contains("odds-push-below-pair"), "{problem}");
    // A counted wager: High Card Flush's Straight Flush Bonus.
    let (field, _) = refusal("high-card-flush", "straight-flush-bonus", serde_json::json!({"reading": entry("no-wild-cards")}));
    assert_eq!(field, "wagers[0].defaults.reading.value");
}

#[test]
fn a_bad_dollar_amount_is_refused() {
    for bad in ["30000", "$3,0000", "thirty thousand", "30%", ""] {
        let (field, problem) = refusal("over-under", "base", serde_json::json!({"reset": entry(bad)}));
        assert_eq!(field, "wagers[0].defaults.reset.value", "{bad:?}");
        assert!(problem.contains("dollar amount"), "{bad:?}: {problem}");
    }
}

#[test]
fn an_unknown_house_way_is_refused() {
    let (field, problem) = refusal("face-up-pai-gow", "base", serde_json::json!({"house-way": entry("caesars")}));
    assert_eq!(field, "wagers[0].defaults.house-way.value");
    assert!(problem.contains("foxwoods"), "the valid ways are listed: {problem}");
}

#[test]
fn players_outside_zero_to_five_are_refused() {
    for bad in ["7", "6", "-1", "one", "05"] {
        let (field, problem) = refusal("face-up-pai-gow", "fortune-bonus", serde_json::json!({"players": entry(bad)}));
        assert_eq!(field, "wagers[0].defaults.players.value", "{bad:?}");
        assert!(problem.contains("0 to 5"), "{bad:?}: {problem}");
    }
    let (field, problem) = refusal("face-up-pai-gow", "fortune-bonus", serde_json::json!({"players": {"value": 0, "basis": "why"}}));
    assert_eq!(field, "wagers[0].defaults.players.value");
    assert!(problem.contains("expected a string"), "{problem}");
}

#[test]
fn an_unknown_name_or_key_is_refused() {
    let (field, problem) = refusal("over-under", "base", serde_json::json!({"rate": entry("28%")}));
    assert_eq!(field, "wagers[0].defaults.rate");
    assert!(problem.contains("unknown key") && problem.contains("house-way"), "{problem}");
    let (field, _) = refusal("over-under", "base", serde_json::json!({"reading": {"value": "opposite-range-loses", "basis": "why", "note": "x"}}));
    assert_eq!(field, "wagers[0].defaults.reading.note");
    let (field, problem) = refusal("over-under", "base", serde_json::json!([entry("opposite-range-loses")]));
    assert_eq!(field, "wagers[0].defaults");
    assert!(problem.contains("expected an object"), "{problem}");
}

#[test]
fn a_missing_or_empty_basis_is_refused() {
    let (field, problem) = refusal("over-under", "base", serde_json::json!({"reading": {"value": "opposite-range-loses"}}));
    assert_eq!((field.as_str(), problem.as_str()), ("wagers[0].defaults.reading.basis", "missing"));
    let (field, problem) = refusal("over-under", "base", serde_json::json!({"reading": {"value": "opposite-range-loses", "basis": "  "}}));
    assert_eq!(field, "wagers[0].defaults.reading.basis");
    assert!(problem.contains("empty"), "{problem}");
    let (field, problem) = refusal("over-under", "base", serde_json::json!({"reading": {"basis": "why"}}));
    assert_eq!((field.as_str(), problem.as_str()), ("wagers[0].defaults.reading.value", "missing"));
}
