//! Face Up Pai Gow Poker (58 Pa. Code 688a): the Face Up Pai Gow Poker Wager, solved exactly for
//! two player policies against a house way.
//!
//! # Rules (§§ 688a.6, 688a.11, 688a.12(a))
//!
//! Dealer and player each get seven of 53 cards (52 and a joker, § 688a.3). Each sets a
//! five-card high hand and a two-card low hand; the high must rank equal to or higher than the
//! low (§ 688a.11(c); a misset loses, § 688a.11(f)(1)(iii), so no policy here missets). The dealer
//! sets first by the house way (§ 688a.11(a)) and exposes both hands; the player then sets his
//! (§ 688a.11(b)). The wager wins 1 to 1 when both player hands rank higher than the dealer's
//! (§ 688a.11(f)(3), § 688a.12(a): no commission); a hand of identical rank is a "copy" and counts
//! for the dealer (§ 688a.11(f)(1)(ii)); one hand higher and the other not is a tie
//! (§ 688a.11(f)(2)(i)-(ii)); otherwise the wager loses. A dealer's Ace High Pai Gow (seven cards
//! with no pair, straight or flush, ace high, the joker playing the ace; § 688a.1, § 688a.6(d))
//! ties every player (§ 688a.11(f)(2)(iii)), whatever the player holds; it is counted as its own
//! outcome, `push-ace-high`.
//!
//! Surrender (§ 688a.11(d)) forfeits the wager: a net of −1, which is the worst any setting can
//! give. It is never better than playing, and equals it only where every setting loses, so both
//! policies play every hand.
//!
//! # Policies
//!
//! * `optimal`: the player sees the dealer's high `H` and low `L` and sets to win if any legal
//!   setting beats both; otherwise to push if any setting beats one; otherwise he loses.
//!   So only the Pareto frontier of the hand's legal (high, low) values matters: the hand wins
//!   iff a frontier point beats (H, L) in both coordinates, and pushes iff its best legal high
//!   beats H or its best legal low beats L (both are frontier points).
//! * `house-way`: the player sets by the same house way as the dealer (what asking for help
//!   gives, § 688a.11(b)(1)), whatever the dealer shows.
//!
//! # Counting (every ordered deal, C(53,7) · C(46,7) = 8,250,459,031,214,400 on the full deck)
//!
//! 1. A hand that cannot make a flush (five of one suit, or four and the joker) has a frontier
//!    and a house-way setting that depend only on its ranks and the joker: its *rank class*
//!    (67,600 on the full deck).
//! 2. A flush-capable hand can flush in one suit only (seven cards). It is a *pattern*: the
//!    ranks in its flush suit, the multiset of its other ranks (at most two cards), the joker
//!    (224,653 per suit on the full deck). Every setting of a pattern has its rank class's value
//!    except those whose high is the flush, which rank higher; so a pattern's optimal outcome is
//!    the better of its class's and that of the frontier points its class lacks, which is all a
//!    pattern keeps. Its flush correction δ is its outcome less its class's.
//! 3. Pass 1, every dealer hand by its rank class R, whatever its suits, as if it could not
//!    flush, so showing R's house-way setting (h, l). A player hand of rank class c and such a
//!    dealer hand are disjoint in `Π_r C(4, c_r) · C(4 − c_r, d_r)` ways; one of pattern p (any
//!    suit) in `4 · placements(p) · Π_r C(4 − c_r, d_r)`: one visit of the classes and their
//!    patterns per dealer class, made for blocks of dealer classes at once so the tables are
//!    read once per block. A dealer's Ace High Pai Gow is a property of R for hands that cannot
//!    flush. The same visit gives R's *rank part* (the player's counts against one dealer hand
//!    of R as if no player hand could flush) for every setting pass 2 needs, under (h*, l*), the
//!    largest class-relevant values at most (h, l), against which every class settles alike.
//! 4. Pass 2, the dealer hands that can flush (380,809 suit classes on the full deck), each
//!    replacing its pass-1 share by its own setting: the rank parts from pass 1; the player
//!    flushing in the dealer's flush suit over the patterns whose suited ranks avoid the
//!    dealer's, once per run of dealer hands with the same rank class, flush ranks and setting
//!    (224,653 runs), which settle alike.
//! 5. Player flushes in the other suits against the dealer hands that can flush: for such a
//!    suit the dealer holds at most two ranks in it, so `[M ∩ D_s = ∅]` is an inclusion–exclusion
//!    over at most two ranks, and a pattern's weight `Π_r C(a'_r, o_r)` is one number for all the
//!    patterns with the same off-suit part. The sums `S[off-part][T] = Σ_{M ⊇ T} δ` for |T| ≤ 2
//!    are kept up to date in a sweep over the dealer's high, one sweep per dealer low: a
//!    pattern's δ changes only where H reaches one of its own or its class's high values.
//!
//! `Tables::against`, one dealer hand by the per-suit correction over every pattern, is kept as
//! the oracle the full-deck tests compare with brute force. The totals are checked to add up to
//! the cycle for both policies; pass 1 checks that each rank part divides exactly.

use std::collections::HashMap;

use parsheet_cards::{binomial, iso, Card, CardSet, Rank, Subsets, Suit};
use parsheet_eval::{Category, Evaluator, Ranking};
use rayon::prelude::*;

use parsheet_shard::{Combine, Key, Shard, Tally};

use crate::house_way::{settings, HouseWay};

/// A deck of `suits` suits of the ranks in `rank_mask`, and optionally the joker. The game is
/// played with `Deck::FULL`; smaller decks let tests compare with a brute force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck {
    pub rank_mask: u16,
    pub suits: u8,
    pub joker: bool,
}

impl Deck {
    pub const FULL: Deck = Deck { rank_mask: 0x1fff, suits: 4, joker: true };

    pub fn cards(&self) -> Vec<Card> {
        let mut v: Vec<Card> = Vec::new();
        for r in 0..13u8 {
            if self.rank_mask >> r & 1 == 1 {
                for s in 0..self.suits {
                    v.push(Card::new(Rank(r), Suit(s)));
                }
            }
        }
        if self.joker {
            v.push(Card::JOKER);
        }
        v
    }

    pub fn len(&self) -> u64 {
        self.rank_mask.count_ones() as u64 * self.suits as u64 + self.joker as u64
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ordered (dealer, player) deals.
    pub fn cycle(&self) -> u128 {
        binomial(self.len(), 7) as u128 * binomial(self.len() - 7, 7) as u128
    }
}

/// Win, push and lose counts of one player policy.
pub type Wpl = [u128; 3];

/// The exact counts of both policies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Against dealers without an Ace High Pai Gow: win, push, lose.
    pub optimal: Wpl,
    pub house_way: Wpl,
    /// Deals where the dealer's Ace High Pai Gow pushes (the same for both policies).
    pub ace_high: u128,
}

