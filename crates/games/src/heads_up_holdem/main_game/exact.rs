//! The exact solution as answers: the play at a spot, outcome counts by action, expected net
//! and wager, and the common [`Solution`] shape the CLI prints.

use std::collections::HashMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_cards::{Card, CardSet};

use super::{canonical, pair_index, permute, river_values, Config, FlopPlay, HoleClass, Perm, Preflop, Ratio, Sizes, SLOTS};
use crate::solution::{Decision, Solution};
use crate::OutcomeCounts;

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
    pub(super) group: Vec<Perm>,
    pub(super) deck: Vec<Card>,
    /// The flop play after a pre-flop check, per canonical flop, by pair index of the hole
    /// among the cards left after the flop.
    pub(super) flop_plays: HashMap<CardSet, (u64, Vec<FlopPlay>)>,
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

pub(super) fn size_text(num: i64, den: i64) -> String {
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
