//! High Card Flush (678a.6): hands rank by their longest flush, then by that flush's cards.
//!
//! A hand's [`HcfRank`] is `length << 13 | rank mask of the flush`. Between two flushes of one
//! length, comparing rank masks as integers is exactly 678a.6(c): the hand holding the highest
//! card the other lacks is higher. When a hand has two flushes of its longest length, the better
//! one counts.

use parsheet_cards::{CardSet, Suit};

/// A High Card Flush hand value; higher is better, equal is a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HcfRank(pub u32);

impl HcfRank {
    /// Cards in the longest flush (1 to 7).
    pub fn flush_len(self) -> u32 {
        self.0 >> 13
    }

    /// The ranks of the flush that counts (bit r = rank r).
    pub fn flush_ranks(self) -> u16 {
        (self.0 & 0x1fff) as u16
    }

    /// The category name used in frequency tables: `"5-card-flush"` and so on.
    pub fn category_name(self) -> String {
        format!("{}-card-flush", self.flush_len())
    }
}

/// The rank of a hand of natural cards.
pub fn rank(cards: CardSet) -> HcfRank {
    Suit::ALL
        .iter()
        .map(|&s| {
            let m = cards.suit_ranks(s) as u32;
            HcfRank(m.count_ones() << 13 | m)
        })
        .max()
        .unwrap()
}

/// The least hand with which the dealer qualifies: "a three-card flush, nine high"
/// (678a.11(b)(ii)), that is 9-3-2 of one suit.
pub const DEALER_MINIMUM: HcfRank = HcfRank(3 << 13 | 1 << 7 | 1 << 1 | 1);

/// Whether the dealer's hand holds at least a three-card flush, nine high.
pub fn dealer_qualifies(dealer: HcfRank) -> bool {
    dealer >= DEALER_MINIMUM
}

/// Whether the ace may play low in a straight flush. 678a.6 ranks the ace only high and never
/// says it may play low; both readings are offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AceInStraights {
    /// Q-K-A and A-2-3 both run (but not K-A-2).
    HighOrLow,
    /// Only Q-K-A runs.
    HighOnly,
}

/// The length of the longest straight flush (678a.6(d)): suited cards in consecutive rank, the
/// ace high (Q-K-A) or low (A-2-3) but not both. Returns 1 when no two suited cards are
/// consecutive, 0 for no natural card.
pub fn longest_straight_flush(cards: CardSet) -> u32 {
    longest_straight_flush_with(cards, AceInStraights::HighOrLow)
}

/// [`longest_straight_flush`] under either reading of the ace.
pub fn longest_straight_flush_with(cards: CardSet, ace: AceInStraights) -> u32 {
    let low_ace = (ace == AceInStraights::HighOrLow) as u32;
    Suit::ALL
        .iter()
        .map(|&s| {
            let m = cards.suit_ranks(s) as u32;
            // Bit 0 is the ace played low, bits 1..14 the ranks deuce to ace.
            let mut run = m << 1 | (m >> 12) & low_ace;
            let mut len = 0;
            while run != 0 {
                run &= run >> 1;
                len += 1;
            }
            len
        })
        .max()
        .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> HcfRank {
        rank(s.parse().unwrap())
    }

    #[test]
    fn longest_flush_then_highest_cards() {
        assert_eq!(r("As Ks 2s 3h 4h 5d 6c").flush_len(), 3);
        assert!(r("As Ks 2s 3h 4h 5d 6c") > r("Ah Qh Jh 3s 4s 5d 6c"));
        assert!(r("2s 3s 4s 5s 7h 8d 9c") > r("As Ks Qs Ah Kh Qd Jc"));
        // Two three-card flushes: the better one counts.
        assert_eq!(r("As 3s 2s Kh Qh Jh 9c").flush_ranks(), 1 << 12 | 1 << 1 | 1);
    }

    #[test]
    fn dealer_needs_three_card_flush_nine_high() {
        assert!(dealer_qualifies(r("9s 3s 2s Kh Qh Jd Tc")));
        assert!(!dealer_qualifies(r("8s 7s 6s Kh Qh Jd Tc")));
        assert!(!dealer_qualifies(r("As Ks Qh Jh Td 9d 8c")));
        assert!(dealer_qualifies(r("5s 4s 3s 2s Kh Qd Jc")));
    }

    #[test]
    fn straight_flush_runs() {
        assert_eq!(longest_straight_flush("As 2s 3s 4s 5s 6s 7s".parse().unwrap()), 7);
        assert_eq!(longest_straight_flush("Qs Ks As 2s 3s 9h 8d".parse().unwrap()), 3);
        assert_eq!(longest_straight_flush("As 3s 5s 7s 9s Jh Kd".parse().unwrap()), 1);
        let wheel: CardSet = "As 2s 3s 4s 9h Jh Kd".parse().unwrap();
        assert_eq!(longest_straight_flush_with(wheel, AceInStraights::HighOrLow), 4);
        assert_eq!(longest_straight_flush_with(wheel, AceInStraights::HighOnly), 3);
    }
}
