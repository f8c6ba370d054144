//! Rule audit: example hands for every outcome of every wager, written from the regulation text
//! alone (58 Pa. Code ch. 677a, 678a, 680a, 686a, 687a, 688a) by someone who has not read the
//! implementation. Each case in `audit/cases.tsv` is settled by the simulator's reference path
//! (`parsheet_sim::settle::RULES`) under the reading it names, or under every reading the wager
//! has when the reading is `*`. All mismatches are collected and reported together.
//!
//! File format (tab-separated, `#` starts a comment line):
//! `game  wager  reading  cards  expected  why`
//! `expected` is an outcome id or `none`; for two-hand wagers the first hand's cards come first.

use parsheet_reference::parse_cards;
use parsheet_sim::settle::{Rules, RULES};

const CASES: &str = include_str!("audit/cases.tsv");

/// The wagers as the audit brief specifies them: (game, wager, cards dealt, readings, outcome ids
/// best first). Checked against `RULES` so that a missing wager, reading or id is visible.
struct Spec {
    game: &'static str,
    wager: &'static str,
    cards: usize,
    readings: &'static [&'static str],
    ids: &'static [&'static str],
}

const HCF_SF: &[&str] = &["7-card-straight-flush", "6-card-straight-flush", "5-card-straight-flush", "4-card-straight-flush", "3-card-straight-flush"];
const BAD_BEAT: &[&str] = &["royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"];

