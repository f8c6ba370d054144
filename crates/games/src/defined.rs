//! The exact count of a wager given as data ([`parsheet_define::Definition`]).
//!
//! A deal is a multiset of card types: 52 naturals of `decks` copies each, and the jokers. The
//! count walks the deals by suit lanes: a lane is the multiset of ranks one suit holds, and a
//! deal is four lanes and a number of jokers, drawn in `Π C(decks, count)` ways per lane and
//! `C(jokers, j)` for the jokers. Where no condition reads a suit's colour, the suits are alike,
//! so only lanes in descending order are visited, each weighted by its relabellings (24 over
//! the factorials of equal lanes): 7 of 53 is about seven million classes, not 154 million
//! hands. Where colour matters, every labelling is visited.
//!
//! Conditions are compiled once against the deal's rules ([`Compiled`]): each rule set a
//! condition reads the cards under becomes one [`View`] of the hand (natural counts, suit
//! masks, wild cards), built once per hand, and the outcome is the first whose test holds. The
//! poker tests ask what the cards *can form*, the wild cards played as anything the rules
//! allow; asked in the outcomes' order (best first), that is the hand's best.
//!
//! The total of the weights is checked against C(52·decks + jokers, cards).

use parsheet_cards::binomial;
use parsheet_define::{Alike, Between, Condition, Definition, Hand, Joker, Ranking, Rules, SuitGroup};
use rayon::prelude::*;

use crate::OutcomeCounts;

/// One deal: `lanes[suit][rank]` cards and `jokers` jokers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    pub lanes: [[u8; 13]; 4],
    pub jokers: u8,
}

impl Held {
    /// Cards of each rank, every suit together.
    pub fn ranks(&self) -> [u8; 13] {
        let mut r = [0u8; 13];
        for lane in &self.lanes {
            for (x, c) in r.iter_mut().zip(lane) {
                *x += c;
            }
        }
        r
    }

