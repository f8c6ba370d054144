//! Heads-Up Hold 'Em's pre-flop strategy as data.
//!
//! A decision class is a starting hand (`AKs`, `T9o`, `77`: its hole class; on a reduced deck
//! whose suits are not interchangeable, two classes of one name are told apart by their cards,
//! `AKs:AcKc`), and its action is a pre-flop raise or a check. The flop and river are played as
//! the optimal strategy plays them (their spots are per board, not a list a person could carry;
//! the flop and river tables, `flop_rule` and `river_rule`, say how often each line is right).
//! So a pre-flop plan's replay is exact and plan-driven: per class, the class's exact sums over
//! every deal of each pre-flop play ([`ClassTotals`](super::ClassTotals)) are taken for the play
//! the plan names, never for the best one; wagers follow from the class's action counts.
//!
//! Rules: the complete chart (the 13 × 13 grid), and a short rule of three thresholds (pairs,
//! suited, offsuit hands, each in order of top card then kicker) chosen exactly as the best
//! such rule.

use num_bigint::BigInt;
use num_rational::BigRational;

use crate::plan::{ClassRow, Plan, Replay, Rule, RuleRow, Strategies};

use super::exact::{hole_name, Action, Exact};
use super::{HoleClass, Preflop};

/// The class ids, in the order of `x.classes`.
fn class_ids(x: &Exact) -> Vec<String> {
    let names: Vec<String> = x.classes.iter().map(|c| hole_name(c.representative)).collect();
    names
        .iter()
        .zip(&x.classes)
        .map(|(n, c)| if names.iter().filter(|m| *m == n).count() > 1 { format!("{n}:{}", c.representative) } else { n.clone() })
        .collect()
}

/// The pre-flop actions of `x`: the largest raise, the minimum one where smaller, check.
pub fn actions(x: &Exact) -> Vec<String> {
    let mut a = vec![x.action_name(Action::PreflopMax)];
    if x.sizes.min < x.sizes.preflop_max {
        a.push(x.action_name(Action::PreflopMin));
    }
    a.push("check".into());
    a
}

fn play_of(x: &Exact, action: usize) -> Preflop {
    match (action, x.sizes.min < x.sizes.preflop_max) {
        (0, _) => Preflop::RaiseMax,
        (1, true) => Preflop::RaiseMin,
        _ => Preflop::Check,
    }
}

fn action_of(x: &Exact, p: Preflop) -> String {
    match p {
        Preflop::RaiseMax => x.action_name(Action::PreflopMax),
        Preflop::RaiseMin => x.action_name(Action::PreflopMin),
        Preflop::Check => "check".into(),
    }
}

/// The deals that start with a class's holes.
fn deals(x: &Exact, c: &HoleClass) -> u128 {
    c.holes as u128 * x.deals_per_hole as u128
}

/// The solver's pre-flop choices as a plan, one row per starting hand, strongest raise first.
pub fn optimal_plan(x: &Exact) -> Plan {
    let ids = class_ids(x);
    Plan::new(x.classes.iter().zip(ids).map(|(c, id)| ClassRow { situation: id.clone(), class: id, action: action_of(x, c.play), deals: deals(x, c) }).collect()).expect("one row per class")
}

/// The exact result of playing the pre-flop `plan` (flop and river as the optimal strategy).
pub fn replay(x: &Exact, plan: &Plan) -> Result<Replay, String> {
    let ids = class_ids(x);
    plan.only_classes(&|c| ids.iter().any(|i| i == c))?;
    let names = actions(x);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let den = x.sizes.den as i128;
    let wager = |a: Action, n: u64| n as i128 * (2 * den + x.raise_of(a) as i128);
    let (mut net, mut wagered) = (0i128, 0i128);
    for (c, id) in x.classes.iter().zip(&ids) {
        let t = &c.totals;
        let all: u64 = t.showdown.iter().sum();
        match play_of(x, plan.choice(id, &names)?) {
            Preflop::RaiseMax => {
                net += t.raise_max;
                wagered += wager(Action::PreflopMax, all);
            }
            Preflop::RaiseMin => {
                net += t.raise_min;
                wagered += wager(Action::PreflopMin, all);
            }
            Preflop::Check => {
                net += t.check;
                wagered += wager(Action::FlopMax, t.flop_max.iter().sum()) + wager(Action::FlopMin, t.flop_min.iter().sum()) + wager(Action::River, t.river.iter().sum()) + wager(Action::Fold, t.fold);
            }
        }
    }
    let cycle = x.cycle as u128;
    let big = |n: i128, d: i128| BigRational::new(BigInt::from(n), BigInt::from(d));
    Ok(Replay {
        cycle,
        expected_net: big(net, x.scale as i128 * cycle as i128),
        expected_wager: big(wagered, den * cycle as i128),
        initial_wager: big(2, 1),
        by_hand: vec![],
    })
}

