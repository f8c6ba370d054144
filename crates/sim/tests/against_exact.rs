//! The exact path (`parsheet_games::find(..).count(variant)` and `parsheet_paytable::analyze`)
//! against seeded simulations that share no counting or ranking code with it.
//!
//! For every wager the simulator deals, under every reading and every built-in paytable (plus a
//! made-up Pocket Bonus table, since the regulation prints none), these must hold:
//!
//! * the exact house edge lies within 4 standard errors of the simulated one;
//! * every outcome with probability above 1% turns up with a frequency within 4 standard errors
//!   of its exact probability (far sharper than the mean, whose error is dominated by the rare
//!   big pays);
//! * the frequencies of all outcomes together pass a chi-square goodness-of-fit test at a three in
//!   ten million level (outcomes expected fewer than 20 times are pooled);
//! * an outcome the exact path says is impossible never turns up.
//!
//! The seeds are fixed, so a pass is reproducible. With some eighty 4-sigma checks, a fresh seed
//! would raise a false alarm about once in two hundred suites; a real disagreement shows at any
//! seed.

use parsheet_paytable::{analyze, Decimal, Line, OutcomeCounts, Paytable};
use parsheet_sim::Simulation;

/// The built-in paytables of one wager.
fn builtin_tables(game: &str, wager: &str) -> Vec<Paytable> {
    let games = parsheet_tables::builtin().expect("the built-in tables load");
    let g = games.iter().find(|g| g.game == game).expect("game in tables/");
    let w = g.wagers.iter().find(|w| w.id == wager).expect("wager in tables/");
    w.paytables.iter().map(|p| p.table.clone()).collect()
}

