//! The branch-and-bound search against a brute-force scan of the same space: on small random
//! wagers, paytables and bounds, the best results under each ranking are the best of every table.

use num_rational::BigRational;
use num_traits::Signed;
use parsheet_paytable::search::{LineBounds, PayKind, Rank, Search};
use parsheet_paytable::{analyze, Analysis};
use proptest::prelude::*;

mod common;

/// The ranking's key, lower is better: (primary, closeness to the middle of the window).
fn key(a: &Analysis, rank: Rank, middle: &BigRational) -> (BigRational, BigRational) {
    let close = (&a.house_edge - middle).abs();
    match rank {
        Rank::Closeness => (BigRational::from_integer(0.into()), close),
        Rank::HitFrequency => (-a.hit_frequency.clone(), close),
        Rank::Volatility => (a.variance.clone(), close),
    }
}


type Case = (Vec<u128>, Vec<u8>, Vec<(usize, bool, u64, u64)>, i64, i64, bool, u8, usize);

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(0u128..12, 3..6),
        prop::collection::vec(0u8..5, 6),
        prop::collection::vec((0usize..6, any::<bool>(), 0u64..5, 0u64..5), 1..4),
        -40i64..40,
        0i64..30,
        any::<bool>(),
        0u8..3,
        1usize..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn best_equals_brute_force((counts, fixed, bounds, low, width, monotonic, rank, limit) in case()) {
        let (counts, base, bounds) = common::problem(&counts, &fixed, bounds);
        let rank = [Rank::Closeness, Rank::HitFrequency, Rank::Volatility][rank as usize];
        let (low, high) = (BigRational::new(low.into(), 20.into()), BigRational::new((low + width).into(), 20.into()));
        let middle = (&low + &high) / BigRational::from_integer(2.into());

        // Brute force: every assignment of 0..=4 to the bounded lines, the monotonic rule read
        // in the wager's order (o0 first).
        let mut order: Vec<&LineBounds> = bounds.iter().collect();
        order.sort_by_key(|b| b.outcome.clone());
        let mut all = Vec::new();
        // A line whose outcome never happens changes no figure: tables that differ only there
        // are one table to the search.
        let mut tables_seen: Vec<Vec<u64>> = Vec::new();
        let mut pick = vec![0u64; order.len()];
        loop {
            let nets: Vec<i64> = order.iter().zip(&pick).map(|(b, &x)| x as i64 - i64::from(b.kind == PayKind::For)).collect();
            let in_bounds = order.iter().zip(&pick).all(|(b, &x)| b.min <= x && x <= b.max);
            if in_bounds && (!monotonic || nets.windows(2).all(|w| w[1] <= w[0])) {
                let mut t = base.clone();
                for (b, &x) in order.iter().zip(&pick) {
                    t = parsheet_paytable::explore::with_pay(&t, &b.outcome, b.kind.pay(x));
                }
                let a = analyze(&counts, &t).unwrap();
                let happens: Vec<u64> = order.iter().zip(&pick).filter(|(b, _)| counts.get(&b.outcome) != Some(0)).map(|(_, &x)| x).collect();
                if low <= a.house_edge && a.house_edge <= high && !tables_seen.contains(&happens) {
                    tables_seen.push(happens);
                    all.push(key(&a, rank, &middle));
                }
            }
            let mut k = 0;
            while k < pick.len() && pick[k] == 4 {
                pick[k] = 0;
                k += 1;
            }
            if k == pick.len() {
                break;
            }
            pick[k] += 1;
        }
        all.sort();

        let search = Search { counts: &counts, base: &base, bounds: bounds.clone(), monotonic, low: low.clone(), high: high.clone(), rank, limit, max_nodes: 1_000_000 };
        let found = search.run(|_| {}).unwrap();
        prop_assert!(found.complete);
        prop_assert_eq!(found.candidates.len(), all.len().min(limit));
        let keys: Vec<_> = found.candidates.iter().map(|c| key(&c.analysis, rank, &middle)).collect();
        // The brute force's best keys, in order (tied tables may differ).
        prop_assert_eq!(&keys[..], &all[..keys.len()]);
        for c in &found.candidates {
            prop_assert!(low <= c.analysis.house_edge && c.analysis.house_edge <= high);
            for l in &base.lines {
                if !bounds.iter().any(|b| b.outcome == l.outcome) {
                    prop_assert_eq!(c.table.pay(&l.outcome), Some(&l.pay));
                }
            }
        }
    }
}
