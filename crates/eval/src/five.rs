//! Five-card valuations: the only place that knows what a poker hand *is*. Everything larger
//! (six and seven cards, wild cards) is built from these by choosing the best five
//! (see `tables`).
//!
//! A valuation is a `Strength`: a `u32` that sorts like the hands it stands for. Bits 24..28 hold
//! the category, bit 20 marks a natural royal where a ranking pays it apart, and bits 0..20 hold up
//! to five tie-break nibbles, most significant first.

use crate::Category;

pub(crate) type Strength = u32;

pub(crate) const ACE: u8 = 12;
const WHEEL: u16 = 0x100f; // A-2-3-4-5
const BROADWAY: u16 = 0x1f00; // T-J-Q-K-A

pub(crate) fn strength(category: Category, natural_royal: bool, tiebreak: &[u8]) -> Strength {
    debug_assert!(tiebreak.len() <= 5);
    let mut s = (category as u32) << 24 | (natural_royal as u32) << 20;
    for (i, &t) in tiebreak.iter().enumerate() {
        s |= (t as u32) << (16 - 4 * i);
    }
    s
}

pub(crate) fn category_of(s: Strength) -> Category {
    Category::from_index(s >> 24)
}

pub(crate) fn tiebreaks(s: Strength) -> [u8; 5] {
    [0, 1, 2, 3, 4].map(|i| (s >> (16 - 4 * i) & 0xf) as u8)
}

/// How straights order among themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StraightOrder {
    /// A-2-3-4-5 is the lowest straight and the lowest straight flush.
    Standard,
    /// Face Up Pai Gow (688a.6(b)): A-2-3-4-5 is the second-highest straight and the highest
    /// straight flush.
    PaiGow,
}

impl StraightOrder {
    fn straight(self, top: u8, wheel: bool) -> u8 {
        match (self, wheel) {
            (StraightOrder::Standard, true) => 3,
            (StraightOrder::Standard, false) => top,
            (StraightOrder::PaiGow, true) => 12,
            (StraightOrder::PaiGow, false) if top == ACE => 13,
            (StraightOrder::PaiGow, false) => top,
        }
    }

    fn straight_flush(self, top: u8, wheel: bool) -> u8 {
        match (self, wheel) {
            (StraightOrder::Standard, true) => 3,
            (StraightOrder::PaiGow, true) => 13,
            (_, false) => top,
        }
    }
}

/// If five distinct ranks form a straight: its top rank and whether it is the wheel.
fn straight_top(mask: u16) -> Option<(u8, bool)> {
    if mask == WHEEL {
        return Some((3, true));
    }
    let low = mask.trailing_zeros();
    (mask.count_ones() == 5 && mask >> low == 0x1f).then_some(((low + 4) as u8, false))
}

/// Value of five cards by rank alone, as if no flush were possible. `counts` holds five cards
/// (five of one rank is five of a kind, which only wild cards make).
pub(crate) fn rank_only(counts: &[u8; 13], order: StraightOrder) -> Strength {
    debug_assert_eq!(counts.iter().map(|&c| c as u32).sum::<u32>(), 5);
    // Ranks grouped by multiplicity, larger groups first, then higher ranks first.
    let mut groups: [(u8, u8); 5] = [(0, 0); 5];
    let mut n = 0;
    for r in (0..13u8).rev() {
        if counts[r as usize] > 0 {
            groups[n] = (counts[r as usize], r);
            n += 1;
        }
    }
    let groups = &mut groups[..n];
    groups.sort_by(|a, b| b.0.cmp(&a.0)); // stable: ties keep descending rank
    let ranks: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let category = match shape.as_slice() {
        [5] => Category::FiveOfAKind,
        [4, 1] => Category::FourOfAKind,
        [3, 2] => Category::FullHouse,
        [3, 1, 1] => Category::ThreeOfAKind,
        [2, 2, 1] => Category::TwoPair,
        [2, 1, 1, 1] => Category::Pair,
        _ => {
            let mask = ranks.iter().fold(0u16, |m, &r| m | 1 << r);
            if let Some((top, wheel)) = straight_top(mask) {
                return strength(Category::Straight, false, &[order.straight(top, wheel)]);
            }
            Category::HighCard
        }
    };
    strength(category, false, &ranks)
}

/// Value of five distinct ranks of one suit: a flush, straight flush or royal flush.
/// `natural_royal` sets the mark that ranks a natural royal above one made with a wild card.
pub(crate) fn suited(mask: u16, order: StraightOrder, natural_royal: bool) -> Strength {
    debug_assert_eq!(mask.count_ones(), 5);
    if mask == BROADWAY {
        return strength(Category::RoyalFlush, natural_royal, &[]);
    }
    if let Some((top, wheel)) = straight_top(mask) {
        return strength(Category::StraightFlush, false, &[order.straight_flush(top, wheel)]);
    }
    let ranks: Vec<u8> = (0..13u8).rev().filter(|r| mask >> r & 1 == 1).collect();
    strength(Category::Flush, false, &ranks)
}

/// Does adding rank `r` to `counts` give five distinct ranks in a straight?
pub(crate) fn completes_straight(counts: &[u8; 13], r: usize) -> bool {
    let mut mask = 1u16 << r;
    for (i, &c) in counts.iter().enumerate() {
        if c > 1 || (c == 1 && i == r) {
            return false;
        }
        mask |= (c as u16) << i;
    }
    mask.count_ones() == 5 && straight_top(mask).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(ranks: &[u8]) -> [u8; 13] {
        let mut c = [0; 13];
        for &r in ranks {
            c[r as usize] += 1;
        }
        c
    }

    #[test]
    fn wheel_orders_by_ranking() {
        let wheel = counts(&[12, 0, 1, 2, 3]);
        let six_high = counts(&[0, 1, 2, 3, 4]);
        let broadway = counts(&[8, 9, 10, 11, 12]);
        let king_high = counts(&[7, 8, 9, 10, 11]);
        let std = StraightOrder::Standard;
        let pg = StraightOrder::PaiGow;
        assert!(rank_only(&wheel, std) < rank_only(&six_high, std));
        assert!(rank_only(&wheel, pg) > rank_only(&king_high, pg));
        assert!(rank_only(&wheel, pg) < rank_only(&broadway, pg));
        assert!(suited(0x100f, pg, false) > suited(0x0f80, pg, false));
        assert!(suited(0x100f, std, false) < suited(0x001f, std, false));
    }

    #[test]
    fn shapes_map_to_categories() {
        assert_eq!(category_of(rank_only(&counts(&[5, 5, 5, 5, 2]), StraightOrder::Standard)), Category::FourOfAKind);
        assert_eq!(category_of(rank_only(&counts(&[5, 5, 5, 2, 2]), StraightOrder::Standard)), Category::FullHouse);
        assert_eq!(category_of(rank_only(&counts(&[5, 5, 5, 5, 5]), StraightOrder::Standard)), Category::FiveOfAKind);
        assert_eq!(category_of(rank_only(&counts(&[0, 2, 4, 6, 8]), StraightOrder::Standard)), Category::HighCard);
        assert_eq!(category_of(suited(0x1f00, StraightOrder::Standard, true)), Category::RoyalFlush);
        assert!(suited(0x1f00, StraightOrder::Standard, true) > suited(0x1f00, StraightOrder::Standard, false));
    }
}
