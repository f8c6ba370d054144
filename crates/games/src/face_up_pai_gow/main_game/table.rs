//! The setting table: every house way's optimal-player result at once.
//!
//! # What it holds
//!
//! A house way sets every dealer hand of a *dealer class* alike (module essay, "Classes"): the
//! hands of one rank class that cannot flush (67,600 on the full deck), and the hands of one
//! flush pattern (224,653: ranks in
//! the flush suit, other ranks, joker). For every dealer class and each of its distinct legal
//! settings — distinct (high value, low value) pairs with the high at least the low, § 688a.11(c)
//! — the table holds the optimal player's win and lose counts summed over the dealer hands of the
//! class (the push count is the rest of `hands · C(46, 7)`). The full deck has 703,901 settings of
//! rank classes and 3,366,124 of patterns: 4,070,025 rows, two integers each.
//!
//! A house way's optimal-player result is then one lookup per class (its setting's row) and a
//! sum; the dealer's Ace High pushes are a property of the class, not of the way. The house-way
//! player, who sets his own hand by the way, is not in the table: his count needs the way.
//!
//! A rank class whose hands push as an Ace High Pai Gow under the reading has its rows counted
//! too (the table's time did not change beyond the machine's noise: docs/PERFORMANCE.md), but
//! kept apart: a way's result, the bounds and the edits read it as pushing whatever its
//! setting. The other reading pushes a few of these classes no more
//! (or more), so its difference from this reading's counts is one lookup per such class
//! ([`SettingTable::reading_difference`]) instead of a count of its own.
//!
//! Since every class may show any of its settings, the best and worst the optimal player can face
//! over all house ways a casino could file (at this granularity) are a minimum and a maximum of
//! `win − lose` per class ([`SettingTable::bounds`]).
//!
//! # How it is counted
//!
//! With the engine of the one-way solve (`main_game/engine.rs`), asked at every legal setting instead
//! of one way's: each rank class's whole count at each of its settings, each pattern's count at
//! each of its settings and at each of its rank class's (to take the pattern's hands off the
//! class's whole count), one channel pair (optimal win, optimal not-lose). The engine's costs
//! scale with the questions asked, not with the settings' product with the player's hands:
//!
//! | part | one way (both policies) | table (optimal only) |
//! |---|---:|---:|
//! | Möbius terms: queries Σ_J Σ_{R ≥ J} (settings asked of R) | ~10 M | ~200 M |
//! | same-suit groups: grid cells | small | ~3 G |
//! | other-suit sweep: queries × off-suit groups | ~0.5 M × 200 | ~3.6 M × 200 |
//!
//! Measured one way, at the time: about 34 CPU-s on the 2-core machine (Möbius 9, same suit 8,
//! other suits 12, the rest tables and house way). Estimate for the table: Möbius about 3 times
//! (its queries dominate once 30-100 canonical settings are asked per rank class), same suit about
//! 2 times (grids over 16 times the queries), other suits about 4 times (7 times the queries, half
//! the channels): about 110-130 CPU-s, under 4 times one way (the issue asks at most 5), peak
//! memory about 0.5 GB (4 million rows of atomic sums and the tally). Measured
//! (docs/PERFORMANCE.md): about 34 CPU-s, 1.5 times one way, 0.9 GB (on 2026-11-30's machine and
//! code: about 24 CPU-s, and 18 for one way). Each part grew less than estimated because each
//! unit's fixed work (its points, its sweep over the corners) does not grow with the questions:
//! Möbius terms about 1.4 times one way's, same-suit groups 1.2, other suits 3. Counted on the full
//! deck (2026-11-29): 119 M Möbius queries over 237 M points, 729 M same-suit grid cells (not 3 G),
//! 2.55 G same-suit corner additions (2.23 G since a mask's patterns' corners are merged), 495 M
//! other-suit key updates.
//!
//! The table is a [`Tally`] (part `table`: win and lose per row, in class order, then each
//! class's settings by value) counted through [`parsheet_shard::counted`] under a [`Key`] naming
//! the deck and the Ace High reading, so it is computed once and cached; its units are the
//! engine's, so it shards like the one-way solve.