fn table(id: &str, lines: &[(&str, &str)]) -> Paytable {
    Paytable { id: id.to_string(), lines: lines.iter().map(|&(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect() }
}

/// The upper 3 × 10^-7 point of the chi-square distribution with `k` degrees of freedom (the
/// normal tail beyond 5), by the Wilson–Hilferty cube approximation: accurate to a few per cent
/// for k ≥ 3, and above the true point (so only more lenient) for k of 1 or 2.
fn chi_square_critical(k: usize) -> f64 {
    let k = k as f64;
    let z = 5.0; // one-sided normal tail 2.9e-7
    let h = 2.0 / (9.0 * k);
    k * (1.0 - h + z * h.sqrt()).powi(3)
}

fn check_frequencies(label: &str, exact: &OutcomeCounts, counts: &[(String, u64)], rounds: u64) {
    let n = rounds as f64;
    let cycle = exact.cycle() as f64;
    let (mut chi2, mut cells) = (0.0, 0usize);
    let (mut pooled_expected, mut pooled_seen) = (0.0, 0u64);
    for (outcome, ways) in exact.rows() {
        let seen = counts.iter().find(|c| &c.0 == outcome).unwrap_or_else(|| panic!("{label}: no tally for {outcome}")).1;
        let p = *ways as f64 / cycle;
        if *ways == 0 {
            assert_eq!(seen, 0, "{label}: {outcome} is impossible by the exact count but was dealt {seen} times");
            continue;
        }
        let freq = seen as f64 / n;
        if p > 0.01 {
            let se = (p * (1.0 - p) / n).sqrt();
            let z = (freq - p) / se;
            assert!(z.abs() <= 4.0, "{label}: {outcome} frequency {freq:.6} vs exact {p:.6}: z = {z:.2}");
        }
        let expected = p * n;
        if expected >= 20.0 {
            chi2 += (seen as f64 - expected).powi(2) / expected;
            cells += 1;
        } else {
            pooled_expected += expected;
            pooled_seen += seen;
        }
    }
    if pooled_expected > 0.0 {
        chi2 += (pooled_seen as f64 - pooled_expected).powi(2) / pooled_expected.max(1.0);
        cells += 1;
    }
    if cells >= 2 {
        let critical = chi_square_critical(cells - 1);
        assert!(chi2 <= critical, "{label}: chi-square {chi2:.1} over {} degrees of freedom exceeds {critical:.1}", cells - 1);
    }
}

/// Simulates `rounds` of one wager and reading, and checks every paytable against the exact path.
fn check(game: &str, wager: &str, variant: Option<&str>, tables: &[Paytable], rounds: u64, seed: u64) {
    assert!(!tables.is_empty(), "{game} {wager}: no paytable to check");
    let label = format!("{game} {wager}{}", variant.map(|v| format!(" ({v})")).unwrap_or_default());
    let exact = parsheet_games::find(game, wager).unwrap().count(variant).unwrap();
    let tally = Simulation::new(game, wager, variant).unwrap().run(rounds, seed);
    assert_eq!(tally.counts.iter().map(|c| c.1).sum::<u64>(), rounds, "{label}: every round settled once");
    assert_eq!(tally.counts.len(), exact.rows().len(), "{label}: the same outcomes on both sides");
    check_frequencies(&label, &exact, &tally.counts, rounds);
    for t in tables {
        let a = analyze(&exact, t).unwrap_or_else(|e| panic!("{label} {}: {e}", t.id));
        let exact_edge = Decimal(&a.house_edge).to_f64();
        let est = tally.estimate(t).unwrap();
        let z = est.z_score(exact_edge);
        // Also the error measured in the exact standard deviation, which a sample that missed
        // every rare big pay underestimates.
        let z_exact_sd = (est.house_edge() - exact_edge) / (a.standard_deviation() / (rounds as f64).sqrt());
        eprintln!(
            "{label} paytable {}: exact {:.4}%, simulated {:.4}% ± {:.4}% (z = {z:+.2}, {z_exact_sd:+.2} by the exact sd)",
            t.id,
            100.0 * exact_edge,
            100.0 * est.house_edge(),
            100.0 * est.standard_error
        );
        assert!(z.abs() <= 4.0, "{label} paytable {}: exact edge {exact_edge:.6} vs simulated {:.6} ± {:.6} (z = {z:.2})", t.id, est.house_edge(), est.standard_error);
        assert!(z_exact_sd.abs() <= 4.0, "{label} paytable {}: z by the exact standard deviation {z_exact_sd:.2}", t.id);
    }
}

#[test]
fn saigon_5_card_bonus() {
    check("saigon-5-card", "bonus", None, &builtin_tables("saigon-5-card", "bonus"), 3_000_000, 101);
}

#[test]
fn heads_up_holdem_trips_plus() {
    check("heads-up-holdem", "trips-plus", None, &builtin_tables("heads-up-holdem", "trips-plus"), 2_000_000, 102);
}

#[test]
fn heads_up_holdem_pocket_bonus() {
    // The regulation's Pocket Bonus paytables are missing from the text: a made-up one that pays
    // every outcome something different, so a swapped outcome would show.
    let t = table(
        "test",
        &[
            ("pair-of-aces", "30 to 1"),
            ("pair-of-kings", "25 to 1"),
            ("pair-of-queens", "20 to 1"),
            ("pair-of-jacks", "15 to 1"),
            ("pair-of-tens", "10 to 1"),
            ("pair-of-nines", "9 to 1"),
            ("pair-of-eights", "8 to 1"),
            ("pair-of-sevens", "7 to 1"),
            ("pair-of-sixes", "6 to 1"),
            ("pair-of-fives", "5 to 1"),
            ("pair-of-fours", "4 to 1"),
            ("pair-of-threes", "3 to 1"),
            ("pair-of-twos", "2 to 1"),
            ("ace-king-suited", "25 to 1"),
            ("ace-queen-suited", "20 to 1"),
            ("ace-jack-suited", "15 to 1"),
            ("ace-king-offsuit", "5 to 1"),
            ("ace-queen-offsuit", "3 to 2"),
            ("ace-jack-offsuit", "Push"),
        ],
    );
    check("heads-up-holdem", "pocket-bonus", None, &[t], 2_000_000, 103);
}

#[test]
fn high_card_flush_flush_bonus() {
    check("high-card-flush", "flush-bonus", None, &builtin_tables("high-card-flush", "flush-bonus"), 3_000_000, 104);
}

#[test]
fn high_card_flush_straight_flush_bonus_ace_high_or_low() {
    let tables = builtin_tables("high-card-flush", "straight-flush-bonus");
    check("high-card-flush", "straight-flush-bonus", Some("ace-high-or-low"), &tables, 3_000_000, 105);
}

#[test]
fn high_card_flush_straight_flush_bonus_ace_high_only() {
    let tables = builtin_tables("high-card-flush", "straight-flush-bonus");
    check("high-card-flush", "straight-flush-bonus", Some("ace-high-only"), &tables, 3_000_000, 106);
}

#[test]
fn over_under_bonus() {
    check("over-under", "bonus", None, &builtin_tables("over-under", "bonus"), 4_000_000, 107);
}

#[test]
fn dj_wild_trips_bonus_no_wild_cards() {
    check("dj-wild", "trips-bonus", Some("no-wild-cards"), &builtin_tables("dj-wild", "trips-bonus"), 2_000_000, 108);
}

#[test]
fn dj_wild_trips_bonus_deuces_played_natural() {
    check("dj-wild", "trips-bonus", Some("deuces-played-natural"), &builtin_tables("dj-wild", "trips-bonus"), 2_000_000, 109);
}

#[test]
fn dj_wild_trips_bonus_same_value_natural() {
    check("dj-wild", "trips-bonus", Some("same-value-natural"), &builtin_tables("dj-wild", "trips-bonus"), 2_000_000, 112);
}

#[test]
fn face_up_pai_gow_fortune_bonus() {
    check("face-up-pai-gow", "fortune-bonus", None, &builtin_tables("face-up-pai-gow", "fortune-bonus"), 1_000_000, 110);
}

#[test]
fn face_up_pai_gow_fortune_bonus_trips_over_straight() {
    check("face-up-pai-gow", "fortune-bonus", Some("trips-over-straight"), &builtin_tables("face-up-pai-gow", "fortune-bonus"), 1_000_000, 111);
}

/// A made-up fixed table for progressive wagers: their meter pays have no fixed price.
fn fixed(lines: &[&str], pays: &[&str]) -> Paytable {
    table("fixed", &lines.iter().zip(pays).map(|(&o, &p)| (o, p)).collect::<Vec<_>>())
}

#[test]
fn high_card_flush_progressive_both_readings() {
    let t = fixed(
        &["7-card-straight-flush", "6-card-straight-flush", "5-card-straight-flush", "4-card-straight-flush", "3-card-straight-flush"],
        &["5000 for 1", "500 for 1", "250 for 1", "40 for 1", "3 for 1"],
    );
    check("high-card-flush", "progressive", Some("ace-high-or-low"), &[t.clone()], 1_000_000, 111);
    check("high-card-flush", "progressive", Some("ace-high-only"), &[t], 1_000_000, 112);
}

#[test]
fn dj_wild_progressive_every_reading() {
    let t = fixed(
        &["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
        &["2000 to 1", "200 to 1", "300 to 1", "50 to 1", "40 to 1", "30 to 1", "9 to 1"],
    );
    for (i, v) in ["best-eligible-hand", "as-four-of-a-kind", "as-straight-flush", "not-paid", "no-wild-cards"].iter().enumerate() {
        check("dj-wild", "progressive", Some(v), &[t.clone()], 500_000, 113 + i as u64);
    }
}

#[test]
fn dj_wild_bad_beat_player_hand_loses() {
    check("dj-wild", "bad-beat", Some("player-hand-loses"), &builtin_tables("dj-wild", "bad-beat"), 1_000_000, 111);
}

#[test]
fn dj_wild_bad_beat_either_hand_loses() {
    check("dj-wild", "bad-beat", Some("either-hand-loses"), &builtin_tables("dj-wild", "bad-beat"), 1_000_000, 112);
}

#[test]
fn face_up_pai_gow_ace_high_bonus() {
    for (variant, seed) in [("both-first", 113), ("joker-line-first", 114), ("straights-and-flushes-ignored", 115)] {
        check("face-up-pai-gow", "ace-high-bonus", Some(variant), &builtin_tables("face-up-pai-gow", "ace-high-bonus"), 400_000, seed);
    }
}

#[test]
fn face_up_pai_gow_progressive() {
    // The built-in tables pay shares of a meter, which need a model, so the check is of the
    // outcome frequencies with a made-up table of fixed pays.
    let t = table(
        "made-up",
        &[
            ("royal-flush", "500 to 1"),
            ("straight-flush", "100 to 1"),
            ("four-of-a-kind", "40 to 1"),
            ("full-house", "5 to 1"),
            ("flush", "3 to 1"),
            ("straight", "1 to 1"),
            ("three-of-a-kind", "2 to 1"),
        ],
    );
    for variant in ["ordinary-joker", "fully-wild-joker", "ordinary-joker-trips-over-straight", "fully-wild-joker-trips-over-straight"] {
        check("face-up-pai-gow", "progressive", Some(variant), std::slice::from_ref(&t), 300_000, 111);
    }
}

#[test]
fn every_countable_wager_and_reading_is_covered_here() {
    // The list above must grow with parsheet-games: every wager it counts is one the simulator
    // deals, with the same readings.
    let sim: Vec<(&str, &str)> = parsheet_sim::wagers().collect();
    for w in parsheet_games::wagers() {
        assert!(sim.contains(&(w.game, w.id)), "{} {} is counted exactly but never simulated", w.game, w.id);
        for v in w.variants {
            assert!(Simulation::new(w.game, w.id, Some(v.id)).is_ok(), "{} {} {}", w.game, w.id, v.id);
        }
    }
}
