//! Paytable search by branch and bound: the best whole-number paytables, under a ranking, among
//! those whose house edge lies in a window, within a node budget the caller sets.
//!
//! A side bet's player net over the cycle is linear in the pays: `T = T0 + Σ wᵢ·xᵢ` where `xᵢ`
//! is the net pay of searched line `i` and `wᵢ` its count. Everything the rankings need is a sum
//! over lines (net `T`, second moment `Q`, hits `H`), so the search fixes one line at a time,
//! keeps those sums in `i128` (sizes are checked once, before the search, so they cannot
//! overflow), and prunes a subtree when the best value any table in it could reach is no better
//! than the worst of the results kept. Keys that decide the order of results are exact (integers,
//! or `BigInt` at the leaves); floats only screen, with a slack far above their rounding error.
//!
//! Lines the search does not vary keep their pay and kind (Push, "3 to 2", "250 for 1"): they
//! are part of `T0`, and of every table returned.
//!
//! The results are the first `limit` tables of the window in one total order ([`RankKey`]): the
//! ranking's exact key, ties in the order the search visits tables (the lines in the wager's
//! order, each line's pays highest first). That order is a property of each table alone, so a
//! search split into shards ([`Search::run_shard`]: the tree cut at the top into [`Unit`]s, each
//! shard searching its own with its own results and node budget) is merged by keeping the first
//! `limit` of the shards' results ([`combine`]): the same tables, in the same order, as the whole
//! search, once every shard has covered its part. Shards' results travel as a [`Tally`]
//! ([`Outcome::to_tally`], [`Outcome::from_tally`]), named by [`Search::key`].

use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt;

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use parsheet_shard::{Combine, Key, Shard, Tally};

use crate::{analyze, fraction, Analysis, OutcomeCounts, Pay, Paytable, MAX_PAY};

/// How a searched line's whole number `n` reads: "n to 1" or "n for 1" (net `n − 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayKind {
    To,
    For,
}

impl PayKind {
    pub fn pay(self, n: u64) -> Pay {
        let n = BigRational::from_integer(n.into());
        match self {
            PayKind::To => Pay::To(n),
            PayKind::For => Pay::For(n),
        }
    }
}

/// Bounds for one line: whole-number pays `min..=max` of `kind`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineBounds {
    pub outcome: String,
    pub kind: PayKind,
    pub min: u64,
    pub max: u64,
}

/// What "best" means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rank {
    /// House edge closest to the middle of the window.
    Closeness,
    /// Highest hit frequency; ties by closeness.
    HitFrequency,
    /// Lowest variance; ties by closeness.
    Volatility,
}

impl Rank {
    fn code(self) -> i128 {
        match self {
            Rank::Closeness => 0,
            Rank::HitFrequency => 1,
            Rank::Volatility => 2,
        }
    }

    fn from_code(code: i128) -> Option<Rank> {
        [Rank::Closeness, Rank::HitFrequency, Rank::Volatility].into_iter().find(|r| r.code() == code)
    }

    fn name(self) -> &'static str {
        match self {
            Rank::Closeness => "closeness",
            Rank::HitFrequency => "hit-frequency",
            Rank::Volatility => "volatility",
        }
    }
}

/// A search: vary the `bounds` lines of `base` (others keep their pay) for a house edge in
/// `[low, high]`, keeping the `limit` best under `rank`, visiting at most `max_nodes` nodes.
pub struct Search<'a> {
    pub counts: &'a OutcomeCounts,
    pub base: &'a Paytable,
    pub bounds: Vec<LineBounds>,
    /// Pays do not increase down the searched lines (in the wager's outcome order, best first).
    pub monotonic: bool,
    pub low: BigRational,
    pub high: BigRational,
    pub rank: Rank,
    pub limit: usize,
    pub max_nodes: u64,
}

/// A paytable found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub table: Paytable,
    pub analysis: Analysis,
    key: RankKey,
}

impl Candidate {
    /// Its place in the search's order.
    pub fn rank_key(&self) -> &RankKey {
        &self.key
    }
}

/// A table's place in the order of a search's results, lowest first: the ranking's exact key,
/// in the search's own integer units (comparable between the tables of one search only), then
/// the order the search visits tables, which is the net pays of the searched lines (in the
/// wager's order) from highest to lowest, compared line by line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankKey {
    /// 0 (closeness), −hits (hit frequency), or N·Q − T² (variance times (N·D)²).
    primary: BigInt,
    /// |T − middle of the window| in units of 1/(mid_den·N·D).
    close: i128,
    /// Net pay of each searched line, in the wager's outcome order.
    nets: Vec<i128>,
}

impl RankKey {
    /// The net pay of each searched line, in the wager's outcome order ("n for 1" nets n − 1).
    pub fn nets(&self) -> &[i128] {
        &self.nets
    }
}

impl Ord for RankKey {
    fn cmp(&self, other: &RankKey) -> Ordering {
        (&self.primary, self.close).cmp(&(&other.primary, other.close)).then_with(|| other.nets.cmp(&self.nets))
    }
}

impl PartialOrd for RankKey {
    fn partial_cmp(&self, other: &RankKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// What the search (or one shard of it) found, and whether it covered its whole space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Best first.
    pub candidates: Vec<Candidate>,
    pub nodes: u64,
    /// False when the node budget ran out: the candidates are the best of the tables visited.
    pub complete: bool,
    /// What a merge of shards' outcomes needs besides the candidates.
    rank: Rank,
    limit: usize,
    lines: usize,
}

/// A subtree of the search, the unit shards share out: the net pays of its first searched lines
/// (in the wager's outcome order), and its estimated work ([`Search::units`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub prefix: Vec<i128>,
    pub cost: u64,
}

/// Why a search cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchError(pub String);

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SearchError {}