impl Counts {
    pub fn total(&self, optimal: bool) -> u128 {
        let w = if optimal { &self.optimal } else { &self.house_way };
        w.iter().sum::<u128>() + self.ace_high
    }
}

/// A player hand reduced to what settles it: its Pareto frontier of legal (high, low) values and
/// its house-way setting.
#[derive(Clone, Debug)]
struct Reduced {
    /// Highs falling, lows rising; `frontier[..len]`.
    frontier: [(u16, u16); MAX_FRONTIER],
    len: u8,
    way: (u16, u16),
}

/// At most one point per setting (21 ways to take two cards of seven).
const MAX_FRONTIER: usize = 21;

/// C(n, k) for the small n of the inner loops (n ≤ 7), by table.
#[inline]
fn choose(n: u8, k: u8) -> u64 {
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
    T[n as usize][k as usize]
}

const WIN: usize = 0;
const PUSH: usize = 1;
const LOSE: usize = 2;

impl Reduced {
    fn of(hand: CardSet, way: &HouseWay) -> Reduced {
        let all = settings(hand);
        let mut pts: Vec<(u16, u16)> = all.iter().filter(|s| s.legal).map(|s| (s.high.0, s.low.0)).collect();
        pts.sort_unstable_by(|a, b| b.cmp(a));
        let mut frontier: Vec<(u16, u16)> = Vec::new();
        for p in pts {
            if frontier.last().is_none_or(|l| p.1 > l.1) {
                frontier.push(p);
            }
        }
        let s = way.set_among(hand, &all).unwrap_or_else(|e| panic!("house way {}: {hand}: {e}", way.id));
        assert!(frontier.len() <= MAX_FRONTIER, "{hand}: frontier of {} points", frontier.len());
        let mut f = [(0, 0); MAX_FRONTIER];
        f[..frontier.len()].copy_from_slice(&frontier);
        Reduced { frontier: f, len: frontier.len() as u8, way: (s.high.0, s.low.0) }
    }

    fn points(&self) -> &[(u16, u16)] {
        &self.frontier[..self.len as usize]
    }

    #[inline]
    fn optimal(&self, h: u16, l: u16) -> usize {
        let f = self.points();
        if f.is_empty() {
            return LOSE;
        }
        if f.iter().any(|&(a, b)| a > h && b > l) {
            WIN
        } else if f[0].0 > h || f[f.len() - 1].1 > l {
            PUSH
        } else {
            LOSE
        }
    }

    #[inline]
    fn fixed(&self, h: u16, l: u16) -> usize {
        fixed_at(self.way, h, l)
    }

    /// The optimal outcome of a pattern whose frontier beyond its class's is this one, given its
    /// class's outcome `class`. Every setting of the pattern has its class's value except those
    /// whose high is the flush, which rank higher; so every class frontier point is matched or
    /// dominated by a pattern frontier point, and the best outcome over the pattern's frontier
    /// F_p is the better of the class's and that over F_p ∖ F_c.
    #[inline]
    fn beyond(&self, class: usize, h: u16, l: u16) -> usize {
        if class == WIN {
            WIN
        } else {
            self.optimal(h, l).min(class)
        }
    }
}

/// The outcome of a setting (high, low) against the dealer's (h, l).
#[inline]
fn fixed_at(way: (u16, u16), h: u16, l: u16) -> usize {
    match (way.0 > h, way.1 > l) {
        (true, true) => WIN,
        (false, false) => LOSE,
        _ => PUSH,
    }
}

/// Rank counts packed 4 bits per rank, the joker at bit 60.
fn pack(counts: &[u8; 13], joker: bool) -> u64 {
    counts.iter().enumerate().fold((joker as u64) << 60, |k, (r, &c)| k | (c as u64) << (4 * r))
}