    pub fn len(&self) -> u32 {
        self.lanes.iter().flatten().map(|&c| c as u32).sum::<u32>() + self.jokers as u32
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A hand seen under one set of rules.
#[derive(Clone, Copy, Debug, Default)]
struct View {
    /// Natural cards of each rank, the bug joker counted as an ace.
    count: [u8; 13],
    /// Ranks held naturally, every suit together, and in each suit.
    ranks: u16,
    suit_ranks: [u16; 4],
    /// Natural cards in each suit.
    suit_len: [u8; 4],
    /// Fully wild cards, and the bug joker (a filler for straights and flushes).
    wild: u32,
    bug: u32,
    ace_low: bool,
}

const ACE: usize = 12;

fn view(h: &Held, rules: Rules) -> View {
    let mut v = View { ace_low: rules.ace_low, ..View::default() };
    for (s, lane) in h.lanes.iter().enumerate() {
        for (r, &c) in lane.iter().enumerate() {
            if c == 0 {
                continue;
            }
            if rules.deuces_wild && r == 0 {
                v.wild += c as u32;
                continue;
            }
            v.count[r] += c;
            v.ranks |= 1 << r;
            v.suit_ranks[s] |= 1 << r;
            v.suit_len[s] += c;
        }
    }
    match rules.joker {
        Joker::Wild => v.wild += h.jokers as u32,
        Joker::Bug => {
            v.bug = h.jokers as u32;
            v.count[ACE] += h.jokers;
        }
    }
    v
}

/// The windows of consecutive ranks of `len` cards, with their top rank: the ace-low one first
/// where the rules allow it.
fn windows(len: u32, ace_low: bool) -> impl Iterator<Item = (u16, u8)> {
    let full: u16 = (1 << len) - 1;
    let low = ace_low.then_some(((full >> 1) | 1 << ACE, len as u8 - 2));
    low.into_iter().chain((len - 1..13).map(move |top| (full << (top + 1 - len), top as u8)))
}

fn missing(window: u16, held: u16) -> u32 {
    (window & !held).count_ones()
}

fn in_ranks(ranks: Option<Between>, r: usize) -> bool {
    ranks.is_none_or(|b| b.holds(r as u32))
}

/// Whether the cards seen as `v` can form `hand` with its main rank in `ranks`.
fn forms(v: &View, hand: Hand, ranking: Ranking, ranks: Option<Between>) -> bool {
    let need = |r: usize, k: u32| k.saturating_sub(v.count[r] as u32);
    let fill = v.wild + v.bug;
    let size = if ranking == Ranking::ThreeCard { 3 } else { 5 };
    match (ranking, hand) {
        (_, Hand::HighCard) => true,
        (_, Hand::Pair) => (0..13).any(|r| in_ranks(ranks, r) && need(r, 2) <= v.wild),
        (_, Hand::ThreeOfAKind) => (0..13).any(|r| in_ranks(ranks, r) && need(r, 3) <= v.wild),
        (_, Hand::FourOfAKind) => (0..13).any(|r| in_ranks(ranks, r) && need(r, 4) <= v.wild),
        (_, Hand::FiveOfAKind) => (0..13).any(|r| in_ranks(ranks, r) && need(r, 5) <= v.wild),
        (_, Hand::FiveWilds) => v.wild >= 5,
        (_, Hand::TwoPair) => (0..13).any(|hi| in_ranks(ranks, hi) && (0..hi).any(|lo| need(hi, 2) + need(lo, 2) <= v.wild)),
        (_, Hand::FullHouse) => (0..13).any(|t| in_ranks(ranks, t) && (0..13).any(|p| p != t && need(t, 3) + need(p, 2) <= v.wild)),
        (_, Hand::Flush) => v.suit_len.iter().any(|&n| n as u32 + fill >= size),
        (_, Hand::Straight) => windows(size, v.ace_low).any(|(w, top)| in_ranks(ranks, top as usize) && missing(w, v.ranks) <= fill),
        (_, Hand::StraightFlush) => windows(size, v.ace_low).any(|(w, top)| in_ranks(ranks, top as usize) && v.suit_ranks.iter().any(|&s| missing(w, s) <= fill)),
        (Ranking::Poker, Hand::RoyalFlush) => v.suit_ranks.iter().any(|&s| missing(0x1f00, s) <= fill),
        (Ranking::ThreeCard, Hand::RoyalFlush) => false,
    }
}

/// The most cards in one suit's run of consecutive ranks, `fill` gaps filled.
fn longest_straight_flush(v: &View, cards: u32) -> u32 {
    let fill = v.wild + v.bug;
    let mut best = 0;
    for &lane in &v.suit_ranks {
        // Positions 0..=13: the ace low (where it plays low), deuce to king, the ace high.
        let ace = lane >> ACE & 1;
        let mut pos: u16 = (lane & 0x0fff) << 1 | ace << 13;
        if v.ace_low {
            pos |= ace;
        }
        let first = if v.ace_low { 0 } else { 1 };
        let mut start = first;
        let mut gaps = 0;
        for end in first..14 {
            if pos >> end & 1 == 0 {
                gaps += 1;
            }
            while gaps > fill {
                if pos >> start & 1 == 0 {
                    gaps -= 1;
                }
                start += 1;
            }
            best = best.max(end + 1 - start);
        }
    }
    best.min(cards)
}

/// A condition compiled against a deal: rule changes resolved to an index of the views.
#[derive(Clone, Debug)]
enum Test {
    All(Vec<Test>),
    Any(Vec<Test>),
    Not(Box<Test>),
    Forms { view: usize, hand: Hand, ranking: Ranking, ranks: Option<Between> },
    LongestFlush(Between),
    LongestStraightFlush { view: usize, length: Between },
    Jokers(Between),
    Wilds { view: usize, count: Between },
    Holds(u16),
    RankCount { rank: usize, count: Between },
    Pairs(Between),
    Suited(Vec<SuitGroup>),
    Same(Alike),
    Sum { values: [u32; 13], joker: u32, modulo: Option<u32>, sums: Vec<Between> },
}

/// A definition's outcomes under one reading, ready to classify hands.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The rule sets the tests read the cards under; the first is the deal's.
    rules: Vec<Rules>,
    tests: Vec<Test>,
    /// The outcome ids, in order.
    pub outcomes: Vec<String>,
    colour: bool,
    cards: u32,
}

impl Compiled {
    /// `definition` under `reading` (the first where `None`); refused where it has problems.
    pub fn new(definition: &Definition, reading: Option<&str>) -> Result<Compiled, String> {
        if let Some(p) = definition.problems().first() {
            return Err(p.to_string());
        }
        let (rules, outcomes) = definition.read(reading)?;
        let mut c = Compiled { rules: vec![rules], tests: vec![], outcomes: outcomes.iter().map(|o| o.id.clone()).collect(), colour: false, cards: definition.deal.cards };
        for o in &outcomes {
            c.colour |= o.when.reads_colour();
            let t = c.compile(&o.when);
            c.tests.push(t);
        }
        Ok(c)
    }

    fn view_of(&mut self, change: &parsheet_define::RulesChange) -> usize {
        let r = change.apply(self.rules[0]);
        match self.rules.iter().position(|x| *x == r) {
            Some(i) => i,
            None => {
                self.rules.push(r);
                self.rules.len() - 1
            }
        }
    }

