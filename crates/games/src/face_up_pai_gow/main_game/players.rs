//! The hands of a deck, each reduced to what settles it, as the player holds them and as the
//! dealer holds them: rank classes (a hand that cannot flush), flush patterns (a hand that can),
//! their legal setting values, and the *corners* that turn "does this hand beat the dealer's
//! (h, l)" into dominance counts (see the module essay, "Corners").

use std::collections::HashMap;
use std::ops::Range;

use parsheet_cards::{binomial, Card, CardSet, Rank, Suit};
use rayon::prelude::*;

use super::Deck;
use crate::house_way::{facts, settings, HouseWay};

/// Outcome indices of one policy.
pub(super) const WIN: usize = 0;
pub(super) const PUSH: usize = 1;
pub(super) const LOSE: usize = 2;

/// Value channels of a dominance count: per policy, the player hands that win and those that do
/// not lose (so push = not-lose − win, lose = all − not-lose).
pub(super) const OPT_W: u8 = 0;
pub(super) const OPT_NL: u8 = 1;
pub(super) const WAY_W: u8 = 2;
pub(super) const WAY_NL: u8 = 3;
pub(super) const NCH: usize = 4;

/// A high above every high (the corner of a count that does not ask about the high).
pub(super) const INF_HIGH: u16 = u16::MAX;

/// At most one point per setting (21 ways to take two cards of seven).
const MAX_FRONTIER: usize = 21;

/// C(n, k) for the small n of the inner loops (n ≤ 7), by table.
#[inline]
pub(super) fn choose(n: u8, k: u8) -> u64 {
    const T: [[u64; 8]; 8] = {
        let mut t = [[0u64; 8]; 8];
        let mut n = 0;
        while n < 8 {
            let mut k = 0;
            while k < 8 {
                t[n][k] = binomial(n as u64, k as u64);
                k += 1;
            }
            n += 1;
        }
        t
    };
    if k > n {
        return 0;
    }
    T[n as usize][k as usize]
}

/// A hand reduced to what settles it: the Pareto frontier of its legal (high, low) values and
/// its house-way setting.
#[derive(Clone, Debug)]
pub(super) struct Reduced {
    /// Highs falling, lows rising; `frontier[..len]`.
    frontier: [(u16, u16); MAX_FRONTIER],
    len: u8,
    pub way: (u16, u16),
}

impl Reduced {
    fn of(hand: CardSet, way: Option<&HouseWay>) -> (Reduced, Vec<(u16, u16)>) {
        let all = settings(hand);
        let mut pts: Vec<(u16, u16)> = all.iter().filter(|s| s.legal).map(|s| (s.high.0, s.low.0)).collect();
        pts.sort_unstable_by(|a, b| b.cmp(a));
        pts.dedup();
        let mut frontier: Vec<(u16, u16)> = Vec::new();
        for &p in &pts {
            if frontier.last().is_none_or(|l| p.1 > l.1) {
                frontier.push(p);
            }
        }
        let w = match way {
            Some(way) => {
                let s = way.set_among(hand, &all).unwrap_or_else(|e| panic!("house way {}: {hand}: {e}", way.id));
                (s.high.0, s.low.0)
            }
            None => (0, 0),
        };
        assert!(!frontier.is_empty() && frontier.len() <= MAX_FRONTIER, "{hand}: frontier of {} points", frontier.len());
        let mut f = [(0, 0); MAX_FRONTIER];
        f[..frontier.len()].copy_from_slice(&frontier);
        pts.reverse();
        (Reduced { frontier: f, len: frontier.len() as u8, way: w }, pts)
    }

    pub fn points(&self) -> &[(u16, u16)] {
        &self.frontier[..self.len as usize]
    }

    /// The optimal player's outcome against the dealer's (h, l): a win iff a frontier point beats
    /// both; else a push iff the best high or the best low beats its half.
    #[inline]
    pub fn optimal(&self, h: u16, l: u16) -> usize {
        let f = self.points();
        if f.iter().any(|&(a, b)| a > h && b > l) {
            WIN
        } else if f[0].0 > h || f[f.len() - 1].1 > l {
            PUSH
        } else {
            LOSE
        }
    }

