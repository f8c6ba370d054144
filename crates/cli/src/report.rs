//! `parsheet report`: the hold report (`parsheet_app::report`), rendered by `parsheet-report`
//! and written whole into `--out`.

use std::path::PathBuf;

use parsheet_app::progress::Plan;

use crate::TablesArg;

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the report (created if missing; a previous report there is replaced as a
    /// whole, and only once the new one is complete).
    #[arg(long, default_value = "report")]
    out: PathBuf,
    /// Largest whole-number pay tried when explaining a mismatch (at most 1000000).
    #[arg(long, default_value_t = 100_000)]
    max_pay: u64,
    /// A one-off paytable added to the one wager whose outcomes it names (see `analyze --pays`).
    #[command(flatten)]
    pays: crate::analyze::PaysArg,
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
    parsheet_app::inputs::check_max_pay(args.max_pay)?;
    let date = crate::source_date()?;
    let mut tables = args.tables.tables()?;
    if let Some(spec) = &args.pays.pays {
        let (game, wager) = parsheet_app::pays::wager_of(&tables.games, spec)?;
        let id = parsheet_app::pays::add(&mut tables.games, &game, &wager, spec, None)?;
        tables.source += &format!(", with paytable {id} of {game} {wager} from --pays");
    }
    // One line for the whole report, shown at once, its time left from every step's planned cost.
    let named = parsheet_app::main_game::house_way_named(args.house_way.as_deref(), &tables.games);
    let plan = Plan::start("building the hold report", parsheet_app::report::plan(&tables.games, &named)?);
    // Before anything is computed or written: the house way on every hand, the output free.
    let house_way = parsheet_app::main_game::house_way_choice(args.house_way.as_deref(), &tables.games)?;
    // Held until the report is in place (or the run fails): one run at a time per directory.
    let lock = crate::output::lock_tree(&args.out)?;
    crate::output::check_tree_target(&args.out)?;
    let uses_way = tables.games.iter().any(|g| g.game == "face-up-pai-gow");
    let provenance = crate::provenance(&tables.games, uses_way.then_some(&house_way), date)?;
    let report = parsheet_app::report::build(&tables.games, &tables.source, provenance, args.max_pay, &parsheet_app::verify::Context { house_way: &house_way })?;
    drop(plan);
    let files = parsheet_report::files(&report)?;
    crate::output::write_tree(&args.out, &files, &lock)?;
    let shown = parsheet_tables::printable(&args.out.display().to_string());
    crate::print(format!("wrote {} files to {shown} (open {shown}/index.html)\n", files.len()))
}