/// A seven-card hand with these rank counts that cannot flush: copies of a rank take distinct
/// suits, suits assigned in turn (at most two cards of any suit).
fn no_flush_hand(counts: &[u8; 13], joker: bool) -> CardSet {
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

struct Class {
    /// (rank, count) of its ranks.
    ranks: Vec<(u8, u8)>,
    counts: [u8; 13],
    /// Its hands in the deck, Π_r C(suits, c_r).
    hands: u64,
    joker: bool,
    hand: Reduced,
}

struct Pattern {
    /// Ranks held in the flush suit.
    suited: u16,
    /// (rank, count) held outside it: at most two ranks, since the flush suit holds at least
    /// five of the seven cards, or four and the joker (`off[..off_len]`).
    off: [(u8, u8); 2],
    off_len: u8,
    joker: bool,
    class: u32,
    /// Player hands of the pattern in one given flush suit: Π_r C(suits − 1, o_r).
    placements: u64,
    /// Its house-way setting, and of its frontier only the points its rank class's frontier
    /// lacks (see [`Pattern::optimal`]).
    hand: Reduced,
}

impl Pattern {
    fn off(&self) -> &[(u8, u8)] {
        &self.off[..self.off_len as usize]
    }

    /// The pattern's optimal outcome given its class's, `class` (see [`Reduced::beyond`]).
    #[inline]
    fn optimal(&self, class: usize, h: u16, l: u16) -> usize {
        self.hand.beyond(class, h, l)
    }
}

/// Patterns of one class with the same house-way setting and frontier points beyond their
/// class's, their placements summed.
struct Merged {
    hand: Reduced,
    placements: u64,
}

/// A pattern as the same-suit correction reads it, stored by (joker, suited ranks) so that the
/// patterns avoiding a dealer's flush are contiguous runs, with its class's house-way setting
/// beside it.
struct SuitedPattern {
    off: [(u8, u8); 2],
    off_len: u8,
    class: u32,
    class_way: (u16, u16),
    hand: Reduced,
}

/// Everything about player hands of a deck that does not depend on the dealer.
pub struct Tables {
    deck: Deck,
    classes: Vec<Class>,
    /// Sorted by class.
    patterns: Vec<Pattern>,
    /// Each class's patterns merged by how they settle, for pass 1: `merged_by_class[c]`.
    merged: Vec<Merged>,
    merged_by_class: Vec<std::ops::Range<u32>>,
    index: HashMap<u64, u32>,
    /// Every high and low value a rank class's outcome is decided against (its frontier and
    /// house-way points), sorted.
    class_highs: Vec<u16>,
    class_lows: Vec<u16>,
    /// The patterns by (joker, suited ranks): those of `joker · 8192 + suited` are
    /// `suited[suited_at[k]..suited_at[k + 1]]`.
    suited: Vec<SuitedPattern>,
    suited_at: Vec<u32>,
}

fn for_each_multiset(mask: u16, max: u8, size: u8, f: &mut impl FnMut(&[u8; 13])) {
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

impl Tables {
    pub fn new(deck: Deck, way: &HouseWay) -> Tables {
        let mut keys = Vec::new();
        for joker in [false, true] {
            if joker && !deck.joker {
                continue;
            }
            for_each_multiset(deck.rank_mask, deck.suits, 7 - joker as u8, &mut |c| keys.push((*c, joker)));
        }
        let classes: Vec<Class> = keys
            .par_iter()
            .map(|(c, joker)| Class {
                ranks: (0..13u8).filter(|&r| c[r as usize] > 0).map(|r| (r, c[r as usize])).collect(),
                counts: *c,
                hands: c.iter().map(|&k| binomial(deck.suits as u64, k as u64)).product(),
                joker: *joker,
                hand: Reduced::of(no_flush_hand(c, *joker), way),
            })
            .collect();
        let index: HashMap<u64, u32> = keys.iter().enumerate().map(|(i, (c, j))| (pack(c, *j), i as u32)).collect();

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
        let patterns: Vec<Pattern> = shapes
            .par_iter()
            .map(|&(suited, o, joker)| {
                let mut counts = o;
                let mut hand = if joker { CardSet::EMPTY.with(Card::JOKER) } else { CardSet::EMPTY };
                for r in 0..13u8 {
                    if suited >> r & 1 == 1 {
                        counts[r as usize] += 1;
                        hand = hand.with(Card::new(Rank(r), Suit(0)));
                    }
                    for k in 0..o[r as usize] {
                        hand = hand.with(Card::new(Rank(r), Suit(1 + k)));
                    }
                }
                let held: Vec<(u8, u8)> = (0..13u8).filter(|&r| o[r as usize] > 0).map(|r| (r, o[r as usize])).collect();
                let mut off = [(0, 0); 2];
                off[..held.len()].copy_from_slice(&held);
                Pattern {
                    suited,
                    off,
                    off_len: held.len() as u8,
                    joker,
                    class: index[&pack(&counts, joker)],
                    placements: o.iter().map(|&k| binomial(deck.suits as u64 - 1, k as u64)).product(),
                    hand: Reduced::of(hand, way),
                }
            })
            .collect();
        let mut patterns = patterns;
        patterns.par_iter_mut().for_each(|p| {
            let c = classes[p.class as usize].hand.points();
            let extra: Vec<(u16, u16)> = p.hand.points().iter().copied().filter(|x| !c.contains(x)).collect();
            p.hand.frontier = [(0, 0); MAX_FRONTIER];
            p.hand.frontier[..extra.len()].copy_from_slice(&extra);
            p.hand.len = extra.len() as u8;
        });
        patterns.sort_by_key(|p| p.class);
        let mut by_class = vec![0..0; classes.len()];
        let mut i = 0;
        while i < patterns.len() {
            let c = patterns[i].class;
            let j = i + patterns[i..].iter().take_while(|p| p.class == c).count();
            by_class[c as usize] = i as u32..j as u32;
            i = j;
        }
        // Pass 1 weighs every pattern of a class alike but for its placements, so patterns of
        // one class that settle alike merge; those that always settle as their class go.
        let mut merged = Vec::new();
        let mut merged_by_class = Vec::with_capacity(classes.len());
        for (c, range) in classes.iter().zip(&by_class) {
            let start = merged.len() as u32;
            let mut seen: Vec<Merged> = Vec::new();
            for p in &patterns[range.start as usize..range.end as usize] {
                if p.hand.len == 0 && p.hand.way == c.hand.way {
                    continue;
                }
                match seen.iter_mut().find(|m| m.hand.way == p.hand.way && m.hand.points() == p.hand.points()) {
                    Some(m) => m.placements += p.placements,
                    None => seen.push(Merged { hand: p.hand.clone(), placements: p.placements }),
                }
            }
            merged.extend(seen);
            merged_by_class.push(start..merged.len() as u32);
        }
        let mut by_mask: Vec<Vec<u32>> = vec![Vec::new(); 2 << 13];
        for (i, p) in patterns.iter().enumerate() {
            by_mask[(p.joker as usize) << 13 | p.suited as usize].push(i as u32);
        }
        let mut class_highs: Vec<u16> = classes.iter().flat_map(|c| c.hand.points().iter().map(|x| x.0).chain([c.hand.way.0])).collect();
        let mut class_lows: Vec<u16> = classes.iter().flat_map(|c| c.hand.points().iter().map(|x| x.1).chain([c.hand.way.1])).collect();
        class_highs.sort_unstable();
        class_highs.dedup();
        class_lows.sort_unstable();
        class_lows.dedup();
        let mut suited = Vec::with_capacity(patterns.len());
        let mut suited_at = Vec::with_capacity(by_mask.len() + 1);
        for list in &by_mask {
            suited_at.push(suited.len() as u32);
            suited.extend(list.iter().map(|&i| {
                let p = &patterns[i as usize];
                SuitedPattern { off: p.off, off_len: p.off_len, class: p.class, class_way: classes[p.class as usize].hand.way, hand: p.hand.clone() }
            }));
        }
        suited_at.push(suited.len() as u32);
        Tables { deck, classes, patterns, merged, merged_by_class, index, class_highs, class_lows, suited, suited_at }
    }

    pub fn rank_classes(&self) -> usize {
        self.classes.len()
    }

    pub fn patterns(&self) -> usize {
        self.patterns.len()
    }

    /// The dealer setting (h*, l*) that every rank class settles against exactly as against
    /// (h, l): h* the largest class-relevant high at most h (0 if none), likewise l*. A class's
    /// outcome only asks whether its values exceed H and L, and for a value v of the list,
    /// v > h ⟺ v > h*. So rank parts are shared under (h*, l*): all dealer flushes, for one,
    /// fall between the same two class highs.
    fn canonical(&self, (h, l): (u16, u16)) -> (u16, u16) {
        let down = |v: &[u16], x: u16| match v.partition_point(|&a| a <= x) {
            0 => 0,
            i => v[i - 1],
        };
        (down(&self.class_highs, h), down(&self.class_lows, l))
    }

    /// Player counts against a dealer whose rank counts are `d` (joker `dj`) showing (h, l), as
    /// if no player hand could flush: [optimal w/p/l, house-way w/p/l].
    fn rank_part(&self, d: &[u8; 13], dj: bool, h: u16, l: u16) -> [u64; 6] {
        let mut out = [0u64; 6];
        let avail: [u8; 13] = std::array::from_fn(|r| if self.deck.rank_mask >> r & 1 == 1 { self.deck.suits - d[r] } else { 0 });
        let joker_free = self.deck.joker && !dj;
        for c in &self.classes {
            if c.joker && !joker_free {
                continue;
            }
            let mut ways = 1u64;
            for &(r, k) in &c.ranks {
                ways *= choose(avail[r as usize], k);
            }
            if ways == 0 {
                continue;
            }
            out[c.hand.optimal(h, l)] += ways;
            out[3 + c.hand.fixed(h, l)] += ways;
        }
        out
    }

    /// The flush correction against dealer `dealer` showing (h, l).
    fn flush_part(&self, dealer: CardSet, h: u16, l: u16) -> [i64; 6] {
        self.flush_diff(dealer, (h, l), None, None)
    }

    /// The flush correction against `dealer` showing `a`, less the one against the same cards
    /// showing `b` (when given).
    /// (The player's flush suit `only`, when given.)
    fn flush_diff(&self, dealer: CardSet, a: (u16, u16), b: Option<(u16, u16)>, only: Option<u8>) -> [i64; 6] {
        let (h, l) = a;
        let mut out = [0i64; 6];
        let joker_free = self.deck.joker && !dealer.has_joker();
        for s in 0..self.deck.suits {
            if only.is_some_and(|o| o != s) {
                continue;
            }
            let ds = dealer.suit_ranks(Suit(s));
            // Unseen cards of each rank outside suit s.
            let avail: [u8; 13] = std::array::from_fn(|r| {
                if self.deck.rank_mask >> r & 1 == 0 {
                    return 0;
                }
                let outside_dealt = dealer.count_rank(Rank(r as u8)) as u8 - (ds >> r & 1) as u8;
                self.deck.suits - 1 - outside_dealt
            });
            for p in &self.patterns {
                if p.suited & ds != 0 || (p.joker && !joker_free) {
                    continue;
                }
                let mut ways = 1u64;
                for &(r, k) in p.off() {
                    ways *= choose(avail[r as usize], k);
                }
                if ways == 0 {
                    continue;
                }
                let w = ways as i64;
                let class = &self.classes[p.class as usize].hand;
                let y = class.optimal(h, l);
                let x = p.optimal(y, h, l);
                if x != y {
                    out[x] += w;
                    out[y] -= w;
                }
                let (x, y) = (p.hand.fixed(h, l), class.fixed(h, l));
                if x != y {
                    out[3 + x] += w;
                    out[3 + y] -= w;
                }
                if let Some((h2, l2)) = b {
                    let y = class.optimal(h2, l2);
                    let x = p.optimal(y, h2, l2);
                    if x != y {
                        out[x] -= w;
                        out[y] += w;
                    }
                    let (x, y) = (p.hand.fixed(h2, l2), class.fixed(h2, l2));
                    if x != y {
                        out[3 + x] -= w;
                        out[3 + y] += w;
                    }
                }
            }
        }
        out
    }
}

impl Tables {
    /// `flush_diff` for the player flushing in the dealer's flush suit `s0` only, visiting just
    /// the patterns whose suited ranks avoid the dealer's (submasks of the rest).
    fn flush_same_suit(&self, dealer: CardSet, s0: u8, a: (u16, u16), b: Option<(u16, u16)>) -> [i64; 6] {
        let ds = dealer.suit_ranks(Suit(s0));
        let joker_free = self.deck.joker && !dealer.has_joker();
        let avail: [u8; 13] = std::array::from_fn(|r| {
            if self.deck.rank_mask >> r & 1 == 0 {
                return 0;
            }
            self.deck.suits - 1 - (dealer.count_rank(Rank(r as u8)) as u8 - (ds >> r & 1) as u8)
        });
        let rest = self.deck.rank_mask & !ds;
        let mut out = [0i64; 6];
        // The house-way part needs no read of the class; the optimal part only where the
        // pattern's own points do better than losing (else min(class, pattern) is the class's).
        let mut add = |p: &SuitedPattern, w: i64, (h, l): (u16, u16), sign: i64| {
            let (x, y) = (p.hand.fixed(h, l), fixed_at(p.class_way, h, l));
            if x != y {
                out[3 + x] += sign * w;
                out[3 + y] -= sign * w;
            }
            let own = p.hand.optimal(h, l);
            if own != LOSE {
                let y = self.classes[p.class as usize].hand.optimal(h, l);
                let x = own.min(y);
                if x != y {
                    out[x] += sign * w;
                    out[y] -= sign * w;
                }
            }
        };
        // Every submask of `rest`, the empty one last.
        let mut m = rest;
        loop {
            if m.count_ones() >= 4 {
                for joker in [false, true] {
                    if joker && !joker_free {
                        continue;
                    }
                    let k = (joker as usize) << 13 | m as usize;
                    for p in &self.suited[self.suited_at[k] as usize..self.suited_at[k + 1] as usize] {
                        let mut ways = 1u64;
                        for &(r, n) in &p.off[..p.off_len as usize] {
                            ways *= choose(avail[r as usize], n);
                        }
                        if ways == 0 {
                            continue;
                        }
                        add(p, ways as i64, a, 1);
                        if let Some(b) = b {
                            add(p, ways as i64, b, -1);
                        }
                    }
                }
            }
            if m == 0 {
                break;
            }
            m = (m - 1) & rest;
        }
        out
    }

    /// Pass 1 for a block of dealer rank classes, in one visit of every player class and
    /// pattern (the block keeps the tables' reads shared among its dealers).
    ///
    /// For each dealer class D of the block, every dealer hand with D's rank counts, whatever
    /// its suits, as if it could not flush and so showed D's house-way setting: player hands
    /// of class c and such dealer hands are disjoint in `hands(c) · N(c)` ways,
    /// `N(c) = Π_r C(suits − c_r, d_r)`; a player hand of pattern p (any suit) and such a
    /// dealer hand in `suits · placements(p) · N(class of p)` ways.
    ///
    /// It also gives the rank part (the player's counts as if no player hand could flush)
    /// against one dealer hand of D's rank counts showing each of D's `keys`: since
    /// `C(s, c_r) · C(s − c_r, d_r) = C(s, d_r) · C(s − d_r, c_r)`, that is the class sum with
    /// `hands(c) · N(c)` divided by the number of such dealer hands, `hands(D)` (each term
    /// divides).
    fn pass_one(&self, block: &[DealerClass]) -> Vec<([i128; 7], Vec<[u64; 6]>)> {
        let suits = self.deck.suits;
        let mut rank: Vec<Vec<[u64; 6]>> = block.iter().map(|d| vec![[0; 6]; d.keys.len()]).collect();
        let mut flush = vec![[0i64; 6]; block.len()];
        let mut n = vec![0u64; block.len()];
        let mut class_outcome = vec![(0usize, 0usize); block.len()];
        for (c, range) in self.classes.iter().zip(&self.merged_by_class) {
            for (i, d) in block.iter().enumerate() {
                n[i] = 0;
                if c.joker && d.joker {
                    continue;
                }
                let mut x = 1u64;
                for &(r, k) in &d.dealt {
                    x *= choose(suits - c.counts[r as usize], k);
                }
                n[i] = x;
                if x == 0 {
                    continue;
                }
                let w = x * c.hands;
                for (key, &(h, l)) in d.keys.iter().enumerate() {
                    let (o, f) = (c.hand.optimal(h, l), c.hand.fixed(h, l));
                    rank[i][key][o] += w;
                    rank[i][key][3 + f] += w;
                    if key == 0 {
                        class_outcome[i] = (o, f);
                    }
                }
            }
            for p in &self.merged[range.start as usize..range.end as usize] {
                for (i, d) in block.iter().enumerate() {
                    if n[i] == 0 || d.ace_high {
                        continue;
                    }
                    let (h, l) = d.keys[0];
                    let (co, cf) = class_outcome[i];
                    let w = (n[i] * p.placements) as i64;
                    let x = p.hand.beyond(co, h, l);
                    if x != co {
                        flush[i][x] += w;
                        flush[i][co] -= w;
                    }
                    let x = p.hand.fixed(h, l);
                    if x != cf {
                        flush[i][3 + x] += w;
                        flush[i][3 + cf] -= w;
                    }
                }
            }
        }
        let unseen = binomial(self.deck.len() - 7, 7) as i128;
        block
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let mut out = [0i128; 7];
                if d.ace_high {
                    out[6] = d.hands as i128 * unseen;
                } else {
                    for k in 0..6 {
                        out[k] = rank[i][0][k] as i128 + (suits as i64 * flush[i][k]) as i128;
                    }
                }
                let bases = rank[i]
                    .iter()
                    .map(|r| {
                        std::array::from_fn(|k| {
                            assert_eq!(r[k] % d.hands, 0, "the rank part divides by the dealer hands");
                            r[k] / d.hands
                        })
                    })
                    .collect();
                (out, bases)
            })
            .collect()
    }
}

