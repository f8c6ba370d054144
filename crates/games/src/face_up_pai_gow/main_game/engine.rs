//! The counting engine: for every dealer class and each setting asked of it, the player's counts
//! summed over the dealer hands of the class, in dominance channels (module essay, "Counting").
//!
//! Three kinds of units, each a sum over player hands that adds into the answers, so a shard is
//! any subset of them: a sub-multiset J of ranks (the Möbius terms of the rank part and of the
//! whole count of a rank class), a group of flushing dealer classes with the same flush ranks
//! (the player flushing in the dealer's suit), a dealer low (the player flushing in another suit).

use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering::Relaxed};

use parsheet_shard::Shard;
use rayon::prelude::*;

use super::players::{choose, Corner, Csr, Tables, INF_HIGH, NCH};

/// The settings each dealer class is asked at, in dense values.
pub(super) struct Queries {
    /// Per rank class R: the settings its whole count (every hand of its ranks, as if none could
    /// flush on the dealer's side) is wanted at; empty for a class not asked (e.g. a one-way
    /// count's class that pushes as an Ace High Pai Gow).
    pub nf: Csr<(u16, u8)>,
    /// Per pattern: the settings its flushing dealer hands' count is wanted at, sorted.
    pub fl: Csr<(u16, u8)>,
    /// Channels counted: 2 (optimal player) or 4 (and the house-way player).
    pub nch: usize,
}

/// A shard's share of the answers: `nf[slot]` for the slots of `Queries::nf`, `fl[slot]` for
/// those of `Queries::fl`, and the checksum of the units it counted.
pub(super) struct Partial {
    pub nf: Vec<[i64; NCH]>,
    pub fl: Vec<[i64; NCH]>,
    pub units: [i128; 2],
}

/// A multiset of at most two ranks as one code: ∅ → 0, {r} → 1 + r, {r, r} → 14 + r,
/// {r < t} → 27 + pair index.
const J2: usize = 27 + 78;

fn pair_index(r: usize, t: usize) -> usize {
    debug_assert!(r < t);
    r * 13 - r * (r + 1) / 2 + (t - r - 1)
}

/// The sub-multisets J of a multiset of at most two cards `(rank, count)`, as (code, J's counts).
fn subs2(m: &[(u8, u8)]) -> Vec<(usize, [(u8, u8); 2], usize)> {
    let mut out = vec![(0, [(0, 0); 2], 0)];
    for &(r, k) in m {
        out.push((1 + r as usize, [(r, 1), (0, 0)], 1));
        if k == 2 {
            out.push((14 + r as usize, [(r, 2), (0, 0)], 1));
        }
    }
    if m.len() == 2 {
        let (r, t) = (m[0].0.min(m[1].0), m[0].0.max(m[1].0));
        out.push((27 + pair_index(r as usize, t as usize), [(r, 1), (t, 1)], 2));
    }
    out
}

/// The checksum term of unit `i` (so that a shard missing or counted twice shows).
pub(super) fn unit_hash(i: u64) -> i128 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) as i128
}

fn atomics(n: usize) -> Vec<AtomicI64> {
    (0..n).map(|_| AtomicI64::new(0)).collect()
}

/// Σ over the quadrant `b > l` of points added so far, per channel (a Fenwick tree over lows,
/// indexed from the top so a suffix is a prefix).
struct Fenwick {
    n: usize,
    ch: usize,
    t: Vec<i64>,
}

impl Fenwick {
    fn new(n_lows: usize, ch: usize) -> Fenwick {
        Fenwick { n: n_lows + 1, ch, t: vec![0; (n_lows + 2) * ch] }
    }

    #[inline]
    fn add(&mut self, b: u8, ch: usize, w: i64) {
        let mut i = self.n - b as usize;
        while i <= self.n {
            self.t[i * self.ch + ch] += w;
            i += i & i.wrapping_neg();
        }
    }

    /// Σ of points with b > l, in channels `base..base + out.len()`, in one walk of the tree.
    #[inline]
    fn above(&self, l: u8, base: usize, out: &mut [i64]) {
        out.fill(0);
        let mut i = self.n - 1 - l as usize;
        while i > 0 {
            let node = &self.t[i * self.ch + base..i * self.ch + base + out.len()];
            for (o, &x) in out.iter_mut().zip(node) {
                *o += x;
            }
            i &= i - 1;
        }
    }
}

/// The dense (h, l) values of a class's corners, sorted: a value between two of them settles every
/// class alike, so the rank part is asked once per canonical pair.
struct Canon {
    highs: Vec<u16>,
    lows: Vec<u8>,
}

impl Canon {
    fn key(&self, (h, l): (u16, u8)) -> (u32, u32) {
        (self.highs.partition_point(|&a| a <= h) as u32, self.lows.partition_point(|&b| b <= l) as u32)
    }
}

/// A corner in 8 bytes: a same-suit list's weights are sums of a few δ weights times small
/// binomials (checked where they are made).
#[derive(Clone, Copy)]
struct Small {
    a: u16,
    b: u8,
    ch: u8,
    w: i32,
}

/// A pattern's δ corner as the other-suit sweep adds it, carrying what the update reads of the
/// pattern: its off-suit group and flush ranks (which name the pattern).
#[derive(Clone, Copy)]
struct OsCorner {
    a: u16,
    b: u8,
    ch: u8,
    group: u16,
    suited: u16,
    w: i32,
}

#[derive(Clone, Copy)]
enum Unit {
    Mobius(u32),
    SameSuit(u32),
    OtherSuit(u32),
}

/// Everything the units share.
struct Engine<'a> {
    t: &'a Tables,
    q: &'a Queries,
    sk: &'a Skeleton,
    n_lows: usize,
    class_corners: Csr<Corner>,
    delta: Csr<Corner>,
    /// Per class: hands · its corners + suits · Σ placements · its patterns' δ corners.
    whole: Csr<Corner>,
    /// Per rank class: the canonical settings its rank part is wanted at (dense (h, l)), and for
    /// each `fl` slot the index of its rank-part slot.
    g_q: Csr<(u16, u8)>,
    g_of_fl: Vec<u32>,
    /// Per rank class: whether it has points or questions (a Möbius unit passes over the rest;
    /// a further way's sparse run has few).
    active: Vec<bool>,
    // Same suit: groups of patterns by (rest, dealer joker); per flush-rank mask and joker (the
    // key of `Tables::mask_at`), its Möbius terms present by channel (J code, index into
    // `ss_merged`), and per such term and channel the corners of the mask's patterns, each
    // weighted by its term, summed, by rising high.
    groups: Vec<(u16, bool, Vec<u32>)>,
    ss_terms_of_mask: Csr<(u8, u32)>,
    ss_merged: Csr<Small>,
    // Other suits.
    low_queries: Vec<Vec<(u16, u32, u32)>>,
    /// Every pattern's δ corner, by falling a, then pattern (group, flush ranks).
    os_corners: Vec<OsCorner>,
    /// The same-suit and other-suit answers, per `fl` slot (`NCH` a slot, atomic adds; the
    /// Möbius units' are summed per thread, in `Scratch`).
    fl_val: Vec<AtomicI64>,
}

