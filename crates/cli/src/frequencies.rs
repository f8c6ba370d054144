//! `parsheet frequencies <ranking> --cards N`: the count is `parsheet_app::frequencies`'s; this
//! module parses, dispatches and prints (`parsheet_report::terminal`'s views, or the record as
//! JSON).

use clap::ValueEnum;
use parsheet_app::frequencies::Table;
use parsheet_eval::Ranking;

use crate::Format;

/// The rankings a frequency table can be counted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RankingArg {
    /// Ordinary poker, 52 cards.
    Standard,
    /// The semi-wild joker of Saigon 5 Card (680a.6(c)), 53 cards.
    Joker,
    /// Face Up Pai Gow's ordering with its joker (688a.6), 53 cards.
    PaiGow,
    /// DJ Wild: deuces and joker wild (687a.6), 53 cards.
    DeucesJokerWild,
    /// High Card Flush: longest flush (678a.6(b)), 52 cards.
    HighCardFlush,
}

impl RankingArg {
    fn table(self) -> Table {
        match self {
            RankingArg::Standard => Table::Ranking(Ranking::Standard),
            RankingArg::Joker => Table::Ranking(Ranking::Joker),
            RankingArg::PaiGow => Table::Ranking(Ranking::PaiGow),
            RankingArg::DeucesJokerWild => Table::Ranking(Ranking::DeucesJokerWild),
            RankingArg::HighCardFlush => Table::HighCardFlush,
        }
    }
}

#[derive(clap::Args)]
pub struct Args {
    /// The hand ranking to count.
    #[arg(value_enum)]
    ranking: RankingArg,
    /// Cards per hand (the best five of them are ranked).
    #[arg(long, value_parser = clap::value_parser!(u8).range(5..=7))]
    cards: u8,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
}

pub fn run(args: Args) -> Result<(), String> {
    let f = parsheet_app::frequencies::frequencies(args.ranking.table(), args.cards as usize);
    crate::print(match args.format {
        Format::Json => crate::json(&f),
        Format::Table => parsheet_report::terminal::frequencies_text(&f),
        Format::Csv => parsheet_report::terminal::frequencies_rows(&f, false),
        Format::Md => parsheet_report::terminal::frequencies_rows(&f, true),
    })
}
