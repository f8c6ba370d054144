//! High Card Flush main game (678a.6, 678a.11(b)-(d), 678a.12(a)): Ante and Raise, solved
//! exactly under the optimal strategy.
//!
//! # Rules
//!
//! One 52-card deck; the player and the dealer get seven cards each. A hand is worth its longest
//! flush; between flushes of one length the hand holding the highest card the other lacks is
//! higher (678a.6(c)), which is comparing the two flushes' 13-bit rank masks as integers
//! ([`parsheet_eval::hcf::HcfRank`]). Seeing his seven cards the player folds (losing the Ante)
//! or raises: 1x the Ante with a two-, three- or four-card flush, up to 2x with a five-card flush,
//! up to 3x with a six- or seven-card flush (678a.11(b)). The dealer qualifies with a three-card
//! flush nine high or better ([`DEALER_MINIMUM`]). If he does not, the Ante wins 1 to 1 and the
//! Raise pushes; if he does, a higher player hand wins both wagers 1 to 1, an equal one pushes
//! both and a lower one loses both (678a.11(d), 678a.12(a)). "Up to" allows any raise between 1x
//! and the maximum, but the raise's expected value is linear in its size, so the best raise is
//! always 1x or the maximum; where the two are exactly equal the smaller is taken, and where
//! folding and raising are exactly equal the player folds (the least money at risk).
//!
//! # Counting
//!
//! Pairing every player hand with every dealer hand (1.3e8 × 4.5e7) is out of reach, but the
//! dealer's value is the largest of his four per-suit values (cards in the suit, their rank mask),
//! and his cards in different suits are chosen independently once their numbers are fixed. So
//! for a threshold `T = (L, M)` the number of dealer hands of `h` cards, from what the player
//! left, whose value is below `T` is the coefficient of `x^h` in `Π_suits Σ_k N_s(k) x^k`, where
//! `N_s(k)` counts the k-subsets of the ranks left in suit `s` whose value `(k, mask)` is below
//! `T`: all `C(n_s, k)` of them for `k < L`, none for `k > L`, and for `k = L` those whose mask is
//! numerically below `M`, counted by walking the bits from the ace down with binomials (a subset
//! that first falls below `M` at some bit may fill the bits under it freely). A dealer hand is
//! below `T` exactly when each of its suits is, so the product counts each dealer hand once.
//! With thresholds at the qualifier, at the player's value `V` and just above it (`V + 1`), every
//! player hand gets exact numbers of dealer hands that do not qualify, that qualify and are lower,
//! equal, or higher; the value of folding and of each raise is a linear combination of them, so
//! the best decision for that hand is exact, and so are the totals.
//!
//! The player's hands are visited one per suit-relabelling class (suits holding the same ranks
//! are interchangeable; in the full deck all four are), weighted by the class size, in parallel
//! over the first suit's cards. The class weights must add up to `C(N, h)`, and the dealer hands
//! below the rising thresholds must rise and stay within `C(N - h, h)`, the dealer hands left to
//! each player hand (the "higher" count is the rest); both are asserted. The same code runs on
//! a reduced deck (fewer suits, fewer ranks, smaller hands), so the tests compare it with a
//! pair-by-pair brute force there, and single full-deck hands with a hand-by-hand one.
//!
//! # The table
//!
//! Decisions are made hand by hand; the strategy table groups them by flush length and runs of
//! flushes (ordered by rank) with one play. Where card removal splits the hands holding one flush
//! (the 10-high three-card flushes in the full game) the row says "mixed" and how many hands
//! take each play, one row per two top flush cards. Outcome "dealer-does-not-qualify" (Ante
//! wins, Raise pushes) covers every raise size; the total wagered is in `expected_wager`.

use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_eval::hcf::DEALER_MINIMUM;
use rayon::prelude::*;

use crate::solution::{Decision, Solution};
use crate::OutcomeCounts;

