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
