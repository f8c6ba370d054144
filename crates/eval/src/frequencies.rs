//! Frequency tables: how many hands of a deck fall in each category, counted exactly.
//!
//! Rankings are counted by ranking every hand (nested loops over card keys, split across threads
//! by lowest card); the total is asserted to be C(deck, cards). High Card Flush depends only on
//! how many cards each suit holds, so it is counted from suit compositions with binomials.

use std::sync::atomic::{AtomicU64, Ordering};

use parsheet_cards::{binomial, Card, CardSet, Deck};
use rayon::prelude::*;

use crate::{Category, Evaluator, HandKey, Ranking};

/// What to tabulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    Ranking(Ranking),
    HighCardFlush,
}

impl Table {
    pub const ALL: [Table; 5] = [
        Table::Ranking(Ranking::Standard),
        Table::Ranking(Ranking::Joker),
        Table::Ranking(Ranking::PaiGow),
        Table::Ranking(Ranking::DeucesJokerWild),
        Table::HighCardFlush,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Table::Ranking(r) => r.name(),
            Table::HighCardFlush => "high-card-flush",
        }
    }

    pub fn from_name(name: &str) -> Option<Table> {
        Table::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The deck the table is counted over.
    pub fn deck(self) -> Deck {
        match self {
            Table::Ranking(r) if r.uses_joker() => Deck::with_joker(),
            _ => Deck::standard(),
        }
    }

    /// The hand sizes the table supports.
    pub fn card_range(self) -> std::ops::RangeInclusive<usize> {
        5..=7
    }
}

/// One frequency table, categories best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frequencies {
    pub table: Table,
    pub cards: usize,
    /// The number of hands: C(deck size, cards).
    pub total: u64,
    pub rows: Vec<(String, u64)>,
}

/// Counts every `cards`-card hand. `progress(done)` is called now and then with the number of
/// hands counted so far (from several threads).
pub fn count(table: Table, cards: usize, progress: &(dyn Fn(u64) + Sync)) -> Frequencies {
    assert!(table.card_range().contains(&cards), "{} hands hold {:?} cards", table.name(), table.card_range());
    let deck = table.deck();
    let total = binomial(deck.len() as u64, cards as u64);
    let rows = match table {
        Table::Ranking(ranking) => count_ranking(ranking, &deck, cards, progress),
        Table::HighCardFlush => {
            let rows = count_flush_lengths(cards);
            progress(total);
            rows
        }
    };
    let counted: u64 = rows.iter().map(|r| r.1).sum();
    assert_eq!(counted, total, "every hand counted once");
    Frequencies { table, cards, total, rows }
}

/// The number of `cards`-card hands of `deck` with each rank (index = `HandRank.0`), counted
/// over every hand on all cores.
pub fn rank_histogram(ranking: Ranking, deck: &Deck, cards: usize, progress: &(dyn Fn(u64) + Sync)) -> Vec<u64> {
    let e = Evaluator::get(ranking);
    let keys: Vec<HandKey> = deck.cards().iter().map(|&c| e.key(c)).collect();
    let n = keys.len();
    let done = AtomicU64::new(0);
    let by_rank = (0..=n - cards)
        .into_par_iter()
        .map(|first| {
            let mut counts = vec![0u64; e.class_count() + 1];
            walk(e, &keys, cards - 1, first + 1, HandKey::EMPTY + keys[first], &mut counts);
            let hands = binomial((n - first - 1) as u64, (cards - 1) as u64);
            progress(done.fetch_add(hands, Ordering::Relaxed) + hands);
            counts
        })
        .reduce(|| vec![0u64; e.class_count() + 1], |mut a, b| {
            a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
            a
        });
    assert_eq!(by_rank[0], 0, "every hand has a rank");
    assert_eq!(by_rank.iter().sum::<u64>(), binomial(n as u64, cards as u64), "every hand counted once");
    by_rank
}

/// Folds every `cards`-card hand of `deck` into a per-thread accumulator (split by lowest card)
/// and merges the accumulators. For wagers whose outcome needs more than a hand's rank.
pub fn fold_hands<T: Send>(
    deck: &Deck,
    cards: usize,
    init: impl Fn() -> T + Sync,
    visit: impl Fn(&mut T, CardSet) + Sync,
    merge: impl Fn(T, T) -> T + Sync,
) -> T {
    fn walk<T>(deck: &[Card], depth: usize, from: usize, prefix: CardSet, acc: &mut T, visit: &impl Fn(&mut T, CardSet)) {
        if depth == 0 {
            visit(acc, prefix);
            return;
        }
        for i in from..=deck.len() - depth {
            walk(deck, depth - 1, i + 1, prefix.with(deck[i]), acc, visit);
        }
    }
    let d = deck.cards();
    assert!((1..=d.len()).contains(&cards));
    (0..=d.len() - cards)
        .into_par_iter()
        .map(|first| {
            let mut acc = init();
            walk(d, cards - 1, first + 1, CardSet::EMPTY.with(d[first]), &mut acc, &visit);
            acc
        })
        .reduce(&init, &merge)
}

