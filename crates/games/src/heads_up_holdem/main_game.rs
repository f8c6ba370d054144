//! World Poker Tour Heads-Up Hold 'Em (677a): the Ante, Odds and Raise under the exact optimal
//! three-street strategy.
//!
//! # The game
//!
//! The player makes an Ante and an equal Odds wager (677a.7(d)(1)). He sees his two cards and
//! may raise up to 3x the Ante or check (677a.11(b)); after the three-card flop, a player who
//! has not raised may raise up to 2x or check (677a.11(d)); after the turn and river, a player
//! who has not raised must raise exactly 1x or fold, losing Ante and Odds (677a.11(f)). A player
//! who raised makes no further decision. The dealer qualifies with a pair or better from his two
//! cards and the board; if he does not, the Ante pushes (677a.11(h)(1)). The Raise pays 1 to 1
//! on a win (677a.12(a)), pushes on a tie, loses on a loss. The Odds pays by its table
//! (677a.12(b)) when the player wins, whether or not the dealer qualifies, pushes on a tie and
//! loses on a loss, except that a straight or better losing to a qualifying dealer is paid by the
//! Bad Beat table (677a.11(h)(2)(iii)(B), 677a.12(c)). 677a.12(c) is missing from the text, so
//! without a supplied table the game is solved "without Bad Beat" (such a loss loses the Odds).
//!
//! The Odds table has no line for a win with less than a pair (possible only against a dealer
//! who does not qualify either). 677a.11(h)(1)(i) says the Odds "shall be paid out in accordance
//! with" 677a.12(b), so the win is paid, not lost; the table pushes every paid hand below a
//! straight, and the reading `odds-push-below-pair` (the default) extends that push down. The
//! reading `odds-lose-below-pair` treats the missing line as every paytable in parsheet treats
//! one, as a loss; the text does not support it as well (a wager "paid out" does not lose), and
//! it is kept as the bound least favourable to the player.
//!
//! The same shape with a 4x pre-flop raise, no Bad Beat, and the Odds table as its Blind is
//! Ultimate Texas Hold 'Em; its published 2.185% house edge checks this solver end to end.
//!
//! # The computation
//!
//! The cycle is every ordered deal: hole cards, flop, turn and river together, and the dealer's
//! two cards, C(52,2)·C(50,3)·C(47,2)·C(45,2) = 27,813,810,024,000 deals. The player decides
//! knowing his cards and the board so far, so the value of each decision is an exact sum over
//! the deals he cannot tell apart, and the strategy is optimal decision by decision.
//!
//! - The flop comes first in the loops, up to suit isomorphism ([`symmetries`]): a flop and its
//!   suit relabellings give the same values to relabelled holes, so one representative per
//!   class is solved and its per-hole results are summed by hole class, weighted by the orbit
//!   size (summing over the orbit maps the holes of a class onto each other). The pre-flop
//!   decision is then per hole class.
//! - Groups and types: fix a flop. Its turn and river put the board in a *group*: no suit with
//!   three or more board cards (nobody can make a flush), or a suit `s` with three or more (only
//!   `s` can: any other suit has at most two board cards, so at most four of seven). Within a
//!   group every card has a *type*: its rank, and in a flush group whether its suit is `s`. Two
//!   cards of one type are interchangeable in every hand on every board of the group, so a
//!   board's results depend only on the types of its turn and river (its *pattern*: at most 91
//!   in the no-flush group and 351 in a flush group, against 1,176 turn-river pairs), and on a
//!   board a hole's results only on its *type pair* (at most 91 or 351, against 1,081 holdings).
//! - Per pattern, a table of type pairs: each is ranked once (a suitless key for a card whose
//!   suit cannot flush), the table is sorted by rank and swept once with a counter per type
//!   weighted by the cards of that type left: inclusion–exclusion as card by card (the dealer
//!   holdings below a hole are all those below, minus those holding either of its cards), so no
//!   dealer hand is enumerated. An entry is what one (hole, board) adds to the hole's sums: its
//!   *kind* (river situation and whether it raises: 58 kinds) and its dealer wins, ties and
//!   losses split by the qualifier.
//! - Per hole, its boards by inclusion–exclusion over patterns, never visiting a board: with
//!   `W[β]` the group's boards of pattern β and `V[c][β]` those of them holding card `c`, the
//!   hole {c1, c2} has `W − V[c1] − V[c2]` boards of each pattern, plus the board {c1, c2}
//!   itself when it is in the group. So `P[τ] = Σ_β W[β]·T[β][τ]` is summed once per type pair
//!   τ, and each hole takes `P` of its type pair and subtracts the few patterns of its two cards.
//! - A hole's sums are kept by kind: four counts and the number of boards, packed in two 64-bit
//!   words at 21 bits a field (a full-deck (hole, flop) count is at most 1,081 · 990 < 2^21;
//!   wrapping arithmetic is exact because only the final fields need be in range). Everything
//!   the strategy reads is linear in them: `A`, `R`, the river value (a raise is linear in the
//!   counts, a fold a constant per board), the outcome counts and the river-rule counters.
//! - From those counts: `A`, the net of Ante and Odds at showdown, and `R`, the net per unit of
//!   Raise. A raise of size k is worth `A + k·R` (linear in k, so only the smallest and largest
//!   allowed sizes can be optimal), folding −2 Antes. The river value is `max(fold, A + R)`; the
//!   flop value of a hole is `max(ΣA + 2ΣR, Σ river values, ΣA + min·ΣR)` over its 1,081 boards;
//!   the pre-flop value compares `ΣA + 3ΣR`, `ΣA + min·ΣR` and the sum of flop values over all
//!   flops. Ties go to the play that wagers less.
//! - Everything is an integer: pays are scaled by the common denominator of the paytables, raise
//!   sizes by the minimum raise's denominator. Outcome counts under the strategy are kept per
//!   (hole, flop) by hand category and result for both flop plays, so one pass suffices.
//!
//! The deck is a parameter (any subset of the 52 cards), so tests solve reduced decks and compare
//! with a brute force that values every decision with the reference evaluator.
//!
//! # Cost
//!
//! The kernel this replaced solved every board of each flop class up to the flop's stabilizer
//! (1,419,288 boards on the full deck) and swept its 1,081 holdings one by one: 1.53 × 10^9
//! (hole, board) updates of about 14 ns (ranking, radix sort, sweep, accumulation), 22 CPU-s on
//! the project's machine. Here the full deck has 567,528 (flop class, group, pattern) tables with
//! 124,930,260 type-pair entries in all, each ranked, sorted, swept and added into `P` once (12×
//! fewer than the updates they replace; at about 10 ns, 1.3 CPU-s), and 2,063,880 (hole, flop)
//! pairs, each adding one 58-kind vector per group (2.9 groups per flop) and about 49 corrections
//! (about 0.3 µs a pair: 0.6 CPU-s): an estimate of 2 to 3 CPU-s, a seventh to a tenth of before.
//! A flop class holds 60,426 to 77,281 entries (rainbow, two-tone and monotone flops alike), so
//! flop classes are even units of work for threads and shards; nothing runs serially but the
//! setup (the classes of flops and holes) and the pre-flop step after the merge.
//!
//! # Shards
//!
//! The flop loop splits across processes ([`count_flops`], [`exact_from_tally`]). A shard
//! counts its share of the flop classes, assigned by the type-pair entries each tabulates, and
//! returns a tally of integers: summed over its flops, every per-hole-class total of
//! [`ClassTotals`] (the three pre-flop values and the outcome counts), and for each flop a mark
//! that it was counted and its flop play for every hole (0 for a flop another shard counts).
//! Shards count disjoint flops, so their tallies add up, entry by entry, to one process's. The
//! flop plays are decided inside the shard, from that flop's boards alone; the pre-flop play is
//! decided after the merge, and is exact there because it reads only a class's three values
//! summed over every flop, which the summed tally holds. That step refuses a tally in which a
//! flop was counted other than once, or a class's deals do not add up.
//!
//! # The minimum raise
//!
//! The text says "up to" 3x and 2x and sets no minimum; the minimum is a parameter (default 1x).
//! With a 1x minimum, a 1x raise before the river is worth `ΣA + ΣR`, exactly what checking and
//! then raising 1x at every river is worth, and checking can also fold: the early 1x raise never
//! beats checking (asserted in the tests), so only check and the maximum remain. A smaller
//! minimum is different: a 1/2x raise on the flop commits the hand to showdown for half a unit,
//! and on the full deck it is the best play in 26.2% of deals (mostly spots that would otherwise
//! check to the river), lowering the house edge from 9.6655% to 7.9666% per Ante (reading
//! `odds-push-below-pair`, without Bad Beat); no starting hand raises 1/2x pre-flop.
//!
//! # The Bad Beat
//!
//! With every Bad Beat pay at least a push, a straight or better never folds (see
//! [`bad_beat_counts`]), so the Bad Beat deals are the same under every such table and the house
//! edge is linear in its pays: `parsheet explore heads-up-holdem bad-beat` solves once and
//! answers "which pay gives a house edge of X%" exactly.

use std::collections::HashMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_cards::{binomial, Card, CardSet, Deck};
use parsheet_eval::{Category, Evaluator, HandKey, HandRank, Ranking};
use parsheet_paytable::Paytable;
use parsheet_shard::{Combine, Key, Shard, Tally};
use rayon::prelude::*;

use crate::strategy::{Decision, Solution};
use crate::OutcomeCounts;

/// The player's hand categories the pays distinguish, weakest first (index = `Config` slot).
pub const CATEGORIES: [&str; 10] =
    ["high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house", "four-of-a-kind", "straight-flush", "royal-flush"];

