//! High Card Flush's strategy as data.
//!
//! The player folds or raises seeing seven cards. A decision class is a *flush value* (the
//! longest flush's length and ranks: `3:J-4-2`), where all its hands take one action; card
//! removal splits some (on the 52-card deck the 10-high three-card flushes, whose best play
//! depends on every other card held), and there each hand whose play differs from its value's
//! is a class of its own: `3:10-9-2|A-K-5/10-9-2/Q-7/3`, the player's four suits, ranks high to
//! low, suits in the order of the class's representative (suits holding the same ranks are
//! interchangeable, the longest and highest first; `-` an empty suit). No coarser description
//! decides those hands exactly: the other cards' ranks, suit by suit, all move the dealer's
//! chances. The replay settles every hand class against its exact dealer counts with the
//! action read from the plan: a value whose hands the plan names none of at once, from the
//! deck's tally (a play's net and wager are linear in the showdowns, which the tally sums per
//! value), and the hands of a value the plan names hands of one by one. Outcomes by hand are by
//! the length of the longest flush.

use std::collections::{BTreeMap, HashMap};

use crate::plan::{hand_lines, ratio, ClassRow, Plan, Replay, Rule, RuleRow};

use super::main_game::{choose, flush_name, fold_classes, max_raise, nets, option_name, stored_tally, value, Tally, FOLD, RAISE_1X, RAISE_MAX};

/// The plays: fold, or raise 1x to 3x (as the flush's length allows, 678a.11(b)).
pub const ACTIONS: [&str; 4] = ["fold", "raise-1x", "raise-2x", "raise-3x"];

const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// `3:10-9-2`: a flush value's class id.
pub fn value_id(v: u32) -> String {
    format!("{}:{}", v >> 13, flush_name(v & 0x1fff))
}

fn lanes_text(lanes: &[u16]) -> String {
    lanes.iter().map(|&l| if l == 0 { "-".to_string() } else { flush_name(l as u32) }).collect::<Vec<_>>().join("/")
}

/// `3:10-9-2|A-K-5/10-9-2/Q-7/3`: one hand class's id.
fn hand_id(v: u32, lanes: &[u16]) -> String {
    format!("{}|{}", value_id(v), lanes_text(lanes))
}

fn parse_ranks(s: &str) -> Option<u16> {
    if s == "-" {
        return Some(0);
    }
    let mut m = 0u16;
    for r in s.split('-') {
        let i = RANKS.iter().position(|x| *x == r)?;
        if m >> i & 1 == 1 {
            return None;
        }
        m |= 1 << i;
    }
    Some(m)
}

fn parse_value(s: &str) -> Option<u32> {
    let (len, ranks) = s.split_once(':')?;
    let len: u32 = len.parse().ok()?;
    let m = parse_ranks(ranks)?;
    (m.count_ones() == len && len > 0).then_some(len << 13 | m as u32)
}

/// A class id as (value, the hand's lanes where it names one hand).
fn parse_class(s: &str) -> Option<(u32, Option<Vec<u16>>)> {
    match s.split_once('|') {
        None => Some((parse_value(s)?, None)),
        Some((v, lanes)) => {
            let v = parse_value(v)?;
            let lanes: Option<Vec<u16>> = lanes.split('/').map(parse_ranks).collect();
            let lanes = lanes?;
            (value(&lanes) == v).then_some((v, Some(lanes)))
        }
    }
}

/// The raise of an action for a flush of `len` cards: `None` to fold, an error where the rules
/// do not allow it.
fn raise_of(class: &str, a: usize, len: u32) -> Result<Option<u64>, String> {
    let r = a as u64;
    if r > max_raise(len) {
        return Err(format!("decision class {class:?}: {} is more than a {len}-card flush may raise (678a.11(b))", ACTIONS[a]));
    }
    Ok((a > 0).then_some(r))
}

/// The action the solver takes with decision `d` at the maximum raise `max`.
fn action_of(d: usize, max: u64) -> &'static str {
    option_name(d, max)
}

/// The solver's choices as a plan: one row per flush value, and where card removal splits a
/// value, one row per hand class whose play differs from the value's most common one.
pub fn optimal_plan(suits: &[u16], hand: usize) -> Plan {
    let t = stored_tally(suits, hand);
    optimal_plan_from(&t, suits, hand)
}

