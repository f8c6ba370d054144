//! DJ Wild (687a.6): which wild cards a hand holds, and what it makes without them.
//!
//! The Trips Bonus pays some hands more when they are "natural". The regulation does not say
//! what natural means; the readings are built from these two facts by the paytable layer.

use parsheet_cards::{CardSet, Rank};

use crate::{Category, Evaluator, Ranking};

/// The wild cards in a hand: its deuces and the joker.
pub fn wild_count(cards: CardSet) -> u32 {
    cards.count_rank(Rank::TWO) + cards.has_joker() as u32
}

/// The value (category and tie-breaks) the hand reaches when every deuce is played as a natural 2
/// (ordinary poker); `None` if the hand holds the joker, which has no natural reading. Both
/// rankings order straights alike, so the value compares with a deuces-wild value.
pub fn value_with_deuces_natural(cards: CardSet) -> Option<(Category, [u8; 5])> {
    if cards.has_joker() {
        return None;
    }
    let standard = Evaluator::get(Ranking::Standard);
    let rank = standard.evaluate(cards);
    Some((standard.category(rank), standard.tiebreaks(rank)))
}

/// The category of [`value_with_deuces_natural`].
pub fn category_with_deuces_natural(cards: CardSet) -> Option<Category> {
    value_with_deuces_natural(cards).map(|v| v.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_readings() {
        let trips: CardSet = "2s 2h 2d Kc 9h".parse().unwrap();
        assert_eq!(wild_count(trips), 3);
        assert_eq!(category_with_deuces_natural(trips), Some(Category::ThreeOfAKind));
        let wild = Evaluator::get(Ranking::DeucesJokerWild);
        assert_eq!(wild.category(wild.evaluate(trips)), Category::FourOfAKind);
        assert_eq!(category_with_deuces_natural("Jk Ks Kh 9d 4c".parse().unwrap()), None);
        // A natural six-high straight flush; the deuce played wild makes it seven-high.
        let low_straight_flush: CardSet = "2s 3s 4s 5s 6s".parse().unwrap();
        let wild_rank = wild.evaluate(low_straight_flush);
        assert_eq!(category_with_deuces_natural(low_straight_flush), Some(wild.category(wild_rank)));
        assert_ne!(value_with_deuces_natural(low_straight_flush), Some((wild.category(wild_rank), wild.tiebreaks(wild_rank))));
    }
}
