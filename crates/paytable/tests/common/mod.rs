//! The random search problems `search.rs` and `search_shards.rs` share: outcomes `o0..` with
//! small counts plus `other` (which always loses), fixed lines of every kind, and bounds on some
//! lines.

#![allow(dead_code)]

use parsheet_paytable::search::{LineBounds, PayKind};
use parsheet_paytable::{Line, OutcomeCounts, Pay, Paytable};

/// A line the search does not vary, of each kind.
pub fn fixed_pay(code: u8) -> Option<Pay> {
    match code {
        0 => None,
        1 => Some(Pay::Push),
        2 => Some("3 to 2".parse().unwrap()),
        3 => Some("4 for 1".parse().unwrap()),
        _ => Some("2 to 1".parse().unwrap()),
    }
}

/// The counts, the base paytable and the bounds of a random problem (each line bounded once).
pub fn problem(counts: &[u128], fixed: &[u8], bounds: Vec<(usize, bool, u64, u64)>) -> (OutcomeCounts, Paytable, Vec<LineBounds>) {
    let mut rows: Vec<(String, u128)> = counts.iter().enumerate().map(|(i, &c)| (format!("o{i}"), c)).collect();
    rows.push(("other".into(), 3));
    let cycle = rows.iter().map(|r| r.1).sum();
    let n = rows.len() - 1;
    let counts = OutcomeCounts::new(cycle, rows).unwrap();
    let base = Paytable { id: "base".into(), lines: (0..n).filter_map(|i| fixed_pay(fixed[i]).map(|pay| Line { outcome: format!("o{i}"), pay })).collect() };
    let mut seen = Vec::new();
    let bounds = bounds
        .into_iter()
        .filter_map(|(i, for_kind, a, b)| {
            let i = i % n;
            if seen.contains(&i) {
                return None;
            }
            seen.push(i);
            let kind = if for_kind { PayKind::For } else { PayKind::To };
            Some(LineBounds { outcome: format!("o{i}"), kind, min: a.min(b), max: a.max(b) })
        })
        .collect();
    (counts, base, bounds)
}