    fn compile(&mut self, c: &Condition) -> Test {
        match c {
            Condition::All(cs) => Test::All(cs.iter().map(|c| self.compile(c)).collect()),
            Condition::Any(cs) => Test::Any(cs.iter().map(|c| self.compile(c)).collect()),
            Condition::Not(c) => Test::Not(Box::new(self.compile(c))),
            Condition::Forms { hand, ranking, ranks, rules } => Test::Forms { view: self.view_of(rules), hand: *hand, ranking: *ranking, ranks: *ranks },
            Condition::LongestFlush(b) => Test::LongestFlush(*b),
            Condition::LongestStraightFlush { length, rules } => Test::LongestStraightFlush { view: self.view_of(rules), length: *length },
            Condition::Jokers(b) => Test::Jokers(*b),
            Condition::Wilds { count, rules } => Test::Wilds { view: self.view_of(rules), count: *count },
            Condition::Holds(ranks) => Test::Holds(ranks.iter().fold(0, |m, &r| m | 1 << r)),
            Condition::RankCount { rank, count } => Test::RankCount { rank: *rank as usize, count: *count },
            Condition::Pairs(b) => Test::Pairs(*b),
            Condition::Suited(groups) => Test::Suited(groups.clone()),
            Condition::Same(a) => Test::Same(*a),
            Condition::Sum { values, joker, modulo, sums } => Test::Sum { values: *values, joker: *joker, modulo: *modulo, sums: sums.clone() },
        }
    }

    /// The index of the first outcome `h` meets, or `outcomes.len()` (other).
    pub fn classify(&self, h: &Held) -> usize {
        // At most eight rule sets exist (joker, deuces, ace: two ways each).
        let mut views = [View::default(); 8];
        for (v, r) in views.iter_mut().zip(&self.rules) {
            *v = view(h, *r);
        }
        let raw = h.ranks();
        self.tests.iter().position(|t| test(t, h, &raw, &views, self.cards)).unwrap_or(self.tests.len())
    }
}

fn test(t: &Test, h: &Held, raw: &[u8; 13], views: &[View], cards: u32) -> bool {
    match t {
        Test::All(ts) => ts.iter().all(|t| test(t, h, raw, views, cards)),
        Test::Any(ts) => ts.iter().any(|t| test(t, h, raw, views, cards)),
        Test::Not(t) => !test(t, h, raw, views, cards),
        Test::Forms { view, hand, ranking, ranks } => forms(&views[*view], *hand, *ranking, *ranks),
        Test::LongestFlush(b) => {
            let v = &views[0];
            b.holds((v.suit_len.iter().copied().max().unwrap_or(0) as u32 + v.wild + v.bug).min(cards))
        }
        Test::LongestStraightFlush { view, length } => length.holds(longest_straight_flush(&views[*view], cards)),
        Test::Jokers(b) => b.holds(h.jokers as u32),
        Test::Wilds { view, count } => count.holds(views[*view].wild + views[*view].bug),
        Test::Holds(mask) => (0..13).all(|r| mask >> r & 1 == 0 || raw[r] > 0),
        Test::RankCount { rank, count } => count.holds(raw[*rank] as u32),
        Test::Pairs(b) => b.holds(views[0].count.iter().filter(|&&c| c >= 2).count() as u32),
        Test::Suited(groups) => suited(h, &views[0], groups),
        Test::Same(a) => h.jokers == 0 && same(h, raw, *a),
        Test::Sum { values, joker, modulo, sums } => {
            let s: u32 = raw.iter().zip(values).map(|(&c, &v)| c as u32 * v).sum::<u32>() + h.jokers as u32 * joker;
            let s = modulo.map_or(s, |m| s % m);
            sums.iter().any(|b| b.holds(s))
        }
    }
}

fn same(h: &Held, raw: &[u8; 13], a: Alike) -> bool {
    let suits: Vec<usize> = (0..4).filter(|&s| h.lanes[s].iter().any(|&c| c > 0)).collect();
    match a {
        Alike::Rank => raw.iter().filter(|&&c| c > 0).count() == 1,
        Alike::Suit => suits.len() == 1,
        // Clubs (0) and spades (3) black, diamonds (1) and hearts (2) red.
        Alike::Colour => suits.iter().all(|&s| s == 0 || s == 3) || suits.iter().all(|&s| s == 1 || s == 2),
    }
}

fn suited(h: &Held, v: &View, groups: &[SuitGroup]) -> bool {
    fn place(h: &Held, groups: &[SuitGroup], used: u8, fill: u32) -> bool {
        let Some((g, rest)) = groups.split_first() else { return true };
        (0..4).any(|s| {
            if used >> s & 1 == 1 {
                return false;
            }
            let lacking = g.ranks.iter().filter(|&&r| h.lanes[s][r as usize] == 0).count() as u32;
            if g.filled {
                lacking <= fill && place(h, rest, used | 1 << s, fill - lacking)
            } else {
                lacking == 0 && place(h, rest, used | 1 << s, fill)
            }
        })
    }
    place(h, groups, 0, v.wild + v.bug)
}

/// Rank multisets of one suit, by size: (counts, weight `Π C(decks, count)`), in descending
/// order of their packed counts.
fn lanes_by_size(cards: u32, decks: u32) -> Vec<Vec<([u8; 13], u64, u64)>> {
    let mut by: Vec<Vec<([u8; 13], u64, u64)>> = vec![Vec::new(); cards as usize + 1];
    fn walk(r: usize, left: u32, decks: u32, c: &mut [u8; 13], w: u64, by: &mut Vec<Vec<([u8; 13], u64, u64)>>, size: u32) {
        if r == 13 {
            let packed = c.iter().fold(0u64, |p, &x| p << 4 | x as u64);
            by[size as usize].push((*c, packed, w));
            return;
        }
        for k in 0..=left.min(decks) {
            c[r] = k as u8;
            walk(r + 1, left - k, decks, c, w * binomial(decks as u64, k as u64), by, size + k);
        }
        c[r] = 0;
    }
    walk(0, cards, decks, &mut [0; 13], 1, &mut by, 0);
    for lanes in &mut by {
        lanes.sort_by(|a, b| b.1.cmp(&a.1));
    }
    by
}

/// The exact counts of `definition` under `reading`, by outcome (then `other`), over every
/// deal of its shoe.
pub fn count(definition: &Definition, reading: Option<&str>) -> Result<OutcomeCounts, String> {
    let c = Compiled::new(definition, reading)?;
    let by = count_compiled(&c, definition.deal.decks, definition.deal.jokers);
    let total: u128 = by.iter().sum();
    let deals = binomial(definition.deal.shoe() as u64, c.cards as u64) as u128;
    assert_eq!(total, deals, "every deal of {} cards from {} counted once", c.cards, definition.deal.shoe());
    let rows = c.outcomes.iter().cloned().chain([crate::OTHER.to_string()]).zip(by).collect();
    OutcomeCounts::new(deals, rows)
}

/// Counts by outcome index (the last: other).
fn count_compiled(c: &Compiled, decks: u32, jokers: u32) -> Vec<u128> {
    let by_size = lanes_by_size(c.cards, decks);
    let k = c.outcomes.len() + 1;
    let mut total = vec![0u128; k];
    for j in 0..=jokers.min(c.cards) {
        let naturals = c.cards - j;
        let jw = binomial(jokers as u64, j as u64) as u128;
        // The first lane's choices split the work.
        let firsts: Vec<(usize, usize)> = (0..=naturals as usize).flat_map(|s| (0..by_size[s].len()).map(move |i| (s, i))).collect();
        let part = firsts
            .par_iter()
            .fold(
                || vec![0u128; k],
                |mut acc, &(s, i)| {
                    let mut held = Held { jokers: j as u8, ..Held::default() };
                    let first = &by_size[s][i];
                    held.lanes[0] = first.0;
                    let mut chosen = [0u64; 4];
                    chosen[0] = first.1;
                    walk_lanes(c, &by_size, 1, naturals - s as u32, first.2 as u128, &mut held, &mut chosen, &mut acc);
                    acc
                },
            )
            .reduce(|| vec![0u128; k], |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            });
        for (t, p) in total.iter_mut().zip(part) {
            *t += p * jw;
        }
    }
    total
}

