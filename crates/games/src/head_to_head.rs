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
//! the hands in increasing rank and adding each group of equal rank to its 2^k subset counters
//! only after the group has been queried gives "below" for every hand; querying again after the
//! group was added gives "below or equal". That is 3 · 2^k counter touches per hand (the subset
//! indexes computed once) instead of one comparison per opponent. Counters are indexed by the combinatorial number system, so a
//! deck of 53 cards and k = 5 needs Σ C(53, j ≤ 5) ≈ 3.2 million of them.
//!
//! The counts are exact integers; the caller's ranks decide everything else. A "threshold" asks,
//! for each hand ranking at or above it, how many disjoint hands rank below the threshold (what a
//! wager paid on the loser's category needs).

use parsheet_cards::{binomial, Card, CardSet};

/// Most cards in a hand (2^k subset counters per hand).
pub const MAX_HAND: usize = 6;

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

/// Counts every `k`-card hand of `deck` (at most 64 cards) against the disjoint `k`-card hands,
/// with `rank` ordering hands (higher is better, equal ties). `thresholds` must be increasing.
pub fn matchups(deck: &[Card], k: usize, rank: impl Fn(CardSet) -> u32, thresholds: &[u32]) -> Matchups {
    let n = deck.len();
    assert!(n <= 64 && (1..=MAX_HAND).contains(&k) && 2 * k <= n, "{k}-card hands from {n} cards");
    assert!(thresholds.windows(2).all(|w| w[0] < w[1]), "thresholds must increase");
    let choose = |a: usize, b: usize| binomial(a as u64, b as u64);
    // Subset index: offset of its size plus its combinatorial number.
    let mut offset = [0u64; MAX_HAND + 2];
    for j in 0..=k {
        offset[j + 1] = offset[j] + choose(n, j);
    }
    let mut table = vec![[0u32; MAX_HAND + 1]; n];
    for (i, row) in table.iter_mut().enumerate() {
        for (j, c) in row.iter_mut().enumerate() {
            *c = choose(i, j) as u32;
        }
    }
    let subset_terms = |positions: &[u8; MAX_HAND], out: &mut [(u32, bool); 1 << MAX_HAND]| {
        for (mask, slot) in out.iter_mut().enumerate().take(1 << k) {
            let mut index = offset[mask.count_ones() as usize] as u32;
            let mut t = 0;
            for (bit, &p) in positions.iter().enumerate().take(k) {
                if mask >> bit & 1 == 1 {
                    t += 1;
                    index += table[p as usize][t];
                }
            }
            *slot = (index, mask.count_ones() % 2 == 1);
        }
    };

    // Every hand by positions, with its rank.
    let total = choose(n, k) as usize;
    let mut hands: Vec<([u8; MAX_HAND], u32)> = Vec::with_capacity(total);
    let mut pos = [0u8; MAX_HAND];
    for (i, p) in pos.iter_mut().enumerate().take(k) {
        *p = i as u8;
    }
    loop {
        let set = CardSet(pos[..k].iter().fold(0, |m, &p| m | deck[p as usize].bit()));
        hands.push((pos, rank(set)));
        let Some(i) = (0..k).rev().find(|&i| (pos[i] as usize) < n - k + i) else { break };
        pos[i] += 1;
        for j in i + 1..k {
            pos[j] = pos[j - 1] + 1;
        }
    }
    assert_eq!(hands.len(), total, "every hand enumerated once");
    hands.sort_by_key(|h| h.1);

    let opponents = choose(n - k, k);
    let mut counters = vec![0u32; offset[k + 1] as usize];
    let query = |counters: &[u32], terms: &[(u32, bool)]| -> u32 {
        let signed: i64 = terms.iter().map(|&(i, odd)| if odd { -(counters[i as usize] as i64) } else { counters[i as usize] as i64 }).sum();
        u32::try_from(signed).expect("inclusion-exclusion count is a count")
    };
    let (mut below, mut equal, mut above) = (vec![0u32; total], vec![0u32; total], vec![0u32; total]);
    let mut below_threshold = Vec::new();
    let mut first_at_or_above = Vec::new();
    let mut next_threshold = 0;
    let mut terms = [(0u32, false); 1 << MAX_HAND];
    let mut group_terms: Vec<[(u32, bool); 1 << MAX_HAND]> = Vec::new();
    let mut start = 0;
    while start < total {
        let r = hands[start].1;
        let end = start + hands[start..].iter().take_while(|h| h.1 == r).count();
        // Counters hold exactly the hands ranking below r: answer any threshold at or below r.
        while next_threshold < thresholds.len() && thresholds[next_threshold] <= r {
            let answers = hands[start..]
                .iter()
                .map(|h| {
                    subset_terms(&h.0, &mut terms);
                    query(&counters, &terms[..1 << k])
                })
                .collect();
            below_threshold.push(answers);
            first_at_or_above.push(start);
            next_threshold += 1;
        }
        // The group's subset terms, computed once for its three passes.
        group_terms.clear();
        for h in &hands[start..end] {
            subset_terms(&h.0, &mut terms);
            group_terms.push(terms);
        }
        for (i, t) in (start..end).zip(&group_terms) {
            below[i] = query(&counters, &t[..1 << k]);
        }
        for t in &group_terms {
            for &(idx, _) in &t[..1 << k] {
                counters[idx as usize] += 1;
            }
        }
        for (i, t) in (start..end).zip(&group_terms) {
            let at_most = query(&counters, &t[..1 << k]);
            equal[i] = at_most - below[i];
            above[i] = (opponents as u32).checked_sub(at_most).expect("no more opponents than C(n - k, k)");
        }
        start = end;
    }
    // Thresholds above every hand: nothing ranks at or above them.
    while next_threshold < thresholds.len() {
        below_threshold.push(Vec::new());
        first_at_or_above.push(total);
        next_threshold += 1;
    }
    assert_eq!(counters[0] as usize, total, "every hand swept once");
    let sets = hands.iter().map(|h| CardSet(h.0[..k].iter().fold(0, |m, &p| m | deck[p as usize].bit()))).collect();
    let ranks = hands.iter().map(|h| h.1).collect();
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
