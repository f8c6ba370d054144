//! The paytable search split into shards: each shard searches the units it is assigned, and the
//! merge of the shards' results (`combine`, through their tallies) is the whole search's, the
//! same tables in the same order, whenever every shard covered its part. Tallies convert back
//! losslessly, and malformed ones are refused.

use num_rational::BigRational;
use parsheet_paytable::search::{combine, LineBounds, Outcome, PayKind, Rank, Search, MAX_LIMIT};
use parsheet_paytable::{Line, OutcomeCounts, Pay, Paytable, MAX_PAY};
use parsheet_shard::{Combine, Shard, Tally};
use proptest::prelude::*;

mod common;

const SHARDS: [u32; 4] = [1, 2, 3, 7];

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// A fair die: faces f1..f6, one each.
fn die() -> OutcomeCounts {
    OutcomeCounts::new(6, (1..=6).map(|i| (format!("f{i}"), 1)).collect()).unwrap()
}

fn bound(o: &str, min: u64, max: u64) -> LineBounds {
    LineBounds { outcome: o.into(), kind: PayKind::To, min, max }
}

fn empty() -> Paytable {
    Paytable { id: "t".into(), lines: vec![] }
}

/// Every shard of `n`, run.
fn shards(search: &Search, n: u32) -> Vec<Outcome> {
    (0..n).map(|k| search.run_shard(Shard::new(k, n).unwrap(), |_| {}).unwrap()).collect()
}

/// The shards' outcomes merged through their tallies, as the store does.
fn merged(search: &Search, outs: &[Outcome]) -> Outcome {
    let tally = Combine::Custom(combine).apply(outs.iter().map(Outcome::to_tally).collect()).unwrap();
    Outcome::from_tally(&tally, search).unwrap()
}

/// Checks everything sharding promises for `search` (whose budget may cut shards short), against
/// `whole`, the same search run whole with a budget that covers it.
fn check(search: &Search, whole: &Outcome) -> Result<(), TestCaseError> {
    prop_assert!(whole.complete);
    prop_assert_eq!(&search.run(|_| {}).unwrap(), &search.run_shard(Shard::WHOLE, |_| {}).unwrap());
    let units = search.units().unwrap();
    let costs: Vec<u64> = units.iter().map(|u| u.cost).collect();
    for n in SHARDS {
        // Every unit goes to exactly one shard.
        let mut owner = vec![None; units.len()];
        for k in 0..n {
            for i in Shard::new(k, n).unwrap().assign(&costs) {
                prop_assert!(owner[i].is_none(), "unit {} twice", i);
                owner[i] = Some(k);
            }
        }
        prop_assert!(owner.iter().all(Option::is_some));
        let outs = shards(search, n);
        for (k, o) in outs.iter().enumerate() {
            prop_assert_eq!(&Outcome::from_tally(&o.to_tally(), search).unwrap(), o);
            prop_assert!(o.nodes <= search.max_nodes);
            prop_assert!(o.candidates.len() <= search.limit);
            // A shard's tables lie under its own units.
            for c in &o.candidates {
                let under: Vec<usize> = (0..units.len()).filter(|&i| c.rank_key().nets().starts_with(&units[i].prefix)).collect();
                prop_assert_eq!(under.len(), 1);
                prop_assert_eq!(owner[under[0]], Some(k as u32));
            }
        }
        let m = merged(search, &outs);
        prop_assert_eq!(m.nodes, outs.iter().map(|o| o.nodes).sum::<u64>());
        prop_assert_eq!(m.complete, outs.iter().all(|o| o.complete));
        prop_assert!(m.candidates.windows(2).all(|w| w[0].rank_key() < w[1].rank_key()));
        if m.complete {
            prop_assert_eq!(&m.candidates, &whole.candidates, "{} shards", n);
        }
        if n == 1 {
            prop_assert_eq!(&outs[0], &search.run(|_| {}).unwrap());
        }
    }
    Ok(())
}


