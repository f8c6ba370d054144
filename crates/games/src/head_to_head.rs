//! Player against dealer, both dealt `k` cards from one deck: for every player hand, how many
//! dealer hands from the cards that remain rank below, equal to and above it.
//!
//! Pair-by-pair enumeration is out of reach for five cards each from 53 (4.9 × 10^12 pairs). The
//! count is instead done by inclusion–exclusion over card removal: the dealer hands disjoint from
//! a hand `P` that rank below `r` number
//!
//! ```text
//!     Σ over T ⊆ P of (−1)^|T| · #{hands ⊇ T ranking below r}
//! ```
//!
//! and `#{hands ⊇ T ranking below r}` is a counter per subset `T` of at most `k` cards. Sweeping
//! the hands in increasing rank and adding each group of equal rank to its subset counters only
//! after the group has been queried gives "below" for every hand; querying again after the group
//! was added gives "below or equal". That is 3 · 2^k counter touches per hand (the subset indexes
//! computed once) instead of one comparison per opponent. Counters are indexed by the
//! combinatorial number system. The hand itself is the one hand holding all its cards: its
//! full-set term is known (it counts in its own "below or equal" query and in no "below" one), so
//! only subsets of fewer than `k` cards get counters: Σ C(53, j < 5) = 317,683 (1.3 MB) for DJ
//! Wild.
//!
//! # Threads
//!
//! The sweep is ordered by rank, but inside a group of equal rank it is not: the group's hands
//! are queried against counters nobody writes, so they are queried in parallel (and their subset
//! indexes computed), then added one thread alone, then queried again in parallel; a threshold's
//! answers, one query per hand at or above it against the counters of that moment, are parallel
//! too. Only the additions (2^k − 1 increments a hand, about a tenth of the sweep's work) run on
//! one thread. The counts are the same integers with any number of threads. The hands are ranked
//! and sorted in parallel too; the sort is stable, so hands of equal rank keep the order in which
//! they were enumerated.
//!
//! The counts are exact integers; the caller's ranks decide everything else. A "threshold" asks,
//! for each hand ranking at or above it, how many disjoint hands rank below the threshold (what a
//! wager paid on the loser's category needs).

use parsheet_cards::{binomial, Card, CardSet};
use rayon::prelude::*;

/// Most cards in a hand (2^k subset counters per hand).
pub const MAX_HAND: usize = 6;

/// The fewest hands of one rank worth queries on several threads.
const PARALLEL_HANDS: usize = 64;

/// Every `k`-card hand of a deck with its counts against the disjoint `k`-card hands.
pub struct Matchups {
    /// Hands in increasing rank.
    pub hands: Vec<CardSet>,
    pub ranks: Vec<u32>,
    pub below: Vec<u32>,
    pub equal: Vec<u32>,
    pub above: Vec<u32>,
    /// Opponent hands per hand: C(n − k, k).
    pub opponents: u64,
    thresholds: Vec<u32>,
    /// `below_threshold[t][i]` for the hands `i >= first_at_or_above[t]`.
    below_threshold: Vec<Vec<u32>>,
    first_at_or_above: Vec<usize>,
}

impl Matchups {
    /// For hand `i` (in rank order), the disjoint hands ranking below `thresholds[t]`, when hand
    /// `i` ranks at or above that threshold; `None` otherwise.
    pub fn below_threshold(&self, i: usize, t: usize) -> Option<u32> {
        let first = self.first_at_or_above[t];
        (i >= first).then(|| self.below_threshold[t][i - first])
    }

    pub fn thresholds(&self) -> &[u32] {
        &self.thresholds
    }
}

/// A hand as the positions of its cards in the deck, and its rank.
type Hand = ([u8; MAX_HAND], u32);

/// A subset term: the counter's index, and [`ODD`] for a subset of odd size (subtracted).
const ODD: u32 = 1 << 31;

/// Subset counters indexed by the combinatorial number system: a subset's index is the offset
/// of its size plus its combinatorial number.
struct Subsets {
    k: usize,
    offset: [u32; MAX_HAND + 2],
    /// `choose[p][t]` = C(p, t).
    choose: Vec<[u32; MAX_HAND + 1]>,
}

impl Subsets {
    fn new(n: usize, k: usize) -> Subsets {
        let mut offset = [0u32; MAX_HAND + 2];
        for j in 0..=k {
            offset[j + 1] = offset[j] + binomial(n as u64, j as u64) as u32;
        }
        assert!(offset[k] < ODD, "subset indexes fit below the sign bit");
        let choose = (0..n).map(|p| std::array::from_fn(|t| binomial(p as u64, t as u64) as u32)).collect();
        Subsets { k, offset, choose }
    }

    /// Counters for the subsets of fewer than `k` cards.
    fn counters(&self) -> usize {
        self.offset[self.k] as usize
    }

    /// Terms per hand: its proper subsets.
    fn per_hand(&self) -> usize {
        (1 << self.k) - 1
    }

    /// The terms of the proper subsets of a hand at `positions` into `out` (`per_hand` long),
    /// built by adding the hand's cards in order: the `t`-th card at position `p` adds C(p, t).
    fn terms(&self, positions: &[u8; MAX_HAND], out: &mut [u32]) {
        let mut index = [0u32; 1 << MAX_HAND];
        let mut size = [0u8; 1 << MAX_HAND];
        for (b, &p) in positions.iter().enumerate().take(self.k) {
            for m in 0..1 << b {
                let s = size[m] as usize + 1;
                size[m | 1 << b] = s as u8;
                index[m | 1 << b] = index[m] - self.offset[s - 1] + self.offset[s] + self.choose[p as usize][s];
            }
        }
        for (m, t) in out.iter_mut().enumerate() {
            *t = index[m] | if size[m] % 2 == 1 { ODD } else { 0 };
        }
    }