/// Most results kept: each costs a comparison per leaf.
pub const MAX_LIMIT: usize = 1000;

/// How often (in nodes) `progress` is called.
const PROGRESS_EVERY: u64 = 1 << 16;

/// The sums must stay far inside `i128` (bounds add a few of them together).
const SAFE: i128 = 1 << 120;

/// A first line with fewer pays than this splits on the first two lines, if that gives at most
/// [`MAX_UNITS`] units.
const SPLIT_BELOW: i128 = 1024;
const MAX_UNITS: i128 = 1 << 20;

/// The layout of a search's tally (see [`Outcome::to_tally`]).
const TALLY_FORMAT: i128 = 1;
const PARTS: [&str; 5] = ["params", "nodes", "complete", "count", "candidates"];
/// The most searched lines a tally may claim (no wager has nearly as many outcomes).
const MAX_LINES: i128 = 4096;
/// A ranking key's `BigInt` as a sign and `LIMBS` limbs of `LIMB_BITS` bits, least first: the
/// largest key (N·Q < 2^240) fits with room to spare.
const LIMB_BITS: u32 = 120;
const LIMBS: usize = 3;
/// Per candidate: the nets, the key's sign and limbs, its closeness.
const KEY_WIDTH: usize = LIMBS + 2;

/// A searched line in integers: net pays `lo..=hi`, weight `w = D·count`.
struct Var {
    index: usize,
    count: i128,
    w: i128,
    lo: i128,
    hi: i128,
}

/// A kept result: exact keys, and the float used to screen volatility.
#[derive(Clone)]
struct Kept {
    hits: i128,
    close: i128,
    var: Approx,
    exact: (BigInt, i128),
    pays: Vec<i128>,
}

/// A float with the magnitude of the terms it was computed from: two are told apart only when
/// they differ by far more than rounding could make them.
#[derive(Clone, Copy)]
struct Approx {
    v: f64,
    scale: f64,
}

impl Approx {
    fn clearly_worse_than(self, other: Approx) -> bool {
        self.v > other.v + 1e-9 * (self.scale + other.scale)
    }
}

/// The search in integers, checked once: what every node reads and no node changes.
struct Plan {
    vars: Vec<Var>,
    monotonic: bool,
    n: i128,
    d: i128,
    t0: i128,
    q0: i128,
    h0: i128,
    tmin: i128,
    tmax: i128,
    /// The middle of the window as `mid_num / mid_den` in units of `T`.
    mid_num: i128,
    mid_den: i128,
    /// Σ over later lines of `w·lo`, and the largest `lo` of later lines.
    rest_min: Vec<i128>,
    rest_lo: Vec<i128>,
}

struct State<'a, F: FnMut(u64)> {
    p: &'a Plan,
    rank: Rank,
    limit: usize,
    max_nodes: u64,
    nodes: u64,
    stopped: bool,
    kept: Vec<Kept>,
    pays: Vec<i128>,
    progress: F,
    /// Lines above `depth` take only the pays of this shard's units (0: the whole tree).
    depth: usize,
    firsts: HashSet<i128>,
    pairs: HashSet<(i128, i128)>,
}

/// A product of sizes as `m·2^e`, `m < 2^64`, in integers so that every shard computes the same
/// costs (floats' `log2` may differ between machines).
#[derive(Clone, Copy)]
struct Size {
    m: u128,
    e: u32,
}

impl Size {
    const ZERO: Size = Size { m: 0, e: 0 };
    const ONE: Size = Size { m: 1, e: 0 };

    /// `self · k` for `0 <= k < 2^60`.
    fn times(self, k: i128) -> Size {
        let (mut m, mut e) = (self.m * k.clamp(0, 1 << 60) as u128, self.e);
        while m >> 64 != 0 {
            m >>= 1;
            e += 1;
        }
        Size { m, e }
    }

    fn bits(self) -> u32 {
        if self.m == 0 {
            0
        } else {
            128 - self.m.leading_zeros() + self.e
        }
    }
}

fn to_i128(x: &BigInt) -> Option<i128> {
    x.to_i128().filter(|v| v.abs() < SAFE)
}

fn too_large() -> SearchError {
    SearchError("the search space is too large to bound exactly; narrow the --bound ranges".into())
}

