//! `parsheet serve`: the paytable designer in the browser (`parsheet-serve`, docs/SERVE.md).

use crate::TablesArg;

#[derive(clap::Args)]
pub struct Args {
    /// The port on 127.0.0.1 (and ::1); by default a free one. A taken port is an error.
    #[arg(long)]
    port: Option<u16>,
    /// Open the page in the desktop's browser (xdg-open).
    #[arg(long)]
    open: bool,
    #[command(flatten)]
    tables: TablesArg,
    /// Face Up Pai Gow's setting table (the house-way panel) is read from and kept in the
    /// results cache, as every command keeps its counts.
    #[command(flatten)]
    cache: crate::store::CacheArgs,
}

pub fn run(args: Args) -> Result<(), String> {
    let tables = args.tables.tables()?;
    crate::store::install(&args.cache)?;
    let provenance: parsheet_serve::Provenance = Box::new(|games| crate::provenance(games, None, crate::source_date()?));
    parsheet_serve::run(parsheet_serve::Options { port: args.port, open: args.open, provenance }, tables.games, tables.source)
}