const SPECS: &[Spec] = &[
    Spec {
        game: "saigon-5-card",
        wager: "bonus",
        cards: 5,
        readings: &[],
        ids: &["five-aces", "royal-flush-no-joker", "royal-flush-with-joker", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind", "two-pair"],
    },
    Spec {
        game: "heads-up-holdem",
        wager: "trips-plus",
        cards: 7,
        readings: &[],
        ids: &["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
    },
    Spec {
        game: "heads-up-holdem",
        wager: "pocket-bonus",
        cards: 2,
        readings: &[],
        ids: &[
            "pair-of-aces", "pair-of-kings", "pair-of-queens", "pair-of-jacks", "pair-of-tens", "pair-of-nines", "pair-of-eights", "pair-of-sevens", "pair-of-sixes",
            "pair-of-fives", "pair-of-fours", "pair-of-threes", "pair-of-twos", "ace-king-suited", "ace-queen-suited", "ace-jack-suited", "ace-king-offsuit",
            "ace-queen-offsuit", "ace-jack-offsuit",
        ],
    },
    Spec { game: "high-card-flush", wager: "flush-bonus", cards: 7, readings: &[], ids: &["7-card-flush", "6-card-flush", "5-card-flush", "4-card-flush"] },
    Spec { game: "high-card-flush", wager: "straight-flush-bonus", cards: 7, readings: &["ace-high-or-low", "ace-high-only"], ids: HCF_SF },
    Spec { game: "high-card-flush", wager: "progressive", cards: 7, readings: &["ace-high-or-low", "ace-high-only"], ids: HCF_SF },
    Spec { game: "over-under", wager: "bonus", cards: 3, readings: &[], ids: &["6-or-33", "7-or-32", "8-or-31", "9-or-30", "10-or-29", "11-or-28", "12-or-27"] },
    Spec {
        game: "dj-wild",
        wager: "trips-bonus",
        cards: 5,
        readings: &["no-wild-cards", "deuces-played-natural", "same-value-natural"],
        ids: &[
            "five-wilds-natural", "five-wilds-with-wild", "royal-flush-natural", "royal-flush-with-wild", "five-of-a-kind-natural", "five-of-a-kind-with-wild",
            "straight-flush-natural", "straight-flush-with-wild", "four-of-a-kind-natural", "four-of-a-kind-with-wild", "full-house-natural", "full-house-with-wild",
            "flush-natural", "flush-with-wild", "straight-natural", "straight-with-wild", "three-of-a-kind-natural", "three-of-a-kind-with-wild",
        ],
    },
    Spec { game: "dj-wild", wager: "bad-beat", cards: 10, readings: &["player-hand-loses", "either-hand-loses"], ids: BAD_BEAT },
    Spec {
        game: "dj-wild",
        wager: "progressive",
        cards: 5,
        readings: &["best-eligible-hand", "as-four-of-a-kind", "as-straight-flush", "not-paid", "no-wild-cards"],
        // 687a.12(c): the progressive paytables' hand names.
        ids: &["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
    },
    Spec {
        game: "face-up-pai-gow",
        wager: "fortune-bonus",
        cards: 7,
        readings: &["straight-over-trips", "trips-over-straight"],
        ids: &[
            "7-card-straight-flush", "royal-flush-plus-royal-match", "7-card-straight-flush-with-joker", "five-aces", "royal-flush", "straight-flush",
            "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind", "three-pair",
        ],
    },
    Spec {
        game: "face-up-pai-gow",
        wager: "progressive",
        cards: 7,
        readings: &["ordinary-joker", "fully-wild-joker", "ordinary-joker-trips-over-straight", "fully-wild-joker-trips-over-straight"],
        ids: &[
            "7-card-natural-straight-flush-holding-royal", "7-card-natural-straight-flush", "royal-flush-plus-royal-match",
            "7-card-wild-straight-flush-holding-royal", "7-card-wild-straight-flush", "five-aces", "five-of-a-kind", "royal-flush", "straight-flush",
            "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind",
        ],
    },
    Spec {
        game: "face-up-pai-gow",
        wager: "ace-high-bonus",
        cards: 14,
        readings: &["both-first", "joker-line-first", "straights-and-flushes-ignored"],
        ids: &["both-dealer-and-player-have-ace-high", "only-dealer-has-ace-high-with-joker", "only-dealer-has-ace-high-no-joker"],
    },
];

/// Outcome ids no deal can reach, so no case can cover them. DJ Wild's Trips Bonus paytables
/// (687a.12(d)) print "n/a" in the Natural column for five wilds and five of a kind: five wilds
/// is all Wild cards by definition (687a.6(c)(1)), and five of a kind in five cards needs a Wild
/// card (the joker has no natural rank; there are only four cards of a rank).
const UNREACHABLE: &[(&str, &str, &str)] = &[("dj-wild", "trips-bonus", "five-wilds-natural"), ("dj-wild", "trips-bonus", "five-of-a-kind-natural")];

struct Case<'a> {
    line: usize,
    game: &'a str,
    wager: &'a str,
    reading: &'a str,
    cards: &'a str,
    expected: &'a str,
    why: &'a str,
}

fn cases() -> Vec<Case<'static>> {
    let mut out = Vec::new();
    for (i, raw) in CASES.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert!(f.len() == 6, "cases.tsv line {}: expected 6 tab-separated fields, got {}: {line}", i + 1, f.len());
        out.push(Case { line: i + 1, game: f[0], wager: f[1], reading: f[2], cards: f[3], expected: f[4], why: f[5] });
    }
    out
}

fn rules(game: &str, wager: &str) -> Option<&'static Rules> {
    RULES.iter().find(|r| r.game == game && r.wager == wager)
}

fn spec(game: &str, wager: &str) -> Option<&'static Spec> {
    SPECS.iter().find(|s| s.game == game && s.wager == wager)
}