use num_rational::BigRational;
use parsheet_cards::CardSet;
use parsheet_shard::{Combine, Key, Shard, Tally};
use rayon::prelude::*;

use super::engine::{self, Queries};
use super::players::{Csr, Tables};
use super::{check_units, units_part, AceHigh, Deck, DealerSide};
use crate::house_way::{facts, settings, HouseWay, Shape};

/// An optimal-player result: win, push and lose against dealers without an Ace High Pai Gow, the
/// Ace High pushes, and the cycle of ordered deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub win: u128,
    pub push: u128,
    pub lose: u128,
    pub ace_high: u128,
    pub cycle: u128,
}

impl Outcome {
    /// The player's expected net per unit wagered, (win − lose) / cycle.
    pub fn expected_net(&self) -> BigRational {
        crate::solution::ratio(self.win as i128 - self.lose as i128, self.cycle)
    }

    pub fn house_edge(&self) -> BigRational {
        -self.expected_net()
    }

    /// Returned per unit wagered (the wager is never raised): 1 + the expected net.
    pub fn payback(&self) -> BigRational {
        self.expected_net() + crate::solution::ratio(1, 1)
    }
}

/// What the table depends on: the deck and the Ace High reading (no house way).
pub fn table_key(deck: Deck, reading: AceHigh) -> Key {
    Key::new(
        "face-up-pai-gow setting table",
        &[("counts", "face-up-pai-gow setting table, optimal player, win and lose per (dealer class, setting), the classes that push as an Ace High Pai Gow too, v2".into()), ("deck", format!("{deck:?}")), ("ace-high", reading.id().into())],
        Combine::Sum,
    )
}

/// The dealer classes of a deck with their settings and hands.
struct Rows {
    tables: Tables,
    side: DealerSide,
}

impl Rows {
    fn new(deck: Deck, reading: AceHigh) -> Rows {
        let tables = Tables::build(deck, None);
        let side = DealerSide::new(&tables, reading);
        Rows { tables, side }
    }

    /// Dealer hands of class k, and whether they push as an Ace High Pai Gow.
    fn hands(&self, k: usize) -> (u64, bool) {
        let t = &self.tables;
        match k.checked_sub(t.classes.len()) {
            None => (self.side.no_flush[k], self.side.ace[k]),
            Some(p) => (t.pattern_hands(&t.patterns[p]), false),
        }
    }

    fn rows(&self) -> usize {
        self.tables.settings.len()
    }
}