/// The whole game: four suits of thirteen ranks, seven cards each. Its tally goes through the
/// program's store, so a warm cache gives the strategy without counting (about 10 CPU-s).
pub fn solve(variant: &str) -> Solution {
    assert_eq!(variant, "as-written", "High Card Flush has one reading");
    solution_of(&stored_tally(&[0x1fff; 4], 7))
}

/// What a tally depends on: the deck and the hand size (the rules are this build's).
pub fn key(suits: &[u16], hand: usize) -> parsheet_shard::Key {
    parsheet_shard::Key::new(
        "high-card-flush base: each player value's hands, decisions and showdowns",
        &[("counts", "high-card-flush main game by value, v1".into()), ("suits", format!("{suits:?}")), ("hand", hand.to_string())],
        parsheet_shard::Combine::Sum,
    )
    .whole()
}

/// [`tally`] through the program's store. A stored tally is checked as a count is (every
/// player hand once, each value's decisions adding up to its hands); one that fails is counted
/// again.
pub fn stored_tally(suits: &[u16], hand: usize) -> Tally {
    let stored = parsheet_shard::counted(&key(suits, hand), |_| Ok(tally(suits, hand).to_shard()));
    stored.and_then(|t| Tally::from_shard(&t, suits, hand)).unwrap_or_else(|_| tally(suits, hand))
}

/// Values per entry of a stored tally: the value, its hands, showdowns, choices and the
/// showdowns by choice.
const STORED: usize = 2 + 4 + 3 + 12;

impl Tally {
    /// As a store's tally: part `deck` (hand, cards, dealer hands), part `values` (each value's
    /// [`STORED`] numbers, values rising).
    pub fn to_shard(&self) -> parsheet_shard::Tally {
        let mut values = Vec::with_capacity(self.by_value.len() * STORED);
        for (v, t) in &self.by_value {
            values.extend([*v as i128, t.hands as i128]);
            values.extend(t.showdowns.iter().chain(&t.chosen).chain(t.chosen_showdowns.iter().flatten()).map(|&x| x as i128));
        }
        parsheet_shard::Tally::new().with("deck", vec![self.hand as i128, self.cards as i128, self.dealer_hands as i128]).with("values", values)
    }

    /// The tally of a store's, checked against the deck it should count.
    pub fn from_shard(t: &parsheet_shard::Tally, suits: &[u16], hand: usize) -> Result<Tally, String> {
        let c = Binomials::new();
        let cards: u64 = suits.iter().map(|m| m.count_ones() as u64).sum();
        let dealer_hands = c.get((cards - hand as u64) as u32, hand as u32);
        if t.get("deck", 3)? != [hand as i128, cards as i128, dealer_hands as i128] {
            return Err("a stored tally of another deck".into());
        }
        let values = t.part("values")?;
        if values.len() % STORED != 0 {
            return Err("a stored tally of the wrong shape".into());
        }
        let u = |x: i128| u128::try_from(x).map_err(|_| "a negative count in a stored tally".to_string());
        let mut by_value = BTreeMap::new();
        for e in values.chunks(STORED) {
            let mut x = e[1..].iter().map(|&x| u(x));
            let mut next = || x.next().expect("shape checked");
            let mut t = ValueTally { hands: next()?, ..ValueTally::default() };
            for i in 0..4 {
                t.showdowns[i] = next()?;
            }
            for d in 0..3 {
                t.chosen[d] = next()?;
            }
            for d in 0..3 {
                for i in 0..4 {
                    t.chosen_showdowns[d][i] = next()?;
                }
            }
            // The showdowns split by decision add up to the showdowns and to each decision's
            // hands (a replay settles a value from its showdowns); sums that would overflow are
            // refused with the rest.
            fn sum(x: impl Iterator<Item = u128>) -> Option<u128> {
                x.fold(Some(0u128), |a, b| a?.checked_add(b))
            }
            let deals = |hands: u128| hands.checked_mul(dealer_hands as u128);
            let adds_up = sum(t.chosen.iter().copied()) == Some(t.hands)
                && sum(t.showdowns.iter().copied()).is_some_and(|s| Some(s) == deals(t.hands))
                && (0..4).all(|i| sum(t.chosen_showdowns.iter().map(|c| c[i])) == Some(t.showdowns[i]))
                && (0..3).all(|d| sum(t.chosen_showdowns[d].iter().copied()).is_some_and(|s| Some(s) == deals(t.chosen[d])));
            if !adds_up {
                return Err("a stored value whose decisions or showdowns do not add up".into());
            }
            by_value.insert(u32::try_from(e[0]).map_err(|_| "a stored value out of range".to_string())?, t);
        }
        if by_value.values().try_fold(0u128, |a, v| a.checked_add(v.hands)) != Some(c.get(cards as u32, hand as u32) as u128) {
            return Err("a stored tally that does not hold every player hand once".into());
        }
        Ok(Tally { hand, cards, dealer_hands, by_value })
    }
}

