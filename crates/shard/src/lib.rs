//! Exact enumerations split across processes, merged back to the same integers, and kept.
//!
//! An exact count is a sum over an outer loop: dealer classes, flops, rank sets, subtrees of a
//! search. A [`Shard`] `K/N` counts the units of that loop assigned to it and returns a
//! [`Tally`], named arrays of signed integers; the tallies of shards `0/N … N-1/N` add up,
//! entry by entry, to the tally of the whole loop, and the computation turns the whole tally
//! into its result exactly as a single process would. Units are assigned by their estimated
//! work, not by index ([`Shard::assign`]: longest first, each to the least-loaded shard), so the
//! shards of one computation finish at about the same time; the assignment is a pure function
//! of the cost list, so every shard computes it alone and no coordinator exists.
//!
//! A computation that needs a global step after counting (Heads-Up Hold 'Em's pre-flop decision
//! per hole class, which needs every flop) keeps in its tally what the step reads (per-class
//! sums for every option) and takes the step after the merge; a search keeps its best tables
//! and merges by ranking them again ([`Combine::Custom`]).
//!
//! A [`Key`] names a computation and everything its counts depend on, as canonical text. The
//! math crates build keys and call [`counted`]; what happens then is the [`Store`]'s business,
//! installed once per process by the program (the CLI: a results cache on disk, one shard of a
//! sharded run, or a merge of shard files). Without a store, [`counted`] computes the whole
//! loop. This crate does no I/O and knows no file format: both live at the CLI's edge.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// Shard `index` of `count` (0-based, as Slurm array task ids and Kubernetes completion indexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// The most shards one computation may be split into.
pub const MAX_SHARDS: u32 = 100_000;