impl Search<'_> {
    /// Runs the whole search, calling `progress(nodes)` now and then.
    pub fn run(&self, progress: impl FnMut(u64)) -> Result<Outcome, SearchError> {
        self.run_shard(Shard::WHOLE, progress)
    }

    /// Runs the branch and bound over the units `shard` takes ([`Search::units`], shared out by
    /// [`Shard::assign`] on their costs), with its own results and the whole node budget
    /// `max_nodes`. `complete` says whether the shard covered all of its units. The outcomes of
    /// shards `0/N … N-1/N` merge ([`combine`]) into the whole search's results. The whole shard
    /// is [`Search::run`].
    pub fn run_shard(&self, shard: Shard, progress: impl FnMut(u64)) -> Result<Outcome, SearchError> {
        let plan = self.plan()?;
        let mut state = State {
            p: &plan,
            rank: self.rank,
            limit: self.limit,
            max_nodes: self.max_nodes,
            nodes: 0,
            stopped: false,
            kept: Vec::new(),
            pays: vec![0; plan.vars.len()],
            progress,
            depth: 0,
            firsts: HashSet::new(),
            pairs: HashSet::new(),
        };
        if plan.tmin <= plan.tmax {
            if shard.is_whole() {
                state.go(0, i128::MAX, plan.t0, plan.q0, plan.h0);
            } else {
                let units = plan.units();
                let costs: Vec<u64> = units.iter().map(|u| u.cost).collect();
                let mine = shard.assign(&costs);
                if let Some(&first) = mine.first() {
                    state.depth = units[first].prefix.len();
                    for &i in &mine {
                        let p = &units[i].prefix;
                        match p[..] {
                            [] => {}
                            [a] => {
                                state.firsts.insert(a);
                            }
                            [a, b] => {
                                state.firsts.insert(a);
                                state.pairs.insert((a, b));
                            }
                            _ => unreachable!("units split one or two lines"),
                        }
                    }
                    state.go(0, i128::MAX, plan.t0, plan.q0, plan.h0);
                }
            }
        }
        let (nodes, complete) = (state.nodes, !state.stopped);
        let candidates = state.kept.into_iter().map(|k| self.candidate(&plan, RankKey { primary: k.exact.0, close: k.exact.1, nets: k.pays })).collect();
        Ok(Outcome { candidates, nodes, complete, rank: self.rank, limit: self.limit, lines: plan.vars.len() })
    }

    /// The units shards share, in the order the search visits them: each pay of the first
    /// searched line (in the wager's order) that the window lets the search try, or each pair of
    /// pays of the first two lines when the first has fewer than 1024 and the pairs number at
    /// most 2^20 (a search of no line is one unit). A unit's cost estimates its work as the number
    /// of tables under it within the bounds: the pays the window lets the next line take after
    /// the unit's, times, for each later line, the pays its bounds allow (under the monotonic rule,
    /// those at most the highest pay the line above may take), scaled to at most 2^48. It ignores
    /// the window below the next line and all pruning; units whose subtree the window empties
    /// cost 0.
    pub fn units(&self) -> Result<Vec<Unit>, SearchError> {
        Ok(self.plan()?.units())
    }

    /// The computation's name for a store of counts: every input the outcome depends on.
    /// `wager` is the caller's words for what was counted (game, wager, reading); the counts
    /// themselves are written out from `self.counts`.
    pub fn key(&self, wager: &str) -> Key {
        let counts = format!(
            "cycle {}: {}",
            self.counts.cycle(),
            self.counts.rows().iter().map(|(o, c)| format!("{o:?} {c}")).collect::<Vec<_>>().join(", ")
        );
        let base = format!("{:?}: {}", self.base.id, self.base.lines.iter().map(|l| format!("{:?} {}", l.outcome, pay_key(&l.pay))).collect::<Vec<_>>().join(", "));
        let bounds = self
            .bounds
            .iter()
            .map(|b| format!("{:?} {}..{} {}", b.outcome, b.min, b.max, if b.kind == PayKind::For { "for 1" } else { "to 1" }))
            .collect::<Vec<_>>()
            .join(", ");
        Key::new(
            format!("paytable search of {wager}, edge {}..{}", fraction(&self.low), fraction(&self.high)),
            &[
                ("format", format!("search tally {TALLY_FORMAT}")),
                ("wager", format!("{wager:?}")),
                ("counts", counts),
                ("base", base),
                ("bounds", bounds),
                ("monotonic", self.monotonic.to_string()),
                ("low", fraction(&self.low)),
                ("high", fraction(&self.high)),
                ("rank", self.rank.name().to_string()),
                ("limit", self.limit.to_string()),
                ("max-nodes", self.max_nodes.to_string()),
            ],
            Combine::Custom(combine),
        )
    }

    /// The table of searched nets `key.nets` (each a pay the search may give its line).
    fn candidate(&self, plan: &Plan, key: RankKey) -> Candidate {
        let rows = self.counts.rows();
        let mut table = self.base.clone();
        for (v, x) in plan.vars.iter().zip(&key.nets) {
            let b = self.bounds.iter().find(|b| b.outcome == rows[v.index].0).expect("each var has a bound");
            let n = (x + i128::from(b.kind == PayKind::For)) as u64;
            table = crate::explore::with_pay(&table, &b.outcome, b.kind.pay(n));
        }
        let analysis = analyze(self.counts, &table).expect("outcomes and pays checked above");
        Candidate { table, analysis, key }
    }

    /// Checks the search and sets it in integers.
    fn plan(&self) -> Result<Plan, SearchError> {
        if self.limit == 0 || self.limit > MAX_LIMIT {
            return Err(SearchError(format!("the number of results must be from 1 to {MAX_LIMIT}")));
        }
        if self.low > self.high {
            return Err(SearchError("the low end of the house-edge range is above the high end".into()));
        }
        let rows = self.counts.rows();
        let mut vars: Vec<Var> = Vec::new();
        for (i, b) in self.bounds.iter().enumerate() {
            if self.bounds[..i].iter().any(|o| o.outcome == b.outcome) {
                return Err(SearchError(format!("two bounds for {:?}: give one range per line", b.outcome)));
            }
            let index = rows.iter().position(|r| r.0 == b.outcome).ok_or_else(|| {
                SearchError(format!("bound on {:?}, which is not an outcome of this wager; outcomes: {}", b.outcome, rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>().join(", ")))
            })?;
            if b.min > b.max || b.max > MAX_PAY {
                return Err(SearchError(format!("bound on {:?}: need min <= max <= {MAX_PAY}", b.outcome)));
            }
            let shift = i128::from(b.kind == PayKind::For);
            vars.push(Var { index, count: rows[index].1 as i128, w: 0, lo: b.min as i128 - shift, hi: b.max as i128 - shift });
        }
        // The wager's order is best hand first: that is the order "pays do not increase" reads.
        vars.sort_by_key(|v| v.index);
        // Fixed lines (and outcomes without a line, which lose) as exact sums over the cycle.
        let searched = |o: &str| self.bounds.iter().any(|b| b.outcome == o);
        let mut fixed: Vec<(BigInt, BigRational)> = Vec::new();
        for (o, c) in rows {
            if searched(o) {
                continue;
            }
            let net = match self.base.pay(o) {
                None => -BigRational::one(),
                Some(p) => p.net().ok_or_else(|| SearchError(format!("line {o:?} pays {p}, from a meter or in dollars; the search needs fixed pays")))?,
            };
            fixed.push((BigInt::from(*c), net));
        }
        let d_big = fixed.iter().fold(BigInt::one(), |d, (_, r)| d.lcm(r.denom()));
        let n_big = BigInt::from(self.counts.cycle());
        let scaled = |c: &BigInt, x: BigRational| (BigRational::from_integer(c.clone()) * x).to_integer();
        let t0_big: BigInt = fixed.iter().map(|(c, r)| scaled(c, r * BigRational::from_integer(d_big.clone()))).sum();
        let q0_big: BigInt = fixed.iter().map(|(c, r)| scaled(c, r * r * BigRational::from_integer(&d_big * &d_big))).sum();
        let h0_big: BigInt = fixed.iter().filter(|(_, r)| r.is_positive()).map(|(c, _)| c.clone()).sum();
        // Largest magnitudes any table can reach, checked once so that no sum below overflows.
        let t_max_big: BigInt = t0_big.abs() + vars.iter().map(|v| BigInt::from(v.count) * &d_big * BigInt::from(v.lo.abs().max(v.hi.abs()))).sum::<BigInt>();
        let q_max_big: BigInt = q0_big.clone() + vars.iter().map(|v| BigInt::from(v.count) * &d_big * &d_big * BigInt::from(v.lo.abs().max(v.hi.abs())).pow(2)).sum::<BigInt>();
        let (n, d) = (to_i128(&n_big).ok_or_else(too_large)?, to_i128(&d_big).ok_or_else(too_large)?);
        let (t0, q0, h0) = (to_i128(&t0_big).ok_or_else(too_large)?, to_i128(&q0_big).ok_or_else(too_large)?, to_i128(&h0_big).ok_or_else(too_large)?);
        to_i128(&t_max_big).ok_or_else(too_large)?;
        to_i128(&q_max_big).ok_or_else(too_large)?;
        for v in &mut vars {
            v.w = v.count * d;
        }
        // Edge e = −T/(N·D) ∈ [low, high]  ⇔  T ∈ [⌈−high·N·D⌉, ⌊−low·N·D⌋], clamped to what T
        // can reach (so that the window fits i128 whatever the percentages).
        let scale = BigRational::from_integer(&n_big * &d_big);
        let reach = to_i128(&t_max_big).unwrap() + 1;
        let clamp = |x: BigInt| if x > BigInt::from(reach) { reach } else if x < BigInt::from(-reach) { -reach } else { x.to_i128().unwrap() };
        let tmin = clamp((-(&self.high * &scale)).ceil().to_integer());
        let tmax = clamp((-(&self.low * &scale)).floor().to_integer());
        let mid = -(&self.low + &self.high) * &scale / BigRational::from_integer(2.into());
        // The middle only matters within the reachable range: clamping it keeps the order of
        // closeness among reachable values and keeps it in i128.
        let mid = if mid > BigRational::from_integer(reach.into()) {
            BigRational::from_integer(reach.into())
        } else if mid < BigRational::from_integer((-reach).into()) {
            BigRational::from_integer((-reach).into())
        } else {
            mid
        };
        let (mid_num, mid_den) = (mid.numer().to_i128(), mid.denom().to_i128());
        let (Some(mid_num), Some(mid_den)) = (mid_num, mid_den) else { return Err(too_large()) };
        if BigInt::from(reach) * BigInt::from(mid_den) >= BigInt::from(SAFE) || mid_den > 1 << 40 {
            return Err(SearchError("the house-edge range has too many decimal places to search exactly".into()));
        }
        let mut rest_min = vec![0i128; vars.len() + 1];
        let mut rest_lo = vec![i128::MIN; vars.len() + 1];
        for i in (0..vars.len()).rev() {
            rest_min[i] = rest_min[i + 1] + vars[i].w * vars[i].lo;
            rest_lo[i] = rest_lo[i + 1].max(vars[i].lo);
        }
        Ok(Plan { vars, monotonic: self.monotonic, n, d, t0, q0, h0, tmin, tmax, mid_num, mid_den, rest_min, rest_lo })
    }
}

