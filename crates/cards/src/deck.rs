use crate::{Card, CardSet, Rank, Suit};

/// A single deck: an ordered list of distinct cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    cards: Vec<Card>,
}

impl Deck {
    /// The 52 naturals, ordered by rank then suit.
    pub fn standard() -> Deck {
        let cards = Rank::ALL
            .iter()
            .flat_map(|&r| Suit::ALL.iter().map(move |&s| Card::new(r, s)))
            .collect();
        Deck { cards }
    }

    /// The 52 naturals and one joker (last).
    pub fn with_joker() -> Deck {
        let mut deck = Deck::standard();
        deck.cards.push(Card::JOKER);
        deck
    }

    /// The deck less the cards in `removed` (cards already dealt).
    pub fn without(&self, removed: CardSet) -> Deck {
        Deck { cards: self.cards.iter().copied().filter(|c| !removed.contains(*c)).collect() }
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn set(&self) -> CardSet {
        CardSet::from_cards(self.cards.iter().copied())
    }
}
