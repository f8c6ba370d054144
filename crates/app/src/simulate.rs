//! `parsheet simulate`: a seeded Monte Carlo estimate beside the exact figure, as a record.
//!
//! The simulation (`parsheet-sim`) shuffles decks and reads hands with the reference evaluator;
//! it shares no counting code with the exact path (`parsheet-games`). Agreement within a few
//! standard errors, on the house edge and on each outcome's frequency, is the check a testing
//! lab makes. The same seed always deals the same rounds.
//!
//! A counted wager is settled outcome by outcome ([`WagerSimulation`]). A main game is played
//! with the solver's strategy, taken as data (the plan's decision classes, or the solver's
//! decisions), and settled by the simulator's own reading of the rules ([`MainGameSimulation`]):
//! Over/Under, DJ Wild, Heads-Up Hold 'Em, High Card Flush, Saigon 5 Card (the dealer's setting
//! by the reading) and Face Up Pai Gow (the policy named by the reading, against the house way).

use num_traits::ToPrimitive;
use parsheet_games::strategy::StrategyGame;
use parsheet_paytable::{analyze, Decimal, Paytable};
use parsheet_sim::{Estimate, Simulation};
use parsheet_tables::GameTables;
use schemars::JsonSchema;
use serde::Serialize;

use crate::main_game::HouseWayChoice;
use crate::progress::Task;
use crate::vocab::{Count, Exact};

/// How many standard errors count as agreement.
pub const WITHIN: f64 = 4.0;

/// Runs this long or longer report progress.
const PROGRESS_FROM_ROUNDS: u64 = 200_000;

/// Most rounds one run deals: minutes of work, and a standard error of about 10⁻⁵.
pub const MAX_ROUNDS: u64 = 10_000_000_000;

/// What every z-score of the edge means: positive when the simulation's house edge is above the
/// exact one (side bets and main games alike).
pub const Z_MEANS: &str = "(simulated minus exact house edge, in standard errors)";

/// A float for JSON: `None` (null) where it is not finite.
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// Refuses a number of rounds outside 2 (a standard error needs two) ..= [`MAX_ROUNDS`].
pub fn check_rounds(rounds: u64) -> Result<(), String> {
    if (2..=MAX_ROUNDS).contains(&rounds) {
        Ok(())
    } else {
        Err(format!("--rounds {rounds}: give from 2 (a standard error needs two rounds) to {MAX_ROUNDS}"))
    }
}

/// One outcome of a counted wager: its pay, simulated count and frequency, exact probability and
/// the z-score of the frequency against it (null for an outcome the exact path says never
/// happens).
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct OutcomeSimulation {
    pub outcome: String,
    /// The paytable's pay, or `loses`.
    pub pays: String,
    /// Rounds with that outcome.
    pub count: Count,
    pub frequency: Option<f64>,
    /// Exact.
    pub probability: Exact,
    pub probability_decimal: Option<f64>,
    pub z_score: Option<f64>,
}

/// A counted wager simulated beside its exact analysis.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WagerSimulation {
    pub game: String,
    pub wager: String,
    pub paytable: String,
    pub variant: Option<String>,
    pub rounds: Count,
    pub seed: Count,
    pub house_edge_estimate: Option<f64>,
    pub standard_error: Option<f64>,
    pub exact_house_edge: Exact,
    /// The exact house edge in percent, six places.
    pub exact_house_edge_percent: String,
    /// (simulated − exact house edge) / standard error: positive when the simulation holds more.
    pub z_score: Option<f64>,
    pub within_4_standard_errors: bool,
    pub outcomes: Vec<OutcomeSimulation>,
}

/// The z-score of `estimate` against `exact` (0 where they are equal, infinite where the
/// standard error is zero and they differ) and whether it is within [`WITHIN`].
fn z_of(estimate: f64, exact: f64, standard_error: f64) -> (f64, bool) {
    let diff = estimate - exact;
    let z = if diff == 0.0 { 0.0 } else { diff / standard_error };
    (z, diff.abs() <= WITHIN * standard_error)
}