    #[inline]
    pub fn fixed(&self, h: u16, l: u16) -> usize {
        fixed_at(self.way, h, l)
    }
}

/// The outcome of a setting (high, low) against the dealer's (h, l).
#[inline]
pub(super) fn fixed_at(way: (u16, u16), h: u16, l: u16) -> usize {
    match (way.0 > h, way.1 > l) {
        (true, true) => WIN,
        (false, false) => LOSE,
        _ => PUSH,
    }
}

/// One term of a dominance count: `w · [a > h] · [b > l]` in channel `ch`, in dense values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Corner {
    pub a: u16,
    pub b: u8,
    pub ch: u8,
    pub w: i64,
}

/// Rank counts packed 4 bits per rank, the joker at bit 60.
pub(super) fn pack(counts: &[u8; 13], joker: bool) -> u64 {
    counts.iter().enumerate().fold((joker as u64) << 60, |k, (r, &c)| k | (c as u64) << (4 * r))
}

/// A seven-card hand with these rank counts that cannot flush: copies of a rank take distinct
/// suits, suits assigned in turn (at most two cards of any suit). Its setting values do not
/// depend on which suits, so a suit the deck lacks is as good a representative.
pub(super) fn no_flush_hand(counts: &[u8; 13], joker: bool) -> CardSet {
    let mut set = if joker { CardSet::EMPTY.with(Card::JOKER) } else { CardSet::EMPTY };
    let mut i = 0u8;
    for r in 0..13u8 {
        for _ in 0..counts[r as usize] {
            set = set.with(Card::new(Rank(r), Suit(i % 4)));
            i += 1;
        }
    }
    set
}

/// Every rank class of `deck`: rank counts (at most the deck's suits each) and the joker.
pub(super) fn rank_classes(deck: Deck) -> Vec<([u8; 13], bool)> {
    let mut keys = Vec::new();
    for joker in [false, true] {
        if joker && !deck.joker {
            continue;
        }
        for_each_multiset(deck.rank_mask, deck.suits, 7 - joker as u8, &mut |c| keys.push((*c, joker)));
    }
    keys
}

/// Every flush pattern of `deck`: the ranks in the flush suit (five or more, or four and the
/// joker), the other ranks' counts outside it, and the joker.
pub(super) fn flush_patterns(deck: Deck) -> Vec<(u16, [u8; 13], bool)> {
    let mut shapes = Vec::new();
    for joker in [false, true] {
        if joker && !deck.joker {
            continue;
        }
        let need = 5 - joker as u32;
        for suited in 0u16..1 << 13 {
            let n = suited.count_ones();
            if suited & !deck.rank_mask != 0 || n < need || n + joker as u32 > 7 {
                continue;
            }
            let rest = 7 - n as u8 - joker as u8;
            for_each_multiset(deck.rank_mask, deck.suits - 1, rest, &mut |o| shapes.push((suited, *o, joker)));
        }
    }
    shapes
}

pub(super) fn for_each_multiset(mask: u16, max: u8, size: u8, f: &mut impl FnMut(&[u8; 13])) {
    fn go(r: usize, left: u8, mask: u16, max: u8, c: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13])) {
        if r == 13 {
            if left == 0 {
                f(c);
            }
            return;
        }
        let top = if mask >> r & 1 == 1 { max.min(left) } else { 0 };
        for k in 0..=top {
            c[r] = k;
            go(r + 1, left - k, mask, max, c, f);
        }
        c[r] = 0;
    }
    go(0, size, mask, max, &mut [0; 13], f);
}

/// A hand of a pattern: the flush ranks in suit 0, the other cards in suits 1, 2, ….
pub(super) fn pattern_hand(suited: u16, off: &[u8; 13], joker: bool) -> CardSet {
    let mut hand = if joker { CardSet::EMPTY.with(Card::JOKER) } else { CardSet::EMPTY };
    for r in 0..13u8 {
        if suited >> r & 1 == 1 {
            hand = hand.with(Card::new(Rank(r), Suit(0)));
        }
        for k in 0..off[r as usize] {
            hand = hand.with(Card::new(Rank(r), Suit(1 + k)));
        }
    }
    hand
}

