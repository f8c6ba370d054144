//! `parsheet frequencies`: every hand of a deck by the category its ranking gives it, counted
//! exactly (`parsheet_eval::frequencies`: each hand ranked, or suit compositions for High Card
//! Flush), with the count's progress reported as it goes.

use serde::Serialize;

pub use parsheet_eval::frequencies::Table;

use crate::vocab::Count;

/// One category and the hands in it.
#[derive(Clone, Debug, Serialize)]
pub struct Category {
    pub name: String,
    pub combinations: Count,
}

/// The hands of a deck by category, best first.
#[derive(Clone, Debug, Serialize)]
pub struct Frequencies {
    /// The ranking's name.
    pub ranking: String,
    /// Cards per hand; the best five of them are ranked.
    pub cards: usize,
    /// Every hand of the deck: C(deck, cards).
    pub total: Count,
    pub categories: Vec<Category>,
    /// Cards in the deck.
    #[serde(skip)]
    pub deck: usize,
}

/// Counts every `cards`-card hand of the deck `table` ranks.
pub fn frequencies(table: Table, cards: usize) -> Frequencies {
    let deck = table.deck().len();
    let progress = crate::progress::Task::new(format!("{} {cards}-card hands", table.name()), parsheet_cards::binomial(deck as u64, cards as u64));
    let f = parsheet_eval::frequencies::count(table, cards, &|done| progress.set(done));
    progress.finish();
    Frequencies {
        ranking: table.name().to_string(),
        cards: f.cards,
        total: Count(f.total.into()),
        categories: f.rows.into_iter().map(|(name, n)| Category { name, combinations: Count(n.into()) }).collect(),
        deck,
    }
}
