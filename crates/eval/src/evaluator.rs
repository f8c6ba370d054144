use std::fmt;
use std::sync::OnceLock;

use parsheet_cards::{Card, CardSet};

use crate::five::{self, Strength, StraightOrder};
use crate::tables::{self, RankIndex, Rules, Tables, Wild};
use crate::Category;

/// The hand rankings of the six games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ranking {
    /// Ordinary poker over 52 cards.
    Standard,
    /// The semi-wild joker of Saigon 5 Card (680a.6(c)) over 53 cards: the joker is an ace or
    /// completes a straight, flush or straight flush; four aces and the joker are five aces; a
    /// natural royal ranks above a royal made with the joker.
    Joker,
    /// Face Up Pai Gow (688a.6(a)-(b)) over 53 cards: the same joker, A-2-3-4-5 the second-highest
    /// straight and the highest straight flush, royals with and without the joker equal.
    PaiGow,
    /// DJ Wild (687a.6) over 53 cards: deuces and the joker fully wild; five wilds beat a royal
    /// flush, which beats five of a kind, which beats a straight flush.
    DeucesJokerWild,
    /// Face Up Pai Gow with the "Fully wild joker" of Progressive Paytables 2, 5, 6 and 7
    /// (688a.12(d)) over 53 cards: the joker, and only the joker, is any card; straights in the
    /// pai gow order (688a.6(b)). Four of a rank and the joker are five of a kind (five aces are
    /// five of a kind of aces, 688a.6(f)(5)-(6)). Categories order as in [`Category`], so five of a kind
    /// ranks below a royal; the two never meet in seven cards. Not one of the games' main
    /// rankings, so not in [`Ranking::ALL`].
    PaiGowWildJoker,
}

impl Ranking {
    /// The rankings of the games' main hands. [`Ranking::PaiGowWildJoker`], a bonus wager's
    /// reading, is left out.
    pub const ALL: [Ranking; 4] = [Ranking::Standard, Ranking::Joker, Ranking::PaiGow, Ranking::DeucesJokerWild];

    const fn index(self) -> usize {
        match self {
            Ranking::Standard => 0,
            Ranking::Joker => 1,
            Ranking::PaiGow => 2,
            Ranking::DeucesJokerWild => 3,
            Ranking::PaiGowWildJoker => 4,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Ranking::Standard => "standard",
            Ranking::Joker => "joker",
            Ranking::PaiGow => "pai-gow",
            Ranking::DeucesJokerWild => "deuces-joker-wild",
            Ranking::PaiGowWildJoker => "pai-gow-wild-joker",
        }
    }

    /// Whether the ranking's deck holds the joker.
    pub const fn uses_joker(self) -> bool {
        !matches!(self, Ranking::Standard)
    }

    fn rules(self) -> Rules {
        match self {
            Ranking::Standard => Rules { order: StraightOrder::Standard, wild: Wild::None },
            Ranking::Joker => Rules {
                order: StraightOrder::Standard,
                wild: Wild::SemiJoker { natural_royal_ranks_higher: true },
            },
            Ranking::PaiGow => Rules {
                order: StraightOrder::PaiGow,
                wild: Wild::SemiJoker { natural_royal_ranks_higher: false },
            },
            Ranking::DeucesJokerWild => Rules { order: StraightOrder::Standard, wild: Wild::Full { deuces: true } },
            Ranking::PaiGowWildJoker => Rules { order: StraightOrder::PaiGow, wild: Wild::Full { deuces: false } },
        }
    }
}

/// A hand's rank within one ranking: higher is better, equal is a tie. Ranks of different
/// rankings do not compare meaningfully.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct HandRank(pub u16);