fn category_index(c: Category) -> usize {
    match c {
        Category::HighCard => 0,
        Category::Pair => 1,
        Category::TwoPair => 2,
        Category::ThreeOfAKind => 3,
        Category::Straight => 4,
        Category::Flush => 5,
        Category::FullHouse => 6,
        Category::FourOfAKind => 7,
        Category::StraightFlush => 8,
        Category::RoyalFlush => 9,
        other => unreachable!("{other:?} in standard poker"),
    }
}

/// A rational as (numerator, denominator > 0).
pub type Ratio = (i64, i64);

/// The game's shape and pays. Raise sizes are in units of the Ante.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Largest Raise before the flop (3 in Heads-Up Hold 'Em, 4 in Ultimate Texas Hold 'Em).
    pub preflop_max: u32,
    /// Largest Raise on the flop.
    pub flop_max: u32,
    /// The one Raise size at the river.
    pub river: u32,
    /// Smallest Raise before the river (the text sets none; default 1x).
    pub min_raise: Ratio,
    /// Net of the Odds per unit when the player wins, by [`CATEGORIES`] index.
    pub odds_win: [Ratio; 10],
    /// Net of the Odds per unit when the player loses to a qualifying dealer, by category (the
    /// Bad Beat; −1 where no line pays).
    pub odds_lose: [Ratio; 10],
}

impl Config {
    /// Heads-Up Hold 'Em with pays read from the `odds` table, the optional Bad Beat table and
    /// the reading of a high-card win.
    pub fn heads_up(variant: &str, odds: &Paytable, bad_beat: Option<&Paytable>) -> Result<Config, String> {
        for l in &odds.lines {
            if !CATEGORIES[1..].contains(&l.outcome.as_str()) {
                return Err(format!("paytable {}: the Odds pays on a hand category, pair to royal-flush, not {:?}", odds.id, l.outcome));
            }
        }
        for l in bad_beat.iter().flat_map(|t| &t.lines) {
            if !CATEGORIES[4..].contains(&l.outcome.as_str()) {
                return Err(format!("Bad Beat paytable: a losing straight or better is paid by its category (straight to royal-flush), not {:?}", l.outcome));
            }
        }
        let mut odds_win = [(0, 1); 10];
        let mut odds_lose = [(-1, 1); 10];
        for (i, name) in CATEGORIES.iter().enumerate() {
            odds_win[i] = match (i, odds.pay(name)) {
                (0, None) => match variant {
                    "odds-push-below-pair" => (0, 1),
                    "odds-lose-below-pair" => (-1, 1),
                    v => return Err(format!("unknown reading {v:?} of heads-up-holdem")),
                },
                _ => small(crate::strategy::line_net(odds, name)?, &odds.id)?,
            };
            if let Some(bb) = bad_beat {
                // Only a straight or better is eligible (677a.1, 677a.11(h)(2)(iii)(B)).
                if i >= 4 {
                    odds_lose[i] = small(crate::strategy::line_net(bb, name)?, &bb.id)?;
                }
            }
        }
        Ok(Config { preflop_max: 3, flop_max: 2, river: 1, min_raise: (1, 1), odds_win, odds_lose })
    }

    /// Ultimate Texas Hold 'Em: 4x pre-flop, no Bad Beat, `blind` as the Blind (a win below its
    /// lines pushes).
    pub fn ultimate(blind: &Paytable) -> Result<Config, String> {
        let mut c = Config::heads_up("odds-push-below-pair", blind, None)?;
        c.preflop_max = 4;
        Ok(c)
    }

    /// Refuses shapes the solver does not model: sizes must satisfy 0 < minimum ≤ flop maximum ≤
    /// pre-flop maximum, with a small denominator.
    pub fn validate(&self) -> Result<(), String> {
        let (n, d) = self.min_raise;
        if n <= 0 || d <= 0 || d > 1000 {
            return Err("the minimum raise must be a positive fraction with denominator at most 1000".into());
        }
        if n > self.flop_max as i64 * d || self.flop_max > self.preflop_max || self.river == 0 {
            return Err(format!("raise sizes must satisfy 0 < minimum ({n}/{d}) <= flop maximum ({}) <= pre-flop maximum ({})", self.flop_max, self.preflop_max));
        }
        Ok(())
    }

    /// The common denominator of every pay.
    fn pay_denominator(&self) -> i64 {
        let lcm = |a: i64, b: i64| a / num_integer::gcd(a, b) * b;
        self.odds_win.iter().chain(&self.odds_lose).fold(1, |d, r| lcm(d, r.1))
    }
}

fn small((n, d): (i128, i128), id: &str) -> Result<Ratio, String> {
    match (i64::try_from(n), i64::try_from(d)) {
        (Ok(n), Ok(d)) if n.abs() < 1 << 31 && d < 1 << 20 => Ok((n, d)),
        _ => Err(format!("paytable {id}: a pay is too large for the Heads-Up solver")),
    }
}

/// A suit permutation: `perm[s]` is where suit `s` goes.
type Perm = [usize; 4];

fn permute(set: CardSet, perm: &Perm) -> CardSet {
    let mut m = 0u64;
    for (s, &t) in perm.iter().enumerate() {
        m |= ((set.0 >> (16 * s)) & 0x1fff) << (16 * t);
    }
    CardSet(m)
}

/// The suit permutations that map `deck` onto itself (all 24 for the full deck; fewer for a
/// reduced deck whose suits hold different ranks). Relabelling suits by one of these changes no
/// count, so enumerations may visit one representative per orbit.
pub fn symmetries(deck: CardSet) -> Vec<Perm> {
    let mut out = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let p = [a, b, c, d];
                    let distinct = (1u8 << a | 1 << b | 1 << c | 1 << d) == 0xf;
                    // Suits the deck lacks may go anywhere: keep one permutation per action on
                    // the deck's cards, so that a stabilizer has no relabelling that moves
                    // nothing.
                    let acts_alike = |q: &Perm| (0..4).all(|s| deck.suit_ranks(parsheet_cards::Suit(s as u8)) == 0 || p[s] == q[s]);
                    if distinct && permute(deck, &p) == deck && !out.iter().any(acts_alike) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

fn canonical(set: CardSet, group: &[Perm]) -> CardSet {
    group.iter().map(|p| permute(set, p)).min().expect("the identity is in every group")
}

/// Index of the 2-subset {i, j} (i < j) of `n` items in lexicographic order.
fn pair_index(i: usize, j: usize, n: usize) -> usize {
    i * (2 * n - i - 1) / 2 + (j - i - 1)
}

/// Counts are kept per hand category in four result slots. For a high card: win (the dealer
/// cannot qualify), tie, loss to a non-qualifying dealer, loss to a qualifying one. For a pair
/// or better: win against a qualifying dealer, win against a non-qualifying one, tie, loss
/// (only a qualifying dealer beats a pair).
const SLOTS: usize = 40;

/// River situations (see [`river_situation`]), each with fold and raise counts.
const RIVER_SITUATIONS: usize = 29;
const RIVER_RULE: usize = 2 * RIVER_SITUATIONS;

/// A river situation a dealer can name: the player's category, whether his hand beats the board
/// alone (a hole card plays), and for the common hands a little more: a pair with a hole card by
/// where it stands against the board (top pair or an overpair, second pair, lower), the board's
/// own pair by whether a hole card plays as a kicker, a high card with a hole card by the best
/// hole card (ace, king, queen, jack, ten or lower).
/// `pair_rank` is the rank of a pair, `board_top` and `board_second` the board's two highest
/// ranks, `high` the highest hole card's rank.
fn river_situation(category: usize, hole_plays: bool, board_paired: bool, pair_rank: u8, board_top: u8, board_second: u8, high: u8) -> usize {
    match (category, hole_plays) {
        (0, false) => 0,
        (0, true) => 1 + (12 - high.max(8)) as usize,
        // One pair on a paired board is the board's pair.
        (1, false) => 6,
        (1, true) if board_paired => 26 + (12 - high.max(10)) as usize,
        (1, true) if pair_rank >= board_top => 7,
        (1, true) if pair_rank >= board_second => 8,
        (1, true) => 9,
        (c, plays) => 10 + 2 * (c - 2) + plays as usize,
    }
}

/// The words of each river situation.
fn river_situation_name(k: usize) -> String {
    const HIGH: [&str; 5] = ["ace", "king", "queen", "jack", "ten or lower"];
    match k {
        0 => "high card, the board plays".into(),
        1..=5 => format!("high card, best hole card {}", HIGH[k - 1]),
        6 => "pair on the board, the board plays".into(),
        26..=28 => format!("pair on the board, a hole card plays as a kicker: best hole card {}", ["ace", "king", "queen or lower"][k - 26]),
        7 => "pair with a hole card: top pair or an overpair".into(),
        8 => "pair with a hole card: second pair".into(),
        9 => "pair with a hole card: below second pair".into(),
        _ => {
            let c = (k - 10) / 2 + 2;
            let hole = if (k - 10) % 2 == 1 { "a hole card plays" } else { "the board plays" };
            format!("{}, {hole}", CATEGORIES[c].replace('-', " "))
        }
    }
}

/// What a hole class has over every deal it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassTotals {
    /// Σ over its holes and deals of the net (in units of `1 / scale` Ante) of each pre-flop play.
    pub raise_max: i128,
    pub raise_min: i128,
    pub check: i128,
    /// Outcome counts when the hole goes to showdown (any pre-flop raise).
    pub showdown: [u64; SLOTS],
    /// After a pre-flop check: counts of the deals raised on the flop (max, min), raised at the
    /// river, and folded.
    pub flop_max: [u64; SLOTS],
    pub flop_min: [u64; SLOTS],
    pub river: [u64; SLOTS],
    pub fold: u64,
    /// River spots reached after checking on the flop, by (situation, play): fold 0, raise 1.
    pub river_rule: [u64; RIVER_RULE],
}

impl Default for ClassTotals {
    fn default() -> ClassTotals {
        ClassTotals {
            raise_max: 0,
            raise_min: 0,
            check: 0,
            showdown: [0; SLOTS],
            flop_max: [0; SLOTS],
            flop_min: [0; SLOTS],
            river: [0; SLOTS],
            fold: 0,
            river_rule: [0; RIVER_RULE],
        }
    }
}

