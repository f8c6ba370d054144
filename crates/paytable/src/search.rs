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

use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::{analyze, Analysis, OutcomeCounts, Pay, Paytable, MAX_PAY};

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
#[derive(Clone, Debug)]
pub struct Candidate {
    pub table: Paytable,
    pub analysis: Analysis,
}

/// What the search found, and whether it covered the whole space.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Best first.
    pub candidates: Vec<Candidate>,
    pub nodes: u64,
    /// False when the node budget ran out: the candidates are the best of the tables visited.
    pub complete: bool,
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

struct State<'a, F: FnMut(u64)> {
    vars: &'a [Var],
    monotonic: bool,
    rank: Rank,
    limit: usize,
    max_nodes: u64,
    n: i128,
    d: i128,
    tmin: i128,
    tmax: i128,
    /// The middle of the window as `mid_num / mid_den` in units of `T`.
    mid_num: i128,
    mid_den: i128,
    /// Σ over later lines of `w·lo`, and the largest `lo` of later lines.
    rest_min: Vec<i128>,
    rest_lo: Vec<i128>,
    nodes: u64,
    stopped: bool,
    kept: Vec<Kept>,
    pays: Vec<i128>,
    progress: F,
}

fn to_i128(x: &BigInt) -> Option<i128> {
    x.to_i128().filter(|v| v.abs() < SAFE)
}

fn too_large() -> SearchError {
    SearchError("the search space is too large to bound exactly; narrow the --bound ranges".into())
}

impl Search<'_> {
    /// Runs the search, calling `progress(nodes)` now and then.
    pub fn run(&self, progress: impl FnMut(u64)) -> Result<Outcome, SearchError> {
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
        let mut state = State {
            vars: &vars,
            monotonic: self.monotonic,
            rank: self.rank,
            limit: self.limit,
            max_nodes: self.max_nodes,
            n,
            d,
            tmin,
            tmax,
            mid_num,
            mid_den,
            rest_min,
            rest_lo,
            nodes: 0,
            stopped: false,
            kept: Vec::new(),
            pays: vec![0; vars.len()],
            progress,
        };
        if tmin <= tmax {
            state.go(0, i128::MAX, t0, q0, h0);
        }
        let (nodes, complete) = (state.nodes, !state.stopped);
        let candidates = state
            .kept
            .into_iter()
            .map(|k| {
                let mut table = self.base.clone();
                for (v, x) in vars.iter().zip(&k.pays) {
                    let b = self.bounds.iter().find(|b| b.outcome == rows[v.index].0).expect("each var has a bound");
                    let n = (x + i128::from(b.kind == PayKind::For)) as u64;
                    table = crate::explore::with_pay(&table, &b.outcome, b.kind.pay(n));
                }
                let analysis = analyze(self.counts, &table).expect("outcomes and pays checked above");
                Candidate { table, analysis }
            })
            .collect();
        Ok(Outcome { candidates, nodes, complete })
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

impl<F: FnMut(u64)> State<'_, F> {
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
        if i == self.vars.len() {
            self.leaf(t, q, h);
            return;
        }
        let v = &self.vars[i];
        let (w, count, lo) = (v.w, v.count, v.lo);
        let mut hi = if self.monotonic { v.hi.min(cap) } else { v.hi };
        let mut lo = lo;
        if self.monotonic {
            // Later lines may not pay more than this one, and each has a least pay.
            lo = lo.max(self.rest_lo[i + 1]);
        }
        if w == 0 {
            // An outcome that never happens moves nothing: its highest pay caps later lines least.
            lo = hi;
        } else {
            // T(x) = t + w·x + rest ∈ [tmin, tmax]: x ≤ (tmax − t − rest_min)/w, and the smallest
            // x whose highest reachable T reaches tmin.
            hi = hi.min(Integer::div_floor(&(self.tmax - t - self.rest_min[i + 1]), &w));
            if !self.monotonic {
                lo = lo.max(-Integer::div_floor(&(t + self.rest_max(i, i128::MAX) - self.tmin), &w));
            } else if lo <= hi {
                let reaches = |s: &Self, x: i128| t + w * x + s.rest_max(i, x) >= s.tmin;
                if !reaches(self, hi) {
                    return;
                }
                let (mut a, mut b) = (lo, hi);
                while a < b {
                    let m = a + (b - a) / 2;
                    if reaches(self, m) {
                        b = m;
                    } else {
                        a = m + 1;
                    }
                }
                lo = a;
            }
        }
        let mut x = hi;
        while x >= lo {
            if self.nodes >= self.max_nodes {
                self.stopped = true;
                return;
            }
            self.nodes += 1;
            if self.nodes % PROGRESS_EVERY == 0 {
                (self.progress)(self.nodes);
            }
            let t1 = t + w * x;
            let q1 = q + w * self.d * x * x;
            let h1 = h + if x > 0 { count } else { 0 };
            let rest_max = self.rest_max(i, x);
            let (t_lo, t_hi) = ((t1 + self.rest_min[i + 1]).max(self.tmin), (t1 + rest_max).min(self.tmax));
            let later = i + 1..self.vars.len();
            let hits = h1 + later.clone().filter(|&j| self.top(j, x) > 0).map(|j| self.vars[j].count).sum::<i128>();
            let q_lb = q1 + later.map(|j| self.vars[j].w * self.d * min_square(self.vars[j].lo, self.top(j, x))).sum::<i128>();
            let var = self.variance(q_lb, t_lo.abs().max(t_hi.abs()));
            if t_lo <= t_hi && !self.hopeless(hits, self.closeness(t_lo, t_hi), var) {
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
        if t < self.tmin || t > self.tmax {
            return;
        }
        let (close, var) = (self.closeness(t, t), self.variance(q, t.abs()));
        if self.hopeless(h, close, var) {
            return;
        }
        let primary = match self.rank {
            Rank::Closeness => BigInt::zero(),
            Rank::HitFrequency => BigInt::from(-h),
            // N·Q − T² is the variance times (N·D)².
            Rank::Volatility => BigInt::from(self.n) * BigInt::from(q) - BigInt::from(t) * BigInt::from(t),
        };
        let exact = (primary, close);
        if self.kept.len() == self.limit && exact >= self.kept.last().expect("full").exact {
            return;
        }
        let at = self.kept.partition_point(|k| k.exact <= exact);
        self.kept.insert(at, Kept { hits: h, close, var, exact, pays: self.pays.clone() });
        self.kept.truncate(self.limit);
    }
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
