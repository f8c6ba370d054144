//! Lookup tables, generated on first use from the five-card valuations in `five`.
//!
//! Two facts make seven-card ranking a table lookup:
//! - Without a flush, a hand's value depends only on the multiset of its natural ranks (and how
//!   many wild cards it holds). [`RankIndex`] numbers those multisets densely.
//! - With a flush, the value depends only on the 13-bit rank mask of the flush suit (and the
//!   number of wild cards), so flush tables are indexed by the mask directly.
//!
//! Every table entry is "the best five of these cards", filled by dynamic programming: a
//! five-card entry is valued by `five`; a larger one is the best of the entries with one card
//! dropped.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use crate::five::{self, Strength, StraightOrder, ACE};
use crate::Category;

/// Weights of the ranks within a half of the deck's ranks (deuce to eight; nine to ace). Each is
/// the smallest that keeps the weight sums of all multisets of at most seven cards (at most four of
/// a rank) over the ranks below it distinct; `RankIndex::build` re-checks that.
const HALF_WEIGHTS: [u32; 7] = [1, 5, 24, 112, 521, 2247, 9244];
/// Ranks below this are in the low half.
const HIGH_HALF: usize = 7;

/// The packed weight of one card of rank `r`: low-half sums in bits 0..16, high-half in 16..30.
pub(crate) const fn rank_weight(r: usize) -> u32 {
    if r < HIGH_HALF {
        HALF_WEIGHTS[r]
    } else {
        HALF_WEIGHTS[r - HIGH_HALF] << 16
    }
}

/// The most cards a table hand may hold.
pub(crate) const MAX_CARDS: usize = 7;

/// A multiset of natural ranks: counts per rank, total at most seven, at most four of a rank.
#[derive(Clone, Copy)]
pub(crate) struct Multiset {
    pub counts: [u8; 13],
    pub size: u8,
    pub key: u32,
}

/// Every multiset of at most `most` cards over ranks `ranks`, smallest first.
fn multisets(ranks: std::ops::Range<usize>, most: u8) -> Vec<Multiset> {
    fn walk(rank: usize, end: usize, left: u8, m: &mut Multiset, out: &mut Vec<Multiset>) {
        if rank == end {
            out.push(*m);
            return;
        }
        for c in 0..=left.min(4) {
            m.counts[rank] = c;
            m.size += c;
            m.key += c as u32 * rank_weight(rank);
            walk(rank + 1, end, left - c, m, out);
            m.size -= c;
            m.key -= c as u32 * rank_weight(rank);
        }
        m.counts[rank] = 0;
    }
    let mut out = Vec::new();
    let (start, end) = (ranks.start, ranks.end);
    walk(start, end, most, &mut Multiset { counts: [0; 13], size: 0, key: 0 }, &mut out);
    out.sort_by_key(|m| m.size);
    out
}

/// A minimal perfect hash of rank multisets: `slot = high_offset[high sum] + low_index[low sum]`.
///
/// Low-half multisets are numbered smallest first, so those that fit beside a high-half
/// multiset of h cards are a prefix (sizes up to 7 − h). Each high-half multiset gets a run of
/// slots as long as that prefix. Both halves' sums are additive, so a hand's key carries them
/// and the slot costs two independent loads.
pub(crate) struct RankIndex {
    low_index: Vec<u16>,
    high_offset: Vec<u32>,
    pub slots: usize,
    pub multisets: Vec<Multiset>,
}

impl RankIndex {
    fn build() -> RankIndex {
        let low = multisets(0..HIGH_HALF, MAX_CARDS as u8);
        let high = multisets(HIGH_HALF..13, MAX_CARDS as u8);
        let table = |half: &[Multiset], shift: u32| {
            let mut sums: Vec<u32> = half.iter().map(|m| m.key >> shift).collect();
            let len = *sums.iter().max().unwrap() as usize + 1;
            sums.sort_unstable();
            sums.dedup();
            assert_eq!(sums.len(), half.len(), "half weights must give every multiset a distinct sum");
            len
        };
        let mut low_index = vec![u16::MAX; table(&low, 0)];
        for (i, m) in low.iter().enumerate() {
            low_index[m.key as usize] = i as u16;
        }
        let low_up_to: Vec<usize> = (0..=MAX_CARDS).map(|s| low.iter().filter(|m| m.size as usize <= s).count()).collect();
        let mut high_offset = vec![u32::MAX; table(&high, 16)];
        let mut slots = 0;
        for m in &high {
            high_offset[(m.key >> 16) as usize] = slots as u32;
            slots += low_up_to[MAX_CARDS - m.size as usize];
        }
        let mut all = Vec::with_capacity(slots);
        for h in &high {
            for l in low.iter().take_while(|l| l.size + h.size <= MAX_CARDS as u8) {
                let mut m = *h;
                m.size += l.size;
                m.key += l.key;
                for r in 0..HIGH_HALF {
                    m.counts[r] = l.counts[r];
                }
                all.push(m);
            }
        }
        all.sort_by_key(|m| m.size);
        RankIndex { low_index, high_offset, slots, multisets: all }
    }