/// Canonical text of a pay, exact for every kind.
fn pay_key(p: &Pay) -> String {
    let q = |r: &BigRational| format!("{}/{}", r.numer(), r.denom());
    match p {
        Pay::To(r) => format!("to {}", q(r)),
        Pay::For(r) => format!("for {}", q(r)),
        Pay::Push => "push".into(),
        Pay::NotAvailable => "n/a".into(),
        Pay::Loses => "loses".into(),
        Pay::PercentOfMeter(r) => format!("meter {}", q(r)),
        Pay::Dollars(d) => format!("dollars {}", q(d)),
        Pay::DollarsAndMeter(d, r) => format!("dollars {} meter {}", q(d), q(r)),
    }
}

/// Smallest x² over `lo..=hi`.
fn min_square(lo: i128, hi: i128) -> i128 {
    if lo <= 0 && 0 <= hi {
        0
    } else {
        (lo * lo).min(hi * hi)
    }
}

impl Plan {
    /// Highest pay line `j` may take under the cap set by the line above it.
    fn top(&self, j: usize, cap: i128) -> i128 {
        if self.monotonic {
            self.vars[j].hi.min(cap)
        } else {
            self.vars[j].hi
        }
    }

    /// Σ over lines after `i` of `w·(highest pay)` when line `i` pays `x`.
    fn rest_max(&self, i: usize, x: i128) -> i128 {
        (i + 1..self.vars.len()).map(|j| self.vars[j].w * self.top(j, x)).sum()
    }