/// A dealer rank class in pass 1, with the settings its rank part is wanted against: its
/// house-way setting as a hand that cannot flush (first), then those of its hands that can.
#[derive(Clone)]
struct DealerClass {
    dealt: Vec<(u8, u8)>,
    joker: bool,
    hands: u64,
    ace_high: bool,
    keys: Vec<(u16, u16)>,
}

/// One dealer hand that can flush, seen from one other suit: the player hands flushing in that
/// suit are counted against the dealer showing (h, l), with weight `w` (negative to take off).
struct Query {
    h: u16,
    l: u16,
    /// The dealer's ranks in the player's flush suit (at most two: the dealer flushes elsewhere).
    ds: u16,
    /// Unseen cards of each rank outside the player's flush suit.
    avail: [u8; 13],
    /// Whether the joker is unseen.
    jf: bool,
    w: i64,
}

/// Index of a set T of at most two ranks: ∅ → 0, {r} → 1 + r, {r < t} → 14 + pair index.
const T_SETS: usize = 1 + 13 + 78;

fn pair_index(r: usize, t: usize) -> usize {
    debug_assert!(r < t);
    // Pairs (0,1), (0,2), …, (0,12), (1,2), …
    r * 13 - r * (r + 1) / 2 + (t - r - 1)
}