    /// The low-half index and high-half offset of `key`, whose sum is its slot.
    #[inline(always)]
    pub fn halves(&self, key: u32) -> (usize, usize) {
        (self.low(key & 0xffff), self.high(key >> 16))
    }

    #[inline(always)]
    pub fn low(&self, low_sum: u32) -> usize {
        unsafe { *self.low_index.get_unchecked(low_sum as usize) as usize }
    }

    #[inline(always)]
    pub fn high(&self, high_sum: u32) -> usize {
        unsafe { *self.high_offset.get_unchecked(high_sum as usize) as usize }
    }

    #[inline(always)]
    pub fn slot(&self, key: u32) -> usize {
        // Keys come only from hands of at most seven cards, so both sums are in range.
        unsafe {
            *self.high_offset.get_unchecked((key >> 16) as usize) as usize
                + *self.low_index.get_unchecked((key & 0xffff) as usize) as usize
        }
    }
}

pub(crate) fn rank_index() -> &'static RankIndex {
    static INDEX: OnceLock<RankIndex> = OnceLock::new();
    INDEX.get_or_init(RankIndex::build)
}

/// How a ranking treats wild cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wild {
    /// No wild cards.
    None,
    /// The joker plays as an ace or completes a straight, flush or straight flush. With
    /// `natural_royal_ranks_higher`, a royal without the joker beats one with it.
    SemiJoker { natural_royal_ranks_higher: bool },
    /// The joker (and with `deuces`, every deuce) is fully wild; five wilds is the top hand.
    Full { deuces: bool },
}

