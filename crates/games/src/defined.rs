//! The exact count of a wager given as data ([`parsheet_define::Definition`]).
//!
//! A deal is a multiset of card types: 52 naturals of `decks` copies each, and the jokers. The
//! count walks the deals by suit lanes: a lane is the multiset of ranks one suit holds, and a
//! deal is four lanes and a number of jokers, drawn in `Π C(decks, count)` ways per lane and
//! `C(jokers, j)` for the jokers. Where no condition reads a suit's colour, the suits are alike,
//! so only lanes in descending order are visited, each weighted by its relabellings (24 over
//! the factorials of equal lanes): 7 of 53 is about seven million classes, not 154 million
//! hands. Where colour matters, the suits are alike up to the eight relabellings that keep
//! colours (the two black suits swapped, the two red ones, black for red): each colour's two
//! lanes in descending order, the black pair no less than the red, each weighted by its images.
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

/// One deal as the conditions read it: cards by rank, and by suit the ranks held, the cards and
/// the deuces; the jokers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    pub ranks: [u8; 13],
    pub suit_ranks: [u16; 4],
    pub suit_len: [u8; 4],
    pub suit_deuces: [u8; 4],
    pub jokers: u8,
}

impl Held {
    /// The cards of one hand of one deck (and at most one joker).
    pub fn of_cards(cards: parsheet_cards::CardSet) -> Held {
        let mut h = Held::default();
        for c in cards.iter() {
            match (c.rank(), c.suit()) {
                (Some(r), Some(s)) => {
                    let (r, s) = (r.0 as usize, s.0 as usize);
                    h.ranks[r] += 1;
                    h.suit_ranks[s] |= 1 << r;
                    h.suit_len[s] += 1;
                    h.suit_deuces[s] += u8::from(r == 0);
                }
                _ => h.jokers += 1,
            }
        }
        h
    }

    /// Puts `lane` in suit `s` (empty before).
    fn set_lane(&mut self, s: usize, lane: &Lane) {
        for (x, c) in self.ranks.iter_mut().zip(&lane.counts) {
            *x += c;
        }
        self.suit_ranks[s] = lane.mask;
        self.suit_len[s] = lane.len;
        self.suit_deuces[s] = lane.counts[0];
    }

    /// Empties suit `s`, which holds `lane`.
    fn clear_lane(&mut self, s: usize, lane: &Lane) {
        for (x, c) in self.ranks.iter_mut().zip(&lane.counts) {
            *x -= c;
        }
        self.suit_ranks[s] = 0;
        self.suit_len[s] = 0;
        self.suit_deuces[s] = 0;
    }
}

/// The suit each lane of the walk is dealt to: the black suits (clubs 0, spades 3) first, then
/// the red ones (diamonds 1, hearts 2), so the relabellings that keep colours act on the lanes'
/// places as pairs: (0 1) and (2 3) swapped within, or the pairs exchanged.
const SUIT_AT: [usize; 4] = [0, 3, 1, 2];

/// How many different hands the relabellings that keep colours make of the lanes `p` (in the
/// places of [`SUIT_AT`]): the distinct images of the eight.
fn colour_images(p: &[u64; 4]) -> u64 {
    let [a, b, c, d] = *p;
    let images = [[a, b, c, d], [b, a, c, d], [a, b, d, c], [b, a, d, c], [c, d, a, b], [d, c, a, b], [c, d, b, a], [d, c, b, a]];
    (0..8).filter(|&i| !images[..i].contains(&images[i])).count() as u64
}

/// The ranks one suit holds: counts, the ranks present, the cards, the ways to draw them from
/// the shoe (`Π C(decks, count)`), and the counts packed for ordering lanes.
#[derive(Clone, Copy, Debug)]
struct Lane {
    counts: [u8; 13],
    mask: u16,
    len: u8,
    weight: u64,
    packed: u64,
}