impl Tables {
    /// δ of a pattern against (h, l): its outcome less its rank class's, both policies.
    #[inline]
    fn delta(&self, p: &Pattern, h: u16, l: u16) -> [i8; 6] {
        let c = &self.classes[p.class as usize].hand;
        let mut d = [0i8; 6];
        let co = c.optimal(h, l);
        d[p.optimal(co, h, l)] += 1;
        d[co] -= 1;
        d[3 + p.hand.fixed(h, l)] += 1;
        d[3 + c.fixed(h, l)] -= 1;
        d
    }

    /// Answers the queries exactly: for each, Σ over player patterns p flushing in its suit of
    /// `[M_p ∩ ds = ∅] · Π_r C(avail_r, o_r) · δ_p(h, l)`, times its weight, summed.
    ///
    /// Patterns fall into groups by their off-suit part and joker (a group's weight
    /// `Π_r C(avail_r, o_r)` is one number per query), and `[M ∩ ds = ∅]` is an inclusion–exclusion
    /// over the at most two ranks of ds, so a query needs the sums `S[g][T] = Σ_{M ⊇ T} δ` for
    /// |T| ≤ 2. For each dealer low L, the queries are answered in order of H while S is kept up
    /// to date: a pattern's δ changes only where H reaches one of its own or its class's high
    /// values, so each pattern is re-evaluated a few times per L instead of once per query.
    fn sweep(&self, queries: Vec<Query>) -> [i128; 7] {
        let mut groups: HashMap<(Vec<(u8, u8)>, bool), u32> = HashMap::new();
        let gid: Vec<u32> = self
            .patterns
            .iter()
            .map(|p| {
                let n = groups.len() as u32;
                *groups.entry((p.off().to_vec(), p.joker)).or_insert(n)
            })
            .collect();
        let mut meta: Vec<(Vec<(u8, u8)>, bool)> = vec![Default::default(); groups.len()];
        for (k, g) in groups {
            meta[g as usize] = k;
        }
        // (threshold H, pattern), sorted: from H on, the pattern's δ may differ.
        let mut events: Vec<(u16, u32)> = Vec::new();
        for (i, p) in self.patterns.iter().enumerate() {
            let c = &self.classes[p.class as usize].hand;
            let mut t: Vec<u16> = p.hand.points().iter().chain(c.points()).map(|x| x.0).chain([p.hand.way.0, c.way.0]).collect();
            t.sort_unstable();
            t.dedup();
            events.extend(t.into_iter().map(|h| (h, i as u32)));
        }
        events.sort_unstable();
        let mut by_low: HashMap<u16, Vec<Query>> = HashMap::new();
        for q in queries {
            assert!(q.ds.count_ones() <= 2);
            by_low.entry(q.l).or_default().push(q);
        }
        let mut lows: Vec<(u16, Vec<Query>)> = by_low.into_iter().collect();
        lows.sort_by_key(|(_, q)| std::cmp::Reverse(q.len()));
        let apply = |sums: &mut [[i64; 6]], g: usize, m: u16, d: [i64; 6]| {
            let base = g * T_SETS;
            let add = |x: &mut [i64; 6]| (0..6).for_each(|k| x[k] += d[k]);
            add(&mut sums[base]);
            for r in 0..13 {
                if m >> r & 1 == 1 {
                    add(&mut sums[base + 1 + r]);
                    for t in r + 1..13 {
                        if m >> t & 1 == 1 {
                            add(&mut sums[base + 14 + pair_index(r, t)]);
                        }
                    }
                }
            }
        };
        lows.into_par_iter()
            .map(|(l, mut qs)| {
                qs.sort_unstable_by_key(|q| q.h);
                let mut sums = vec![[0i64; 6]; meta.len() * T_SETS];
                let h0 = qs[0].h;
                let mut cur: Vec<[i8; 6]> = self.patterns.iter().map(|p| self.delta(p, h0, l)).collect();
                for (i, p) in self.patterns.iter().enumerate() {
                    apply(&mut sums, gid[i] as usize, p.suited, cur[i].map(|x| x as i64));
                }
                let mut ev = events.partition_point(|e| e.0 <= h0);
                let mut out = [0i128; 7];
                for q in &qs {
                    while ev < events.len() && events[ev].0 <= q.h {
                        let i = events[ev].1 as usize;
                        let p = &self.patterns[i];
                        let new = self.delta(p, q.h, l);
                        if new != cur[i] {
                            let d: [i64; 6] = std::array::from_fn(|k| new[k] as i64 - cur[i][k] as i64);
                            apply(&mut sums, gid[i] as usize, p.suited, d);
                            cur[i] = new;
                        }
                        ev += 1;
                    }
                    let ranks: Vec<usize> = (0..13).filter(|&r| q.ds >> r & 1 == 1).collect();
                    let mut acc = [0i128; 6];
                    for (g, (off, joker)) in meta.iter().enumerate() {
                        if *joker && !q.jf {
                            continue;
                        }
                        let mut ways = 1u64;
                        for &(r, k) in off {
                            ways *= choose(q.avail[r as usize], k);
                        }
                        if ways == 0 {
                            continue;
                        }
                        let base = g * T_SETS;
                        let mut x = sums[base];
                        for &r in &ranks {
                            (0..6).for_each(|k| x[k] -= sums[base + 1 + r][k]);
                        }
                        if ranks.len() == 2 {
                            (0..6).for_each(|k| x[k] += sums[base + 14 + pair_index(ranks[0], ranks[1])][k]);
                        }
                        (0..6).for_each(|k| acc[k] += ways as i128 * x[k] as i128);
                    }
                    (0..6).for_each(|k| out[k] += q.w as i128 * acc[k]);
                }
                out
            })
            .reduce(|| [0; 7], |a, b| std::array::from_fn(|i| a[i] + b[i]))
    }
}