/// The game on a deck of `suits.len()` suits (at most four), suit `s` holding the ranks in the
/// 13-bit mask `suits[s]` (bit 0 the deuce .. bit 12 the ace), with `hand` cards to the player and
/// as many to the dealer. The qualifier and the raise limits are those of the rules.
pub fn solve_deck(suits: &[u16], hand: usize) -> Solution {
    solution_of(&tally(suits, hand))
}

/// The largest Raise, in Antes, allowed with a longest flush of `len` cards (678a.11(b)).
pub fn max_raise(len: u32) -> u64 {
    match len {
        0..=4 => 1,
        5 => 2,
        _ => 3,
    }
}

/// Dealer hands by showdown against one player hand: does not qualify, qualifies and is lower
/// than the player, equal, higher.
pub type Showdown = [u64; 4];

/// The decisions, in order: fold, raise 1x, raise the maximum (the same as 1x below five cards).
pub(crate) const FOLD: usize = 0;
pub(crate) const RAISE_1X: usize = 1;
pub(crate) const RAISE_MAX: usize = 2;

/// Totals over the player hands of one value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ValueTally {
    /// Player hands of this value.
    pub hands: u128,
    /// Dealer hands against them, summed, by [`Showdown`] category.
    pub showdowns: [u128; 4],
    /// Player hands choosing fold, raise 1x, raise the maximum.
    pub chosen: [u128; 3],
    /// `showdowns`, split by the player's choice.
    pub chosen_showdowns: [[u128; 4]; 3],
}

impl ValueTally {
    fn add(&mut self, other: &ValueTally) {
        self.hands += other.hands;
        for i in 0..4 {
            self.showdowns[i] += other.showdowns[i];
        }
        for c in 0..3 {
            self.chosen[c] += other.chosen[c];
            for i in 0..4 {
                self.chosen_showdowns[c][i] += other.chosen_showdowns[c][i];
            }
        }
    }
}

/// Every player hand of a deck, tallied by its value ([`HcfRank`](parsheet_eval::hcf::HcfRank)'s integer).
#[derive(Clone, Debug)]
pub struct Tally {
    pub hand: usize,
    /// Cards in the deck.
    pub cards: u64,
    /// Dealer hands against each player hand, `C(cards - hand, hand)`.
    pub dealer_hands: u64,
    pub by_value: BTreeMap<u32, ValueTally>,
}

struct Binomials([[u64; 53]; 53]);

impl Binomials {
    fn new() -> Binomials {
        let mut c = [[0u64; 53]; 53];
        for n in 0..53 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
            }
        }
        Binomials(c)
    }

    /// C(n, k), 0 for k > n.
    fn get(&self, n: u32, k: u32) -> u64 {
        self.0[n as usize][k as usize]
    }
}

