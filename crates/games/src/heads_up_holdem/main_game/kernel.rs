//! The flop kernel: for one flop, every hole's sums over its turn-river boards and the dealer's
//! hands, by groups, types and patterns (the module essay, "The computation", says why this is
//! exact; "Cost" what it costs).
//!
//! A table entry (one hole type pair on one board pattern) is a `u64`: the four result counts
//! at 10 bits each (a board leaves at most C(45, 2) = 990 dealer hands), twice the river
//! situation at bit 40, a presence bit at 46 (so an absent type pair is 0 and adds nothing), and
//! from bit 47 one bit per reading counted in the pass: whether that reading's player raises at
//! the river. A hole's sums are kept by kind (situation and play) in two words, [`lanes`].
//!
//! The readings of a pass differ only in their pays ([`Pays`]): the ranking, sort and sweep
//! that make an entry's counts, the kernel's cost, are shared, and each reading decides its own
//! river play from them and sums its own kinds.

use parsheet_cards::{Card, Rank, Suit};
use parsheet_eval::{Evaluator, HandKey, HandRank};

use super::rules::{river_situation, situation_category};
use super::{pair_index, Sizes, RIVER_RULE, SLOTS};

/// Kinds of a (hole, board): river situation × (fold, raise).
const KINDS: usize = RIVER_RULE;

/// The result counts of an entry, 10 bits each.
const COUNT_BITS: u32 = 10;
/// A hole's sums by kind: `[x0 | x1 << 21 | x2 << 42, x3 | boards << 21]`.
pub(super) type KindSums = [[u64; 2]; KINDS];

/// One kind's four result counts and boards from a hole's sums (see [`KindSums`]).
#[inline(always)]
pub(super) fn kind_counts(&[l0, l1]: &[u64; 2]) -> ([i64; 4], i64) {
    let x = [l0 & FIELD_MASK, l0 >> FIELD & FIELD_MASK, l0 >> (2 * FIELD), l1 & FIELD_MASK];
    (x.map(|v| v as i64), (l1 >> FIELD) as i64)
}
const FIELD: u32 = 21;
const FIELD_MASK: u64 = (1 << FIELD) - 1;

/// An entry's two words of sums (one board).
#[inline(always)]
fn lanes(entry: u64) -> [u64; 2] {
    const M: u64 = (1 << COUNT_BITS) - 1;
    [(entry & M) | (entry >> 10 & M) << FIELD | (entry >> 20 & M) << (2 * FIELD), (entry >> 30 & M) | (entry >> 46 & 1) << FIELD]
}

/// The kind of an entry for reading `reading` of the pass: its situation and that reading's play.
#[inline(always)]
fn kind(entry: u64, reading: usize) -> usize {
    (entry >> 40 & 62 | entry >> (RAISE_BIT + reading as u32) & 1) as usize
}

/// The bit of reading 0's river raise in an entry; reading i's is `RAISE_BIT + i`.
const RAISE_BIT: u32 = 47;

/// The most readings one pass counts.
pub(super) const MAX_READINGS: usize = 4;

/// One reading's pays in a pass: its slot nets and their common denominator.
#[derive(Clone, Copy)]
pub(super) struct Pays {
    pub nets: [(i64, i64); SLOTS],
    pub pay_den: i64,
}

/// Ranking data shared by all boards.
pub(super) struct Ranks {
    pub category: Vec<u8>,
    pub pair_threshold: u16,
}

impl Ranks {
    pub fn new(e: &Evaluator) -> Ranks {
        let category: Vec<u8> = (0..=e.class_count()).map(|r| if r == 0 { 0 } else { super::category_index(e.category(HandRank(r as u16))) as u8 }).collect();
        let pair_threshold = (1..category.len()).find(|&r| category[r] >= 1).expect("pairs exist") as u16;
        Ranks { category, pair_threshold }
    }
}

/// Per-(hole, flop) sums for one flop, indexed by pairs of the cards left after the flop.
#[derive(Default)]
pub(super) struct FlopSums {
    /// Σ A (pay-denominator units), Σ R, Σ river value (scale units).
    pub values: Vec<[i64; 3]>,
    pub showdown: Vec<[u32; SLOTS]>,
    /// The outcome counts of the boards on which the hole raises at the river.
    pub raised: Vec<[u32; SLOTS]>,
    /// River spots by (situation, play): see [`river_situation`].
    pub river_rule: Vec<[u16; RIVER_RULE]>,
}