type Case = (Vec<u128>, Vec<u8>, Vec<(usize, bool, u64, u64)>, i64, i64, bool, u8, usize, u64);

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(0u128..12, 3..6),
        prop::collection::vec(0u8..5, 6),
        prop::collection::vec((0usize..6, any::<bool>(), 0u64..6, 0u64..6), 0..4),
        -40i64..40,
        0i64..30,
        any::<bool>(),
        0u8..3,
        prop_oneof![1usize..4, Just(MAX_LIMIT)],
        prop_oneof![Just(1_000_000u64), 1u64..40],
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn shards_merge_to_the_whole((counts, fixed, bounds, low, width, monotonic, rank, limit, budget) in case()) {
        let (counts, base, bounds) = common::problem(&counts, &fixed, bounds);
        let rank = [Rank::Closeness, Rank::HitFrequency, Rank::Volatility][rank as usize];
        let (low, high) = (r(low, 20), r(low + width, 20));
        let search = Search { counts: &counts, base: &base, bounds, monotonic, low, high, rank, limit, max_nodes: budget };
        let whole = Search { bounds: search.bounds.clone(), low: search.low.clone(), high: search.high.clone(), max_nodes: 1_000_000, ..search }.run(|_| {}).unwrap();
        check(&search, &whole)?;
    }
}

#[test]
fn ties_keep_the_whole_search_order() {
    // Faces f1 and f2 pay a and b, the other four lose: edge (4 − a − b)/6. In [0, 0], the five
    // tables with a + b = 4 tie under closeness (and by hits in pairs); in [−1/6, 1/6], three
    // groups tie.
    let counts = die();
    let base = empty();
    for (low, high) in [(r(0, 1), r(0, 1)), (r(-1, 6), r(1, 6)), (r(-1, 1), r(1, 1))] {
        for rank in [Rank::Closeness, Rank::HitFrequency, Rank::Volatility] {
            for monotonic in [false, true] {
                for limit in [1, 2, 3, 4, 7, MAX_LIMIT] {
                    let s = Search { counts: &counts, base: &base, bounds: vec![bound("f1", 0, 4), bound("f2", 0, 4), bound("f3", 0, 2)], monotonic, low: low.clone(), high: high.clone(), rank, limit, max_nodes: 1_000_000 };
                    assert!(s.units().unwrap().iter().all(|u| u.prefix.len() == 2), "few pays on the first line: units are pairs");
                    let whole = s.run(|_| {}).unwrap();
                    check(&s, &whole).unwrap();
                }
            }
        }
    }
    // The tie broken by the order of visits: highest first pays first.
    let s = Search { counts: &counts, base: &base, bounds: vec![bound("f1", 0, 4), bound("f2", 0, 4)], monotonic: false, low: r(0, 1), high: r(0, 1), rank: Rank::Closeness, limit: 2, max_nodes: 1_000_000 };
    let m = merged(&s, &shards(&s, 3));
    let nets: Vec<&[i128]> = m.candidates.iter().map(|c| c.rank_key().nets()).collect();
    assert_eq!(nets, [&[4, 0][..], &[3, 1][..]]);
}

#[test]
fn a_first_line_of_many_pays_splits_alone() {
    // a + b within 2998..=3004: the first line takes 3001 pays, each a unit.
    let counts = die();
    let base = empty();
    let s = Search { counts: &counts, base: &base, bounds: vec![bound("f1", 0, 3000), bound("f2", 0, 3000)], monotonic: false, low: r(-500, 1), high: r(-499, 1), rank: Rank::Closeness, limit: 20, max_nodes: 1_000_000 };
    let units = s.units().unwrap();
    assert_eq!(units.len(), 3001);
    assert!(units.iter().all(|u| u.prefix.len() == 1));
    assert!(units.windows(2).all(|w| w[0].prefix > w[1].prefix), "units in the order of visits");
    let whole = s.run(|_| {}).unwrap();
    check(&s, &whole).unwrap();
    // A search of no line is one unit.
    let s = Search { counts: &counts, base: &base, bounds: vec![], monotonic: true, low: r(-1, 1), high: r(1, 1), rank: Rank::Closeness, limit: 3, max_nodes: 10 };
    assert_eq!(s.units().unwrap().len(), 1);
    check(&s, &s.run(|_| {}).unwrap()).unwrap();
}

