//! `parsheet simulate <game> <wager>`: a seeded Monte Carlo estimate of the house edge beside the
//! exact figure. The work is `parsheet_app::simulate`'s; this module parses, dispatches and
//! prints (`parsheet_report::terminal`'s views, or the record as JSON).

use parsheet_report::terminal;

use crate::analyze::WagerArgs;
use crate::{Format, TablesArg};

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
    /// Face Up Pai Gow's main game: the house way its dealer sets by (a name from house-ways/ or
    /// a JSON file; default foxwoods). Saigon 5 Card: the dealer's setting, highest-point or
    /// lowest-point.
    #[arg(long, value_name = "NAME|FILE")]
    house_way: Option<String>,
    /// table or json (csv and md are refused: the comparison is a table and a summary).
    #[arg(long, default_value = "table", value_parser = crate::Formats(&[Format::Table, Format::Json]))]
    format: Format,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    pub cache: crate::store::CacheArgs,
}

pub fn run(args: Args) -> Result<(), String> {
    parsheet_app::simulate::check_rounds(args.rounds)?;
    Format::offer("simulate", args.format, &[Format::Table, Format::Json])?;
    let t = &args.target;
    // Read first: a tables file may define the game (schema 2).
    let games = args.tables.load()?;
    if let parsheet_games::Model::Main(g) = parsheet_games::lookup(&t.game, &t.wager)? {
        let (variant, way) = parsheet_app::inputs::house_way(g.game, t.variant.as_deref(), args.house_way.as_deref())?;
        let way = if g.needs_house_way() { Some(parsheet_app::main_game::house_way_choice(way, &games)?) } else { None };
        let s = parsheet_app::simulate::main_game(&games, g, variant.as_deref(), t.paytable.as_deref(), way.as_ref(), args.rounds, args.seed)?;
        return crate::print(match args.format {
            Format::Json => crate::json(&s),
            _ => terminal::main_simulation_text(&s),
        });
    }
    if let Some(w) = &args.house_way {
        return Err(format!("--house-way {w:?}: the dealer's setting belongs to the main game; try `parsheet simulate {} base --house-way {w}`", t.game));
    }
    let s = parsheet_app::simulate::wager(&games, &t.game, &t.wager, t.paytable.as_deref(), t.variant.as_deref(), args.rounds, args.seed)?;
    crate::print(match args.format {
        Format::Json => crate::json(&s),
        _ => terminal::wager_simulation_text(&s),
    })
}
