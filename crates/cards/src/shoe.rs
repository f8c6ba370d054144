//! A shoe of several 52-card decks (Over/Under deals from six). Repeated cards break the
//! one-bit-per-card picture, so a shoe is counted by rank compositions: how many cards of each
//! rank a hand holds, with the number of ways to draw that composition from the shoe.

use crate::binomial;

/// `decks` standard decks shuffled together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shoe {
    decks: u32,
}

impl Shoe {
    pub fn new(decks: u32) -> Shoe {
        assert!(decks >= 1, "a shoe holds at least one deck");
        Shoe { decks }
    }

    pub fn decks(self) -> u32 {
        self.decks
    }

    pub fn len(self) -> u64 {
        52 * self.decks as u64
    }

    pub fn is_empty(self) -> bool {
        false
    }

    /// Copies of each rank in the full shoe.
    pub fn per_rank(self) -> u64 {
        4 * self.decks as u64
    }

    /// Calls `visit(counts, ways)` for every way to hold `k` cards by rank (counts[r] cards of
    /// rank r), where `ways` is the number of k-card subsets of the shoe with that composition.
    /// The ways add up to C(52·decks, k).
    pub fn for_each_rank_composition(self, k: u32, mut visit: impl FnMut(&[u8; 13], u64)) {
        let mut counts = [0u8; 13];
        self.compose(0, k, 1, &mut counts, &mut visit);
    }

    fn compose(self, rank: usize, left: u32, ways: u64, counts: &mut [u8; 13], visit: &mut impl FnMut(&[u8; 13], u64)) {
        if rank == 13 {
            if left == 0 {
                visit(counts, ways);
            }
            return;
        }
        let most = (left as u64).min(self.per_rank());
        for c in 0..=most {
            counts[rank] = c as u8;
            self.compose(rank + 1, left - c as u32, ways * binomial(self.per_rank(), c), counts, visit);
        }
        counts[rank] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compositions_count_every_hand_of_the_shoe() {
        for decks in [1, 2, 6] {
            for k in 0..=4 {
                let shoe = Shoe::new(decks);
                let mut total = 0;
                shoe.for_each_rank_composition(k, |counts, _| {
                    assert_eq!(counts.iter().map(|&c| c as u32).sum::<u32>(), k);
                });
                shoe.for_each_rank_composition(k, |_, w| total += w);
                assert_eq!(total, binomial(shoe.len(), k as u64), "{decks} decks, {k} cards");
            }
        }
    }

    #[test]
    fn six_deck_pair_count_by_hand() {
        // Two cards of one rank from 24 copies, 13 ranks: 13 * C(24, 2).
        let mut pairs = 0;
        Shoe::new(6).for_each_rank_composition(2, |c, w| {
            if c.contains(&2) {
                pairs += w;
            }
        });
        assert_eq!(pairs, 13 * 276);
    }
}
