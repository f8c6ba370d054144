use std::fmt;
use std::str::FromStr;

/// A card rank, 0 = deuce … 12 = ace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub u8);

impl Rank {
    pub const TWO: Rank = Rank(0);
    pub const TEN: Rank = Rank(8);
    pub const JACK: Rank = Rank(9);
    pub const QUEEN: Rank = Rank(10);
    pub const KING: Rank = Rank(11);
    pub const ACE: Rank = Rank(12);
    pub const ALL: [Rank; 13] = {
        let mut all = [Rank(0); 13];
        let mut i = 0;
        while i < 13 {
            all[i] = Rank(i as u8);
            i += 1;
        }
        all
    };
    const CHARS: &'static [u8; 13] = b"23456789TJQKA";

    pub fn char(self) -> char {
        Self::CHARS[self.0 as usize] as char
    }

    /// Face value for point games: ace 1, deuce to nine face value, tens and faces 10.
    pub fn point_value(self) -> u8 {
        match self.0 {
            12 => 1,
            r if r <= 7 => r + 2,
            _ => 10,
        }
    }
}

/// A suit, 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. Suits are equal in rank in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Suit(pub u8);

impl Suit {
    pub const ALL: [Suit; 4] = [Suit(0), Suit(1), Suit(2), Suit(3)];
    const CHARS: &'static [u8; 4] = b"cdhs";

    pub fn char(self) -> char {
        Self::CHARS[self.0 as usize] as char
    }
}

/// One card: a bit position of a [`CardSet`]. See the crate docs for the layout.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const JOKER: Card = Card(63);

    pub const fn new(rank: Rank, suit: Suit) -> Card {
        assert!(rank.0 < 13 && suit.0 < 4);
        Card(suit.0 * 16 + rank.0)
    }

    /// The card at bit `index`, if that bit is a card.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index == 63 || (index < 64 && index % 16 < 13) {
            Some(Card(index))
        } else {
            None
        }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    pub const fn is_joker(self) -> bool {
        self.0 == 63
    }

    /// Rank of a natural card; `None` for the joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            None
        } else {
            Some(Rank(self.0 % 16))
        }
    }

    /// Suit of a natural card; `None` for the joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Some(Suit(self.0 / 16))
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{}{}", r.char(), s.char()),
            _ => f.write_str("Jk"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card or card list failed to parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError {
    pub input: String,
    pub reason: &'static str,
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read card {:?}: {}", self.input, self.reason)
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads `As`, `Td`, `10d`, `Jk` (rank letters in either case).
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = |reason| ParseCardError { input: s.to_string(), reason };
        if s.eq_ignore_ascii_case("jk") {
            return Ok(Card::JOKER);
        }
        let (rank_part, suit_part) = s.split_at(s.len().saturating_sub(1));
        let rank = match rank_part.to_ascii_uppercase().as_str() {
            "10" => Rank::TEN,
            r if r.len() == 1 => {
                let c = r.as_bytes()[0];
                match Rank::CHARS.iter().position(|&x| x == c) {
                    Some(i) => Rank(i as u8),
                    None => return Err(err("rank must be one of 2-9, T (or 10), J, Q, K, A")),
                }
            }
            _ => return Err(err("expected a rank then a suit, like As, Td or Jk")),
        };
        let suit = match suit_part.to_ascii_lowercase().as_bytes().first() {
            Some(c) => match Suit::CHARS.iter().position(|x| x == c) {
                Some(i) => Suit(i as u8),
                None => return Err(err("suit must be one of c, d, h, s")),
            },
            None => return Err(err("empty card")),
        };
        Ok(Card::new(rank, suit))
    }
}

/// A set of cards as a bitmask (see the crate docs for the layout).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// Every bit that is a card: 52 naturals and the joker.
    pub const ALL_BITS: u64 = 0x1fff * (1 | 1 << 16 | 1 << 32 | 1 << 48) | 1 << 63;

    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> CardSet {
        CardSet(cards.into_iter().fold(0, |m, c| m | c.bit()))
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    pub const fn has_joker(self) -> bool {
        self.0 >> 63 != 0
    }

    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | card.bit())
    }

    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The 13-bit mask of ranks held in `suit` (bit r = rank r).
    pub const fn suit_ranks(self, suit: Suit) -> u16 {
        ((self.0 >> (16 * suit.0 as u32)) & 0x1fff) as u16
    }

    /// The 13-bit mask of ranks held in any suit.
    pub const fn ranks(self) -> u16 {
        let m = self.0;
        ((m | m >> 16 | m >> 32 | m >> 48) & 0x1fff) as u16
    }

    /// How many naturals of `rank` the set holds.
    pub const fn count_rank(self, rank: Rank) -> u32 {
        (self.0 & (0x0001_0001_0001_0001 << rank.0)).count_ones()
    }

    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(Card(i))
        })
    }
}

/// Reads cards separated by spaces or commas, or run together (`AsKd`), in the order given
/// (a set forgets the order; a program echoing a user's cards keeps it); rejects repeats.
pub fn cards_in_order(s: &str) -> Result<Vec<Card>, ParseCardError> {
    let compact: String = s.chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
    let bytes = compact.as_bytes();
    let mut cards: Vec<Card> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let len = if bytes[i] == b'1' && bytes.get(i + 1) == Some(&b'0') { 3 } else { 2 };
        let token = compact.get(i..(i + len).min(compact.len())).unwrap_or("");
        let card: Card = token.parse()?;
        if cards.contains(&card) {
            return Err(ParseCardError { input: s.to_string(), reason: "a card appears twice" });
        }
        cards.push(card);
        i += len;
    }
    Ok(cards)
}

impl FromStr for CardSet {
    type Err = ParseCardError;

    /// Reads cards as [`cards_in_order`] does.
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        Ok(cards_in_order(s)?.into_iter().fold(CardSet::EMPTY, CardSet::with))
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_for_every_card() {
        for i in 0..64u8 {
            if let Some(card) = Card::from_index(i) {
                let text = card.to_string();
                assert_eq!(text.parse::<Card>().unwrap(), card, "{text}");
            }
        }
        assert_eq!(CardSet(CardSet::ALL_BITS).len(), 53);
    }

    #[test]
    fn parses_common_spellings() {
        assert_eq!("10d".parse::<Card>().unwrap(), "Td".parse().unwrap());
        assert_eq!("as".parse::<Card>().unwrap(), Card::new(Rank::ACE, Suit(3)));
        let set: CardSet = "As Kd, Jk".parse().unwrap();
        assert_eq!(set.len(), 3);
        assert!(set.has_joker());
        assert_eq!("AsKd".parse::<CardSet>().unwrap().len(), 2);
    }

    #[test]
    fn rejects_bad_cards() {
        for bad in ["", "A", "Ax", "1s", "ZZ", "Ass"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?}");
        }
        assert!("As As".parse::<CardSet>().is_err());
    }

    #[test]
    fn suit_and_rank_views() {
        let set: CardSet = "As Ks 2s Ah Jk".parse().unwrap();
        assert_eq!(set.suit_ranks(Suit(3)), 1 << 12 | 1 << 11 | 1);
        assert_eq!(set.ranks(), 1 << 12 | 1 << 11 | 1);
        assert_eq!(set.count_rank(Rank::ACE), 2);
    }

    #[test]
    fn point_values_follow_baccarat_style_counting() {
        assert_eq!(Rank::ACE.point_value(), 1);
        assert_eq!(Rank(7).point_value(), 9);
        assert_eq!(Rank::TEN.point_value(), 10);
        assert_eq!(Rank::KING.point_value(), 10);
    }
}
