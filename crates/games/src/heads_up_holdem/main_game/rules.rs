//! River situations (the kernel files every (hole, board) under one) and the strategy as rules a
//! dealer could teach: the flop and river plays grouped by situations a person can name.

use parsheet_cards::{Card, CardSet};
use parsheet_eval::{Evaluator, Ranking};

use rayon::prelude::*;

use super::exact::Exact;
use super::{category_index, pair_index, FlopPlay, Preflop, CATEGORIES, RIVER_RULE};

/// A river situation a dealer can name: the player's category, whether his hand beats the board
/// alone (a hole card plays), and for the common hands a little more: a pair with a hole card by
/// where it stands against the board (top pair or an overpair, second pair, lower), the board's
/// own pair by whether a hole card plays as a kicker, a high card with a hole card by the best
/// hole card (ace, king, queen, jack, ten or lower).
/// `pair_rank` is the rank of a pair, `board_top` and `board_second` the board's two highest
/// ranks, `high` the highest hole card's rank.
pub(super) fn river_situation(category: usize, hole_plays: bool, board_paired: bool, pair_rank: u8, board_top: u8, board_second: u8, high: u8) -> usize {
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

/// The hand category of every hand in river situation `k`.
pub(super) fn situation_category(k: usize) -> usize {
    match k {
        0..=5 => 0,
        6..=9 | 26..=28 => 1,
        _ => (k - 10) / 2 + 2,
    }
}

/// The words of each river situation.
pub(super) fn river_situation_name(k: usize) -> String {
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
    // Holes whose class checks before the flop, by their cards' indexes.
    let mut checks = vec![false; 64 * 64];
    for (i, &a) in x.deck.iter().enumerate() {
        for &b in &x.deck[i + 1..] {
            let check = x.class_of(CardSet::from_cards([a, b])).map(|c| c.play) == Some(Preflop::Check);
            checks[a.index() as usize * 64 + b.index() as usize] = check;
        }
    }
    let mut flops: Vec<(&CardSet, &(u64, Vec<FlopPlay>))> = x.flop_plays.iter().collect();
    flops.sort_by_key(|f| *f.0);
    // Per situation: spots, raises, and its first (flop, hole) in the order above, which orders
    // situations of equal raise frequency.
    let tally = flops
        .par_iter()
        .enumerate()
        .fold(FlopSituations::default, |mut acc, (f, &(&flop, (weight, plays)))| {
            let rest: Vec<Card> = x.deck.iter().copied().filter(|c| !flop.contains(*c)).collect();
            let flop_c = [0, 1, 3][3 - flop.ranks().count_ones() as usize];
            for i in 0..rest.len() {
                for j in i + 1..rest.len() {
                    if !checks[rest[i].index() as usize * 64 + rest[j].index() as usize] {
                        continue;
                    }
                    let p = pair_index(i, j, rest.len());
                    let hole = CardSet::from_cards([rest[i], rest[j]]);
                    let five = hole.union(flop);
                    let c = category_index(e.category(e.evaluate(five)));
                    let k = flop_situation(c, flop_c, hole, five);
                    acc.add(k, plays[p] != FlopPlay::Check, *weight, (f, p));
                }
            }
            acc
        })
        .reduce(FlopSituations::default, FlopSituations::merge);
    let mut seen: Vec<usize> = (0..FLOP_SITUATIONS).filter(|&k| tally.spots[k] > 0).collect();
    seen.sort_by_key(|&k| tally.first[k]);
    let mut lines: Vec<RuleLine> = seen
        .into_iter()
        .map(|k| {
            let (spots, raises) = (tally.spots[k], tally.raises[k]);
            RuleLine { situation: flop_situation_name(k), play: if 2 * raises > spots { "raise" } else { "check" }, spots, raises }
        })
        .collect();
    lines.sort_by(|a, b| (b.raises * a.spots).cmp(&(a.raises * b.spots)));
    lines
}

/// Flop situations (see [`flop_situation`]): kind × 13 ranks.
pub(super) const FLOP_SITUATIONS: usize = 6 * 13;

/// Spots and raises by flop situation, with the first spot of each.
struct FlopSituations {
    spots: [u64; FLOP_SITUATIONS],
    raises: [u64; FLOP_SITUATIONS],
    first: [(usize, usize); FLOP_SITUATIONS],
}

impl Default for FlopSituations {
    fn default() -> FlopSituations {
        FlopSituations { spots: [0; FLOP_SITUATIONS], raises: [0; FLOP_SITUATIONS], first: [(usize::MAX, 0); FLOP_SITUATIONS] }
    }
}

impl FlopSituations {
    fn add(&mut self, k: usize, raise: bool, w: u64, at: (usize, usize)) {
        self.spots[k] += w;
        self.raises[k] += if raise { w } else { 0 };
        self.first[k] = self.first[k].min(at);
    }

    fn merge(mut self, o: FlopSituations) -> FlopSituations {
        for k in 0..FLOP_SITUATIONS {
            self.spots[k] += o.spots[k];
            self.raises[k] += o.raises[k];
            self.first[k] = self.first[k].min(o.first[k]);
        }
        self
    }
}

/// What the player has on the flop with his hole cards (category `c` of the five cards, the
/// flop alone being `flop_c`), as `kind * 13 + rank`. Kind 0 holds a straight or better (0) and
/// two pair or three of a kind with a hole card (their categories, 2 and 3); kind 1 a pair with
/// a hole card, by the pair's rank; kind 2 four to a flush with a hole card, by the best hole
/// card in the suit; kind 3 nothing, by the best hole card.
pub(super) fn flop_situation(c: usize, flop_c: usize, hole: CardSet, five: CardSet) -> usize {
    if c >= 4 {
        0
    } else if c > flop_c && c >= 2 {
        c
    } else if c > flop_c {
        let r = (0..13u8).rev().find(|&r| five.count_rank(parsheet_cards::Rank(r)) == 2).unwrap();
        13 + r as usize
    } else {
        let draw = parsheet_cards::Suit::ALL.iter().find(|&&s| five.suit_ranks(s).count_ones() >= 4 && hole.suit_ranks(s) != 0);
        match draw {
            Some(&s) => 26 + 15 - hole.suit_ranks(s).leading_zeros() as usize,
            None => 39 + 15 - hole.ranks().leading_zeros() as usize,
        }
    }
}

/// The words of each flop situation.
pub(super) fn flop_situation_name(k: usize) -> String {
    const NAMES: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let rank = NAMES[k % 13];
    match k / 13 {
        0 if k == 0 => "straight or better".to_string(),
        0 => format!("{} with a hole card", CATEGORIES[k].replace('-', " ")),
        1 => format!("pair of {rank}s with a hole card"),
        2 => format!("four to a flush, best hole card {rank} in the suit"),
        _ => format!("nothing with the hole cards, best hole card {rank}"),
    }
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