impl Lane {
    fn of(counts: &[u8; 13]) -> Lane {
        let mask = (0..13).filter(|&r| counts[r] > 0).fold(0u16, |m, r| m | 1 << r);
        Lane { counts: *counts, mask, len: counts.iter().sum(), weight: 1, packed: counts.iter().fold(0u64, |p, &x| p << 4 | x as u64) }
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
    /// Natural cards in each suit, and the most in one.
    suit_len: [u8; 4],
    longest_suit: u32,
    /// The most natural cards of one rank (the bug joker counted as an ace), and the most of
    /// another rank (equal to `most` where two ranks share it).
    most: u8,
    second: u8,
    /// Fully wild cards, and the bug joker (a filler for straights and flushes).
    wild: u32,
    bug: u32,
    ace_low: bool,
}

const ACE: usize = 12;

fn view(h: &Held, rules: Rules) -> View {
    let mut v = View { count: h.ranks, suit_ranks: h.suit_ranks, suit_len: h.suit_len, ace_low: rules.ace_low, ..View::default() };
    if rules.deuces_wild {
        v.wild = h.ranks[0] as u32;
        v.count[0] = 0;
        for s in 0..4 {
            v.suit_ranks[s] &= !1;
            v.suit_len[s] -= h.suit_deuces[s];
        }
    }
    v.ranks = v.suit_ranks.iter().fold(0, |m, &x| m | x);
    v.longest_suit = v.suit_len.iter().fold(0, |m, &n| m.max(n as u32));
    match rules.joker {
        Joker::Wild => v.wild += h.jokers as u32,
        Joker::Bug => {
            v.bug = h.jokers as u32;
            v.count[ACE] += h.jokers;
        }
    }
    // Branch-free: the counts come in no order a predictor learns.
    for &c in &v.count {
        v.second = v.second.max(c.min(v.most));
        v.most = v.most.max(c);
    }
    v
}

/// The windows of five and of three consecutive ranks, with their top rank: the ace-low one
/// first (skipped where the ace plays only high).
const WINDOWS_5: [(u16, u8); 10] = windows::<10>(5);
const WINDOWS_3: [(u16, u8); 12] = windows::<12>(3);

const fn windows<const N: usize>(len: u32) -> [(u16, u8); N] {
    let full: u16 = (1 << len) - 1;
    let mut w = [((full >> 1) | 1 << ACE, len as u8 - 2); N];
    let mut top = len - 1;
    while top < 13 {
        w[(top + 2 - len) as usize] = (full << (top + 1 - len), top as u8);
        top += 1;
    }
    w
}

/// The tops of the windows `held` (a rank mask) lacks at most `fill` ranks of, by window
/// length (five, three), fill (0 to the length: every window from there) and rank mask: each
/// window's top bit (the ace-low window's is its low top, 5 or 3, which no other window has).
/// Built once; a straight's test is then one lookup.
fn straight_tops(size: u32) -> &'static [Vec<u16>] {
    static TABLES: std::sync::OnceLock<[Vec<Vec<u16>>; 2]> = std::sync::OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let table = |windows: &[(u16, u8)], len: u32| -> Vec<Vec<u16>> {
            (0..=len).map(|fill| (0..1u32 << 13).map(|held| windows.iter().filter(|&&(w, _)| missing(w, held as u16) <= fill).fold(0u16, |m, &(_, top)| m | 1 << top)).collect()).collect()
        };
        [table(&WINDOWS_5, 5), table(&WINDOWS_3, 3)]
    });
    &tables[usize::from(size == 3)]
}

/// Whether `held` lacks at most `fill` ranks of a window of `size` whose top is in `tops` (a
/// mask of allowed tops, the ace-low window's low top left out where the ace plays only high).
fn runs(size: u32, held: u16, fill: u32, tops: u16) -> bool {
    let by_fill = straight_tops(size);
    by_fill[(fill as usize).min(by_fill.len() - 1)][held as usize] & tops != 0
}

fn missing(window: u16, held: u16) -> u32 {
    ones(window & !held)
}

/// The bits set in a rank mask, from a table: the build targets x86-64 without `popcnt`, where
/// `count_ones` is a dozen instructions.
fn ones(mask: u16) -> u32 {
    const ONES: [u8; 1 << 13] = {
        let mut t = [0u8; 1 << 13];
        let mut m = 1;
        while m < 1 << 13 {
            t[m] = t[m >> 1] + (m & 1) as u8;
            m += 1;
        }
        t
    };
    ONES[(mask & 0x1fff) as usize] as u32
}

fn in_ranks(ranks: Option<Between>, r: usize) -> bool {
    ranks.is_none_or(|b| b.holds(r as u32))
}

/// The ranks of `ranks` as a mask (every rank where `None`).
fn rank_mask(ranks: Option<Between>) -> u16 {
    (0..13).filter(|&r| in_ranks(ranks, r)).fold(0, |m, r| m | 1 << r)
}