/// What the units need of the deck's classes and patterns alone, whatever the points and the
/// questions: built on a `Tables`' first run and shared by every later run over it (the further
/// house ways make eleven).
pub(super) struct Skeleton {
    /// Möbius: every sub-multiset J of a rank class, and the classes holding it.
    js: Vec<u64>,
    holders: Csr<u32>,
    /// Per rank class: its ranks and joker as letters, packed as J's are.
    class_letters: Vec<u64>,
    /// Same suit: each pattern's Möbius terms (J code, weight), in the order of `Tables::by_mask`.
    ss_terms: Csr<(u8, u8)>,
    /// Other suits: patterns by their off-suit part and joker.
    off_groups: Vec<([(u8, u8); 2], u8, bool)>,
    /// Per off-suit group: its ranks as a mask, and its (rank, count) pairs with (13, 0) for
    /// none.
    off_group_ranks: Vec<u16>,
    off_pairs: Vec<[(u8, u8); 2]>,
    /// Per rank: the off-suit groups holding it.
    groups_with_rank: Vec<Vec<u32>>,
    /// Per pattern: its off-suit group.
    off_group_of: Vec<u32>,
    /// Per flush-rank mask: its sets T' (|T'| ≤ 2) as key indices.
    tsets_of_mask: Csr<u8>,
}

impl Skeleton {
    fn new(t: &Tables) -> Skeleton {
        // Every sub-multiset J of every class, and the classes holding it.
        let subs: Vec<Vec<u64>> = t
            .classes
            .par_iter()
            .map(|c| {
                let mut letters: Vec<(usize, u8)> = c.ranks.iter().map(|&(r, k)| (r as usize, k)).collect();
                if c.joker {
                    letters.push((JOKER_LETTER, 1));
                }
                let mut out = vec![0u64];
                for (r, k) in letters {
                    let n = out.len();
                    for j in 1..=k as u64 {
                        for i in 0..n {
                            out.push(out[i] | j << (4 * r));
                        }
                    }
                }
                out
            })
            .collect();
        let class_letters = t.classes.iter().map(|c| c.ranks.iter().fold((c.joker as u64) << (4 * JOKER_LETTER), |m, &(r, k)| m | (k as u64) << (4 * r as u64))).collect();
        let mut pairs: Vec<(u64, u32)> = subs.par_iter().enumerate().flat_map_iter(|(c, l)| l.iter().map(move |&j| (j, c as u32))).collect();
        pairs.par_sort_unstable();
        let mut js = Vec::new();
        let mut holders = Csr { at: vec![0], data: Vec::with_capacity(pairs.len()) };
        for (k, &(j, c)) in pairs.iter().enumerate() {
            if k > 0 && pairs[k - 1].0 != j {
                holders.at.push(holders.data.len() as u32);
            }
            if k == 0 || pairs[k - 1].0 != j {
                js.push(j);
            }
            holders.data.push(c);
        }
        holders.at.push(holders.data.len() as u32);

        let s1 = t.deck.suits - 1;
        let ss_terms = Csr::from_lists(t.by_mask.par_iter().map(|&p| {
            let p = &t.patterns[p as usize];
            subs2(p.off())
                .into_iter()
                .map(|(code, jc, _)| {
                    // Π_{r ∈ off} C(s − 1 − J_r, o_r − J_r).
                    let f: u64 = p.off().iter().map(|&(r, o)| {
                        let jr = jc.iter().find(|x| x.0 == r && x.1 > 0).map_or(0, |x| x.1);
                        choose(s1 - jr, o - jr)
                    }).product();
                    (code as u8, f as u8)
                })
                .collect::<Vec<_>>()
        }).collect::<Vec<_>>());

        let mut off_groups: Vec<([(u8, u8); 2], u8, bool)> = Vec::new();
        let mut gmap: std::collections::HashMap<([(u8, u8); 2], u8, bool), u32> = std::collections::HashMap::new();
        let off_group_of: Vec<u32> = t
            .patterns
            .iter()
            .map(|p| {
                let k = (p.off, p.off_len, p.joker);
                *gmap.entry(k).or_insert_with(|| {
                    off_groups.push(k);
                    off_groups.len() as u32 - 1
                })
            })
            .collect();
        let off_group_ranks = off_groups.iter().map(|x| x.0[..x.1 as usize].iter().fold(0u16, |m, &(r, _)| m | 1 << r)).collect();
        let off_pairs = off_groups.iter().map(|x| std::array::from_fn(|i| if i < x.1 as usize { x.0[i] } else { (13, 0) })).collect();
        let mut groups_with_rank = vec![Vec::new(); 13];
        for (g, x) in off_groups.iter().enumerate() {
            for &(r, _) in &x.0[..x.1 as usize] {
                groups_with_rank[r as usize].push(g as u32);
            }
        }
        let tsets_of_mask = Csr::from_lists((0..1u16 << 13).map(|m| {
            let mut v = vec![0u8];
            for r in 0..13 {
                if m >> r & 1 == 1 {
                    v.push(1 + r as u8);
                    for u in r + 1..13 {
                        if m >> u & 1 == 1 {
                            v.push((14 + pair_index(r, u)) as u8);
                        }
                    }
                }
            }
            v
        }).collect::<Vec<_>>());

        Skeleton { js, holders, class_letters, ss_terms, off_groups, off_group_ranks, off_pairs, groups_with_rank, off_group_of, tsets_of_mask }
    }
}

/// Letters of a multiset of ranks and the joker: rank r at bits 4r, the joker at bit 52.
const JOKER_LETTER: usize = 13;

