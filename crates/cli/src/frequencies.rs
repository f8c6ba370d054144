//! `parsheet frequencies <ranking> --cards N`.

use clap::ValueEnum;
use parsheet_eval::frequencies::{count, Frequencies, Table};
use parsheet_eval::Ranking;
use serde_json::json;

use parsheet_app::progress::Task as Progress;
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
    let table = args.ranking.table();
    let cards = args.cards as usize;
    let total = parsheet_cards::binomial(table.deck().len() as u64, cards as u64);
    let progress = Progress::new(format!("{} {cards}-card hands", table.name()), total);
    let f = count(table, cards, &|done| progress.set(done));
    progress.finish();
    match args.format {
        Format::Json => println!("{}", to_json(&f)),
        Format::Table => print!("{}", to_table(&f)),
        Format::Csv => print!("{}", to_rows(&f, ",", "category,combinations,probability\n")),
        Format::Md => print!("{}", to_rows(&f, " | ", "| category | combinations | probability |\n|---|--:|--:|\n")),
    }
    Ok(())
}

fn to_json(f: &Frequencies) -> serde_json::Value {
    json!({
        "ranking": f.table.name(),
        "cards": f.cards,
        "total": f.total.to_string(),
        "categories": f.rows.iter().map(|(name, n)| json!({"name": name, "combinations": n.to_string()})).collect::<Vec<_>>(),
    })
}

fn to_table(f: &Frequencies) -> String {
    let deck = f.table.deck().len();
    let mut out = format!("{} ranking, {}-card hands from {} cards\n\n", f.table.name(), f.cards, deck);
    let width = f.rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max("total".len());
    out += &format!("{:<width$}  {:>14}  {:>12}  {:>14}\n", "category", "combinations", "probability", "one in");
    for (name, n) in &f.rows {
        // Floats only for display; the counts are exact.
        let p = *n as f64 / f.total as f64;
        let one_in = if *n == 0 { "-".to_string() } else { format!("{:.2}", 1.0 / p) };
        out += &format!("{name:<width$}  {n:>14}  {p:>12.8}  {one_in:>14}\n");
    }
    out += &format!("{:<width$}  {:>14}  {:>12.8}\n", "total", f.total, 1.0);
    out
}

/// CSV or Markdown rows: the exact count and the probability as an exact fraction.
fn to_rows(f: &Frequencies, sep: &str, head: &str) -> String {
    let md = sep != ",";
    let mut out = head.to_string();
    let row = |name: &str, n: u64| {
        let p = num_rational::Ratio::new(n, f.total);
        let cells = [name.to_string(), n.to_string(), if *p.denom() == 1 { p.numer().to_string() } else { format!("{}/{}", p.numer(), p.denom()) }];
        if md {
            format!("| {} |\n", cells.join(sep))
        } else {
            format!("{}\n", cells.join(sep))
        }
    };
    for (name, n) in &f.rows {
        out += &row(name, *n);
    }
    out += &row("total", f.total);
    out
}