    /// |T − middle|, in units of 1/mid_den, for the closest T in `lo..=hi`.
    fn closeness(&self, lo: i128, hi: i128) -> i128 {
        let (a, b) = (lo * self.mid_den - self.mid_num, hi * self.mid_den - self.mid_num);
        if a <= 0 && 0 <= b {
            0
        } else {
            a.abs().min(b.abs())
        }
    }

    /// Variance as a float in units of 1/D² (the same for every table).
    fn variance(&self, q: i128, t_abs: i128) -> Approx {
        let n = self.n as f64;
        let (second, square) = (q as f64 / n, (t_abs as f64 / n).powi(2));
        Approx { v: second - square, scale: second + square }
    }

    /// The ranking's exact key of a table with sums `t`, `q`, `h` (before the order of visits).
    fn exact(&self, rank: Rank, t: i128, q: i128, h: i128) -> (BigInt, i128) {
        let primary = match rank {
            Rank::Closeness => BigInt::zero(),
            Rank::HitFrequency => BigInt::from(-h),
            // N·Q − T² is the variance times (N·D)².
            Rank::Volatility => BigInt::from(self.n) * BigInt::from(q) - BigInt::from(t) * BigInt::from(t),
        };
        (primary, self.closeness(t, t))
    }

    /// The pays line `i` is tried at, `hi` down to `lo` (none where `lo > hi`), when the line
    /// above pays `cap` and the lines fixed so far sum to `t`; `None` where no pay of the line can
    /// reach the window. Depends on nothing the search has found.
    #[inline]
    fn range(&self, i: usize, cap: i128, t: i128) -> Option<(i128, i128)> {
        let v = &self.vars[i];
        let w = v.w;
        let mut hi = if self.monotonic { v.hi.min(cap) } else { v.hi };
        let mut lo = v.lo;
        if self.monotonic {
            // Later lines may not pay more than this one, and each has a least pay.
            lo = lo.max(self.rest_lo[i + 1]);
        }
        if w == 0 {
            // An outcome that never happens moves nothing: its highest pay caps later lines
            // least. (Where even that is below the least pay of the lines after it, none is
            // allowed: `lo > hi` stays.)
            lo = lo.max(hi);
        } else {
            // T(x) = t + w·x + rest ∈ [tmin, tmax]: x ≤ (tmax − t − rest_min)/w, and the smallest
            // x whose highest reachable T reaches tmin.
            hi = hi.min(Integer::div_floor(&(self.tmax - t - self.rest_min[i + 1]), &w));
            if !self.monotonic {
                lo = lo.max(-Integer::div_floor(&(t + self.rest_max(i, i128::MAX) - self.tmin), &w));
            } else if lo <= hi {
                let reaches = |x: i128| t + w * x + self.rest_max(i, x) >= self.tmin;
                if !reaches(hi) {
                    return None;
                }
                let (mut a, mut b) = (lo, hi);
                while a < b {
                    let m = a + (b - a) / 2;
                    if reaches(m) {
                        b = m;
                    } else {
                        a = m + 1;
                    }
                }
                lo = a;
            }
        }
        Some((lo, hi))
    }

    /// Whether some table below line `i` paying `x` (lines so far summing to `t1`, with it) can
    /// be in the window.
    fn feasible(&self, i: usize, x: i128, t1: i128) -> bool {
        (t1 + self.rest_min[i + 1]).max(self.tmin) <= (t1 + self.rest_max(i, x)).min(self.tmax)
    }

    /// The sums `(t, q, h)` of the table with searched nets `nets`, if the whole search would
    /// reach it as a leaf in the window (pruning by results aside).
    fn leaf_of(&self, nets: &[i128]) -> Option<(i128, i128, i128)> {
        if nets.len() != self.vars.len() || self.tmin > self.tmax {
            return None;
        }
        let (mut t, mut q, mut h, mut cap) = (self.t0, self.q0, self.h0, i128::MAX);
        for (i, &x) in nets.iter().enumerate() {
            let (lo, hi) = self.range(i, cap, t)?;
            // Within the line's bounds from here on, so no sum below can overflow.
            if x < lo || x > hi {
                return None;
            }
            let v = &self.vars[i];
            t += v.w * x;
            q += v.w * self.d * x * x;
            h += if x > 0 { v.count } else { 0 };
            if !self.feasible(i, x, t) {
                return None;
            }
            cap = x;
        }
        (self.tmin <= t && t <= self.tmax).then_some((t, q, h))
    }

    /// [`Search::units`].
    fn units(&self) -> Vec<Unit> {
        if self.tmin > self.tmax {
            return Vec::new();
        }
        let k = self.vars.len();
        if k == 0 {
            return vec![Unit { prefix: Vec::new(), cost: 1 }];
        }
        let Some((lo0, hi0)) = self.range(0, i128::MAX, self.t0) else { return Vec::new() };
        let w0 = self.vars[0].w;
        // The pays of line 1 under each pay of line 0, where the search goes below line 0.
        let below = |x0: i128| {
            let t1 = self.t0 + w0 * x0;
            if !self.feasible(0, x0, t1) {
                return None;
            }
            self.range(1, x0, t1).filter(|(lo, hi)| lo <= hi).map(|(lo, hi)| (t1, lo, hi))
        };
        let two = k >= 2
            && hi0 - lo0 + 1 < SPLIT_BELOW
            && (lo0..=hi0).try_fold(0i128, |total, x0| {
                let total = total + below(x0).map_or(0, |(_, lo, hi)| hi - lo + 1);
                (total <= MAX_UNITS).then_some(total)
            }).is_some();
        let mut found: Vec<(Vec<i128>, Size)> = Vec::new();
        for x0 in (lo0..=hi0).rev() {
            if two {
                let Some((t1, lo1, hi1)) = below(x0) else { continue };
                let w1 = self.vars[1].w;
                for x1 in (lo1..=hi1).rev() {
                    let t2 = t1 + w1 * x1;
                    let size = if self.feasible(1, x1, t2) { self.size(2, x1, t2) } else { Size::ZERO };
                    found.push((vec![x0, x1], size));
                }
            } else {
                let t1 = self.t0 + w0 * x0;
                let size = if self.feasible(0, x0, t1) { self.size(1, x0, t1) } else { Size::ZERO };
                found.push((vec![x0], size));
            }
        }
        // Costs scaled so that the largest has 48 bits.
        let top = found.iter().map(|f| f.1.bits()).max().unwrap_or(0);
        let shift = top.saturating_sub(48);
        found
            .into_iter()
            .map(|(prefix, s)| {
                let cost = if s.e >= shift { (s.m << (s.e - shift)) as u64 } else { (s.m >> (shift - s.e).min(127)) as u64 };
                Unit { prefix, cost }
            })
            .collect()
    }