fn walk_lanes(c: &Compiled, by_size: &[Vec<([u8; 13], u64, u64)>], lane: usize, left: u32, weight: u128, held: &mut Held, chosen: &mut [u64; 4], acc: &mut [u128]) {
    if lane == 4 {
        if left == 0 {
            let w = if c.colour { weight } else { weight * relabellings(chosen) as u128 };
            acc[c.classify(held)] += w;
        }
        return;
    }
    let sizes = if lane == 3 { left..=left } else { 0..=left };
    for s in sizes {
        let list = &by_size[s as usize];
        // Suits alike: lanes in descending order only.
        let from = if c.colour { 0 } else { list.partition_point(|l| l.1 > chosen[lane - 1]) };
        for l in &list[from..] {
            held.lanes[lane] = l.0;
            chosen[lane] = l.1;
            walk_lanes(c, by_size, lane + 1, left - s, weight * l.2 as u128, held, chosen, acc);
        }
    }
    held.lanes[lane] = [0; 13];
}

/// The distinct relabellings of four lanes in descending order: 24 over the factorial of each
/// run of equal lanes.
fn relabellings(l: &[u64; 4]) -> u64 {
    let mut size = 24;
    let mut run = 1;
    for i in 1..4 {
        if l[i] == l[i - 1] {
            run += 1;
            size /= run;
        } else {
            run = 1;
        }
    }
    size
}
