//! `parsheet explain`: for every published figure that does not reproduce, the one-line
//! paytable changes that would (`parsheet_app::explain`).

use parsheet_app::progress::Task;

use crate::{Format, TablesArg};

#[derive(clap::Args)]
pub struct Args {
    /// Largest whole-number pay ("n to 1") to try on a line (at most 1000000).
    #[arg(long, default_value_t = 100_000)]
    max_pay: u64,
    /// table or json (csv and md are refused: each figure has a list of explanations).
    #[arg(long, value_enum, default_value = "table")]
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
    let tables = args.tables.tables()?;
    let house_way = parsheet_app::main_game::house_way_choice(args.house_way.as_deref(), &tables.games)?;
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