/// A rank class: hands with these rank counts and joker, as if they could not flush.
pub(super) struct Class {
    /// (rank, count) of its ranks.
    pub ranks: Vec<(u8, u8)>,
    pub counts: [u8; 13],
    /// Its hands in the deck, Π_r C(suits, c_r) (flush-capable or not).
    pub hands: u64,
    pub joker: bool,
    pub hand: Reduced,
}

/// A flush pattern: the hands that can flush in one suit with these ranks in it (`suited`), these
/// other ranks outside it, and the joker or not.
pub(super) struct Pattern {
    pub suited: u16,
    /// (rank, count) held outside the flush suit: at most two cards, since the flush suit holds at
    /// least five of the seven, or four and the joker (`off[..off_len]`).
    pub off: [(u8, u8); 2],
    pub off_len: u8,
    pub joker: bool,
    pub class: u32,
    /// Hands of the pattern in one given flush suit: Π_r C(suits − 1, o_r).
    pub placements: u64,
    /// Its whole frontier (flush settings and the rest) and house-way setting.
    pub hand: Reduced,
}

impl Pattern {
    pub fn off(&self) -> &[(u8, u8)] {
        &self.off[..self.off_len as usize]
    }
}

/// Everything about the hands of a deck that does not depend on the other hand: the player's
/// side of every count, and the dealer's classes with their legal settings.
pub struct Tables {
    pub(super) deck: Deck,
    pub(super) classes: Vec<Class>,
    /// Sorted by class: those of class `c` are `patterns[by_class[c]]`.
    pub(super) patterns: Vec<Pattern>,
    pub(super) by_class: Vec<Range<u32>>,
    /// Whether the house-way channels are kept (a house way was given).
    pub(super) with_way: bool,
    /// Whether only the house-way player is counted: his channels are then 0 and 1, and the
    /// optimal player's are not kept (the setting table gives his result against any way).
    pub(super) house_way_only: bool,
    /// How the hands are valued as points when not simply at the house way's settings.
    pub(super) points_as: Option<PointsAs>,
    /// The distinct legal (high, low) values of each class (`settings[set_at[c]..set_at[c + 1]]`),
    /// then of each pattern (index `classes.len() + p`), sorted: every setting a house way can
    /// give the dealer.
    pub(super) settings: Vec<(u16, u16)>,
    pub(super) set_at: Vec<u32>,
    /// Every legal high and low value of the deck, sorted: the dense scales of the counts.
    pub(super) highs: Vec<u16>,
    pub(super) lows: Vec<u16>,
    /// Patterns by (joker, suited ranks): those of `joker · 8192 + suited` are
    /// `by_mask[mask_at[k]..mask_at[k + 1]]`.
    pub(super) by_mask: Vec<u32>,
    pub(super) mask_at: Vec<u32>,
    /// The engine's skeleton of these classes and patterns, built by the first run.
    pub(super) skeleton: std::sync::OnceLock<super::engine::Skeleton>,
}

impl Tables {
    /// The tables of `deck`, with the house-way channels of `way` when given (the setting table
    /// needs none: it does not depend on a way).
    pub fn new(deck: Deck, way: &HouseWay) -> Tables {
        Tables::build(deck, Some(way))
    }

    /// The tables of `deck` for the house-way player of `way` alone, in channels 0 and 1.
    pub(super) fn house_way_only(deck: Deck, way: &HouseWay) -> Tables {
        Tables { house_way_only: true, ..Tables::build(deck, Some(way)) }
    }

