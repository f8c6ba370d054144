//! Face Up Pai Gow (688a.6): the two-card low hand, whether a split is legal, and the seven-card
//! lines the Fortune and Progressive wagers pay on.
//!
//! The five-card high hand is ranked by [`Ranking::PaiGow`](crate::Ranking::PaiGow).

use parsheet_cards::{Card, CardSet, Rank, Suit};

use crate::{Category, Evaluator, HandRank, Ranking};

/// A two-card low hand's value: pairs above non-pairs, then ranks; the joker plays as an ace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LowHand(pub u16);

impl LowHand {
    pub fn is_pair(self) -> bool {
        self.0 >> 8 == 1
    }

    /// The higher rank (the pair's rank for a pair).
    pub fn high(self) -> u8 {
        (self.0 >> 4 & 0xf) as u8
    }

    pub fn low(self) -> u8 {
        (self.0 & 0xf) as u8
    }
}

fn rank_as_ace(card: Card) -> u8 {
    card.rank().unwrap_or(Rank::ACE).0
}

/// The value of a two-card low hand. Panics unless `cards` holds exactly two cards.
pub fn low_hand(cards: CardSet) -> LowHand {
    assert_eq!(cards.len(), 2, "a low hand holds two cards");
    let mut it = cards.iter().map(rank_as_ace);
    let (a, b) = (it.next().unwrap(), it.next().unwrap());
    let (hi, lo) = (a.max(b), a.min(b));
    LowHand(((hi == lo) as u16) << 8 | (hi as u16) << 4 | lo as u16)
}

/// Whether a five-card high hand (ranked by [`Ranking::PaiGow`]) ranks at least as high as the
/// two-card low hand, as 688a.11(c) requires: a low pair needs at least that pair in the high
/// hand; a low non-pair needs a pair or better, or higher or equal top cards.
pub fn is_legal_split(high: HandRank, low: LowHand) -> bool {
    let e = Evaluator::get(Ranking::PaiGow);
    let tie = e.tiebreaks(high);
    match e.category(high) {
        Category::HighCard => !low.is_pair() && (tie[0], tie[1]) >= (low.high(), low.low()),
        Category::Pair => !low.is_pair() || tie[0] >= low.high(),
        _ => true,
    }
}

/// The seven-card lines of 688a.6(e)-(f) that a hand holds; a hand may hold several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SevenCardLines {
    /// Seven suited cards in consecutive rank, no joker.
    pub seven_card_straight_flush_natural: bool,
    /// Six suited cards and the joker in consecutive rank.
    pub seven_card_straight_flush_with_joker: bool,
    /// A-K-Q-J-10 of one suit (the joker may be one of them) and a king and queen of one other
    /// suit.
    pub royal_plus_royal_match: bool,
    /// Four aces and the joker.
    pub five_aces: bool,
    /// Four cards of one rank other than aces and the joker (688a.6(f)(6)).
    pub five_of_a_kind: bool,
    /// Three ranks each held at least twice, the joker counted as an ace (688a.6(a) ranks it as
    /// an ace, so an ace and the joker are a pair of aces; 688a.6(b)(9)).
    pub three_pair: bool,
}

/// Whether a seven-card hand can be set as three of a kind: three natural cards of a rank, or a
/// pair and the joker — a pair of aces only for the chapter's joker, which plays as an ace
/// (688a.6(a)), any pair for a fully wild joker.
pub fn holds_three_of_a_kind(cards: CardSet, fully_wild_joker: bool) -> bool {
    let joker = cards.has_joker() as u32;
    Rank::ALL.iter().any(|&r| {
        let n = cards.count_rank(r);
        n >= 3 || (n + joker >= 3 && (fully_wild_joker || r == Rank::ACE))
    })
}

/// Longest run of a 13-bit rank mask, the ace high or low.
fn longest_run(mask: u16) -> u32 {
    let mut run = (mask as u32) << 1 | (mask as u32) >> 12;
    let mut len = 0;
    while run != 0 {
        run &= run >> 1;
        len += 1;
    }
    len
}

