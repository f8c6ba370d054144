//! `parsheet progressive <game> <wager>`: the progressive model of one paytable
//! (`parsheet_app::progressive`) at a meter, with the players, rate and reset given.

use parsheet_app::progressive::{user_dollars, user_percent, Assume};

use crate::{Format, TablesArg};

#[derive(clap::Args)]
#[command(mut_arg("game", |a| a.help("Game id, e.g. dj-wild")), mut_arg("wager", |a| a.help("Wager id of a progressive wager, e.g. progressive (see `parsheet list`)")))]
pub struct Args {
    #[command(flatten)]
    pub target: crate::analyze::WagerArgs,
    /// Meter amount in dollars for the payback at that meter, e.g. 25000 or $25,000.
    #[arg(long, allow_hyphen_values = true)]
    pub meter: Option<String>,
    /// Other players at the table, each of whose hands can pay this player an Envy Bonus (0 to
    /// 5: the tables seat six; default 0).
    #[arg(long)]
    pub players: Option<u32>,
    /// Wager in dollars (default: the paytable's printed wager, else $1).
    #[arg(long = "wager", id = "wager_amount", value_name = "AMOUNT", allow_hyphen_values = true)]
    pub wager_amount: Option<String>,
    /// Rate of progression in percent, where the paytable prints none, e.g. 20 or 20%.
    #[arg(long, allow_hyphen_values = true)]
    pub rate: Option<String>,
    /// Reset (re-seed) amount in dollars, where the paytable prints neither reset nor seed
    /// (default: the least the rule allows, where the tables record it).
    #[arg(long, allow_hyphen_values = true)]
    pub reset: Option<String>,
    /// table or json (csv and md are refused: the model is a list of figures, not one table).
    #[arg(long, default_value = "table", value_parser = crate::Formats(&[Format::Table, Format::Json]))]
    pub format: Format,
    #[command(flatten)]
    pub tables: TablesArg,
}

pub fn run(args: Args) -> Result<(), String> {
    Format::offer("progressive", args.format, &[Format::Table, Format::Json])?;
    let tables = args.tables.tables()?;
    let t = &args.target;
    let meter = args.meter.as_deref().map(|m| user_dollars("meter", m)).transpose()?;
    let assume = Assume {
        wager: args.wager_amount.as_deref().map(|w| user_dollars("wager", w)).transpose()?,
        rate: args.rate.as_deref().map(|r| user_percent("rate", r)).transpose()?,
        reset: args.reset.as_deref().map(|r| user_dollars("reset", r)).transpose()?,
        others: args.players,
    };
    let m = parsheet_app::progressive::analyze(&tables.games, &t.game, &t.wager, t.paytable.as_deref(), t.variant.as_deref(), &assume, meter.as_ref())?;
    crate::print(match args.format {
        Format::Json => crate::json(&m),
        _ => parsheet_report::terminal::progressive_text(&m),
    })
}
