//! Every command's real `--format json` output validates against its schema in `docs/schemas/`
//! (generated from the records' types), for wagers of every kind: fixed pays, a meter with and
//! without a printed rate, Envy, a `--pays` table, main games, both Face Up Pai Gow policies.

mod common;

use std::path::Path;

use common::ok;

fn schema(name: &str) -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas").join(format!("{name}.json"));
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    jsonschema::validator_for(&v).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn valid(name: &str, doc: &serde_json::Value, what: &str) {
    let v = schema(name);
    let errors: Vec<String> = v.iter_errors(doc).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{what} against {name}.json: {errors:?}");
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    serde_json::from_str(&ok(&a)).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

#[test]
fn every_command_prints_what_its_schema_says() {
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("analyze-wager", vec!["analyze", "high-card-flush", "flush-bonus", "--paytable", "C"]),
        ("analyze-wager", vec!["analyze", "high-card-flush", "flush-bonus", "--paytable", "C", "--pays", "4-card-flush=2 to 1"]),
        ("analyze-wager", vec!["analyze", "face-up-pai-gow", "fortune-bonus", "--paytable", "1"]),
        ("analyze-wager", vec!["analyze", "high-card-flush", "progressive", "--paytable", "A"]),
        ("analyze-wager", vec!["analyze", "dj-wild", "progressive", "--paytable", "1"]),
        ("analyze-main-game", vec!["analyze", "over-under", "base"]),
        ("analyze-main-game", vec!["analyze", "dj-wild", "base"]),
        ("strategy", vec!["strategy", "saigon-5-card"]),
        ("simulate-wager", vec!["simulate", "over-under", "bonus", "--rounds", "20000"]),
        ("simulate-main-game", vec!["simulate", "over-under", "base", "--rounds", "20000"]),
        ("simulate-main-game", vec!["simulate", "saigon-5-card", "base", "--rounds", "20000", "--house-way", "lowest-point"]),
        ("strategy-face-up-pai-gow", vec!["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker"]),
        ("progressive", vec!["progressive", "dj-wild", "progressive", "--paytable", "1", "--meter", "25000"]),
        ("progressive", vec!["progressive", "face-up-pai-gow", "fortune-bonus", "--paytable", "1", "--players", "3", "--wager", "5"]),
        ("strategy-house-ways", vec!["strategy", "face-up-pai-gow", "--ways"]),
        ("explain-house-way", vec!["explain", "face-up-pai-gow", "base"]),
        ("verify", vec!["verify"]),
        ("explain", vec!["explain", "--max-pay", "1000"]),
    ];
    for (name, args) in cases {
        valid(name, &json(&args), &args.join(" "));
    }
}

#[test]
fn the_report_document_is_what_its_schema_says() {
    common::warm_face_up_pai_gow();
    let dir = std::env::temp_dir().join(format!("parsheet-schema-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    ok(&["report", "--out", dir.join("report").to_str().unwrap()]);
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("report/report.json")).unwrap()).unwrap();
    valid("report", &doc, "report.json");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every definition parsheet ships or tests (the built-in side bets as definitions, the
/// cross-checks, the examples under `wagers/`) is valid against `wager-definition.json`, and
/// shapes the reader refuses are invalid against it.
#[test]
fn every_shipped_definition_is_what_the_definition_schema_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let v = schema("wager-definition");
    let mut seen = 0;
    for dir in ["crates/games/tests/definitions", "crates/games/tests/cross-checks"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            if entry.path().extension().is_some_and(|e| e == "json") {
                let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(entry.path()).unwrap()).unwrap();
                let errors: Vec<String> = v.iter_errors(&doc).map(|e| format!("{e} at {}", e.instance_path())).collect();
                assert!(errors.is_empty(), "{}: {errors:?}", entry.path().display());
                seen += 1;
            }
        }
    }
    for file in ["wagers/three-card-poker.json", "wagers/blackjack.json"] {
        let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(root.join(file)).unwrap()).unwrap();
        for w in doc["wagers"].as_array().unwrap() {
            let definition: serde_json::Map<String, serde_json::Value> = w.as_object().unwrap().iter().filter(|(k, _)| matches!(k.as_str(), "deal" | "readings" | "outcomes")).map(|(k, v)| (k.clone(), v.clone())).collect();
            let errors: Vec<String> = v.iter_errors(&serde_json::Value::Object(definition)).map(|e| format!("{e} at {}", e.instance_path())).collect();
            assert!(errors.is_empty(), "{file} {}: {errors:?}", w["id"]);
            seen += 1;
        }
    }
    assert!(seen >= 20, "{seen} definitions");
    let deal = r#""deal": {"decks": 1, "cards": 3}"#;
    for refused in [
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"holds": ["a"]}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"forms": "pear"}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"forms": "pair", "ranks": null}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "Four_Aces", "hand": "X", "when": {{"same": "rank"}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"same": "color"}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"same": "rank", "holds": ["A"]}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "other", "hand": "X", "when": {{"same": "rank"}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "", "when": {{"same": "rank"}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"pairs": {{}}}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"pairs": {{"from": 1}}}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"all": []}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"sum": 6, "values": {{"A": 11}}}}}}]}}"#),
        format!(r#"{{{deal}, "outcomes": [{{"id": "x", "hand": "X", "when": {{"suited": [{{"ranks": ["A"]}}, {{"ranks": ["A"]}}, {{"ranks": ["A"]}}, {{"ranks": ["A"]}}, {{"ranks": ["A"]}}]}}}}]}}"#),
        r#"{"deal": {"decks": 1, "cards": 3}, "outcomes": []}"#.to_string(),
        r#"{"deal": {"decks": 9, "cards": 3}, "outcomes": []}"#.to_string(),
        r#"{"deal": {"decks": 1, "cards": 3, "shoe": 1}, "outcomes": []}"#.to_string(),
    ] {
        let doc: serde_json::Value = serde_json::from_str(&refused).unwrap();
        assert!(!v.is_valid(&doc), "the schema takes what the reader refuses: {refused}");
        assert!(parsheet_tables_refuses(&refused), "the reader takes {refused}");
    }
}

/// Whether `parsheet analyze` refuses a schema-2 file holding `definition`.
fn parsheet_tables_refuses(definition: &str) -> bool {
    let dir = std::env::temp_dir().join(format!("parsheet-schema-definition-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let body = definition.trim().strip_prefix('{').unwrap().strip_suffix('}').unwrap();
    let file = dir.join("d.json");
    std::fs::write(&file, format!(r#"{{"schema": 2, "game": "schema-check", "title": "T", "wagers": [{{"id": "w", "title": "W", {body}, "paytables": []}}]}}"#)).unwrap();
    let out = common::command().args(["list", "--with-tables", file.to_str().unwrap()]).output().unwrap();
    !out.status.success()
}