/// A hand under construction: the sum of its cards' keys. Adding keys is how enumerators
/// build hands incrementally (one addition per card per loop level).
///
/// `key` packs the rank-weight sums (bits 0..30, see `tables::RankIndex`), one counter per suit starting at 3 (bits 32..48,
/// four bits each; a wild card counts in every suit, so a counter's top bit means "a flush is
/// possible in this suit"), and the number of wild cards (bits 48..52). `naturals` is the set of
/// natural cards, whose suit lanes give the flush masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandKey {
    key: u64,
    naturals: u64,
}

impl HandKey {
    /// The key of no cards.
    pub const EMPTY: HandKey = HandKey { key: 0x3333 << 32, naturals: 0 };
    const SUIT_ONE: u64 = 1 << 32;
    const WILD: u64 = (0x1111 << 32) | (1 << 48);
}

impl std::ops::Add for HandKey {
    type Output = HandKey;

    #[inline(always)]
    fn add(self, card: HandKey) -> HandKey {
        HandKey { key: self.key.wrapping_add(card.key), naturals: self.naturals | card.naturals }
    }
}

/// Why a card set cannot be ranked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    WrongSize { cards: u32 },
    JokerNotInDeck { ranking: Ranking },
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::WrongSize { cards } => write!(f, "a hand to rank holds 5 to 7 cards, not {cards}"),
            EvalError::JokerNotInDeck { ranking } => write!(f, "the {} ranking has no joker", ranking.name()),
        }
    }
}

impl std::error::Error for EvalError {}

/// Ranks five-, six- and seven-card hands (best five) under one [`Ranking`] by table lookup.
pub struct Evaluator {
    ranking: Ranking,
    wild: bool,
    card_keys: [HandKey; 64],
    hash: &'static RankIndex,
    tables: Tables,
}

