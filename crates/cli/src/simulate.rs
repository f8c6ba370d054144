//! `parsheet simulate <game> <wager>`: a seeded Monte Carlo estimate of the house edge beside the
//! exact figure.
//!
//! The simulation (`parsheet-sim`) shuffles decks and reads hands with the reference evaluator;
//! it shares no counting code with the exact path (`parsheet-games` and `analyze`). Agreement
//! within a few standard errors, on the house edge and on each outcome's frequency, is the check
//! a testing lab makes. The same seed always deals the same rounds.

use parsheet_paytable::{analyze, fraction, Analysis, Decimal};
use parsheet_sim::{Estimate, Simulation};
use serde_json::json;

use crate::analyze::WagerArgs;
use parsheet_app::progress::Task as Progress;
use crate::{Format, TablesArg};

/// How many standard errors count as agreement.
const WITHIN: f64 = 4.0;

/// Runs this long or longer get a progress bar.
const BAR_FROM_ROUNDS: u64 = 200_000;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    target: WagerArgs,
    /// How many rounds to deal.
    #[arg(long, default_value_t = 1_000_000)]
    rounds: u64,
    /// Seed of the random number generator: the same seed deals the same rounds.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// table or json (csv and md are refused: the comparison is a table and a summary).
    #[arg(long, default_value = "table", value_parser = crate::Formats(&[Format::Table, Format::Json]))]
    format: Format,
    #[command(flatten)]
    tables: TablesArg,
}

/// The simulation beside the exact analysis.
struct Comparison<'a> {
    game: &'a str,
    wager: &'a str,
    paytable: &'a str,
    variant: Option<&'a str>,
    seed: u64,
    exact: Analysis,
    estimate: Estimate,
}

impl Comparison<'_> {
    fn exact_edge(&self) -> f64 {
        Decimal(&self.exact.house_edge).to_f64()
    }

    /// Standard errors between the simulated and the exact house edge (positive: the simulation
    /// holds more). Infinite when the standard error is zero and they differ.
    fn z(&self) -> f64 {
        let diff = self.estimate.house_edge() - self.exact_edge();
        if diff == 0.0 {
            0.0
        } else {
            diff / self.estimate.standard_error
        }
    }

    fn within(&self) -> bool {
        (self.estimate.house_edge() - self.exact_edge()).abs() <= WITHIN * self.estimate.standard_error
    }
}

/// One outcome's row: pays, simulated count, frequency, exact probability and the z-score of the
/// frequency against it (`None` for an outcome the exact path says never happens).
struct OutcomeRow {
    outcome: String,
    pays: String,
    count: u64,
    frequency: f64,
    probability: String,
    probability_decimal: f64,
    z: Option<f64>,
}

fn outcome_rows(c: &Comparison) -> Vec<OutcomeRow> {
    let n = c.estimate.rounds as f64;
    c.exact
        .rows
        .iter()
        .map(|r| {
            let count = c.estimate.outcome_counts.iter().find(|o| o.0 == r.outcome).map_or(0, |o| o.1);
            let p = Decimal(&r.probability).to_f64();
            let frequency = count as f64 / n;
            let z = (p > 0.0).then(|| (frequency - p) / (p * (1.0 - p) / n).sqrt());
            OutcomeRow {
                outcome: r.outcome.clone(),
                pays: r.pay.as_ref().map_or_else(|| "loses".to_string(), |p| p.to_string()),
                count,
                frequency,
                probability: fraction(&r.probability),
                probability_decimal: p,
                z,
            }
        })
        .collect()
}

/// What every z-score of the edge means, printed beside it: positive when the simulation's house
/// edge is above the exact one (side bets and main games alike).
const Z_MEANS: &str = "(simulated minus exact house edge, in standard errors)";

/// Most rounds one run deals: minutes of work, and a standard error of about 10⁻⁵.
const MAX_ROUNDS: u64 = 10_000_000_000;

