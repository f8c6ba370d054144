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

/// The category the hand reaches when every deuce is played as a natural 2 (ordinary poker);
/// `None` if the hand holds the joker, which has no natural reading.
pub fn category_with_deuces_natural(cards: CardSet) -> Option<Category> {
    if cards.has_joker() {
        return None;
    }
    let standard = Evaluator::get(Ranking::Standard);
    Some(standard.category(standard.evaluate(cards)))
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
    }
}