    /// The estimated number of tables below a unit whose last line pays `cap`, from line `i`
    /// on, the lines so far summing to `t`.
    fn size(&self, i: usize, cap: i128, t: i128) -> Size {
        if i == self.vars.len() {
            return Size::ONE;
        }
        let Some((lo, hi)) = self.range(i, cap, t) else { return Size::ZERO };
        let mut size = Size::ONE.times(hi - lo + 1);
        let mut cap = hi;
        for j in i + 1..self.vars.len() {
            let v = &self.vars[j];
            let hi = self.top(j, cap);
            let lo = if self.monotonic { v.lo.max(self.rest_lo[j + 1]) } else { v.lo };
            size = size.times(if v.w == 0 { 1 } else { hi - lo + 1 });
            cap = hi;
        }
        size
    }
}

impl<F: FnMut(u64)> State<'_, F> {
    /// Whether this shard's units include line `i` paying `x` after the pays fixed above it.
    fn allowed(&self, i: usize, x: i128) -> bool {
        if i == 0 {
            self.firsts.contains(&x)
        } else {
            self.pairs.contains(&(self.pays[0], x))
        }
    }

    /// Whether nothing with these best-case values could enter the kept list.
    fn hopeless(&self, hits: i128, close: i128, var: Approx) -> bool {
        if self.kept.len() < self.limit {
            return false;
        }
        let worst = self.kept.last().expect("the list is full");
        match self.rank {
            Rank::Closeness => close >= worst.close,
            Rank::HitFrequency => hits < worst.hits || (hits == worst.hits && close >= worst.close),
            // Ties in variance are too rare to prune on; a float never decides alone.
            Rank::Volatility => var.clearly_worse_than(worst.var),
        }
    }

    fn go(&mut self, i: usize, cap: i128, t: i128, q: i128, h: i128) {
        let p = self.p;
        if i == p.vars.len() {
            self.leaf(t, q, h);
            return;
        }
        let Some((lo, hi)) = p.range(i, cap, t) else { return };
        let (w, count) = (p.vars[i].w, p.vars[i].count);
        let mut x = hi;
        while x >= lo {
            if i < self.depth && !self.allowed(i, x) {
                x -= 1;
                continue;
            }
            if self.nodes >= self.max_nodes {
                self.stopped = true;
                return;
            }
            self.nodes += 1;
            if self.nodes % PROGRESS_EVERY == 0 {
                (self.progress)(self.nodes);
            }
            let t1 = t + w * x;
            let q1 = q + w * p.d * x * x;
            let h1 = h + if x > 0 { count } else { 0 };
            let rest_max = p.rest_max(i, x);
            let (t_lo, t_hi) = ((t1 + p.rest_min[i + 1]).max(p.tmin), (t1 + rest_max).min(p.tmax));
            let later = i + 1..p.vars.len();
            let hits = h1 + later.clone().filter(|&j| p.top(j, x) > 0).map(|j| p.vars[j].count).sum::<i128>();
            let q_lb = q1 + later.map(|j| p.vars[j].w * p.d * min_square(p.vars[j].lo, p.top(j, x))).sum::<i128>();
            let var = p.variance(q_lb, t_lo.abs().max(t_hi.abs()));
            if t_lo <= t_hi && !self.hopeless(hits, p.closeness(t_lo, t_hi), var) {
                self.pays[i] = x;
                self.go(i + 1, x, t1, q1, h1);
                if self.stopped {
                    return;
                }
            }
            x -= 1;
        }
    }

    fn leaf(&mut self, t: i128, q: i128, h: i128) {
        let p = self.p;
        if t < p.tmin || t > p.tmax {
            return;
        }
        let (close, var) = (p.closeness(t, t), p.variance(q, t.abs()));
        if self.hopeless(h, close, var) {
            return;
        }
        let exact = p.exact(self.rank, t, q, h);
        if self.kept.len() == self.limit && exact >= self.kept.last().expect("full").exact {
            return;
        }
        let at = self.kept.partition_point(|k| k.exact <= exact);
        self.kept.insert(at, Kept { hits: h, close, var, exact, pays: self.pays.clone() });
        self.kept.truncate(self.limit);
    }
}

/// A search's results as read from a tally, checked in themselves (not against a search).
struct Results {
    rank: Rank,
    limit: usize,
    lines: usize,
    nodes: u64,
    complete: bool,
    keys: Vec<RankKey>,
}

