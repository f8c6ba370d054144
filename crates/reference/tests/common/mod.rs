//! Helpers shared by the test files.
#![allow(dead_code)]

use parsheet_reference::{RefCard, RefCategory};

/// splitmix64: a tiny, well-known generator, enough for picking test hands.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform-enough in 0..n for test sampling.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `count` distinct cards from `deck` (partial Fisher-Yates).
    pub fn hand(&mut self, deck: &[RefCard], count: usize) -> Vec<RefCard> {
        let mut cards = deck.to_vec();
        for i in 0..count {
            let j = i + self.below(cards.len() - i);
            cards.swap(i, j);
        }
        cards.truncate(count);
        cards
    }
}

/// Calls `f` with every five-card hand from `deck`.
pub fn for_each_five(deck: &[RefCard], mut f: impl FnMut(&[RefCard; 5])) {
    let n = deck.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        f(&[deck[a], deck[b], deck[c], deck[d], deck[e]]);
                    }
                }
            }
        }
    }
}

/// Hand counts per category, indexed by `category as usize`.
pub type Census = [u64; 13];

pub fn count(census: &Census, category: RefCategory) -> u64 {
    census[category as usize]
}