/// The tally's parts that hold [`ClassTotals`]: the signed sums, one value per class, then the
/// counts with their entries per class (a part holds classes × entries, class by class).
const VALUE_PARTS: [&str; 3] = ["raise_max", "raise_min", "check"];
const COUNT_PARTS: [(&str, usize); 6] =
    [("showdown", SLOTS), ("flop_max", SLOTS), ("flop_min", SLOTS), ("river", SLOTS), ("fold", 1), ("river_rule", RIVER_RULE)];

impl ClassTotals {
    /// The fields in the order of [`VALUE_PARTS`] and [`COUNT_PARTS`].
    fn fields(&self) -> ([i128; 3], [&[u64]; 6]) {
        let counts = [&self.showdown[..], &self.flop_max, &self.flop_min, &self.river, std::slice::from_ref(&self.fold), &self.river_rule];
        ([self.raise_max, self.raise_min, self.check], counts)
    }

    fn fields_mut(&mut self) -> ([&mut i128; 3], [&mut [u64]; 6]) {
        let counts = [&mut self.showdown[..], &mut self.flop_max, &mut self.flop_min, &mut self.river, std::slice::from_mut(&mut self.fold), &mut self.river_rule];
        ([&mut self.raise_max, &mut self.raise_min, &mut self.check], counts)
    }

    fn add(&mut self, o: &ClassTotals) {
        let (values, counts) = o.fields();
        let (mine, my_counts) = self.fields_mut();
        for (x, y) in mine.into_iter().zip(values) {
            *x += y;
        }
        for (xs, ys) in my_counts.into_iter().zip(counts) {
            for (x, y) in xs.iter_mut().zip(ys) {
                *x += y;
            }
        }
    }

    /// Adds the totals of every class to `tally`, one part per field.
    fn push_parts(totals: &[ClassTotals], tally: &mut Tally) {
        for (k, name) in VALUE_PARTS.iter().enumerate() {
            tally.push(name, totals.iter().map(|t| t.fields().0[k]).collect());
        }
        for (k, (name, _)) in COUNT_PARTS.iter().enumerate() {
            tally.push(name, totals.iter().flat_map(|t| t.fields().1[k].iter().map(|&x| x as i128)).collect());
        }
    }

    /// The totals of `classes` classes read back from a tally (lengths checked, counts not
    /// negative and within 64 bits).
    fn from_parts(tally: &Tally, classes: usize) -> Result<Vec<ClassTotals>, String> {
        let mut totals = vec![ClassTotals::default(); classes];
        for (k, name) in VALUE_PARTS.iter().enumerate() {
            for (t, &x) in totals.iter_mut().zip(tally.get(name, classes)?) {
                *t.fields_mut().0[k] = x;
            }
        }
        for (k, &(name, len)) in COUNT_PARTS.iter().enumerate() {
            let counts = tally.get_counts(name, classes * len)?;
            for (t, chunk) in totals.iter_mut().zip(counts.chunks(len)) {
                for (x, &n) in t.fields_mut().1[k].iter_mut().zip(chunk) {
                    *x = u64::try_from(n).map_err(|_| format!("the counts' part {name:?} holds a count beyond 64 bits"))?;
                }
            }
        }
        Ok(totals)
    }
}

/// The pre-flop play chosen for a hole class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preflop {
    Check,
    RaiseMin,
    RaiseMax,
}

/// One class of starting hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoleClass {
    pub representative: CardSet,
    pub holes: u64,
    pub totals: ClassTotals,
    pub play: Preflop,
}

/// The exact solution over one deck, in integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    pub config: Config,
    /// Values are in units of `1 / scale` Ante (the pay denominator times the minimum raise's).
    pub scale: i64,
    pub pay_denominator: i64,
    pub cycle: u64,
    /// Deals that follow one hole after it is dealt (flops × turn-rivers × dealer hands).
    pub deals_per_hole: u64,
    pub classes: Vec<HoleClass>,
    /// Raise sizes as numerators over the minimum raise's denominator.
    pub sizes: Sizes,
    /// The suit permutations used for isomorphism.
    group: Vec<Perm>,
    deck: Vec<Card>,
    /// The flop play after a pre-flop check, per canonical flop, by pair index of the hole
    /// among the cards left after the flop.
    flop_plays: HashMap<CardSet, (u64, Vec<FlopPlay>)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    pub den: i64,
    pub preflop_max: i64,
    pub flop_max: i64,
    pub river: i64,
    pub min: i64,
}

impl Config {
    fn sizes(&self) -> Sizes {
        let den = self.min_raise.1;
        Sizes {
            den,
            preflop_max: self.preflop_max as i64 * den,
            flop_max: self.flop_max as i64 * den,
            river: self.river as i64 * den,
            min: self.min_raise.0,
        }
    }

    /// Per slot: (net of Ante and Odds in units of 1/`den` Ante, sign of the Raise's result).
    fn slot_nets(&self, den: i64) -> [(i64, i64); SLOTS] {
        let scaled = |r: Ratio| r.0 * (den / r.1);
        let mut out = [(0, 0); SLOTS];
        out[0] = (scaled(self.odds_win[0]), 1);
        out[1] = (0, 0);
        out[2] = (-den, -1);
        out[3] = (-den + scaled(self.odds_lose[0]), -1);
        for c in 1..10 {
            out[4 * c] = (den + scaled(self.odds_win[c]), 1);
            out[4 * c + 1] = (scaled(self.odds_win[c]), 1);
            out[4 * c + 2] = (0, 0);
            out[4 * c + 3] = (-den + scaled(self.odds_lose[c]), -1);
        }
        out
    }
}

/// Ranking data shared by all boards.
struct Ranks {
    category: Vec<u8>,
    pair_threshold: u16,
}

fn ranks(e: &Evaluator) -> Ranks {
    let category: Vec<u8> = (0..=e.class_count()).map(|r| if r == 0 { 0 } else { category_index(e.category(HandRank(r as u16))) as u8 }).collect();
    let pair_threshold = (1..category.len()).find(|&r| category[r] >= 1).expect("pairs exist") as u16;
    Ranks { category, pair_threshold }
}

/// Per-(hole, flop) sums for one flop, indexed by pairs of the cards left after the flop.
#[derive(Default)]
struct FlopSums {
    /// Σ A (pay-denominator units), Σ R, Σ river value (scale units).
    values: Vec<[i64; 3]>,
    showdown: Vec<[u32; SLOTS]>,
    raised: Vec<[u32; SLOTS]>,
    /// River spots by (situation, play): see [`river_situation`].
    river_rule: Vec<[u16; RIVER_RULE]>,
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

/// Per-board scratch. A holding is packed as `rank << 12 | a << 6 | b`, where `a < b` are the
/// cards' indexes among the cards left after the flop, so sorting the packed words sorts by
/// rank and carries the cards along.
struct Scratch {
    keys: Vec<HandKey>,
    local: Vec<u8>,
    packed: Vec<u32>,
    sorted: Vec<u32>,
    below: Vec<u16>,
    /// Pair index of (a, b) at `a << 6 | b`.
    pair: Vec<u16>,
    /// Sums over free turn-river orbits, and the pairs already reached (see `Kernel::flop`).
    acc: FlopSums,
    seen: Vec<bool>,
    /// Rank of each card left after the flop, and the flop's cards.
    rank_of: [u8; 64],
    flop: u64,
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        let h = n * n;
        Scratch {
            keys: Vec::with_capacity(n),
            local: Vec::with_capacity(n),
            packed: vec![0; h],
            sorted: vec![0; h],
            below: vec![0; h],
            pair: vec![0; 64 * 64],
            acc: FlopSums::default(),
            seen: vec![],
            rank_of: [0; 64],
            flop: 0,
        }
    }
}

/// The stabilizer of `flop` in `group`, as maps of the indexes of `rest`, the cards left after
/// it (every σ fixes the flop, so it maps the rest onto itself).
fn stabilizer(flop: CardSet, rest: &[Card], group: &[Perm]) -> Vec<Vec<usize>> {
    let mut position = [u8::MAX; 64];
    for (i, c) in rest.iter().enumerate() {
        position[c.index() as usize] = i as u8;
    }
    group
        .iter()
        .filter(|p| permute(flop, p) == flop)
        .map(|p| rest.iter().map(|c| position[permute(CardSet(c.bit()), p).0.trailing_zeros() as usize] as usize).collect())
        .collect()
}

/// The turn-river pairs `(t, u)` of the `n` cards left after a flop that its kernel solves,
/// given the flop's stabilizer: `solve(t, u, free)` for each. Board σ(tr) gives hole σ(h) what
/// board tr gives h, so a free orbit (as many pairs as relabellings) is solved once (`free`: its
/// sums are spread over the orbit afterwards); a pair some relabelling fixes has each of its
/// images solved directly. `seen` is scratch.
fn turn_rivers(stabilizer: &[Vec<usize>], n: usize, seen: &mut Vec<bool>, mut solve: impl FnMut(usize, usize, bool)) {
    seen.clear();
    seen.resize(n * (n - 1) / 2, false);
    let order = |a: usize, b: usize| if a < b { (a, b) } else { (b, a) };
    for t in 0..n {
        for u in t + 1..n {
            if seen[pair_index(t, u, n)] {
                continue;
            }
            let mut images: Vec<(usize, usize)> = stabilizer.iter().map(|m| order(m[t], m[u])).collect();
            images.sort_unstable();
            images.dedup();
            for &(a, b) in &images {
                seen[pair_index(a, b, n)] = true;
            }
            if images.len() == stabilizer.len() && images.len() > 1 {
                solve(t, u, true);
            } else {
                for &(a, b) in &images {
                    solve(a, b, false);
                }
            }
        }
    }
}