fn count_ranking(ranking: Ranking, deck: &Deck, cards: usize, progress: &(dyn Fn(u64) + Sync)) -> Vec<(String, u64)> {
    let e = Evaluator::get(ranking);
    let by_rank = rank_histogram(ranking, deck, cards, progress);
    let mut by_category = [0u64; 13];
    for (id, &c) in by_rank.iter().enumerate().skip(1) {
        by_category[e.category(crate::HandRank(id as u16)) as usize] += c;
    }
    Category::ALL_BEST_FIRST
        .iter()
        .filter(|&&cat| category_exists(ranking, cat))
        .map(|&cat| (cat.name().to_string(), by_category[cat as usize]))
        .collect()
}

/// Whether a ranking has the category at all (a category may exist and still count zero).
fn category_exists(ranking: Ranking, category: Category) -> bool {
    match category {
        Category::FiveWilds => ranking == Ranking::DeucesJokerWild,
        Category::FiveOfAKind => matches!(ranking, Ranking::DeucesJokerWild | Ranking::PaiGowWildJoker),
        Category::FiveAces => matches!(ranking, Ranking::Joker | Ranking::PaiGow),
        _ => true,
    }
}

/// Adds `depth` more cards from `keys[from..]` to `prefix`, counting each hand's rank.
fn walk(e: &Evaluator, keys: &[HandKey], depth: usize, from: usize, prefix: HandKey, counts: &mut [u64]) {
    match depth {
        1 => return e.rank_extensions_grouped(prefix, &keys[from..], |r, n| counts[r.0 as usize] += n),
        2 => return e.rank_two_more_grouped(prefix, &keys[from..], |r, n| counts[r.0 as usize] += n),
        _ => {}
    }
    for i in from..=keys.len() - depth {
        walk(e, keys, depth - 1, i + 1, prefix + keys[i], counts);
    }
}

/// High Card Flush hands by longest flush: sum over suit compositions (a, b, c, d) of the
/// ways to draw them, Π C(13, a_i).
fn count_flush_lengths(cards: usize) -> Vec<(String, u64)> {
    let mut by_len = vec![0u64; cards + 1];
    for a in 0..=cards {
        for b in 0..=cards - a {
            for c in 0..=cards - a - b {
                let d = cards - a - b - c;
                let ways: u64 = [a, b, c, d].iter().map(|&x| binomial(13, x as u64)).product();
                by_len[*[a, b, c, d].iter().max().unwrap()] += ways;
            }
        }
    }
    (1..=cards).rev().filter(|&l| by_len[l] > 0).map(|l| (format!("{l}-card-flush"), by_len[l])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(f: &Frequencies, name: &str) -> u64 {
        f.rows.iter().find(|r| r.0 == name).unwrap_or_else(|| panic!("no row {name}")).1
    }

    #[test]
    fn standard_five_card_counts_are_the_published_ones() {
        let f = count(Table::Ranking(Ranking::Standard), 5, &|_| {});
        let expected = [
            ("royal-flush", 4),
            ("straight-flush", 36),
            ("four-of-a-kind", 624),
            ("full-house", 3_744),
            ("flush", 5_108),
            ("straight", 10_200),
            ("three-of-a-kind", 54_912),
            ("two-pair", 123_552),
            ("pair", 1_098_240),
            ("high-card", 1_302_540),
        ];
        assert_eq!(f.rows.len(), expected.len());
        for (name, n) in expected {
            assert_eq!(row(&f, name), n, "{name}");
        }
    }

    #[test]
    fn high_card_flush_seven_cards_by_enumeration() {
        // Independent path: rank every 7-card hand with `hcf::rank` and tally flush lengths.
        let f = count(Table::HighCardFlush, 7, &|_| {});
        let deck = Deck::standard();
        let mut by_len = [0u64; 8];
        for hand in parsheet_cards::Subsets::new(deck.cards(), 7) {
            by_len[crate::hcf::rank(hand).flush_len() as usize] += 1;
        }
        for len in 2..=7 {
            assert_eq!(row(&f, &format!("{len}-card-flush")), by_len[len], "{len}-card flush");
        }
        assert_eq!(by_len[1], 0);
        // 7-card flush: 4 * C(13, 7).
        assert_eq!(row(&f, "7-card-flush"), 4 * 1716);
    }
}