/// The seven-card lines held by a seven-card hand (52 cards and the joker).
pub fn seven_card_lines(cards: CardSet) -> SevenCardLines {
    assert_eq!(cards.len(), 7, "the seven-card lines are of seven-card hands");
    let joker = cards.has_joker();
    let lanes = Suit::ALL.map(|s| cards.suit_ranks(s));
    let mut lines = SevenCardLines::default();

    for &lane in &lanes {
        match lane.count_ones() {
            7 => lines.seven_card_straight_flush_natural |= longest_run(lane) >= 7,
            6 if joker => {
                lines.seven_card_straight_flush_with_joker |= (0..13).any(|r| lane >> r & 1 == 0 && longest_run(lane | 1 << r) >= 7)
            }
            _ => {}
        }
    }

    const ROYAL: u16 = 0x1f00;
    const KING_QUEEN: u16 = 1 << 11 | 1 << 10;
    for (s, &lane) in lanes.iter().enumerate() {
        let royal_cards = (lane & ROYAL).count_ones();
        let royal = royal_cards == 5 || (royal_cards == 4 && joker);
        let matched = lanes.iter().enumerate().any(|(t, &other)| t != s && other & KING_QUEEN == KING_QUEEN);
        lines.royal_plus_royal_match |= royal && matched;
    }

    let mut pairs = 0;
    for r in Rank::ALL {
        let n = cards.count_rank(r);
        pairs += (n + (joker && r == Rank::ACE) as u32 >= 2) as u32;
        if n == 4 && joker {
            if r == Rank::ACE {
                lines.five_aces = true;
            } else {
                lines.five_of_a_kind = true;
            }
        }
    }
    lines.three_pair = pairs >= 3;
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn low_hands_order_pairs_first() {
        assert!(low_hand(set("2s 2h")) > low_hand(set("As Kh")));
        assert_eq!(low_hand(set("Jk Ah")), low_hand(set("As Ah")));
        assert!(low_hand(set("As 3h")) > low_hand(set("Ks Qh")));
    }

    #[test]
    fn splits_must_keep_the_high_hand_higher() {
        let pg = Evaluator::get(Ranking::PaiGow);
        let high = |s: &str| pg.evaluate(set(s));
        assert!(is_legal_split(high("7s 7h 3d 4c 9s"), low_hand(set("7d 2c"))));
        assert!(is_legal_split(high("7s 7h 3d 4c 9s"), low_hand(set("7d 7c"))));
        assert!(!is_legal_split(high("6s 6h 3d 4c 9s"), low_hand(set("7d 7c"))));
        assert!(!is_legal_split(high("Ks 9h 3d 4c 6s"), low_hand(set("Ad 2c"))));
        assert!(is_legal_split(high("As 9h 3d 4c 6s"), low_hand(set("Kd Qc"))));
        assert!(!is_legal_split(high("As 9h 3d 4c 6s"), low_hand(set("Ad Qc"))));
    }

    #[test]
    fn seven_card_lines_by_example() {
        assert!(seven_card_lines(set("As 2s 3s 4s 5s 6s 7s")).seven_card_straight_flush_natural);
        assert!(!seven_card_lines(set("Qs Ks As 2s 3s 4s 5s")).seven_card_straight_flush_natural);
        let with_joker = seven_card_lines(set("9s Ts Js Qs Ks As Jk"));
        assert!(with_joker.seven_card_straight_flush_with_joker && !with_joker.seven_card_straight_flush_natural);
        assert!(seven_card_lines(set("As Ks Qs Js Ts Kh Qh")).royal_plus_royal_match);
        assert!(seven_card_lines(set("As Jk Qs Js Ts Kh Qh")).royal_plus_royal_match);
        assert!(!seven_card_lines(set("As Ks Qs Js Ts Kh Qd")).royal_plus_royal_match);
        assert!(seven_card_lines(set("As Ah Ad Ac Jk 2h 3d")).five_aces);
        assert!(seven_card_lines(set("9s 9h 9d 9c Jk 2h 3d")).five_of_a_kind);
        assert!(seven_card_lines(set("9s 9h 8d 8c 3s 3h 2d")).three_pair);
        assert!(!seven_card_lines(set("9s 9h 8d 8c 3s Jk 2d")).three_pair);
        assert!(seven_card_lines(set("9s 9h 8d 8c As Jk 2d")).three_pair);
    }
}