fn unpack(j: u64) -> [u8; 14] {
    std::array::from_fn(|r| (j >> (4 * r) & 0xf) as u8)
}

/// Counts the units `shard` owns; returns its share of the answers and the number of units.
pub(super) fn solve(t: &Tables, q: &Queries, shard: Shard, progress: &(dyn Fn(u64, u64) + Sync)) -> (Partial, usize) {
    assert!(q.nch == 2 || q.nch == NCH, "the engine counts 2 or {NCH} channels, not {}", q.nch);
    let e = Engine::new(t, q);
    // Units and their estimated costs (in about tens of nanoseconds).
    // (Each estimate walks its unit's classes or masks: 4.8 million holders for the Möbius
    // units, so they are made on every core.)
    let mut units: Vec<(Unit, u64)> = (0..e.sk.js.len()).into_par_iter().map(|i| (Unit::Mobius(i as u32), e.mobius_cost(i))).collect();
    units.par_extend(e.groups.par_iter().enumerate().map(|(i, g)| (Unit::SameSuit(i as u32), e.same_suit_cost(g))));
    for (l, qs) in e.low_queries.iter().enumerate() {
        if !qs.is_empty() {
            units.push((Unit::OtherSuit(l as u32), e.delta.data.len() as u64 / 8 + e.t.patterns.len() as u64 / 2 + 200 * qs.len() as u64));
        }
    }
    let costs: Vec<u64> = units.iter().map(|u| u.1).collect();
    let mut mine = shard.assign(&costs);
    mine.sort_by_key(|&i| std::cmp::Reverse(costs[i]));
    let mut sum = [0i128; 2];
    for &i in &mine {
        sum[0] += 1;
        sum[1] += unit_hash(i as u64);
    }
    let total: u64 = mine.iter().map(|&i| costs[i]).sum::<u64>().max(1);
    let done = std::sync::atomic::AtomicU64::new(0);
    let next = AtomicUsize::new(0);
    // Each thread sums the Möbius units' answers in arrays of its own (an atomic add per answer
    // cost more than the unit's sweep), added together once its units are done.
    let sums: std::sync::Mutex<Option<(Vec<i64>, Vec<i64>)>> = std::sync::Mutex::new(None);
    rayon::scope(|s| {
        for _ in 0..rayon::current_num_threads() {
            s.spawn(|_| {
                let mut scratch = Scratch::default();
                loop {
                    let k = next.fetch_add(1, Relaxed);
                    let Some(&i) = mine.get(k) else { break };
                    // The channel count as a constant, so the units' per-channel loops unroll.
                    match (units[i].0, e.q.nch) {
                        (Unit::Mobius(j), 2) => e.mobius::<2>(j as usize, &mut scratch),
                        (Unit::Mobius(j), _) => e.mobius::<NCH>(j as usize, &mut scratch),
                        (Unit::SameSuit(g), 2) => e.same_suit::<2>(g as usize),
                        (Unit::SameSuit(g), _) => e.same_suit::<NCH>(g as usize),
                        (Unit::OtherSuit(l), 2) => e.other_suits::<2>(l as usize),
                        (Unit::OtherSuit(l), _) => e.other_suits::<NCH>(l as usize),
                    }
                    let n = done.fetch_add(costs[i], Relaxed) + costs[i];
                    progress(n, total);
                }
                if scratch.g_out.len() + scratch.nf_out.len() == 0 {
                    return;
                }
                let mut all = sums.lock().unwrap_or_else(|e| e.into_inner());
                match all.as_mut() {
                    None => *all = Some((scratch.g_out, scratch.nf_out)),
                    Some((g, nf)) => {
                        g.iter_mut().zip(&scratch.g_out).for_each(|(x, y)| *x += y);
                        nf.iter_mut().zip(&scratch.nf_out).for_each(|(x, y)| *x += y);
                    }
                }
            });
        }
    });
    progress(total, total);
    let (g, nf) = sums.into_inner().unwrap_or_else(|e| e.into_inner()).unwrap_or_else(|| (vec![0; e.g_q.data.len() * e.q.nch], vec![0; e.q.nf.data.len() * e.q.nch]));
    (e.assemble(sum, &g, &nf), units.len())
}

#[derive(Default)]
struct Scratch {
    points: Vec<Corner>,
    /// (h, l, 0 for a rank part or 1 for a whole count, slot, coefficient).
    queries: Vec<(u16, u8, u8, u32, i64)>,
    /// The queries' (h, l, kind, index) by falling high, and each query's answer by index, the
    /// run's channels a query.
    sorted: Vec<(u16, u8, u8, u32)>,
    answers: Vec<i64>,
    /// The points' and the sorted queries' buffers while they are sorted.
    points_buffer: Vec<Corner>,
    sorted_buffer: Vec<(u16, u8, u8, u32)>,
    /// This thread's sums of the rank parts (per `g_q` slot) and the whole counts (per `nf`
    /// slot), the run's channels a slot; empty until its first Möbius unit with answers.
    g_out: Vec<i64>,
    nf_out: Vec<i64>,
}

/// The most items [`sort_by_u16`] sorts through its buffer.
const RADIX_MOST: usize = 1 << 20;

/// Sorts `items` by a 16-bit key, equal keys in any order (a unit's sums do not depend on it):
/// a radix sort, a byte a pass (the second left out where every key shares its upper byte),
/// quicker than a comparison sort on a Möbius unit's thousands of points and queries. A few
/// short lists, and the few units of over a million points, are sorted in place instead, so
/// the buffer stays small beside the points.
fn sort_by_u16<T: Copy>(items: &mut Vec<T>, buffer: &mut Vec<T>, key: impl Fn(&T) -> u16) {
    if items.len() < 64 || items.len() > RADIX_MOST {
        items.sort_unstable_by_key(&key);
        return;
    }
    let mut counts = [[0usize; 256]; 2];
    for x in items.iter() {
        let k = key(x);
        counts[0][(k & 0xff) as usize] += 1;
        counts[1][(k >> 8) as usize] += 1;
    }
    buffer.clear();
    buffer.resize(items.len(), items[0]);
    for (pass, counts) in counts.iter_mut().enumerate() {
        if pass == 1 && counts.iter().filter(|&&n| n > 0).count() == 1 {
            break;
        }
        let mut at = 0;
        for n in counts.iter_mut() {
            (*n, at) = (at, at + *n);
        }
        for x in items.iter() {
            let d = (key(x) >> (8 * pass) & 0xff) as usize;
            buffer[counts[d]] = *x;
            counts[d] += 1;
        }
        std::mem::swap(items, buffer);
    }
}