impl Evaluator {
    /// The shared evaluator of `ranking`; its tables are generated on first use.
    pub fn get(ranking: Ranking) -> &'static Evaluator {
        static CELLS: [OnceLock<Evaluator>; 5] = [const { OnceLock::new() }; 5];
        CELLS[ranking.index()].get_or_init(|| Evaluator::build(ranking))
    }

    fn build(ranking: Ranking) -> Evaluator {
        let rules = ranking.rules();
        let mut card_keys = [HandKey { key: 0, naturals: 0 }; 64];
        for i in 0..64u8 {
            let Some(card) = Card::from_index(i) else { continue };
            let wild = match rules.wild {
                Wild::None => false,
                Wild::SemiJoker { .. } => card.is_joker(),
                Wild::Full { deuces } => card.is_joker() || (deuces && card.rank() == Some(parsheet_cards::Rank::TWO)),
            };
            card_keys[i as usize] = match (wild, card.rank(), card.suit()) {
                (true, _, _) => HandKey { key: HandKey::WILD, naturals: 0 },
                (false, Some(r), Some(s)) => HandKey {
                    key: tables::rank_weight(r.0 as usize) as u64 + (HandKey::SUIT_ONE << (4 * s.0)),
                    naturals: card.bit(),
                },
                // The joker in a deck without one: never reached through `try_evaluate`.
                (false, _, _) => HandKey { key: 0, naturals: 0 },
            };
        }
        let tables = tables::build(rules);
        if ranking == Ranking::Standard {
            // Every table value is some five-card hand's, so standard poker has exactly the 7,462
            // classes of five-card poker.
            assert_eq!(tables.strengths.len() - 1, 7462, "distinct five-card poker classes");
        }
        Evaluator { ranking, wild: rules.wild != Wild::None, card_keys, hash: tables::rank_index(), tables }
    }

    pub fn ranking(&self) -> Ranking {
        self.ranking
    }

    /// The key of one card, to add into a [`HandKey`].
    #[inline(always)]
    pub fn key(&self, card: Card) -> HandKey {
        self.card_keys[card.index() as usize]
    }

    /// The key of a natural card of `rank` counted in no suit: where no suit but one (or none)
    /// can make a flush, the cards of a rank outside that suit rank alike, and enumerations
    /// treat them as one. Not for a card the ranking makes wild.
    pub fn suitless_key(&self, rank: parsheet_cards::Rank) -> HandKey {
        let natural = self.key(Card::new(rank, parsheet_cards::Suit(0)));
        debug_assert!(natural.naturals != 0, "a wild card has no suitless key");
        HandKey { key: natural.key & 0xffff_ffff, naturals: 0 }
    }

    /// The key of a whole set of cards.
    pub fn key_of(&self, cards: CardSet) -> HandKey {
        cards.iter().fold(HandKey::EMPTY, |k, c| k + self.key(c))
    }

    /// The rank of a hand of 5 to 7 cards given by its key.
    #[inline(always)]
    pub fn rank_key(&self, hand: HandKey) -> HandRank {
        let flushes = (hand.key >> 32) as u32 & 0x8888;
        let t = &self.tables;
        if !self.wild {
            if flushes != 0 {
                let suit = flushes.trailing_zeros() / 4;
                let mask = (hand.naturals >> (16 * suit)) as usize & 0x1fff;
                return HandRank(t.by_flush[mask]);
            }
            return HandRank(t.by_rank[self.hash.slot(hand.key as u32)]);
        }
        let wilds = (hand.key >> 48) as usize & 0xf;
        let mut best = t.by_rank[wilds * self.hash.slots + self.hash.slot(hand.key as u32)];
        let mut f = flushes;
        while f != 0 {
            let suit = f.trailing_zeros() / 4;
            let mask = (hand.naturals >> (16 * suit)) as usize & 0x1fff;
            best = best.max(t.by_flush[wilds * 8192 + mask]);
            f &= f - 1;
        }
        HandRank(best)
    }

    /// Calls `visit` with the rank of `prefix + card` for each card key in `cards`, in order.
    ///
    /// This is the inner loop of every enumeration. When no card can complete a flush (the usual
    /// case), the prefix's share of the rank index is looked up once and each card costs one
    /// index load and one table load.
    #[inline(always)]
    pub fn rank_extensions(&self, prefix: HandKey, cards: &[HandKey], mut visit: impl FnMut(HandRank)) {
        if Self::flush_reachable(prefix, 1) {
            for &card in cards {
                visit(self.rank_key(prefix + card));
            }
            return;
        }
        let wilds = (prefix.key >> 48) as usize & 0xf;
        let table = &self.tables.by_rank[wilds * self.hash.slots..];
        let lo = prefix.key as u32 & 0xffff;
        let hi = (prefix.key as u32) >> 16;
        let (low_base, high_base) = self.hash.halves(prefix.key as u32);
        for &card in cards {
            if card.key >> 48 != 0 {
                visit(self.rank_key(prefix + card));
                continue;
            }
            let (dlo, dhi) = (card.key as u32 & 0xffff, (card.key as u32) >> 16);
            let slot = if dhi == 0 { high_base + self.hash.low(lo + dlo) } else { self.hash.high(hi + dhi) + low_base };
            visit(HandRank(unsafe { *table.get_unchecked(slot) }));
        }
    }

    /// The rank of a hand that cannot hold a flush: the rank table alone.
    #[inline(always)]
    fn rank_without_flush(&self, key: u64) -> HandRank {
        let wilds = (key >> 48) as usize & 0xf;
        HandRank(self.tables.by_rank[wilds * self.hash.slots + self.hash.slot(key as u32)])
    }

    /// Whether adding `more` cards to `prefix` might complete a flush. A card adds one to the
    /// counter of its suit (a wild card to every counter); a flush needs a counter at 8.
    #[inline(always)]
    fn flush_reachable(prefix: HandKey, more: u32) -> bool {
        let counters = (prefix.key >> 32) as u32 & 0xffff;
        (counters + 0x1111 * more) & 0x8888 != 0
    }

    /// Calls `f(first card's key, run length)` for each run of adjacent `cards` that rank alike
    /// when suits do not matter (equal rank, or all wild).
    #[inline(always)]
    fn for_each_run(cards: &[HandKey], mut f: impl FnMut(u64, u32)) {
        // Rank weights and wild counts: everything but the suit counters.
        const RANK_BITS: u64 = !(0xffff << 32);
        let mut i = 0;
        while i < cards.len() {
            let same = cards[i].key & RANK_BITS;
            let mut j = i + 1;
            while j < cards.len() && cards[j].key & RANK_BITS == same {
                j += 1;
            }
            f(cards[i].key, (j - i) as u32);
            i = j;
        }
    }

    /// Like [`Evaluator::rank_extensions`], but calls `visit(rank, n)` once for each run of `n`
    /// adjacent cards that must give the same rank, so each hand is counted without being looked
    /// up on its own. When no card can complete a flush, suits no longer matter: cards of one
    /// rank (and all wild cards) give equal hands, and decks list cards rank by rank.
    #[inline(always)]
    pub fn rank_extensions_grouped(&self, prefix: HandKey, cards: &[HandKey], mut visit: impl FnMut(HandRank, u64)) {
        if Self::flush_reachable(prefix, 1) {
            for &card in cards {
                visit(self.rank_key(prefix + card), 1);
            }
            return;
        }
        Self::for_each_run(cards, |card, n| visit(self.rank_without_flush(prefix.key.wrapping_add(card)), n as u64));
    }

    /// Counts every hand made of `prefix` and two more of `cards` (in order, without
    /// repetition) by rank: `visit(rank, n)` for `n` such hands. Without a reachable flush, a
    /// pair of runs (or two cards of one run) is one lookup for all its hands.
    pub fn rank_two_more_grouped(&self, prefix: HandKey, cards: &[HandKey], mut visit: impl FnMut(HandRank, u64)) {
        if Self::flush_reachable(prefix, 2) {
            for (i, &card) in cards.iter().enumerate() {
                self.rank_extensions_grouped(prefix + card, &cards[i + 1..], &mut visit);
            }
            return;
        }
        // At most 13 ranks and the wild cards.
        let mut runs = [(0u64, 0u32); 14];
        let mut m = 0;
        Self::for_each_run(cards, |card, n| {
            runs[m] = (card, n);
            m += 1;
        });
        for a in 0..m {
            let (ka, na) = runs[a];
            let with_a = prefix.key.wrapping_add(ka);
            if na >= 2 {
                visit(self.rank_without_flush(with_a.wrapping_add(ka)), (na * (na - 1) / 2) as u64);
            }
            for &(kb, nb) in &runs[a + 1..m] {
                visit(self.rank_without_flush(with_a.wrapping_add(kb)), (na * nb) as u64);
            }
        }
    }

    /// The rank of 5 to 7 cards. Panics on other sizes or a joker the ranking lacks; use
    /// [`Evaluator::try_evaluate`] for cards that come from outside.
    pub fn evaluate(&self, cards: CardSet) -> HandRank {
        self.try_evaluate(cards).unwrap_or_else(|e| panic!("{cards}: {e}"))
    }

    pub fn try_evaluate(&self, cards: CardSet) -> Result<HandRank, EvalError> {
        if !(5..=tables::MAX_CARDS as u32).contains(&cards.len()) {
            return Err(EvalError::WrongSize { cards: cards.len() });
        }
        if cards.has_joker() && !self.ranking.uses_joker() {
            return Err(EvalError::JokerNotInDeck { ranking: self.ranking });
        }
        Ok(self.rank_key(self.key_of(cards)))
    }

    pub fn category(&self, rank: HandRank) -> Category {
        five::category_of(self.strength(rank))
    }

    /// Number of distinct ranks (the best hand has rank `class_count()`).
    pub fn class_count(&self) -> usize {
        self.tables.strengths.len() - 1
    }

    /// Whether `rank` is a royal flush made without a wild card, where the ranking ranks those
    /// apart (the `Joker` ranking).
    pub fn is_natural_royal(&self, rank: HandRank) -> bool {
        self.category(rank) == Category::RoyalFlush && self.strength(rank) >> 20 & 1 == 1
    }

    pub(crate) fn strength(&self, rank: HandRank) -> Strength {
        self.tables.strengths[rank.0 as usize]
    }

    /// The tie-break ranks of a hand, most significant first (0 = deuce … 12 = ace), as used to
    /// compare hands of one category. Straights give an order value instead of a rank.
    pub fn tiebreaks(&self, rank: HandRank) -> [u8; 5] {
        five::tiebreaks(self.strength(rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank(r: Ranking, s: &str) -> HandRank {
        Evaluator::get(r).evaluate(s.parse().unwrap())
    }

    #[test]
    fn sees_the_obvious() {
        let e = Evaluator::get(Ranking::Standard);
        assert_eq!(e.category(rank(Ranking::Standard, "As Ks Qs Js Ts")), Category::RoyalFlush);
        assert_eq!(e.category(rank(Ranking::Standard, "As Ks Qs Js Ts 2c 3d")), Category::RoyalFlush);
        assert_eq!(e.category(rank(Ranking::Standard, "5s 4d 3c 2h Ah")), Category::Straight);
        assert!(rank(Ranking::Standard, "5s 4d 3c 2h Ah") < rank(Ranking::Standard, "6s 5d 4c 3h 2h"));
        assert_eq!(e.class_count(), 7462);
    }

    #[test]
    fn joker_rules() {
        let j = Evaluator::get(Ranking::Joker);
        assert_eq!(j.category(rank(Ranking::Joker, "As Ah Ad Ac Jk")), Category::FiveAces);
        assert_eq!(j.category(rank(Ranking::Joker, "Ks Kh Kd Kc Jk")), Category::FourOfAKind);
        let natural = rank(Ranking::Joker, "As Ks Qs Js Ts");
        let with_joker = rank(Ranking::Joker, "Jk Ks Qs Js Ts");
        assert!(natural > with_joker && j.is_natural_royal(natural) && !j.is_natural_royal(with_joker));
        assert_eq!(j.category(with_joker), Category::RoyalFlush);
        let p = Evaluator::get(Ranking::PaiGow);
        assert_eq!(rank(Ranking::PaiGow, "As Ks Qs Js Ts"), rank(Ranking::PaiGow, "Jk Ks Qs Js Ts"));
        assert!(rank(Ranking::PaiGow, "As 2s 3s 4s 5s") > rank(Ranking::PaiGow, "Ks Qs Js Ts 9s"));
        assert_eq!(p.category(rank(Ranking::PaiGow, "Jk 2s 3d 4s 5s")), Category::Straight);
    }

    #[test]
    fn wild_rules() {
        let d = Evaluator::get(Ranking::DeucesJokerWild);
        assert_eq!(d.category(rank(Ranking::DeucesJokerWild, "2s 2h 2d 2c Jk")), Category::FiveWilds);
        assert_eq!(d.category(rank(Ranking::DeucesJokerWild, "Ks Kh 2d 2c Jk")), Category::FiveOfAKind);
        assert_eq!(d.category(rank(Ranking::DeucesJokerWild, "Ks Qs 2d 2c Jk")), Category::RoyalFlush);
        assert!(rank(Ranking::DeucesJokerWild, "Ks Kh Kd 2c 2h") > rank(Ranking::DeucesJokerWild, "9s 8s 7s 6s 5s"));
    }

    #[test]
    fn bad_hands_are_errors() {
        let e = Evaluator::get(Ranking::Standard);
        assert_eq!(e.try_evaluate("As Ks".parse().unwrap()), Err(EvalError::WrongSize { cards: 2 }));
        assert!(e.try_evaluate("As Ks Qs Js Jk".parse().unwrap()).is_err());
    }
}
