//! The `parsheet` binary end to end: output shapes, exact values where they can be checked by
//! hand, and clear errors (non-zero exit, nothing on stdout) for bad input.

mod common;

use common::{fails, ok};

#[test]
fn frequencies_json_shape() {
    let v: serde_json::Value = serde_json::from_str(&ok(&["frequencies", "joker", "--cards", "5", "--format", "json"])).unwrap();
    assert_eq!(v["ranking"], "joker");
    assert_eq!(v["cards"], 5);
    assert_eq!(v["total"], "2869685");
    assert_eq!(v["categories"][0]["name"], "five-aces");
    assert_eq!(v["categories"][0]["combinations"], "1");
}

#[test]
fn analyze_flush_bonus_c_as_json() {
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["analyze", "high-card-flush", "flush-bonus", "--paytable", "C", "--format", "json"])).unwrap();
    assert_eq!(v["cycle"], "133784560");
    // 678a.12(b) C as adopted: 200/60/12/1 to 1. Exactly L suited cards: 4 C(13,L) C(39,7-L).
    let counts: [i128; 4] = [4 * 1716, 4 * 1716 * 39, 4 * 1287 * 741, 4 * 715 * 9139];
    let net: i128 = counts[0] * 200 + counts[1] * 60 + counts[2] * 12 + counts[3] - (133_784_560 - counts.iter().sum::<i128>());
    let edge = num_rational::Ratio::new(-net, 133_784_560i128);
    assert_eq!(v["house_edge"], format!("{}/{}", edge.numer(), edge.denom()));
    assert_eq!(v["outcomes"][0]["outcome"], "7-card-flush");
    assert_eq!(v["outcomes"][0]["combinations"], counts[0].to_string());
    // One vocabulary: the primary basis's figures at the top, every basis in `figures`.
    assert_eq!(v["primary_basis"], "per-unit");
    assert_eq!(v["figures"][0]["house_edge"], v["house_edge"]);
    let payback = num_rational::Ratio::new(133_784_560i128 + net, 133_784_560i128);
    assert_eq!(v["payback"], format!("{}/{}", payback.numer(), payback.denom()));
}

#[test]
fn analyze_formats() {
    let md = ok(&["analyze", "over-under", "bonus", "--format", "md"]);
    assert!(md.contains("| 6-or-33 | 50 to 1 |"), "{md}");
    let csv = ok(&["analyze", "over-under", "bonus", "--format", "csv"]);
    assert!(csv.starts_with("outcome,pays,combinations"), "{csv}");
    assert_eq!(csv.lines().count(), 1 + 8);
}

#[test]
fn unknown_names_list_the_valid_ones() {
    assert!(fails(&["analyze", "roulette", "bonus"]).contains("saigon-5-card"));
    assert!(fails(&["analyze", "dj-wild", "nope"]).contains("trips-bonus"));
    assert!(fails(&["analyze", "dj-wild", "trips-bonus"]).contains("DJWT-04"));
    assert!(fails(&["analyze", "dj-wild", "trips-bonus", "--paytable", "X"]).contains("DJWT-07"));
    assert!(fails(&["analyze", "dj-wild", "trips-bonus", "--paytable", "DJWT-04", "--variant", "x"]).contains("no-wild-cards"));
    assert!(fails(&["analyze", "heads-up-holdem", "pocket-bonus"]).contains("--tables"));
}

fn user_tables(name: &str, json: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("parsheet-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("heads-up-holdem.json"), json).unwrap();
    dir
}

#[test]
fn a_user_supplied_pocket_bonus_table() {
    let json = r#"{"schema": 1, "game": "heads-up-holdem", "title": "t", "chapter": "677a", "wagers": [
        {"id": "pocket-bonus", "title": "Pocket Bonus", "section": "user", "paytables": [
            {"id": "mine", "section": "user", "lines": [
                {"outcome": "pair-of-aces", "hand": "AA", "pays": "30 to 1"},
                {"outcome": "ace-king-suited", "hand": "AKs", "pays": "25 to 1"}]}]}]}"#;
    let dir = user_tables("ok", json);
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["analyze", "heads-up-holdem", "pocket-bonus", "--tables", dir.to_str().unwrap(), "--format", "json"])).unwrap();
    // 6 ways to 30, 4 ways to 25, the other 1,316 of C(52,2) = 1,326 lose: (180 + 100 - 1316) / 1326.
    assert_eq!(v["house_edge"], "518/663");
}