#[test]
fn a_shard_out_of_budget_leaves_the_merge_incomplete() {
    let counts = die();
    let base = empty();
    let bounds: Vec<LineBounds> = (1..=6).map(|i| bound(&format!("f{i}"), 0, 1000)).collect();
    let s = Search { counts: &counts, base: &base, bounds, monotonic: false, low: r(-10, 1), high: r(10, 1), rank: Rank::Volatility, limit: 10, max_nodes: 5000 };
    for n in [2, 3, 7] {
        let outs = shards(&s, n);
        assert!(outs.iter().all(|o| !o.complete && o.nodes == 5000));
        let m = merged(&s, &outs);
        assert!(!m.complete);
        assert_eq!(m.nodes, 5000 * u64::from(n));
        assert_eq!(m.candidates.len(), 10);
    }
    // One shard short of budget is enough: a budget one below the largest shard's nodes stops
    // it alone (a shard's path does not depend on its budget until it stops).
    let bounds = vec![bound("f1", 0, 40), bound("f2", 0, 40), bound("f3", 0, 40)];
    let s = Search { counts: &counts, base: &base, bounds, monotonic: true, low: r(-30, 1), high: r(30, 1), rank: Rank::HitFrequency, limit: 5, max_nodes: 1_000_000 };
    let whole = s.run(|_| {}).unwrap();
    let nodes: Vec<u64> = shards(&s, 3).iter().map(|o| o.nodes).collect();
    let most = *nodes.iter().max().unwrap();
    let enough = Search { bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), max_nodes: most, ..s };
    let outs = shards(&enough, 3);
    assert!(outs.iter().all(|o| o.complete));
    assert_eq!(merged(&enough, &outs).candidates, whole.candidates);
    let short = Search { bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), max_nodes: most - 1, ..s };
    let outs = shards(&short, 3);
    for (o, &n) in outs.iter().zip(&nodes) {
        assert_eq!(o.complete, n < most);
    }
    assert!(!merged(&short, &outs).complete);
}

/// `t` with part `name` changed by `f`.
fn modify(t: &Tally, name: &str, f: impl FnOnce(&mut Vec<i128>)) -> Tally {
    let mut out = Tally::new();
    let mut f = Some(f);
    for (n, v) in t.parts() {
        let mut v = v.clone();
        if n == name {
            (f.take().unwrap())(&mut v);
        }
        out.push(n, v);
    }
    assert!(f.is_none(), "no part {name}");
    out
}

#[test]
fn malformed_tallies_are_refused() {
    let counts = die();
    let base = empty();
    let s = Search { counts: &counts, base: &base, bounds: vec![bound("f1", 0, 4), bound("f2", 0, 4)], monotonic: false, low: r(-1, 6), high: r(1, 6), rank: Rank::Closeness, limit: 4, max_nodes: 1_000_000 };
    let out = s.run(|_| {}).unwrap();
    assert_eq!(out.candidates.len(), 4);
    let good = out.to_tally();
    assert_eq!(Outcome::from_tally(&good, &s).unwrap(), out);
    assert_eq!(combine(vec![good.clone()]).unwrap(), good);
    // A row: 2 nets, sign, 3 limbs, closeness.
    let w = 2 + 5;
    let refused = |t: &Tally| Outcome::from_tally(t, &s).is_err() && combine(vec![t.clone()]).is_err();
    let mut bad: Vec<(&str, Tally)> = vec![
        ("a part missing", Tally::new().with("params", good.get("params", 4).unwrap().to_vec())),
        ("a part more", good.clone().with("extra", vec![1])),
        ("params short", modify(&good, "params", |v| v.truncate(3))),
        ("format", modify(&good, "params", |v| v[0] = 2)),
        ("rank", modify(&good, "params", |v| v[1] = 3)),
        ("limit 0", modify(&good, "params", |v| v[2] = 0)),
        ("limit too large", modify(&good, "params", |v| v[2] = MAX_LIMIT as i128 + 1)),
        ("limit below count", modify(&good, "params", |v| v[2] = 3)),
        ("lines negative", modify(&good, "params", |v| v[3] = -1)),
        ("nodes negative", modify(&good, "nodes", |v| v[0] = -1)),
        ("nodes past u64", modify(&good, "nodes", |v| v[0] = 1 << 64)),
        ("nodes twice", modify(&good, "nodes", |v| v.push(0))),
        ("complete 2", modify(&good, "complete", |v| v[0] = 2)),
        ("complete -1", modify(&good, "complete", |v| v[0] = -1)),
        ("count negative", modify(&good, "count", |v| v[0] = -1)),
        ("count above the rows", modify(&good, "count", |v| v[0] = 5)),
        ("count below the rows", modify(&good, "count", |v| v[0] = 3)),
        ("a row short", modify(&good, "candidates", |v| {
            v.pop();
        })),
        ("a net below -1", modify(&good, "candidates", |v| v[0] = -2)),
        ("a net above the largest pay", modify(&good, "candidates", |v| v[0] = MAX_PAY as i128 + 1)),
        ("a sign of 2", modify(&good, "candidates", |v| v[2] = 2)),
        ("a nonzero primary under closeness", modify(&good, "candidates", |v| {
            v[2] = 1;
            v[3] = 5;
        })),
        ("a sign without magnitude", modify(&good, "candidates", |v| v[2] = 1)),
        ("a limb too large", modify(&good, "candidates", |v| v[3] = 1 << 120)),
        ("a limb negative", modify(&good, "candidates", |v| v[3] = -1)),
        ("closeness negative", modify(&good, "candidates", |v| v[6] = -1)),
        ("rows out of order", modify(&good, "candidates", |v| {
            let (a, b) = v.split_at_mut(w);
            a.swap_with_slice(&mut b[..w]);
        })),
        ("a row twice", modify(&good, "candidates", |v| {
            let first = v[..w].to_vec();
            v[w..2 * w].copy_from_slice(&first);
        })),
    ];
    for (what, t) in &bad {
        assert!(refused(t), "{what}");
    }
    // Well formed, but not this search's: caught against the search.
    let last = 3 * w;
    bad = vec![
        ("another closeness", modify(&good, "candidates", |v| v[last + 6] += 1)),
        ("a table outside the window", modify(&good, "candidates", |v| v[1] = 3)),
        ("a pay outside the bounds", modify(&good, "candidates", |v| v[last + 1] = 5)),
        ("another ranking", modify(&modify(&good, "params", |v| v[1] = 1), "candidates", |v| {
            for row in v.chunks_mut(w) {
                row[2] = 0;
            }
        })),
        ("another limit", modify(&good, "params", |v| v[2] = 5)),
        ("another number of lines", Tally::new().with("params", vec![1, 0, 4, 3]).with("nodes", vec![0]).with("complete", vec![1]).with("count", vec![0]).with("candidates", vec![])),
    ];
    for (what, t) in &bad {
        assert!(Outcome::from_tally(t, &s).is_err(), "{what}");
    }
    // Merges of tallies that do not belong together.
    assert!(combine(vec![]).is_err());
    assert!(combine(vec![good.clone(), good.clone()]).is_err(), "the same table from two shards");
    assert!(combine(vec![good.clone(), modify(&good, "params", |v| v[2] = 5)]).is_err(), "two limits");
    let none = Tally::new().with("params", vec![1, 0, 4, 2]).with("nodes", vec![u64::MAX as i128]).with("complete", vec![1]).with("count", vec![0]).with("candidates", vec![]);
    assert!(combine(vec![none.clone()]).is_ok());
    assert!(combine(vec![none.clone(), none]).is_err(), "nodes past 2^64");
}