impl Shard {
    /// The whole loop in one process.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    pub fn new(index: u32, count: u32) -> Result<Shard, String> {
        if count == 0 || count > MAX_SHARDS {
            return Err(format!("the number of shards must be 1 to {MAX_SHARDS}, not {count}"));
        }
        if index >= count {
            return Err(format!("shard {index} of {count} does not exist: shards are numbered 0 to {}", count - 1));
        }
        Ok(Shard { index, count })
    }

    pub fn index(self) -> u32 {
        self.index
    }

    pub fn count(self) -> u32 {
        self.count
    }

    pub fn is_whole(self) -> bool {
        self.count == 1
    }

    /// The units of a loop this shard counts, in increasing order, given each unit's estimated
    /// cost: units in decreasing cost (ties by index) each go to the shard with the least work
    /// so far (ties to the lowest shard). With equal costs this is `i % count == index`
    /// ([`Shard::owns_uniform`]).
    pub fn assign(self, costs: &[u64]) -> Vec<usize> {
        if self.is_whole() {
            return (0..costs.len()).collect();
        }
        let mut order: Vec<usize> = (0..costs.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(costs[i]), i));
        // Min-heap of (load, shard).
        let mut heap: std::collections::BinaryHeap<std::cmp::Reverse<(u128, u32)>> = (0..self.count).map(|s| std::cmp::Reverse((0, s))).collect();
        let mut mine = Vec::new();
        for i in order {
            let std::cmp::Reverse((load, s)) = heap.pop().expect("at least one shard");
            if s == self.index {
                mine.push(i);
            }
            heap.push(std::cmp::Reverse((load + costs[i] as u128 + 1, s)));
        }
        mine.sort_unstable();
        mine
    }

    /// Whether this shard counts unit `i` of a loop whose units all cost the same.
    pub fn owns_uniform(self, i: usize) -> bool {
        i % self.count as usize == self.index as usize
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N`: shard K (0-based) of N.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("{s:?} is not a shard: write K/N, shard K (0 to N-1) of N, e.g. 0/4");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let parse = |x: &str| if x.len() <= 6 && !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()) { x.parse::<u32>().ok() } else { None };
        Shard::new(parse(k).ok_or_else(bad)?, parse(n).ok_or_else(bad)?)
    }
}

/// Exact partial counts: named arrays of signed integers (signed because some counts are
/// corrections to others). Shards' tallies add entry by entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    parts: Vec<(String, Vec<i128>)>,
}

impl Tally {
    pub fn new() -> Tally {
        Tally::default()
    }

    /// Adds the part `name`; names are unique.
    pub fn push(&mut self, name: &str, values: Vec<i128>) {
        assert!(self.parts.iter().all(|p| p.0 != name), "tally part {name} twice");
        self.parts.push((name.to_string(), values));
    }

    pub fn with(mut self, name: &str, values: Vec<i128>) -> Tally {
        self.push(name, values);
        self
    }

    pub fn parts(&self) -> &[(String, Vec<i128>)] {
        &self.parts
    }

    /// The part `name`, of whatever length (a list whose length the reader checks itself).
    pub fn part(&self, name: &str) -> Result<&[i128], String> {
        self.parts.iter().find(|p| p.0 == name).map(|p| p.1.as_slice()).ok_or_else(|| format!("the counts have no part {name:?}"))
    }

    /// The part `name`, which must hold `len` values: a tally read from a file is checked here.
    pub fn get(&self, name: &str, len: usize) -> Result<&[i128], String> {
        let p = self.part(name)?;
        if p.len() != len {
            return Err(format!("the counts' part {name:?} holds {} values, not {len}", p.len()));
        }
        Ok(p)
    }

    /// The part `name` as counts that may not be negative.
    pub fn get_counts(&self, name: &str, len: usize) -> Result<Vec<u128>, String> {
        self.get(name, len)?.iter().map(|&x| u128::try_from(x).map_err(|_| format!("the counts' part {name:?} holds a negative count"))).collect()
    }

    /// Each part's name and values, to change in place (its length stays).
    pub fn values_mut(&mut self) -> impl Iterator<Item = (&str, &mut [i128])> {
        self.parts.iter_mut().map(|(n, v)| (n.as_str(), v.as_mut_slice()))
    }

    /// Adds `other` entry by entry: the same parts, of the same lengths, in the same order.
    pub fn add(&mut self, other: &Tally) -> Result<(), String> {
        if self.parts.len() != other.parts.len() {
            return Err(format!("the counts hold {} and {} parts", self.parts.len(), other.parts.len()));
        }
        for ((name, a), (other_name, b)) in self.parts.iter_mut().zip(&other.parts) {
            if name != other_name || a.len() != b.len() {
                return Err(format!("the counts' parts differ: {name:?} of {} values against {other_name:?} of {}", a.len(), b.len()));
            }
            for (x, y) in a.iter_mut().zip(b) {
                *x = x.checked_add(*y).ok_or_else(|| format!("the counts' part {name:?} overflows"))?;
            }
        }
        Ok(())
    }

    /// The entry-by-entry sum of the shards' tallies.
    pub fn sum(tallies: Vec<Tally>) -> Result<Tally, String> {
        let mut it = tallies.into_iter();
        let mut total = it.next().ok_or("no counts to add")?;
        for t in it {
            total.add(&t)?;
        }
        Ok(total)
    }
}

/// How the tallies of a computation's shards combine into the whole.
#[derive(Clone, Copy)]
pub enum Combine {
    /// Entry-by-entry addition ([`Tally::sum`]).
    Sum,
    /// A computation's own rule (a search keeps the best tables under its ranking).
    Custom(fn(Vec<Tally>) -> Result<Tally, String>),
}

impl Combine {
    pub fn apply(self, tallies: Vec<Tally>) -> Result<Tally, String> {
        match self {
            Combine::Sum => Tally::sum(tallies),
            Combine::Custom(f) => f(tallies),
        }
    }
}

/// A computation and everything its counts depend on, as canonical text: two computations
/// with equal keys (and equal builds, which the store adds) have equal tallies.
#[derive(Clone)]
pub struct Key {
    /// What is counted, in words ("heads-up-holdem base, odds-push-below-pair").
    pub computation: String,
    /// Every input the counts depend on (readings, decks, house way, the pays where the strategy
    /// depends on them), one `name = value` per line, so a changed input changes the key.
    pub inputs: String,
    pub combine: Combine,
    /// Whether `--shard` may split it. A check every command makes on the way (a house way
    /// validated on every hand) is kept whole, from the cache or computed, whatever is split.
    pub splits: bool,
}

impl Key {
    pub fn new(computation: impl Into<String>, inputs: &[(&str, String)], combine: Combine) -> Key {
        let inputs = inputs.iter().map(|(k, v)| format!("{k} = {v}\n")).collect();
        Key { computation: computation.into(), inputs, combine, splits: true }
    }

    /// A computation kept whole: never the one a `--shard` run splits.
    pub fn whole(mut self) -> Key {
        self.splits = false;
        self
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Key({:?})", self.computation)
    }
}

/// Where counts come from: the program decides (a cache, one shard of a run, a merge).
pub trait Store: Send + Sync {
    /// The whole tally of `key`: from the store, or by calling `compute` with the shard to count.
    fn counted(&self, key: &Key, compute: &mut dyn FnMut(Shard) -> Result<Tally, String>) -> Result<Tally, String>;
}

static STORE: OnceLock<Box<dyn Store>> = OnceLock::new();

/// Installs the process's store; once per process.
pub fn install(store: Box<dyn Store>) -> Result<(), String> {
    STORE.set(store).map_err(|_| "a store of counts is already installed".to_string())
}

/// The whole tally of `key`, through the installed store, or `compute(Shard::WHOLE)` without one.
pub fn counted(key: &Key, mut compute: impl FnMut(Shard) -> Result<Tally, String>) -> Result<Tally, String> {
    match STORE.get() {
        Some(store) => store.counted(key, &mut compute),
        None => compute(Shard::WHOLE),
    }
}

/// Progress of a count, as a share of its estimated cost: `(task, done, total)` with `done` the
/// summed costs of the units finished (the costs [`Shard::assign`] plans with) and `total` the
/// sum over the units counted here; the count ends with `done == total`.
pub type Reporter = Box<dyn Fn(&str, u64, u64) + Send + Sync>;

static REPORTER: OnceLock<Reporter> = OnceLock::new();

/// Installs the process's progress reporter (the application layer forwards it to whoever
/// watches); once per process. Without one, [`report`] does nothing.
pub fn install_reporter(r: Reporter) {
    let _ = REPORTER.set(r);
}

/// Reports the progress of a count to the installed reporter, if any.
pub fn report(task: &str, done: u64, total: u64) {
    if let Some(r) = REPORTER.get() {
        r(task, done, total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_shards_and_refuses_others() {
        assert_eq!("3/8".parse::<Shard>().unwrap(), Shard::new(3, 8).unwrap());
        for bad in ["8/8", "1/0", "-1/4", "1", "a/b", "1/4/2", " 1/4", "1/1000000", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_unit_goes_to_exactly_one_shard_and_loads_balance() {
        let costs: Vec<u64> = (0..1000u64).map(|i| (i * 7919) % 97 + 1).collect();
        for n in [1u32, 2, 3, 7, 64] {
            let mut seen = vec![0u32; costs.len()];
            let mut loads = Vec::new();
            for k in 0..n {
                let mine = Shard::new(k, n).unwrap().assign(&costs);
                loads.push(mine.iter().map(|&i| costs[i]).sum::<u64>());
                for i in mine {
                    seen[i] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "{n} shards");
            let (lo, hi) = (*loads.iter().min().unwrap(), *loads.iter().max().unwrap());
            // Longest-first greedy is within the largest unit of the mean.
            assert!(hi - lo <= 97 + 2, "{n} shards: loads {lo}..{hi}");
        }
    }

    #[test]
    fn equal_costs_are_round_robin() {
        let costs = vec![5u64; 23];
        for k in 0..4 {
            let s = Shard::new(k, 4).unwrap();
            assert_eq!(s.assign(&costs), (0..23).filter(|&i| s.owns_uniform(i)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn tallies_add_only_when_alike() {
        let a = Tally::new().with("x", vec![1, -2]).with("y", vec![3]);
        let b = Tally::new().with("x", vec![10, 20]).with("y", vec![-3]);
        assert_eq!(Tally::sum(vec![a.clone(), b]).unwrap(), Tally::new().with("x", vec![11, 18]).with("y", vec![0]));
        assert!(Tally::sum(vec![a.clone(), Tally::new().with("x", vec![1, 2])]).is_err());
        assert!(Tally::sum(vec![a.clone(), Tally::new().with("x", vec![1]).with("y", vec![3])]).is_err());
        assert!(Tally::sum(vec![a.clone(), Tally::new().with("z", vec![1, 2]).with("y", vec![3])]).is_err());
        assert!(a.get_counts("x", 2).is_err());
        assert!(a.get("x", 3).is_err());
    }
}