/// Everything one flop's turn-river loop needs.
struct Kernel<'a> {
    e: &'a Evaluator,
    ranks: &'a Ranks,
    nets: [(i64, i64); SLOTS],
    sizes: Sizes,
    pay_den: i64,
}

impl Kernel<'_> {
    /// Fills `sums` for the flop `flop` given the cards `rest` left after it (in deck order, so
    /// that a hole's pair index is its index among the 2-subsets of `rest`).
    fn flop(&self, flop: CardSet, rest: &[Card], group: &[Perm], sums: &mut FlopSums, s: &mut Scratch) {
        let n = rest.len();
        let pairs = n * (n - 1) / 2;
        sums.reset(pairs);
        for a in 0..n {
            for b in a + 1..n {
                s.pair[a << 6 | b] = pair_index(a, b, n) as u16;
            }
        }
        let stabilizer = stabilizer(flop, rest, group);
        let flop_key = self.e.key_of(flop);
        s.flop = flop.0;
        for (i, c) in rest.iter().enumerate() {
            s.rank_of[i] = c.rank().expect("natural cards").0;
        }
        let mut acc = std::mem::take(&mut s.acc);
        acc.reset(pairs);
        let mut seen = std::mem::take(&mut s.seen);
        turn_rivers(&stabilizer, n, &mut seen, |t, u, free| self.board_of(flop_key, rest, t, u, if free { &mut acc } else { &mut *sums }, s));
        // Spread the free orbits' sums over their orbits.
        let order = |a: usize, b: usize| if a < b { (a, b) } else { (b, a) };
        if stabilizer.len() > 1 {
            for m in &stabilizer {
                for a in 0..n {
                    for b in a + 1..n {
                        let from = s.pair[a << 6 | b] as usize;
                        let (x, y) = order(m[a], m[b]);
                        let to = s.pair[x << 6 | y] as usize;
                        for k in 0..3 {
                            sums.values[to][k] += acc.values[from][k];
                        }
                        for k in 0..SLOTS {
                            sums.showdown[to][k] += acc.showdown[from][k];
                            sums.raised[to][k] += acc.raised[from][k];
                        }
                        for k in 0..RIVER_RULE {
                            sums.river_rule[to][k] += acc.river_rule[from][k];
                        }
                    }
                }
            }
        }
        s.acc = acc;
        s.seen = seen;
    }

    /// The board of the flop and the turn and river `rest[t]`, `rest[u]`.
    fn board_of(&self, flop_key: HandKey, rest: &[Card], t: usize, u: usize, sums: &mut FlopSums, s: &mut Scratch) {
        let board = flop_key + self.e.key(rest[t]) + self.e.key(rest[u]);
        s.keys.clear();
        s.local.clear();
        for (i, &c) in rest.iter().enumerate() {
            if i != t && i != u {
                s.keys.push(self.e.key(c));
                s.local.push(i as u8);
            }
        }
        let ranks = CardSet(flop_key_cards(rest, t, u, s)).ranks();
        let top = 15 - ranks.leading_zeros() as u8;
        let second = 15 - (ranks & !(1 << top)).leading_zeros() as u8;
        self.board(board, (top, second, ranks.count_ones() < 5), sums, s);
    }

    /// One full board: every holding of the remaining cards against every disjoint one.
    #[inline(never)]
    fn board(&self, board: HandKey, (board_top, board_second, board_paired): (u8, u8, bool), sums: &mut FlopSums, s: &mut Scratch) {
        let m = s.keys.len();
        let holdings = m * (m - 1) / 2;
        let threshold = self.ranks.pair_threshold as u32;
        // The board alone, to tell whether the player's hole cards play.
        let board_rank = self.e.rank_key(board).0 as u32;
        // Rank every holding; count the non-qualifying ones per card on the way.
        let mut nq_cnt = [0u16; 64];
        let mut nq_total: u16 = 0;
        let mut h = 0;
        let packed = &mut s.packed[..holdings];
        for i in 0..m {
            let prefix = board + s.keys[i];
            let a = s.local[i] as u32;
            let locals = &s.local[i + 1..m];
            let mut j = 0;
            self.e.rank_extensions(prefix, &s.keys[i + 1..m], |r| {
                let b = locals[j] as u32;
                let r = r.0 as u32;
                packed[h] = r << 12 | a << 6 | b;
                let low = (r < threshold) as u16;
                nq_cnt[a as usize] += low;
                nq_cnt[b as usize & 63] += low;
                nq_total += low;
                h += 1;
                j += 1;
            });
        }
        debug_assert_eq!(h, holdings);
        // Radix sort by rank (bits 12..25: 8 then 5).
        let sorted = &mut s.sorted[..holdings];
        let mut count = [0u32; 256];
        for &k in packed.iter() {
            count[(k >> 12 & 0xff) as usize] += 1;
        }
        let mut sum = 0;
        for c in count.iter_mut() {
            (*c, sum) = (sum, sum + *c);
        }
        for &k in packed.iter() {
            let d = (k >> 12 & 0xff) as usize;
            sorted[count[d] as usize] = k;
            count[d] += 1;
        }
        let mut count = [0u32; 32];
        for &k in sorted.iter() {
            count[(k >> 20 & 31) as usize] += 1;
        }
        let mut sum = 0;
        for c in count.iter_mut() {
            (*c, sum) = (sum, sum + *c);
        }
        for &k in sorted.iter() {
            let d = (k >> 20 & 31) as usize;
            packed[count[d] as usize] = k;
            count[d] += 1;
        }
        let sorted = &*packed;
        // Sweep in rank order with per-card counters of the holdings already passed; each group
        // of equal rank is settled as soon as it is passed.
        let dealers = ((m - 2) * (m - 3) / 2) as i64;
        let (q, den) = (self.sizes.den, self.pay_den);
        let fold = -2 * q * den * dealers;
        let river = self.sizes.river * den;
        let mut cnt = [0u16; 64];
        let mut total: u16 = 0;
        let below = &mut s.below;
        let mut g0 = 0;
        while g0 < holdings {
            let r = sorted[g0] >> 12;
            let mut g1 = g0 + 1;
            while g1 < holdings && sorted[g1] >> 12 == r {
                g1 += 1;
            }
            let group = &sorted[g0..g1];
            for (x, &k) in below.iter_mut().zip(group) {
                *x = total - cnt[(k >> 6 & 63) as usize] - cnt[(k & 63) as usize];
            }
            for &k in group {
                cnt[(k >> 6 & 63) as usize] += 1;
                cnt[(k & 63) as usize] += 1;
            }
            total += group.len() as u16;
            let c = self.ranks.category[r as usize] as usize;
            let nets: [(i64, i64); 4] = self.nets[4 * c..4 * c + 4].try_into().unwrap();
            let own_nq = (r < threshold) as i64;
            let plays = r > board_rank;
            let pair_rank = if c == 1 { self.e.tiebreaks(HandRank(r as u16))[0] } else { 0 };
            let group_situation = river_situation(c, plays, board_paired, pair_rank, board_top, board_second, 0);
            for (&bl, &k) in below.iter().zip(group) {
                let (a, b) = ((k >> 6 & 63) as usize, (k & 63) as usize);
                let bl = bl as i64;
                let equal = (total + 1 - cnt[a] - cnt[b]) as i64 - bl;
                let above = dealers - bl - equal;
                let nq = nq_total as i64 - nq_cnt[a] as i64 - nq_cnt[b] as i64 + own_nq;
                let x = if c == 0 {
                    let lose_nq = nq - bl - equal;
                    [bl, equal, lose_nq, above - lose_nq]
                } else {
                    [bl - nq, nq, equal, above]
                };
                let av = x[0] * nets[0].0 + x[1] * nets[1].0 + x[2] * nets[2].0 + x[3] * nets[3].0;
                let rv = x[0] * nets[0].1 + x[1] * nets[1].1 + x[2] * nets[2].1 + x[3] * nets[3].1;
                let p = s.pair[a << 6 | b] as usize;
                let raise = q * av + river * rv;
                // Ties go to the smaller wager: fold unless raising is strictly better.
                let raises = raise > fold;
                let v = &mut sums.values[p];
                v[0] += av;
                v[1] += rv;
                v[2] += if raises { raise } else { fold };
                let show = &mut sums.showdown[p][4 * c..4 * c + 4];
                for (slot, &n) in show.iter_mut().zip(&x) {
                    *slot += n as u32;
                }
                let situation = if c <= 1 && plays {
                    river_situation(c, true, board_paired, pair_rank, board_top, board_second, s.rank_of[a].max(s.rank_of[b]))
                } else {
                    group_situation
                };
                sums.river_rule[p][2 * situation + raises as usize] += 1;
                if raises {
                    let raised = &mut sums.raised[p][4 * c..4 * c + 4];
                    for (slot, &n) in raised.iter_mut().zip(&x) {
                        *slot += n as u32;
                    }
                }
            }
            g0 = g1;
        }
    }
}

/// The flop decision of one hole after a pre-flop check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlopPlay {
    Check,
    RaiseMin,
    RaiseMax,
}

impl FlopPlay {
    /// The play as a tally entry: 1, 2, 3 (0 is a flop the shard did not count).
    fn code(self) -> i128 {
        self as i128 + 1
    }

    fn from_code(c: i128) -> Option<FlopPlay> {
        [FlopPlay::Check, FlopPlay::RaiseMin, FlopPlay::RaiseMax].into_iter().find(|p| p.code() == c)
    }
}

/// The five board cards: the flop and `rest[t]`, `rest[u]`.
fn flop_key_cards(rest: &[Card], t: usize, u: usize, s: &Scratch) -> u64 {
    s.flop | rest[t].bit() | rest[u].bit()
}