/// Simulates `rounds` rounds of wager `wager` of `game` (its paytable `paytable`, the only one
/// when `None`; reading `variant`, else the table's) with `seed` on every core, beside the exact
/// analysis.
pub fn wager(games: &[GameTables], game: &str, wager: &str, paytable: Option<&str>, variant: Option<&str>, rounds: u64, seed: u64) -> Result<WagerSimulation, String> {
    check_rounds(rounds)?;
    let w = parsheet_games::find(game, wager)?;
    let entry = crate::inputs::select(games, game, wager, paytable)?;
    // The simulation is set up first: it checks the reading and that it can deal this wager.
    w.reading(variant)?;
    let (reading, _) = crate::inputs::reading_of(crate::inputs::select_wager(games, game, wager)?, entry, w, variant);
    let variant = reading.as_deref();
    let simulation = Simulation::new(game, wager, variant)?;
    let counts = w.count(variant)?;
    let exact = analyze(&counts, &entry.table).map_err(|e| format!("{game} {wager} paytable {}: {e}", entry.table.id))?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let progress = (rounds >= PROGRESS_FROM_ROUNDS).then(|| Task::new(format!("simulating {rounds} rounds"), rounds));
    let tally = simulation.run_with(rounds, seed, threads, &|done| {
        if let Some(p) = &progress {
            p.set(done);
        }
    });
    if let Some(p) = &progress {
        p.finish();
    }
    let e: Estimate = tally.estimate(&entry.table)?;
    let n = e.rounds as f64;
    let outcomes = exact
        .rows
        .iter()
        .map(|r| {
            let count = e.outcome_counts.iter().find(|o| o.0 == r.outcome).map_or(0, |o| o.1);
            let p = Decimal(&r.probability).to_f64();
            let frequency = count as f64 / n;
            let z = (p > 0.0).then(|| (frequency - p) / (p * (1.0 - p) / n).sqrt());
            OutcomeSimulation {
                outcome: r.outcome.clone(),
                pays: r.pay.as_ref().map_or_else(|| "loses".to_string(), |p| p.to_string()),
                count: Count(count as u128),
                frequency: finite(frequency),
                probability: Exact(r.probability.clone()),
                probability_decimal: finite(p),
                z_score: z.and_then(finite),
            }
        })
        .collect();
    let (z, within) = z_of(e.house_edge(), Decimal(&exact.house_edge).to_f64(), e.standard_error);
    Ok(WagerSimulation {
        game: game.into(),
        wager: wager.into(),
        paytable: entry.table.id.clone(),
        variant: variant.map(str::to_string),
        rounds: Count(rounds as u128),
        seed: Count(seed as u128),
        house_edge_estimate: finite(e.house_edge()),
        standard_error: finite(e.standard_error),
        exact_house_edge_percent: Decimal(&exact.house_edge).percent(6),
        exact_house_edge: Exact(exact.house_edge),
        z_score: finite(z),
        within_4_standard_errors: within,
        outcomes,
    })
}

/// A main game played with the solver's optimal strategy and settled by the simulator's own
/// reading of the rules, beside the exact solution. Figures per unit of Ante.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct MainGameSimulation {
    pub game: String,
    /// `base`.
    pub wager: String,
    /// The reading played (Face Up Pai Gow: the player's policy).
    pub variant: String,
    /// The paytable the strategy plays (DJ Wild's Blind, Saigon's Ante, Heads-Up's Odds), where
    /// it plays one.
    pub paytable: Option<String>,
    /// Face Up Pai Gow: the house way the dealer (and the house-way player) sets by.
    pub house_way: Option<String>,
    pub rounds: Count,
    pub seed: Count,
    /// Per Ante.
    pub house_edge_estimate: Option<f64>,
    pub standard_error: Option<f64>,
    /// Per Ante.
    pub exact_house_edge: Exact,
    /// The exact house edge in percent, six places.
    pub exact_house_edge_percent: String,
    /// (simulated − exact house edge) / standard error: positive when the simulation holds more.
    pub z_score: Option<f64>,
    pub within_4_standard_errors: bool,
    /// The mean total wagered per round, in Antes (raises included).
    pub average_wager_estimate: Option<f64>,
    /// The exact total wagered per round, in Antes.
    pub exact_average_wager: Exact,
}

