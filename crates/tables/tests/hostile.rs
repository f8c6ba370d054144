//! Malformed, inconsistent and absurd table files: each is refused with an error that names the
//! file, the field and the problem, and nothing panics.

use parsheet_tables::parse;

/// A valid file to mutate: the Over/Under Bonus with one paytable and one published figure.
fn valid() -> serde_json::Value {
    serde_json::json!({
        "schema": 1,
        "game": "over-under",
        "title": "Over/Under",
        "chapter": "686a",
        "rulemaking": "test",
        "wagers": [{
            "id": "bonus",
            "title": "Bonus Wager",
            "section": "686a.8(b)",
            "paytables": [{
                "id": "default",
                "section": "686a.8(b)",
                "terms": {},
                "lines": [
                    {"outcome": "6-or-33", "hand": "6 or 33", "pays": "50 to 1"},
                    {"outcome": "12-or-27", "hand": "12 or 27", "pays": "1 to 1"}
                ],
                "notes": []
            }],
            "published": [{"paytable": "default", "kind": "payback", "value": "95.00%", "section": "test", "quote": "test"}],
            "notes": []
        }]
    })
}

fn error_of(doc: &serde_json::Value) -> (String, String) {
    let e = parse("my.json", &doc.to_string()).expect_err("must be refused");
    assert_eq!(e.file, "my.json");
    let text = e.to_string();
    assert!(text.starts_with("my.json"), "{text}");
    (e.field, e.problem)
}

fn with(path: &[&str], value: serde_json::Value) -> serde_json::Value {
    let mut doc = valid();
    let mut at = &mut doc;
    for (i, key) in path.iter().enumerate() {
        let next = match key.parse::<usize>() {
            Ok(n) => &mut at[n],
            Err(_) => &mut at[*key],
        };
        if i == path.len() - 1 {
            *next = value;
            return doc;
        }
        at = next;
    }
    unreachable!()
}

#[test]
fn the_valid_file_is_accepted() {
    let g = parse("my.json", &valid().to_string()).unwrap();
    assert_eq!(g.wagers[0].paytables[0].table.lines.len(), 2);
}

#[test]
fn not_json() {
    let e = parse("my.json", "{ \"schema\": 1, ").unwrap_err();
    assert!(e.problem.contains("not valid JSON"), "{e}");
}

#[test]
fn wrong_schema_and_unknown_game() {
    assert_eq!(error_of(&with(&["schema"], 2.into())).0, "schema");
    let (field, problem) = error_of(&with(&["game"], "baccarat".into()));
    assert_eq!(field, "game");
    assert!(problem.contains("saigon-5-card"), "lists the valid games: {problem}");
}

#[test]
fn negative_and_malformed_pays() {
    for bad in ["-5 to 1", "five to one", "50", "1 to 0", "", "250% of meter"] {
        let (field, problem) = error_of(&with(&["wagers", "0", "paytables", "0", "lines", "0", "pays"], bad.into()));
        assert_eq!(field, "wagers[0].paytables[0].lines[0].pays", "{bad}");
        assert!(problem.contains("cannot read pay"), "{bad}: {problem}");
    }
}

#[test]
fn huge_numbers() {
    let (field, problem) = error_of(&with(&["wagers", "0", "paytables", "0", "lines", "0", "pays"], "1000000000000000000000000000000000000 to 1".into()));
    assert_eq!(field, "wagers[0].paytables[0].lines[0].pays");
    assert!(problem.contains("too large"), "{problem}");
    let (field, _) = error_of(&with(&["wagers", "0", "published", "0", "value"], "99999999999.5%".into()));
    assert_eq!(field, "wagers[0].published[0].value");
}

#[test]
fn wrong_types() {
    let (field, problem) = error_of(&with(&["wagers", "0", "paytables", "0", "lines", "0", "pays"], 50.into()));
    assert_eq!(field, "wagers[0].paytables[0].lines[0].pays");
    assert!(problem.contains("expected a string, found a number"), "{problem}");
    let (field, _) = error_of(&with(&["wagers"], "none".into()));
    assert_eq!(field, "wagers");
    let (field, _) = error_of(&with(&["wagers", "0", "paytables", "0", "lines"], serde_json::json!({"a": 1})));
    assert_eq!(field, "wagers[0].paytables[0].lines");
}

#[test]
fn unknown_outcome_lists_the_known_ones() {
    let (field, problem) = error_of(&with(&["wagers", "0", "paytables", "0", "lines", "0", "outcome"], "5-or-34".into()));
    assert_eq!(field, "wagers[0].paytables[0].lines[0].outcome");
    assert!(problem.contains("7-or-32"), "{problem}");
}

#[test]
fn missing_lines_and_fields() {
    let (field, _) = error_of(&with(&["wagers", "0", "paytables", "0", "lines"], serde_json::json!([])));
    assert_eq!(field, "wagers[0].paytables[0].lines");
    let mut doc = valid();
    doc["wagers"][0]["paytables"][0]["lines"][0].as_object_mut().unwrap().remove("pays");
    assert_eq!(error_of(&doc).0, "wagers[0].paytables[0].lines[0].pays");
}

#[test]
fn duplicate_ids() {
    let mut doc = valid();
    let line = doc["wagers"][0]["paytables"][0]["lines"][0].clone();
    doc["wagers"][0]["paytables"][0]["lines"].as_array_mut().unwrap().push(line);
    let (field, problem) = error_of(&doc);
    assert_eq!(field, "wagers[0].paytables[0].lines[2].outcome");
    assert!(problem.contains("two lines"), "{problem}");

    let mut doc = valid();
    let table = doc["wagers"][0]["paytables"][0].clone();
    doc["wagers"][0]["paytables"].as_array_mut().unwrap().push(table);
    assert_eq!(error_of(&doc).0, "wagers[0].paytables[1].id");

    let mut doc = valid();
    let wager = doc["wagers"][0].clone();
    doc["wagers"].as_array_mut().unwrap().push(wager);
    assert_eq!(error_of(&doc).0, "wagers[1].id");
}

#[test]
fn inconsistent_published_figures() {
    let (field, problem) = error_of(&with(&["wagers", "0", "published", "0", "paytable"], "Z".into()));
    assert_eq!(field, "wagers[0].published[0].paytable");
    assert!(problem.contains("default"), "{problem}");
    assert_eq!(error_of(&with(&["wagers", "0", "published", "0", "kind"], "vibes".into())).0, "wagers[0].published[0].kind");
    assert_eq!(error_of(&with(&["wagers", "0", "published", "0", "value"], "95".into())).0, "wagers[0].published[0].value");
    assert_eq!(error_of(&with(&["wagers", "0", "published", "0", "value"], "250%".into())).0, "wagers[0].published[0].value");
}

#[test]
fn a_written_paytable_reads_back() {
    let g = parse("my.json", &valid().to_string()).unwrap();
    let mut table = g.wagers[0].paytables[0].table.clone();
    table.id = "mine".into();
    table.lines[0].pay = "3 to 2".parse().unwrap();
    let text = parsheet_tables::single_paytable_file(&g, &g.wagers[0], &table, "test");
    let back = parse("back.json", &text).unwrap();
    assert_eq!(back.wagers[0].paytables[0].table, table);
}