/// How many `len`-subsets of the ranks `avail` have a mask numerically below `bound` (< 2^13).
///
/// A subset below `bound` agrees with it above some bit that `bound` holds and the subset lacks,
/// and holds anything of `avail` under that bit; where `bound` lacks a bit an agreeing subset
/// lacks it too. So walk `bound`'s bits from the top, counting the completions at each.
fn subsets_below(c: &Binomials, avail: u16, len: u32, bound: u32) -> u64 {
    let avail = avail as u32;
    let mut count = 0;
    let mut need = len;
    let mut b = bound;
    while b != 0 {
        let bit = 1u32 << (31 - b.leading_zeros());
        count += c.get((avail & (bit - 1)).count_ones(), need);
        if avail & bit == 0 || need == 0 {
            return count;
        }
        need -= 1;
        b &= !bit;
    }
    count
}

/// Dealer hands of `hand` cards, from suits holding `n[s]` cards each, whose value is below a
/// threshold of length `tl`: suit s contributes `C(n_s, k)` ways for k < tl, `g[s]` ways (its
/// `tl`-subsets below the threshold's mask) for k = tl, none above. The coefficient of
/// `x^hand` in the product of the suits' polynomials.
fn dealer_below(c: &Binomials, n: &[u32], g: &[u64], hand: usize, tl: usize) -> u64 {
    let top = tl.min(hand);
    let poly = |s: usize, k: usize| if k < tl { c.get(n[s], k as u32) } else { g[s] };
    let mut prod = [0u64; 14];
    for (k, p) in prod.iter_mut().enumerate().take(top + 1) {
        *p = poly(0, k);
    }
    let mut deg = top;
    let last = n.len() - 1;
    for s in 1..n.len() {
        let mut q = [0u64; 14];
        for (k, p) in q.iter_mut().enumerate().take(top + 1) {
            *p = poly(s, k);
        }
        if s == last {
            // Only the coefficient of x^hand is wanted.
            return (hand.saturating_sub(top)..=hand.min(deg)).map(|j| prod[j] * q[hand - j]).sum();
        }
        let mut next = [0u64; 14];
        for j in 0..=deg {
            if prod[j] == 0 {
                continue;
            }
            for k in 0..=top.min(hand - j) {
                next[j + k] += prod[j] * q[k];
            }
        }
        deg = (deg + top).min(hand);
        prod = next;
    }
    prod[hand]
}

/// The value of a hand given as one rank mask per suit.
pub(crate) fn value(lanes: &[u16]) -> u32 {
    lanes.iter().map(|&m| m.count_ones() << 13 | m as u32).max().unwrap_or(0)
}

/// Binomials and, for each suit's remaining ranks, its three-card subsets below the qualifier.
pub(crate) struct Tables {
    c: Binomials,
    below_minimum: Vec<u64>,
}

impl Tables {
    pub(crate) fn new() -> Tables {
        let c = Binomials::new();
        let min = DEALER_MINIMUM.0;
        let below_minimum = (0..1u32 << 13).map(|a| subsets_below(&c, a as u16, min >> 13, min & 0x1fff)).collect();
        Tables { c, below_minimum }
    }
}

/// The dealer hands against one player hand, by [`Showdown`] category. `suits` is the deck,
/// `player[s]` the player's ranks in suit `s`.
pub fn showdown(suits: &[u16], player: &[u16], hand: usize) -> Showdown {
    showdown_with(&Tables::new(), suits, player, hand)
}