/// The action most hands of a value take, and whether all of them do.
fn majority(t: &Tally, v: u32) -> (&'static str, bool) {
    let vt = &t.by_value[&v];
    let max = max_raise(v >> 13);
    let mut by: BTreeMap<&'static str, u128> = BTreeMap::new();
    for d in 0..3 {
        *by.entry(action_of(d, max)).or_default() += vt.chosen[d];
    }
    let (a, n) = by.iter().max_by_key(|x| *x.1).map(|(a, n)| (*a, *n)).unwrap();
    (a, n == vt.hands)
}

fn optimal_plan_from(t: &Tally, suits: &[u16], hand: usize) -> Plan {
    let dealer = t.dealer_hands as u128;
    let split: HashMap<u32, &'static str> = t.by_value.keys().filter_map(|&v| {
        let (a, all) = majority(t, v);
        (!all).then_some((v, a))
    }).collect();
    let exceptions = kept_exceptions(&split, suits, hand);
    let mut by_value: BTreeMap<u32, Vec<(Vec<u16>, &'static str, u64)>> = BTreeMap::new();
    for (v, lanes, a, w) in exceptions {
        by_value.entry(v).or_default().push((lanes, a, w));
    }
    let mut rows = Vec::new();
    for (&v, vt) in t.by_value.iter().rev() {
        let (common, _) = majority(t, v);
        let mut ex = by_value.remove(&v).unwrap_or_default();
        ex.sort_by(|a, b| b.0.cmp(&a.0));
        let ex_hands: u128 = ex.iter().map(|e| e.2 as u128).sum();
        let words = format!("{}-card flush {}", v >> 13, flush_name(v & 0x1fff));
        let situation = if ex.is_empty() { words.clone() } else { format!("{words}, every hand not listed below it") };
        rows.push(ClassRow { class: value_id(v), situation, action: common.into(), deals: (vt.hands - ex_hands) * dealer });
        for (lanes, a, w) in ex {
            rows.push(ClassRow { class: hand_id(v, &lanes), situation: format!("{words}, holding {}", lanes_text(&lanes)), action: a.into(), deals: w as u128 * dealer });
        }
    }
    Plan::new(rows).expect("one row per class")
}