impl FlopSums {
    fn reset(&mut self, pairs: usize) {
        self.values.clear();
        self.values.resize(pairs, [0; 3]);
        for v in [&mut self.showdown, &mut self.raised] {
            v.clear();
            v.resize(pairs, [0; SLOTS]);
        }
        self.river_rule.clear();
        self.river_rule.resize(pairs, [0; RIVER_RULE]);
    }
}

/// Most types in a group: 13 ranks, in and out of the flush suit.
const MAX_TYPES: usize = 26;
const NONE: u16 = u16::MAX;

/// One group of a flop's boards: no flush suit, or flush suit `suit`.
#[derive(Default)]
struct Group {
    suit: Option<u8>,
    types: usize,
    /// Type of each card left after the flop, by its index there.
    type_of: Vec<u8>,
    /// Cards of each type left after the flop.
    left: [u8; MAX_TYPES],
    /// Type pair index of (a, b), a ≤ b, at `a * MAX_TYPES + b`, and the pairs by index.
    pair_of: Vec<u16>,
    pairs: Vec<(u8, u8)>,
    /// The patterns (type pairs that some board of the group has as turn and river), their
    /// boards, and the pattern index of each type pair (`NONE` if none).
    patterns: Vec<u16>,
    boards: Vec<u64>,
    pattern_of: Vec<u16>,
    /// Per card left after the flop: (pattern, boards of the group holding it with that pattern).
    holding: Vec<Vec<(u16, u8)>>,
    /// Entries by [type pair][pattern].
    table: Vec<u64>,
    /// `P`: Σ over patterns of boards × entry, per type pair and reading (at `tp · readings + i`).
    sums: Vec<KindSums>,
}

impl Group {
    fn type_pair(&self, a: u8, b: u8) -> usize {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.pair_of[a as usize * MAX_TYPES + b as usize] as usize
    }

    /// The type of `card` in this group.
    fn type_of_card(&self, card: Card) -> u8 {
        let r = card.rank().expect("natural cards").0;
        match self.suit {
            Some(s) if card.suit() == Some(Suit(s)) => 13 + r,
            _ => r,
        }
    }

    /// The key of a card of type `t`: its own in the flush suit, suitless elsewhere.
    fn key(&self, e: &Evaluator, t: u8) -> HandKey {
        match self.suit {
            Some(s) if t >= 13 => e.key(Card::new(Rank(t - 13), Suit(s))),
            _ => e.suitless_key(Rank(t % 13)),
        }
    }

    /// Sets up the group's types, type pairs, patterns and board counts for the flop whose
    /// remaining cards are `rest`; `same_group(i, j)` says whether the turn and river `rest[i]`,
    /// `rest[j]` make a board of this group.
    fn prepare(&mut self, suit: Option<u8>, rest: &[Card], same_group: impl Fn(usize, usize) -> bool) {
        self.suit = suit;
        self.types = if suit.is_some() { 26 } else { 13 };
        self.type_of.clear();
        self.left = [0; MAX_TYPES];
        for &c in rest {
            let t = self.type_of_card(c);
            self.type_of.push(t);
            self.left[t as usize] += 1;
        }
        self.pair_of.clear();
        self.pair_of.resize(MAX_TYPES * MAX_TYPES, NONE);
        self.pairs.clear();
        for a in 0..self.types as u8 {
            for b in a..self.types as u8 {
                self.pair_of[a as usize * MAX_TYPES + b as usize] = self.pairs.len() as u16;
                self.pairs.push((a, b));
            }
        }
        self.pattern_of.clear();
        self.pattern_of.resize(self.pairs.len(), NONE);
        self.patterns.clear();
        self.boards.clear();
        let n = rest.len();
        self.holding.iter_mut().for_each(Vec::clear);
        self.holding.resize(n, Vec::new());
        for i in 0..n {
            for j in i + 1..n {
                if !same_group(i, j) {
                    continue;
                }
                let tp = self.type_pair(self.type_of[i], self.type_of[j]);
                if self.pattern_of[tp] == NONE {
                    self.pattern_of[tp] = self.patterns.len() as u16;
                    self.patterns.push(tp as u16);
                    self.boards.push(0);
                }
                let beta = self.pattern_of[tp];
                self.boards[beta as usize] += 1;
                for c in [i, j] {
                    match self.holding[c].iter_mut().find(|h| h.0 == beta) {
                        Some(h) => h.1 += 1,
                        None => self.holding[c].push((beta, 1)),
                    }
                }
            }
        }
    }