impl Wild {
    pub fn max_wilds(self) -> usize {
        match self {
            Wild::None => 0,
            Wild::SemiJoker { .. } => 1,
            Wild::Full { deuces: true } => 5,
            Wild::Full { deuces: false } => 1,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    pub order: StraightOrder,
    pub wild: Wild,
}

impl Rules {
    /// Best value of five cards: natural ranks `counts` plus `wilds` wild cards, as if unsuited.
    fn five_by_rank(&self, counts: &[u8; 13], wilds: usize) -> Strength {
        match (self.wild, wilds) {
            (_, 0) => five::rank_only(counts, self.order),
            (Wild::SemiJoker { .. }, 1) => {
                let mut as_ace = *counts;
                as_ace[ACE as usize] += 1;
                let mut best = if as_ace[ACE as usize] == 5 {
                    five::strength(Category::FiveAces, false, &[])
                } else {
                    five::rank_only(&as_ace, self.order)
                };
                for r in 0..13 {
                    if five::completes_straight(counts, r) {
                        let mut c = *counts;
                        c[r] += 1;
                        best = best.max(five::rank_only(&c, self.order));
                    }
                }
                best
            }
            (Wild::Full { .. }, 5) => five::strength(Category::FiveWilds, false, &[]),
            (Wild::Full { .. }, w) => {
                let mut best = 0;
                for_each_rank_multiset(w, &mut |extra| {
                    let mut c = *counts;
                    for &r in extra {
                        c[r as usize] += 1;
                    }
                    best = best.max(five::rank_only(&c, self.order));
                });
                best
            }
            _ => unreachable!("{wilds} wild cards under {:?}", self.wild),
        }
    }

    /// Best value of five cards of one suit: natural ranks `mask` plus `wilds` wild cards, each
    /// wild taking a rank missing from the suit.
    fn five_suited(&self, mask: u16, wilds: usize) -> Strength {
        let natural_mark = matches!(self.wild, Wild::SemiJoker { natural_royal_ranks_higher: true });
        if wilds == 0 {
            return five::suited(mask, self.order, natural_mark);
        }
        if wilds == 5 {
            return five::strength(Category::FiveWilds, false, &[]);
        }
        let mut best = 0;
        for_each_subset_of(!mask & 0x1fff, wilds, &mut |fill| {
            best = best.max(five::suited(mask | fill, self.order, false));
        });
        best
    }
}

/// Every multiset of `k` ranks.
fn for_each_rank_multiset(k: usize, f: &mut dyn FnMut(&[u8])) {
    fn walk(from: u8, k: usize, cur: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for r in from..13 {
            cur.push(r);
            walk(r, k, cur, f);
            cur.pop();
        }
    }
    walk(0, k, &mut Vec::with_capacity(k), f);
}

/// Every `k`-bit subset of `mask`.
fn for_each_subset_of(mask: u16, k: usize, f: &mut dyn FnMut(u16)) {
    let mut sub = mask;
    loop {
        if sub.count_ones() as usize == k {
            f(sub);
        }
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & mask;
    }
}

/// Generated tables of one ranking, values as dense [`crate::HandRank`] ids (0 = not a hand).
pub(crate) struct Tables {
    /// `[wilds * slots + slot]`.
    pub by_rank: Vec<u16>,
    /// `[wilds * 8192 + suit mask]`.
    pub by_flush: Vec<u16>,
    /// Strength of each id.
    pub strengths: Vec<Strength>,
}

pub(crate) fn build(rules: Rules) -> Tables {
    let hash = rank_index();
    let slots = hash.slots;
    let levels = rules.wild.max_wilds() + 1;

    let mut by_rank = vec![0 as Strength; levels * slots];
    for m in &hash.multisets {
        let slot = hash.slot(m.key);
        for w in 0..levels {
            let n = m.size as usize + w;
            if !(5..=MAX_CARDS).contains(&n) {
                continue;
            }
            let value = if n == 5 {
                rules.five_by_rank(&m.counts, w)
            } else {
                let mut best = if w > 0 { by_rank[(w - 1) * slots + slot] } else { 0 };
                for (r, &c) in m.counts.iter().enumerate() {
                    if c > 0 {
                        best = best.max(by_rank[w * slots + hash.slot(m.key - rank_weight(r))]);
                    }
                }
                best
            };
            by_rank[w * slots + slot] = value;
        }
    }

    let mut by_flush = vec![0 as Strength; levels * 8192];
    let mut masks: Vec<u16> = (0..8192u16).filter(|m| m.count_ones() as usize <= MAX_CARDS).collect();
    masks.sort_by_key(|m| m.count_ones());
    for &mask in &masks {
        for w in 0..levels {
            let n = mask.count_ones() as usize + w;
            if !(5..=MAX_CARDS).contains(&n) {
                continue;
            }
            let value = if n == 5 {
                rules.five_suited(mask, w)
            } else {
                let mut best = if w > 0 { by_flush[(w - 1) * 8192 + mask as usize] } else { 0 };
                let mut bits = mask;
                while bits != 0 {
                    let low = bits & bits.wrapping_neg();
                    best = best.max(by_flush[w * 8192 + (mask ^ low) as usize]);
                    bits ^= low;
                }
                best
            };
            by_flush[w * 8192 + mask as usize] = value;
        }
    }

    // Dense ids in strength order; id 0 stays "no hand".
    let distinct: BTreeSet<Strength> = by_rank.iter().chain(&by_flush).copied().filter(|&s| s != 0).collect();
    let mut strengths = vec![0];
    strengths.extend(distinct);
    assert!(strengths.len() <= u16::MAX as usize);
    let id_of = |s: Strength| if s == 0 { 0 } else { strengths.binary_search(&s).unwrap() as u16 };
    Tables {
        by_rank: by_rank.iter().map(|&s| id_of(s)).collect(),
        by_flush: by_flush.iter().map(|&s| id_of(s)).collect(),
        strengths,
    }
}

#[cfg(test)]
/// The number of distinct five-card values under `rules` with no wild card: every five-card
/// rank multiset and every five-card suited mask, valued and deduplicated.
pub(crate) fn distinct_five_card_classes(rules: Rules) -> usize {
    let hash = rank_index();
    let mut all = BTreeSet::new();
    for m in hash.multisets.iter().filter(|m| m.size == 5) {
        all.insert(rules.five_by_rank(&m.counts, 0));
    }
    for mask in (0..8192u16).filter(|m| m.count_ones() == 5) {
        all.insert(rules.five_suited(mask, 0));
    }
    all.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_index_is_a_minimal_perfect_hash() {
        let hash = rank_index();
        assert_eq!(hash.multisets.len(), 76_155, "multisets of <= 7 cards, <= 4 per rank");
        let mut slots: Vec<usize> = hash.multisets.iter().map(|m| hash.slot(m.key)).collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), hash.multisets.len());
        assert!(hash.slots < 4 * hash.multisets.len(), "{} slots", hash.slots);
    }

    #[test]
    fn standard_rules_have_7462_five_card_classes() {
        let rules = Rules { order: StraightOrder::Standard, wild: Wild::None };
        assert_eq!(distinct_five_card_classes(rules), 7462);
    }
}