/// Whether seven cards can make a flush: five of one suit, or four and the joker.
fn can_flush(cards: CardSet, suits: u8) -> bool {
    let need = 5 - cards.has_joker() as u32;
    (0..suits).any(|s| cards.suit_ranks(Suit(s)).count_ones() >= need)
}

/// Whether seven cards are an Ace High Pai Gow (§ 688a.6(d)): no pair, straight or flush, and ace
/// high (the joker playing the ace).
pub fn is_ace_high(cards: CardSet) -> bool {
    let e = Evaluator::get(Ranking::PaiGow);
    let r = e.evaluate(cards);
    e.category(r) == Category::HighCard && e.tiebreaks(r)[0] == Rank::ACE.0
}

/// One dealer hand's setting and the player's counts against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealerCounts {
    pub high: u16,
    pub low: u16,
    pub ace_high: bool,
    /// [optimal w/p/l, house-way w/p/l] over every player hand of the unseen cards (all pushes
    /// when the dealer has an Ace High Pai Gow).
    pub counts: [u64; 6],
}

impl Tables {
    /// The counts against one dealer hand, without memo (the tests' per-dealer check).
    pub fn against(&self, dealer: CardSet, way: &HouseWay) -> DealerCounts {
        let s = way.set(dealer).unwrap_or_else(|e| panic!("house way {}: {dealer}: {e}", way.id));
        let (h, l) = (s.high.0, s.low.0);
        let unseen = binomial(self.deck.len() - 7, 7);
        if is_ace_high(dealer) {
            return DealerCounts { high: h, low: l, ace_high: true, counts: [0, unseen, 0, 0, unseen, 0] };
        }
        let d = crate::house_way::rank_counts(dealer.minus(CardSet::EMPTY.with(Card::JOKER)));
        let base = self.rank_part(&d, dealer.has_joker(), h, l);
        let fix = self.flush_part(dealer, h, l);
        let counts: [u64; 6] = std::array::from_fn(|i| (base[i] as i64 + fix[i]) as u64);
        assert_eq!(counts[..3].iter().sum::<u64>(), unseen, "{dealer}: optimal counts");
        assert_eq!(counts[3..].iter().sum::<u64>(), unseen, "{dealer}: house-way counts");
        DealerCounts { high: h, low: l, ace_high: false, counts }
    }
}

/// Counts every ordered deal of `deck` under `way`, reporting progress as (done, total) steps:
/// the dealer rank classes, then the dealer hands that can flush (suit classes on the full deck).
pub fn count(deck: Deck, way: &HouseWay, progress: &(dyn Fn(u64, u64) + Sync)) -> Counts {
    counts_from_tally(deck, &count_shard(deck, way, Shard::WHOLE, progress)).expect("the whole count is complete")
}

/// What the counts depend on: the deck and the house way's rules (not its name), so a changed
/// house way file never reuses counts (the program's store adds the build).
pub fn key(deck: Deck, way: &HouseWay) -> Key {
    Key::new(
        format!("face-up-pai-gow base against house way {}", way.id),
        &[("counts", "face-up-pai-gow main game, both policies, v1".into()), ("deck", format!("{deck:?}")), ("house-way", format!("{:?}", way.rules))],
        Combine::Sum,
    )
}