/// Values of one (hole, flop) in units of `1 / scale` Ante summed over its turn-river boards
/// and dealer hands: (raise max, raise min, check).
fn flop_values(sums: &FlopSums, p: usize, sizes: Sizes, pay_den: i64) -> (i64, i64, i64) {
    let [a, r, river] = sums.values[p];
    let base = sizes.den * a;
    (base + sizes.flop_max * pay_den * r, base + sizes.min * pay_den * r, river)
}

fn flop_play(v: (i64, i64, i64), min_allowed: bool) -> FlopPlay {
    // Ties go to the smaller wager.
    let mut best = (v.2, FlopPlay::Check);
    if min_allowed && v.1 > best.0 {
        best = (v.1, FlopPlay::RaiseMin);
    }
    if v.0 > best.0 {
        best = (v.0, FlopPlay::RaiseMax);
    }
    best.1
}

/// What the count and the step after it both derive from the deck and the configuration: the
/// suit group, the flop classes (the units of a shard) and the hole classes.
struct Setup {
    group: Vec<Perm>,
    /// Canonical flops with their orbit sizes, sorted: unit `i` of a shard is `flops[i]`.
    flops: Vec<(CardSet, u64)>,
    /// Hole classes: representative and number of holes; `class_of` maps every hole to its class.
    reps: Vec<(CardSet, u64)>,
    class_of: HashMap<CardSet, usize>,
    sizes: Sizes,
    pay_den: i64,
    /// Two-card holes among the cards left after a flop, C(n − 3, 2): a flop's plays.
    pairs: usize,
}

impl Setup {
    fn new(deck: &[Card], config: &Config, iso: bool) -> Result<Setup, String> {
        let set = CardSet::from_cards(deck.iter().copied());
        let n = deck.len();
        if set.len() as usize != n || set.has_joker() || !(9..=52).contains(&n) {
            return Err("the deck must hold 9 to 52 distinct natural cards".into());
        }
        config.validate()?;
        let pay_den = config.pay_denominator();
        let sizes = config.sizes();
        // Per-(hole, flop) sums stay in i64: per deal at most |net| · scale ≤ 2^31 · 2^20 · 1000 ·
        // 5; times fewer than 2^21 deals per (hole, flop) would not fit, so bound it honestly.
        let nets = config.slot_nets(pay_den);
        let max_net = nets.iter().map(|x| x.0.abs()).max().unwrap() as i128 + (pay_den as i128) * 8;
        let per_flop = (binomial(n as u64 - 5, 2) * binomial(n as u64 - 7, 2)) as i128;
        if max_net * (sizes.den as i128) * (sizes.preflop_max as i128 + 2) * per_flop >= 1 << 62 {
            return Err("pays too large for exact 64-bit sums".into());
        }
        let group: Vec<Perm> = if iso { symmetries(set) } else { vec![[0, 1, 2, 3]] };
        let mut flops: HashMap<CardSet, u64> = HashMap::new();
        for f in parsheet_cards::Subsets::new(deck, 3) {
            *flops.entry(canonical(f, &group)).or_default() += 1;
        }
        let mut flops: Vec<(CardSet, u64)> = flops.into_iter().collect();
        flops.sort_unstable();
        assert_eq!(flops.iter().map(|f| f.1).sum::<u64>(), binomial(n as u64, 3));
        let mut class_of: HashMap<CardSet, usize> = HashMap::new();
        let mut reps: Vec<(CardSet, u64)> = Vec::new();
        for h in parsheet_cards::Subsets::new(deck, 2) {
            let c = canonical(h, &group);
            let id = *class_of.entry(c).or_insert_with(|| {
                reps.push((c, 0));
                reps.len() - 1
            });
            reps[id].1 += 1;
            class_of.insert(h, id);
        }
        assert_eq!(reps.iter().map(|c| c.1).sum::<u64>(), binomial(n as u64, 2));
        Ok(Setup { group, flops, reps, class_of, sizes, pay_den, pairs: (n - 3) * (n - 4) / 2 })
    }

    /// Each flop's estimated work, for [`Shard::assign`]: the turn-river boards its kernel
    /// solves. Every board costs about the same (the holdings of the cards left ranked, sorted
    /// and swept); a flop with no symmetry solves all C(n − 3, 2), and one that relabellings fix
    /// solves one board per free orbit of them and every board of the other orbits
    /// ([`turn_rivers`]): on the full deck a rainbow flop solves 1,176 boards, the others 721
    /// (two-tone) to 846 (trips), and the times per flop follow these counts.
    fn flop_costs(&self, deck: &[Card]) -> Vec<u64> {
        self.flops
            .par_iter()
            .map_init(Vec::new, |seen, &(flop, _)| {
                let rest: Vec<Card> = deck.iter().copied().filter(|c| !flop.contains(*c)).collect();
                let mut boards = 0;
                turn_rivers(&stabilizer(flop, &rest, &self.group), rest.len(), seen, |_, _, _| boards += 1);
                boards
            })
            .collect()
    }
}

/// Counts the flops of `deck` that `shard` owns (all of them for [`Shard::WHOLE`]): the units
/// are the flop classes in sorted order (every flop with `iso` false), assigned by the boards
/// each solves ([`Setup::flop_costs`]). The tally holds, summed over the shard's flops, every
/// [`ClassTotals`] field per hole class (parts `raise_max`, `raise_min`, `check`: one value per
/// class; `showdown`, `flop_max`, `flop_min`, `river`: 40 slots per class; `fold`: one per
/// class; `river_rule`: 58 per class), and per flop unit `flops_counted` (1 where this shard
/// counted the flop) and `flop_plays` (flop unit × hole pair index, [`FlopPlay::code`] where
/// counted, else 0). Disjoint shards' tallies add up to the whole deck's.
pub fn count_flops(deck: &[Card], config: &Config, iso: bool, shard: Shard) -> Result<Tally, String> {
    let setup = Setup::new(deck, config, iso)?;
    let Setup { ref group, ref flops, ref class_of, sizes, pay_den, pairs, .. } = setup;
    let e = Evaluator::get(Ranking::Standard);
    let ranks = ranks(e);
    let kernel = Kernel { e, ranks: &ranks, nets: config.slot_nets(pay_den), sizes, pay_den };
    let n = deck.len();
    let classes = setup.reps.len();
    let min_allowed = sizes.min < sizes.flop_max;
    // The whole loop needs no estimate of its units' work.
    let mine = if shard.is_whole() { (0..flops.len()).collect() } else { shard.assign(&setup.flop_costs(deck)) };
    let (totals, plays) = mine
        .par_iter()
        .fold(
            || (vec![ClassTotals::default(); classes], Vec::new(), None::<(FlopSums, Scratch)>),
            |(mut acc, mut plays, work), &unit| {
                let (flop, weight) = flops[unit];
                let (mut sums, mut scratch) = work.unwrap_or_else(|| (FlopSums::default(), Scratch::new(n)));
                let rest: Vec<Card> = deck.iter().copied().filter(|c| !flop.contains(*c)).collect();
                kernel.flop(flop, &rest, group, &mut sums, &mut scratch);
                let w = weight as i128;
                let boards = binomial(rest.len() as u64 - 2, 2) * binomial(rest.len() as u64 - 4, 2);
                let mut flop_plays = Vec::with_capacity(pairs);
                for i in 0..rest.len() {
                    for j in i + 1..rest.len() {
                        let p = pair_index(i, j, rest.len());
                        let hole = CardSet::from_cards([rest[i], rest[j]]);
                        let t = &mut acc[class_of[&hole]];
                        let v = flop_values(&sums, p, sizes, pay_den);
                        let [a, r, _] = sums.values[p];
                        let pre_base = sizes.den as i128 * a as i128;
                        t.raise_max += w * (pre_base + (sizes.preflop_max * pay_den) as i128 * r as i128);
                        t.raise_min += w * (pre_base + (sizes.min * pay_den) as i128 * r as i128);
                        let play = flop_play(v, min_allowed);
                        flop_plays.push(play);
                        t.check += w * match play {
                            FlopPlay::RaiseMax => v.0,
                            FlopPlay::RaiseMin => v.1,
                            FlopPlay::Check => v.2,
                        } as i128;
                        let wu = weight;
                        for s in 0..SLOTS {
                            t.showdown[s] += wu * sums.showdown[p][s] as u64;
                        }
                        match play {
                            FlopPlay::RaiseMax => (0..SLOTS).for_each(|s| t.flop_max[s] += wu * sums.showdown[p][s] as u64),
                            FlopPlay::RaiseMin => (0..SLOTS).for_each(|s| t.flop_min[s] += wu * sums.showdown[p][s] as u64),
                            FlopPlay::Check => {
                                let raised: u64 = sums.raised[p].iter().map(|&x| x as u64).sum();
                                (0..SLOTS).for_each(|s| t.river[s] += wu * sums.raised[p][s] as u64);
                                t.fold += wu * (boards - raised);
                                (0..RIVER_RULE).for_each(|s| t.river_rule[s] += wu * sums.river_rule[p][s] as u64);
                            }
                        }
                    }
                }
                plays.push((unit, flop_plays));
                (acc, plays, Some((sums, scratch)))
            },
        )
        .map(|(acc, plays, _)| (acc, plays))
        .reduce(
            || (vec![ClassTotals::default(); classes], Vec::new()),
            |(mut a, mut pa), (b, pb)| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x.add(y);
                }
                pa.extend(pb);
                (a, pa)
            },
        );
    let mut tally = Tally::new();
    ClassTotals::push_parts(&totals, &mut tally);
    let mut counted = vec![0; flops.len()];
    let mut codes = vec![0; flops.len() * pairs];
    for (unit, p) in plays {
        counted[unit] = 1;
        for (x, play) in codes[unit * pairs..(unit + 1) * pairs].iter_mut().zip(p) {
            *x = play.code();
        }
    }
    tally.push("flops_counted", counted);
    tally.push("flop_plays", codes);
    Ok(tally)
}

