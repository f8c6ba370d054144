//! Over/Under played with the exact solver's strategy: the simulated result per Ante must lie
//! within four standard errors of the exact one, under both readings.

use num_traits::ToPrimitive;
use parsheet_games::strategy::find_strategy;
use parsheet_sim::main_game::{over_under, over_under_strategy};

#[test]
fn over_under_with_the_optimal_strategy_matches_the_exact_result() {
    let game = find_strategy("over-under").unwrap();
    for (reading, opposite_loses) in [("opposite-range-loses", true), ("opposite-range-pushes", false)] {
        let s = game.solve(Some(reading), None).unwrap();
        let est = over_under(&over_under_strategy(&s.strategy), opposite_loses, 400_000, 11);
        let exact = s.expected_net.to_f64().unwrap();
        let z = (est.mean_net - exact) / est.standard_error;
        assert!(z.abs() < 4.0, "{reading}: simulated {} ± {}, exact {exact}", est.mean_net, est.standard_error);
        assert!((est.mean_wagered - s.expected_wager.to_f64().unwrap()).abs() < 0.01);
    }
}

#[test]
fn dj_wild_with_the_optimal_strategy_matches_the_exact_result() {
    let tables = parsheet_tables::builtin().unwrap();
    let blind = &tables.iter().find(|g| g.game == "dj-wild").unwrap().wagers.iter().find(|w| w.id == "blind").unwrap().paytables[0].table;
    let s = find_strategy("dj-wild").unwrap().solve(None, Some(blind)).unwrap();
    let raising = parsheet_games::strategy::dj_wild::raising_hands(blind).unwrap();
    let net = |outcome: &str| blind.pay(outcome).map_or(-1.0, |p| p.net().unwrap().to_f64().unwrap());
    let est = parsheet_sim::main_game::dj_wild(&|hand| raising.binary_search(&parsheet_sim::main_game::solver_bits(hand)).is_ok(), &net, 1_000_000, 21);
    let exact = s.expected_net.to_f64().unwrap();
    let z = (est.mean_net - exact) / est.standard_error;
    assert!(z.abs() < 4.0, "simulated {} ± {}, exact {exact}", est.mean_net, est.standard_error);
    // The total wagered is a property of the strategy alone: within four standard errors too.
    let p_raise = (s.expected_wager.to_f64().unwrap() - 2.0) / 2.0;
    let se = 2.0 * (p_raise * (1.0 - p_raise) / 1_000_000f64).sqrt();
    assert!((est.mean_wagered - s.expected_wager.to_f64().unwrap()).abs() < 4.0 * se, "wagered {} vs {}", est.mean_wagered, s.expected_wager);
}

/// Heads-Up Hold 'Em on the reduced 19-card deck of `parsheet-games`' brute-force test (every
/// category occurs; the full deck's exact solve takes too long for CI), with the Odds table of
/// 677a.12(b) and a made-up Bad Beat table, under both readings of a high-card win.
#[test]
fn heads_up_with_the_optimal_strategy_matches_the_exact_result() {
    use parsheet_cards::{Card, CardSet};
    use parsheet_games::strategy::heads_up::{solve_deck, Config};
    use parsheet_paytable::{Line, Paytable};
    use parsheet_reference::{RefCard, RefCategory};
    let text = "7c 8c 9c Tc Jc Qc Kc Ac 7d 8d 9d Td Jd Qd Kd Ad Ah Kh As";
    let deck: Vec<Card> = text.split(' ').map(|t| t.parse().unwrap()).collect();
    let ref_deck: Vec<RefCard> = deck.iter().map(|c| RefCard::natural(c.rank().unwrap().0, c.suit().unwrap().0)).collect();
    let table = |id: &str, lines: &[(&str, &str)]| Paytable { id: id.into(), lines: lines.iter().map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect() };
    let odds = table("677a.12(b)", &[("royal-flush", "500 to 1"), ("straight-flush", "50 to 1"), ("four-of-a-kind", "10 to 1"), ("full-house", "3 to 1"), ("flush", "3 to 2"), ("straight", "1 to 1"), ("three-of-a-kind", "Push"), ("two-pair", "Push"), ("pair", "Push")]);
    let bad_beat = table("test", &[("straight-flush", "100 to 1"), ("four-of-a-kind", "50 to 1"), ("full-house", "5 to 1"), ("flush", "5 to 2"), ("straight", "2 to 1")]);
    let net = |t: &Paytable, c: RefCategory| t.pay(c.name()).map(|p| p.net().unwrap().to_f64().unwrap());
    for (reading, high_card) in [("odds-push-below-pair", 0.0), ("odds-lose-below-pair", -1.0)] {
        let config = Config::heads_up(reading, &odds, Some(&bad_beat)).unwrap();
        let x = solve_deck(&deck, &config, true).unwrap();
        let bits = |cards: &[RefCard]| CardSet(parsheet_sim::main_game::solver_bits(cards));
        let play = |hole: &[RefCard], board: &[RefCard]| {
            let (n, d) = x.play(bits(hole), bits(board)).unwrap();
            n as f64 / d as f64
        };
        let odds_win = |c: RefCategory| if c == RefCategory::HighCard { high_card } else { net(&odds, c).unwrap_or(-1.0) };
        let bad = |c: RefCategory| net(&bad_beat, c).unwrap_or(-1.0);
        let est = parsheet_sim::main_game::heads_up(&ref_deck, &play, &odds_win, &bad, 200_000, 31);
        let exact = x.expected_net().to_f64().unwrap();
        let z = (est.mean_net - exact) / est.standard_error;
        assert!(z.abs() < 4.0, "{reading}: simulated {} ± {}, exact {exact}", est.mean_net, est.standard_error);
        let wager = x.expected_wager().to_f64().unwrap();
        assert!((est.mean_wagered - wager).abs() < 0.05, "{reading}: wagered {} vs {wager}", est.mean_wagered);
    }
}

