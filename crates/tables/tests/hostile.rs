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
    assert_eq!(error_of(&with(&["schema"], 3.into())).0, "schema");
    // Schema 2 may define a game of its own; a built-in game's file reads as schema 1.
    parse("my.json", &with(&["schema"], 2.into()).to_string()).expect("schema 2 of a built-in game");
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

#[test]
fn unknown_keys_are_refused_with_the_field_named() {
    let (field, problem) = error_of(&with(&["wagers", "0", "publshed"], serde_json::json!([])));
    assert_eq!(field, "wagers[0].publshed");
    assert!(problem.contains("unknown key") && problem.contains("published"), "lists the keys: {problem}");
    assert_eq!(error_of(&with(&["titel"], "x".into())).0, "titel");
    assert_eq!(error_of(&with(&["wagers", "0", "paytables", "0", "lines", "0", "pay"], "1 to 1".into())).0, "wagers[0].paytables[0].lines[0].pay");
    assert_eq!(error_of(&with(&["wagers", "0", "published", "0", "valeu"], "1%".into())).0, "wagers[0].published[0].valeu");
}

#[test]
fn the_optional_keys_of_the_schema_are_accepted() {
    // Corrections and checks (their meaning is tested with the built-in tables, which also
    // carry paytable readings; over-under bonus has no readings, so none is named here).
    let mut doc = with(&["wagers", "0", "checks"], serde_json::json!([{"kind": "combinations", "outcome": "6-or-33", "value": "1", "note": "n"}, {"kind": "payback", "paytable": "default", "value": "95%", "note": "n"}]));
    let outcome = doc["wagers"][0]["paytables"][0]["lines"][0]["outcome"].clone();
    doc["wagers"][0]["published"][0]["candidates"] = serde_json::json!([{"id": "c", "lines": [{"outcome": outcome, "pays": "49 to 1"}], "figure": "95.01%", "note": "n"}]);
    parse("my.json", &doc.to_string()).unwrap();
    // A line or figure `corrected` (schema before candidates) is refused, naming the keys.
    let mut old = doc.clone();
    old["wagers"][0]["paytables"][0]["lines"][0]["corrected"] = serde_json::json!({"pays": "49 to 1", "note": "n"});
    assert_eq!(error_of(&old).0, "wagers[0].paytables[0].lines[0].corrected");
    // A candidate that corrects nothing, an unknown outcome, a duplicate id: refused, the field named.
    let mut bad = doc.clone();
    bad["wagers"][0]["published"][0]["candidates"] = serde_json::json!([{"id": "c", "note": "n"}]);
    let (field, problem) = error_of(&bad);
    assert_eq!(field, "wagers[0].published[0].candidates[0]");
    assert!(problem.contains("corrects something"), "{problem}");
    bad["wagers"][0]["published"][0]["candidates"] = serde_json::json!([{"id": "c", "lines": [{"outcome": "no-such-hand", "pays": "1 to 1"}], "note": "n"}]);
    assert_eq!(error_of(&bad).0, "wagers[0].published[0].candidates[0].lines[0].outcome");
    bad["wagers"][0]["published"][0]["candidates"] = serde_json::json!([{"id": "c", "figure": "95%", "note": "n"}, {"id": "c", "figure": "96%", "note": "n"}]);
    assert_eq!(error_of(&bad).0, "wagers[0].published[0].candidates[1].id");
    // `over` (the paytables a range spans, read otherwise) only for a range; a table read
    // otherwise needs a name of its own.
    bad["wagers"][0]["published"][0]["candidates"] = serde_json::json!([{"id": "c", "over": [{"paytable": "default"}], "note": "n"}]);
    assert_eq!(error_of(&bad).0, "wagers[0].published[0].candidates[0].over");
    let mut range = bad.clone();
    let figure = range["wagers"][0]["published"][0].as_object_mut().unwrap();
    figure.remove("value");
    figure.insert("range".into(), serde_json::json!(["4%", "6%"]));
    range["wagers"][0]["published"][0]["candidates"] = serde_json::json!([{"id": "c", "over": [{"paytable": "default", "lines": [{"outcome": outcome, "pays": "49 to 1"}]}], "note": "n"}]);
    assert_eq!(error_of(&range).0, "wagers[0].published[0].candidates[0].over[0]");
    range["wagers"][0]["published"][0]["candidates"] = serde_json::json!([{"id": "c", "over": [{"paytable": "nope"}], "note": "n"}]);
    assert_eq!(error_of(&range).0, "wagers[0].published[0].candidates[0].over[0].paytable");
    range["wagers"][0]["published"][0]["candidates"] = serde_json::json!([{"id": "c", "over": [{"paytable": "default", "as": "default-old", "lines": [{"outcome": outcome, "pays": "49 to 1"}]}, {"paytable": "default"}], "note": "n"}]);
    parse("my.json", &range.to_string()).unwrap();
    doc["wagers"][0]["checks"][0]["vlaue"] = "1".into();
    assert_eq!(error_of(&doc).0, "wagers[0].checks[0].vlaue");
}