#[test]
fn a_bad_user_table_names_file_and_field() {
    let json = r#"{"schema": 1, "game": "heads-up-holdem", "title": "t", "chapter": "677a", "wagers": [
        {"id": "pocket-bonus", "title": "Pocket Bonus", "section": "user", "paytables": [
            {"id": "mine", "section": "user", "lines": [
                {"outcome": "pair-of-aces", "hand": "AA", "pays": "-30 to 1"}]}]}]}"#;
    let dir = user_tables("bad", json);
    let err = fails(&["analyze", "heads-up-holdem", "pocket-bonus", "--tables", dir.to_str().unwrap()]);
    assert!(err.contains("heads-up-holdem.json") && err.contains("wagers[0].paytables[0].lines[0].pays"), "{err}");
}

#[test]
fn verify_reports_each_published_figure() {
    // Each figure's header, then the check of parsheet's reading marked `*` with its status.
    let status_of = |out: &str, head: &str| -> String {
        let lines: Vec<&str> = out.lines().collect();
        let at = lines.iter().position(|l| l.starts_with(head)).unwrap_or_else(|| panic!("no {head} in {out}"));
        assert!(lines[at + 1].starts_with("  * "), "{out}");
        lines[at + 1].to_string()
    };
    let out = ok(&["verify", "high-card-flush", "flush-bonus"]);
    assert!(status_of(&out, "high-card-flush flush-bonus paytable all: hold 5.3% to 11.1%").contains("reproduced"), "{out}");
    let out = ok(&["verify", "saigon-5-card"]);
    // 12.802% as printed; the tables' candidate (two pair 9 to 1) reproduces it.
    assert!(status_of(&out, "saigon-5-card bonus paytable A: hold 7.97%").contains("misprint"), "{out}");
    assert!(out.contains("figures to certify"));
}

#[test]
fn explain_finds_the_saigon_two_pair_misprint() {
    let out = ok(&["explain", "saigon-5-card"]);
    let saigon: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("saigon-5-card bonus paytable A")).skip_while(|l| !l.contains("plausible")).take(2).collect();
    // The first plausible change is two pair at 9 to 1 (one character from the printed 8 to 1):
    // 7.97% exactly as published.
    assert!(saigon[0].starts_with("    plausible") && saigon[1].contains("two-pair paid 9 to 1 instead of 8 to 1"), "{out}");
    // Ranges print low to high, and a preamble is not cited as a section.
    for l in out.lines().filter(|l| l.contains("% to ")) {
        let figures: Vec<f64> = l.split(['(', ' ', ';']).filter_map(|w| w.strip_suffix('%')).filter_map(|w| w.parse().ok()).collect();
        assert!(figures.windows(2).all(|w| w[0] <= w[1]), "{l}");
    }
    assert!(!out.contains("§ Preamble"), "{out}");
}