pub(crate) fn showdown_with(tables: &Tables, suits: &[u16], player: &[u16], hand: usize) -> Showdown {
    let c = &tables.c;
    let ns = suits.len();
    assert_eq!(ns, player.len());
    let (mut avail, mut n) = ([0u16; 4], [0u32; 4]);
    for s in 0..ns {
        assert_eq!(player[s] & !suits[s], 0, "the player's cards come from the deck");
        avail[s] = suits[s] & !player[s];
        n[s] = avail[s].count_ones();
    }
    let n = &n[..ns];
    let below_threshold = |t: u32| {
        let mut g = [0u64; 4];
        for s in 0..ns {
            g[s] = subsets_below(c, avail[s], t >> 13, t & 0x1fff);
        }
        dealer_below(c, n, &g[..ns], hand, (t >> 13) as usize)
    };
    let v = value(player);
    let min = DEALER_MINIMUM.0;
    let g_min = avail.map(|a| tables.below_minimum[a as usize]);
    let not_qualifying = dealer_below(c, n, &g_min[..ns], hand, (min >> 13) as usize);
    // Below the qualifier the player's own value plays no part.
    let (below, not_above) = if v < min {
        (not_qualifying, not_qualifying)
    } else if v & 0x1fff == 0x1fff {
        (below_threshold(v), below_threshold(v + 1))
    } else {
        // The value just above v is (len, mask + 1), and the mask holds len ranks (the player's
        // best flush): a suit's len-subsets below it are those below the mask and, where the
        // suit's ranks left hold it, the mask itself. Where none does, no dealer hand ties.
        let (len, mask) = (v >> 13, v & 0x1fff);
        let mut g = [0u64; 4];
        for s in 0..ns {
            g[s] = subsets_below(c, avail[s], len, mask);
        }
        let below = dealer_below(c, n, &g[..ns], hand, len as usize);
        let mut ties = false;
        for s in 0..ns {
            if avail[s] as u32 & mask == mask {
                g[s] += 1;
                ties = true;
            }
        }
        (below, if ties { dealer_below(c, n, &g[..ns], hand, len as usize) } else { below })
    };
    let all = c.get(n.iter().sum(), hand as u32);
    assert!(not_qualifying <= below && below <= not_above && not_above <= all, "counts below rising thresholds rise");
    [not_qualifying, below - not_qualifying, not_above - below, all - not_above]
}

/// Integer net of each decision over all the dealer hands, in Antes: fold, 1x, the maximum.
pub(crate) fn nets(s: &Showdown, max: u64) -> [i128; 3] {
    let total = s.iter().sum::<u64>() as i128;
    let raise = |r: u64| s[0] as i128 + (1 + r as i128) * (s[1] as i128 - s[3] as i128);
    [-total, raise(1), raise(max)]
}

/// The best decision; on equal values the one putting less money at risk.
pub(crate) fn choose(n: &[i128; 3]) -> usize {
    let mut best = FOLD;
    for d in [RAISE_1X, RAISE_MAX] {
        if n[d] > n[best] {
            best = d;
        }
    }
    best
}

/// Player hands by suit-relabelling class: lanes for suits `s..` given the lanes before.
#[allow(clippy::too_many_arguments)]
pub(crate) fn walk(
    by_count: &[Vec<Vec<u16>>],
    suits: &[u16],
    lanes: &mut [u16; 4],
    s: usize,
    left: usize,
    visit: &mut dyn FnMut(&[u16], u64),
) {
    let n = suits.len();
    if s == n {
        if left == 0 {
            visit(&lanes[..n], weight(suits, &lanes[..n]));
        }
        return;
    }
    let room: usize = suits[s + 1..].iter().map(|m| m.count_ones() as usize).sum();
    // A suit holding the same ranks as an earlier one takes a lane no larger than the latest
    // such suit's: one representative per relabelling.
    let bound = (0..s).rev().find(|&p| suits[p] == suits[s]).map_or(u16::MAX, |p| lanes[p]);
    let lo = left.saturating_sub(room);
    for count in lo..=left.min(suits[s].count_ones() as usize) {
        for &m in &by_count[s][count] {
            if m > bound {
                break;
            }
            lanes[s] = m;
            walk(by_count, suits, lanes, s + 1, left - count, visit);
        }
    }
    lanes[s] = 0;
}