impl Results {
    /// The layout of [`Outcome::to_tally`].
    fn write(&self) -> Tally {
        let mut rows = Vec::with_capacity(self.keys.len() * (self.lines + KEY_WIDTH));
        for k in &self.keys {
            rows.extend_from_slice(&k.nets);
            rows.push(match k.primary.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            });
            let mut m = k.primary.magnitude().clone();
            for _ in 0..LIMBS {
                let limb = &m & ((num_bigint::BigUint::one() << LIMB_BITS) - 1u32);
                rows.push(limb.to_i128().expect("a limb has 120 bits"));
                m >>= LIMB_BITS;
            }
            assert!(m.is_zero(), "a ranking key has fewer than 360 bits");
            rows.push(k.close);
        }
        Tally::new()
            .with("params", vec![TALLY_FORMAT, self.rank.code(), self.limit as i128, self.lines as i128])
            .with("nodes", vec![i128::from(self.nodes)])
            .with("complete", vec![i128::from(self.complete)])
            .with("count", vec![self.keys.len() as i128])
            .with("candidates", rows)
    }

    fn read(t: &Tally) -> Result<Results, String> {
        let bad = |what: &str| Err(format!("search results: {what}"));
        let names: Vec<&str> = t.parts().iter().map(|p| p.0.as_str()).collect();
        if names.len() != PARTS.len() || !PARTS.iter().all(|p| names.contains(p)) {
            return Err(format!("search results: the counts hold parts {names:?}, not {PARTS:?}"));
        }
        let params = t.get("params", 4)?;
        if params[0] != TALLY_FORMAT {
            return bad(&format!("format {} where {TALLY_FORMAT} is read", params[0]));
        }
        let Some(rank) = Rank::from_code(params[1]) else { return bad("no such ranking") };
        if !(1..=MAX_LIMIT as i128).contains(&params[2]) {
            return bad(&format!("the number of results must be from 1 to {MAX_LIMIT}"));
        }
        if !(0..=MAX_LINES).contains(&params[3]) {
            return bad(&format!("the number of searched lines must be from 0 to {MAX_LINES}"));
        }
        let (limit, lines) = (params[2] as usize, params[3] as usize);
        let nodes = t.get("nodes", 1)?[0];
        let Ok(nodes) = u64::try_from(nodes) else { return bad("the number of nodes is negative or too large") };
        let complete = match t.get("complete", 1)?[0] {
            0 => false,
            1 => true,
            _ => return bad("complete is neither 0 nor 1"),
        };
        let count = t.get("count", 1)?[0];
        if !(0..=limit as i128).contains(&count) {
            return bad(&format!("{count} results where at most {limit} are kept"));
        }
        let width = lines + KEY_WIDTH;
        let rows = t.get("candidates", count as usize * width)?;
        let mut keys = Vec::with_capacity(count as usize);
        for row in rows.chunks(width) {
            let (nets, key) = row.split_at(lines);
            if nets.iter().any(|&x| !(-1..=MAX_PAY as i128).contains(&x)) {
                return bad("a net pay out of the range of pays");
            }
            let (sign, limbs, close) = (key[0], &key[1..=LIMBS], key[LIMBS + 1]);
            if limbs.iter().any(|&l| !(0..1i128 << LIMB_BITS).contains(&l)) || !(-1..=1).contains(&sign) || (sign == 0) != limbs.iter().all(|&l| l == 0) {
                return bad("a ranking key is malformed");
            }
            let fits = match rank {
                Rank::Closeness => sign == 0,
                Rank::HitFrequency => sign <= 0,
                Rank::Volatility => sign >= 0,
            };
            if !fits || close < 0 {
                return bad("a ranking key is out of the ranking's range");
            }
            let magnitude = limbs.iter().rev().fold(BigInt::zero(), |m, &l| (m << LIMB_BITS) + BigInt::from(l));
            let primary = if sign < 0 { -magnitude } else { magnitude };
            keys.push(RankKey { primary, close, nets: nets.to_vec() });
        }
        if keys.windows(2).any(|w| w[0] >= w[1]) {
            return bad("the results are not in the search's order");
        }
        Ok(Results { rank, limit, lines, nodes, complete, keys })
    }
}

impl Outcome {
    /// The outcome as exact integers, for a store of counts. Parts, in this order:
    /// - `params`: [format 1, ranking (0 closeness, 1 hit frequency, 2 volatility), limit,
    ///   number of searched lines L];
    /// - `nodes`: [nodes visited];
    /// - `complete`: [1 if the space (or the shard's part) was covered, else 0];
    /// - `count`: [number of candidates C];
    /// - `candidates`: C rows of L + 5, best first: the net pay of each searched line in the
    ///   wager's outcome order ("n to 1" nets n, "n for 1" nets n − 1), then the ranking key's
    ///   primary as sign (−1, 0, 1) and three 120-bit limbs of its magnitude, least first, then
    ///   its closeness ([`RankKey`]). Tables and figures are rebuilt from the nets
    ///   ([`Outcome::from_tally`]).
    pub fn to_tally(&self) -> Tally {
        Results { rank: self.rank, limit: self.limit, lines: self.lines, nodes: self.nodes, complete: self.complete, keys: self.candidates.iter().map(|c| c.key.clone()).collect() }.write()
    }

    /// The outcome of `search` from a tally ([`Outcome::to_tally`], or a merge of shards'
    /// [`combine`]), refusing one that is malformed or does not belong to the search: every
    /// candidate must be a table of the search's space in its window, with the ranking key the
    /// search gives it, the candidates in the search's order.
    pub fn from_tally(tally: &Tally, search: &Search) -> Result<Outcome, String> {
        let r = Results::read(tally)?;
        let plan = search.plan().map_err(|e| e.0)?;
        if r.rank != search.rank || r.limit != search.limit || r.lines != plan.vars.len() {
            return Err(format!(
                "search results: ranked by {} keeping {} over {} lines, for a search ranked by {} keeping {} over {}",
                r.rank.name(),
                r.limit,
                r.lines,
                search.rank.name(),
                search.limit,
                plan.vars.len()
            ));
        }
        let mut candidates = Vec::with_capacity(r.keys.len());
        for key in r.keys {
            let Some((t, q, h)) = plan.leaf_of(&key.nets) else {
                return Err(format!("search results: the nets {:?} are not a table of this search in its window", key.nets));
            };
            if plan.exact(search.rank, t, q, h) != (key.primary.clone(), key.close) {
                return Err(format!("search results: the table of nets {:?} has another ranking key", key.nets));
            }
            candidates.push(search.candidate(&plan, key));
        }
        Ok(Outcome { candidates, nodes: r.nodes, complete: r.complete, rank: r.rank, limit: r.limit, lines: r.lines })
    }
}