#[test]
fn duplicate_keys_are_refused_with_the_field_named() {
    // serde_json's Value keeps the last of two equal keys; the reader must not.
    let text = valid().to_string().replacen("\"pays\":\"50 to 1\"", "\"pays\":\"50 to 1\",\"pays\":\"5000 to 1\"", 1);
    assert!(text.contains("5000 to 1"));
    let e = parse("my.json", &text).unwrap_err();
    assert_eq!(e.field, "wagers[0].paytables[0].lines[0].pays");
    assert!(e.problem.contains("twice"), "{e}");
    let e = parse("my.json", "{\"schema\": 1, \"schema\": 1}").unwrap_err();
    assert_eq!(e.field, "schema");
}

#[test]
fn a_byte_order_mark_is_stripped() {
    let g = parse("my.json", &format!("\u{feff}{}", valid())).unwrap();
    assert_eq!(g.game, "over-under");
}

#[test]
fn an_inverted_range_is_refused() {
    let mut doc = valid();
    let figure = &mut doc["wagers"][0]["published"][0];
    figure.as_object_mut().unwrap().remove("value");
    figure["paytable"] = serde_json::Value::Null;
    figure["range"] = serde_json::json!(["96.00%", "94.00%"]);
    let (field, problem) = error_of(&doc);
    assert_eq!(field, "wagers[0].published[0].range");
    assert!(problem.contains("low end first"), "{problem}");
    doc["wagers"][0]["published"][0]["range"] = serde_json::json!(["94.00%", "96.00%"]);
    parse("my.json", &doc.to_string()).unwrap();
}

#[test]
fn pays_above_a_million_to_one_are_refused() {
    for bad in ["9223372036854775809 to 1", "10000000000000000000 to 1", "1000001 to 1"] {
        let (field, problem) = error_of(&with(&["wagers", "0", "paytables", "0", "lines", "0", "pays"], bad.into()));
        assert_eq!(field, "wagers[0].paytables[0].lines[0].pays");
        assert!(problem.contains("1000000 to 1"), "{bad}: {problem}");
    }
}

mod directories {
    //! What `load_dir` reads from a directory a user points it at.

    use std::fs;
    use std::path::PathBuf;

    use parsheet_tables::{load_dir, MAX_FILE_BYTES};

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("parsheet-tables-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("mine.json"), super::valid().to_string()).unwrap();
        dir
    }

