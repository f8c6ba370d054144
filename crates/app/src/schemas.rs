//! The JSON Schema of every record a command prints with `--format json`, generated from the
//! records' types (`docs/schemas/`, kept in step by `tests/schemas.rs`).

use schemars::{schema_for, Schema};

/// (file stem in `docs/schemas/`, the command whose output it describes, its schema).
pub fn all() -> Vec<(&'static str, &'static str, Schema)> {
    vec![
        ("analyze-wager", "parsheet analyze GAME WAGER --format json (a wager counted over every deal)", schema_for!(crate::wager::WagerAnalysis)),
        ("analyze-main-game", "parsheet analyze GAME base --format json (a main game under optimal strategy)", schema_for!(crate::main_game::MainGameAnalysis)),
        ("strategy", "parsheet strategy GAME --format json (a main game's strategy, decision by decision)", schema_for!(crate::main_game::StrategyRecord)),
        ("strategy-replay", "parsheet strategy GAME --replay FILE --format json (a plan given as data, replayed over every deal)", schema_for!(crate::plans::PlanReplay)),
        ("strategy-face-up-pai-gow", "parsheet strategy face-up-pai-gow --format json (both player policies)", schema_for!(crate::main_game::FaceUpPaiGowPolicies)),
        ("strategy-house-ways", "parsheet strategy face-up-pai-gow --ways --format json (every built-in house way, the bounds over all ways)", schema_for!(crate::house_ways::HouseWaysAnalysis)),
        ("explain-house-way", "parsheet explain face-up-pai-gow base --format json (single-rule edits of the house way)", schema_for!(crate::house_ways::WayEdits)),
        ("simulate-wager", "parsheet simulate GAME WAGER --format json (a counted wager simulated beside its exact analysis)", schema_for!(crate::simulate::WagerSimulation)),
        ("simulate-main-game", "parsheet simulate GAME base --format json (a main game played with the optimal strategy, beside its exact solution)", schema_for!(crate::simulate::MainGameSimulation)),
        ("progressive", "parsheet progressive GAME WAGER --format json (the progressive model)", schema_for!(crate::progressive::ProgressiveAnalysis)),
        ("verify", "parsheet verify --format json (every published figure beside the computed one)", schema_for!(Vec<crate::verify::Check>)),
        ("explain", "parsheet explain --format json (one-line changes that reproduce a figure)", schema_for!(Vec<crate::explain::Explanation>)),
        ("report", "report.json of parsheet report (the report's whole contents)", schema_for!(crate::report::Report)),
        ("wager-definition", "a wager's definition in a schema-2 tables file (read, not printed: docs/WAGERS.md)", definition()),
    ]
}

/// The definition's schema: a key left out is absent, never `null` (the reader refuses null), so
/// the `null` an optional field's schema allows is taken out.
fn definition() -> Schema {
    fn no_null(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                if let Some(serde_json::Value::Array(types)) = m.get_mut("type") {
                    types.retain(|t| t != "null");
                    if let [only] = types.as_slice() {
                        let only = only.clone();
                        m.insert("type".into(), only);
                    }
                }
                if let Some(serde_json::Value::Array(any)) = m.get_mut("anyOf") {
                    any.retain(|s| s.get("type").is_none_or(|t| t != "null"));
                    if let [only] = any.as_slice() {
                        let only = only.clone();
                        m.remove("anyOf");
                        if let serde_json::Value::Object(o) = only {
                            m.extend(o);
                        }
                    }
                }
                m.values_mut().for_each(no_null);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(no_null),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(schema_for!(crate::definition_schema::WagerDefinition)).expect("a schema is JSON");
    no_null(&mut v);
    Schema::try_from(v).expect("still a schema")
}
