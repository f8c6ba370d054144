//! The flop loop and its tally: what a shard counts, and the exact solution from the summed
//! tally (the module essay, "Shards").

use std::collections::HashMap;

use parsheet_cards::{binomial, Card, CardSet};
use parsheet_eval::{Evaluator, Ranking};
use parsheet_shard::{Shard, Tally};
use rayon::prelude::*;

use super::exact::Exact;
use super::kernel::{flop_entries, FlopSums, Kernel, Pays, Ranks, Scratch, MAX_READINGS};
use super::{canonical, flop_play, flop_values, pair_index, symmetries, three, Config, FlopPlay, HoleClass, Perm, Preflop, Sizes, RIVER_RULE, SLOTS};

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

/// The class of each hole, at `a * 64 + b` for its cards' indexes (both orders).
pub(super) struct HoleClasses(Vec<u16>);

impl HoleClasses {
    pub(super) fn of(&self, a: Card, b: Card) -> usize {
        self.0[a.index() as usize * 64 + b.index() as usize] as usize
    }
}

/// What the count and the step after it both derive from the deck and the configuration: the
/// suit group, the flop classes (the units of a shard) and the hole classes.
pub(super) struct Setup {
    pub group: Vec<Perm>,
    /// Canonical flops with their orbit sizes, sorted: unit `i` of a shard is `flops[i]`.
    pub flops: Vec<(CardSet, u64)>,
    /// Hole classes: representative and number of holes; `class_of` maps every hole to its class.
    pub reps: Vec<(CardSet, u64)>,
    pub class_of: HoleClasses,
    pub sizes: Sizes,
    pub pay_den: i64,
    /// Two-card holes among the cards left after a flop, C(n − 3, 2): a flop's plays.
    pub pairs: usize,
}

impl Setup {
    pub fn new(deck: &[Card], config: &Config, iso: bool) -> Result<Setup, String> {
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
        let mut class_id: HashMap<CardSet, usize> = HashMap::new();
        let mut class_of = HoleClasses(vec![u16::MAX; 64 * 64]);
        let mut reps: Vec<(CardSet, u64)> = Vec::new();
        for h in parsheet_cards::Subsets::new(deck, 2) {
            let c = canonical(h, &group);
            let id = *class_id.entry(c).or_insert_with(|| {
                reps.push((c, 0));
                reps.len() - 1
            });
            reps[id].1 += 1;
            let [a, b] = [0, 1].map(|k| h.iter().nth(k).expect("two cards").index() as usize);
            class_of.0[a * 64 + b] = id as u16;
            class_of.0[b * 64 + a] = id as u16;
        }
        assert_eq!(reps.iter().map(|c| c.1).sum::<u64>(), binomial(n as u64, 2));
        Ok(Setup { group, flops, reps, class_of, sizes, pay_den, pairs: (n - 3) * (n - 4) / 2 })
    }

    /// Each flop's estimated work, for [`Shard::assign`]: the type-pair entries its kernel
    /// tabulates (each is ranked, sorted, swept and summed once; the module essay, "Cost"). On
    /// the full deck a flop class holds 60,426 to 77,281.
    fn flop_costs(&self, deck: &[Card]) -> Vec<u64> {
        self.flops
            .par_iter()
            .map_init(Scratch::default, |scratch, &(flop, _)| {
                let rest: Vec<Card> = deck.iter().copied().filter(|c| !flop.contains(*c)).collect();
                flop_entries(&three(flop), &rest, scratch)
            })
            .collect()
    }
}

/// Counts the flops of `deck` that `shard` owns (all of them for [`Shard::WHOLE`]): the units
/// are the flop classes in sorted order (every flop with `iso` false), assigned by the entries
/// each tabulates ([`Setup::flop_costs`]). The tally holds, summed over the shard's flops, every
/// [`ClassTotals`] field per hole class (parts `raise_max`, `raise_min`, `check`: one value per
/// class; `showdown`, `flop_max`, `flop_min`, `river`: 40 slots per class; `fold`: one per
/// class; `river_rule`: 58 per class), and per flop unit `flops_counted` (1 where this shard
/// counted the flop) and `flop_plays` (flop unit × hole pair index, [`FlopPlay::code`] where
/// counted, else 0). Disjoint shards' tallies add up to the whole deck's.
pub fn count_flops(deck: &[Card], config: &Config, iso: bool, shard: Shard) -> Result<Tally, String> {
    Ok(count_flops_together(deck, std::slice::from_ref(config), iso, shard)?.remove(0))
}

