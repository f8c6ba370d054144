//! `docs/schemas/` holds the schema of every command's JSON, generated from the records' types:
//! a change to a record that is not written there fails here. `UPDATE_SCHEMAS=1` writes them.

use std::path::Path;

#[test]
fn the_documented_schemas_are_the_records_schemas() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schemas");
    let mut stale = Vec::new();
    for (name, command, schema) in parsheet_app::schemas::all() {
        let mut v = serde_json::to_value(&schema).unwrap();
        let what = if name == "wager-definition" { "The format of" } else { "The output of" };
        v["$comment"] = serde_json::json!(format!("{what} {command}. Generated from parsheet-app's types (crates/app/src/schemas.rs); do not edit."));
        let text = serde_json::to_string_pretty(&v).unwrap() + "\n";
        let path = dir.join(format!("{name}.json"));
        if std::env::var_os("UPDATE_SCHEMAS").is_some() {
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    assert!(stale.is_empty(), "schemas out of date (run the test with UPDATE_SCHEMAS=1): {stale:?}");
}