/// Whether the cards seen as `v` can form `hand` with its main rank in `ranks` (`rank_tops`:
/// the same as a mask).
#[inline(always)]
fn forms(v: &View, hand: Hand, ranking: Ranking, ranks: Option<Between>, rank_tops: u16) -> bool {
    let need = |r: usize, k: u32| k.saturating_sub(v.count[r] as u32);
    // k of a kind of a rank in `ranks`: with no rank asked, the most cards of a rank decide.
    let of_a_kind = |k: u32| match ranks {
        None => v.most as u32 + v.wild >= k,
        Some(_) => {
            let mut asked = rank_tops;
            while asked != 0 {
                let r = asked.trailing_zeros() as usize;
                if need(r, k) <= v.wild {
                    return true;
                }
                asked &= asked - 1;
            }
            false
        }
    };
    let fill = v.wild + v.bug;
    let (size, windows): (u32, &[(u16, u8)]) = if ranking == Ranking::ThreeCard { (3, &WINDOWS_3) } else { (5, &WINDOWS_5) };
    // The tops a straight may have: the asked ranks, less the ace-low window's where the ace
    // plays only high.
    let tops = rank_tops & if v.ace_low { u16::MAX } else { !(1u16 << windows[0].1) };
    match (ranking, hand) {
        (_, Hand::HighCard) => true,
        (_, Hand::Pair) => of_a_kind(2),
        (_, Hand::ThreeOfAKind) => of_a_kind(3),
        (_, Hand::FourOfAKind) => of_a_kind(4),
        (_, Hand::FiveOfAKind) => of_a_kind(5),
        (_, Hand::FiveWilds) => v.wild >= 5,
        (_, Hand::TwoPair) => {
            // The higher pair's rank, the lower pair from the best count below it.
            let mut below = 0u32;
            (0..13).any(|hi| {
                let found = hi > 0 && in_ranks(ranks, hi) && need(hi, 2) + 2u32.saturating_sub(below) <= v.wild;
                below = below.max(v.count[hi] as u32);
                found
            })
        }
        // With no rank asked, the trips are best made of the most cards of a rank and the pair
        // of the most of another (the cost of a rank's trips falls by at most the cost its pair
        // would have saved).
        (_, Hand::FullHouse) if ranks.is_none() => 3u32.saturating_sub(v.most as u32) + 2u32.saturating_sub(v.second as u32) <= v.wild,
        (_, Hand::FullHouse) => {
            // The trips' rank, the pair from the best count of another rank.
            let top = (0..13).max_by_key(|&r| v.count[r]).unwrap_or(0);
            let second = (0..13).filter(|&r| r != top).map(|r| v.count[r]).max().unwrap_or(0) as u32;
            (0..13).any(|t| {
                let other = if t == top { second } else { v.count[top] as u32 };
                in_ranks(ranks, t) && need(t, 3) + 2u32.saturating_sub(other) <= v.wild
            })
        }
        (_, Hand::Flush) => v.suit_len.iter().any(|&n| n as u32 + fill >= size),
        (_, Hand::Straight) => runs(size, v.ranks, fill, tops),
        (_, Hand::StraightFlush) => v.suit_ranks.iter().any(|&s| runs(size, s, fill, tops)),
        (Ranking::Poker, Hand::RoyalFlush) => v.suit_ranks.iter().any(|&s| missing(0x1f00, s) <= fill),
        (Ranking::ThreeCard, Hand::RoyalFlush) => false,
    }
}

