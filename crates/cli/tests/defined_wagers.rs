//! Wagers defined in a schema-2 tables file (issue #34): the examples under `wagers/` reproduce
//! the figures their sources publish, every command takes them through `--with-tables`, the
//! results cache keys their counts by the definition (not the pays), and a bad file is refused
//! with its file and JSON path, the cache untouched.
//!
//! The exact edges are checked against counts published or derived by hand, never against
//! parsheet's own output: Three Card Poker's 22,100 hands (48 straight flushes, 52 trips, 720
//! straights, 1,096 flushes, 3,744 pairs); six-deck pairs (780 identical, 936 same colour, 1,872
//! mixed of C(312, 2) = 48,516, derived in `crates/games/tests/cross-checks/brute.py`); six-deck
//! 21+3 as the Wizard of Odds prints it (suited trips 1,040, straight flush 10,368, trips 25,272,
//! straight 155,520, flush 292,896 of 5,013,320).

mod common;

use std::path::{Path, PathBuf};

use common::{command, fails, ok};

fn wagers_dir() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wagers").to_str().unwrap().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parsheet-defined-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// n/d in lowest terms.
fn reduced(n: i128, d: i128) -> String {
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    let g = gcd(n, d);
    format!("{}/{}", n / g, d / g)
}

/// The house edge of pays `p` (n to 1) on outcomes counted `hits` of `total` deals.
fn edge(hits: &[i128], pays: &[i128], total: i128) -> String {
    let won: i128 = hits.iter().zip(pays).map(|(h, p)| h * p).sum();
    let lost = total - hits.iter().sum::<i128>();
    reduced(lost - won, total)
}

const PAIR_PLUS: [i128; 5] = [48, 52, 720, 1_096, 3_744];
const PERFECT_PAIRS: [i128; 3] = [780, 936, 1_872];
const TWENTY_ONE_PLUS_3: [i128; 5] = [1_040, 10_368, 25_272, 155_520, 292_896];

#[test]
fn the_examples_reproduce_the_figures_their_sources_publish() {
    let verify = |game: &str| -> Vec<serde_json::Value> {
        let out = ok(&["verify", game, "--with-tables", &wagers_dir(), "--format", "json"]);
        serde_json::from_str::<Vec<serde_json::Value>>(&out).unwrap().into_iter().filter(|c| c["default_reading"] == true).collect()
    };
    let mine = [verify("three-card-poker"), verify("blackjack")].concat();
    let expected = [
        ("pair-plus", "40-30-6-4-1", edge(&PAIR_PLUS, &[40, 30, 6, 4, 1], 22_100)),
        ("pair-plus", "40-30-6-3-1", edge(&PAIR_PLUS, &[40, 30, 6, 3, 1], 22_100)),
        ("pair-plus", "40-30-5-4-1", edge(&PAIR_PLUS, &[40, 30, 5, 4, 1], 22_100)),
        ("perfect-pairs", "25-12-5", edge(&PERFECT_PAIRS, &[25, 12, 5], 48_516)),
        ("perfect-pairs", "30-10-5", edge(&PERFECT_PAIRS, &[30, 10, 5], 48_516)),
        ("21-plus-3", "9-to-1", edge(&TWENTY_ONE_PLUS_3, &[9; 5], 5_013_320)),
    ];
    assert_eq!(mine.len(), expected.len(), "{mine:#?}");
    for (wager, paytable, exact) in expected {
        let c = mine.iter().find(|c| c["wager"] == wager && c["paytable"] == paytable).unwrap_or_else(|| panic!("no check of {wager} {paytable}"));
        assert_eq!(c["status"], "reproduced", "{c}");
        assert_eq!(c["computed"], exact.as_str(), "{c}");
    }
}