impl<'a> Engine<'a> {
    #[inline(never)]
    fn new(t: &'a Tables, q: &'a Queries) -> Engine<'a> {
        let n_lows = t.lows.len();
        let class_corners = Csr::from_lists((0..t.classes.len()).into_par_iter().map(|c| t.class_corners(c)).collect::<Vec<_>>());
        let delta = Csr::from_lists((0..t.patterns.len()).into_par_iter().map(|p| t.delta_corners(p)).collect::<Vec<_>>());
        let suits = t.deck.suits as i64;
        let whole = Csr::from_lists(
            (0..t.classes.len())
                .into_par_iter()
                .map(|c| {
                    let mut v: Vec<Corner> = class_corners.get(c).iter().map(|k| Corner { w: k.w * t.classes[c].hands as i64, ..*k }).collect();
                    for p in t.by_class[c].clone() {
                        let w = suits * t.patterns[p as usize].placements as i64;
                        v.extend(delta.get(p as usize).iter().map(|k| Corner { w: k.w * w, ..*k }));
                    }
                    super::players::merge(v)
                })
                .collect::<Vec<_>>(),
        );

        // The rank part's canonical settings per rank class.
        let mut ch: Vec<u16> = class_corners.data.iter().map(|k| k.a).filter(|&a| a != INF_HIGH).collect();
        let mut cl: Vec<u8> = class_corners.data.iter().map(|k| k.b).filter(|&b| (b as usize) < n_lows).collect();
        ch.par_sort_unstable();
        ch.dedup();
        cl.par_sort_unstable();
        cl.dedup();
        let canon = Canon { highs: ch, lows: cl };
        let per_class: Vec<(Vec<(u16, u8)>, Vec<(usize, u32)>)> = (0..t.classes.len())
            .into_par_iter()
            .map(|c| {
                let mut keys: Vec<((u32, u32), (u16, u8))> = Vec::new();
                let mut of = Vec::new();
                for p in t.by_class[c].clone() {
                    for s in q.fl.range(p as usize) {
                        let x = q.fl.data[s];
                        let k = canon.key(x);
                        let at = match keys.iter().position(|y| y.0 == k) {
                            Some(i) => i,
                            None => {
                                keys.push((k, x));
                                keys.len() - 1
                            }
                        };
                        of.push((s, at as u32));
                    }
                }
                (keys.into_iter().map(|k| k.1).collect(), of)
            })
            .collect();
        let g_q = Csr::from_lists(per_class.iter().map(|p| p.0.clone()));
        let mut g_of_fl = vec![0u32; q.fl.data.len()];
        for (c, (_, of)) in per_class.iter().enumerate() {
            for &(s, at) in of {
                g_of_fl[s] = g_q.at[c] + at;
            }
        }
        let active = (0..t.classes.len()).map(|c| !(class_corners.get(c).is_empty() && whole.get(c).is_empty() && g_q.get(c).is_empty() && q.nf.get(c).is_empty())).collect();

        // Same-suit groups: dealer patterns by the ranks their flush suit leaves (and joker).
        let mut keyed: Vec<(u16, bool, u32)> =
            t.patterns.iter().enumerate().filter(|(p, _)| !q.fl.get(*p).is_empty()).map(|(p, x)| (t.deck.rank_mask & !x.suited, x.joker, p as u32)).collect();
        keyed.sort_unstable();
        let mut groups: Vec<(u16, bool, Vec<u32>)> = Vec::new();
        for (rest, dj, p) in keyed {
            match groups.last_mut() {
                Some(g) if g.0 == rest && g.1 == dj => g.2.push(p),
                _ => groups.push((rest, dj, vec![p])),
            }
        }