/// The most cards in one suit's run of consecutive ranks, `fill` gaps filled.
fn longest_straight_flush(v: &View, cards: u32) -> u32 {
    let fill = v.wild + v.bug;
    if fill == 0 {
        // No gap to fill: the longest run of set bits, which each `x & x << 1` shortens by one.
        let mut best = 0;
        for &lane in &v.suit_ranks {
            let ace = lane >> ACE & 1;
            let mut x: u16 = (lane & 0x0fff) << 1 | ace << 13 | if v.ace_low { ace } else { 0 };
            let mut run = 0;
            while x != 0 {
                x &= x << 1;
                run += 1;
            }
            best = best.max(run);
        }
        return best.min(cards);
    }
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

/// The value of the best poker hand the cards seen as `v` form: the hand's place (better
/// hands higher, in the order of [`Hand::ALL`]) above the ranks of the cards played, most
/// significant first (four bits each, the rank plus one). A wild card plays as any rank (in a
/// flush, the highest rank its suit lacks); the bug joker as an ace, or a filler in a straight
/// or flush. Kickers need no wild card: a wild card left over would have made a better hand.
fn value(v: &View) -> u64 {
    let w = v.wild;
    let fill = (v.wild + v.bug).min(5);
    let hand = Hand::ALL.into_iter().find(|&h| forms(v, h, Ranking::Poker, None, 0x1fff)).unwrap_or(Hand::HighCard);
    let held = |r: usize| v.count[r] > 0;
    // The highest rank making k of a kind (an ace where wild cards alone make it).
    let kind = |k: u32| (0..13).rev().find(|&r| v.count[r] as u32 + w >= k).unwrap_or(ACE);
    let others = |skip: &[usize], n: usize| (0..13).rev().filter(|&r| held(r) && !skip.contains(&r)).take(n).collect::<Vec<usize>>();
    let allowed: u16 = if v.ace_low { u16::MAX } else { !(1u16 << WINDOWS_5[0].1) };
    let top = |mask: u16| (straight_tops(5)[fill as usize][mask as usize] & allowed).checked_ilog2().map(|t| t as usize);
    let played: Vec<usize> = match hand {
        Hand::FiveWilds | Hand::RoyalFlush => vec![],
        Hand::FiveOfAKind => vec![kind(5)],
        Hand::StraightFlush => v.suit_ranks.iter().filter_map(|&s| top(s)).max().into_iter().collect(),
        Hand::Straight => top(v.ranks).into_iter().collect(),
        Hand::FourOfAKind => {
            let q = kind(4);
            [vec![q], others(&[q], 1)].concat()
        }
        Hand::FullHouse => {
            let need = |r: usize, k: u32| k.saturating_sub(v.count[r] as u32);
            (0..13)
                .rev()
                .find_map(|t| (0..13).rev().find(|&p| p != t && need(t, 3) + need(p, 2) <= w).map(|p| vec![t, p]))
                .unwrap_or_default()
        }
        Hand::Flush => (0..4)
            .filter(|&s| v.suit_len[s] as u32 + fill >= 5)
            .map(|s| {
                // The suit's ranks, the fillers taking the highest ranks it lacks; the best five.
                let mut ranks = v.suit_ranks[s];
                for _ in 0..fill {
                    if let Some(r) = (!ranks & 0x1fff).checked_ilog2() {
                        ranks |= 1 << r;
                    }
                }
                (0..13).rev().filter(|&r| ranks >> r & 1 == 1).take(5).collect::<Vec<usize>>()
            })
            .max()
            .unwrap_or_default(),
        Hand::ThreeOfAKind => {
            let t = kind(3);
            [vec![t], others(&[t], 2)].concat()
        }
        Hand::TwoPair => {
            let pairs: Vec<usize> = (0..13).rev().filter(|&r| v.count[r] >= 2).take(2).collect();
            [pairs.clone(), others(&pairs, 1)].concat()
        }
        Hand::Pair => {
            let p = kind(2);
            [vec![p], others(&[p], 3)].concat()
        }
        Hand::HighCard => others(&[], 5),
    };
    let place = (Hand::ALL.len() - Hand::ALL.iter().position(|&h| h == hand).unwrap_or(0)) as u64;
    played.iter().chain(std::iter::repeat(&usize::MAX).take(5 - played.len().min(5))).fold(place, |acc, &r| acc << 4 | r.wrapping_add(1) as u64 & 0xf)
}

/// A condition compiled against a deal: rule changes resolved to an index of the views.
#[derive(Clone, Debug)]
enum Test {
    All(Vec<Test>),
    Any(Vec<Test>),
    Not(Box<Test>),
    /// `tops`: the ranks of `ranks` as a mask, for straights.
    Forms { view: usize, hand: Hand, ranking: Ranking, ranks: Option<Between>, tops: u16 },
    LongestFlush(Between),
    LongestStraightFlush { view: usize, length: Between },
    Jokers(Between),
    Wilds { view: usize, count: Between },
    Holds(u16),
    RankCount { rank: usize, count: Between },
    Pairs(Between),
    /// Each group's rank mask and whether wild cards may fill it.
    Suited(Vec<(u16, bool)>),
    Same(Alike),
    /// The best hand's value under the deal's rules equals that under view `view`.
    SameValue { view: usize },
    Sum { values: [u32; 13], joker: u32, modulo: Option<u32>, sums: Vec<Between> },
}

/// A definition's outcomes under one reading, ready to classify hands.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The rule sets the tests read the cards under; the first is the deal's.
    rules: Vec<Rules>,
    tests: Vec<Test>,
    /// Per test, where it has one, a view and a number of cards the longest suit of that view
    /// and its fillers must reach for the test to hold ([`suit_need`]).
    needs: Vec<Option<(usize, u32)>>,
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
        let mut c = Compiled { rules: vec![rules], tests: vec![], needs: vec![], outcomes: outcomes.iter().map(|o| o.id.clone()).collect(), colour: false, cards: definition.deal.cards };
        for o in &outcomes {
            c.colour |= o.when.reads_colour();
            let t = c.compile(&o.when);
            c.needs.push(suit_need(&t));
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
            Condition::Forms { hand, ranking, ranks, rules } => Test::Forms { view: self.view_of(rules), hand: *hand, ranking: *ranking, ranks: *ranks, tops: rank_mask(*ranks) },
            Condition::LongestFlush(b) => Test::LongestFlush(*b),
            Condition::LongestStraightFlush { length, rules } => Test::LongestStraightFlush { view: self.view_of(rules), length: *length },
            Condition::Jokers(b) => Test::Jokers(*b),
            Condition::Wilds { count, rules } => Test::Wilds { view: self.view_of(rules), count: *count },
            Condition::Holds(ranks) => Test::Holds(ranks.iter().fold(0, |m, &r| m | 1 << r)),
            Condition::RankCount { rank, count } => Test::RankCount { rank: *rank as usize, count: *count },
            Condition::Pairs(b) => Test::Pairs(*b),
            Condition::Suited(groups) => Test::Suited(groups.iter().map(|g: &SuitGroup| (g.ranks.iter().fold(0u16, |m, &r| m | 1 << r), g.filled)).collect()),
            Condition::Same(a) => Test::Same(*a),
            Condition::SameValue(rules) => Test::SameValue { view: self.view_of(rules) },
            Condition::Sum { values, joker, modulo, sums } => Test::Sum { values: *values, joker: *joker, modulo: *modulo, sums: sums.clone() },
        }
    }

    /// The index of the first outcome `h` meets, or `outcomes.len()` (other).
    pub fn classify(&self, h: &Held) -> usize {
        // A poker test, the most common, is asked here rather than through `test`'s dispatch.
        // A test that needs a long suit is passed over, untried, by hands without one: the
        // cheap bound ends most suit tests (flushes, straight flushes, runs, suited groups).
        let first = |views: &[View]| {
            self.tests
                .iter()
                .zip(&self.needs)
                .position(|(t, need)| {
                    meets(views, *need)
                        && match t {
                            Test::Forms { view, hand, ranking, ranks, tops } => forms(&views[*view], *hand, *ranking, *ranks, *tops),
                            t => test(t, h, views, self.cards),
                        }
                })
                .unwrap_or(self.tests.len())
        };
        // Most definitions read the cards under the deal's rules alone.
        if let [rules] = self.rules[..] {
            return first(&[view(h, rules)]);
        }
        // At most eight rule sets exist (joker, deuces, ace: two ways each).
        let mut views = [View::default(); 8];
        for (v, r) in views.iter_mut().zip(&self.rules) {
            *v = view(h, *r);
        }
        first(&views[..self.rules.len()])
    }
}

