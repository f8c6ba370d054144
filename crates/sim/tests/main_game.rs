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