    pub(super) fn build(deck: Deck, way: Option<&HouseWay>) -> Tables {
        let keys = rank_classes(deck);
        let classes: Vec<(Class, Vec<(u16, u16)>)> = keys
            .par_iter()
            .map(|(c, joker)| {
                let (hand, legal) = Reduced::of(no_flush_hand(c, *joker), way);
                let class = Class {
                    ranks: (0..13u8).filter(|&r| c[r as usize] > 0).map(|r| (r, c[r as usize])).collect(),
                    counts: *c,
                    hands: c.iter().map(|&k| binomial(deck.suits as u64, k as u64)).product(),
                    joker: *joker,
                    hand,
                };
                (class, legal)
            })
            .collect();
        let index: HashMap<u64, u32> = keys.iter().enumerate().map(|(i, (c, j))| (pack(c, *j), i as u32)).collect();

        let shapes = flush_patterns(deck);
        let mut patterns: Vec<(Pattern, Vec<(u16, u16)>)> = shapes
            .par_iter()
            .map(|&(suited, o, joker)| {
                let mut counts = o;
                for r in 0..13 {
                    counts[r] += (suited >> r & 1) as u8;
                }
                let hand = pattern_hand(suited, &o, joker);
                let held: Vec<(u8, u8)> = (0..13u8).filter(|&r| o[r as usize] > 0).map(|r| (r, o[r as usize])).collect();
                let mut off = [(0, 0); 2];
                off[..held.len()].copy_from_slice(&held);
                let (reduced, legal) = Reduced::of(hand, way);
                let p = Pattern {
                    suited,
                    off,
                    off_len: held.len() as u8,
                    joker,
                    class: index[&pack(&counts, joker)],
                    placements: o.iter().map(|&k| binomial(deck.suits as u64 - 1, k as u64)).product(),
                    hand: reduced,
                };
                (p, legal)
            })
            .collect();
        patterns.par_sort_by_key(|p| (p.0.class, p.0.joker, p.0.suited));
        let mut by_class = vec![0..0; classes.len()];
        let mut i = 0;
        while i < patterns.len() {
            let c = patterns[i].0.class;
            let j = i + patterns[i..].iter().take_while(|p| p.0.class == c).count();
            by_class[c as usize] = i as u32..j as u32;
            i = j;
        }
        let mut settings = Vec::new();
        let mut set_at = vec![0u32];
        for l in classes.iter().map(|c| &c.1).chain(patterns.iter().map(|p| &p.1)) {
            settings.extend_from_slice(l);
            set_at.push(settings.len() as u32);
        }
        let mut highs: Vec<u16> = settings.iter().map(|s| s.0).collect();
        let mut lows: Vec<u16> = settings.iter().map(|s| s.1).collect();
        highs.par_sort_unstable();
        highs.dedup();
        lows.par_sort_unstable();
        lows.dedup();
        assert!(highs.len() < INF_HIGH as usize && lows.len() < 255, "dense scales fit");
        let classes: Vec<Class> = classes.into_iter().map(|c| c.0).collect();
        let patterns: Vec<Pattern> = patterns.into_iter().map(|p| p.0).collect();
        let mut by_mask_lists: Vec<Vec<u32>> = vec![Vec::new(); 2 << 13];
        for (i, p) in patterns.iter().enumerate() {
            by_mask_lists[(p.joker as usize) << 13 | p.suited as usize].push(i as u32);
        }
        let mut by_mask = Vec::with_capacity(patterns.len());
        let mut mask_at = Vec::with_capacity(by_mask_lists.len() + 1);
        for l in &by_mask_lists {
            mask_at.push(by_mask.len() as u32);
            by_mask.extend_from_slice(l);
        }
        mask_at.push(by_mask.len() as u32);
        Tables { deck, classes, patterns, by_class, with_way: way.is_some(), house_way_only: false, points_as: None, settings, set_at, highs, lows, by_mask, mask_at, skeleton: std::sync::OnceLock::new() }
    }

    pub fn rank_classes(&self) -> usize {
        self.classes.len()
    }

    pub fn patterns(&self) -> usize {
        self.patterns.len()
    }

    /// The legal setting values of dealer class `k` (a rank class, or `classes + p` for pattern
    /// p), sorted.
    pub(super) fn settings_of(&self, k: usize) -> &[(u16, u16)] {
        &self.settings[self.set_at[k] as usize..self.set_at[k + 1] as usize]
    }

    #[inline]
    pub(super) fn dense_high(&self, h: u16) -> u16 {
        self.highs.binary_search(&h).expect("a legal high") as u16
    }

    #[inline]
    pub(super) fn dense_low(&self, l: u16) -> u8 {
        self.lows.binary_search(&l).expect("a legal low") as u8
    }

    /// The low above every low.
    pub(super) fn inf_low(&self) -> u8 {
        self.lows.len() as u8
    }