pub fn run(args: Args) -> Result<(), String> {
    if args.rounds < 2 || args.rounds > MAX_ROUNDS {
        return Err(format!("--rounds {}: give from 2 (a standard error needs two rounds) to {MAX_ROUNDS}", args.rounds));
    }
    Format::offer("simulate", args.format, &[Format::Table, Format::Json])?;
    if let parsheet_games::Model::Main(game) = parsheet_games::lookup(&args.target.game, &args.target.wager)? {
        return main_game(&args, game);
    }
    let wager = parsheet_games::find(&args.target.game, &args.target.wager)?;
    let games = args.tables.load()?;
    let entry = parsheet_app::inputs::select(&games, &args.target.game, &args.target.wager, args.target.paytable.as_deref())?;
    // The simulation is set up first: it checks the reading and that it can deal this wager.
    let variant = entry.reading(args.target.variant.as_deref(), wager);
    let simulation = Simulation::new(&args.target.game, &args.target.wager, variant)?;
    let counts = wager.count(variant)?;
    let exact = analyze(&counts, &entry.table).map_err(|e| format!("{} {} paytable {}: {e}", args.target.game, args.target.wager, entry.table.id))?;

    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let progress = (args.rounds >= BAR_FROM_ROUNDS).then(|| Progress::new(format!("simulating {} rounds", args.rounds), args.rounds));
    let tally = simulation.run_with(args.rounds, args.seed, threads, &|done| {
        if let Some(p) = &progress {
            p.set(done);
        }
    });
    if let Some(p) = &progress {
        p.finish();
    }
    let estimate = tally.estimate(&entry.table)?;

    let c = Comparison {
        game: &args.target.game,
        wager: &args.target.wager,
        paytable: &entry.table.id,
        variant,
        seed: args.seed,
        exact,
        estimate,
    };
    match args.format {
        Format::Json => println!("{}", to_json(&c)),
        Format::Table | Format::Md | Format::Csv => print!("{}", to_text(&c)),
    }
    Ok(())
}

/// A float for JSON: `null` where it is not finite.
fn finite(x: f64) -> serde_json::Value {
    if x.is_finite() {
        json!(x)
    } else {
        serde_json::Value::Null
    }
}

fn to_json(c: &Comparison) -> serde_json::Value {
    let e = &c.estimate;
    json!({
        "game": c.game,
        "wager": c.wager,
        "paytable": c.paytable,
        "variant": c.variant,
        "rounds": e.rounds.to_string(),
        "seed": c.seed.to_string(),
        "house_edge_estimate": finite(e.house_edge()),
        "standard_error": finite(e.standard_error),
        "exact_house_edge": fraction(&c.exact.house_edge),
        "exact_house_edge_percent": Decimal(&c.exact.house_edge).percent(6),
        "z_score": finite(c.z()),
        "within_4_standard_errors": c.within(),
        "outcomes": outcome_rows(c).iter().map(|r| json!({
            "outcome": r.outcome,
            "pays": r.pays,
            "count": r.count.to_string(),
            "frequency": finite(r.frequency),
            "probability": r.probability,
            "probability_decimal": finite(r.probability_decimal),
            "z_score": r.z.map(finite),
        })).collect::<Vec<_>>(),
    })
}

fn to_text(c: &Comparison) -> String {
    let e = &c.estimate;
    let mut out = String::new();
    let variant = c.variant.map(|v| format!(", reading {v}")).unwrap_or_default();
    out += &format!("{} {} — paytable {}{variant}\n", c.game, c.wager, c.paytable);
    out += &format!("{} rounds, seed {}\n\n", e.rounds, c.seed);
    let rows = outcome_rows(c);
    let w = rows.iter().map(|r| r.outcome.len()).max().unwrap_or(7).max(7);
    out += &format!("{:<w$}  {:>14}  {:>12}  {:>12}  {:>12}  {:>7}\n", "outcome", "pays", "count", "frequency", "exact", "z");
    for r in &rows {
        let z = match r.z {
            Some(z) => format!("{z:+.2}"),
            None if r.count == 0 => "-".to_string(),
            None => "IMPOSSIBLE".to_string(),
        };
        out += &format!("{:<w$}  {:>14}  {:>12}  {:>12.10}  {:>12.10}  {z:>7}\n", r.outcome, r.pays, r.count, r.frequency, r.probability_decimal);
    }
    let verdict = if c.within() { "yes" } else { "NO" };
    let summary = [
        ("simulated edge", format!("{:.4}% ± {:.4}% (one standard error)", 100.0 * e.house_edge(), 100.0 * e.standard_error)),
        ("exact edge", format!("{}% = {}", Decimal(&c.exact.house_edge).percent(6), fraction(&c.exact.house_edge))),
        ("z-score", format!("{:+.2} {Z_MEANS}", c.z())),
        ("within 4 s.e.", verdict.to_string()),
    ];
    out += "\n";
    for (k, v) in summary {
        out += &format!("{k:>18}: {v}\n");
    }
    out
}