/// Simulates `rounds` rounds of main game `g` with `seed`: solved as [`crate::main_game::solve`]
/// solves it (reading `variant`, else the tables' default; the paytable `paytable` of the wager
/// its strategy reads; Face Up Pai Gow against `way`), played with the optimal strategy.
pub fn main_game(games: &[GameTables], g: &'static StrategyGame, variant: Option<&str>, paytable: Option<&str>, way: Option<&HouseWayChoice>, rounds: u64, seed: u64) -> Result<MainGameSimulation, String> {
    use parsheet_sim::main_game as sim;
    check_rounds(rounds)?;
    // Refused before the solve: the simulator plays 688a as written.
    if let Some(v) = variant.filter(|v| g.game == "face-up-pai-gow" && v.ends_with("-natural-ace-only")) {
        return Err(natural_ace_only(v));
    }
    let x = crate::main_game::solve(games, g, variant, paytable, None, way)?;
    let reading = x.reading.as_str();
    let table = x.table.as_ref();
    // The net per unit of a paytable line (the solve has checked that every pay is fixed); an
    // outcome without a line loses.
    let net = |t: &Paytable, outcome: &str| t.pay(outcome).map_or(-1.0, |p| p.net().and_then(|n| n.to_f64()).unwrap_or(f64::NAN));
    let need = || table.ok_or_else(|| format!("{} plays a paytable; none was solved", g.game));
    let rows = |plan: &parsheet_games::plan::Plan| plan.rows().iter().map(|r| (r.class.clone(), r.action.clone())).collect::<Vec<_>>();
    let est = match g.game {
        "over-under" => sim::over_under(&sim::over_under_strategy(&x.solution.strategy), reading == "opposite-range-loses", rounds, seed),
        "dj-wild" => {
            let blind = need()?;
            let raising = parsheet_games::strategy::dj_wild::raising_hands(blind)?;
            sim::dj_wild(&|hand| raising.binary_search(&sim::solver_bits(hand)).is_ok(), &|o| net(blind, o), rounds, seed)
        }
        "heads-up-holdem" => {
            use parsheet_games::strategy::heads_up::{solve_cached, Config};
            use parsheet_reference::{RefCard, RefCategory};
            let odds = need()?;
            let tables = games.iter().find(|t| t.game == g.game).ok_or_else(|| format!("no tables of {}", g.game))?;
            let bad_beat = crate::main_game::bad_beat_table(tables, g.bonus_wager.unwrap_or("bad-beat"), None)?;
            let solved = solve_cached(&Config::heads_up(reading, odds, bad_beat)?)?;
            let bits = |cards: &[RefCard]| parsheet_cards::CardSet(sim::solver_bits(cards));
            let play = |hole: &[RefCard], board: &[RefCard]| {
                let (n, d) = solved.play(bits(hole), bits(board)).expect("dealt cards are a spot of the game");
                n as f64 / d as f64
            };
            let line = |t: &Paytable, c: RefCategory| t.pay(c.name()).and_then(|p| p.net()).and_then(|n| n.to_f64());
            let high_card = if reading == "odds-lose-below-pair" { -1.0 } else { 0.0 };
            let odds_win = |c: RefCategory| if c == RefCategory::HighCard { high_card } else { line(odds, c).unwrap_or(-1.0) };
            let bad = |c: RefCategory| bad_beat.and_then(|t| line(t, c)).unwrap_or(-1.0);
            sim::heads_up(&parsheet_reference::deck(false), &play, &odds_win, &bad, rounds, seed)
        }
        "high-card-flush" => {
            let plan = parsheet_games::high_card_flush::plan::optimal_plan(&[0x1fff; 4], 7);
            let rows = rows(&plan);
            let raise = sim::hcf_strategy(rows.iter().map(|(c, a)| (c.as_str(), a.as_str())))?;
            sim::high_card_flush(&raise, rounds, seed)
        }
        "saigon-5-card" => {
            use parsheet_games::saigon_5_card::main_game::{HouseWay, WinPays, FULL_DECK, WIN, WIN_POINT_5};
            let base = need()?;
            let dealer_highest = match reading {
                "house-highest-point" => true,
                "house-lowest-point" => false,
                r => return Err(format!("saigon-5-card: the simulator plays the dealer's ways house-highest-point and house-lowest-point, not {r:?}")),
            };
            let plan = parsheet_games::saigon_5_card::plan::optimal_plan(&FULL_DECK, HouseWay::from_variant(reading), WinPays::from_paytable(base)?);
            let rows = rows(&plan);
            let choose = sim::saigon_strategy(rows.iter().map(|(c, a)| (c.as_str(), a.as_str())))?;
            sim::saigon(&choose, dealer_highest, net(base, WIN), net(base, WIN_POINT_5), rounds, seed)
        }
        "face-up-pai-gow" => {
            let optimal = match reading {
                "optimal-player" => true,
                "house-way-player" => false,
                r => return Err(natural_ace_only(r)),
            };
            let spec = match way {
                Some(w) => w.spec.clone(),
                None => crate::main_game::house_way_choice(None, games)?.spec,
            };
            let house_way = parsheet_tables::house_way::load(&spec).map_err(|e| e.to_string())?;
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let (o, h) = parsheet_sim::face_up_pai_gow::face_up_pai_gow_full_deck(&house_way, rounds, seed, threads);
            let e = if optimal { o } else { h };
            // One unit wagered a round (surrender is not played: it is never better than a loss).
            sim::MainGameEstimate { rounds, mean_net: e.mean_net, standard_error: e.standard_error, mean_wagered: 1.0 }
        }
        other => return Err(format!("parsheet does not simulate the main game of {other}; its exact figures: `parsheet analyze {other} base`")),
    };
    let exact_edge = x.solution.house_edge();
    let (z, within) = z_of(-est.mean_net, exact_edge.to_f64().unwrap_or(f64::NAN), est.standard_error);
    Ok(MainGameSimulation {
        game: g.game.into(),
        wager: parsheet_games::MAIN.into(),
        variant: x.reading.clone(),
        paytable: x.paytable.clone(),
        house_way: x.house_way.clone(),
        rounds: Count(rounds as u128),
        seed: Count(seed as u128),
        house_edge_estimate: finite(-est.mean_net),
        standard_error: finite(est.standard_error),
        exact_house_edge_percent: Decimal(&exact_edge).percent(6),
        exact_house_edge: Exact(exact_edge),
        z_score: finite(z),
        within_4_standard_errors: within,
        average_wager_estimate: finite(est.mean_wagered),
        exact_average_wager: Exact(x.solution.expected_wager.clone()),
    })
}

/// The refusal of a Face Up Pai Gow reading the simulator does not play.
fn natural_ace_only(reading: &str) -> String {
    format!("face-up-pai-gow: the simulator plays 688a as written (the joker an ace for the Ace High Pai Gow); it does not simulate the reading {reading:?} (readings: optimal-player, house-way-player); its exact figures: `parsheet analyze face-up-pai-gow base --variant {reading}`")
}