    /// Dealer classes: the rank classes, then the patterns.
    pub(super) fn dealer_classes(&self) -> usize {
        self.classes.len() + self.patterns.len()
    }

    /// A hand of dealer class `k` (every hand of the class is set alike).
    pub(super) fn dealer_hand(&self, k: usize) -> CardSet {
        match k.checked_sub(self.classes.len()) {
            None => no_flush_hand(&self.classes[k].counts, self.classes[k].joker),
            Some(p) => {
                let p = &self.patterns[p];
                let mut off = [0u8; 13];
                for &(r, c) in p.off() {
                    off[r as usize] = c;
                }
                pattern_hand(p.suited, &off, p.joker)
            }
        }
    }

    /// The house way's setting of dealer class `k` (a rank class, or `classes + p` for pattern p).
    pub(super) fn way_of(&self, k: usize) -> (u16, u16) {
        match k.checked_sub(self.classes.len()) {
            None => self.classes[k].hand.way,
            Some(p) => self.patterns[p].hand.way,
        }
    }

    /// The setting each of `ways` gives each dealer class (as [`Tables::way_of`] for a table of
    /// that way), per way: a class's settings and facts found once for every way. An error names
    /// a way and a hand it leaves unset.
    pub(super) fn settings_by(&self, ways: &[HouseWay]) -> Result<Vec<Vec<(u16, u16)>>, String> {
        let by_class: Vec<Vec<(u16, u16)>> = (0..self.dealer_classes())
            .into_par_iter()
            .map(|k| {
                let hand = self.dealer_hand(k);
                let all = settings(hand);
                let f = facts(hand, &all);
                ways.iter().map(|way| way.set_by_facts(&f, &all).map(|s| (s.high.0, s.low.0)).map_err(|e| format!("house way {}: {hand}: {e}", way.id))).collect()
            })
            .collect::<Result<_, String>>()?;
        Ok((0..ways.len()).map(|i| by_class.iter().map(|v| v[i]).collect()).collect())
    }

    /// A setting on the dense scales, reversed in a transposed difference count.
    #[inline]
    pub(super) fn dense_setting(&self, (h, l): (u16, u16)) -> (u16, u8) {
        let (a, b) = (self.dense_high(h), self.dense_low(l));
        match &self.points_as {
            Some(d) if d.transposed => (self.highs.len() as u16 - 1 - a, self.lows.len() as u8 - 1 - b),
            _ => (a, b),
        }
    }

    /// Dealer hands of pattern p (any flush suit).
    pub(super) fn pattern_hands(&self, p: &Pattern) -> u64 {
        self.deck.suits as u64 * p.placements
    }

    /// The corners of a hand's optimal outcome: the win region is a staircase, the union of the
    /// quadrants below each frontier point, so `[win] = Σ_i Q(a_i, b_i) − Σ_i Q(a_{i+1}, b_i)`; and
    /// `[not lose] = [a_1 > h] + [b_k > l] − Q(a_1, b_k)`.
    pub(super) fn frontier_corners(&self, r: &Reduced, w: i64, out: &mut Vec<Corner>) {
        if self.house_way_only {
            return;
        }
        let f: Vec<(u16, u8)> = r.points().iter().map(|&(a, b)| (self.dense_high(a), self.dense_low(b))).collect();
        let k = f.len();
        for i in 0..k {
            out.push(Corner { a: f[i].0, b: f[i].1, ch: OPT_W, w });
            if i + 1 < k {
                out.push(Corner { a: f[i + 1].0, b: f[i].1, ch: OPT_W, w: -w });
            }
        }
        self.cross(f[0].0, f[k - 1].1, OPT_NL, w, out);
    }

    /// The corners of the house-way setting's outcome for dealer class `k`'s hands, or as
    /// [`Tables::points_as`] says.
    pub(super) fn way_corners(&self, k: usize, w: i64, out: &mut Vec<Corner>) {
        if !self.with_way {
            return;
        }
        match &self.points_as {
            None => self.setting_corners(self.way_of(k), w, out),
            Some(d) => {
                let at = d.way.as_ref().map_or(self.way_of(k), |v| v[k]);
                // (A class the way sets as the base does has no corners: they would cancel.)
                if d.left_out.get(k).is_some_and(|&x| x) || d.base.as_ref().is_some_and(|base| base[k] == at) {
                    return;
                }
                self.setting_corners(at, w, out);
                if let Some(base) = &d.base {
                    self.setting_corners(base[k], -w, out);
                }
            }
        }
    }