/// A starting hand's group (0 pairs, 1 suited, 2 offsuit) and its place in the group's order
/// (top card, then kicker; higher is stronger), from its name.
fn order_of(name: &str) -> (usize, u32) {
    const RANKS: &str = "23456789TJQKA";
    let b = name.as_bytes();
    let (hi, lo) = (RANKS.find(b[0] as char).unwrap_or(0) as u32, RANKS.find(b[1] as char).unwrap_or(0) as u32);
    let group = if hi == lo { 0 } else if name[2..].starts_with('s') { 1 } else { 2 };
    (group, hi * 13 + lo)
}

const GROUPS: [&str; 3] = ["pairs", "suited", "offsuit"];
const RANK_WORDS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

fn hand_words(order: u32, group: usize) -> String {
    let (hi, lo) = ((order / 13) as usize, (order % 13) as usize);
    if group == 0 {
        format!("{}-{}", RANK_WORDS[hi], RANK_WORDS[lo])
    } else {
        format!("{}-{} {}", RANK_WORDS[hi], RANK_WORDS[lo], GROUPS[group])
    }
}

/// The rules a person can follow: the complete chart, and the best rule of three thresholds.
pub fn rules(x: &Exact) -> Vec<Rule> {
    let ids = class_ids(x);
    let raise = x.action_name(Action::PreflopMax);
    let optimal = optimal_plan(x);
    let chart = Rule {
        id: "preflop-grid".into(),
        title: format!("Pre-flop: {raise} or check, every starting hand (the 13 × 13 grid)"),
        note: "Rows are starting hands (AKs suited, AKo offsuit, 77 a pair); the flop and river are played as the optimal strategy plays them (the flop and river tables say how often each line is right).".into(),
        rows: x
            .classes
            .iter()
            .zip(&ids)
            .map(|(c, id)| RuleRow { situation: id.clone(), action: action_of(x, c.play), deals: deals(x, c), right: deals(x, c) })
            .collect(),
        plan: optimal,
    };
    // Per group, the threshold (raise at or above it) with the largest exact net: raising a
    // class instead of checking it adds raise_max − check.
    let mut cut = [u32::MAX; 3];
    for (g, best_cut) in cut.iter_mut().enumerate() {
        let mut members: Vec<(u32, i128)> = x.classes.iter().zip(&ids).map(|(c, id)| (order_of(id), c)).filter(|(o, _)| o.0 == g).map(|(o, c)| (o.1, c.totals.raise_max - c.totals.check)).collect();
        members.sort_by_key(|m| std::cmp::Reverse(m.0));
        let (mut sum, mut best) = (0i128, 0i128);
        let mut i = 0;
        while i < members.len() {
            // Classes of one order (reduced decks: several classes per name) go together.
            let o = members[i].0;
            while i < members.len() && members[i].0 == o {
                sum += members[i].1;
                i += 1;
            }
            if sum > best {
                best = sum;
                *best_cut = o;
            }
        }
    }
    let raises = |id: &str| {
        let (g, o) = order_of(id);
        cut[g] != u32::MAX && o >= cut[g]
    };
    let plan = Plan::new(x.classes.iter().zip(&ids).map(|(c, id)| ClassRow { class: id.clone(), situation: id.clone(), action: if raises(id) { raise.clone() } else { "check".into() }, deals: deals(x, c) }).collect()).expect("one row per class");
    let mut rows = Vec::new();
    for (g, name) in GROUPS.iter().enumerate() {
        for up in [true, false] {
            let (mut n, mut right) = (0u128, 0u128);
            for (c, id) in x.classes.iter().zip(&ids) {
                if order_of(id).0 != g || raises(id) != up {
                    continue;
                }
                n += deals(x, c);
                if (c.play == Preflop::RaiseMax) == up {
                    right += deals(x, c);
                }
            }
            if n == 0 {
                continue;
            }
            let situation = match (cut[g], up) {
                (u32::MAX, _) => format!("{name}: every one"),
                (o, true) => format!("{name}: {} or better", hand_words(o, g)),
                (o, false) => format!("{name}: below {}", hand_words(o, g)),
            };
            rows.push(RuleRow { situation, action: if up { raise.clone() } else { "check".into() }, deals: n, right });
        }
    }
    let simple = Rule {
        id: "simple".into(),
        title: format!("Short rule: {raise} from three thresholds (pairs, suited, offsuit), else check"),
        note: "Within suited and offsuit hands, 'better' orders by the top card, then the kicker (K-2 is better than Q-J); the thresholds are the best such rule, chosen exactly. The flop and river are played as the optimal strategy plays them.".into(),
        rows,
        plan,
    };
    vec![chart, simple]
}

/// The chart and the rules of a solution, each replayed.
pub fn strategies(x: &Exact) -> Result<Strategies, String> {
    let optimal = optimal_plan(x);
    let rules = rules(x).into_iter().map(|r| replay(x, &r.plan).map(|y| (r, y))).collect::<Result<Vec<_>, String>>()?;
    Ok(Strategies { replay: replay(x, &optimal)?, rules, optimal })
}
