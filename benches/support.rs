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

/// Ranks every 7-card hand of `deck` on one thread, by seven nested loops adding one card key
/// per level, and returns the number of hands per rank id (index = `HandRank.0`).
pub fn rank_all_seven(evaluator: &Evaluator, deck: &Deck) -> Vec<u64> {
    let keys: Vec<HandKey> = deck.cards().iter().map(|&c| evaluator.key(c)).collect();
    let n = keys.len();
    let mut counts = Histogram::new(evaluator.class_count() + 1);
    for a in 0..n {
        let ka = HandKey::EMPTY + keys[a];
        for b in a + 1..n {
            let kb = ka + keys[b];
            for c in b + 1..n {
                let kc = kb + keys[c];
                for d in c + 1..n {
                    let kd = kc + keys[d];
                    for e in d + 1..n {
                        let ke = kd + keys[e];
                        for f in e + 1..n {
                            let kf = ke + keys[f];
                            evaluator.rank_extensions(kf, &keys[f + 1..], |r| counts.add(r.0 as usize));
                        }
                    }
                }
            }
        }
    }
    counts.counts()
}

/// As [`rank_all_seven`] but folds the ranks into a checksum instead of a histogram.
pub fn rank_all_seven_sum(evaluator: &Evaluator, deck: &Deck) -> u64 {
    let keys: Vec<HandKey> = deck.cards().iter().map(|&c| evaluator.key(c)).collect();
    let n = keys.len();
    let mut sum = 0u64;
    for a in 0..n {
        let ka = HandKey::EMPTY + keys[a];
        for b in a + 1..n {
            let kb = ka + keys[b];
            for c in b + 1..n {
                let kc = kb + keys[c];
                for d in c + 1..n {
                    let kd = kc + keys[d];
                    for e in d + 1..n {
                        let ke = kd + keys[e];
                        for f in e + 1..n {
                            let kf = ke + keys[f];
                            for &kg in &keys[f + 1..] {
                                sum += evaluator.rank_key(kf + kg).0 as u64;
                            }
                        }
                    }
                }
            }
        }
    }
    sum
}

/// Counts every 7-card hand of `deck` by rank on one thread, grouping the last two cards by rank
/// where no flush can form ([`Evaluator::rank_two_more_grouped`]) instead of looking each hand
/// up.
pub fn count_all_seven_grouped(evaluator: &Evaluator, deck: &Deck) -> Vec<u64> {
    let keys: Vec<HandKey> = deck.cards().iter().map(|&c| evaluator.key(c)).collect();
    let n = keys.len();
    let mut counts = vec![0u64; evaluator.class_count() + 1];
    for a in 0..n {
        let ka = HandKey::EMPTY + keys[a];
        for b in a + 1..n {
            let kb = ka + keys[b];
            for c in b + 1..n {
                let kc = kb + keys[c];
                for d in c + 1..n {
                    let kd = kc + keys[d];
                    for e in d + 1..n {
                        evaluator.rank_two_more_grouped(kd + keys[e], &keys[e + 1..], |r, m| counts[r.0 as usize] += m);
                    }
                }
            }
        }
    }
    counts
}
