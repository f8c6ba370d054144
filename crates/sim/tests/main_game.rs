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
