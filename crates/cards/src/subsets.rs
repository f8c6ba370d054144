use crate::{Card, CardSet};

/// Binomial coefficient C(n, k) in exact integers (0 when k > n).
pub const fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = if k > n - k { n - k } else { k };
    let mut acc: u128 = 1;
    let mut i = 0;
    while i < k {
        acc = acc * (n - i) as u128 / (i + 1) as u128;
        i += 1;
    }
    acc as u64
}

const MAX_SUBSET: usize = 16;

/// All k-subsets of a card list, in lexicographic order of positions, as [`CardSet`]s.
///
/// Holds one fixed index array and allocates nothing per subset. For the hottest loops the
/// evaluators use nested loops with incremental hand keys instead.
pub struct Subsets<'a> {
    cards: &'a [Card],
    idx: [usize; MAX_SUBSET],
    k: usize,
    done: bool,
}

impl<'a> Subsets<'a> {
    pub const MAX_K: usize = MAX_SUBSET;

    pub fn new(cards: &'a [Card], k: usize) -> Subsets<'a> {
        assert!(k <= Self::MAX_K, "subsets of more than {} cards", Self::MAX_K);
        let mut idx = [0; MAX_SUBSET];
        for (i, slot) in idx.iter_mut().enumerate().take(k) {
            *slot = i;
        }
        Subsets { cards, idx, k, done: k > cards.len() }
    }
}

impl Iterator for Subsets<'_> {
    type Item = CardSet;

    fn next(&mut self) -> Option<CardSet> {
        if self.done {
            return None;
        }
        let k = self.k;
        let n = self.cards.len();
        let set = CardSet(self.idx[..k].iter().fold(0, |m, &i| m | self.cards[i].bit()));
        // Advance: find the rightmost index that can still move right.
        let mut i = k;
        loop {
            if i == 0 {
                self.done = true;
                break;
            }
            i -= 1;
            if self.idx[i] < n - k + i {
                self.idx[i] += 1;
                for j in i + 1..k {
                    self.idx[j] = self.idx[j - 1] + 1;
                }
                break;
            }
        }
        Some(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Deck;

    #[test]
    fn binomials_match_known_values() {
        assert_eq!(binomial(52, 5), 2_598_960);
        assert_eq!(binomial(52, 7), 133_784_560);
        assert_eq!(binomial(53, 7), 154_143_080);
        assert_eq!(binomial(312, 2), 48_516);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(7, 0), 1);
    }

    #[test]
    fn subsets_are_distinct_and_complete() {
        let deck = Deck::standard();
        for k in 0..=3 {
            let all: Vec<CardSet> = Subsets::new(deck.cards(), k).collect();
            assert_eq!(all.len() as u64, binomial(52, k as u64));
            let mut sorted = all.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), all.len());
            assert!(all.iter().all(|s| s.len() == k as u32));
        }
        assert_eq!(Subsets::new(&deck.cards()[..4], 5).count(), 0);
    }

    #[test]
    fn five_card_subsets_of_a_joker_deck() {
        let deck = Deck::with_joker();
        let mut with_joker = 0u64;
        let mut total = 0u64;
        for s in Subsets::new(deck.cards(), 5) {
            total += 1;
            with_joker += s.has_joker() as u64;
        }
        assert_eq!(total, 2_869_685);
        assert_eq!(with_joker, binomial(52, 4));
    }
}