/// The merge of shards' outcomes ([`Combine::Custom`]): the best `limit` of all their candidates
/// in the search's order (the whole search's results when every shard is complete), nodes
/// summed, complete when every shard is. Refuses tallies that are malformed, of differing
/// searches, or that hold the same table twice.
pub fn combine(tallies: Vec<Tally>) -> Result<Tally, String> {
    let all = tallies.iter().map(Results::read).collect::<Result<Vec<_>, _>>()?;
    let first = all.first().ok_or("search results: nothing to merge")?;
    let (rank, limit, lines) = (first.rank, first.limit, first.lines);
    if all.iter().any(|r| (r.rank, r.limit, r.lines) != (rank, limit, lines)) {
        return Err("search results: the shards' results are of different searches (ranking, limit or lines differ)".into());
    }
    let mut nodes = 0u64;
    let mut keys = Vec::new();
    for r in &all {
        nodes = nodes.checked_add(r.nodes).ok_or("search results: the shards' nodes add up past 2^64")?;
        keys.extend(r.keys.iter().cloned());
    }
    let mut seen = HashSet::new();
    if !keys.iter().all(|k| seen.insert(k.nets.clone())) {
        return Err("search results: two shards hold the same table".into());
    }
    keys.sort();
    keys.truncate(limit);
    Ok(Results { rank, limit, lines, nodes, complete: all.iter().all(|r| r.complete), keys }.write())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::tests::{die, r};
    use crate::Line;

    fn bound(o: &str, min: u64, max: u64) -> LineBounds {
        LineBounds { outcome: o.into(), kind: PayKind::To, min, max }
    }

    fn search<'a>(counts: &'a OutcomeCounts, base: &'a Paytable, bounds: Vec<LineBounds>, low: BigRational, high: BigRational, rank: Rank) -> Search<'a> {
        Search { counts, base, bounds, monotonic: true, low, high, rank, limit: 10, max_nodes: 1_000_000 }
    }

    #[test]
    fn finds_the_monotonic_tables_in_range() {
        // Faces 1 and 2 pay a and b with 0 <= b <= a <= 4; edge = (4 - a - b)/6 must be 0:
        // (4,0), (3,1), (2,2).
        let base = Paytable { id: "t".into(), lines: vec![] };
        let found = search(&die(), &base, vec![bound("f1", 0, 4), bound("f2", 0, 4)], r(0, 1), r(0, 1), Rank::Closeness).run(|_| {}).unwrap();
        assert!(found.complete);
        let mut pays: Vec<String> = found.candidates.iter().map(|c| format!("{} {}", c.table.lines[0].pay, c.table.lines[1].pay)).collect();
        pays.sort();
        assert_eq!(pays, ["2 to 1 2 to 1", "3 to 1 1 to 1", "4 to 1 0 to 1"]);
    }

    #[test]
    fn fixed_lines_keep_their_kind() {
        // f3 pushes and f4 pays 3 to 2 throughout; f1 is searched as "n for 1".
        let base = Paytable { id: "t".into(), lines: vec![Line { outcome: "f3".into(), pay: Pay::Push }, Line { outcome: "f4".into(), pay: "3 to 2".parse().unwrap() }] };
        let bounds = vec![LineBounds { outcome: "f1".into(), kind: PayKind::For, min: 1, max: 10 }];
        // Net over the die: (n − 1) + 0 + 3/2 − 3 (f2, f5, f6 lose) = n − 5/2, so an edge in
        // [−1/6, 1/6] needs n − 5/2 in [−1, 1]: n = 2 or 3.
        let found = search(&die(), &base, bounds, r(-1, 6), r(1, 6), Rank::Closeness).run(|_| {}).unwrap();
        assert_eq!(found.candidates.len(), 2);
        for c in &found.candidates {
            assert_eq!(c.table.pay("f3"), Some(&Pay::Push));
            assert_eq!(c.table.pay("f4"), Some(&"3 to 2".parse().unwrap()));
            assert!(matches!(c.table.pay("f1"), Some(Pay::For(_))));
        }
    }

    #[test]
    fn refuses_duplicate_bounds_and_bad_limits() {
        let base = Paytable { id: "t".into(), lines: vec![] };
        let e = search(&die(), &base, vec![bound("f1", 0, 4), bound("f1", 0, 5)], r(0, 1), r(0, 1), Rank::Closeness).run(|_| {}).unwrap_err();
        assert!(e.0.contains("two bounds"), "{e}");
        let e = search(&die(), &base, vec![bound("f1", 0, MAX_PAY + 1)], r(0, 1), r(0, 1), Rank::Closeness).run(|_| {}).unwrap_err();
        assert!(e.0.contains("1000000"), "{e}");
    }

    #[test]
    fn stops_at_the_node_budget() {
        let base = Paytable { id: "t".into(), lines: vec![] };
        let bounds = (1..=6).map(|i| bound(&format!("f{i}"), 0, 1000)).collect();
        let counts = die();
        let mut s = search(&counts, &base, bounds, r(-10, 1), r(10, 1), Rank::Volatility);
        s.monotonic = false;
        s.max_nodes = 5000;
        let found = s.run(|_| {}).unwrap();
        assert!(!found.complete);
        assert_eq!(found.nodes, 5000);
    }
}
