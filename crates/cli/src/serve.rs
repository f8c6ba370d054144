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
}

pub fn run(args: Args) -> Result<(), String> {
    let tables = args.tables.tables()?;
    let provenance: parsheet_serve::Provenance = Box::new(|games| crate::provenance(games, None, crate::source_date()?));
    parsheet_serve::run(parsheet_serve::Options { port: args.port, open: args.open, provenance }, tables.games, tables.source)
}