#[test]
fn every_format_of_analyze_reads_a_defined_wager() {
    let w = wagers_dir();
    let args = |format: &'static str| vec!["analyze", "blackjack", "perfect-pairs", "--paytable", "25-12-6", "--with-tables", w.as_str(), "--format", format];
    let json: serde_json::Value = serde_json::from_str(&ok(&args("json"))).unwrap();
    assert_eq!(json["house_edge"], edge(&PERFECT_PAIRS, &[25, 12, 6], 48_516).as_str());
    assert_eq!(json["cycle"], "48516");
    let rows: Vec<(&str, &str)> = json["outcomes"].as_array().unwrap().iter().map(|o| (o["outcome"].as_str().unwrap(), o["combinations"].as_str().unwrap())).collect();
    assert_eq!(rows, [("perfect-pair", "780"), ("colored-pair", "936"), ("mixed-pair", "1872"), ("other", "44928")]);
    assert!(ok(&args("table")).contains("perfect-pair"));
    assert!(ok(&args("csv")).lines().any(|l| l.starts_with("perfect-pair,") || l.contains(",perfect-pair,")));
    assert!(ok(&args("md")).contains("| perfect-pair"));
    // Six Card Bonus: the best five of six cards of one deck, C(52, 6) deals.
    let six: serde_json::Value = serde_json::from_str(&ok(&["analyze", "three-card-poker", "six-card-bonus", "--with-tables", &w, "--format", "json"])).unwrap();
    assert_eq!(six["cycle"], "20358520");
    // Royal flushes in six cards: four suits, and any of the other 47 cards beside the five.
    assert_eq!(six["outcomes"][0]["combinations"], "188");
    assert!(ok(&["list", "--with-tables", &w]).contains("three-card-poker — Three Card Poker (side bets)"));
    // A typed change of pays is checked against the definition's outcomes.
    let typed: serde_json::Value = serde_json::from_str(&ok(&["analyze", "blackjack", "21-plus-3", "--paytable", "9-to-1", "--pays", "flush=6 to 1", "--with-tables", &w, "--format", "json"])).unwrap();
    assert_eq!(typed["house_edge"], edge(&TWENTY_ONE_PLUS_3, &[9, 9, 9, 9, 6], 5_013_320).as_str());
    let e = common::fails(&["analyze", "blackjack", "21-plus-3", "--paytable", "9-to-1", "--pays", "quads=6 to 1", "--with-tables", &w]);
    assert!(e.contains("quads") && e.contains("suited-three-of-a-kind"), "{e}");
}

/// A schema-2 file of `game` with one wager whose outcome is `when`.
fn defined_file(dir: &Path, name: &str, game: &str, when: &str, pays: &str) -> String {
    let text = format!(
        r#"{{"schema": 2, "game": "{game}", "title": "Test", "wagers": [{{"id": "two-cards", "title": "Two cards",
            "deal": {{"decks": 2, "cards": 2}},
            "outcomes": [{{"id": "pair", "hand": "Pair", "when": {when}}}],
            "paytables": [{{"id": "t", "section": "made up", "terms": {{}}, "lines": [{{"outcome": "pair", "hand": "Pair", "pays": "{pays}"}}]}}]}}]}}"#
    );
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn an_explored_candidate_of_a_defined_wager_carries_its_definition() {
    let dir = scratch("explore");
    let file = dir.join("cand1.json");
    let f = file.to_str().unwrap();
    ok(&["explore", "three-card-poker", "pair-plus", "--paytable", "40-30-6-3-1", "--target-edge", "3%", "--line", "flush", "--with-tables", &wagers_dir(), "--write", f]);
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(doc["schema"], 2);
    assert_eq!(doc["wagers"][0]["deal"]["cards"], 3);
    assert_eq!(doc["wagers"][0]["outcomes"].as_array().unwrap().len(), 5);
    // Read alone, without the file it was explored from.
    let json: serde_json::Value = serde_json::from_str(&ok(&["analyze", "three-card-poker", "pair-plus", "--with-tables", f, "--paytable", "cand1", "--format", "json"])).unwrap();
    let pays: Vec<i128> = json["outcomes"].as_array().unwrap()[..5].iter().map(|o| o["pays"].as_str().unwrap().strip_suffix(" to 1").unwrap().parse().unwrap()).collect();
    assert_eq!(json["house_edge"], edge(&PAIR_PLUS, &pays, 22_100).as_str());
}

