//! Shared helpers for the criterion benches in `benches/`.
//!
//! The enumeration kernels live here so that benches measure exactly the loops documented in
//! `docs/PERFORMANCE.md`.

use parsheet_cards::Deck;
use parsheet_eval::{Evaluator, HandKey};

/// A histogram with four lanes used in turn, so that consecutive hands of equal rank (common:
/// the last card runs through the four suits of a rank) do not wait on one counter.
pub struct Histogram {
    lanes: Vec<[u64; 4]>,
    next: usize,
}

impl Histogram {
    pub fn new(bins: usize) -> Histogram {
        Histogram { lanes: vec![[0; 4]; bins], next: 0 }
    }

    #[inline(always)]
    pub fn add(&mut self, bin: usize) {
        self.lanes[bin][self.next & 3] += 1;
        self.next += 1;
    }

    pub fn counts(&self) -> Vec<u64> {
        self.lanes.iter().map(|l| l.iter().sum()).collect()
    }
}

/// Calls `visit(prefix, rest)` for every 5-card prefix of `keys` (positions a < b < c < d < e),
/// with `rest` the keys after position e: the first five of seven nested loops, one key
/// addition per level.
fn for_each_five_card_prefix(keys: &[HandKey], mut visit: impl FnMut(HandKey, &[HandKey])) {
    let n = keys.len();
    for a in 0..n {
        let ka = HandKey::EMPTY + keys[a];
        for b in a + 1..n {
            let kb = ka + keys[b];
            for c in b + 1..n {
                let kc = kb + keys[c];
                for d in c + 1..n {
                    let kd = kc + keys[d];
                    for e in d + 1..n {
                        visit(kd + keys[e], &keys[e + 1..]);
                    }
                }
            }
        }
    }
}

/// Ranks every 7-card hand of `deck` on one thread, each hand looked up on its own, and returns
/// the number of hands per rank id (index = `HandRank.0`).
pub fn rank_all_seven(evaluator: &Evaluator, deck: &Deck) -> Vec<u64> {
    let keys: Vec<HandKey> = deck.cards().iter().map(|&c| evaluator.key(c)).collect();
    let mut counts = Histogram::new(evaluator.class_count() + 1);
    for_each_five_card_prefix(&keys, |prefix, rest| {
        for (f, &card) in rest.iter().enumerate() {
            evaluator.rank_extensions(prefix + card, &rest[f + 1..], |r| counts.add(r.0 as usize));
        }
    });
    counts.counts()
}

/// Counts every 7-card hand of `deck` by rank on one thread, grouping the last two cards by rank
/// where no flush can form ([`Evaluator::rank_two_more_grouped`]) instead of looking each hand
/// up.
pub fn count_all_seven_grouped(evaluator: &Evaluator, deck: &Deck) -> Vec<u64> {
    let keys: Vec<HandKey> = deck.cards().iter().map(|&c| evaluator.key(c)).collect();
    let mut counts = vec![0u64; evaluator.class_count() + 1];
    for_each_five_card_prefix(&keys, |prefix, rest| {
        evaluator.rank_two_more_grouped(prefix, rest, |r, m| counts[r.0 as usize] += m);
    });
    counts
}