    /// Cards of each type left after the turn and river of `pattern`.
    fn left_after(&self, pattern: usize) -> [u8; MAX_TYPES] {
        let (a, b) = self.pairs[self.patterns[pattern] as usize];
        let mut left = self.left;
        left[a as usize] -= 1;
        left[b as usize] -= 1;
        left
    }

    /// Type-pair entries: the type pairs a hole can be on the board of `pattern`.
    fn entries(&self, pattern: usize) -> u64 {
        let left = self.left_after(pattern);
        self.pairs.iter().filter(|&&(a, b)| left[a as usize] > (a == b) as u8 && left[b as usize] > 0).count() as u64
    }
}

/// The groups of one flop and the scratch its tables are built in.
#[derive(Default)]
pub(super) struct Scratch {
    groups: Vec<Group>,
    /// Flop suits' card counts.
    flop_suits: [u8; 4],
    /// Ranked type pairs of one board, packed `rank << 9 | type pair`, and the same sorted.
    ranked: Vec<u32>,
    sorted: Vec<u32>,
}

impl Scratch {
    /// Sets up the groups of `flop`: the no-flush group and one per suit the flop holds.
    fn prepare(&mut self, flop: &[Card; 3], rest: &[Card]) {
        self.flop_suits = [0; 4];
        for c in flop {
            self.flop_suits[c.suit().expect("natural cards").0 as usize] += 1;
        }
        let suits: Vec<Option<u8>> = std::iter::once(None).chain((0..4u8).filter(|&s| self.flop_suits[s as usize] > 0).map(Some)).collect();
        self.groups.resize_with(suits.len(), Group::default);
        for (g, &suit) in self.groups.iter_mut().zip(&suits) {
            let flop_suits = self.flop_suits;
            g.prepare(suit, rest, |i, j| flush_suit(&flop_suits, rest[i], rest[j]) == suit);
        }
    }
}

/// The suit with three or more of the five cards, if any.
fn flush_suit(flop_suits: &[u8; 4], t: Card, u: Card) -> Option<u8> {
    let mut counts = *flop_suits;
    for c in [t, u] {
        counts[c.suit().expect("natural cards").0 as usize] += 1;
    }
    (0..4u8).find(|&s| counts[s as usize] >= 3)
}

/// Sorts `keys` (`rank << 9 | type pair`, ranks below 2^13) by rank: two counting passes of 7
/// and 6 bits through `scratch`, cheaper than a comparison sort for a few hundred words.
fn radix_sort_by_rank(keys: &mut [u32], scratch: &mut Vec<u32>) {
    fn pass(from: &[u32], to: &mut [u32], shift: u32, bits: u32) {
        let mask = (1 << bits) - 1;
        let mut start = [0u16; 128];
        for &k in from {
            start[(k >> shift & mask) as usize] += 1;
        }
        let mut sum = 0;
        for c in &mut start[..1 << bits] {
            (*c, sum) = (sum, sum + *c);
        }
        for &k in from {
            let d = (k >> shift & mask) as usize;
            to[start[d] as usize] = k;
            start[d] += 1;
        }
    }
    scratch.clear();
    scratch.resize(keys.len(), 0);
    pass(keys, scratch, 9, 7);
    pass(scratch, keys, 16, 6);
}

/// The type-pair entries one flop's kernel tabulates (its work, for balancing threads and
/// shards).
pub(super) fn flop_entries(flop: &[Card; 3], rest: &[Card], s: &mut Scratch) -> u64 {
    s.prepare(flop, rest);
    s.groups.iter().map(|g| (0..g.patterns.len()).map(|b| g.entries(b)).sum::<u64>()).sum()
}