/// Counts the units `shard` owns of the table: part `table` holds, per row (dealer class, then
/// its settings by value), the optimal player's win and lose counts (shard 0 adds each row's
/// deals, the others only take off their not-lose counts); part `units` the checksum.
pub fn table_shard(deck: Deck, reading: AceHigh, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> Tally {
    let rows = Rows::new(deck, reading);
    let t = &rows.tables;
    let dense = |&(h, l): &(u16, u16)| (t.dense_high(h), t.dense_low(l));
    // Every class is asked, those that push under the reading too: their rows are what another
    // reading, under which they play, reads (`SettingTable::played`).
    let nf = Csr::from_lists((0..t.classes.len()).map(|c| t.settings_of(c).iter().map(dense).collect()));
    let fl = Csr::from_lists((0..t.patterns.len()).map(|p| {
        let c = t.patterns[p].class as usize;
        let mut v: Vec<(u16, u8)> = t.settings_of(t.classes.len() + p).iter().map(dense).collect();
        v.extend(t.settings_of(c).iter().map(dense));
        v.sort_unstable();
        v.dedup();
        v
    }));
    let q = Queries { nf, fl, nch: 2 };
    let (partial, n_units) = engine::solve(t, &q, shard, progress);
    let unseen = deck.unseen() as i128;
    let first = shard.index() == 0;
    let fl_at = |p: usize, s: (u16, u8)| q.fl.range(p).start + q.fl.get(p).binary_search(&s).expect("asked");
    // Rows by dealer class, in parallel: a rank class's hands that cannot flush are its whole
    // count less its patterns' at the same setting.
    let per_class: Vec<Vec<i128>> = (0..t.dealer_classes())
        .into_par_iter()
        .map(|k| {
            let hands = rows.hands(k).0;
            let settings = t.settings_of(k);
            let deals = if first { hands as i128 * unseen } else { 0 };
            let mut out = Vec::with_capacity(2 * settings.len());
            for (i, s) in settings.iter().enumerate() {
                let v: [i128; 2] = match k.checked_sub(t.classes.len()) {
                    None => {
                        let mut v = partial.nf[q.nf.range(k).start + i].map(|x| x as i128);
                        for p in t.by_class[k].clone() {
                            let f = partial.fl[fl_at(p as usize, dense(s))];
                            v[0] -= f[0] as i128;
                            v[1] -= f[1] as i128;
                        }
                        [v[0], v[1]]
                    }
                    Some(p) => {
                        let f = partial.fl[fl_at(p, dense(s))];
                        [f[0] as i128, f[1] as i128]
                    }
                };
                out.push(v[0]);
                out.push(deals - v[1]);
            }
            out
        })
        .collect();
    let out: Vec<i128> = per_class.into_iter().flatten().collect();
    debug_assert_eq!(out.len(), 2 * rows.rows());
    Tally::new().with("table", out).with("units", units_part(&partial, n_units, shard))
}

/// The optimal player's counts for every (dealer class, setting) of a deck.
pub struct SettingTable {
    deck: Deck,
    reading: AceHigh,
    rows: Rows,
    /// Zero in the rows of a class that pushes as an Ace High Pai Gow under the reading: every
    /// result, bound and edit reads these.
    win: Vec<u64>,
    lose: Vec<u64>,
    /// The rows of the classes that push, as if their hands played: another reading's difference
    /// from this one's reads them ([`SettingTable::played`]).
    if_played: std::collections::BTreeMap<usize, (u64, u64)>,
    /// Each class's shape and whether it can make a straight or flush, found once (every way
    /// compared by shape reads them).
    shapes: std::sync::OnceLock<Vec<(Shape, bool)>>,
}

/// The table through the program's store (computed once per deck and reading, then cached).
pub fn setting_table(deck: Deck, reading: AceHigh, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<SettingTable, String> {
    let tally = parsheet_shard::counted(&table_key(deck, reading), |shard| Ok(table_shard(deck, reading, shard, progress)))?;
    table_from_tally(deck, reading, &tally)
}

/// The table of `deck` under `reading` where the program's store already holds it (the results
/// cache), else `None`: nothing is counted.
pub fn stored_setting_table(deck: Deck, reading: AceHigh) -> Result<Option<SettingTable>, String> {
    const NOT_STORED: &str = "the setting table is not stored";
    match parsheet_shard::counted(&table_key(deck, reading), |_| Err(NOT_STORED.to_string())) {
        Ok(tally) => table_from_tally(deck, reading, &tally).map(Some),
        Err(e) if e == NOT_STORED => Ok(None),
        Err(e) => Err(e),
    }
}

/// The table from the sum of every shard's tally, checked: every unit once, every row's counts
/// non-negative and within its deals.
pub fn table_from_tally(deck: Deck, reading: AceHigh, tally: &Tally) -> Result<SettingTable, String> {
    check_units(tally)?;
    let rows = Rows::new(deck, reading);
    let n = rows.rows();
    let all = tally.get("table", 2 * n)?;
    let unseen = deck.unseen() as u128;
    let mut win = vec![0u64; n];
    let mut lose = vec![0u64; n];
    let mut if_played = std::collections::BTreeMap::new();
    let t = &rows.tables;
    for k in 0..t.dealer_classes() {
        let (hands, is_ace) = rows.hands(k);
        for row in t.set_at[k] as usize..t.set_at[k + 1] as usize {
            let (w, l) = (all[2 * row], all[2 * row + 1]);
            if !(w >= 0 && l >= 0 && (w + l) as u128 <= hands as u128 * unseen) {
                return Err(format!("the setting table's row {row} (dealer class {k}) holds win {w} and lose {l}, not counts of its {} deals", hands as u128 * unseen));
            }
            // A class that pushes shows no row to a way's result; its counts are kept apart.
            if is_ace {
                if_played.insert(row, (w as u64, l as u64));
            } else {
                win[row] = w as u64;
                lose[row] = l as u64;
            }
        }
    }
    Ok(SettingTable { deck, reading, rows, win, lose, if_played, shapes: std::sync::OnceLock::new() })
}

/// A dealer class's choice of setting (a row of the table), for every class.
type Choice = Vec<usize>;

impl SettingTable {
    pub fn deck(&self) -> Deck {
        self.deck
    }

    pub fn reading(&self) -> AceHigh {
        self.reading
    }

    /// Dealer classes (rank classes, then patterns).
    pub fn classes(&self) -> usize {
        self.rows.tables.dealer_classes()
    }

    /// A hand of dealer class k, its dealer hands, and whether they push as an Ace High Pai Gow.
    pub fn class(&self, k: usize) -> (CardSet, u64, bool) {
        let (hands, ace) = self.rows.hands(k);
        (self.rows.tables.dealer_hand(k), hands, ace)
    }

    /// The legal settings (high value, low value) of class k, and its rows' win and lose counts.
    pub fn rows_of(&self, k: usize) -> impl Iterator<Item = ((u16, u16), u64, u64)> + '_ {
        let r = self.rows.tables.set_at[k] as usize..self.rows.tables.set_at[k + 1] as usize;
        self.rows.tables.settings[r.clone()].iter().zip(r).map(|(&s, row)| (s, self.win[row], self.lose[row]))
    }

    /// The row of each dealer class that `way` sets it to, through the program's store: kept
    /// whole in the results cache under the way's rules, the deck and the reading, as each
    /// class's setting among its own legal ones (checked to be one when read back), so a way
    /// priced before is not set again hand by hand.
    pub fn choice(&self, way: &HouseWay) -> Result<Choice, String> {
        self.choices(&[way]).pop().expect("one way asked")
    }

    /// [`SettingTable::choice`] of each of `ways`. Where any is not in the store, all are set
    /// together in one pass over the classes (each class's settings and facts found once for
    /// every way) and each is stored under its own key.
    pub fn choices(&self, ways: &[&HouseWay]) -> Vec<Result<Choice, String>> {
        let at = &self.rows.tables.set_at;
        let mut counted: Option<Vec<Result<Choice, String>>> = None;
        let mut choice_of = |i: usize, way: &HouseWay| -> Result<Choice, String> {
            let tally = parsheet_shard::counted(&self.choice_key(way), |_| {
                let rows = counted.get_or_insert_with(|| self.choices_counted(ways));
                let rows = std::mem::replace(&mut rows[i], Err("the rows of one way asked twice of one pass (a bug: please report it)".into()))?;
                Ok(parsheet_shard::Tally::new().with("setting", rows.iter().enumerate().map(|(k, &row)| (row - at[k] as usize) as i128).collect()))
            })?;
            let within = tally.get("setting", self.classes())?;
            within
                .iter()
                .enumerate()
                .map(|(k, &i)| {
                    let row = at[k] as i128 + i;
                    if i < 0 || row >= at[k + 1] as i128 {
                        return Err(format!("a kept setting of house way {} that is not one of its class's: recount with --no-cache", way.id));
                    }
                    Ok(row as usize)
                })
                .collect()
        };
        ways.iter().enumerate().map(|(i, way)| choice_of(i, way)).collect()
    }

    /// What [`SettingTable::choice`] of `way` is kept under.
    fn choice_key(&self, way: &HouseWay) -> Key {
        Key::new(
            "face-up-pai-gow setting table: the setting a house way gives each dealer class",
            &[
                ("rows", "each class's setting among its legal ones, v1".into()),
                ("deck", format!("{:?}", self.deck)),
                ("ace-high", self.reading.id().into()),
                ("house-way", format!("{:?}", way.rules)),
            ],
            Combine::Sum,
        )
        .whole()
    }

    /// [`SettingTable::choices`] counted: each class's hand set by every way, its settings and
    /// facts found once (its shape kept for [`SettingTable::shapes`] on the way).
    fn choices_counted(&self, ways: &[&HouseWay]) -> Vec<Result<Choice, String>> {
        // Rows class by class, a word per way (a few bytes a class, not a list): a way that
        // leaves a class unset, or sets it illegally, is marked, and its words found again.
        const UNSET: u32 = u32::MAX;
        const NOT_LEGAL: u32 = u32::MAX - 1;
        let n = ways.len();
        if n == 0 {
            return Vec::new();
        }
        let mut rows = vec![0u32; self.classes() * n];
        let shapes: Vec<(Shape, bool)> = rows
            .par_chunks_mut(n)
            .enumerate()
            .map(|(k, rows)| {
                let hand = self.rows.tables.dealer_hand(k);
                let all = settings(hand);
                let f = facts(hand, &all);
                for (row, way) in rows.iter_mut().zip(ways) {
                    *row = match way.set_by_facts(&f, &all) {
                        Err(_) => UNSET,
                        Ok(s) => self.row_of(k, (s.high.0, s.low.0)).map_or(NOT_LEGAL, |r| r as u32),
                    };
                }
                (f.shape, f.complete)
            })
            .collect();
        let _ = self.shapes.set(shapes);
        (0..n)
            .map(|i| {
                let way = ways[i];
                (0..self.classes())
                    .map(|k| match rows[k * n + i] {
                        UNSET => {
                            let hand = self.rows.tables.dealer_hand(k);
                            let why = way.set(hand).err().map(|e| format!(": {e}")).unwrap_or_default();
                            Err(format!("house way {} leaves {hand} unset{why}", way.id))
                        }
                        NOT_LEGAL => Err(format!("house way {} sets {} to a setting that is not legal", way.id, self.rows.tables.dealer_hand(k))),
                        row => Ok(row as usize),
                    })
                    .collect()
            })
            .collect()
    }

    /// The row of class k's setting with these values.
    pub fn row_of(&self, k: usize, s: (u16, u16)) -> Option<usize> {
        let t = &self.rows.tables;
        t.settings_of(k).binary_search(&s).ok().map(|i| t.set_at[k] as usize + i)
    }

    /// The optimal player's result when each dealer class shows the setting of `choice`.
    pub fn outcome_of(&self, choice: &[usize]) -> Outcome {
        let (mut w, mut l) = (0u128, 0u128);
        for (k, &row) in choice.iter().enumerate() {
            if !self.rows.hands(k).1 {
                w += self.win[row] as u128;
                l += self.lose[row] as u128;
            }
        }
        let ace = self.rows.side.ace_deals(self.deck);
        let cycle = self.deck.cycle();
        Outcome { win: w, push: cycle - ace - w - l, lose: l, ace_high: ace, cycle }
    }

    /// [`SettingTable::outcome_of`] for `choice` with the classes of `moved` at other rows, from
    /// `base`, the outcome of `choice`: one lookup per class moved.
    pub fn outcome_moved(&self, choice: &[usize], base: &Outcome, moved: &[(usize, usize)]) -> Outcome {
        let (mut w, mut l) = (base.win as i128, base.lose as i128);
        for &(k, row) in moved {
            if !self.rows.hands(k).1 {
                w += self.win[row] as i128 - self.win[choice[k]] as i128;
                l += self.lose[row] as i128 - self.lose[choice[k]] as i128;
            }
        }
        let (w, l) = (w as u128, l as u128);
        Outcome { win: w, push: base.cycle - base.ace_high - w - l, lose: l, ..*base }
    }

    /// The rows of class `k`'s legal settings.
    pub fn class_rows(&self, k: usize) -> std::ops::Range<usize> {
        let at = &self.rows.tables.set_at;
        at[k] as usize..at[k + 1] as usize
    }

    /// The optimal player's result against `way`: one lookup per dealer class.
    pub fn optimal(&self, way: &HouseWay) -> Result<Outcome, String> {
        Ok(self.outcome_of(&self.choice(way)?))
    }

    /// The optimal player's win and lose counts of a row with the class's hands played out, also
    /// where the class pushes as an Ace High Pai Gow under the table's reading.
    pub fn played(&self, row: usize) -> (u64, u64) {
        self.if_played.get(&row).copied().unwrap_or((self.win[row], self.lose[row]))
    }

    /// The optimal player's win and not-lose counts against `way` under `reading` less under the
    /// table's, and the Ace High pushes' difference: the rank classes the two readings push
    /// differently, each at the row the way gives it ([`SettingTable::played`]), added where it
    /// plays under `reading` and taken off where it plays under the table's.
    pub fn reading_difference(&self, way: &HouseWay, reading: AceHigh) -> Result<[i128; 3], String> {
        let choice = self.choice(way)?;
        let mine = &self.rows.side;
        let theirs = DealerSide::new(&self.rows.tables, reading);
        let unseen = self.deck.unseen() as i128;
        let (mut win, mut not_lose) = (0i128, 0i128);
        for c in 0..self.rows.tables.classes.len() {
            if mine.pushes(c) == theirs.pushes(c) {
                continue;
            }
            let sign = if mine.pushes(c) { 1 } else { -1 };
            let (w, l) = self.played(choice[c]);
            win += sign * w as i128;
            not_lose += sign * (mine.no_flush[c] as i128 * unseen - l as i128);
        }
        Ok([win, not_lose, theirs.ace_deals(self.deck) as i128 - mine.ace_deals(self.deck) as i128])
    }

    /// `win − lose` of a row.
    pub fn net(&self, row: usize) -> i128 {
        self.win[row] as i128 - self.lose[row] as i128
    }

    /// Per class, the row minimising (`best`) or maximising the optimal player's `win − lose`;
    /// ties go to the lowest setting (by high, then low).
    fn extreme(&self, best: bool) -> Choice {
        let t = &self.rows.tables;
        (0..self.classes())
            .map(|k| {
                let r = t.set_at[k] as usize..t.set_at[k + 1] as usize;
                let key = |&row: &usize| if best { self.net(row) } else { -self.net(row) };
                r.min_by_key(key).expect("every class has a legal setting")
            })
            .collect()
    }

    /// The house way best for the house (each dealer class set to minimise the optimal player's
    /// `win − lose`) and the worst, with their results: the range of the optimal player's result
    /// over every house way that sets each dealer class alike.
    pub fn bounds(&self) -> Bounds {
        let (best, worst) = (self.extreme(true), self.extreme(false));
        Bounds { dealer_best: self.outcome_of(&best), dealer_worst: self.outcome_of(&worst), best, worst }
    }

    /// How `way` differs from the dealer-best way, by hand shape (see [`WayComparison`]).
    pub fn compare_with_best(&self, way: &HouseWay, bounds: &Bounds) -> Result<WayComparison, String> {
        let choice = self.choice(way)?;
        let (alike, total) = self.alike_with_best(&choice, bounds);
        let t = &self.rows.tables;
        let shapes = self.shapes();
        let mut by: Vec<ShapeDifference> = Vec::new();
        for k in 0..self.classes() {
            let (hand, hands, ace) = self.class(k);
            let gap = self.net(choice[k]) - self.net(bounds.best[k]);
            let (shape, complete) = shapes[k];
            let i = match by.iter().position(|d| d.shape == shape && d.complete == complete) {
                Some(i) => i,
                None => {
                    by.push(ShapeDifference { shape, complete, hands: 0, differ: 0, worth: 0, example: None });
                    by.len() - 1
                }
            };
            by[i].hands += hands as u128;
            if !ace && gap != 0 {
                by[i].differ += hands as u128;
                by[i].worth += gap;
                if by[i].example.as_ref().is_none_or(|e| gap > e.worth) {
                    let all = settings(hand);
                    let low = |row: usize| {
                        let s = t.settings[row];
                        all.iter().find(|x| x.legal && (x.high.0, x.low.0) == s).expect("a legal setting of the hand").low_cards
                    };
                    by[i].example = Some(Example { hand, way_low: low(choice[k]), best_low: low(bounds.best[k]), worth: gap });
                }
            }
        }
        by.sort_by_key(|d| std::cmp::Reverse(d.worth));
        Ok(WayComparison { alike, hands: total, cycle: self.deck.cycle(), by_shape: by })
    }

    /// The dealer hands that `choice` sets as well for the house as the dealer-best way (the same
    /// `win − lose` for the optimal player; Ace High Pai Gows count as alike), and all dealer hands.
    pub fn alike_with_best(&self, choice: &[usize], bounds: &Bounds) -> (u128, u128) {
        let (mut alike, mut total) = (0u128, 0u128);
        for k in 0..self.classes() {
            let (hands, ace) = self.rows.hands(k);
            total += hands as u128;
            if ace || self.net(choice[k]) == self.net(bounds.best[k]) {
                alike += hands as u128;
            }
        }
        (alike, total)
    }

    /// Each class's shape and whether it can make a straight or flush (as [`facts`] finds them).
    fn shapes(&self) -> &[(Shape, bool)] {
        self.shapes.get_or_init(|| {
            (0..self.classes())
                .into_par_iter()
                .map(|k| {
                    let hand = self.rows.tables.dealer_hand(k);
                    let f = facts(hand, &settings(hand));
                    (f.shape, f.complete)
                })
                .collect()
        })
    }
}

/// The optimal player's result against the dealer-best and the dealer-worst house way of
/// `deck` under `reading` (through the cached setting table): every house way that sets each
/// dealer class alike gives a result between them. Only `win − lose` is fixed by the bound; where
/// several settings of a class tie, the lowest (by high, then low value) is taken, which fixes the
/// split into win, push and lose.
pub fn house_way_bounds(deck: Deck, reading: AceHigh) -> Result<(Outcome, Outcome), String> {
    let b = setting_table(deck, reading, &|_, _| {})?.bounds();
    Ok((b.dealer_best, b.dealer_worst))
}

/// The dealer-best and dealer-worst house ways over the table's classes.
pub struct Bounds {
    pub dealer_best: Outcome,
    pub dealer_worst: Outcome,
    /// Each class's row under each.
    pub best: Vec<usize>,
    pub worst: Vec<usize>,
}

/// A house way against the dealer-best way: the dealer hands it sets as well for the house (the
/// same `win − lose` for the optimal player; Ace High Pai Gows count as alike), and by hand shape
/// (the house way's shape, straight/flush possible or not) the hands it sets otherwise and what
/// that is worth to the optimal player in deals (`worth` / `cycle` is its share of the edge).
#[derive(Clone, Debug)]
pub struct WayComparison {
    pub alike: u128,
    pub hands: u128,
    pub cycle: u128,
    /// By falling worth.
    pub by_shape: Vec<ShapeDifference>,
}

#[derive(Clone, Debug)]
pub struct ShapeDifference {
    pub shape: Shape,
    pub complete: bool,
    /// Dealer hands of this shape, and those the way sets otherwise than the dealer-best way.
    pub hands: u128,
    pub differ: u128,
    /// The optimal player's `win − lose` against the way less against the dealer-best way.
    pub worth: i128,
    /// The dealer class of this shape where the difference is worth most.
    pub example: Option<Example>,
}

/// A dealer hand the way sets otherwise than the dealer-best way: the two low hands, and what
/// the difference is worth over the hand's class (as `ShapeDifference::worth`).
#[derive(Clone, Debug)]
pub struct Example {
    pub hand: CardSet,
    pub way_low: CardSet,
    pub best_low: CardSet,
    pub worth: i128,
}
