//! `parsheet explain`: for every published figure that does not reproduce, the one-line
//! paytable changes that would (`parsheet_app::explain`).

use parsheet_app::progress::Task;

use crate::{Format, TablesArg};

#[derive(clap::Args)]
pub struct Args {
    /// Only this game's figures (a game id, as `parsheet list` prints it).
    /// `explain face-up-pai-gow base` tries every single-rule change of the house way instead
    /// (from the setting table).
    game: Option<String>,
    /// Only this wager's figures (`base`: the main game's).
    wager: Option<String>,
    /// Largest whole-number pay ("n to 1") to try on a line (at most 1000000).
    #[arg(long, default_value_t = 100_000)]
    max_pay: u64,
    /// table or json (csv and md are refused: each figure has a list of explanations).
    #[arg(long, default_value = "table", value_parser = crate::Formats(&[Format::Table, Format::Json]))]
    format: Format,
    /// Face Up Pai Gow's house way for its main game (default foxwoods).
    #[arg(long, value_name = "NAME|FILE")]
    house_way: Option<String>,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    pub cache: crate::store::CacheArgs,
}

pub fn run(args: Args) -> Result<(), String> {
    Format::offer("explain", args.format, &[Format::Table, Format::Json])?;
    parsheet_app::inputs::check_max_pay(args.max_pay)?;
    let mut tables = args.tables.tables()?;
    tables.games = parsheet_app::inputs::only(&tables.games, args.game.as_deref(), args.wager.as_deref())?;
    let house_way = parsheet_app::main_game::house_way_choice(args.house_way.as_deref(), &tables.games)?;
    if args.game.as_deref() == Some("face-up-pai-gow") && args.wager.as_deref() == Some(parsheet_games::MAIN) {
        let e = parsheet_app::house_ways::way_edits(&tables.games, &house_way)?;
        return crate::print(match args.format {
            Format::Json => crate::json(&e),
            _ => parsheet_report::terminal::way_edits_text(&e),
        });
    }
    let total: usize = tables.games.iter().flat_map(|g| &g.wagers).map(|w| w.published.len()).sum();
    let task = Task::new("explaining published figures", total as u64);
    let done = std::sync::atomic::AtomicU64::new(0);
    let ex = parsheet_app::explain::explanations(&tables.games, args.max_pay, &parsheet_app::verify::Context { house_way: &house_way }, &|| {
        task.set(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1)
    })?;
    task.finish();
    crate::print(match args.format {
        Format::Json => crate::json(&ex),
        _ => parsheet_report::terminal::explanations_text(&ex),
    })
}
