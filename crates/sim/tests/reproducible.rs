//! Seeds, threads and the API's refusals.

use parsheet_paytable::{Line, Paytable};
use parsheet_sim::{simulate, Simulation, CHUNK};

fn table(lines: &[(&str, &str)]) -> Paytable {
    Paytable { id: "t".into(), lines: lines.iter().map(|&(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect() }
}

fn flush_c() -> Paytable {
    table(&[("7-card-flush", "200 to 1"), ("6-card-flush", "60 to 1"), ("5-card-flush", "12 to 1"), ("4-card-flush", "1 to 1")])
}

#[test]
fn the_same_seed_gives_the_same_result_and_other_seeds_differ() {
    let t = flush_c();
    // Not a multiple of the chunk size, so the last chunk is partial.
    let rounds = 3 * CHUNK + 123;
    let a = simulate("high-card-flush", "flush-bonus", None, &t, rounds, 42).unwrap();
    let b = simulate("high-card-flush", "flush-bonus", None, &t, rounds, 42).unwrap();
    assert_eq!(a, b);
    let c = simulate("high-card-flush", "flush-bonus", None, &t, rounds, 43).unwrap();
    assert_ne!(a.outcome_counts, c.outcome_counts);
    assert_ne!(a.mean_net, c.mean_net);
    assert_eq!(a.rounds, rounds);
    assert_eq!(a.outcome_counts.iter().map(|o| o.1).sum::<u64>(), rounds);
}

#[test]
fn the_result_does_not_depend_on_the_number_of_threads() {
    for (game, wager) in parsheet_sim::wagers() {
        let s = Simulation::new(game, wager, None).unwrap();
        let rounds = 2 * CHUNK + 7;
        let one = s.run_with(rounds, 9, 1, &|_| {});
        let three = s.run_with(rounds, 9, 3, &|_| {});
        assert_eq!(one, three, "{game} {wager}");
    }
}

#[test]
fn progress_reaches_the_total() {
    let s = Simulation::new("over-under", "bonus", None).unwrap();
    let most = std::sync::atomic::AtomicU64::new(0);
    let rounds = 5 * CHUNK + 1;
    s.run_with(rounds, 1, 2, &|done| {
        most.fetch_max(done, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(most.into_inner(), rounds);
}

#[test]
fn estimates_follow_the_paytable_arithmetic() {
    // Everything loses: the mean is exactly -1 and the standard error 0.
    let e = simulate("over-under", "bonus", None, &table(&[]), 1000, 5).unwrap();
    assert_eq!(e.mean_net, -1.0);
    assert_eq!(e.standard_error, 0.0);
    assert_eq!(e.house_edge(), 1.0);
    // Everything pushes or wins 1 to 1 on "other"... "other" cannot be a line, so use pushes on
    // every paying outcome: the mean is minus the share of "other".
    let all_push: Vec<(&str, &str)> =
        ["6-or-33", "7-or-32", "8-or-31", "9-or-30", "10-or-29", "11-or-28", "12-or-27"].iter().map(|&o| (o, "Push")).collect();
    let e = simulate("over-under", "bonus", None, &table(&all_push), 10_000, 5).unwrap();
    let other = e.frequency("other").unwrap();
    assert!((e.mean_net + other).abs() < 1e-12, "{} vs {other}", e.mean_net);
}

#[test]
fn bad_requests_are_errors() {
    let t = flush_c();
    let err = simulate("high-card-flash", "flush-bonus", None, &t, 100, 1).unwrap_err();
    assert!(err.contains("unknown game"), "{err}");
    let err = simulate("high-card-flush", "flush-bonuses", None, &t, 100, 1).unwrap_err();
    assert!(err.contains("unknown wager"), "{err}");
    let err = simulate("high-card-flush", "flush-bonus", Some("x"), &t, 100, 1).unwrap_err();
    assert!(err.contains("no rule variants"), "{err}");
    let err = simulate("high-card-flush", "straight-flush-bonus", Some("x"), &t, 100, 1).unwrap_err();
    assert!(err.contains("known variants: ace-high-or-low, ace-high-only"), "{err}");
    let err = simulate("high-card-flush", "straight-flush-bonus", None, &t, 100, 1).unwrap_err();
    assert!(err.contains("not an outcome of this wager"), "{err}");
    let meter = table(&[("7-card-flush", "100% of meter")]);
    let err = simulate("high-card-flush", "flush-bonus", None, &meter, 100, 1).unwrap_err();
    assert!(err.contains("no fixed net result"), "{err}");
    assert!(simulate("high-card-flush", "flush-bonus", None, &t, 1, 1).is_err());
}