fn test(t: &Test, h: &Held, views: &[View], cards: u32) -> bool {
    let raw = &h.ranks;
    match t {
        Test::All(ts) => ts.iter().all(|t| test(t, h, views, cards)),
        Test::Any(ts) => ts.iter().any(|t| test(t, h, views, cards)),
        Test::Not(t) => !test(t, h, views, cards),
        Test::Forms { view, hand, ranking, ranks, tops } => forms(&views[*view], *hand, *ranking, *ranks, *tops),
        Test::LongestFlush(b) => {
            let v = &views[0];
            b.holds((v.suit_len.iter().copied().max().unwrap_or(0) as u32 + v.wild + v.bug).min(cards))
        }
        Test::LongestStraightFlush { view, length } => {
            let v = &views[*view];
            // No run is longer than a suit's ranks and the fillers: most hands end here.
            let bound = (v.suit_ranks.iter().map(|&s| ones(s)).max().unwrap_or(0) + v.wild + v.bug).min(cards);
            bound >= length.min && length.holds(longest_straight_flush(v, cards))
        }
        Test::Jokers(b) => b.holds(h.jokers as u32),
        Test::Wilds { view, count } => count.holds(views[*view].wild + views[*view].bug),
        Test::Holds(mask) => (0..13).all(|r| mask >> r & 1 == 0 || raw[r] > 0),
        Test::RankCount { rank, count } => count.holds(raw[*rank] as u32),
        // Ranks as dealt (a wild deuce is still a deuce), the bug joker pairing an ace.
        Test::Pairs(b) => b.holds((0..13).filter(|&r| raw[r] + if r == ACE { views[0].bug as u8 } else { 0 } >= 2).count() as u32),
        Test::Suited(groups) => suited(&views[0], groups),
        Test::Same(a) => h.jokers == 0 && same(h, *a),
        Test::SameValue { view } => value(&views[0]) == value(&views[*view]),
        Test::Sum { values, joker, modulo, sums } => {
            let s: u32 = raw.iter().zip(values).map(|(&c, &v)| c as u32 * v).sum::<u32>() + h.jokers as u32 * joker;
            let s = modulo.map_or(s, |m| s % m);
            sums.iter().any(|b| b.holds(s))
        }
    }
}

/// Whether the hand seen as `views` meets a test's suit need ([`suit_need`]): where the test
/// has one, the longest suit of its view and that view's fillers reach the number.
fn meets(views: &[View], need: Option<(usize, u32)>) -> bool {
    need.is_none_or(|(i, n)| views[i].longest_suit + views[i].wild + views[i].bug >= n)
}

/// A view and a number of cards below which `t` cannot hold: its view's longest suit (in
/// cards) and that view's fillers must together reach the number. A flush, a straight flush or
/// a royal needs the hand's size in one suit; a run of a straight flush or a flush its length; a
/// suited group its ranks. `all` needs what its most demanding part needs; `any` the least of
/// its parts' needs where every part has one of the same view; `not` none.
fn suit_need(t: &Test) -> Option<(usize, u32)> {
    match t {
        Test::Forms { view, hand: Hand::Flush | Hand::StraightFlush, ranking, .. } => Some((*view, if *ranking == Ranking::ThreeCard { 3 } else { 5 })),
        Test::Forms { view, hand: Hand::RoyalFlush, ranking: Ranking::Poker, .. } => Some((*view, 5)),
        Test::LongestFlush(b) => Some((0, b.min)),
        Test::LongestStraightFlush { view, length } => Some((*view, length.min)),
        Test::Suited(groups) => groups.iter().map(|&(mask, _)| ones(mask)).max().map(|n| (0, n)),
        Test::All(ts) => ts.iter().filter_map(suit_need).max_by_key(|&(_, n)| n),
        Test::Any(ts) => {
            let needs: Option<Vec<(usize, u32)>> = ts.iter().map(suit_need).collect();
            let needs = needs?;
            let view = needs.first()?.0;
            needs.iter().all(|&(v, _)| v == view).then(|| (view, needs.iter().map(|&(_, n)| n).min().unwrap_or(0)))
        }
        _ => None,
    }
}