/// A main game played with the solver's optimal strategy, settled by the simulator's own rules.
fn main_game(args: &Args, game: &parsheet_games::strategy::StrategyGame) -> Result<(), String> {
    use num_traits::ToPrimitive;
    use parsheet_sim::main_game::{dj_wild, over_under, over_under_strategy};
    let variant = args.target.variant.clone().unwrap_or_else(|| game.variants[0].id.to_string());
    let (s, est) = match game.game {
        "over-under" => {
            let s = game.solve(Some(&variant), None)?;
            let est = over_under(&over_under_strategy(&s.strategy), variant == "opposite-range-loses", args.rounds, args.seed);
            (s, est)
        }
        "dj-wild" => {
            let games = args.tables.load()?;
            let blind = &parsheet_app::inputs::select(&games, game.game, game.wager, args.target.paytable.as_deref())?.table;
            let s = game.solve(Some(&variant), Some(blind))?;
            let raising = parsheet_games::strategy::dj_wild::raising_hands(blind)?;
            // The solve above has checked that every Blind pay has a fixed net result.
            let net = |outcome: &str| blind.pay(outcome).map_or(-1.0, |p| p.net().and_then(|n| n.to_f64()).unwrap_or(f64::NAN));
            let est = dj_wild(&|hand| raising.binary_search(&parsheet_sim::main_game::solver_bits(hand)).is_ok(), &net, args.rounds, args.seed);
            (s, est)
        }
        "heads-up-holdem" => {
            use parsheet_games::strategy::heads_up::{solve_cached, to_solution, Config};
            use parsheet_reference::RefCategory;
            let games = args.tables.load()?;
            let odds = &parsheet_app::inputs::select(&games, game.game, game.wager, args.target.paytable.as_deref())?.table;
            let tables = games.iter().find(|t| t.game == game.game).expect("select found the game");
            let bad_beat = parsheet_app::main_game::bad_beat_table(tables, game.bonus_wager.unwrap_or("bad-beat"), None)?;
            let config = Config::heads_up(&variant, odds, bad_beat)?;
            let x = solve_cached(&config)?;
            let s = to_solution(&x, bad_beat.is_some());
            let bits = |cards: &[parsheet_reference::RefCard]| parsheet_cards::CardSet(parsheet_sim::main_game::solver_bits(cards));
            let play = |hole: &[parsheet_reference::RefCard], board: &[parsheet_reference::RefCard]| {
                let (n, d) = x.play(bits(hole), bits(board)).expect("dealt cards are a spot of the game");
                n as f64 / d as f64
            };
            let net = |t: &parsheet_paytable::Paytable, c: RefCategory| t.pay(c.name()).and_then(|p| p.net()).and_then(|n| n.to_f64());
            let high_card = if variant == "odds-lose-below-pair" { -1.0 } else { 0.0 };
            let odds_win = |c: RefCategory| if c == RefCategory::HighCard { high_card } else { net(odds, c).unwrap_or(-1.0) };
            let bad = |c: RefCategory| bad_beat.and_then(|t| net(t, c)).unwrap_or(-1.0);
            let est = parsheet_sim::main_game::heads_up(&parsheet_reference::deck(false), &play, &odds_win, &bad, args.rounds, args.seed);
            (s, est)
        }
        other => return Err(format!("parsheet simulates the main games of over-under, dj-wild and heads-up-holdem, not {other}; its exact figures: `parsheet analyze {other} base`")),
    };
    let exact = s.expected_net.to_f64().unwrap();
    // The one convention of `simulate`: simulated minus exact house edge, in standard errors.
    let z = (exact - est.mean_net) / est.standard_error;
    let within = z.abs() <= WITHIN;
    match args.format {
        Format::Json => println!(
            "{}",
            json!({"game": args.target.game, "wager": parsheet_games::MAIN, "variant": variant, "rounds": args.rounds.to_string(), "seed": args.seed.to_string(),
                "house_edge_estimate": -est.mean_net, "standard_error": est.standard_error,
                "exact_house_edge": fraction(&s.house_edge()), "exact_house_edge_percent": Decimal(&s.house_edge()).percent(6),
                "z_score": z, "within_4_standard_errors": within, "average_wager_estimate": est.mean_wagered})
        ),
        _ => {
            println!("{} base — optimal strategy, reading {variant}, {} rounds, seed {}\n", args.target.game, args.rounds, args.seed);
            println!("    simulated edge: {:.4}% ± {:.4}% per Ante (one standard error)", -100.0 * est.mean_net, 100.0 * est.standard_error);
            println!("        exact edge: {}% = {}", Decimal(&s.house_edge()).percent(6), fraction(&s.house_edge()));
            println!("           z-score: {z:+.2} {Z_MEANS}");
            println!("     within 4 s.e.: {}", if within { "yes" } else { "NO" });
        }
    }
    Ok(())
}