    #[test]
    fn the_game_field_decides_whatever_the_file_is_called() {
        let dir = scratch("name");
        let games = load_dir(&dir).unwrap();
        assert_eq!(games[0].game, "over-under");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn hidden_files_and_broken_links_are_passed_over() {
        let dir = scratch("hidden");
        // An editor's lock file is a broken symlink named .#x.json; a backup a hidden copy.
        std::os::unix::fs::symlink("user@host.1234:1700000000", dir.join(".#mine.json")).unwrap();
        fs::write(dir.join(".mine.json"), "not JSON").unwrap();
        fs::write(dir.join("mine.json~"), "not JSON").unwrap();
        std::os::unix::fs::symlink(dir.join("gone"), dir.join("broken.json")).unwrap();
        assert_eq!(load_dir(&dir).unwrap().len(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn devices_fifos_and_huge_files_are_refused_before_reading() {
        let dir = scratch("special");
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero.json")).unwrap();
        let e = load_dir(&dir).unwrap_err();
        assert!(e.file.ends_with("zero.json") && e.problem.contains("not a regular file"), "{e}");
        fs::remove_file(dir.join("zero.json")).unwrap();

        if std::process::Command::new("mkfifo").arg(dir.join("x.json")).status().is_ok_and(|s| s.success()) {
            // Opening a FIFO would block until a writer comes: it must not be opened at all.
            let e = load_dir(&dir).unwrap_err();
            assert!(e.file.ends_with("x.json") && e.problem.contains("not a regular file"), "{e}");
            fs::remove_file(dir.join("x.json")).unwrap();
        } else {
            eprintln!("skipped the FIFO case: mkfifo is not available");
        }

        // A sparse file just over the cap: refused by its size, not read.
        let big = fs::File::create(dir.join("big.json")).unwrap();
        big.set_len(MAX_FILE_BYTES + 1).unwrap();
        let e = load_dir(&dir).unwrap_err();
        assert!(e.file.ends_with("big.json") && e.problem.contains("16 MB"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// House-way files (`--house-way FILE`) get the limits of table files: a regular UTF-8 file of
/// at most 16 MB, no repeated keys, and sizes a published way never reaches.
#[test]
fn hostile_house_way_files() {
    use parsheet_tables::house_way::{load, parse, MAX_RULES};
    let dir = std::env::temp_dir().join(format!("parsheet-hostile-way-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = r#"{"schema":1,"id":"w","title":"t","source":"s","rules":[{"name":"all","plays":[{"prefer":"high"}]}]}"#;

    // A directory named like a file.
    let d = dir.join("dir.json");
    std::fs::create_dir_all(&d).unwrap();
    let e = load(d.to_str().unwrap()).unwrap_err();
    assert!(e.problem.contains("not a regular file"), "{e}");

    // A FIFO with no writer: refused at once (a blocking open would wait for ever).
    let fifo = dir.join("fifo.json");
    let _ = std::fs::remove_file(&fifo);
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let e = load(fifo.to_str().unwrap()).unwrap_err();
    assert!(e.problem.contains("FIFO") && e.problem.contains("not a regular file"), "{e}");
    std::fs::remove_file(&fifo).unwrap();

    // Larger than 16 MB.
    let big = dir.join("big.json");
    std::fs::write(&big, vec![b' '; 16 * 1024 * 1024 + 1]).unwrap();
    let e = load(big.to_str().unwrap()).unwrap_err();
    assert!(e.problem.contains("larger than 16 MB"), "{e}");
    std::fs::remove_file(&big).unwrap();

    // Not UTF-8.
    let bin = dir.join("bin.json");
    std::fs::write(&bin, [0xff, 0xfe, 0x00]).unwrap();
    assert!(load(bin.to_str().unwrap()).unwrap_err().problem.contains("UTF-8"));

    // A key twice: named, not silently resolved.
    let twice = good.replace(r#""id":"w","#, r#""id":"w","id":"v","#);
    let e = parse("twice.json", &twice, "").unwrap_err();
    assert_eq!(e.field, "id");
    assert!(e.problem.contains("appears twice"), "{e}");

    // Too many rules.
    let rule = r#"{"name":"all","plays":[{"prefer":"high"}]}"#;
    let many = format!(r#"{{"schema":1,"id":"w","title":"t","source":"s","rules":[{}]}}"#, vec![rule; MAX_RULES + 1].join(","));
    let e = parse("many.json", &many, "").unwrap_err();
    assert_eq!(e.field, "rules");

    // And the good one still loads from a file.
    let ok = dir.join("ok.json");
    std::fs::write(&ok, good).unwrap();
    assert_eq!(load(ok.to_str().unwrap()).unwrap().id, "w");
    std::fs::remove_dir_all(&dir).unwrap();
}
