//! Main games as the wager `base`: `analyze <game> base` against `strategy <game>`, against the
//! published figures in `tables/`, and against its own outcome rows; DJ Wild's Blind explored
//! under the re-solved strategy against `strategy dj-wild --tables DIR`.

mod common;

use common::{fails, ok};
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn rational(v: &Value) -> BigRational {
    let s = v.as_str().unwrap_or_else(|| panic!("{v} is not an exact number"));
    match s.split_once('/') {
        Some((n, d)) => BigRational::new(n.parse().unwrap(), d.parse().unwrap()),
        None => BigRational::from_integer(s.parse::<BigInt>().unwrap()),
    }
}

/// A figure of a record on a basis (`per-initial-wager`, `per-total-wagered`).
fn on<'a>(a: &'a Value, basis: &str, key: &str) -> &'a Value {
    let f = a["figures"].as_array().unwrap().iter().find(|f| f["basis"] == basis).unwrap_or_else(|| panic!("{}: no {basis} figure", a["game"]));
    &f[key]
}

fn int(n: i64) -> BigRational {
    BigRational::from_integer(n.into())
}

/// The figures of one analysis must follow from its own rows by the definitions: every deal
/// counted once, the edge the negated mean net, the other bases derived from it.
fn consistent(a: &Value) {
    let cycle = rational(&a["cycle"]);
    let rows = a["outcomes"].as_array().unwrap();
    let deals: BigRational = rows.iter().map(|r| rational(&r["combinations"])).sum();
    assert_eq!(deals, cycle, "{}: outcome counts add up to the cycle", a["game"]);
    let net: BigRational = rows.iter().map(|r| rational(&r["combinations"]) * rational(&r["net"])).sum::<BigRational>() / &cycle;
    let edge = rational(&a["house_edge"]);
    assert_eq!(edge, -net, "{}: house edge = −Σ deals × net / cycle", a["game"]);
    assert_eq!(rational(on(a, "per-initial-wager", "house_edge")), &edge / rational(&a["initial_wager"]));
    assert_eq!(rational(on(&a, "per-total-wagered", "payback")), int(1) - &edge / rational(&a["average_wager"]));
}