fn same(h: &Held, a: Alike) -> bool {
    let suits = (0..4).filter(|&s| h.suit_len[s] > 0).fold(0u8, |m, s| m | 1 << s);
    match a {
        Alike::Rank => h.ranks.iter().filter(|&&c| c > 0).count() == 1,
        Alike::Suit => suits.count_ones() == 1,
        // Clubs (0) and spades (3) black, diamonds (1) and hearts (2) red.
        Alike::Colour => suits & 0b0110 == 0 || suits & 0b1001 == 0,
    }
}

/// Whether each group's ranks lie in a suit of its own. A wild deuce is not a 2 of its suit: it
/// is one of the fillers (so, with deuces wild, a group that names the 2 needs a filler for it).
fn suited(v: &View, groups: &[(u16, bool)]) -> bool {
    let fill = v.wild + v.bug;
    let lacking = |s: usize, mask: u16| ones(mask & !v.suit_ranks[s]);
    // Each group alone must fit some suit before the suits are shared out.
    if !groups.iter().all(|&(mask, filled)| (0..4).any(|s| lacking(s, mask) <= if filled { fill } else { 0 })) {
        return false;
    }
    fn place(lacking: &dyn Fn(usize, u16) -> u32, groups: &[(u16, bool)], used: u8, fill: u32) -> bool {
        let Some((&(mask, filled), rest)) = groups.split_first() else { return true };
        (0..4).any(|s| {
            let short = lacking(s, mask);
            used >> s & 1 == 0 && short <= if filled { fill } else { 0 } && place(lacking, rest, used | 1 << s, fill - short)
        })
    }
    place(&lacking, groups, 0, fill)
}