#[test]
fn the_key_holds_every_input() {
    let counts = die();
    let other_counts = OutcomeCounts::new(7, (1..=6).map(|i| (format!("f{i}"), 1 + u128::from(i == 6))).collect()).unwrap();
    let base = empty();
    let other_base = Paytable { id: "t".into(), lines: vec![Line { outcome: "f6".into(), pay: Pay::Push }] };
    let s = Search { counts: &counts, base: &base, bounds: vec![bound("f1", 0, 4), bound("f2", 0, 4)], monotonic: false, low: r(-1, 6), high: r(1, 6), rank: Rank::Closeness, limit: 4, max_nodes: 1000 };
    let inputs = |s: &Search| s.key("die").inputs;
    let k = inputs(&s);
    assert_eq!(k, inputs(&Search { bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), ..s }));
    assert_ne!(k, s.key("other die").inputs);
    let variants = [
        Search { counts: &other_counts, bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), ..s },
        Search { base: &other_base, bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), ..s },
        Search { bounds: vec![bound("f1", 0, 4), bound("f2", 0, 5)], low: s.low.clone(), high: s.high.clone(), ..s },
        Search { bounds: vec![bound("f1", 0, 4), LineBounds { kind: PayKind::For, ..bound("f2", 0, 4) }], low: s.low.clone(), high: s.high.clone(), ..s },
        Search { monotonic: true, bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), ..s },
        Search { low: r(-1, 5), bounds: s.bounds.clone(), high: s.high.clone(), ..s },
        Search { high: r(1, 5), bounds: s.bounds.clone(), low: s.low.clone(), ..s },
        Search { rank: Rank::Volatility, bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), ..s },
        Search { limit: 5, bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), ..s },
        Search { max_nodes: 1001, bounds: s.bounds.clone(), low: s.low.clone(), high: s.high.clone(), ..s },
    ];
    for (i, v) in variants.iter().enumerate() {
        assert_ne!(inputs(v), k, "variant {i}");
    }
}