/// A schema-2 file of game `game` holding the definition `tests/definitions/NAME.json` as wager
/// `w`, with one paytable `flat` paying every outcome 1 to 1.
fn copy_of_definition(dir: &Path, name: &str, game: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../games/tests/definitions/{name}.json"));
    let definition: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let lines: Vec<serde_json::Value> = definition["outcomes"].as_array().unwrap().iter().map(|o| serde_json::json!({"outcome": o["id"], "hand": o["hand"], "pays": "1 to 1"})).collect();
    let mut wager = definition.as_object().unwrap().clone();
    wager.insert("id".into(), "w".into());
    wager.insert("title".into(), "W".into());
    wager.insert("paytables".into(), serde_json::json!([{"id": "flat", "section": "made up", "terms": {}, "lines": lines}]));
    let file = dir.join(format!("{game}.json"));
    std::fs::write(&file, serde_json::json!({"schema": 2, "game": game, "title": game, "wagers": [wager]}).to_string()).unwrap();
    file
}

#[test]
fn a_candidate_read_beside_its_source_is_the_same_wager() {
    // DJ Wild's Progressive as a definition: its readings replace outcomes in no sorted order,
    // and the written candidate holds them sorted (the canonical text).
    let dir = scratch("beside");
    let source = copy_of_definition(&dir, "dj-wild.progressive", "progressive-copy");
    let source = source.to_str().unwrap();
    let cand = dir.join("cand1.json");
    ok(&["explore", "progressive-copy", "w", "--paytable", "flat", "--target-edge", "50%", "--line", "three-of-a-kind", "--with-tables", source, "--write", cand.to_str().unwrap()]);
    let both = ok(&["analyze", "progressive-copy", "w", "--paytable", "cand1", "--variant", "not-paid", "--with-tables", source, "--with-tables", cand.to_str().unwrap(), "--format", "json"]);
    let alone = ok(&["analyze", "progressive-copy", "w", "--paytable", "cand1", "--variant", "not-paid", "--with-tables", cand.to_str().unwrap(), "--format", "json"]);
    let edge = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap()["house_edge"].clone();
    assert_eq!(edge(&both), edge(&alone));
}