/// [`count_flops`] for each of `configs` in one pass over the flops: configurations alike but
/// for their pays (the readings of a high-card win), whose kernels share the ranking, sort and
/// sweep of every entry. Each tally is the one [`count_flops`] gives for its configuration.
pub fn count_flops_together(deck: &[Card], configs: &[Config], iso: bool, shard: Shard) -> Result<Vec<Tally>, String> {
    if configs.is_empty() || configs.len() > MAX_READINGS {
        return Err(format!("one pass counts 1 to {MAX_READINGS} configurations, not {}", configs.len()));
    }
    let setups = configs.iter().map(|c| Setup::new(deck, c, iso)).collect::<Result<Vec<Setup>, String>>()?;
    let Setup { ref flops, sizes, pairs, .. } = setups[0];
    if let Some(c) = configs.iter().find(|c| c.sizes() != sizes) {
        return Err(format!("configurations counted in one pass share their raise sizes: {:?} against {:?}", c.sizes(), sizes));
    }
    let e = Evaluator::get(Ranking::Standard);
    let ranks = Ranks::new(e);
    let pays: Vec<Pays> = configs.iter().zip(&setups).map(|(c, s)| Pays { nets: c.slot_nets(s.pay_den), pay_den: s.pay_den }).collect();
    let kernel = Kernel { e, ranks: &ranks, pays, sizes };
    let readings = configs.len();
    let classes = setups[0].reps.len();
    let min_allowed = sizes.min < sizes.flop_max;
    // The units' estimated work plans the shards and measures the progress reported.
    let costs = setups[0].flop_costs(deck);
    let mine = shard.assign(&costs);
    let total: u64 = mine.iter().map(|&u| costs[u]).sum::<u64>().max(1);
    let done = std::sync::atomic::AtomicU64::new(0);
    let task = if deck.len() == 52 { "solving heads-up-holdem" } else { "solving heads-up-holdem (reduced deck)" };
    let empty = || (0..readings).map(|_| (vec![ClassTotals::default(); classes], Vec::new())).collect::<Vec<_>>();
    let per_reading: Vec<(Vec<ClassTotals>, Vec<(usize, Vec<FlopPlay>)>)> = mine
        .par_iter()
        .fold(
            || (empty(), (0..readings).map(|_| FlopSums::default()).collect::<Vec<_>>(), Scratch::default()),
            |(mut out, mut sums, mut scratch), &unit| {
                let (flop, weight) = flops[unit];
                let rest: Vec<Card> = deck.iter().copied().filter(|c| !flop.contains(*c)).collect();
                kernel.flop(&three(flop), &rest, &mut sums, &mut scratch);
                for (((acc, plays), sums), setup) in out.iter_mut().zip(&sums).zip(&setups) {
                    plays.push((unit, settle_flop(sums, &rest, weight, setup, min_allowed, acc)));
                }
                let finished = costs[unit] + done.fetch_add(costs[unit], std::sync::atomic::Ordering::Relaxed);
                parsheet_shard::report(task, finished, total);
                (out, sums, scratch)
            },
        )
        .map(|(out, _, _)| out)
        .reduce(empty, |mut a, b| {
            for ((x, px), (y, py)) in a.iter_mut().zip(b) {
                for (t, u) in x.iter_mut().zip(&y) {
                    t.add(u);
                }
                px.extend(py);
            }
            a
        });
    parsheet_shard::report(task, total, total);
    Ok(per_reading
        .into_iter()
        .map(|(totals, plays)| {
            let mut tally = Tally::new();
            ClassTotals::push_parts(&totals, &mut tally);
            let mut of_unit: Vec<Option<&Vec<FlopPlay>>> = vec![None; flops.len()];
            for (unit, p) in &plays {
                of_unit[*unit] = Some(p);
            }
            let counted = of_unit.iter().map(|p| p.is_some() as i128).collect();
            // Two million entries: written on every core.
            let mut codes = vec![0; flops.len() * pairs];
            codes.par_chunks_mut(pairs.max(1)).zip(&of_unit).for_each(|(codes, p)| {
                for (x, play) in codes.iter_mut().zip(p.iter().copied().flatten()) {
                    *x = play.code();
                }
            });
            tally.push("flops_counted", counted);
            tally.push("flop_plays", codes);
            tally
        })
        .collect())
}

/// Adds one flop's sums (of weight `weight`, `rest` the cards left after it) into the hole
/// classes' totals `acc` under one configuration's `setup`; returns each hole's flop play.
fn settle_flop(sums: &FlopSums, rest: &[Card], weight: u64, setup: &Setup, min_allowed: bool, acc: &mut [ClassTotals]) -> Vec<FlopPlay> {
    let Setup { ref class_of, sizes, pay_den, pairs, .. } = *setup;
    let w = weight as i128;
    let boards = binomial(rest.len() as u64 - 2, 2) * binomial(rest.len() as u64 - 4, 2);
    let mut flop_plays = Vec::with_capacity(pairs);
    for i in 0..rest.len() {
        for j in i + 1..rest.len() {
            let p = pair_index(i, j, rest.len());
            let t = &mut acc[class_of.of(rest[i], rest[j])];
            let v = flop_values(sums, p, sizes, pay_den);
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
    flop_plays
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
