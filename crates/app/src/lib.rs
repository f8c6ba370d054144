//! The questions parsheet answers, each answered in one place, as a typed record.
//!
//! A lab reads a figure in the terminal, in `report.json`, in a PAR sheet, in a workbook; a
//! designer reads it on a web page. When each view computed its own, one figure could show three
//! values (a progressive's long run with and without the reset, a hold worded as a payback). So
//! every question is answered here, once, and every view renders the record it gets back:
//!
//! - [`wager::analyze`]: a wager × paytable × reading under stated assumptions
//!   ([`wager::WagerAnalysis`]); a meter, dollar or Envy wager through the progressive model
//!   ([`progressive`]).
//! - [`main_game::solve`]: a main game's solution under optimal strategy
//!   ([`main_game::MainGameAnalysis`]).
//! - [`heads_up`]: Heads-Up Hold 'Em's strategy under a chosen minimum raise, with its
//!   pre-flop chart and dealer's rules ([`heads_up::HeadsUpStrategy`]), and the values of one
//!   spot ([`heads_up::Spot`]).
//! - [`verify::checks`]: every published figure beside the computed one, with its status.
//! - [`explain`]: the one-line changes that would reproduce a figure.
//! - [`house_ways`]: Face Up Pai Gow's built-in house ways side by side, the range over every
//!   way a casino could file, and the single-rule edits of a way that would reproduce a figure.
//! - [`report::build`]: the report's contents, from the records above.
//!
//! Every record speaks one vocabulary ([`vocab`]): exact values as `"p/q"` strings, `figures` (a
//! house edge and payback per basis: per unit, per Ante, per initial wager, per total wagered),
//! the `primary_basis` and its values at the top level, and `assumptions` (each value, whether
//! it is parsheet's default, and why). Defaults are decided once ([`defaults`]), from the tables
//! files where the data records them with their reasons, so every view assumes the same.
//!
//! Records derive `serde::Serialize` and `schemars::JsonSchema`: their JSON is every command's
//! `--format json`, and `docs/schemas/` holds the schemas generated from these types. This
//! crate prints nothing and writes no file; it reads the tables and house ways it is given and
//! counts through `parsheet_shard::counted`, whose store the program installs.

pub mod explain;
pub mod definition_schema;
pub mod design;
pub mod explore;
pub mod figure;
pub mod frequencies;
pub mod heads_up;
pub mod house_ways;
pub mod inputs;
pub mod main_game;
pub mod pays;
pub mod plans;
pub mod progress;
pub mod progressive;
pub mod provenance;
pub mod report;
pub mod schemas;
pub mod simulate;
pub mod verify;
pub mod vocab;
pub mod wager;

pub(crate) use parsheet_tables::printable;
pub use vocab::{Assumption, Basis, Count, Exact, Figure, Figures, Source};