/// The exact solution from the whole tally of [`count_flops`] (one process's, or the sum of
/// every shard's): the pre-flop play of each hole class from its sums over every flop. The
/// tally may come from a file, so it is checked, never trusted: its parts' lengths, no negative
/// count, every flop counted exactly once, every flop play a play, every deal of each class
/// counted once (at showdown, and after a check), every river spot after two checks counted
/// once, and no value beyond what the class's deals could be worth.
pub fn exact_from_tally(deck: &[Card], config: &Config, iso: bool, tally: &Tally) -> Result<Exact, String> {
    let Setup { group, flops, reps, sizes, pay_den, pairs, .. } = Setup::new(deck, config, iso)?;
    let n = deck.len() as u64;
    let counted = tally.get("flops_counted", flops.len())?;
    if let Some(u) = counted.iter().position(|&c| c != 1) {
        return Err(format!("the counts hold flop {} (unit {u}) {} times, not once: a shard is missing or counted twice", flops[u].0, counted[u]));
    }
    let codes = tally.get("flop_plays", flops.len() * pairs)?;
    let min_allowed = sizes.min < sizes.flop_max;
    let mut flop_plays = HashMap::with_capacity(flops.len());
    for (&(flop, weight), codes) in flops.iter().zip(codes.chunks(pairs)) {
        let plays: Option<Vec<FlopPlay>> = codes.iter().map(|&c| FlopPlay::from_code(c).filter(|p| min_allowed || *p != FlopPlay::RaiseMin)).collect();
        flop_plays.insert(flop, (weight, plays.ok_or_else(|| format!("the counts' flop plays of {flop} hold a code that is no play"))?));
    }
    let totals = ClassTotals::from_parts(tally, reps.len())?;
    let deals_per_hole = binomial(n - 2, 3) * binomial(n - 5, 2) * binomial(n - 7, 2);
    let cycle = binomial(n, 2) * deals_per_hole;
    // The most a play is worth on one deal, in units of 1 / scale Ante: the Ante and Odds net
    // and the largest Raise, or a fold.
    let max_net = config.slot_nets(pay_den).iter().map(|x| x.0.abs()).max().unwrap() as i128;
    let per_deal = (sizes.den as i128 * max_net + sizes.preflop_max.max(sizes.river) as i128 * pay_den as i128).max(2 * (sizes.den * pay_den) as i128);
    let min_pre = sizes.min < sizes.preflop_max;
    let mut classes = Vec::with_capacity(reps.len());
    for ((representative, holes), totals) in reps.into_iter().zip(totals) {
        let deals = (holes * deals_per_hole) as u128;
        let sum = |xs: &[u64]| xs.iter().map(|&x| x as u128).sum::<u128>();
        if sum(&totals.showdown) != deals {
            return Err(format!("the counts do not count every deal of {representative} once at showdown"));
        }
        if sum(&totals.flop_max) + sum(&totals.flop_min) + sum(&totals.river) + totals.fold as u128 != deals {
            return Err(format!("the counts do not count every deal of {representative} once after a check"));
        }
        // After two checks: one river spot per turn-river board, each standing for its dealers.
        if sum(&totals.river_rule) * binomial(n - 7, 2) as u128 != sum(&totals.river) + totals.fold as u128 {
            return Err(format!("the counts do not count every river spot of {representative} once"));
        }
        let bound = per_deal.saturating_mul(deals as i128);
        if [totals.raise_max, totals.raise_min, totals.check].iter().any(|v| v.unsigned_abs() > bound.unsigned_abs()) {
            return Err(format!("the counts give {representative} a value beyond what its deals are worth"));
        }
        let mut play = (totals.check, Preflop::Check);
        if min_pre && totals.raise_min > play.0 {
            play = (totals.raise_min, Preflop::RaiseMin);
        }
        if totals.raise_max > play.0 {
            play = (totals.raise_max, Preflop::RaiseMax);
        }
        classes.push(HoleClass { representative, holes, totals, play: play.1 });
    }
    Ok(Exact {
        config: config.clone(),
        scale: sizes.den * pay_den,
        pay_denominator: pay_den,
        cycle,
        deals_per_hole,
        classes,
        sizes,
        group,
        deck: deck.to_vec(),
        flop_plays,
    })
}

/// Solves the game on `deck` (any subset of the 52 cards) exactly, in one process. With `iso`,
/// flops are taken one per class of the deck's suit symmetries; without, every flop is solved
/// (for tests).
pub fn solve_deck(deck: &[Card], config: &Config, iso: bool) -> Result<Exact, String> {
    exact_from_tally(deck, config, iso, &count_flops(deck, config, iso, Shard::WHOLE)?)
}

/// An action and what it wagers, for outcome rows and frequencies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    PreflopMax,
    PreflopMin,
    FlopMax,
    FlopMin,
    River,
    Fold,
}

fn size_text(num: i64, den: i64) -> String {
    let g = num_integer::gcd(num, den);
    if den / g == 1 {
        format!("{}x", num / g)
    } else {
        format!("{}/{}x", num / g, den / g)
    }
}

impl Exact {
    /// The play the solution makes with `hole` on `board` (none, the flop, or all five cards):
    /// the Raise in units of the Ante as (numerator, denominator), 0 for a check or a fold.
    /// Pre-flop and flop plays are read from the solution; the river play is computed from the
    /// exact counts of that board.
    pub fn play(&self, hole: CardSet, board: CardSet) -> Result<Ratio, String> {
        let deck = CardSet::from_cards(self.deck.iter().copied());
        if hole.len() != 2 || !hole.is_disjoint(board) || hole.union(board).minus(deck) != CardSet::EMPTY {
            return Err("the hole is two cards and hole and board are distinct cards of the deck".into());
        }
        let raise = |a: Action| (self.raise_of(a), self.sizes.den);
        match board.len() {
            0 => Ok(match self.class_of(hole).expect("every hole has a class").play {
                Preflop::RaiseMax => raise(Action::PreflopMax),
                Preflop::RaiseMin => raise(Action::PreflopMin),
                Preflop::Check => (0, 1),
            }),
            3 => {
                let (flop, p) = self.canonical_spot(hole, board);
                Ok(match self.flop_plays[&flop].1[p] {
                    FlopPlay::RaiseMax => raise(Action::FlopMax),
                    FlopPlay::RaiseMin => raise(Action::FlopMin),
                    FlopPlay::Check => (0, 1),
                })
            }
            5 => {
                let [raise_value, fold] = self.river_values(hole, board);
                Ok(if raise_value > fold { raise(Action::River) } else { (0, 1) })
            }
            n => Err(format!("a decision is made with 0, 3 or 5 board cards, not {n}")),
        }
    }

    /// The flop play after a check, for a flop in any suit labelling.
    pub fn flop_play(&self, hole: CardSet, flop: CardSet) -> FlopPlay {
        let (flop, p) = self.canonical_spot(hole, flop);
        self.flop_plays[&flop].1[p]
    }

    /// The canonical flop of `flop` and the pair index of the hole relabelled alike.
    fn canonical_spot(&self, hole: CardSet, flop: CardSet) -> (CardSet, usize) {
        let canon = canonical(flop, &self.group);
        let perm = self.group.iter().find(|p| permute(flop, p) == canon).expect("a permutation reaches the canonical flop");
        let hole = permute(hole, perm);
        let rest: Vec<Card> = self.deck.iter().copied().filter(|c| !canon.contains(*c)).collect();
        let idx: Vec<usize> = hole.iter().map(|c| rest.iter().position(|r| *r == c).expect("hole card in the deck")).collect();
        (canon, pair_index(idx[0].min(idx[1]), idx[0].max(idx[1]), rest.len()))
    }

    /// River values of `hole` on a five-card `board` in units of 1/`scale` Ante summed over the
    /// dealer's hands: [raise, fold].
    pub fn river_values(&self, hole: CardSet, board: CardSet) -> [i64; 2] {
        river_values(&self.config, &self.deck, hole, board).0
    }

    /// The class of a two-card hole.
    pub fn class_of(&self, hole: CardSet) -> Option<&HoleClass> {
        let c = canonical(hole, &self.group);
        self.classes.iter().find(|k| k.representative == c)
    }

    /// Raise numerator (over `sizes.den`) of an action.
    pub fn raise_of(&self, a: Action) -> i64 {
        match a {
            Action::PreflopMax => self.sizes.preflop_max,
            Action::PreflopMin | Action::FlopMin => self.sizes.min,
            Action::FlopMax => self.sizes.flop_max,
            Action::River => self.sizes.river,
            Action::Fold => 0,
        }
    }

    pub fn action_name(&self, a: Action) -> String {
        let s = size_text(self.raise_of(a), self.sizes.den);
        match a {
            Action::PreflopMax | Action::PreflopMin => format!("pre-flop-raise-{s}"),
            Action::FlopMax | Action::FlopMin => format!("flop-raise-{s}"),
            Action::River => format!("river-raise-{s}"),
            Action::Fold => "fold".into(),
        }
    }

    /// Deals by action and result slot under the strategy (fold: slot 0 holds the count).
    pub fn outcome_slots(&self) -> Vec<(Action, [u64; SLOTS])> {
        let mut by: Vec<(Action, [u64; SLOTS])> = Vec::new();
        let mut add = |a: Action, x: &[u64; SLOTS]| match by.iter_mut().find(|b| b.0 == a) {
            Some(b) => (0..SLOTS).for_each(|s| b.1[s] += x[s]),
            None => by.push((a, *x)),
        };
        for c in &self.classes {
            let t = &c.totals;
            match c.play {
                Preflop::RaiseMax => add(Action::PreflopMax, &t.showdown),
                Preflop::RaiseMin => add(Action::PreflopMin, &t.showdown),
                Preflop::Check => {
                    add(Action::FlopMax, &t.flop_max);
                    add(Action::FlopMin, &t.flop_min);
                    add(Action::River, &t.river);
                    let mut f = [0; SLOTS];
                    f[0] = t.fold;
                    add(Action::Fold, &f);
                }
            }
        }
        by.sort_by_key(|b| b.0);
        by
    }