/// High Card Flush (678a) played with the solver's complete plan (its 76,731 decision classes,
/// read as data), settled by the simulator's reading of 678a.11(d); the exact result per Ante is
/// the solver's own.
#[test]
fn high_card_flush_with_the_optimal_strategy_matches_the_exact_result() {
    let game = find_strategy("high-card-flush").unwrap();
    let s = game.solve(Some("as-written"), None).unwrap();
    let plan = parsheet_games::high_card_flush::plan::optimal_plan(&[0x1fff; 4], 7);
    let raise = parsheet_sim::main_game::hcf_strategy(plan.rows().iter().map(|r| (r.class.as_str(), r.action.as_str()))).unwrap();
    let rounds = 2_000_000;
    let est = parsheet_sim::main_game::high_card_flush(&raise, rounds, 41);
    let exact = s.expected_net.to_f64().unwrap();
    let z = (est.mean_net - exact) / est.standard_error;
    assert!(z.abs() < 4.0, "simulated {} ± {}, exact {exact}", est.mean_net, est.standard_error);
    // The total wagered: 1 to 4 Antes a round, its standard deviation under 1.5.
    let wager = s.expected_wager.to_f64().unwrap();
    assert!((est.mean_wagered - wager).abs() < 4.0 * 1.5 / (rounds as f64).sqrt(), "wagered {} vs {wager}", est.mean_wagered);
}

/// The simulator reads the plan's class ids as the solver writes them: a hand of a value split
/// by card removal gets its own row's action.
#[test]
fn high_card_flush_strategy_reads_values_and_hands() {
    use parsheet_reference::parse_cards;
    let rows = [("3:10-9-2", "raise-1x"), ("3:10-9-2|10-9-2/8-7-3/4/-", "fold"), ("6:A-K-Q-J-10-9", "raise-3x")];
    let raise = parsheet_sim::main_game::hcf_strategy(rows).unwrap();
    assert_eq!(raise(&parse_cards("Tc 9c 2c 8d 7d 3d 4h")), 0, "the listed hand");
    assert_eq!(raise(&parse_cards("4c Th 9h 2h 8s 7s 3s")), 0, "the listed hand, suits relabelled");
    assert_eq!(raise(&parse_cards("Tc 9c 2c 8d 7d 4d 3h")), 1, "another hand of the value");
    assert_eq!(raise(&parse_cards("As Ks Qs Js Ts 9s 2d")), 3);
    assert!(parsheet_sim::main_game::hcf_strategy([("3:10-9-2", "raise-2x")]).is_err(), "678a.11(b): 1x with a three-card flush");
}

/// Saigon 5 Card (680a) under both house ways: the player's joker value from the solver's plan,
/// the dealer's setting by the reading, settled by the simulator's reading of 680a.11(d).
#[test]
fn saigon_with_the_optimal_strategy_matches_the_exact_result() {
    use parsheet_games::saigon_5_card::main_game::{HouseWay, WinPays, FULL_DECK};
    let tables = parsheet_tables::builtin().unwrap();
    let base = &tables.iter().find(|g| g.game == "saigon-5-card").unwrap().wagers.iter().find(|w| w.id == "base").unwrap().paytables[0].table;
    let net = |outcome: &str| base.pay(outcome).map_or(-1.0, |p| p.net().unwrap().to_f64().unwrap());
    let game = find_strategy("saigon-5-card").unwrap();
    for (reading, highest, seed) in [("house-highest-point", true, 51), ("house-lowest-point", false, 52)] {
        let s = game.solve(Some(reading), Some(base)).unwrap();
        let plan = parsheet_games::saigon_5_card::plan::optimal_plan(&FULL_DECK, HouseWay::from_variant(reading), WinPays::from_paytable(base).unwrap());
        let choose = parsheet_sim::main_game::saigon_strategy(plan.rows().iter().map(|r| (r.class.as_str(), r.action.as_str()))).unwrap();
        let est = parsheet_sim::main_game::saigon(&choose, highest, net("point-count-1-4-or-6-10"), net("point-count-5"), 2_000_000, seed);
        let exact = s.expected_net.to_f64().unwrap();
        let z = (est.mean_net - exact) / est.standard_error;
        assert!(z.abs() < 4.0, "{reading}: simulated {} ± {}, exact {exact}", est.mean_net, est.standard_error);
    }
}

/// 680a.11(b)'s own example, and hands built from 680a.6.
#[test]
fn saigon_points_follow_680a() {
    use parsheet_reference::parse_cards;
    use parsheet_sim::main_game::saigon_points;
    let set = |t: &str| saigon_points(&parse_cards(t));
    // "joker, 8, 6, 5 and 2": joker as 9 with 5 and 6 (20), 8 and 2 a Point Count of 10. As 3
    // or 6 nothing else qualifies with a different showdown... the set holds 10.
    assert!(set("Jk 8c 6d 5h 2s") >> 10 & 1 == 1);
    // Three tens qualify (30); A and 4 show 5.
    assert_eq!(set("Tc Jd Qh Ac 4s"), 1 << 5);
    // No three of 2, 3, 4, 5, 7 total 10, 20 or 30? 2+3+5 = 10: showdown 4 and 7, 11 → 1.
    assert_eq!(set("2c 3d 5h 4s 7c"), 1 << 1);
    assert_eq!(set("Ac Ad 2h 3s 9c"), 0, "no three total a multiple of ten");
}