/// Hands in the class of `lanes`: per group of suits holding the same ranks, the group size's
/// factorial over the factorials of runs of equal lanes.
fn weight(suits: &[u16], lanes: &[u16]) -> u64 {
    const FACT: [u64; 5] = [1, 1, 2, 6, 24];
    let n = suits.len();
    let mut w = 1;
    for s in 0..n {
        // Count each group at its first suit.
        if (0..s).any(|p| suits[p] == suits[s]) {
            continue;
        }
        let mut size = 0;
        let mut divisor = 1;
        for t in s..n {
            if suits[t] != suits[s] {
                continue;
            }
            size += 1;
            // Lanes equal to this one among the group's earlier suits, plus this one.
            let same = (s..=t).filter(|&u| suits[u] == suits[s] && lanes[u] == lanes[t]).count();
            divisor *= same as u64;
        }
        w *= FACT[size] / divisor;
    }
    w
}

/// Visits every player hand of the deck whose value is `wanted` once per suit-relabelling class,
/// with the class's weight and its dealer hands by [`Showdown`] category, in parallel over the
/// first suit's cards: each thread folds into its own `T` (from `init`), and the results are
/// merged. Every hand is walked (the showdowns, most of the cost, only for those wanted), and the
/// weights of all of them are asserted to add up to `C(cards, hand)`.
pub(crate) fn fold_classes<T: Send>(
    suits: &[u16],
    hand: usize,
    wanted: impl Fn(u32) -> bool + Sync + Send,
    init: impl Fn() -> T + Sync + Send,
    visit: impl Fn(&mut T, &[u16], u64, &Showdown) + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> T {
    assert!(!suits.is_empty() && suits.len() <= 4, "one to four suits");
    assert!(suits.iter().all(|&m| m < 1 << 13), "ranks are 13-bit masks");
    let cards: u64 = suits.iter().map(|m| m.count_ones() as u64).sum();
    assert!(hand >= 1 && 2 * hand as u64 <= cards && hand <= 13, "two hands fit in the deck");
    let tables = Tables::new();
    // Each suit's possible lanes by size, ascending.
    let by_count: Vec<Vec<Vec<u16>>> = suits
        .iter()
        .map(|&deck| {
            let mut g = vec![Vec::new(); 14];
            for m in 0..=deck {
                if m & !deck == 0 {
                    g[m.count_ones() as usize].push(m);
                }
            }
            g
        })
        .collect();
    let firsts: Vec<u16> = (0..=hand.min(suits[0].count_ones() as usize))
        .flat_map(|k| by_count[0][k].iter().copied())
        .collect();
    let (out, hands) = firsts
        .par_iter()
        .map(|&first| {
            let mut acc = init();
            let mut hands = 0u128;
            let mut lanes = [0u16; 4];
            lanes[0] = first;
            let left = hand - first.count_ones() as usize;
            let room: usize = suits[1..].iter().map(|m| m.count_ones() as usize).sum();
            if left <= room {
                walk(&by_count, suits, &mut lanes, 1, left, &mut |player, w| {
                    if wanted(value(player)) {
                        visit(&mut acc, player, w, &showdown_with(&tables, suits, player, hand));
                    }
                    hands += w as u128;
                });
            }
            (acc, hands)
        })
        .reduce(|| (init(), 0), |(a, ha), (b, hb)| (merge(a, b), ha + hb));
    assert_eq!(hands, tables.c.get(cards as u32, hand as u32) as u128, "every player hand counted once");
    out
}

/// Tallies every player hand of the deck (see [`solve_deck`]) by value.
pub fn tally(suits: &[u16], hand: usize) -> Tally {
    let c = Binomials::new();
    let cards: u64 = suits.iter().map(|m| m.count_ones() as u64).sum();
    let dealer_hands = c.get((cards - hand as u64) as u32, hand as u32);
    let by_value = fold_classes(
        suits,
        hand,
        |_| true,
        BTreeMap::new,
        |map: &mut BTreeMap<u32, ValueTally>, player, w, sd| {
            let v = value(player);
            let n = nets(sd, max_raise(v >> 13));
            let d = choose(&n);
            let w = w as u128;
            let t = map.entry(v).or_default();
            t.hands += w;
            t.chosen[d] += w;
            for i in 0..4 {
                t.showdowns[i] += w * sd[i] as u128;
                t.chosen_showdowns[d][i] += w * sd[i] as u128;
            }
        },
        |mut a, b| {
            for (k, t) in b {
                a.entry(k).or_default().add(&t);
            }
            a
        },
    );
    Tally { hand, cards, dealer_hands, by_value }
}

fn ratio(n: i128, d: u128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// A flush's ranks, highest first: "A-10-4".
pub(crate) fn flush_name(mask: u32) -> String {
    (0..13).rev().filter(|r| mask >> r & 1 != 0).map(|r| RANKS[r]).collect::<Vec<_>>().join("-")
}

pub(crate) fn option_name(d: usize, max: u64) -> &'static str {
    match (d, max) {
        (FOLD, _) => "fold",
        (RAISE_1X, _) | (_, 1) => "raise-1x",
        (_, 2) => "raise-2x",
        _ => "raise-3x",
    }
}

/// The exact results and a strategy table from a tally.
pub fn solution_of(t: &Tally) -> Solution {
    let dealer = t.dealer_hands as u128;
    let cycle = t.by_value.values().map(|v| v.hands).sum::<u128>() * dealer;
    let mut fold = 0u128;
    let mut dnq = 0u128;
    let mut tie = 0u128;
    let mut win = [0u128; 4];
    let mut lose = [0u128; 4];
    let mut used = [false; 4];
    let mut net = 0i128;
    let mut wager = 0u128;
    for (&v, vt) in &t.by_value {
        let max = max_raise(v >> 13);
        fold += vt.chosen[FOLD] * dealer;
        net -= (vt.chosen[FOLD] * dealer) as i128;
        wager += vt.chosen[FOLD] * dealer;
        for d in [RAISE_1X, RAISE_MAX] {
            let r = if d == RAISE_1X { 1 } else { max as usize };
            let sd = vt.chosen_showdowns[d];
            if vt.chosen[d] > 0 {
                used[r] = true;
            }
            dnq += sd[0];
            win[r] += sd[1];
            tie += sd[2];
            lose[r] += sd[3];
            net += sd[0] as i128 + (1 + r as i128) * (sd[1] as i128 - sd[3] as i128);
            wager += (1 + r as u128) * vt.chosen[d] * dealer;
        }
    }
    let mut rows: Vec<(String, u128)> = vec![("fold".into(), fold), ("dealer-does-not-qualify".into(), dnq)];
    let mut nets: Vec<(String, BigRational)> = vec![("fold".into(), ratio(-1, 1)), ("dealer-does-not-qualify".into(), ratio(1, 1))];
    for r in (1..=3).filter(|&r| used[r]) {
        rows.push((format!("win-{r}x"), win[r]));
        nets.push((format!("win-{r}x"), ratio(1 + r as i128, 1)));
    }
    rows.push(("tie".into(), tie));
    nets.push(("tie".into(), ratio(0, 1)));
    for r in (1..=3).filter(|&r| used[r]) {
        rows.push((format!("lose-{r}x"), lose[r]));
        nets.push((format!("lose-{r}x"), ratio(-1 - r as i128, 1)));
    }
    let counts = OutcomeCounts::new(cycle, rows).expect("every deal counted once");
    let check: BigRational = counts
        .rows()
        .iter()
        .zip(&nets)
        .map(|((_, n), (_, p))| p * BigRational::from_integer(BigInt::from(*n)))
        .sum();
    let expected_net = ratio(net, cycle);
    assert_eq!(check / BigRational::from_integer(BigInt::from(cycle)), expected_net, "nets agree with counts");
    Solution { strategy: strategy_table(t), counts, nets, expected_net, expected_wager: ratio(wager as i128, cycle), initial_wager: ratio(1, 1), notes: vec![], actions: vec![] }
}

/// The two highest ranks of a value's flush.
fn top_two(v: u32) -> u32 {
    let m = v & 0x1fff;
    let hi = 1 << (31 - m.leading_zeros());
    let rest = m & !hi;
    hi | if rest == 0 { 0 } else { 1 << (31 - rest.leading_zeros()) }
}

/// Rows of the strategy: per flush length, runs of consecutive flushes (by rank) that share one
/// choice, or that are each split by card removal ("mixed", one row per two top flush cards).
fn strategy_table(t: &Tally) -> Vec<Decision> {
    let dealer = t.dealer_hands as u128;
    // (length, choice or None for mixed, first value, last value, summed tally)
    let mut runs: Vec<(u32, Option<usize>, u32, u32, ValueTally)> = Vec::new();
    for (&v, vt) in &t.by_value {
        let len = v >> 13;
        let uniform = (0..3).find(|&d| vt.chosen[d] == vt.hands);
        // The maximum raise is 1x below five cards: one choice.
        let uniform = uniform.map(|d| if max_raise(len) == 1 && d == RAISE_MAX { RAISE_1X } else { d });
        match runs.last_mut() {
            // A mixed run stays within one pair of top flush cards, which shows how the mix
            // moves with them.
            Some(run) if run.0 == len && run.1 == uniform && (uniform.is_some() || top_two(run.3) == top_two(v)) => {
                run.3 = v;
                run.4.add(vt);
            }
            _ => runs.push((len, uniform, v, v, vt.clone())),
        }
    }
    let mut table = Vec::new();
    for (i, (len, choice, first, last, vt)) in runs.iter().enumerate() {
        let max = max_raise(*len);
        let lowest = i == 0 || runs[i - 1].0 != *len;
        let highest = i + 1 == runs.len() || runs[i + 1].0 != *len;
        let (lo, hi) = (flush_name(first & 0x1fff), flush_name(last & 0x1fff));
        let mut situation = match (lowest, highest) {
            (true, true) => format!("{len}-card flush, any"),
            (false, true) if first == last => format!("{len}-card flush, {lo}"),
            (false, true) => format!("{len}-card flush, {lo} or better"),
            _ if first == last => format!("{len}-card flush, {lo}"),
            (true, false) => format!("{len}-card flush, {hi} or worse"),
            (false, false) => format!("{len}-card flush, {lo} to {hi}"),
        };
        let deals = vt.hands * dealer;
        let sd = vt.showdowns;
        let option = |r: i128| ratio(sd[0] as i128 + (1 + r) * (sd[1] as i128 - sd[3] as i128), deals);
        let mut options = vec![("fold", ratio(-1, 1)), ("raise-1x", option(1))];
        if max > 1 {
            options.push((option_name(RAISE_MAX, max), option(max as i128)));
        }
        let choice = match choice {
            Some(d) => option_name(*d, max),
            None => {
                let mut parts = Vec::new();
                // Raising 1x and the maximum are one option below five cards.
                let split = if max == 1 {
                    vec![(FOLD, vt.chosen[FOLD]), (RAISE_1X, vt.chosen[RAISE_1X] + vt.chosen[RAISE_MAX])]
                } else {
                    (0..3).map(|d| (d, vt.chosen[d])).collect()
                };
                for (d, n) in split.into_iter().filter(|x| x.1 > 0) {
                    parts.push(format!("{} {n} hands", option_name(d, max)));
                }
                situation += &format!(" (card removal: {} of {} hands)", parts.join(", "), vt.hands);
                "mixed"
            }
        };
        table.push(Decision { situation, choice, options, deals });
    }
    table
}