/// Everything one flop's kernel needs.
pub(super) struct Kernel<'a> {
    pub e: &'a Evaluator,
    pub ranks: &'a Ranks,
    /// The readings counted in one pass (1 to [`MAX_READINGS`]), alike but for their pays.
    pub pays: Vec<Pays>,
    pub sizes: Sizes,
}

impl Kernel<'_> {
    /// Fills `sums[i]` for reading `i` on the flop `flop` given the cards `rest` left after it
    /// (in deck order, so that a hole's pair index is its index among the 2-subsets of `rest`).
    pub fn flop(&self, flop: &[Card; 3], rest: &[Card], sums: &mut [FlopSums], s: &mut Scratch) {
        assert_eq!(sums.len(), self.pays.len(), "one FlopSums a reading");
        let n = rest.len();
        sums.iter_mut().for_each(|x| x.reset(n * (n - 1) / 2));
        self.flop_with(flop, rest, s, |accs, p| {
            for ((acc, sums), pays) in accs.iter().zip(sums.iter_mut()).zip(&self.pays) {
                self.settle(acc, p, n - 4, sums, pays);
            }
        });
    }

    /// The kernel's pass over one flop, handing each hole's sums by kind, one per reading, to
    /// `per_hole` with its pair index (what [`Kernel::flop`] settles into [`FlopSums`]; a
    /// replay may read them its own way).
    pub fn flop_with(&self, flop: &[Card; 3], rest: &[Card], s: &mut Scratch, per_hole: impl FnMut(&[KindSums], usize)) {
        // The number of readings as a constant, so that their loops unroll (one reading runs
        // as fast as before there were several).
        match self.pays.len() {
            1 => self.pass::<1>(flop, rest, s, per_hole),
            2 => self.pass::<2>(flop, rest, s, per_hole),
            3 => self.pass::<3>(flop, rest, s, per_hole),
            4 => self.pass::<4>(flop, rest, s, per_hole),
            n => panic!("1 to {MAX_READINGS} readings a pass, not {n}"),
        }
    }

    fn pass<const R: usize>(&self, flop: &[Card; 3], rest: &[Card], s: &mut Scratch, mut per_hole: impl FnMut(&[KindSums], usize)) {
        let n = rest.len();
        let readings = R;
        assert!(n <= 49 && (n - 4) * (n - 5) / 2 < 1 << COUNT_BITS, "the deck has at most 52 cards");
        s.prepare(flop, rest);
        let (mut ranked, mut sorted) = (std::mem::take(&mut s.ranked), std::mem::take(&mut s.sorted));
        for g in &mut s.groups {
            self.tabulate::<R>(flop, g, &mut ranked, &mut sorted);
        }
        (s.ranked, s.sorted) = (ranked, sorted);
        let flop_suits = s.flop_suits;
        let mut accs: [KindSums; R] = [[[0; 2]; KINDS]; R];
        let accs = &mut accs[..];
        for i in 0..n {
            for j in i + 1..n {
                accs.iter_mut().for_each(|acc| acc.iter_mut().for_each(|a| *a = [0; 2]));
                let own = flush_suit(&flop_suits, rest[i], rest[j]);
                for g in &s.groups {
                    let tp = g.type_pair(g.type_of[i], g.type_of[j]);
                    for (acc, sums) in accs.iter_mut().zip(&g.sums[tp * readings..(tp + 1) * readings]) {
                        for (a, p) in acc.iter_mut().zip(sums) {
                            a[0] = a[0].wrapping_add(p[0]);
                            a[1] = a[1].wrapping_add(p[1]);
                        }
                    }
                    let row = &g.table[tp * g.patterns.len()..(tp + 1) * g.patterns.len()];
                    // The boards holding either hole card are not dealt with this hole.
                    for &(beta, boards) in g.holding[i].iter().chain(&g.holding[j]) {
                        let e = row[beta as usize];
                        let [l0, l1] = lanes(e);
                        for (r, acc) in accs.iter_mut().enumerate() {
                            let a = &mut acc[kind(e, r)];
                            a[0] = a[0].wrapping_sub(l0 * boards as u64);
                            a[1] = a[1].wrapping_sub(l1 * boards as u64);
                        }
                    }
                    // The board of both hole cards was taken away twice.
                    if own == g.suit {
                        let e = row[g.pattern_of[tp] as usize];
                        let [l0, l1] = lanes(e);
                        for (r, acc) in accs.iter_mut().enumerate() {
                            let a = &mut acc[kind(e, r)];
                            a[0] = a[0].wrapping_add(l0);
                            a[1] = a[1].wrapping_add(l1);
                        }
                    }
                }
                per_hole(accs, pair_index(i, j, n));
            }
        }
    }

    /// Turns a hole's sums by kind under one reading's `pays` into its [`FlopSums`] entry; `m`
    /// cards are left after the board and the hole.
    fn settle(&self, acc: &KindSums, p: usize, m: usize, sums: &mut FlopSums, pays: &Pays) {
        let (q, den) = (self.sizes.den, pays.pay_den);
        let dealers = (m * (m - 1) / 2) as i64;
        let fold = -2 * q * den * dealers;
        let river = self.sizes.river * den;
        let (mut a_sum, mut r_sum, mut value) = (0i64, 0i64, 0i64);
        let (showdown, raised, rule) = (&mut sums.showdown[p], &mut sums.raised[p], &mut sums.river_rule[p]);
        for (k, lanes) in acc.iter().enumerate() {
            if lanes[0] == 0 && lanes[1] == 0 {
                continue;
            }
            let (x, boards) = kind_counts(lanes);
            let c = situation_category(k / 2);
            let raises = k % 2 == 1;
            let (mut av, mut rv) = (0, 0);
            for i in 0..4 {
                av += x[i] * pays.nets[4 * c + i].0;
                rv += x[i] * pays.nets[4 * c + i].1;
                showdown[4 * c + i] += x[i] as u32;
                if raises {
                    raised[4 * c + i] += x[i] as u32;
                }
            }
            rule[k] = boards as u16;
            a_sum += av;
            r_sum += rv;
            value += if raises { q * av + river * rv } else { fold * boards };
        }
        sums.values[p] = [a_sum, r_sum, value];
    }

    /// Builds the group's table (every type pair on every pattern's board) and its sums `P`.
    fn tabulate<const R: usize>(&self, flop: &[Card; 3], g: &mut Group, ranked: &mut Vec<u32>, sorted: &mut Vec<u32>) {
        let patterns = g.patterns.len();
        g.table.clear();
        g.table.resize(g.pairs.len() * patterns, 0);
        let flop_key = flop.iter().fold(HandKey::EMPTY, |k, &c| k + g.key(self.e, g.type_of_card(c)));
        let flop_ranks: Vec<u8> = flop.iter().map(|c| c.rank().expect("natural cards").0).collect();
        let keys: Vec<HandKey> = (0..g.types as u8).map(|t| g.key(self.e, t)).collect();
        for beta in 0..patterns {
            let (a, b) = g.pairs[g.patterns[beta] as usize];
            let board = flop_key + keys[a as usize] + keys[b as usize];
            let mut ranks = 0u16;
            let mut distinct = 0;
            for r in flop_ranks.iter().copied().chain([a % 13, b % 13]) {
                distinct += (ranks >> r & 1 == 0) as u32;
                ranks |= 1 << r;
            }
            let top = 15 - ranks.leading_zeros() as u8;
            let second = 15 - (ranks & !(1 << top)).leading_zeros() as u8;
            self.board::<R>(g, beta, &keys, board, (top, second, distinct < 5), ranked, sorted);
        }
        let readings = R;
        g.sums.clear();
        g.sums.resize(g.pairs.len() * readings, [[0; 2]; KINDS]);
        for (tp, sums) in g.sums.chunks_exact_mut(readings).enumerate() {
            for (&e, &boards) in g.table[tp * patterns..(tp + 1) * patterns].iter().zip(&g.boards) {
                let [l0, l1] = lanes(e);
                for (r, p) in sums.iter_mut().enumerate() {
                    let s = &mut p[kind(e, r)];
                    s[0] = s[0].wrapping_add(l0 * boards);
                    s[1] = s[1].wrapping_add(l1 * boards);
                }
            }
        }
    }

    /// One board pattern: every type pair a hole can be, ranked, sorted and swept in rank order
    /// with per-type counters weighted by the cards of each type left.
    #[allow(clippy::too_many_arguments)]
    fn board<const R: usize>(&self, g: &mut Group, beta: usize, keys: &[HandKey], board: HandKey, (board_top, board_second, board_paired): (u8, u8, bool), ranked: &mut Vec<u32>, sorted: &mut Vec<u32>) {
        let left = g.left_after(beta);
        let threshold = self.ranks.pair_threshold as u32;
        let board_rank = self.e.rank_key(board).0 as u32;
        // Holdings of a type pair, and how many of them hold one given card of each type.
        let holdings = |a: u8, b: u8| -> u32 {
            let (x, y) = (left[a as usize] as u32, left[b as usize] as u32);
            if a == b {
                x * x.saturating_sub(1) / 2
            } else {
                x * y
            }
        };
        let per_card = |a: u8, b: u8| -> (u32, u32) {
            let (x, y) = (left[a as usize] as u32, left[b as usize] as u32);
            if a == b {
                (x - 1, 0)
            } else {
                (y, x)
            }
        };
        ranked.clear();
        let mut nq_cnt = [0u32; MAX_TYPES];
        let mut nq_total = 0u32;
        for (tp, &(a, b)) in g.pairs.iter().enumerate() {
            if holdings(a, b) == 0 {
                continue;
            }
            let r = self.e.rank_key(board + keys[a as usize] + keys[b as usize]).0 as u32;
            ranked.push(r << 9 | tp as u32);
            if r < threshold {
                let (ca, cb) = per_card(a, b);
                nq_cnt[a as usize] += ca;
                nq_cnt[b as usize] += cb;
                nq_total += holdings(a, b);
            }
        }
        radix_sort_by_rank(ranked, sorted);
        let cards_left = left.iter().map(|&x| x as u32).sum::<u32>();
        let dealers = ((cards_left - 2) * (cards_left - 3) / 2) as i64;
        let q = self.sizes.den;
        // Per reading: the fold's value and the river Raise, in its pays' units.
        let mut values = [(0i64, 0i64); R];
        for (v, p) in values.iter_mut().zip(&self.pays) {
            *v = (-2 * q * p.pay_den * dealers, self.sizes.river * p.pay_den);
        }
        let pays: &[Pays; R] = self.pays[..].try_into().expect("R readings");
        let patterns = g.patterns.len();
        let mut cnt = [0u32; MAX_TYPES];
        let mut total = 0u32;
        let mut below = [0u32; 351];
        let mut g0 = 0;
        while g0 < ranked.len() {
            let r = ranked[g0] >> 9;
            let mut g1 = g0 + 1;
            while g1 < ranked.len() && ranked[g1] >> 9 == r {
                g1 += 1;
            }
            let group = &ranked[g0..g1];
            for (x, &k) in below.iter_mut().zip(group) {
                let (a, b) = g.pairs[(k & 511) as usize];
                *x = total - cnt[a as usize] - cnt[b as usize];
            }
            for &k in group {
                let (a, b) = g.pairs[(k & 511) as usize];
                let (ca, cb) = per_card(a, b);
                cnt[a as usize] += ca;
                cnt[b as usize] += cb;
                total += holdings(a, b);
            }
            let c = self.ranks.category[r as usize] as usize;
            let own_nq = (r < threshold) as i64;
            let plays = r > board_rank;
            let pair_rank = if c == 1 { self.e.tiebreaks(HandRank(r as u16))[0] } else { 0 };
            for (&bl, &k) in below.iter().zip(group) {
                let tp = (k & 511) as usize;
                let (a, b) = g.pairs[tp];
                let bl = bl as i64;
                let equal = (total + 1 - cnt[a as usize] - cnt[b as usize]) as i64 - bl;
                let above = dealers - bl - equal;
                let nq = nq_total as i64 - nq_cnt[a as usize] as i64 - nq_cnt[b as usize] as i64 + own_nq;
                let x = if c == 0 {
                    let lose_nq = nq - bl - equal;
                    [bl, equal, lose_nq, above - lose_nq]
                } else {
                    [bl - nq, nq, equal, above]
                };
                let mut raises = 0u64;
                for (reading, (p, &(fold, river))) in pays.iter().zip(&values).enumerate() {
                    let nets = &p.nets[4 * c..4 * c + 4];
                    let av = x[0] * nets[0].0 + x[1] * nets[1].0 + x[2] * nets[2].0 + x[3] * nets[3].0;
                    let rv = x[0] * nets[0].1 + x[1] * nets[1].1 + x[2] * nets[2].1 + x[3] * nets[3].1;
                    // Ties go to the smaller wager: fold unless raising is strictly better.
                    raises |= ((q * av + river * rv > fold) as u64) << (RAISE_BIT + reading as u32);
                }
                let high = (a % 13).max(b % 13);
                let situation = river_situation(c, plays, board_paired, pair_rank, board_top, board_second, high);
                debug_assert!(x.iter().all(|&v| (0..1 << COUNT_BITS).contains(&v)));
                let entry = x[0] as u64 | (x[1] as u64) << 10 | (x[2] as u64) << 20 | (x[3] as u64) << 30 | (2 * situation as u64) << 40 | 1 << 46 | raises;
                g.table[tp * patterns + beta] = entry;
            }
            g0 = g1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{three, Config};
    use super::*;
    use parsheet_cards::{CardSet, Deck};
    use parsheet_paytable::{Line, Paytable};

    /// The readings of a high-card win counted in one pass, up to the most a pass holds (every
    /// raise bit, the readings in both orders), give each reading the flop sums a pass of its
    /// own gives; and the readings' river decisions differ on the flop taken (the boards raised
    /// at the river differ), so a pass that gave one reading's plays to both would fail here.
    #[test]
    fn readings_counted_together_get_their_own_river_plays() {
        let lines = [("royal-flush", "500 to 1"), ("straight-flush", "50 to 1"), ("four-of-a-kind", "10 to 1"), ("full-house", "3 to 1"), ("flush", "3 to 2"), ("straight", "1 to 1")];
        let odds = Paytable { id: "677a.12(b)".into(), lines: lines.iter().map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect() };
        let push = Config::heads_up("odds-push-below-pair", &odds, None).unwrap();
        let lose = Config::heads_up("odds-lose-below-pair", &odds, None).unwrap();
        let e = Evaluator::get(parsheet_eval::Ranking::Standard);
        let ranks = Ranks::new(e);
        let sizes = push.sizes();
        let pays = |c: &Config| Pays { nets: c.slot_nets(c.pay_denominator()), pay_den: c.pay_denominator() };
        let flop = CardSet::from_cards(["2c", "7d", "Kh"].iter().map(|c| c.parse::<Card>().unwrap()));
        let rest: Vec<Card> = Deck::standard().cards().iter().copied().filter(|c| !flop.contains(*c)).collect();
        let sums_of = |configs: &[&Config]| {
            let kernel = Kernel { e, ranks: &ranks, pays: configs.iter().map(|c| pays(c)).collect(), sizes };
            let mut sums: Vec<FlopSums> = configs.iter().map(|_| FlopSums::default()).collect();
            kernel.flop(&three(flop), &rest, &mut sums, &mut Scratch::default());
            sums
        };
        let alone = |c: &Config| sums_of(&[c]).remove(0);
        let (push_alone, lose_alone) = (alone(&push), alone(&lose));
        assert_ne!(push_alone.raised, lose_alone.raised, "the readings raise at the river on different boards");
        for together in [vec![&push, &lose], vec![&lose, &push, &lose, &push]] {
            assert!(together.len() <= MAX_READINGS);
            for (c, s) in together.iter().zip(sums_of(&together)) {
                let own = if **c == push { &push_alone } else { &lose_alone };
                assert_eq!((&s.values, &s.showdown, &s.raised, &s.river_rule), (&own.values, &own.showdown, &own.raised, &own.river_rule), "{:?}", c.odds_win[0]);
            }
        }
    }
}
