//! A house way that leaves a hand unset is refused, with the hand named, before anything is
//! solved or written: on reduced decks too (it once panicked there), and by `verify` and
//! `report` (which once exited 0 with the error inside their output, replacing the report).
//! Every built-in way side by side (`strategy face-up-pai-gow --ways`), against figures an
//! independent computation gave, and the edits `explain face-up-pai-gow base` tries.

mod common;

use common::{fails, ok};
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::Value;

/// A way with one rule, for complete hands only: every other hand is left unset.
const PARTIAL: &str = r#"{"schema": 1, "id": "partial", "title": "complete hands only", "source": "a test", "adaptations": [], "options": [],
 "rules": [{"name": "complete", "when": {"complete": true}, "plays": [{"prefer": "high"}]}]}"#;

#[test]
fn a_way_that_leaves_a_hand_unset_is_refused_before_anything_runs() {
    let dir = std::env::temp_dir().join(format!("parsheet-house-ways-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let way = dir.join("partial.json");
    std::fs::write(&way, PARTIAL).unwrap();
    let way = way.display().to_string();

    let e = fails(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", &way, "--no-cache"]);
    assert!(e.contains("house way partial") && e.contains("unset"), "{e}");
    let e = fails(&["verify", "--house-way", &way, "--no-cache"]);
    assert!(e.contains("unset"), "{e}");

    // A previous report stays as it was.
    let out = dir.join("report");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join(".parsheet-report"), "marker").unwrap();
    std::fs::write(out.join("index.html"), "the previous report").unwrap();
    let e = fails(&["report", "--house-way", &way, "--out", &out.display().to_string(), "--no-cache"]);
    assert!(e.contains("unset"), "{e}");
    assert_eq!(std::fs::read_to_string(out.join("index.html")).unwrap(), "the previous report");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn rational(v: &Value) -> BigRational {
    let s = v.as_str().unwrap_or_else(|| panic!("{v} is not an exact number"));
    match s.split_once('/') {
        Some((n, d)) => BigRational::new(n.parse().unwrap(), d.parse().unwrap()),
        None => BigRational::from_integer(s.parse::<BigInt>().unwrap()),
    }
}

#[test]
fn every_built_in_way_side_by_side_within_the_bounds() {
    let v: Value = serde_json::from_str(&ok(&["strategy", "face-up-pai-gow", "--ways", "--format", "json"])).unwrap();
    let ways = v["ways"].as_array().unwrap();
    let row = |spec: &str| ways.iter().find(|w| w["spec"] == spec).unwrap_or_else(|| panic!("no row {spec}: {v}"));
    // Foxwoods' figures from an independent computation (issue #26): the optimal player under
    // the default option and under `highest-permissible`, and the house-way player under it.
    assert_eq!(row("foxwoods:full-house-front=the-pair")["optimal_player"]["house_edge"], "395594457649/19832834209650");
    assert_eq!(row("foxwoods:full-house-front=the-pair")["default_way"], true);
    let hp = row("foxwoods:full-house-front=highest-permissible");
    assert_eq!(hp["optimal_player"]["house_edge"], "10235016931889/515653689450900");
    assert_eq!(hp["house_way_player"]["house_edge"], "128674772439643/2062614757803600");
    // Every built-in way with every option: Foxwoods and five ways built on it with 2 choices
    // each, Santa Ana Star with 2 × 2 × 2, Foxwoods with Gold Star's rules, and the fixture.
    assert_eq!(ways.len(), 6 * 2 + 8 + 2, "{v}");
    // Each way's optimal-player payback lies between the dealer-best and dealer-worst ways'.
    let (lo, hi) = (rational(&v["dealer_best"]["payback"]), rational(&v["dealer_worst"]["payback"]));
    assert!(lo < hi);
    for w in ways {
        let p = rational(&w["optimal_player"]["payback"]);
        assert!(lo <= p && p <= hi, "{w}");
        // The house-way player never beats the optimal player against the same dealer.
        if !w["house_way_player"].is_null() {
            assert!(rational(&w["house_way_player"]["payback"]) <= p, "{w}");
        }
    }
    // The published 98.404% lies in the range (the range's ends as computed, the figure printed).
    let published = BigRational::new(98404.into(), 100000.into());
    assert_eq!(v["published"], "98.404%");
    assert_eq!(v["published_in_range"], lo <= published && published <= hi);
}

#[test]
fn explain_tries_every_single_rule_edit_of_the_way() {
    let v: Value = serde_json::from_str(&ok(&["explain", "face-up-pai-gow", "base", "--format", "json"])).unwrap();
    assert_eq!(v["published"], "98.404%");
    assert_eq!(v["house_way"], "foxwoods");
    assert!(v["edits_tried"].as_u64().unwrap() > 100, "{v}");
    let printed = |x: &BigRational| (x * BigRational::from_integer(100_000.into()) + BigRational::new(1.into(), 2.into())).floor().to_integer();
    let target = BigInt::from(98404);
    // Each listed edit either prints as the published figure, or none does and the nearest are
    // listed, closest first.
    let reproducing = v["reproducing"].as_array().unwrap();
    for e in reproducing {
        assert_eq!(printed(&rational(&e["optimal_player"]["payback"])), target, "{e}");
    }
    if reproducing.is_empty() {
        let nearest: Vec<BigRational> = v["nearest"].as_array().unwrap().iter().map(|e| rational(&e["optimal_player"]["payback"])).collect();
        assert!(!nearest.is_empty());
        let published = BigRational::new(98404.into(), 100000.into());
        let d: Vec<BigRational> = nearest.iter().map(|p| if *p > published { p - &published } else { &published - p }).collect();
        assert!(d.windows(2).all(|w| w[0] <= w[1]), "{v}");
        assert!(nearest.iter().all(|p| printed(p) != target));
    }
    // A game filter names a game parsheet knows.
    let e = fails(&["explain", "no-such-game"]);
    assert!(e.contains("face-up-pai-gow"), "{e}");
}
