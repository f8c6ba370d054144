//! Suit isomorphism: every game here treats the four suits alike, so a hand and any relabelling
//! of its suits have the same outcome. An enumerator may visit one canonical hand per class and
//! count it `weight` times, where the weight is the number of distinct hands in the class.
//!
//! The canonical form lists the suit lanes in descending order of their 13-bit rank masks
//! (largest in suit 0). The joker has no suit and is left in place.

use crate::{CardSet, Suit};

fn lanes(set: CardSet) -> [u16; 4] {
    Suit::ALL.map(|s| set.suit_ranks(s))
}

fn from_lanes(lanes: [u16; 4], joker: bool) -> CardSet {
    let mut m = (joker as u64) << 63;
    for (s, &lane) in lanes.iter().enumerate() {
        m |= (lane as u64) << (16 * s);
    }
    CardSet(m)
}

/// The canonical representative of `set`'s suit-isomorphism class.
pub fn canonical(set: CardSet) -> CardSet {
    let mut l = lanes(set);
    l.sort_unstable_by(|a, b| b.cmp(a));
    from_lanes(l, set.has_joker())
}

/// How many distinct card sets are suit relabellings of `set` (including itself).
pub fn class_size(set: CardSet) -> u64 {
    let mut l = lanes(set);
    l.sort_unstable();
    relabellings(&l)
}

/// How many distinct labellings by the four suits four lanes have, given in sorted order (either
/// way): 4! divided by the factorial of each run of equal lanes.
pub fn relabellings<T: PartialEq>(sorted: &[T; 4]) -> u64 {
    let mut size = 24;
    let mut run = 1;
    for i in 1..4 {
        if sorted[i] == sorted[i - 1] {
            run += 1;
            size /= run;
        } else {
            run = 1;
        }
    }
    size
}

/// Calls `visit(representative, weight)` once per suit-isomorphism class of `k`-card hands drawn
/// from the 52 naturals (and, when `with_joker`, from the 52 naturals plus the joker). The
/// weights add up to C(52, k) (or C(53, k)).
pub fn for_each_class(k: usize, with_joker: bool, mut visit: impl FnMut(CardSet, u64)) {
    let by_count = masks_by_count();
    let mut emit = |natural: usize, joker: bool| {
        walk(&by_count, natural, [0; 4], 0, u16::MAX, &mut |l| {
            let set = from_lanes(l, joker);
            visit(set, class_size(set));
        });
    };
    emit(k, false);
    if with_joker && k > 0 {
        emit(k - 1, true);
    }
}

/// Rank masks grouped by how many ranks they hold, each group ascending.
fn masks_by_count() -> Vec<Vec<u16>> {
    let mut groups = vec![Vec::new(); 14];
    for m in 0u16..(1 << 13) {
        groups[m.count_ones() as usize].push(m);
    }
    groups
}

/// Fills lanes `suit..4` with masks not above `bound`, non-increasing, holding `left` cards.
fn walk(by_count: &[Vec<u16>], left: usize, mut l: [u16; 4], suit: usize, bound: u16, f: &mut dyn FnMut([u16; 4])) {
    if suit == 3 {
        if left <= 13 {
            let group = &by_count[left];
            let end = group.partition_point(|&m| m <= bound);
            for &m in &group[..end] {
                l[3] = m;
                f(l);
            }
        }
        return;
    }
    for count in 0..=left.min(13) {
        let group = &by_count[count];
        let end = group.partition_point(|&m| m <= bound);
        for &m in &group[..end] {
            l[suit] = m;
            walk(by_count, left - count, l, suit + 1, m, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{binomial, Deck, Subsets};
    use std::collections::HashMap;

    #[test]
    fn weights_add_up_to_the_number_of_hands() {
        for k in 0..=6 {
            let mut total = 0;
            for_each_class(k, false, |_, w| total += w);
            assert_eq!(total, binomial(52, k as u64), "k = {k}");
            let mut total = 0;
            for_each_class(k, true, |_, w| total += w);
            assert_eq!(total, binomial(53, k as u64), "k = {k} with joker");
        }
    }

    #[test]
    fn classes_agree_with_brute_force_canonicalisation() {
        // Independent path: canonicalise every 4-card hand of a joker deck and count.
        let deck = Deck::with_joker();
        let mut counts: HashMap<CardSet, u64> = HashMap::new();
        for hand in Subsets::new(deck.cards(), 4) {
            *counts.entry(canonical(hand)).or_default() += 1;
        }
        let mut seen = 0;
        for_each_class(4, true, |rep, w| {
            assert_eq!(canonical(rep), rep, "representative is canonical");
            assert_eq!(counts.get(&rep), Some(&w), "{rep}");
            seen += 1;
        });
        assert_eq!(seen, counts.len());
    }

    #[test]
    fn class_sizes_of_simple_hands() {
        assert_eq!(class_size("As Ks Qs Js Ts".parse().unwrap()), 4);
        assert_eq!(class_size("As Ah".parse().unwrap()), 6);
        assert_eq!(class_size("As Kh".parse().unwrap()), 12);
        assert_eq!(class_size("As Ah Ad Ac".parse().unwrap()), 1);
        assert_eq!(class_size("Jk".parse().unwrap()), 1);
    }
}
