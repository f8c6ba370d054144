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
//! Measured: 3.0 CPU-s against 21.3 (docs/PERFORMANCE.md); the tables take about 80% of it (some
//! 20 ns an entry), the holes about 15%. A flop class holds 60,426 to 77,281 entries (rainbow,
//! two-tone and monotone flops alike), so flop classes are even units of work for threads and
//! shards; nothing runs serially but the setup (the classes of flops and holes), the tally's
//! assembly and the pre-flop step after the merge. Types pay only where suits are many: on a
//! two-suit deck every board is a flush board and a card outside the flush suit is alone of its
//! type, so patterns are boards and type pairs holdings, and the kernel is slower than a
//! board-by-board sweep would be (1.5× on the 26-card bench deck).
//!
//! The game's two readings of a high-card win differ only in the Odds' net on it, so a pass
//! counts both ([`count_flops_together`]): an entry's counts are ranked, sorted and swept once,
//! each reading decides its river play from them (one bit each in the entry) and sums its own
//! kinds per hole and settles its own plays. Measured, a pass of both costs about 1.5 times a
//! pass of one, so only a process that asks both counts them together ([`expect_every_reading`]).
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
//!
//! # The files
//!
//! This file holds the configuration, the suit symmetries and the entry points; `kernel` the
//! flop kernel; `tally` the flop loop, its tally for shards and the pre-flop step after the merge;
//! `exact` the solution's answers (the play at a spot, outcome counts, the common `Solution`);
//! `rules` the river situations and the flop and river rules a dealer could teach.

mod exact;
mod kernel;
pub mod plan;
mod rules;
mod tally;

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_cards::{binomial, Card, CardSet, Deck};
use parsheet_eval::{Category, Evaluator, Ranking};
use parsheet_paytable::Paytable;
use parsheet_shard::{Combine, Key, Shard, Tally};

use crate::solution::Solution;
use crate::OutcomeCounts;

pub use exact::{hole_name, to_solution, Action, Exact};
use exact::size_text;
use kernel::{FlopSums, Kernel, Pays, Ranks, Scratch};
pub use rules::{flop_rule, river_rule, RuleLine};
pub use tally::{count_flops, count_flops_together, exact_from_tally, ClassTotals};

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