    /// Net per unit of Ante of one slot under an action, exact.
    pub fn slot_net(&self, a: Action, slot: usize) -> BigRational {
        if a == Action::Fold {
            return BigRational::from_integer((-2).into());
        }
        let (an, rs) = self.config.slot_nets(self.pay_denominator)[slot];
        let v = self.sizes.den * an + self.raise_of(a) * self.pay_denominator * rs;
        BigRational::new(v.into(), self.scale.into())
    }

    /// Expected net per Ante under the strategy.
    pub fn expected_net(&self) -> BigRational {
        let total: i128 = self
            .classes
            .iter()
            .map(|c| match c.play {
                Preflop::RaiseMax => c.totals.raise_max,
                Preflop::RaiseMin => c.totals.raise_min,
                Preflop::Check => c.totals.check,
            })
            .sum();
        BigRational::new(BigInt::from(total), BigInt::from(self.scale as i128 * self.cycle as i128))
    }

    /// Deals per action.
    pub fn action_deals(&self) -> Vec<(Action, u64)> {
        self.outcome_slots().into_iter().map(|(a, x)| (a, x.iter().sum())).collect()
    }

    /// Expected total wagered per Ante: Ante and Odds, and the Raise where one is made.
    pub fn expected_wager(&self) -> BigRational {
        let mut num: i128 = 0;
        for (a, d) in self.action_deals() {
            num += d as i128 * (2 * self.sizes.den + self.raise_of(a)) as i128;
        }
        BigRational::new(num.into(), BigInt::from(self.sizes.den as i128 * self.cycle as i128))
    }

    /// Pre-flop value per hole of each play of a class, per Ante: (raise max, raise min, check).
    pub fn preflop_values(&self, c: &HoleClass) -> (BigRational, BigRational, BigRational) {
        let d = BigInt::from(self.scale as i128 * (c.holes * self.deals_per_hole) as i128);
        let r = |x: i128| BigRational::new(BigInt::from(x), d.clone());
        (r(c.totals.raise_max), r(c.totals.raise_min), r(c.totals.check))
    }
}

const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";

/// "AKs", "AKo", "77": the usual name of a two-card starting hand.
pub fn hole_name(hole: CardSet) -> String {
    let cards: Vec<Card> = hole.iter().collect();
    let (a, b) = (cards[0], cards[1]);
    let (ra, rb) = (a.rank().unwrap().0, b.rank().unwrap().0);
    let (hi, lo) = (ra.max(rb), ra.min(rb));
    let (h, l) = (RANK_CHARS[hi as usize] as char, RANK_CHARS[lo as usize] as char);
    if hi == lo {
        format!("{h}{l}")
    } else if a.suit() == b.suit() {
        format!("{h}{l}s")
    } else {
        format!("{h}{l}o")
    }
}

fn ratio(n: i128, d: i128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// The exact solution as the common [`Solution`] shape.
pub fn to_solution(x: &Exact, bad_beat: bool) -> Solution {
    let mut rows: Vec<(String, u128)> = Vec::new();
    let mut nets: Vec<(String, BigRational)> = Vec::new();
    // One row per (action, net result): the outcome a person sees at the table.
    for (a, slots) in x.outcome_slots() {
        let name = x.action_name(a);
        if a == Action::Fold {
            rows.push((name.clone(), slots[0] as u128));
            nets.push((name, ratio(-2, 1)));
            continue;
        }
        let mut by_net: Vec<(BigRational, u128)> = Vec::new();
        for (s, &n) in slots.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let net = x.slot_net(a, s);
            match by_net.iter_mut().find(|b| b.0 == net) {
                Some(b) => b.1 += n as u128,
                None => by_net.push((net, n as u128)),
            }
        }
        by_net.sort_by(|p, q| q.0.cmp(&p.0));
        for (net, n) in by_net {
            let sign = if net > BigRational::from_integer(0.into()) { "+" } else { "" };
            let id = format!("{name} {sign}{}", parsheet_paytable::fraction(&net));
            rows.push((id.clone(), n));
            nets.push((id, net));
        }
    }
    let cycle = x.cycle as u128;
    let counts = OutcomeCounts::new(cycle, rows).expect("every deal counted once");
    let mut strategy = Vec::new();
    let mut classes: Vec<&HoleClass> = x.classes.iter().collect();
    classes.sort_by(|p, q| {
        let (a, b) = (x.preflop_values(p), x.preflop_values(q));
        (&b.0 - &b.2).cmp(&(&a.0 - &a.2))
    });
    let max_name = x.action_name(Action::PreflopMax);
    let min_name = x.action_name(Action::PreflopMin);
    for c in classes {
        let (rmax, rmin, check) = x.preflop_values(c);
        let mut options = vec![(leak(&max_name), rmax), ("check", check)];
        if x.sizes.min < x.sizes.preflop_max {
            options.push((leak(&min_name), rmin));
        }
        let choice = match c.play {
            Preflop::RaiseMax => leak(&max_name),
            Preflop::RaiseMin => leak(&min_name),
            Preflop::Check => "check",
        };
        let situation = if x.classes.len() == 169 { hole_name(c.representative) } else { c.representative.to_string() };
        strategy.push(Decision { situation, choice, options, deals: (c.holes * x.deals_per_hole) as u128 });
    }
    let mut notes = Vec::new();
    if !bad_beat {
        notes.push("without Bad Beat: 677a.12(c) is missing from the text; a straight or better losing to a qualifying dealer loses the Odds".to_string());
    }
    let actions = x.action_deals().into_iter().map(|(a, d)| (x.action_name(a), d as u128)).collect();
    Solution {
        strategy,
        counts,
        nets,
        expected_net: x.expected_net(),
        expected_wager: x.expected_wager(),
        initial_wager: ratio(2, 1),
        notes,
        actions,
    }
}

/// Interns an action name (a handful per process) so decisions can hold `&'static str`.
fn leak(s: &str) -> &'static str {
    use std::sync::Mutex;
    static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap();
    if let Some(n) = names.iter().find(|n| **n == s) {
        return n;
    }
    let n: &'static str = Box::leak(s.to_string().into_boxed_str());
    names.push(n);
    n
}

/// The main game for the `odds` paytable and an optional Bad Beat table (full deck, cached per
/// process by its inputs: report and verify ask for the same solution more than once).
pub fn solve(variant: &str, odds: &Paytable, bad_beat: Option<&Paytable>) -> Result<Solution, String> {
    let config = Config::heads_up(variant, odds, bad_beat)?;
    Ok(to_solution(&*solve_cached(&config)?, bad_beat.is_some()))
}

/// The identity of the full-deck solve of `config` for a store of counts: the deck, the suit
/// isomorphism and every field of the configuration (raise sizes, the Odds and Bad Beat nets,
/// which carry the reading of a high-card win).
pub fn key(config: &Config) -> Key {
    let deck: Vec<String> = Deck::standard().cards().iter().map(|c| c.to_string()).collect();
    let inputs = [("deck", deck.join(" ")), ("suit isomorphism", "true".to_string()), ("config", format!("{config:?}"))];
    Key::new("heads-up-holdem base (class totals and flop plays over the flop classes)", &inputs, Combine::Sum)
}

/// The full deck with suit isomorphism, computed once per configuration: the counts come from
/// [`parsheet_shard::counted`] (computed here, or one shard of them, or a store's).
pub fn solve_cached(config: &Config) -> Result<std::sync::Arc<Exact>, String> {
    use std::sync::{Arc, Mutex};
    static CACHE: Mutex<Vec<(Config, Arc<Exact>)>> = Mutex::new(Vec::new());
    if let Some(x) = CACHE.lock().unwrap().iter().find(|c| c.0 == *config) {
        return Ok(x.1.clone());
    }
    let deck = Deck::standard();
    let tally = parsheet_shard::counted(&key(config), |shard| count_flops(deck.cards(), config, true, shard))?;
    let x = Arc::new(exact_from_tally(deck.cards(), config, true, &tally)?);
    CACHE.lock().unwrap().push((config.clone(), x.clone()));
    Ok(x)
}

/// The number of ordered deals of the full game, C(52,2)·C(50,3)·C(47,2)·C(45,2).
pub fn full_cycle() -> u64 {
    binomial(52, 2) * binomial(50, 3) * binomial(47, 2) * binomial(45, 2)
}

/// River values of `hole` on a five-card `board` of `deck`, in units of 1/scale Ante summed over
/// the dealer's hands: ([raise, fold], scale, dealer hands). The dealer's hands are counted one by
/// one (990 on the full deck), settled by the same slot nets as the sweep.
fn river_values(config: &Config, deck: &[Card], hole: CardSet, board: CardSet) -> ([i64; 2], i64, i64) {
    let e = Evaluator::get(Ranking::Standard);
    let ranks = ranks(e);
    let pay_den = config.pay_denominator();
    let sizes = config.sizes();
    let nets = config.slot_nets(pay_den);
    let player = e.evaluate(hole.union(board));
    let c = ranks.category[player.0 as usize] as usize;
    let rest: Vec<Card> = deck.iter().copied().filter(|x| !hole.contains(*x) && !board.contains(*x)).collect();
    let mut x = [0i64; 4];
    for d in parsheet_cards::Subsets::new(&rest, 2) {
        let dealer = e.evaluate(d.union(board));
        let qualifies = dealer.0 >= ranks.pair_threshold;
        use std::cmp::Ordering::*;
        let slot = match (player.cmp(&dealer), c == 0, qualifies) {
            (Greater, true, _) => 0,
            (Equal, true, _) => 1,
            (Less, true, false) => 2,
            (Less, true, true) => 3,
            (Greater, false, true) => 0,
            (Greater, false, false) => 1,
            (Equal, false, _) => 2,
            (Less, false, _) => 3,
        };
        x[slot] += 1;
    }
    let dealers: i64 = x.iter().sum();
    let (av, rv) = (0..4).fold((0, 0), |(a, r), i| (a + x[i] * nets[4 * c + i].0, r + x[i] * nets[4 * c + i].1));
    let scale = sizes.den * pay_den;
    ([sizes.den * av + sizes.river * pay_den * rv, -2 * scale * dealers], scale, dealers)
}