/// Rank multisets of one suit, by size, in descending order of their packed counts.
fn lanes_by_size(cards: u32, decks: u32) -> Vec<Vec<Lane>> {
    fn walk(r: usize, left: u32, decks: u32, c: &mut [u8; 13], w: u64, by: &mut Vec<Vec<Lane>>) {
        if r == 13 {
            let lane = Lane { weight: w, ..Lane::of(c) };
            by[lane.len as usize].push(lane);
            return;
        }
        for k in 0..=left.min(decks) {
            c[r] = k as u8;
            walk(r + 1, left - k, decks, c, w * binomial(decks as u64, k as u64), by);
        }
        c[r] = 0;
    }
    let mut by = vec![Vec::new(); cards as usize + 1];
    walk(0, cards, decks, &mut [0; 13], 1, &mut by);
    for lanes in &mut by {
        lanes.sort_by(|a, b| b.packed.cmp(&a.packed));
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
///
/// The work splits among threads at the first two lanes: at the first alone, a few first lanes
/// (those most later lanes may follow, in descending order) hold most of it, and two cores sat
/// a third idle. Each first lane is a task of its own (`with_max_len(1)`): split in ranges,
/// the heavy first lanes stayed in one range and two threads ran 1.35x as fast as one (Face
/// Up Pai Gow's Progressive 0.65 s); one lane a task, 0.41 s.
fn count_compiled(c: &Compiled, decks: u32, jokers: u32) -> Vec<u128> {
    let by_size = lanes_by_size(c.cards, decks);
    let k = c.outcomes.len() + 1;
    let add = |mut a: Vec<u128>, b: Vec<u128>| {
        a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        a
    };
    let joker_counts: Vec<u32> = (0..=jokers.min(c.cards)).collect();
    joker_counts
        .par_iter()
        .map(|&j| {
            let naturals = c.cards - j;
            let jw = binomial(jokers as u64, j as u64) as u128;
            let firsts: Vec<&Lane> = (0..=naturals as usize).flat_map(|s| by_size[s].iter()).collect();
            let part = firsts
                .par_iter()
                .with_max_len(1)
                .map(|&first| {
                    let left = naturals - first.len as u32;
                    // The second lane no greater than the first: suits alike, or the two
                    // black suits alike where colours are read.
                    let seconds: Vec<&Lane> = (0..=left as usize)
                        .flat_map(|s| {
                            let list = &by_size[s];
                            let from = list.partition_point(|l| l.packed > first.packed);
                            list[from..].iter()
                        })
                        .collect();
                    seconds
                        .par_iter()
                        .fold(
                            || vec![0u128; k],
                            |mut acc, &second| {
                                let mut held = Held { jokers: j as u8, ..Held::default() };
                                held.set_lane(SUIT_AT[0], first);
                                held.set_lane(SUIT_AT[1], second);
                                let mut chosen = [first.packed, second.packed, 0, 0];
                                walk_lanes(c, &by_size, 2, left - second.len as u32, first.weight as u128 * second.weight as u128, &mut held, &mut chosen, &mut acc);
                                acc
                            },
                        )
                        .reduce(|| vec![0u128; k], add)
                })
                .reduce(|| vec![0u128; k], add);
            part.into_iter().map(|n| n * jw).collect::<Vec<u128>>()
        })
        .reduce(|| vec![0u128; k], add)
}

fn walk_lanes(c: &Compiled, by_size: &[Vec<Lane>], lane: usize, left: u32, weight: u128, held: &mut Held, chosen: &mut [u64; 4], acc: &mut [u128]) {
    if lane == 4 {
        if left == 0 {
            let w = weight * if c.colour { colour_images(chosen) as u128 } else { parsheet_cards::iso::relabellings(chosen) as u128 };
            acc[c.classify(held)] += w;
        }
        return;
    }
    let sizes = if lane == 3 { left..=left } else { 0..=left };
    for s in sizes {
        let list = &by_size[s as usize];
        // Suits alike: lanes in descending order only. Colours read: the red pair's first lane
        // no greater than the black pair's first, its second no greater than its first, and,
        // where the pairs' first lanes are equal, than the black pair's second.
        let bound = match (c.colour, lane) {
            (false, _) => chosen[lane - 1],
            (true, 2) => chosen[0],
            (true, _) if chosen[2] == chosen[0] => chosen[1],
            (true, _) => chosen[2],
        };
        let from = list.partition_point(|l| l.packed > bound);
        for l in &list[from..] {
            held.set_lane(SUIT_AT[lane], l);
            chosen[lane] = l.packed;
            walk_lanes(c, by_size, lane + 1, left - s, weight * l.weight as u128, held, chosen, acc);
            held.clear_lane(SUIT_AT[lane], l);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `h` and one more card: (rank, suit), or `None` for a joker.
    fn with_card(h: &Held, card: Option<(usize, usize)>) -> Held {
        let mut h = *h;
        match card {
            Some((r, s)) => {
                h.ranks[r] += 1;
                h.suit_ranks[s] |= 1 << r;
                h.suit_len[s] += 1;
                h.suit_deuces[s] += u8::from(r == 0);
            }
            None => h.jokers += 1,
        }
        h
    }

    /// Definitions that read suits every way a suit need is derived: flushes, straight flushes
    /// and royals (poker and three-card), runs, the longest flush, suited groups (filled or
    /// not), `all`, `any` over one view and over two, `not`; one and two decks, the bug, a wild
    /// joker, wild deuces, a rule change.
    const SUITED: [&str; 4] = [
        r#"{"deal": {"decks": 1, "jokers": 1, "cards": 7, "joker": "bug"}, "outcomes": [
            {"id": "a", "hand": "a", "when": {"all": [{"jokers": 0}, {"longest-straight-flush": 6}, {"forms": "royal-flush"}]}},
            {"id": "b", "hand": "b", "when": {"suited": [{"ranks": ["A", "K", "Q", "J", "T"], "filled": true}, {"ranks": ["K", "Q"]}]}},
            {"id": "c", "hand": "c", "when": {"forms": "straight-flush", "rules": {"joker": "wild"}}},
            {"id": "d", "hand": "d", "when": {"any": [{"forms": "flush"}, {"longest-straight-flush": 4}]}},
            {"id": "e", "hand": "e", "when": {"any": [{"forms": "flush", "rules": {"joker": "wild"}}, {"forms": "straight-flush"}]}},
            {"id": "f", "hand": "f", "when": {"not": {"forms": "flush"}}}]}"#,
        r#"{"deal": {"decks": 2, "jokers": 2, "cards": 6, "deuces": "wild"}, "outcomes": [
            {"id": "a", "hand": "a", "when": {"longest-flush": 6}},
            {"id": "b", "hand": "b", "when": {"suited": [{"ranks": ["A", "K", "Q"], "filled": true}, {"ranks": ["2", "3"], "filled": true}]}},
            {"id": "c", "hand": "c", "when": {"forms": "royal-flush"}},
            {"id": "d", "hand": "d", "when": {"forms": "flush", "rules": {"deuces": "natural"}}},
            {"id": "e", "hand": "e", "when": {"longest-flush": 4}}]}"#,
        r#"{"deal": {"decks": 6, "cards": 3}, "outcomes": [
            {"id": "a", "hand": "a", "when": {"forms": "straight-flush", "ranking": "three-card"}},
            {"id": "b", "hand": "b", "when": {"forms": "flush", "ranking": "three-card"}},
            {"id": "c", "hand": "c", "when": {"longest-flush": 3}}]}"#,
        r#"{"deal": {"decks": 1, "cards": 7, "ace": "high-only"}, "outcomes": [
            {"id": "a", "hand": "a", "when": {"longest-straight-flush": 5}},
            {"id": "b", "hand": "b", "when": {"all": [{"longest-flush": 5}, {"not": {"longest-flush": 6}}]}}]}"#,
    ];

    /// A test passed over for its suit need never holds: every test of the definitions above
    /// asked of drawn hands, half their cards from one suit so the long suits and the edges of
    /// each need come up. The counts' agreement with the dedicated counters
    /// (tests/definitions.rs) checks the same end to end; this names the test that breaks.
    #[test]
    fn a_test_passed_over_for_its_suit_need_never_holds() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for json in SUITED {
            let d = parsheet_tables::definition::parse_definition("inline", json).unwrap();
            let c = Compiled::new(&d, None).unwrap();
            // The shoe: card types (rank, suit; `None` the joker), each as often as it is in it.
            let mut shoe: Vec<Option<(usize, usize)>> = (0..d.deal.decks).flat_map(|_| (0..52).map(|i| Some((i % 13, i / 13)))).collect();
            shoe.extend((0..d.deal.jokers).map(|_| None));
            let (mut passed_over, mut held_anyway) = (0, 0);
            for _ in 0..40_000 {
                let long = next(4);
                let mut left = shoe.clone();
                let mut h = Held::default();
                for _ in 0..d.deal.cards {
                    let suited: Vec<usize> = (0..left.len()).filter(|&i| left[i].is_some_and(|(_, s)| s == long)).collect();
                    let i = if next(2) == 0 && !suited.is_empty() { suited[next(suited.len())] } else { next(left.len()) };
                    h = with_card(&h, left.swap_remove(i));
                }
                let views: Vec<View> = c.rules.iter().map(|&r| view(&h, r)).collect();
                for (t, need) in c.tests.iter().zip(&c.needs) {
                    let holds = test(t, &h, &views, c.cards);
                    match need {
                        Some(n) if !meets(&views, Some(*n)) => {
                            passed_over += 1;
                            assert!(!holds, "{t:?} holds on {h:?}, which lacks its suit need {n:?}");
                        }
                        Some(_) => held_anyway += u32::from(holds),
                        None => {}
                    }
                }
            }
            assert!(passed_over > 1000 && held_anyway > 100, "the draws reach both sides of the needs ({passed_over}, {held_anyway})");
        }
    }

    /// Where colours are read, the walk folds the suits by the eight relabellings that keep
    /// colours. Its counts equal those of every physical deal of the shoe classified one by one:
    /// two decks and a joker, four cards (C(105, 4) deals); three decks and two jokers, three
    /// cards (C(158, 3)).
    #[test]
    fn colour_folding_counts_as_every_physical_deal() {
        let outcomes = r#"[
            {"id": "a", "hand": "a", "when": {"all": [{"same": "colour"}, {"pairs": {"at-least": 1}}]}},
            {"id": "b", "hand": "b", "when": {"same": "suit"}},
            {"id": "c", "hand": "c", "when": {"same": "colour"}},
            {"id": "d", "hand": "d", "when": {"longest-flush": 3}},
            {"id": "e", "hand": "e", "when": {"suited": [{"ranks": ["A", "K"], "filled": true}]}},
            {"id": "f", "hand": "f", "when": {"all": [{"not": {"same": "colour"}}, {"forms": "pair"}]}}]"#;
        for (decks, jokers, cards) in [(2u32, 1u32, 4u32), (3, 2, 3)] {
            let json = format!(r#"{{"deal": {{"decks": {decks}, "jokers": {jokers}, "cards": {cards}}}, "outcomes": {outcomes}}}"#);
            let d = parsheet_tables::definition::parse_definition("inline", &json).unwrap();
            let c = Compiled::new(&d, None).unwrap();
            assert!(c.colour);
            let mut shoe: Vec<Option<(usize, usize)>> = (0..decks).flat_map(|_| (0..52).map(|i| Some((i % 13, i / 13)))).collect();
            shoe.extend((0..jokers).map(|_| None));
            let mut by = vec![0u128; c.outcomes.len() + 1];
            fn deal(shoe: &[Option<(usize, usize)>], from: usize, left: u32, h: Held, c: &Compiled, by: &mut [u128]) {
                if left == 0 {
                    by[c.classify(&h)] += 1;
                    return;
                }
                for i in from..shoe.len() {
                    deal(shoe, i + 1, left - 1, with_card(&h, shoe[i]), c, by);
                }
            }
            deal(&shoe, 0, cards, Held::default(), &c, &mut by);
            let counted = count(&d, None).unwrap();
            let brute: Vec<(String, u128)> = c.outcomes.iter().cloned().chain(["other".to_string()]).zip(by).collect();
            assert_eq!(counted.rows(), &brute[..], "{decks} decks, {jokers} jokers, {cards} cards");
            assert!(brute.iter().all(|(_, n)| *n > 0), "every outcome is reached: {brute:?}");
        }
    }

    /// The needs derived: each a number the test's hands must reach, none where the test may
    /// hold without a long suit.
    #[test]
    fn suit_needs_are_derived_from_the_conditions() {
        let d = parsheet_tables::definition::parse_definition("inline", SUITED[0]).unwrap();
        let c = Compiled::new(&d, None).unwrap();
        let wild = c.rules.iter().position(|r| r.joker == Joker::Wild).unwrap();
        assert_eq!(c.needs, vec![Some((0, 6)), Some((0, 5)), Some((wild, 5)), Some((0, 4)), None, None]);
    }
}
