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
    parsheet_serve::run(parsheet_serve::Options { port: args.port, open: args.open }, tables.games, tables.source)
}
