//! `parsheet simulate GAME base` for the main games whose simulators came with issue 31: High
//! Card Flush, Saigon 5 Card (both dealer ways) and Face Up Pai Gow (both player policies against
//! the default house way). Each run's simulated house edge must lie within four standard errors
//! of the exact one, which is read from `parsheet analyze GAME base` (the exact solver through
//! the application layer), not from the simulation's own record.

mod common;

use common::{command, ok};
use serde_json::Value;

fn json(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The exact house edge per Ante of `analyze ARGS --format json`.
fn exact_edge(args: &[&str]) -> f64 {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    let out = command().args(&a).output().unwrap();
    assert!(out.status.success(), "{a:?}: {}", String::from_utf8_lossy(&out.stderr));
    let v = json(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(v["primary_basis"], "per-ante", "{v}");
    let edge = v["house_edge"].as_str().unwrap_or_else(|| panic!("no house edge: {v}"));
    let (n, d) = edge.split_once('/').unwrap_or((edge, "1"));
    n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap()
}

/// Simulates `simulate ARGS --format json`, checks the record against the exact edge of
/// `analyze` with the same selection, and returns it.
fn simulated(sim: &[&str], analyze: &[&str]) -> Value {
    let mut a = sim.to_vec();
    a.extend(["--format", "json"]);
    let out = command().args(&a).output().unwrap();
    assert!(out.status.success(), "{a:?}: {}", String::from_utf8_lossy(&out.stderr));
    let v = json(&String::from_utf8(out.stdout).unwrap());
    let exact = exact_edge(analyze);
    let (est, se) = (v["house_edge_estimate"].as_f64().unwrap(), v["standard_error"].as_f64().unwrap());
    assert!(se > 0.0 && (est - exact).abs() < 4.0 * se, "{a:?}: simulated {est} ± {se}, exact {exact}");
    assert_eq!(v["within_4_standard_errors"], true, "{v}");
    assert_eq!(v["wager"], "base");
    v
}

#[test]
fn high_card_flush_base_simulates_within_four_standard_errors() {
    let v = simulated(&["simulate", "high-card-flush", "base", "--rounds", "1000000", "--seed", "7"], &["analyze", "high-card-flush", "base"]);
    assert_eq!(v["variant"], "as-written");
    // Raises add to the Ante: 1 to 4 Antes a round.
    let w = v["average_wager_estimate"].as_f64().unwrap();
    assert!((1.0..=4.0).contains(&w), "{v}");
}

#[test]
fn saigon_base_simulates_both_dealer_ways() {
    for (way, reading, seed) in [("highest-point", "house-highest-point", "8"), ("lowest-point", "house-lowest-point", "9")] {
        let v = simulated(&["simulate", "saigon-5-card", "base", "--house-way", way, "--rounds", "1000000", "--seed", seed], &["analyze", "saigon-5-card", "base", "--house-way", way]);
        assert_eq!(v["variant"], reading);
        assert_eq!(v["paytable"], "default");
    }
    // The default is the tables' reading.
    let v = json(&ok(&["simulate", "saigon-5-card", "base", "--rounds", "1000", "--format", "json"]));
    assert_eq!(v["variant"], "house-highest-point");
    // The text names the game and says whether it agrees.
    let text = ok(&["simulate", "saigon-5-card", "base", "--rounds", "2000", "--seed", "7"]);
    assert!(text.starts_with("saigon-5-card base — optimal strategy, reading house-highest-point, paytable default"), "{text}");
    assert!(text.contains("within 4 s.e.: yes"), "{text}");
}

#[test]
fn face_up_pai_gow_base_simulates_both_policies() {
    // The exact count (about 25 CPU-s) is made once into the tests' cache and read back after;
    // both policies' exact edges come from one `strategy` run.
    let out = command().args(["strategy", "face-up-pai-gow", "--format", "json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let exact = json(&String::from_utf8(out.stdout).unwrap());
    for (policy, seed) in [("optimal-player", "10"), ("house-way-player", "11")] {
        let p = exact["policies"].as_array().unwrap().iter().find(|p| p["reading"] == policy).unwrap_or_else(|| panic!("no {policy}: {exact}"));
        let edge = p["house_edge"].as_str().unwrap();
        let (n, d) = edge.split_once('/').unwrap_or((edge, "1"));
        let exact_edge = n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap();
        let out = command().args(["simulate", "face-up-pai-gow", "base", "--variant", policy, "--rounds", "200000", "--seed", seed, "--format", "json"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v = json(&String::from_utf8(out.stdout).unwrap());
        let (est, se) = (v["house_edge_estimate"].as_f64().unwrap(), v["standard_error"].as_f64().unwrap());
        assert!(se > 0.0 && (est - exact_edge).abs() < 4.0 * se, "{policy}: simulated {est} ± {se}, exact {exact_edge}");
        assert_eq!(v["within_4_standard_errors"], true, "{v}");
        assert_eq!(v["variant"], policy);
        assert_eq!(v["house_way"], "foxwoods");
    }
    // A reading the simulator does not play is refused by name.
    let out = command().args(["simulate", "face-up-pai-gow", "base", "--variant", "optimal-player-natural-ace-only", "--rounds", "10"]).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("natural-ace-only"));
}