    /// Σ ± counters over a hand's terms.
    fn query(counters: &[u32], terms: &[u32]) -> i64 {
        terms.iter().map(|&t| if t & ODD != 0 { -(counters[(t & !ODD) as usize] as i64) } else { counters[t as usize] as i64 }).sum()
    }
}

/// Counts every `k`-card hand of `deck` (at most 64 cards) against the disjoint `k`-card hands,
/// with `rank` ordering hands (higher is better, equal ties). `thresholds` must be increasing.
pub fn matchups(deck: &[Card], k: usize, rank: impl Fn(CardSet) -> u32 + Sync, thresholds: &[u32]) -> Matchups {
    // On one of the pool's threads, the sweep's thousands of small parallel loops start without
    // a hand-off from outside the pool (a thread wake-up each).
    rayon::scope(|_| count(deck, k, &rank, thresholds))
}

fn count(deck: &[Card], k: usize, rank: &(impl Fn(CardSet) -> u32 + Sync), thresholds: &[u32]) -> Matchups {
    let n = deck.len();
    assert!(n <= 64 && (1..=MAX_HAND).contains(&k) && 2 * k <= n, "{k}-card hands from {n} cards");
    assert!(thresholds.windows(2).all(|w| w[0] < w[1]), "thresholds must increase");
    let set_of = |pos: &[u8; MAX_HAND]| CardSet(pos[..k].iter().fold(0, |m, &p| m | deck[p as usize].bit()));

    // Every hand by positions, then ranked (in parallel) and stably sorted by rank.
    let total = binomial(n as u64, k as u64) as usize;
    let mut hands: Vec<Hand> = Vec::with_capacity(total);
    let mut pos = [0u8; MAX_HAND];
    for (i, p) in pos.iter_mut().enumerate().take(k) {
        *p = i as u8;
    }
    loop {
        hands.push((pos, 0));
        let Some(i) = (0..k).rev().find(|&i| (pos[i] as usize) < n - k + i) else { break };
        pos[i] += 1;
        for j in i + 1..k {
            pos[j] = pos[j - 1] + 1;
        }
    }
    assert_eq!(hands.len(), total, "every hand enumerated once");
    hands.par_iter_mut().for_each(|h| h.1 = rank(set_of(&h.0)));
    hands.par_sort_by_key(|h| h.1);

    let subsets = Subsets::new(n, k);
    let per_hand = subsets.per_hand();
    let opponents = binomial((n - k) as u64, k as u64);
    // The full set's term in a hand's own "below or equal" query.
    let own: i64 = if k % 2 == 1 { -1 } else { 1 };
    let count = |signed: i64| u32::try_from(signed).expect("inclusion-exclusion count is a count");
    let mut counters = vec![0u32; subsets.counters()];
    let (mut below, mut equal, mut above) = (vec![0u32; total], vec![0u32; total], vec![0u32; total]);
    let mut below_threshold = Vec::new();
    let mut first_at_or_above = Vec::new();
    let mut next_threshold = 0;
    let mut group_terms: Vec<u32> = Vec::new();
    let mut start = 0;
    while start < total {
        let r = hands[start].1;
        let end = start + hands[start..].iter().take_while(|h| h.1 == r).count();
        // Counters hold exactly the hands ranking below r: answer any threshold at or below r.
        while next_threshold < thresholds.len() && thresholds[next_threshold] <= r {
            let answers = hands[start..]
                .par_iter()
                .with_min_len(PARALLEL_HANDS)
                .map_init(
                    || vec![0; per_hand],
                    |terms, h| {
                        subsets.terms(&h.0, terms);
                        count(Subsets::query(&counters, terms))
                    },
                )
                .collect();
            below_threshold.push(answers);
            first_at_or_above.push(start);
            next_threshold += 1;
        }
        // The group's subset terms, computed once for its three passes.
        group_terms.resize((end - start) * per_hand, 0);
        group_terms.par_chunks_mut(per_hand).with_min_len(PARALLEL_HANDS).zip(&hands[start..end]).zip(&mut below[start..end]).for_each(|((terms, h), b)| {
            subsets.terms(&h.0, terms);
            *b = count(Subsets::query(&counters, terms));
        });
        for &t in &group_terms {
            counters[(t & !ODD) as usize] += 1;
        }
        group_terms
            .par_chunks(per_hand)
            .with_min_len(PARALLEL_HANDS)
            .zip(&below[start..end])
            .zip(equal[start..end].par_iter_mut().zip(&mut above[start..end]))
            .for_each(|((terms, &b), (e, a))| {
                let at_most = count(Subsets::query(&counters, terms) + own);
                *e = at_most - b;
                *a = (opponents as u32).checked_sub(at_most).expect("no more opponents than C(n - k, k)");
            });
        start = end;
    }
    // Thresholds above every hand: nothing ranks at or above them.
    while next_threshold < thresholds.len() {
        below_threshold.push(Vec::new());
        first_at_or_above.push(total);
        next_threshold += 1;
    }
    assert_eq!(counters[0] as usize, total, "every hand swept once");
    let sets = hands.par_iter().map(|h| set_of(&h.0)).collect();
    let ranks = hands.par_iter().map(|h| h.1).collect();
    Matchups {
        hands: sets,
        ranks,
        below,
        equal,
        above,
        opponents,
        thresholds: thresholds.to_vec(),
        below_threshold,
        first_at_or_above,
    }
}
