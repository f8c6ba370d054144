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