/// The published figure of a main game in `tables/` (the data, not the code): (kind, percent).
fn published(game: &str, wager: &str) -> Option<(String, String)> {
    let text = std::fs::read_to_string(format!("{}/../../tables/{game}.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let w = v["wagers"].as_array().unwrap().iter().find(|w| w["id"] == wager)?;
    let f = w["published"].as_array().unwrap().first()?;
    Some((f["kind"].as_str().unwrap().to_string(), f["value"].as_str().unwrap().to_string()))
}

/// `x` as a percentage rounded half up to `places`, as text.
fn percent(x: &BigRational, places: usize) -> String {
    let scaled = x * BigRational::from_integer(BigInt::from(10).pow(places as u32 + 2));
    let r = (scaled + BigRational::new(1.into(), 2.into())).floor().to_integer();
    let s = format!("{:0>width$}", r, width = places + 1);
    let (a, b) = s.split_at(s.len() - places);
    format!("{a}.{b}%")
}

#[test]
fn analyze_base_is_the_strategy_figure_of_each_solved_main_game() {
    for game in ["over-under", "saigon-5-card", "high-card-flush", "dj-wild"] {
        let a = json(&["analyze", game, "base", "--format", "json"]);
        let s = json(&["strategy", game, "--format", "json"]);
        assert_eq!(a["wager"], "base");
        assert_eq!(a["house_edge"], s["house_edge"], "{game}: analyze base and strategy");
        assert_eq!(a["outcomes"], s["outcomes"], "{game}");
        consistent(&a);
    }
    // DJ Wild answers to its Blind table's name too, with the same figures.
    assert_eq!(json(&["analyze", "dj-wild", "blind", "--format", "json"])["house_edge"], json(&["analyze", "dj-wild", "base", "--format", "json"])["house_edge"]);
}

#[test]
fn heads_up_base_is_its_strategy_figure() {
    let a = json(&["analyze", "heads-up-holdem", "base", "--format", "json"]);
    let s = json(&["strategy", "heads-up-holdem", "--format", "json"]);
    assert_eq!(a["house_edge"], s["house_edge"]);
    assert_eq!(on(&a, "per-total-wagered", "payback"), on(&s, "per-total-wagered", "payback"));
    consistent(&a);
}

#[test]
fn main_games_meet_their_published_figures() {
    // 686a: 98.95% per total wagered, the regulator's figure, under the default reading.
    let (kind, value) = published("over-under", "base").unwrap();
    assert_eq!(kind, "payback");
    let a = json(&["analyze", "over-under", "base", "--format", "json"]);
    assert_eq!(percent(&rational(on(&a, "per-total-wagered", "payback")), 2), value);
    // verify shows each main game's figure beside the published one, for every reading.
    let checks = json(&["verify", "--format", "json"]);
    let rows: Vec<&Value> = checks.as_array().unwrap().iter().filter(|c| c["game"] == "over-under" && c["wager"] == "base").collect();
    assert_eq!(rows.len(), 2, "one check per reading");
    assert!(rows.iter().any(|c| c["status"] == "reproduced" && c["computed"] == *on(&a, "per-total-wagered", "payback")));
    let dj = checks.as_array().unwrap().iter().find(|c| c["game"] == "dj-wild" && c["wager"] == "blind").unwrap();
    assert_eq!(dj["published"], published("dj-wild", "blind").unwrap().1.as_str());
    assert_eq!(dj["computed"], *on(&json(&["analyze", "dj-wild", "base", "--format", "json"]), "per-total-wagered", "payback"));
    // Face Up Pai Gow is checked against its default house way, Foxwoods, and says so.
    let fupg = checks.as_array().unwrap().iter().find(|c| c["game"] == "face-up-pai-gow" && c["wager"] == "base").unwrap();
    assert!(fupg["assumptions"].as_array().unwrap().iter().any(|a| a["name"] == "house-way" && a["value"].as_str().unwrap().starts_with("foxwoods")), "{fupg}");
}

#[test]
fn every_command_knows_base() {
    let list = json(&["list", "--format", "json"]);
    for game in ["saigon-5-card", "heads-up-holdem", "high-card-flush", "over-under", "dj-wild", "face-up-pai-gow"] {
        let g = list["games"].as_array().unwrap().iter().find(|g| g["game"] == game).unwrap();
        let base = g["wagers"].as_array().unwrap().iter().find(|w| w["id"] == "base").unwrap_or_else(|| panic!("{game} lists no base"));
        assert!(base["computed_by"].is_string(), "{game} base: {base}");
    }
    // Face Up Pai Gow's main game without --house-way: the default way, Foxwoods (its default
    // option `the-pair`), whose optimal-player edge an independent computation gives as
    // 395594457649/19832834209650 (issue #26).
    let fupg = json(&["analyze", "face-up-pai-gow", "base", "--format", "json"]);
    assert_eq!(fupg["house_edge"], "395594457649/19832834209650", "{fupg}");
    assert!(fupg["assumptions"].as_array().unwrap().iter().any(|a| a["name"] == "house-way" && a["source"] == "default"), "{fupg}");
    // The counts above are those the tests' warm-up stored: the optimal player's from the setting
    // table (`strategy --ways` holds it). Counted again directly, both policies in one count (no
    // table in the process, nothing read): the same document, so the two agree on the full deck.
    let direct = json(&["analyze", "face-up-pai-gow", "base", "--no-cache", "--format", "json"]);
    assert_eq!(direct, fupg);
    let e = fails(&["analyze", "dj-wild", "nope"]);
    assert!(e.contains("base") && e.contains("trips-bonus"), "{e}");
    // Main-game errors point to what works.
    let e = fails(&["analyze", "heads-up-holdem", "bad-beat"]);
    assert!(e.contains("parsheet analyze heads-up-holdem base") && e.contains("explore heads-up-holdem bad-beat"), "{e}");
    let e = fails(&["explore", "over-under", "base"]);
    assert!(e.contains("parsheet analyze over-under base"), "{e}");
    let e = fails(&["simulate", "face-up-pai-gow", "base", "--variant", "optimal-player-natural-ace-only"]);
    assert!(e.contains("parsheet analyze face-up-pai-gow base --variant optimal-player-natural-ace-only"), "{e}");
    let e = fails(&["analyze", "over-under", "bonus", "--house-way", "foxwoods"]);
    assert!(e.contains("base"), "{e}");
    // The dealer's setting is one option: Saigon's dealer reading by --house-way.
    let lowest = json(&["analyze", "saigon-5-card", "base", "--house-way", "lowest-point", "--format", "json"]);
    assert_eq!(lowest["reading"], "house-lowest-point");
    assert_eq!(lowest["house_edge"], json(&["analyze", "saigon-5-card", "base", "--variant", "house-lowest-point", "--format", "json"])["house_edge"]);
    // A meter wager answers with its model, not a refusal.
    let m = json(&["analyze", "high-card-flush", "progressive", "--paytable", "A", "--format", "json"]);
    assert!(m["progressive"]["fixed_return"].is_string() && m["progressive"]["per_meter_dollar"].is_string(), "{m}");
    let text = ok(&["analyze", "high-card-flush", "progressive", "--paytable", "A"]);
    assert!(text.contains("parsheet progressive high-card-flush progressive --paytable A"), "{text}");
    let s = json(&["simulate", "dj-wild", "base", "--rounds", "20000", "--format", "json"]);
    assert_eq!(s["exact_house_edge"], json(&["analyze", "dj-wild", "base", "--format", "json"])["house_edge"]);
}

/// tables/dj-wild.json with the Blind `line` paying `pay`, in a fresh directory.
fn blind_table(line: &str, pay: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string(format!("{}/../../tables/dj-wild.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    let blind = v["wagers"].as_array_mut().unwrap().iter_mut().find(|w| w["id"] == "blind").unwrap();
    let l = blind["paytables"][0]["lines"].as_array_mut().unwrap().iter_mut().find(|l| l["outcome"] == line).unwrap();
    l["pays"] = Value::String(pay.to_string());
    let dir = std::env::temp_dir().join(format!("parsheet-blind-{line}-{}-{}", pay.replace(' ', "_"), std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("dj-wild.json"), serde_json::to_string_pretty(&v).unwrap()).unwrap();
    dir
}

#[test]
fn explore_dj_wild_blind_lines_agree_with_strategy_on_the_table() {
    let x = json(&["explore", "dj-wild", "base", "--target-edge", "3%", "--line", "five-of-a-kind", "--format", "json"]);
    let target = rational(&x["target_edge"]);
    assert_eq!(target, BigRational::new(3.into(), 100.into()));
    let line = &x["lines"][0];
    assert_eq!(line["status"], "solved");
    let exact = rational(&line["exact_pay"]);
    let nearest = line["nearest"].as_array().unwrap();
    assert_eq!(nearest.len(), 2, "a fractional pay has a whole pay either side");
    let mut edges = Vec::new();
    for n in nearest {
        let pays = n["pays"].as_str().unwrap();
        let dir = blind_table("five-of-a-kind", pays);
        let s = json(&["strategy", "dj-wild", "--tables", dir.to_str().unwrap(), "--format", "json"]);
        assert_eq!(n["house_edge"], s["house_edge"], "{pays}: explore and strategy --tables");
        edges.push(rational(&n["house_edge"]));
        std::fs::remove_dir_all(dir).unwrap();
    }
    // The exact pay lies between the whole pays, and the target between their edges: the
    // edge falls as the pay rises.
    let whole: Vec<BigRational> = nearest.iter().map(|n| int(n["pays"].as_str().unwrap().split(' ').next().unwrap().parse().unwrap())).collect();
    assert!(whole[0] < exact && exact < whole[1], "{exact} between {} and {}", whole[0], whole[1]);
    assert!(edges[0] > target && target > edges[1], "edges {} and {} around {target}", edges[0], edges[1]);
}