#[test]
fn explore_solves_a_line_and_writes_a_table_that_reads_back() {
    // Two pair (138,600 of 2,869,685 deals) must move the edge from 367,384/2,869,685 to 7.97%:
    // pay = 8 + (367,384/2,869,685 - 797/10,000) / (138,600/2,869,685) = 277,215,579/30,800,000.
    let out = ok(&["explore", "saigon-5-card", "bonus", "--target-edge", "7.97%", "--line", "two-pair"]);
    assert!(out.contains("(277215579/30800000)"), "{out}");
    let dir = std::env::temp_dir().join(format!("parsheet-explore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("saigon-5-card.json");
    ok(&["explore", "saigon-5-card", "bonus", "--target-edge", "7.97%", "--line", "two-pair", "--write", file.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&ok(&["analyze", "saigon-5-card", "bonus", "--tables", dir.to_str().unwrap(), "--format", "json"])).unwrap();
    // The floor of the exact pay, 9 to 1: the edge falls by exactly 138,600/2,869,685.
    // The written table is named after its file.
    assert_eq!(v["paytable"], "saigon-5-card");
    assert_eq!(v["house_edge"], "228784/2869685");
}

#[test]
fn simulate_reports_the_exact_figure_beside_the_estimate() {
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["simulate", "over-under", "bonus", "--rounds", "20000", "--seed", "3", "--format", "json"])).unwrap();
    assert_eq!(v["rounds"], "20000");
    // The exact edge of the Over/Under Bonus, as `analyze` computes it.
    assert_eq!(v["exact_house_edge"], "2702/48205");
    assert!(v["standard_error"].as_f64().unwrap() > 0.0);
    assert!(fails(&["simulate", "over-under", "bonus", "--rounds", "0"]).contains("round"));
}

#[test]
fn progressive_dj_wild_without_wild_cards_by_hand() {
    // Five natural cards, standard poker: royal 4, straight flush 36, four of a kind 624, full
    // house 3,744, flush 5,108, straight 10,200, three of a kind 54,912 of 2,598,960.
    // F = (54912·10 + 10200·31 + 5108·41 + 3744·51 + 624·301) / 2598960 = 363379/649740.
    // Per meter dollar on a $1 wager: (4 + 36/10) / 2598960 = 19/6497400.
    // At $10,000: F + 10000 · 19/6497400 = 382379/649740. Long run at a 20% rate with the $2,000
    // re-seed: F + 1/5 + 4 · 2000 / 2598960 = 23587/30940. Break-even: (1 − F) / (19/6497400).
    let out = ok(&["progressive", "dj-wild", "progressive", "--paytable", "1", "--variant", "no-wild-cards", "--meter", "$10,000", "--rate", "20"]);
    assert!(out.contains("(exact 363379/649740)"), "{out}");
    assert!(out.contains("(exact 19/6497400)"), "{out}");
    assert!(out.contains("(exact 382379/649740)"), "{out}");
    assert!(out.contains("(exact 23587/30940)"), "{out}");
    assert!(out.contains("(exact 2863610/19)"), "{out}");
    assert!(out.contains("rate 20.00%"), "{out}");
    // Royal flush 4 in 2,598,960: 1 in 649,740.
    assert!(out.contains("1 in 649740.0"), "{out}");
}

#[test]
fn progressive_rejects_bad_input() {
    let e = fails(&["progressive", "dj-wild", "progressive", "--paytable", "9"]);
    assert!(e.contains("no paytable \"9\"") && e.contains("paytables: 1, 2"), "{e}");
    let e = fails(&["progressive", "dj-wild", "progressive", "--paytable", "1", "--meter", "-5"]);
    assert!(e.contains("--meter") && e.contains("non-negative"), "{e}");
    let e = fails(&["progressive", "dj-wild", "progressive", "--paytable", "1", "--wager", "5"]);
    assert!(e.contains("printed for a $1 wager"), "{e}");
    let e = fails(&["progressive", "dj-wild", "progressive", "--paytable", "1", "--variant", "nonsense"]);
    assert!(e.contains("known variants"), "{e}");
    let e = fails(&["progressive", "dj-wild", "nosuch"]);
    assert!(e.contains("wagers"), "{e}");
}

#[test]
fn progressive_fortune_envy_by_linearity() {
    // Paytable 1 with 5 other players at $5: Envy = 5 · Σ P(line) · envy$ / 5, so the Envy line
    // equals one other player's Σ P · envy at $1 per $5; here only the presence of the line and
    // of the players is checked (the counts are checked in parsheet-games).
    let out = ok(&["progressive", "face-up-pai-gow", "fortune-bonus", "--paytable", "1", "--players", "5", "--wager", "5"]);
    assert!(out.contains("Envy E (5 other players)"), "{out}");
    assert!(out.contains("wager $5") && out.contains("players 5"), "{out}");
}

#[test]
fn face_up_pai_gow_strategy_on_a_reduced_deck_as_json() {
    let v: serde_json::Value = serde_json::from_str(&ok(&["strategy", "face-up-pai-gow", "--deck", "TJQKA/3/joker", "--house-way", "highest-high", "--format", "json"])).unwrap();
    assert_eq!(v["house_way"], "highest-high");
    for p in v["policies"].as_array().unwrap() {
        // C(16,7) · C(9,7) ordered deals, each counted once.
        assert_eq!(p["cycle"], "411840");
        let sum: u64 = p["outcomes"].as_array().unwrap().iter().map(|c| c["combinations"].as_str().unwrap().parse::<u64>().unwrap()).sum();
        assert_eq!(sum, 411_840);
        assert!(p["house_edge"].as_str().unwrap().contains('/'));
    }
    let err = fails(&["strategy", "face-up-pai-gow", "--house-way", "nowhere", "--deck", "TJQKA/3/joker"]);
    assert!(err.contains("foxwoods"), "{err}");
}

#[test]
fn a_paytable_that_prints_its_reading_gets_it_by_default() {
    // 688a.12(d) Progressive 2 prints "Fully wild joker"; its published 78.073% is reproduced
    // only with that joker (tables notes), so the default must be it, and --variant overrides.
    let out = ok(&["progressive", "face-up-pai-gow", "progressive", "--paytable", "2"]);
    assert!(out.contains("reading fully-wild-joker"), "{out}");
    assert!(out.contains("78.073"), "{out}");
    let out = ok(&["progressive", "face-up-pai-gow", "progressive", "--paytable", "2", "--variant", "ordinary-joker"]);
    assert!(out.contains("reading ordinary-joker") && !out.contains("78.073"), "{out}");
    // Progressive 7 prints "Fully wild joker" too, but only the ordinary joker gives its
    // published 75.746% (to within 0.002): the data names ordinary-joker as its default.
    let out = ok(&["progressive", "face-up-pai-gow", "progressive", "--paytable", "7"]);
    assert!(out.contains("reading ordinary-joker"), "{out}");
}

#[test]
fn rate_overrides_a_printed_rate_and_says_so() {
    // Progressive 6 prints a 17% rate; its published 75.349% needs 45% (28 points more of every
    // wager into the meter): with --rate 45% the long run reproduces the figure.
    let out = ok(&["progressive", "face-up-pai-gow", "progressive", "--paytable", "6", "--rate", "45%"]);
    assert!(out.contains("rate 45.00% (in place of the printed 17.00%)"), "{out}");
    let exact = out.lines().find(|l| l.starts_with("long-run payback")).and_then(|l| l.split("exact ").nth(1)).expect("a long-run line");
    let (n, d) = exact.trim_end_matches(')').split_once('/').unwrap();
    let (n, d): (u128, u128) = (n.parse().unwrap(), d.parse().unwrap());
    assert_eq!((n * 200_000 / d + 1) / 2, 75_349, "{out}"); // rounds to the published 75.349%
    let printed = ok(&["progressive", "face-up-pai-gow", "progressive", "--paytable", "6"]);
    assert!(printed.contains("rate 17.00%") && !printed.contains("in place of"), "{printed}");
}

#[test]
fn verify_lists_the_new_readings_and_the_misprint_corrected_checks() {
    let v: serde_json::Value = serde_json::from_str(&ok(&["verify", "--format", "json"])).unwrap();
    let rows = v.as_array().unwrap();
    let has = |wager: &str, reading: &str| rows.iter().any(|r| r["wager"] == wager && r["reading"] == reading);
    assert!(has("fortune-bonus", "straight-over-trips") && has("fortune-bonus", "trips-over-straight"));
    assert!(has("trips-bonus", "same-value-natural"));
    let corrected = |table: &str| -> Vec<&serde_json::Value> {
        rows.iter().filter(|r| r["paytable"] == table && r["misprint_corrected"].is_string()).collect()
    };
    // DJWT-04: the printed 98.843% checked as 93.843%, beside the figure as printed.
    let d4 = corrected("DJWT-04");
    assert!(!d4.is_empty() && d4.iter().all(|r| r["published"] == "93.843%"), "{d4:?}");
    assert!(rows.iter().any(|r| r["paytable"] == "DJWT-04" && r["published"] == "98.843%" && r["misprint_corrected"].is_null()));
    // DJWT-06 with its straight flush with wild at 25 to 1: the transcription check computed
    // 93.230% under the no-wild-cards reading, and it still differs from the published figure.
    let d6: Vec<_> = corrected("DJWT-06").into_iter().filter(|r| r["reading"] == "no-wild-cards").collect();
    assert_eq!(d6.len(), 1, "{d6:?}");
    let (n, d) = d6[0]["computed"].as_str().unwrap().split_once('/').unwrap();
    let (n, d): (u128, u128) = (n.parse().unwrap(), d.parse().unwrap());
    // The table's note quotes 93.230% (three places, cut off); the exact value is 93.2306%.
    assert_eq!(n * 100_000 / d, 93_230, "{:?}", d6[0]);
    assert_eq!(d6[0]["status"], "unexplained");
    // Every "royal flush with wild" read 100 lower under deuces-played-natural (and DJWT-04's
    // figure as 93.843%): an independent recomputation gave 93.843087%, 92.474296%, 92.338393%
    // and 91.453975%, each the printed figure; each figure to certify is then `misprint`.
    for (table, expected) in [("DJWT-04", 93_843_087u128), ("DJWT-05", 92_474_296), ("DJWT-06", 92_338_393), ("DJWT-07", 91_453_975)] {
        let c = rows.iter().find(|r| r["paytable"] == table && r["reading"] == "deuces-played-natural" && r["candidate"].as_str().is_some_and(|c| c.starts_with("deuces-played-natural"))).unwrap_or_else(|| panic!("{table}"));
        let (n, d) = c["computed"].as_str().unwrap().split_once('/').unwrap();
        let (n, d): (u128, u128) = (n.parse().unwrap(), d.parse().unwrap());
        // Rounded half up at six places of a percentage.
        assert_eq!((n * 100_000_000 * 2 / d + 1) / 2, expected, "{c}");
        let certify = rows.iter().find(|r| r["paytable"] == table && r["default_reading"] == true).unwrap();
        assert_eq!(certify["status"], "misprint", "{certify}");
    }
    // High Card Flush Straight Flush Bonus, 6.6% to 13.0%: the table note's independent counts
    // (longest straight flush in 7 cards, ace low allowed: 32; 1,592; 39,960; 676,196;
    // 8,642,932 of 133,784,560) give Paytable A as proposed (500/200/100/75/7) 6.636210% and as
    // adopted (8000/1000/100/60/7) 13.086386%: low end reproduced, high end truncated.
    let sfb = rows.iter().find(|r| r["wager"] == "straight-flush-bonus" && r["candidate"] == "paytable-a-proposed-to-adopted").expect("the range candidate is checked");
    assert_eq!((sfb["reading"].as_str(), sfb["status"].as_str()), (Some("ace-high-or-low"), Some("rounding")), "{sfb}");
    let detail = sfb["detail"].as_str().unwrap();
    assert!(detail.contains("A-proposed 6.636%") && detail.contains("A 13.086%"), "{detail}");
    let certify = rows.iter().find(|r| r["wager"] == "straight-flush-bonus" && r["default_reading"] == true).unwrap();
    assert_eq!(certify["status"], "misprint", "{certify}");
}

#[test]
fn heads_up_spot_queries() {
    // At the river with a pair of aces on a dry board: raising beats folding (−2 Antes).
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["strategy", "heads-up-holdem", "--hole", "As 7d", "--board", "Ac 9h 5s 3d 2c", "--format", "json"])).unwrap();
    assert_eq!(v["best"], "raise-1x");
    assert!(v["note"].as_str().unwrap().contains("without Bad Beat"));
    let fold = v["options"].as_array().unwrap().iter().find(|o| o["play"] == "fold").unwrap();
    assert_eq!(fold["expected_net"], "-2");
    // The flop: the maximum raise, check and the (dominated) 1x raise are valued.
    let out = ok(&["strategy", "heads-up-holdem", "--hole", "As 7d", "--board", "Kc 7h 2s"]);
    assert!(out.contains("raise-2x") && out.contains("check") && out.contains("raise-1x"), "{out}");
    let out = ok(&["strategy", "heads-up-holdem", "--hole", "6s 7d", "--board", "Kc 7h 2s", "--min-raise", "1/2"]);
    assert!(out.contains("raise-1/2x"), "{out}");
    assert!(fails(&["strategy", "heads-up-holdem", "--hole", "As 7d", "--board", "Kc 7h"]).contains("not 2 cards"));
    assert!(fails(&["strategy", "heads-up-holdem", "--hole", "As As"]).contains("twice"));
    assert!(fails(&["strategy", "heads-up-holdem", "--hole", "As 7d", "--board", "Kc 7h 2s", "--min-raise", "0"]).contains("raise size"));
}