        // A same-suit unit takes every pattern of each flush-rank mask inside its rest, so a
        // mask's patterns always enter a unit together, term by term: their corners, weighted
        // by each pattern's term and summed where they meet (`players::merge`), are one list
        // per (mask, term, channel), by rising high, built once per run instead of walked
        // pattern by pattern in each of the thousands of units that take the mask. (On the
        // full deck the sums leave 12% fewer corners for the table's points, about 20% fewer
        // for a way's.)
        let sk = t.skeleton.get_or_init(|| Skeleton::new(t));
        let per_mask: Vec<Vec<(u8, Vec<Small>)>> = (0..t.mask_at.len() - 1)
            .into_par_iter()
            .map(|k| {
                let mut by_code: Vec<Vec<Corner>> = vec![Vec::new(); J2];
                for i in t.mask_at[k] as usize..t.mask_at[k + 1] as usize {
                    let corners = delta.get(t.by_mask[i] as usize);
                    for &(code, f) in sk.ss_terms.get(i) {
                        by_code[code as usize].extend(corners.iter().filter(|c| (c.ch as usize) < q.nch).map(|c| Corner { w: c.w * f as i64, ..*c }));
                    }
                }
                let small = |c: &Corner| Small { a: c.a, b: c.b, ch: c.ch, w: i32::try_from(c.w).expect("a same-suit weight fits 32 bits") };
                // One list per channel, each by rising high (`merge` sorts by channel, high, low).
                by_code
                    .into_iter()
                    .enumerate()
                    .flat_map(|(code, list)| {
                        let merged = super::players::merge(list);
                        merged.chunk_by(|x, y| x.ch == y.ch).map(|one| (code as u8, one.iter().map(small).collect::<Vec<_>>())).collect::<Vec<_>>()
                    })
                    .collect()
            })
            .collect();
        let mut ss_merged = Csr { at: vec![0], data: Vec::new() };
        let ss_terms_of_mask = Csr::from_lists(per_mask.into_iter().map(|lists| {
            lists
                .into_iter()
                .map(|(code, list)| {
                    ss_merged.data.extend(list);
                    ss_merged.at.push(ss_merged.data.len() as u32);
                    (code, ss_merged.at.len() as u32 - 2)
                })
                .collect::<Vec<_>>()
        }));
        // Other suits: the queries by dealer low; patterns by their off-suit part and joker.
        let mut low_queries: Vec<Vec<(u16, u32, u32)>> = vec![Vec::new(); n_lows];
        for p in 0..t.patterns.len() {
            for s in q.fl.range(p) {
                let (h, l) = q.fl.data[s];
                low_queries[l as usize].push((h, p as u32, s as u32));
            }
        }
        low_queries.par_iter_mut().for_each(|v| v.sort_unstable_by(|a, b| b.cmp(a)));
        let mut os_corners: Vec<OsCorner> = (0..t.patterns.len())
            .into_par_iter()
            .flat_map_iter(|p| {
                let (group, suited) = (u16::try_from(sk.off_group_of[p]).expect("off-suit groups fit 16 bits"), t.patterns[p].suited);
                delta.get(p).iter().filter(|k| (k.ch as usize) < q.nch).map(move |k| OsCorner { a: k.a, b: k.b, ch: k.ch, group, suited, w: i32::try_from(k.w).expect("an other-suit weight fits 32 bits") })
            })
            .collect();
        os_corners.par_sort_unstable_by_key(|c| (std::cmp::Reverse(c.a), c.group, c.suited));
        let fl_val = atomics(q.fl.data.len() * NCH);
        Engine { t, q, sk, n_lows, class_corners, delta, whole, g_q, g_of_fl, active, groups, ss_terms_of_mask, ss_merged, low_queries, os_corners, fl_val }
    }

    fn mobius_cost(&self, j: usize) -> u64 {
        let mut n = 0u64;
        for &c in self.sk.holders.get(j) {
            let c = c as usize;
            n += (self.class_corners.get(c).len() + self.whole.get(c).len()) as u64 + 2 * (self.g_q.get(c).len() + self.q.nf.get(c).len()) as u64;
        }
        n / 4 + 1
    }

    /// Möbius unit J: the terms J of every rank class's rank part and whole count.
    ///
    /// The player hands of class c that avoid one dealer hand of ranks R number
    /// `Π_r C(s_r − R_r, c_r)` (s_r: the suits, 1 for the joker), and
    /// `C(s − R, c) = Σ_j (−1)^j C(R, j) C(s − j, c − j)`. So the rank part of R,
    /// `Σ_c Π_r C(s_r − R_r, c_r) · [c's outcome]`, is `Σ_{J ≤ R} (−1)^{|J|} Π C(R_r, J_r) · G_J` with
    /// `G_J = Σ_{c ≥ J} Π C(s_r − J_r, c_r − J_r) · [c's outcome]`, a dominance count over the
    /// corners of the classes holding J; likewise the whole count of R (every dealer hand of
    /// ranks R against every player hand, each valued as it is),
    /// `Σ_c Π C(s_r − c_r, R_r) · V_c = Σ_{J ≤ R} (−1)^{|J|} Π C(s_r − J_r, R_r − J_r) · U_J`,
    /// `U_J = Σ_{c ≥ J} Π C(c_r, J_r) · V_c` with V_c every hand of ranks c (the `whole` corners).
    #[inline(never)]
    fn mobius<const C: usize>(&self, j: usize, s: &mut Scratch) {
        let t = self.t;
        let nch = C;
        let jc = unpack(self.sk.js[j]);
        let size: u32 = jc.iter().map(|&x| x as u32).sum();
        let sign: i64 = if size % 2 == 0 { 1 } else { -1 };
        let suits = |r: usize| if r == JOKER_LETTER { 1u8 } else { t.deck.suits };
        s.points.clear();
        s.queries.clear();
        let holders = self.sk.holders.get(j);
        let any_g = holders.iter().any(|&c| !self.g_q.get(c as usize).is_empty());
        let any_u = holders.iter().any(|&c| !self.q.nf.get(c as usize).is_empty());
        if !any_g && !any_u {
            return;
        }
        for &ci in holders {
            if !self.active[ci as usize] {
                continue;
            }
            // (The class's letters packed as J's are, read from one array rather than from the
            // class's own list of ranks.)
            let letters = self.sk.class_letters[ci as usize];
            let mut g = 1i64;
            let mut u = 1i64;
            let mut cg = sign;
            let mut cu = sign;
            let mut rest = letters;
            while rest != 0 {
                let r = rest.trailing_zeros() as usize / 4;
                rest &= !(0xf << (4 * r));
                let (k, x) = ((letters >> (4 * r) & 0xf) as u8, jc[r]);
                g *= choose(suits(r) - x, k - x) as i64;
                u *= choose(k, x) as i64;
                cg *= choose(k, x) as i64;
                cu *= choose(suits(r) - x, k - x) as i64;
            }
            if any_g {
                s.points.extend(self.class_corners.get(ci as usize).iter().filter(|k| (k.ch as usize) < nch).map(|k| Corner { w: k.w * g, ..*k }));
            }
            if any_u {
                s.points.extend(self.whole.get(ci as usize).iter().filter(|k| (k.ch as usize) < nch).map(|k| Corner { ch: k.ch + C as u8, w: k.w * u, ..*k }));
            }
            let gr = self.g_q.range(ci as usize);
            for (i, &(h, l)) in self.g_q.data[gr.clone()].iter().enumerate() {
                s.queries.push((h, l, 0, (gr.start + i) as u32, cg));
            }
            let nr = self.q.nf.range(ci as usize);
            for (i, &(h, l)) in self.q.nf.data[nr.clone()].iter().enumerate() {
                s.queries.push((h, l, 1, (nr.start + i) as u32, cu));
            }
        }
        // A difference count's units mostly hold no points.
        if s.queries.is_empty() || s.points.is_empty() {
            return;
        }
        // This thread's sums, made on its first unit with answers (a thread may have none).
        if s.g_out.len() + s.nf_out.len() == 0 {
            s.g_out = vec![0; self.g_q.data.len() * C];
            s.nf_out = vec![0; self.q.nf.data.len() * C];
        }
        // A point at or below every query's high, or at or below every query's low, is counted
        // by none of them.
        let h_min = s.queries.iter().map(|q| q.0).min().unwrap_or(0);
        let l_min = s.queries.iter().map(|q| q.1).min().unwrap_or(0);
        s.points.retain(|p| p.a > h_min && p.b > l_min);
        // (The sums do not depend on the order of equal highs.)
        sort_by_u16(&mut s.points, &mut s.points_buffer, |p| !p.a);
        // The sweep takes the queries by falling high (a copy of what it reads, sorted); the
        // answers go out in the order the queries were pushed, rising slots, so the adds walk
        // the outputs in address order.
        s.sorted.clear();
        s.sorted.extend(s.queries.iter().enumerate().map(|(i, q)| (q.0, q.1, q.2, i as u32)));
        sort_by_u16(&mut s.sorted, &mut s.sorted_buffer, |q| !q.0);
        s.answers.clear();
        s.answers.resize(s.queries.len() * C, 0);
        let mut fen = Fenwick::new(self.n_lows, 2 * C);
        let mut pi = 0;
        for &(h, l, kind, i) in &s.sorted {
            while pi < s.points.len() && s.points[pi].a > h {
                let p = s.points[pi];
                fen.add(p.b, p.ch as usize, p.w);
                pi += 1;
            }
            fen.above(l, if kind == 0 { 0 } else { C }, &mut s.answers[i as usize * C..i as usize * C + C]);
        }
        for (&(_, _, kind, slot, coef), v) in s.queries.iter().zip(s.answers.chunks_exact(C)) {
            let out = if kind == 0 { &mut s.g_out } else { &mut s.nf_out };
            for ch in 0..C {
                out[slot as usize * C + ch] += coef * v[ch];
            }
        }
    }

    fn same_suit_cost(&self, g: &(u16, bool, Vec<u32>)) -> u64 {
        let mut n = 0u64;
        let mut m = g.0;
        loop {
            for joker in [false, true] {
                if joker && (g.1 || !self.t.deck.joker) {
                    continue;
                }
                let k = (joker as usize) << 13 | m as usize;
                // The empty J's list holds every pattern's corners (as the old per-pattern
                // estimate counted them once); the other terms' lists are shorter.
                for &(_, list) in self.ss_terms_of_mask.get(k).iter().filter(|x| x.0 == 0) {
                    n += 3 * self.ss_merged.get(list as usize).len() as u64;
                }
            }
            if m == 0 {
                break;
            }
            m = (m - 1) & g.0;
        }
        let queries: u64 = g.2.iter().map(|&p| self.q.fl.get(p as usize).len() as u64).sum();
        n / 4 + queries * 30 + 1
    }

    /// Same-suit unit: the player flushing in the dealer's flush suit, for every dealer pattern
    /// whose flush ranks leave `rest` (and joker `dj`).
    ///
    /// Against a dealer pattern with flush ranks S (rest = the others) and off-suit ranks e, the
    /// player hands of pattern π flushing in the same suit number `[M ⊆ rest] Π_{r ∈ off π}
    /// C(s − 1 − e_r, o_r)`, and `C(n − e, o) = Σ_j (−1)^j C(e, j) C(n − j, o − j)`: so the count is
    /// `Σ_{J ≤ e} (−1)^{|J|} Π C(e_r, J_r) · Z_J`, `Z_J = Σ_{M ⊆ rest, off ≥ J} Π C(s − 1 − J_r,
    /// o_r − J_r) · δ_π`, one dominance count per J (|J| ≤ 2) shared by the group.
    #[inline(never)]
    fn same_suit<const C: usize>(&self, gi: usize) {
        let t = self.t;
        let nch = C;
        let (rest, dj, members) = &self.groups[gi];
        // Queries: (h, l, J code, slot, coefficient).
        let mut qs: Vec<(u16, u8, usize, u32, i64)> = Vec::new();
        for &pd in members {
            let p = &t.patterns[pd as usize];
            let hands = t.pattern_hands(p) as i64;
            let subs = subs2(p.off());
            for slot in self.q.fl.range(pd as usize) {
                let (h, l) = self.q.fl.data[slot];
                for &(code, jc, _) in &subs {
                    let mut coef = hands;
                    let mut size = 0;
                    for &(r, k) in &jc {
                        if k == 0 {
                            continue;
                        }
                        size += k;
                        let e = p.off().iter().find(|x| x.0 == r).map_or(0, |x| x.1);
                        coef *= choose(e, k) as i64;
                    }
                    if size % 2 == 1 {
                        coef = -coef;
                    }
                    qs.push((h, l, code, slot as u32, coef));
                }
            }
        }
        // Per J (numbered as its queries first come): its queries' distinct highs and lows.
        let mut local = [u8::MAX; J2];
        let mut per_j: Vec<(Vec<u16>, Vec<u8>)> = Vec::new();
        for q in &qs {
            if local[q.2] == u8::MAX {
                local[q.2] = per_j.len() as u8;
                per_j.push((Vec::new(), Vec::new()));
            }
            let x = &mut per_j[local[q.2] as usize];
            x.0.push(q.0);
            x.1.push(q.1);
        }
        struct Grid {
            highs: Vec<u16>,
            lows: Vec<u8>,
            of_low: Vec<u32>,
            cells: Vec<i64>,
        }
        let mut grids: Vec<Grid> = per_j
            .into_iter()
            .map(|(mut highs, mut lows)| {
                highs.sort_unstable();
                highs.dedup();
                lows.sort_unstable();
                lows.dedup();
                let of_low = (0..=self.n_lows).map(|b| lows.partition_point(|&y| (y as usize) < b) as u32).collect();
                let cells = vec![0i64; (highs.len() + 1) * (lows.len() + 1) * nch];
                Grid { highs, lows, of_low, cells }
            })
            .collect();
        // Points: every pattern with its flush ranks inside rest, a mask's patterns together.
        let mut m = *rest;
        loop {
            for joker in [false, true] {
                if joker && (*dj || !t.deck.joker) {
                    continue;
                }
                let k = (joker as usize) << 13 | m as usize;
                for &(code, list) in self.ss_terms_of_mask.get(k) {
                    let li = local[code as usize];
                    if li == u8::MAX {
                        continue;
                    }
                    let g = &mut grids[li as usize];
                    let hw = g.lows.len() + 1;
                    // One channel's corners by rising high: those at or below the grid's lowest
                    // high are read by no query and skipped, and a corner's row (the grid's
                    // highs below its high; ∞ above them all) only rises along the list.
                    let list = self.ss_merged.get(list as usize);
                    let ch = list[0].ch as usize;
                    let start = list.partition_point(|k| k.a <= g.highs[0]);
                    let mut kh = 0usize;
                    for k in &list[start..] {
                        while kh < g.highs.len() && g.highs[kh] < k.a {
                            kh += 1;
                        }
                        let kl = g.of_low[k.b as usize] as usize;
                        // A corner in column 0 (at or below every query's low) is read by no
                        // query: all of them go to cell 0 (an index times 0 or 1, no branch).
                        let at = ((kh * hw + kl) * nch + ch) * (kl != 0) as usize;
                        g.cells[at] += k.w as i64;
                    }
                }
            }
            if m == 0 {
                break;
            }
            m = (m - 1) & *rest;
        }
        // Suffix sums, then the answers: Σ over cells with kh > ih, kl > il.
        // (Each row's suffix sums over lows, then each row plus the summed row above it.)
        for g in &mut grids {
            let w = (g.lows.len() + 1) * nch;
            for row in g.cells.chunks_exact_mut(w) {
                for i in (0..w - nch).rev() {
                    row[i] += row[i + nch];
                }
            }
            for kh in (0..g.highs.len()).rev() {
                let (this, above) = g.cells[kh * w..].split_at_mut(w);
                for (x, &y) in this.iter_mut().zip(&above[..w]) {
                    *x += y;
                }
            }
        }
        for &(h, l, code, slot, coef) in &qs {
            let g = &grids[local[code] as usize];
            let nl = g.lows.len() + 1;
            let ih = g.highs.binary_search(&h).unwrap() + 1;
            let il = g.lows.binary_search(&l).unwrap() + 1;
            if ih >= g.highs.len() + 1 || il >= nl {
                continue;
            }
            for ch in 0..nch {
                let v = g.cells[(ih * nl + il) * nch + ch];
                if v != 0 {
                    self.fl_val[slot as usize * NCH + ch].fetch_add(coef * v, Relaxed);
                }
            }
        }
    }

    /// Other-suit unit: for every dealer pattern asked at low `l`, the player flushing in a suit
    /// other than the dealer's flush suit.
    ///
    /// For such a suit x the dealer holds the ranks T of his off-suit cards that lie in x (at
    /// most two), and `e_r = R_r − [r ∈ T]` cards of rank r outside x; the player hands of pattern
    /// π flushing in x number `[M ∩ T = ∅] Π_{r ∈ off π} C(s − 1 − e_r, o_r)`. The dealer's hands of
    /// the pattern and the suits x give each T a multiplicity, `s(s − 1) Π_{r ∈ off} C(s − 2,
    /// d_r − [r ∈ T])`. Patterns fall into groups by off-suit part and joker (one weight per
    /// group), `[M ∩ T = ∅]` is an inclusion–exclusion over the ranks of T, so a query needs
    /// `S[g][T'] = Σ_{π ∈ g, M ⊇ T'} δ_π` for |T'| ≤ 2, kept up to date in a sweep over the
    /// dealer's high: at low l the δ of a pattern is the sum of its corners with b > l and a > h.
    #[inline(never)]
    fn other_suits<const C: usize>(&self, l: usize) {
        const T_SETS: usize = 1 + 13 + 78;
        let t = self.t;
        let nch = C;
        let qs = &self.low_queries[l];
        let ng = self.sk.off_groups.len();
        // S[T'][group][channel].
        let mut sums = vec![0i64; T_SETS * ng * nch];
        let at = |tset: usize, g: usize| (tset * ng + g) * nch;
        let tset_of = |v: &[usize]| -> usize {
            match *v {
                [] => 0,
                [r] => 1 + r,
                [r, u] => 14 + pair_index(r.min(u), r.max(u)),
                _ => unreachable!("at most two off-suit ranks"),
            }
        };
        let s1 = t.deck.suits - 1;
        let s = t.deck.suits as i64;
        let mut ways0: Vec<(u32, i64)> = Vec::with_capacity(ng);
        let mut touched: Vec<u32> = Vec::new();
        let corners = &self.os_corners;
        let mut ev = 0;
        // Queries by falling high: a corner is on once the dealer's high is below its a; a
        // pattern's corners at one a go in as one update of its keys.
        for &(h, pd, slot) in qs {
            while ev < corners.len() && corners[ev].a > h {
                let (a, g, suited) = (corners[ev].a, corners[ev].group, corners[ev].suited);
                let mut add = [0i64; NCH];
                while ev < corners.len() && corners[ev].a == a && corners[ev].group == g && corners[ev].suited == suited {
                    let k = corners[ev];
                    if k.b as usize > l {
                        add[k.ch as usize] += k.w as i64;
                    }
                    ev += 1;
                }
                if add.iter().any(|&x| x != 0) {
                    let g = g as usize;
                    for &ts in self.sk.tsets_of_mask.get(suited as usize) {
                        let cell = &mut sums[at(ts as usize, g)..at(ts as usize, g) + nch];
                        for ch in 0..nch {
                            cell[ch] += add[ch];
                        }
                    }
                }
            }
            let d = &t.patterns[pd as usize];
            let dc = &t.classes[d.class as usize];
            let jf = t.deck.joker && !d.joker;
            // The contexts T ⊆ the dealer's off-suit ranks, with their multiplicities and the
            // player's available off-suit cards.
            let off = d.off();
            let ranks: [usize; 2] = [off.first().map_or(0, |x| x.0 as usize), off.get(1).map_or(0, |x| x.0 as usize)];
            let ranks = &ranks[..off.len()];
            let pick = |tm: u32| -> ([usize; 2], usize) {
                let mut v = [0usize; 2];
                let mut n = 0;
                for (i, &r) in ranks.iter().enumerate() {
                    if tm >> i & 1 == 1 {
                        v[n] = r;
                        n += 1;
                    }
                }
                (v, n)
            };
            // (A context where the dealer holds more of a rank outside x than x's other suits
            // hold has no hands; its count is clamped, and its multiplicity is 0.)
            let mut avail_none = [0u8; 13];
            for (r, a) in avail_none.iter_mut().enumerate() {
                if t.deck.rank_mask >> r & 1 == 1 {
                    *a = (s1 as i16 - dc.counts[r] as i16).max(0) as u8;
                }
            }
            let avail_of = |tm: u32| -> [u8; 13] {
                let mut avail = avail_none;
                for (i, &r) in ranks.iter().enumerate() {
                    if tm >> i & 1 == 1 {
                        avail[r] = (s1 as i16 + 1 - dc.counts[r] as i16).max(0) as u8;
                    }
                }
                avail
            };
            let mut contexts = [(0u32, [0u8; 13], 0i64); 4];
            let mut nc = 0;
            for tm in 0..1u32 << off.len() {
                let mut mult = s * (s - 1);
                for (i, &(_, k)) in off.iter().enumerate() {
                    mult *= choose(t.deck.suits - 2, k - (tm >> i & 1) as u8) as i64;
                }
                if mult != 0 {
                    contexts[nc] = (tm, avail_of(tm), mult);
                    nc += 1;
                }
            }
            let contexts = &contexts[..nc];
            let avail0 = avail_none;
            // The sets T' ⊆ the dealer's off ranks, each with its key, its sign (−1)^{|T'|} and
            // Σ_{T ⊇ T'} mult(T).
            let mut subs = [(0usize, 0i64, 0i64); 4];
            let mut ns = 0;
            for sub in 0..1u32 << off.len() {
                let c: i64 = contexts.iter().filter(|x| x.0 & sub == sub).map(|x| x.2).sum();
                let (v, n) = pick(sub);
                subs[ns] = (tset_of(&v[..n]), if n % 2 == 1 { -1 } else { 1 }, c);
                ns += 1;
            }
            let subs = &subs[..ns];
            let dealer_ranks: u16 = ranks.iter().fold(0, |m, &r| m | 1 << r);
            // Groups that hold none of the dealer's off ranks weigh alike in every context:
            // Σ_{T ⊇ T'} mult(T) · (−1)^{|T'|} for each T' ⊆ the off ranks.
            // (C(avail, k) per rank and k ≤ 2, the 14th rank standing for a rank a group lacks.)
            let mut c_of = [[1i64; 3]; 14];
            for r in 0..13 {
                c_of[r] = [1, avail0[r] as i64, choose(avail0[r], 2) as i64];
            }
            // (Only the groups of nonzero weight, as (offset in a key's row, weight).)
            ways0.clear();
            for g in 0..ng {
                let [(r1, k1), (r2, k2)] = self.sk.off_pairs[g];
                if self.sk.off_groups[g].2 && !jf || self.sk.off_group_ranks[g] & dealer_ranks != 0 {
                    continue;
                }
                let w = c_of[r1 as usize][k1 as usize] * c_of[r2 as usize][k2 as usize];
                if w != 0 {
                    ways0.push(((g * nch) as u32, w));
                }
            }
            let mut acc = [0i64; NCH];
            for &(ts, sign, c) in subs {
                if c == 0 {
                    continue;
                }
                let row = &sums[at(ts, 0)..at(ts + 1, 0)];
                let mut part = [0i64; NCH];
                for &(o, w) in &ways0 {
                    let cell = &row[o as usize..o as usize + nch];
                    for ch in 0..nch {
                        part[ch] += w * cell[ch];
                    }
                }
                for ch in 0..nch {
                    acc[ch] += sign * c * part[ch];
                }
            }
            // Groups holding an off rank: [M ∩ T = ∅] = Σ_{T' ⊆ T} (−1)^{|T'|} [T' ⊆ M], so
            // each T' takes Σ_{T ⊇ T'} mult(T) · the group's ways in context T, one read of its
            // key per T'.
            touched.clear();
            for &r in ranks {
                touched.extend_from_slice(&self.sk.groups_with_rank[r]);
            }
            touched.sort_unstable();
            touched.dedup();
            for &g in &touched {
                let (goff, glen, gj) = self.sk.off_groups[g as usize];
                if gj && !jf {
                    continue;
                }
                let mut coef = [0i64; 4];
                for &(tm, ref avail, mult) in contexts {
                    let ways: i64 = mult * goff[..glen as usize].iter().map(|&(r, k)| choose(avail[r as usize], k) as i64).product::<i64>();
                    for (i, c) in coef.iter_mut().enumerate().take(ns) {
                        if i as u32 & tm == i as u32 {
                            *c += ways;
                        }
                    }
                }
                for (&(ts, sign, _), &c) in subs.iter().zip(&coef) {
                    if c == 0 {
                        continue;
                    }
                    let cell = at(ts, g as usize);
                    for ch in 0..nch {
                        acc[ch] += sign * c * sums[cell + ch];
                    }
                }
            }
            for ch in 0..nch {
                if acc[ch] != 0 {
                    self.fl_val[slot as usize * NCH + ch].fetch_add(acc[ch], Relaxed);
                }
            }
        }
    }

    /// The flushing dealer classes' counts: hands · (rank part + same suit) + other suits.
    fn assemble(self, units: [i128; 2], g_val: &[i64], nf_val: &[i64]) -> Partial {
        let t = self.t;
        let nch = self.q.nch;
        let load = |v: &[AtomicI64], i: usize| -> [i64; NCH] { std::array::from_fn(|ch| v[i * NCH + ch].load(Relaxed)) };
        let read = |v: &[i64], i: usize| -> [i64; NCH] { std::array::from_fn(|ch| if ch < nch { v[i * nch + ch] } else { 0 }) };
        let nf = (0..self.q.nf.data.len()).map(|i| read(nf_val, i)).collect();
        let mut fl = vec![[0i64; NCH]; self.q.fl.data.len()];
        for p in 0..t.patterns.len() {
            let hands = t.pattern_hands(&t.patterns[p]) as i64;
            for s in self.q.fl.range(p) {
                let g = read(g_val, self.g_of_fl[s] as usize);
                let f = load(&self.fl_val, s);
                fl[s] = std::array::from_fn(|ch| hands * g[ch] + f[ch]);
            }
        }
        Partial { nf, fl, units }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The radix sort gives what a comparison sort gives (equal keys in any order), for keys in
    /// one byte's range and across the whole 16 bits, short lists and long.
    #[test]
    fn the_radix_sort_sorts() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut buffer = Vec::new();
        for (n, span, base) in [(0usize, 1u64, 0u64), (5, 300, 0), (63, 9000, 0), (64, 200, 0), (1000, 256, 512), (1000, 7500, 0), (5000, 65536, 0), (3000, 1, 77), (RADIX_MOST, 7500, 0), (RADIX_MOST + 1, 7500, 0)] {
            let items: Vec<(u16, usize)> = (0..n).map(|i| ((next() % span + base) as u16, i)).collect();
            let mut radix = items.clone();
            sort_by_u16(&mut radix, &mut buffer, |x| x.0);
            assert!(radix.windows(2).all(|w| w[0].0 <= w[1].0), "n {n}, keys {base}..{}: not sorted", base + span);
            radix.sort();
            let mut by_comparison = items.clone();
            by_comparison.sort();
            assert_eq!(radix, by_comparison, "n {n}, keys {base}..{}: not the same items", base + span);
            assert!(buffer.len() <= RADIX_MOST);
        }
    }
}