/// The readings of a win below a pair (the game's variants), each with the Odds' net on it: the
/// Odds pays no high-card line (677a.12(b)), and the text says a winning Odds is paid.
const HIGH_CARD_READINGS: [(&str, Ratio); 2] = [("odds-push-below-pair", (0, 1)), ("odds-lose-below-pair", (-1, 1))];

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
                (0, None) => match HIGH_CARD_READINGS.iter().find(|r| r.0 == variant) {
                    Some(r) => r.1,
                    None => return Err(format!("unknown reading {variant:?} of heads-up-holdem")),
                },
                _ => small(crate::solution::line_net(odds, name)?, &odds.id)?,
            };
            if let Some(bb) = bad_beat {
                // Only a straight or better is eligible (677a.1, 677a.11(h)(2)(iii)(B)).
                if i >= 4 {
                    odds_lose[i] = small(crate::solution::line_net(bb, name)?, &bb.id)?;
                }
            }
        }
        Ok(Config { preflop_max: 3, flop_max: 2, river: 1, min_raise: (1, 1), odds_win, odds_lose })
    }

    /// The same configuration under the game's other readings of a high-card win, where this
    /// one is under one of them.
    fn other_readings(&self) -> Vec<Config> {
        if !HIGH_CARD_READINGS.iter().any(|r| r.1 == self.odds_win[0]) {
            return Vec::new();
        }
        HIGH_CARD_READINGS
            .iter()
            .filter(|r| r.1 != self.odds_win[0])
            .map(|r| {
                let mut c = self.clone();
                c.odds_win[0] = r.1;
                c
            })
            .collect()
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

/// The three cards of a flop.
fn three(flop: CardSet) -> [Card; 3] {
    let mut cards = flop.iter();
    std::array::from_fn(|_| cards.next().expect("a flop holds three cards"))
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

/// Solves the game on `deck` (any subset of the 52 cards) exactly, in one process. With `iso`,
/// flops are taken one per class of the deck's suit symmetries; without, every flop is solved
/// (for tests).
pub fn solve_deck(deck: &[Card], config: &Config, iso: bool) -> Result<Exact, String> {
    exact_from_tally(deck, config, iso, &count_flops(deck, config, iso, Shard::WHOLE)?)
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
///
/// Where the process will ask for every reading ([`expect_every_reading`]), a whole count also
/// counts, in the same pass, the configuration under the game's other readings of a high-card
/// win not yet solved here ([`count_flops_together`]), and keeps their tallies until asked. (A
/// reading already in the store is counted again this way, and its tally dropped when it is
/// asked: the store cannot be asked whether it holds a key without reading it.)
pub fn solve_cached(config: &Config) -> Result<std::sync::Arc<Exact>, String> {
    use std::sync::{Arc, Mutex};
    static CACHE: Mutex<Vec<(Config, Arc<Exact>)>> = Mutex::new(Vec::new());
    static AHEAD: Mutex<Vec<(Config, Tally)>> = Mutex::new(Vec::new());
    let solved = |c: &Config| CACHE.lock().unwrap_or_else(|e| e.into_inner()).iter().find(|x| x.0 == *c).map(|x| x.1.clone());
    if let Some(x) = solved(config) {
        return Ok(x);
    }
    let deck = Deck::standard();
    let tally = parsheet_shard::counted(&key(config), |shard| {
        if !shard.is_whole() {
            return count_flops(deck.cards(), config, true, shard);
        }
        let mut ahead = AHEAD.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = ahead.iter().position(|a| a.0 == *config) {
            return Ok(ahead.swap_remove(i).1);
        }
        drop(ahead);
        let others: Vec<Config> = match EVERY_READING.load(std::sync::atomic::Ordering::Relaxed) {
            true => config.other_readings().into_iter().filter(|c| solved(c).is_none()).collect(),
            false => Vec::new(),
        };
        let together: Vec<Config> = std::iter::once(config.clone()).chain(others.iter().cloned()).collect();
        let mut tallies = count_flops_together(deck.cards(), &together, true, shard)?;
        let own = tallies.remove(0);
        let mut ahead = AHEAD.lock().unwrap_or_else(|e| e.into_inner());
        ahead.retain(|a| !others.contains(&a.0));
        ahead.extend(others.into_iter().zip(tallies));
        Ok(own)
    })?;
    // Whether or not the store held it, a tally counted ahead for this configuration is done with.
    AHEAD.lock().unwrap_or_else(|e| e.into_inner()).retain(|a| a.0 != *config);
    let x = Arc::new(exact_from_tally(deck.cards(), config, true, &tally)?);
    CACHE.lock().unwrap_or_else(|e| e.into_inner()).push((config.clone(), x.clone()));
    Ok(x)
}

static EVERY_READING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Says that this process will ask for the game under every reading of a high-card win (the
/// report, `verify`): [`solve_cached`] then counts the other readings in the pass that counts
/// the first. Measured on the full deck, one pass of both readings costs about 1.5 times one
/// reading's, so a process asking one reading does not say this.
pub fn expect_every_reading() {
    EVERY_READING.store(true, std::sync::atomic::Ordering::Relaxed);
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
    let ranks = Ranks::new(e);
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
            let ranks = Ranks::new(e);
            let pay_den = config.pay_denominator();
            let kernel = Kernel { e, ranks: &ranks, pays: vec![Pays { nets: config.slot_nets(pay_den), pay_den }], sizes };
            let rest: Vec<Card> = deck.cards().iter().copied().filter(|c| !board.contains(*c)).collect();
            let mut sums = FlopSums::default();
            kernel.flop(&three(board), &rest, std::slice::from_mut(&mut sums), &mut Scratch::default());
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