#[test]
fn the_cache_keys_a_defined_count_by_its_definition_not_its_pays() {
    let dir = scratch("cache");
    let cache = dir.join("cache");
    let cache = cache.to_str().unwrap();
    let analyze = |file: &str| {
        let out = command().args(["analyze", "pairs", "two-cards", "--with-tables", file, "--cache", cache, "-v", "--format", "json"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (json["house_edge"].as_str().unwrap().to_string(), String::from_utf8_lossy(&out.stderr).contains("reused from the cache"))
    };
    // Two decks: 104 cards, C(104, 2) = 5,356 deals; a pair of one rank in 13 × C(8, 2) = 364.
    let first = defined_file(&dir, "a.json", "pairs", r#"{"same": "rank"}"#, "10 to 1");
    assert_eq!(analyze(&first), (edge(&[364], &[10], 5_356), false));
    assert_eq!(analyze(&first), (edge(&[364], &[10], 5_356), true), "the same definition reuses its count");
    let repriced = defined_file(&dir, "b.json", "pairs", r#"{"same": "rank"}"#, "12 to 1");
    assert_eq!(analyze(&repriced), (edge(&[364], &[12], 5_356), true), "a pay edit reuses the count");
    // Suited pairs only: 52 types × C(2, 2) = 52.
    let edited = defined_file(&dir, "c.json", "pairs", r#"{"all": [{"same": "rank"}, {"same": "suit"}]}"#, "10 to 1");
    assert_eq!(analyze(&edited), (edge(&[52], &[10], 5_356), false), "an edited definition is counted afresh");
}

#[test]
fn bad_defined_files_are_refused_with_their_place_and_change_nothing() {
    let dir = scratch("bad");
    let cache = dir.join("cache");
    let refused = |file: &str| fails(&["analyze", "pairs", "two-cards", "--with-tables", file, "--cache", cache.to_str().unwrap()]);
    let e = refused(&defined_file(&dir, "builtin.json", "dj-wild", r#"{"same": "rank"}"#, "1 to 1"));
    assert!(e.contains("builtin.json") && e.contains("field `wagers[0]`") && e.contains("dj-wild is a built-in game: a defined wager lives in a game of its own"), "{e}");
    let e = refused(&defined_file(&dir, "rank.json", "pairs", r#"{"all": [{"holds": ["Z"]}]}"#, "1 to 1"));
    assert!(e.contains("rank.json") && e.contains("field `wagers[0].outcomes[0].when.all[0].holds[0]`: \"Z\" is not a rank"), "{e}");
    let undefined = defined_file(&dir, "undefined.json", "pairs", r#"{"same": "rank"}"#, "1 to 1");
    std::fs::write(&undefined, std::fs::read_to_string(&undefined).unwrap().replace(r#""lines": [{"outcome": "pair""#, r#""lines": [{"outcome": "trips""#)).unwrap();
    let e = refused(&undefined);
    assert!(e.contains("undefined.json") && e.contains("trips"), "{e}");
    let schema_1 = dir.join("schema1.json");
    std::fs::write(&schema_1, std::fs::read_to_string(&undefined).unwrap().replace(r#""schema": 2"#, r#""schema": 1"#)).unwrap();
    let e = refused(schema_1.to_str().unwrap());
    assert!(e.contains("unknown game \"pairs\"") && e.contains("schema-2"), "{e}");
    // One wager, two definitions in one run.
    let a = defined_file(&dir, "one.json", "twice", r#"{"same": "rank"}"#, "1 to 1");
    let b = dir.join("two");
    std::fs::create_dir_all(&b).unwrap();
    let b = defined_file(&b, "two.json", "twice", r#"{"same": "suit"}"#, "1 to 1");
    let e = fails(&["analyze", "twice", "two-cards", "--with-tables", &a, "--with-tables", &b, "--cache", cache.to_str().unwrap()]);
    assert!(e.contains("twice two-cards is defined twice, differently"), "{e}");
    fn files(dir: &Path) -> Vec<PathBuf> {
        std::fs::read_dir(dir).map(|d| d.flatten().flat_map(|e| if e.path().is_dir() { files(&e.path()) } else { vec![e.path()] }).collect()).unwrap_or_default()
    }
    assert_eq!(files(&cache), Vec::<PathBuf>::new(), "a refused file wrote to the cache");
}

/// `simulate` deals a defined wager from its shoe and reads each hand card by card
/// (`parsheet_sim::defined`, not the counter): its frequencies agree with the exact counts
/// within their sampling error, for a six-deck shoe (21+3) and for wild deuces and a wild joker
/// (DJ Wild's Trips Bonus as a definition, under a game of its own).
#[test]
fn a_simulated_defined_wager_agrees_with_its_exact_counts() {
    let check = |args: &[&str]| {
        let mut a = vec!["simulate"];
        a.extend_from_slice(args);
        a.extend(["--rounds", "300000", "--seed", "7", "--format", "json"]);
        let s: serde_json::Value = serde_json::from_str(&ok(&a)).unwrap();
        assert_eq!(s["within_4_standard_errors"], true, "{s}");
        for o in s["outcomes"].as_array().unwrap() {
            let z = o["z_score"].as_f64().unwrap_or(0.0);
            assert!(z.abs() < 5.0, "{}: z = {z} ({o})", o["outcome"]);
        }
    };
    check(&["blackjack", "21-plus-3", "--paytable", "9-to-1", "--with-tables", &wagers_dir()]);
    let dir = scratch("simulate");
    let file = copy_of_definition(&dir, "dj-wild.trips-bonus", "wild-copy");
    for reading in ["no-wild-cards", "deuces-played-natural"] {
        check(&["wild-copy", "w", "--variant", reading, "--with-tables", file.to_str().unwrap()]);
    }
}