#[test]
fn heads_up_bad_beat_explore_needs_a_starting_table() {
    // 677a.12(c) is missing, so the built-in tables hold no Bad Beat table to start from.
    assert!(fails(&["explore", "heads-up-holdem", "bad-beat", "--target-edge", "3%"]).contains("677a.12(c)"));
    assert!(fails(&["explore", "heads-up-holdem", "bad-beat", "--search", "2%..3%"]).contains("--target-edge"));
}

#[test]
fn fractional_pays_round_trip_through_list_progressive_and_the_report_json() {
    // 688a.12(d) prints "$7.50"; a meter share of "12.5% of meter" must read the same way back.
    let json = r#"{"schema": 1, "game": "face-up-pai-gow", "title": "t", "chapter": "688a", "wagers": [
        {"id": "progressive", "title": "Progressive", "section": "user", "paytables": [
            {"id": "mine", "section": "user", "terms": {"wager": "$1", "seed": "$10000", "rate": "20%"}, "lines": [
                {"outcome": "7-card-natural-straight-flush-holding-royal", "hand": "7 card straight flush", "pays": "100% of meter"},
                {"outcome": "royal-flush-plus-royal-match", "hand": "Royal flush + royal match", "pays": "12.5% of meter"},
                {"outcome": "straight", "hand": "Straight", "pays": "$7.50"}]}]}]}"#;
    let dir = std::env::temp_dir().join(format!("parsheet-cli-fractional-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("face-up-pai-gow.json"), json).unwrap();
    let tables = dir.to_str().unwrap();
    let list = ok(&["list", "--tables", tables]);
    assert!(list.contains("royal-flush-plus-royal-match 12.5% of meter; straight $7.50"), "{list}");
    let model = ok(&["progressive", "face-up-pai-gow", "progressive", "--tables", tables]);
    assert!(model.contains("12.5% of meter") && model.contains("$7.50"), "{model}");
    let out = dir.join("report");
    ok(&["report", "--tables", tables, "--out", out.to_str().unwrap()]);
    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let lines = &report["games"][0]["wagers"][0]["paytables"][0]["lines"];
    assert_eq!(lines[1]["pays"], "12.5% of meter");
    assert_eq!(lines[2]["pays"], "$7.50");
    assert_eq!(lines[2]["hand"], "Straight");
    let page = std::fs::read_to_string(out.join("face-up-pai-gow/progressive/mine.html")).unwrap();
    assert!(page.contains("<td>12.5% of meter</td>") && page.contains("<td>$7.50</td>"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_one_off_paytable_typed_with_pays() {
    // The typed table is the same table as the one written as a file, whose lines left out lose.
    let spec = "7-card-flush=300 to 1,6-card-flush=100 to 1,5-card-flush=loses,4-card-flush=loses";
    let typed: serde_json::Value = serde_json::from_str(&ok(&["analyze", "high-card-flush", "flush-bonus", "--pays", spec, "--format", "json"])).unwrap();
    assert_eq!(typed["paytable"], "custom");
    let json = r#"{"schema": 1, "game": "high-card-flush", "title": "t", "chapter": "678a", "wagers": [
        {"id": "flush-bonus", "title": "Flush Bonus", "section": "user", "paytables": [
            {"id": "mine", "section": "user", "lines": [
                {"outcome": "7-card-flush", "hand": "Seven-card flush", "pays": "300 to 1"},
                {"outcome": "6-card-flush", "hand": "Six-card flush", "pays": "100 to 1"}]}]}]}"#;
    let dir = std::env::temp_dir().join(format!("parsheet-cli-pays-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("high-card-flush.json"), json).unwrap();
    let file: serde_json::Value = serde_json::from_str(&ok(&["analyze", "high-card-flush", "flush-bonus", "--tables", dir.to_str().unwrap(), "--format", "json"])).unwrap();
    assert_eq!(typed["house_edge"], file["house_edge"]);
    // The same checks as a file, named by item.
    let err = fails(&["analyze", "high-card-flush", "flush-bonus", "--pays", "7-card-flush=300 to 1,6-card-flush=-100 to 1,5-card-flush=loses,4-card-flush=loses"]);
    assert!(err.contains("--pays item 2 (6-card-flush=-100 to 1)"), "{err}");
    assert!(fails(&["explore", "high-card-flush", "flush-bonus", "--pays", "7-card-flush"]).contains("OUTCOME=PAY"));
    // The report finds the one wager with those outcomes and gives the table its own sheet.
    let out = dir.join("report");
    ok(&["report", "--tables", dir.to_str().unwrap(), "--out", out.to_str().unwrap(), "--pays", "7-card-flush=250 to 1,6-card-flush=loses,5-card-flush=loses,4-card-flush=loses"]);
    assert!(out.join("high-card-flush/flush-bonus/custom.html").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