    /// `[win]` and `[not lose]` of a setting against the query's (h, l).
    fn setting_corners(&self, s: (u16, u16), w: i64, out: &mut Vec<Corner>) {
        let (a, b) = self.dense_setting(s);
        let (win, not_lose) = if self.house_way_only { (OPT_W, OPT_NL) } else { (WAY_W, WAY_NL) };
        out.push(Corner { a, b, ch: win, w });
        self.cross(a, b, not_lose, w, out);
    }

    /// `[a > h] + [b > l] − [a > h][b > l]`.
    fn cross(&self, a: u16, b: u8, ch: u8, w: i64, out: &mut Vec<Corner>) {
        out.push(Corner { a, b: self.inf_low(), ch, w });
        out.push(Corner { a: INF_HIGH, b, ch, w });
        out.push(Corner { a, b, ch, w: -w });
    }

    /// Both policies' corners of rank class `c`.
    pub(super) fn class_corners(&self, c: usize) -> Vec<Corner> {
        let mut out = Vec::new();
        self.frontier_corners(&self.classes[c].hand, 1, &mut out);
        self.way_corners(c, 1, &mut out);
        merge(out)
    }

    /// The corners of pattern `p`'s correction δ: its outcome less its class's, both policies.
    pub(super) fn delta_corners(&self, p: usize) -> Vec<Corner> {
        let class = self.patterns[p].class as usize;
        let mut out = Vec::new();
        self.frontier_corners(&self.patterns[p].hand, 1, &mut out);
        self.frontier_corners(&self.classes[class].hand, -1, &mut out);
        self.way_corners(self.classes.len() + p, 1, &mut out);
        self.way_corners(class, -1, &mut out);
        merge(out)
    }
}

/// How the hands are valued as points in the counts of further ways (`main_game.rs`, "Further
/// house ways"), by dealer class `k`: at `way[k]` instead of the way's setting, less the corners
/// at `base[k]`; transposed, the points are the dealer's hands, on reversed scales, and those
/// of `left_out` (the rank classes that push as an Ace High Pai Gow) have none.
#[derive(Default)]
pub(super) struct PointsAs {
    pub way: Option<Vec<(u16, u16)>>,
    pub base: Option<Vec<(u16, u16)>>,
    pub transposed: bool,
    pub left_out: Vec<bool>,
}

/// Corners summed by (channel, a, b), zeros dropped.
pub(super) fn merge(mut v: Vec<Corner>) -> Vec<Corner> {
    v.sort_unstable_by_key(|c| (c.ch, c.a, c.b));
    let mut out: Vec<Corner> = Vec::with_capacity(v.len());
    for c in v {
        match out.last_mut() {
            Some(l) if (l.ch, l.a, l.b) == (c.ch, c.a, c.b) => l.w += c.w,
            _ => out.push(c),
        }
        if out.last().is_some_and(|l| l.w == 0) {
            out.pop();
        }
    }
    out
}

/// Lists in one array: item `i` is `data[at[i]..at[i + 1]]`.
#[derive(Clone, Debug, Default)]
pub(super) struct Csr<T> {
    pub at: Vec<u32>,
    pub data: Vec<T>,
}

impl<T> Csr<T> {
    pub fn from_lists(lists: impl IntoIterator<Item = Vec<T>>) -> Csr<T> {
        let mut at = vec![0u32];
        let mut data = Vec::new();
        for l in lists {
            data.extend(l);
            at.push(data.len() as u32);
        }
        Csr { at, data }
    }

    #[inline]
    pub fn get(&self, i: usize) -> &[T] {
        &self.data[self.at[i] as usize..self.at[i + 1] as usize]
    }

    #[inline]
    pub fn range(&self, i: usize) -> Range<usize> {
        self.at[i] as usize..self.at[i + 1] as usize
    }
}
