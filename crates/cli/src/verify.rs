//! `parsheet verify`: every published figure beside the computed one (`parsheet_app::verify`).

use parsheet_app::progress::Task;
use parsheet_report::terminal;

use crate::{Format, TablesArg};

#[derive(clap::Args)]
pub struct Args {
    /// Only this game's figures (a game id, as `parsheet list` prints it).
    game: Option<String>,
    /// Only this wager's figures (`base`: the main game's).
    wager: Option<String>,
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Face Up Pai Gow's house way for its main game (a name from house-ways/ or a JSON file;
    /// default foxwoods): an exact full-deck count, kept in the cache.
    #[arg(long, value_name = "NAME|FILE")]
    house_way: Option<String>,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    pub cache: crate::store::CacheArgs,
}

pub fn run(args: Args) -> Result<(), String> {
    let mut tables = args.tables.tables()?;
    tables.games = parsheet_app::inputs::only(&tables.games, args.game.as_deref(), args.wager.as_deref())?;
    let house_way = parsheet_app::main_game::house_way_choice(args.house_way.as_deref(), &tables.games)?;
    let total: usize = tables.games.iter().flat_map(|g| &g.wagers).map(|w| w.published.len()).sum();
    let task = Task::new("verifying published figures", total as u64);
    let done = std::sync::atomic::AtomicU64::new(0);
    let checks = parsheet_app::verify::checks(&tables.games, &parsheet_app::verify::Context { house_way: &house_way }, &|| task.set(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1));
    task.finish();
    crate::print(match args.format {
        Format::Csv => terminal::checks_rows(&checks, false),
        Format::Md => terminal::checks_rows(&checks, true),
        Format::Json => crate::json(&checks),
        Format::Table => terminal::checks_text(&checks),
    })
}