/// The value per Ante of every play at one spot of the full-deck game: before the flop (`board`
/// empty; needs the whole solution), on the flop (three cards; the flop's 1,081 turn-river
/// boards are solved for it), or at the river (five cards). Values are averages over the cards
/// the player has not seen, playing on optimally.
pub fn spot(config: &Config, hole: CardSet, board: CardSet) -> Result<Vec<(String, BigRational)>, String> {
    let deck = Deck::standard();
    config.validate()?;
    if hole.len() != 2 || !hole.is_disjoint(board) || hole.has_joker() || board.has_joker() {
        return Err("the hole is two cards, and hole and board are distinct natural cards".into());
    }
    let sizes = config.sizes();
    let name = |k: i64| format!("raise-{}", size_text(k, sizes.den));
    let with_min = |v: &mut Vec<(String, BigRational)>, max: i64, min_v: BigRational| {
        if sizes.min < max {
            v.push((name(sizes.min), min_v));
        }
    };
    match board.len() {
        0 => {
            let x = solve_cached(config)?;
            let c = x.class_of(hole).expect("every hole has a class");
            let (rmax, rmin, check) = x.preflop_values(c);
            let mut v = vec![(name(sizes.preflop_max), rmax), ("check".to_string(), check)];
            with_min(&mut v, sizes.preflop_max, rmin);
            Ok(v)
        }
        3 => {
            let e = Evaluator::get(Ranking::Standard);
            let ranks = ranks(e);
            let pay_den = config.pay_denominator();
            let kernel = Kernel { e, ranks: &ranks, nets: config.slot_nets(pay_den), sizes, pay_den };
            let rest: Vec<Card> = deck.cards().iter().copied().filter(|c| !board.contains(*c)).collect();
            let mut sums = FlopSums::default();
            kernel.flop(board, &rest, &symmetries(CardSet::from_cards(deck.cards().iter().copied())), &mut sums, &mut Scratch::new(52));
            let mut idx: Vec<usize> = hole.iter().map(|c| rest.iter().position(|r| *r == c).unwrap()).collect();
            idx.sort_unstable();
            let p = pair_index(idx[0], idx[1], rest.len());
            let (vmax, vmin, check) = flop_values(&sums, p, sizes, pay_den);
            let d = (sizes.den * pay_den) as i128 * (binomial(45, 2) * binomial(47, 2)) as i128;
            let r = |x: i64| BigRational::new(BigInt::from(x), BigInt::from(d));
            let mut v = vec![(name(sizes.flop_max), r(vmax)), ("check".to_string(), r(check))];
            with_min(&mut v, sizes.flop_max, r(vmin));
            Ok(v)
        }
        5 => {
            let ([raise, fold], scale, dealers) = river_values(config, deck.cards(), hole, board);
            let r = |x: i64| BigRational::new(BigInt::from(x), BigInt::from(scale as i128 * dealers as i128));
            Ok(vec![(name(sizes.river), r(raise)), ("fold".to_string(), r(fold))])
        }
        n => Err(format!("a decision is made with no board, the flop (3 cards) or the full board (5 cards), not {n} cards")),
    }
}

/// The deals on which the player's final hand is a straight or better and loses to a qualifying
/// dealer (the Bad Beat, 677a.11(h)(2)(iii)(B)), by category, best first, and `other`.
///
/// These count every such deal of the cycle, whatever the strategy: nobody folds before the
/// river, and at the river a straight or better never does worse by raising than by folding
/// when its Odds win and Bad Beat nets are not negative (deal by deal: a win or tie is worth at
/// least 0, a loss −1 − 1 + N ≥ −2, the fold; a non-qualifying dealer cannot beat a straight).
/// So under any two Bad Beat tables meeting that condition the optimal strategies differ only
/// between plays of equal value, every decision's options shift by the same Bad Beat amount,
/// and the house edge is linear in the Bad Beat pays: `edge(T) = edge(T0) + (bb(T) − bb(T0))`
/// where `bb` is the analysis of these counts under a table (see [`bad_beat_is_linear`]).
pub fn bad_beat_counts(x: &Exact) -> OutcomeCounts {
    let mut rows = Vec::new();
    for c in (4..10).rev() {
        let n: u64 = x.classes.iter().map(|k| k.totals.showdown[4 * c + 3]).sum();
        rows.push((CATEGORIES[c].to_string(), n as u128));
    }
    let paid: u128 = rows.iter().map(|r| r.1).sum();
    rows.push((crate::OTHER.to_string(), x.cycle as u128 - paid));
    OutcomeCounts::new(x.cycle as u128, rows).expect("every deal counted once")
}

/// Whether [`bad_beat_counts`]' linearity holds for `config`: the Odds pays every winning
/// straight or better and the Bad Beat pays every losing one a net of at least 0.
/// A royal flush never loses (at most it ties a royal on the board), so its Bad Beat line, if
/// any, does not matter.
pub fn bad_beat_is_linear(config: &Config) -> bool {
    (4..10).all(|c| config.odds_win[c].0 >= 0) && (4..9).all(|c| config.odds_lose[c].0 >= 0)
}

/// One line of a strategy a dealer could teach: a situation, the play the rule makes there (the
/// play the optimal strategy makes most often in it), and how many of its spots (weighted by
/// deals) the optimal strategy raises in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleLine {
    pub situation: String,
    pub play: &'static str,
    /// Spots (decision points reached under the optimal strategy), in units of equally likely
    /// spots of the street.
    pub spots: u64,
    pub raises: u64,
}

impl RuleLine {
    /// Spots where the rule's play is the optimal one.
    pub fn right(&self) -> u64 {
        self.raises.max(self.spots - self.raises)
    }
}

/// The flop rule: situations after a pre-flop check, by what the player makes with his hole
/// cards and his flush draws. Flop spots stand for equally many deals each.
pub fn flop_rule(x: &Exact) -> Vec<RuleLine> {
    let e = Evaluator::get(Ranking::Standard);
    let names = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let mut lines: Vec<RuleLine> = Vec::new();
    let mut add = |situation: String, raise: bool, w: u64| match lines.iter_mut().find(|l| l.situation == situation) {
        Some(l) => {
            l.spots += w;
            l.raises += if raise { w } else { 0 };
        }
        None => lines.push(RuleLine { situation, play: "", spots: w, raises: if raise { w } else { 0 } }),
    };
    let mut flops: Vec<(&CardSet, &(u64, Vec<FlopPlay>))> = x.flop_plays.iter().collect();
    flops.sort_by_key(|f| *f.0);
    for (&flop, (weight, plays)) in flops {
        let rest: Vec<Card> = x.deck.iter().copied().filter(|c| !flop.contains(*c)).collect();
        let flop_pairs = 3 - flop.ranks().count_ones() as usize;
        for i in 0..rest.len() {
            for j in i + 1..rest.len() {
                let hole = CardSet::from_cards([rest[i], rest[j]]);
                if x.class_of(hole).map(|c| c.play) != Some(Preflop::Check) {
                    continue;
                }
                let raise = plays[pair_index(i, j, rest.len())] != FlopPlay::Check;
                let five = hole.union(flop);
                let c = category_index(e.category(e.evaluate(five)));
                let flop_c = [0, 1, 3][flop_pairs];
                let situation = if c >= 4 {
                    "straight or better".to_string()
                } else if c > flop_c && c >= 2 {
                    format!("{} with a hole card", CATEGORIES[c].replace('-', " "))
                } else if c > flop_c {
                    // A pair with a hole card: the pair's rank.
                    let r = (0..13u8).rev().find(|&r| five.count_rank(parsheet_cards::Rank(r)) == 2).unwrap();
                    format!("pair of {}s with a hole card", names[r as usize])
                } else {
                    let draw = parsheet_cards::Suit::ALL.iter().find(|&&s| five.suit_ranks(s).count_ones() >= 4 && hole.suit_ranks(s) != 0);
                    match draw {
                        Some(&s) => format!("four to a flush, best hole card {} in the suit", names[15 - hole.suit_ranks(s).leading_zeros() as usize]),
                        None => {
                            let high = 15 - hole.ranks().leading_zeros() as usize;
                            format!("nothing with the hole cards, best hole card {}", names[high])
                        }
                    }
                };
                add(situation, raise, *weight);
            }
        }
    }
    for l in &mut lines {
        l.play = if 2 * l.raises > l.spots { "raise" } else { "check" };
    }
    lines.sort_by(|a, b| (b.raises * a.spots).cmp(&(a.raises * b.spots)));
    lines
}

/// The river rule: situations after checking twice, by the player's category and whether his
/// hole cards play (his hand beats the board alone).
pub fn river_rule(x: &Exact) -> Vec<RuleLine> {
    let mut counts = [0u64; RIVER_RULE];
    for c in x.classes.iter().filter(|c| c.play == Preflop::Check) {
        for i in 0..RIVER_RULE {
            counts[i] += c.totals.river_rule[i];
        }
    }
    let mut lines = Vec::new();
    let order = (10..26).rev().chain([7, 8, 9, 26, 27, 28, 6]).chain((0..6).rev());
    for k in order {
        let (fold, raise) = (counts[2 * k], counts[2 * k + 1]);
        if fold + raise > 0 {
            lines.push(RuleLine { situation: river_situation_name(k), play: if raise > fold { "raise" } else { "fold" }, spots: fold + raise, raises: raise });
        }
    }
    lines
}