/// [`count`] through the program's store (a results cache, a shard of a run, a merge of shards).
pub fn count_stored(deck: Deck, way: &HouseWay, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Counts, String> {
    let tally = parsheet_shard::counted(&key(deck, way), |shard| Ok(count_shard(deck, way, shard, progress)))?;
    counts_from_tally(deck, &tally)
}

/// The whole counts from the sum of every shard's tally, checked: a tally read from a file may
/// be short or wrong, so the totals must be the cycle for both policies.
pub fn counts_from_tally(deck: Deck, tally: &Tally) -> Result<Counts, String> {
    let all = tally.get_counts("counts", 7)?;
    let out = Counts { optimal: [all[0], all[1], all[2]], house_way: [all[3], all[4], all[5]], ace_high: all[6] };
    for optimal in [true, false] {
        if out.total(optimal) != deck.cycle() {
            return Err(format!("the counts cover {} deals, not the cycle of {}: a shard is missing or counted twice", out.total(optimal), deck.cycle()));
        }
    }
    Ok(out)
}

/// Counts the deals of the dealer rank classes `shard` owns: its share of pass 1, the dealer
/// hands of those classes that can flush in pass 2, and their queries of the sweep. The units
/// are the dealer rank classes, weighted by an estimate of their work (pass 1 scans the player
/// classes once per setting a class needs, pass 2 costs per dealer hand that can flush); every
/// step is a sum over dealer hands, so the shards' tallies add to the whole.
pub fn count_shard(deck: Deck, way: &HouseWay, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> Tally {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    let tables = Tables::new(deck, way);
    let mut flushers: Vec<(CardSet, u64)> = Vec::new();
    if deck == Deck::FULL {
        iso::for_each_class(7, true, |set, w| {
            if can_flush(set, deck.suits) {
                flushers.push((set, w))
            }
        });
    } else {
        let cards = deck.cards();
        flushers.extend(Subsets::new(&cards, 7).filter(|&s| can_flush(s, deck.suits)).map(|s| (s, 1)));
    }
    let unseen = binomial(deck.len() - 7, 7) as i128;
    let done = AtomicU64::new(0);
    // [optimal w/p/l, house-way w/p/l, ace-high], signed: the second pass corrects the first.
    type Acc = [i128; 7];
    let add = |a: Acc, b: Acc| -> Acc { std::array::from_fn(|i| a[i] + b[i]) };
    let counts_of = |c: &Class| {
        let mut d = [0u8; 13];
        for &(r, k) in &c.ranks {
            d[r as usize] = k;
        }
        d
    };
    let ace_class: Vec<bool> = tables.classes.par_iter().map(|c| is_ace_high(no_flush_hand(&counts_of(c), c.joker))).collect();

    // The dealer hands that can flush, with their own settings.
    struct Flusher {
        dealer: CardSet,
        weight: u64,
        class: u32,
        /// The dealer's ranks in his flush suit.
        flush_ranks: u16,
        s0: u8,
        real: (u16, u16),
    }
    let mut flushers: Vec<Flusher> = flushers
        .par_iter()
        .map(|&(dealer, weight)| {
            let s = way.set(dealer).unwrap_or_else(|e| panic!("house way {}: {dealer}: {e}", way.id));
            let dj = dealer.has_joker();
            let d = crate::house_way::rank_counts(dealer.minus(CardSet::EMPTY.with(Card::JOKER)));
            let need = 5 - dj as u32;
            let s0 = (0..deck.suits).find(|&x| dealer.suit_ranks(Suit(x)).count_ones() >= need).unwrap();
            Flusher {
                dealer,
                weight,
                class: tables.index[&pack(&d, dj)],
                flush_ranks: dealer.suit_ranks(Suit(s0)),
                s0,
                real: (s.high.0, s.low.0),
            }
        })
        .collect();
    // Runs of the same (class, flush ranks, setting) share their same-suit correction.
    flushers.par_sort_unstable_by_key(|f| (f.class, f.flush_ranks, f.real));

    // Pass 1: every dealer hand, grouped by its rank counts, as if it could not flush: it then
    // shows its rank class's house-way setting, and the flush correction sums over its suits in
    // closed form. The same visit gives each rank class's rank part against the settings of its
    // hands that can flush, for pass 2.
    let mut dealer_classes: Vec<DealerClass> = tables
        .classes
        .iter()
        .zip(&ace_class)
        .map(|(c, &ace_high)| DealerClass { dealt: c.ranks.clone(), joker: c.joker, hands: c.hands, ace_high, keys: vec![c.hand.way] })
        .collect();
    assert!(tables.class_highs[0] > 0 && tables.class_lows[0] > 0, "no value is 0, the canonical floor");
    // The rank parts wanted: under (h*, l*), which settles every class alike (`canonical`);
    // the first key stays the house-way setting itself, which the patterns are settled against.
    let mut canon: Vec<Vec<(u16, u16)>> = dealer_classes.iter().map(|d| vec![tables.canonical(d.keys[0])]).collect();
    for f in &flushers {
        let c = tables.canonical(f.real);
        let i = f.class as usize;
        if !canon[i].contains(&c) {
            canon[i].push(c);
            dealer_classes[i].keys.push(c);
        }
    }
    // This shard's dealer classes, by estimated work: pass 1 scans the player classes for each
    // setting a class needs (about 1.5 ms each on the full deck) and its patterns once unless it
    // is an Ace High class; each dealer hand that can flush costs about 0.1 ms in pass 2.
    let mut flushing = vec![0u64; dealer_classes.len()];
    for f in &flushers {
        flushing[f.class as usize] += 1;
    }
    let costs: Vec<u64> = dealer_classes.iter().zip(&flushing).map(|(d, &f)| 15 * (d.keys.len() as u64 + 1 + !d.ace_high as u64) + f).collect();
    let mine = shard.assign(&costs);
    let mut owned = vec![false; dealer_classes.len()];
    for &i in &mine {
        owned[i] = true;
    }
    // Every shard makes the sweep's queries of every dealer hand that can flush (cheap), and
    // answers those of the dealer lows it owns: the sweep's work is per low.
    let total = (mine.len() + flushers.iter().filter(|f| owned[f.class as usize]).count()) as u64;
    let my_classes: Vec<DealerClass> = mine.iter().map(|&i| dealer_classes[i].clone()).collect();
    const BLOCK: usize = 16;
    let blocks: Vec<(Acc, Vec<Vec<[u64; 6]>>)> = my_classes
        .par_chunks(BLOCK)
        .map(|block| {
            let results = tables.pass_one(block);
            let n = done.fetch_add(block.len() as u64, Relaxed) + block.len() as u64;
            progress(n, total);
            let mut out = [0i128; 7];
            let mut bases = Vec::with_capacity(block.len());
            for (acc, b) in results {
                out = add(out, acc);
                bases.push(b);
            }
            (out, bases)
        })
        .collect();
    let mut first: Acc = [0; 7];
    let mut bases: Vec<Vec<[u64; 6]>> = vec![Vec::new(); tables.classes.len()];
    for (&i, b) in mine.iter().zip(blocks.into_iter().flat_map(|(acc, b)| {
        first = add(first, acc);
        b
    })) {
        bases[i] = b;
    }
    debug_assert!(deck == Deck::FULL
        || mine.iter().all(|&i| {
            let c = &tables.classes[i];
            let d = counts_of(c);
            dealer_classes[i].keys.iter().zip(&bases[i]).all(|(&(h, l), b)| ace_class[i] || *b == tables.rank_part(&d, c.joker, h, l))
        }));
    let base_of = |class: usize, key: (u16, u16)| -> [u64; 6] {
        let key = tables.canonical(key);
        let at = canon[class].iter().position(|&k| k == key).expect("every setting was a key");
        bases[class][at]
    };

    // Pass 2: each dealer hand that can flush replaces its pass-1 share (its rank class's
    // setting) by its own setting: the rank part from pass 1; the player flushing in the
    // dealer's flush suit counted here once per run (few patterns avoid the dealer's flush); in
    // another suit, by the sweep below, which these queries feed.
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    let mut i = 0;
    while i < flushers.len() {
        let key = |f: &Flusher| (f.class, f.flush_ranks, f.real);
        let j = i + flushers[i..].iter().take_while(|f| key(f) == key(&flushers[i])).count();
        runs.push(i..j);
        i = j;
    }
    let queries = std::sync::Mutex::new(Vec::<Query>::new());
    let second: Acc = runs
        .par_iter()
        .with_min_len(16)
        .map(|run| {
            let mut out = [0i128; 7];
            let mut qs = Vec::new();
            let lead = &flushers[run.start];
            let ci = lead.class as usize;
            let mine = owned[ci];
            let real = lead.real;
            let report = || {
                if mine {
                    let n = done.fetch_add(run.len() as u64, Relaxed) + run.len() as u64;
                    progress(n, total);
                }
            };
            let virt = if ace_class[ci] { None } else { Some(tables.classes[ci].hand.way) };
            if virt == Some(real) {
                report();
                return out;
            }
            // This shard's correction of its own classes' hands; pass 1 gave their rank parts.
            let mut n = [0i64; 6];
            let mut fix = [0i64; 6];
            if mine {
                let base = base_of(ci, real);
                n = match virt {
                    // Pass 1 counted these as Ace High Pai Gows; a hand that flushes is not one.
                    None => {
                        let weight: u64 = flushers[run.clone()].iter().map(|f| f.weight).sum();
                        out[6] -= weight as i128 * unseen;
                        base.map(|x| x as i64)
                    }
                    Some(v) => {
                        let old = base_of(ci, v);
                        std::array::from_fn(|k| base[k] as i64 - old[k] as i64)
                    }
                };
                fix = tables.flush_same_suit(lead.dealer, lead.s0, real, virt);
            }
            for f in &flushers[run.clone()] {
                let dealer = f.dealer;
                let w = f.weight as i128;
                for k in 0..6 {
                    out[k] += w * (n[k] + fix[k]) as i128;
                }
                for x in (0..deck.suits).filter(|&x| x != f.s0) {
                    let ds = dealer.suit_ranks(Suit(x));
                    let avail: [u8; 13] = std::array::from_fn(|r| {
                        if deck.rank_mask >> r & 1 == 0 {
                            return 0;
                        }
                        (deck.suits as u32 - 1 - (dealer.count_rank(Rank(r as u8)) - (ds >> r & 1) as u32)) as u8
                    });
                    let jf = deck.joker && !dealer.has_joker();
                    qs.push(Query { h: real.0, l: real.1, ds, avail, jf, w: f.weight as i64 });
                    if let Some(v) = virt {
                        qs.push(Query { h: v.0, l: v.1, ds, avail, jf, w: -(f.weight as i64) });
                    }
                }
            }
            queries.lock().unwrap().extend(qs);
            report();
            out
        })
        .reduce(|| [0; 7], add);
    let mut queries = queries.into_inner().unwrap();
    // The lows this shard sweeps: each costs a pass over the patterns and one answer per query.
    let mut lows: Vec<(u16, u64)> = Vec::new();
    {
        let mut by_low: HashMap<u16, u64> = HashMap::new();
        for q in &queries {
            *by_low.entry(q.l).or_default() += 1;
        }
        lows.extend(by_low);
        lows.sort_unstable();
    }
    let low_costs: Vec<u64> = lows.iter().map(|&(_, n)| tables.patterns() as u64 / 64 + n).collect();
    let my_lows: std::collections::HashSet<u16> = shard.assign(&low_costs).into_iter().map(|i| lows[i].0).collect();
    queries.retain(|q| my_lows.contains(&q.l));
    let third = if queries.is_empty() { [0; 7] } else { tables.sweep(queries) };
    let second = add(second, third);
    progress(total, total);
    Tally::new().with("counts", add(first, second).to_vec())
}

/// The optimal setting in words a player can use at the table. It reaches the best outcome on
/// every deal: the player wins iff some legal setting has a low above the dealer's low and a
/// high above the dealer's high, and of the settings whose low is above the dealer's the one
/// with the highest high is the best candidate; with no such low, only the high can win its
/// half, so the highest high pushes whenever any setting does. (The reduced-deck brute force
/// in `crates/tables/tests/face_up_pai_gow.rs` applies this rule on every deal.)
pub const OPTIMAL_RULE: &str = "Among your legal settings whose low hand beats the dealer's low hand, play the one with the highest high hand; if no low hand beats the dealer's, play your highest high hand (with the best low it allows). This reaches the best result on every deal: it wins whenever any setting wins, and pushes whenever any setting pushes.";

/// The player policies, as reading ids of the strategy game.
pub const POLICIES: [&str; 2] = ["optimal-player", "house-way-player"];

/// The [`Solution`](super::Solution) of one policy from the counts of both.
pub fn solution(counts: &Counts, deck: Deck, policy: &str, way: &HouseWay) -> super::Solution {
    use super::{ratio, Decision};
    let optimal = match policy {
        "optimal-player" => true,
        "house-way-player" => false,
        _ => panic!("unknown policy {policy:?}"),
    };
    let wpl = if optimal { counts.optimal } else { counts.house_way };
    let cycle = deck.cycle();
    let outcome_counts = crate::OutcomeCounts::new(
        cycle,
        vec![("win".into(), wpl[WIN]), ("push".into(), wpl[PUSH]), ("push-ace-high".into(), counts.ace_high), ("lose".into(), wpl[LOSE])],
    )
    .expect("every deal counted once");
    let nets = vec![("win".into(), ratio(1, 1)), ("push".into(), ratio(0, 1)), ("push-ace-high".into(), ratio(0, 1)), ("lose".into(), ratio(-1, 1))];
    let expected_net = ratio(wpl[WIN] as i128 - wpl[LOSE] as i128, cycle);
    let situation = if optimal {
        format!("every hand, dealer set by {}: the best legal setting against the dealer's exposed hands", way.id)
    } else {
        format!("every hand, player and dealer set by {}", way.id)
    };
    let strategy = vec![Decision {
        situation,
        choice: if optimal { "best-setting" } else { "house-way" },
        options: vec![("play", expected_net.clone()), ("surrender", ratio(-1, 1))],
        deals: cycle,
    }];
    super::Solution { strategy, counts: outcome_counts, nets, expected_net, expected_wager: ratio(1, 1), initial_wager: ratio(1, 1), notes: vec![], actions: vec![] }
}