#[test]
fn every_case_settles_as_the_rule_text_says() {
    let mut failures: Vec<String> = Vec::new();
    let mut unknown_readings: std::collections::BTreeSet<String> = Default::default();
    let mut checked = 0usize;
    for c in cases() {
        let Some(rule) = rules(c.game, c.wager) else {
            failures.push(format!("line {}: wager {}/{} not in RULES", c.line, c.game, c.wager));
            continue;
        };
        if spec(c.game, c.wager).is_none() {
            failures.push(format!("line {}: wager {}/{} not in the audit spec", c.line, c.game, c.wager));
        }
        if c.expected != "none" && !rule.ids.contains(&c.expected) {
            failures.push(format!("line {}: {}/{}: expected id '{}' is not among RULES ids {:?}", c.line, c.game, c.wager, c.expected, rule.ids));
        }
        let cards = parse_cards(c.cards);
        if cards.len() != rule.cards {
            failures.push(format!("line {}: {}/{}: {} cards given, the wager deals {}", c.line, c.game, c.wager, cards.len(), rule.cards));
            continue;
        }
        let readings: Vec<&str> = if c.reading == "*" {
            if rule.variants.is_empty() { vec![""] } else { rule.variants.to_vec() }
        } else if rule.variants.contains(&c.reading) {
            vec![c.reading]
        } else {
            unknown_readings.insert(format!("{}/{} reading '{}'", c.game, c.wager, c.reading));
            failures.push(format!(
                "line {}: {}/{}: reading '{}' unknown (RULES variants {:?}); case [{}] expects {} -- {}",
                c.line, c.game, c.wager, c.reading, rule.variants, c.cards, c.expected, c.why
            ));
            continue;
        };
        for reading in readings {
            checked += 1;
            let got = (rule.settle)(&cards, reading).unwrap_or("none");
            if got != c.expected {
                failures.push(format!(
                    "line {}: {}/{} reading '{}': [{}] expected {} got {} -- {}",
                    c.line, c.game, c.wager, reading, c.cards, c.expected, got, c.why
                ));
            }
        }
    }
    if !unknown_readings.is_empty() {
        eprintln!("readings not (yet) in RULES:");
        for r in &unknown_readings {
            eprintln!("  {r}");
        }
    }
    eprintln!("{checked} settlements checked, {} failures", failures.len());
    if !failures.is_empty() {
        panic!("{} rule-audit failures:\n{}", failures.len(), failures.join("\n"));
    }
}

#[test]
fn every_outcome_id_has_a_case() {
    let all = cases();
    let mut failures = Vec::new();
    for s in SPECS {
        for id in s.ids {
            let covered = all.iter().any(|c| c.game == s.game && c.wager == s.wager && c.expected == *id);
            let unreachable = UNREACHABLE.iter().any(|&(g, w, i)| g == s.game && w == s.wager && i == *id);
            if !covered && !unreachable {
                failures.push(format!("{}/{}: outcome '{}' has no case", s.game, s.wager, id));
            }
            if covered && unreachable {
                failures.push(format!("{}/{}: outcome '{}' is listed unreachable but a case expects it", s.game, s.wager, id));
            }
        }
        for reading in s.readings {
            let has = all.iter().any(|c| c.game == s.game && c.wager == s.wager && (c.reading == *reading || c.reading == "*"));
            if !has {
                failures.push(format!("{}/{}: reading '{}' has no case", s.game, s.wager, reading));
            }
        }
        let has_none = all.iter().any(|c| c.game == s.game && c.wager == s.wager && c.expected == "none");
        if !has_none {
            failures.push(format!("{}/{}: no losing (none) case", s.game, s.wager));
        }
    }
    if !failures.is_empty() {
        panic!("{} coverage gaps:\n{}", failures.len(), failures.join("\n"));
    }
}

/// The audit spec against `RULES`: each wager present, the same card count, the same outcome ids
/// and every reading known.
#[test]
fn rules_match_the_audit_spec() {
    let mut failures = Vec::new();
    for s in SPECS {
        let Some(r) = rules(s.game, s.wager) else {
            failures.push(format!("{}/{}: not in RULES", s.game, s.wager));
            continue;
        };
        if r.cards != s.cards {
            failures.push(format!("{}/{}: RULES deals {} cards, spec {}", s.game, s.wager, r.cards, s.cards));
        }
        for id in s.ids {
            if !r.ids.contains(id) {
                failures.push(format!("{}/{}: outcome '{}' missing from RULES ids", s.game, s.wager, id));
            }
        }
        for id in r.ids {
            if !s.ids.contains(id) {
                failures.push(format!("{}/{}: RULES id '{}' not in the audit spec", s.game, s.wager, id));
            }
        }
        for reading in s.readings {
            if !r.variants.contains(reading) {
                failures.push(format!("{}/{}: reading '{}' unknown to RULES (variants {:?})", s.game, s.wager, reading, r.variants));
            }
        }
        for v in r.variants {
            if !s.readings.contains(v) {
                failures.push(format!("{}/{}: RULES variant '{}' not in the audit spec", s.game, s.wager, v));
            }
        }
    }
    if !failures.is_empty() {
        panic!("{} spec differences:\n{}", failures.len(), failures.join("\n"));
    }
}