/// A hand of a split value whose play differs from its value's: the value, the hand's lanes,
/// its action and its weight (the hands of its class).
type Exception = (u32, Vec<u16>, &'static str, u64);

/// The hands of split values (`split`: each with its most common action) whose play differs from
/// the value's, through the program's store: kept whole under the deck (they follow from it, as
/// the tally does), checked when read back, counted again where a check fails.
fn kept_exceptions(split: &HashMap<u32, &'static str>, suits: &[u16], hand: usize) -> Vec<Exception> {
    let key = parsheet_shard::Key::new(
        "high-card-flush base: the hands whose best play differs from their flush value's",
        &[("counts", "high-card-flush optimal plan's hand classes: value, lanes, action, hands; v1".into()), ("suits", format!("{suits:?}")), ("hand", hand.to_string())],
        parsheet_shard::Combine::Sum,
    )
    .whole();
    let stride = suits.len() + 3;
    let kept = parsheet_shard::counted(&key, |_| {
        let flat = counted_exceptions(split, suits, hand).into_iter().flat_map(|(v, lanes, a, w)| {
            let a = ACTIONS.iter().position(|x| *x == a).expect("an action of the game");
            std::iter::once(v as i128).chain(lanes.into_iter().map(i128::from)).chain([a as i128, w as i128]).collect::<Vec<_>>()
        });
        Ok(parsheet_shard::Tally::new().with("exceptions", flat.collect()))
    });
    let read = |t: parsheet_shard::Tally| -> Option<Vec<Exception>> {
        let flat = t.part("exceptions").ok()?;
        if flat.len() % stride != 0 {
            return None;
        }
        flat.chunks(stride)
            .map(|e| {
                let v = u32::try_from(e[0]).ok()?;
                let lanes: Vec<u16> = e[1..stride - 2].iter().map(|&l| u16::try_from(l).ok().filter(|&l| l < 1 << 13)).collect::<Option<_>>()?;
                let a = *ACTIONS.get(usize::try_from(e[stride - 2]).ok()?)?;
                let w = u64::try_from(e[stride - 1]).ok().filter(|&w| w > 0)?;
                // A hand of a split value, of this deck's shape, whose play is not the value's.
                (value(&lanes) == v && split.get(&v).is_some_and(|&c| c != a)).then_some((v, lanes, a, w))
            })
            .collect()
    };
    kept.ok().and_then(read).unwrap_or_else(|| counted_exceptions(split, suits, hand))
}

/// [`kept_exceptions`] counted: every hand of a split value settled.
fn counted_exceptions(split: &HashMap<u32, &'static str>, suits: &[u16], hand: usize) -> Vec<Exception> {
    fold_classes(
        suits,
        hand,
        |v| split.contains_key(&v),
        Vec::new,
        |acc: &mut Vec<Exception>, player, w, sd| {
            let v = value(player);
            if let Some(&common) = split.get(&v) {
                let max = max_raise(v >> 13);
                let a = action_of(choose(&nets(sd, max)), max);
                if a != common {
                    acc.push((v, player.to_vec(), a, w));
                }
            }
        },
        |mut a, b| {
            a.extend(b);
            a
        },
    )
}

/// The exact result of playing `plan` on the deck of `suits` with `hand` cards each, through the
/// program's store: kept whole under the deck and the SHA-256 of the plan's classes and actions
/// (all a replay reads of it), so a plan replayed before is not played hand by hand again.
pub fn replay(plan: &Plan, suits: &[u16], hand: usize) -> Result<Replay, String> {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for r in plan.rows() {
        for x in [&r.class, &r.action] {
            h.update((x.len() as u64).to_le_bytes());
            h.update(x.as_bytes());
        }
    }
    let digest: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let key = parsheet_shard::Key::new(
        "high-card-flush base: a strategy played on every hand",
        &[("counts", "high-card-flush replay: deals and net by flush length, total wagered; v1".into()), ("suits", format!("{suits:?}")), ("hand", hand.to_string()), ("plan-sha256", digest)],
        parsheet_shard::Combine::Sum,
    )
    .whole();
    let kept = parsheet_shard::counted(&key, |_| {
        let (by_len, wagered) = played(plan, suits, hand)?;
        Ok(parsheet_shard::Tally::new().with("by-length", by_len.iter().flat_map(|&(d, x)| [d as i128, x]).collect()).with("wagered", vec![wagered as i128]))
    })?;
    let bad = || "a kept replay of another shape: recount with --no-cache".to_string();
    let flat = kept.get("by-length", 28).map_err(|_| bad())?;
    let wagered = kept.get("wagered", 1).map_err(|_| bad())?[0];
    let by_len: Vec<(u128, i128)> = flat.chunks(2).map(|c| u128::try_from(c[0]).map(|d| (d, c[1]))).collect::<Result<_, _>>().map_err(|_| bad())?;
    let cycle: u128 = by_len.iter().map(|b| b.0).sum();
    let cards: u64 = suits.iter().map(|m| m.count_ones() as u64).sum();
    let deals = parsheet_cards::binomial(cards, hand as u64) as u128 * parsheet_cards::binomial(cards - hand as u64, hand as u64) as u128;
    if cycle != deals || wagered < 0 {
        return Err(bad());
    }
    let net: i128 = by_len.iter().map(|b| b.1).sum();
    let lines = by_len.iter().enumerate().map(|(len, &(d, x))| (format!("{len}-card flush"), d, x)).collect();
    Ok(Replay { cycle, expected_net: ratio(net, cycle), expected_wager: ratio(wagered, cycle), initial_wager: ratio(1, 1), by_hand: hand_lines(lines, 1) })
}

/// Deals, net (in Antes) and total wagered of action `a` against the dealer hands `sd`, by
/// [`Showdown`](super::main_game::Showdown) category: each is linear in `sd`, so `sd` may be
/// summed over any hands that all take `a`.
fn settled(a: usize, sd: &[u128; 4]) -> (u128, i128, u128) {
    let deals: u128 = sd.iter().sum();
    if a == 0 {
        return (deals, -(deals as i128), deals);
    }
    let r = a as i128;
    (deals, sd[0] as i128 + (1 + r) * (sd[1] as i128 - sd[3] as i128), (1 + r as u128) * deals)
}

/// [`replay`] played: each hand class settled with the action the plan gives it. Deals and net
/// (in Antes) by flush length, and the total wagered. A value the plan names no hand of is
/// settled from the deck's tally (its hands' showdowns summed); only the hands of the values it
/// names hands of (splits) are walked one by one.
fn played(plan: &Plan, suits: &[u16], hand: usize) -> Result<([(u128, i128); 14], u128), String> {
    // The plan's rows by value, and by (value, lanes).
    let mut of_value: HashMap<u32, (String, usize)> = HashMap::new();
    let mut of_hand: HashMap<Vec<u16>, (String, usize)> = HashMap::new();
    for r in plan.rows() {
        let (v, lanes) = parse_class(&r.class).ok_or_else(|| format!("decision class {:?} is not a flush value (3:J-4-2) or a hand of one (3:J-4-2|…)", r.class))?;
        let a = plan.choice(&r.class, &ACTIONS)?;
        raise_of(&r.class, a, v >> 13)?;
        match lanes {
            None => of_value.insert(v, (r.class.clone(), a)),
            Some(l) => of_hand.insert(l, (r.class.clone(), a)),
        };
    }
    let split_values: std::collections::HashSet<u32> = of_hand.keys().map(|l| value(l)).collect();
    let missing = |v: u32| format!("the strategy names no action for decision class {:?}", value_id(v));
    #[derive(Default)]
    struct Acc {
        /// By flush length: deals and net in Antes.
        by_len: [(u128, i128); 14],
        wagered: u128,
        missing: Option<u32>,
        used_hands: usize,
    }
    impl Acc {
        fn add(&mut self, len: u32, a: usize, sd: &[u128; 4]) {
            let (deals, net, wager) = settled(a, sd);
            self.by_len[len as usize].0 += deals;
            self.by_len[len as usize].1 += net;
            self.wagered += wager;
        }
    }
    // The hands of the values the plan splits, one by one (none to walk where it splits none).
    let mut acc = match split_values.is_empty() {
        true => Acc::default(),
        false => fold_classes(
            suits,
            hand,
            |v| split_values.contains(&v),
            Acc::default,
            |acc: &mut Acc, player, w, sd| {
                let v = value(player);
                let a = match of_hand.get(player) {
                    Some(x) => {
                        acc.used_hands += 1;
                        x.1
                    }
                    None => match of_value.get(&v) {
                        Some(x) => x.1,
                        None => {
                            acc.missing = Some(acc.missing.map_or(v, |m| m.min(v)));
                            return;
                        }
                    },
                };
                acc.add(v >> 13, a, &sd.map(|x| w as u128 * x as u128));
            },
            |mut a, b| {
                for i in 0..14 {
                    a.by_len[i].0 += b.by_len[i].0;
                    a.by_len[i].1 += b.by_len[i].1;
                }
                a.wagered += b.wagered;
                a.missing = a.missing.into_iter().chain(b.missing).min();
                a.used_hands += b.used_hands;
                a
            },
        ),
    };
    if let Some(v) = acc.missing {
        return Err(missing(v));
    }
    if acc.used_hands != of_hand.len() {
        let unused = of_hand.values().map(|x| &x.0).min().cloned().unwrap_or_default();
        return Err(format!("decision class {unused:?} is not a hand class of this deck (its suits in the canonical order)"));
    }
    for (&v, vt) in stored_tally(suits, hand).by_value.iter().filter(|(v, _)| !split_values.contains(v)) {
        acc.add(v >> 13, of_value.get(&v).ok_or_else(|| missing(v))?.1, &vt.showdowns);
    }
    Ok((acc.by_len, acc.wagered))
}

/// Rows of a value-level plan (`act(v)`): per flush length, runs of consecutive values with one
/// action, and the deals each gets right (where the solver's play is the same).
fn rows_by_value(t: &Tally, act: &dyn Fn(u32) -> &'static str) -> Vec<RuleRow> {
    let dealer = t.dealer_hands as u128;
    // (length, action, first value, last value, deals, right)
    let mut runs: Vec<(u32, &'static str, u32, u32, u128, u128)> = Vec::new();
    for (&v, vt) in &t.by_value {
        let (len, a) = (v >> 13, act(v));
        let max = max_raise(len);
        let right: u128 = (0..3).filter(|&d| action_of(d, max) == a).map(|d| vt.chosen[d]).sum::<u128>() * dealer;
        match runs.last_mut() {
            Some(r) if r.0 == len && r.1 == a => {
                r.3 = v;
                r.4 += vt.hands * dealer;
                r.5 += right;
            }
            _ => runs.push((len, a, v, v, vt.hands * dealer, right)),
        }
    }
    let mut rows = Vec::new();
    for (i, &(len, a, first, last, deals, right)) in runs.iter().enumerate().rev() {
        let lowest = i == 0 || runs[i - 1].0 != len;
        let highest = i + 1 == runs.len() || runs[i + 1].0 != len;
        let (lo, hi) = (flush_name(first & 0x1fff), flush_name(last & 0x1fff));
        let situation = match (lowest, highest) {
            (true, true) => format!("{len}-card flush, any"),
            _ if first == last => format!("{len}-card flush, {lo}"),
            (false, true) => format!("{len}-card flush, {lo} or better"),
            (true, false) => format!("{len}-card flush, {hi} or worse"),
            (false, false) => format!("{len}-card flush, {lo} to {hi}"),
        };
        rows.push(RuleRow { situation, action: a.into(), deals, right });
    }
    rows
}

fn value_plan(t: &Tally, act: &dyn Fn(u32) -> &'static str) -> Plan {
    let dealer = t.dealer_hands as u128;
    Plan::new(t.by_value.iter().rev().map(|(&v, vt)| ClassRow { class: value_id(v), situation: format!("{}-card flush {}", v >> 13, flush_name(v & 0x1fff)), action: act(v).into(), deals: vt.hands * dealer }).collect()).expect("one row per value")
}

/// The rules a person can follow on the deck of `suits`: the raise thresholds (the best play
/// for each flush value as a whole: every hand of a value alike), and the short rule that
/// folds every value card removal splits. The complete strategy is [`optimal_plan`].
pub fn rules(suits: &[u16], hand: usize) -> Vec<Rule> {
    rules_from(&stored_tally(suits, hand))
}

/// The complete plan and the rules, from one count of the deck.
pub fn strategies(suits: &[u16], hand: usize) -> (Plan, Vec<Rule>) {
    let t = stored_tally(suits, hand);
    (optimal_plan_from(&t, suits, hand), rules_from(&t))
}

fn rules_from(t: &Tally) -> Vec<Rule> {
    let dealer = t.dealer_hands as u128;
    // The best action for a value's hands together: the largest summed net.
    let best = |v: u32| -> &'static str {
        let vt = &t.by_value[&v];
        let max = max_raise(v >> 13);
        let sd = vt.showdowns;
        let total = (vt.hands * dealer) as i128;
        let n = |r: i128| sd[0] as i128 + (1 + r) * (sd[1] as i128 - sd[3] as i128);
        let nets = [-total, n(1), n(max as i128)];
        let mut d = FOLD;
        for x in [RAISE_1X, RAISE_MAX] {
            if nets[x] > nets[d] {
                d = x;
            }
        }
        action_of(d, max)
    };
    let thresholds = Rule {
        id: "thresholds".into(),
        title: "Raise thresholds by flush length: every hand of a flush alike".into(),
        note: "The best single play for all the hands of each flush; where card removal splits a flush (the 10-high three-card flushes) the complete strategy (the CSV) plays each hand by itself.".into(),
        rows: rows_by_value(&t, &best),
        plan: value_plan(&t, &best),
    };
    // Fold every value the solver splits, keep the rest.
    let fold_split = |v: u32| -> &'static str {
        let (a, all) = majority(&t, v);
        if all { a } else { "fold" }
    };
    let simple = Rule {
        id: "simple".into(),
        title: "Short rule: fold every flush card removal splits".into(),
        note: "Every flush whose hands all take one play keeps it; the split ones fold.".into(),
        rows: rows_by_value(&t, &fold_split),
        plan: value_plan(&t, &fold_split),
    };
    vec![thresholds, simple]
}
