//! DJ Wild's strategy as data.
//!
//! The player raises or folds seeing five cards. A decision class is what the solver's table
//! groups by, refined only where card removal splits it: a pair or high card by its two top
//! ranks and its wild cards (`pair-4-A`, `pair-A-K+1w`), every stronger hand by its category
//! (`three-of-a-kind`); where the hands of such a class do not all take one action, each hand
//! value (all its tie-break ranks) is a class of its own (`pair-4-A-Q-9`). On the 53-card deck
//! the split classes are the natural pairs of fours with a 7 to ace kicker, and their kickers
//! decide each of them. The replay settles every player hand against its exact dealer counts
//! (`head_to_head`), the action read from the plan (a hand value's own row first, else its
//! class's). Outcomes by hand are by the player's hand category.

use std::collections::HashMap;

use parsheet_eval::{dj, Category, Evaluator, HandRank, Ranking};
use parsheet_paytable::Paytable;

use crate::plan::{hand_lines, ratio, ClassRow, Plan, Replay, Rule, RuleRow};

use super::main_game::{blind_net, dj_matchups, raise_value, RANK_NAMES};

pub const ACTIONS: [&str; 2] = ["raise", "fold"];

/// The class of a hand value: coarse (the solver's table rows) or fine (every tie-break rank).
fn class_id(e: &Evaluator, rank: HandRank, wilds: u32, fine: bool) -> String {
    let c = e.category(rank);
    let t = e.tiebreaks(rank);
    let w = if wilds > 0 { format!("+{wilds}w") } else { String::new() };
    let ranks = |n: usize| t[..n].iter().map(|&r| RANK_NAMES[r as usize]).collect::<Vec<_>>().join("-");
    match c {
        Category::Pair => format!("pair-{}{w}", ranks(if fine { 4 } else { 2 })),
        Category::HighCard => format!("high-card-{}{w}", ranks(if fine { 5 } else { 2 })),
        c => c.name().to_string(),
    }
}

/// The words of a class id.
fn words(id: &str) -> String {
    let (body, wilds) = match id.split_once('+') {
        Some((b, w)) => (b, format!(" with {} wild card{}", &w[..w.len() - 1], if w.starts_with('1') { "" } else { "s" })),
        None => (id, String::new()),
    };
    let ranks = |s: &str| s.split('-').map(String::from).collect::<Vec<_>>();
    if let Some(r) = body.strip_prefix("pair-") {
        let r = ranks(r);
        let kickers = if r.len() == 2 { format!("{} kicker", r[1]) } else { format!("kickers {}", r[1..].join("-")) };
        format!("pair of {}s, {kickers}{wilds}", r[0])
    } else if let Some(r) = body.strip_prefix("high-card-") {
        format!("high card {}{wilds}", ranks(r).join("-"))
    } else {
        body.replace('-', " ")
    }
}

/// Every hand of the deck with what the plan and replay need: its class ids (coarse, fine),
/// category and the dealer hands it beats and loses to (the rest tie, and push).
struct HandRow {
    wilds: u32,
    coarse: usize,
    fine: usize,
    category: Category,
    below: u32,
    above: u32,
}

/// Interned class ids, so each hand carries two indexes.
struct Classes {
    ids: Vec<String>,
    rows: Vec<HandRow>,
    opponents: u64,
}

/// The classes of every hand, found once per process (the plan, its rules and each replay read
/// them). Hands come in increasing rank, so one (rank, wild cards) is one run of hands.
fn classes() -> &'static Classes {
    static C: std::sync::OnceLock<Classes> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let e = Evaluator::get(Ranking::DeucesJokerWild);
        let m = dj_matchups();
        let mut ids: Vec<String> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        // The rank of the run, and per wild-card count (at most four deuces and the joker) its
        // two class indexes.
        let mut run = (u32::MAX, [None; 6]);
        let mut rows = Vec::with_capacity(m.hands.len());
        for i in 0..m.hands.len() {
            let wilds = dj::wild_count(m.hands[i]);
            if run.0 != m.ranks[i] {
                run = (m.ranks[i], [None; 6]);
            }
            let rank = HandRank(m.ranks[i] as u16);
            let (coarse, fine) = *run.1[wilds as usize].get_or_insert_with(|| {
                let mut intern = |s: String| *index.entry(s.clone()).or_insert_with(|| {
                    ids.push(s);
                    ids.len() - 1
                });
                (intern(class_id(e, rank, wilds, false)), intern(class_id(e, rank, wilds, true)))
            });
            let category = e.category(rank);
            rows.push(HandRow { wilds, coarse, fine, category, below: m.below[i], above: m.above[i] });
        }
        Classes { ids, rows, opponents: m.opponents }
    })
}

/// The Blind pay of each category (as [`blind_net`]), by its place in `Category::ALL_BEST_FIRST`.
fn nets_by_category(blind: &Paytable) -> Result<Vec<(Category, (i128, i128))>, String> {
    Category::ALL_BEST_FIRST.into_iter().map(|c| Ok((c, blind_net(blind, c)?))).collect()
}

fn net_of(nets: &[(Category, (i128, i128))], c: Category) -> (i128, i128) {
    nets.iter().find(|n| n.0 == c).expect("every category has a pay").1
}

/// A class of the solver's table in order of strength, with its hands' actions: one for all
/// of them, or per hand value where they differ.
struct Rung {
    id: String,
    wilds: u32,
    deals: u128,
    split: Vec<(String, bool, u128)>,
    /// The action where the class is not split (raise: true).
    raises: bool,
}

/// The solver's decisions for `blind` by class, strongest first.
fn ladder(blind: &Paytable) -> Result<Vec<Rung>, String> {
    let c = classes();
    let nets = nets_by_category(blind)?;
    let total = c.opponents as i128;
    // Per class index: [raises, folds] in hands (once seen), and the classes in rank order.
    let mut tally: Vec<Option<[u128; 2]>> = vec![None; c.ids.len()];
    let mut order: Vec<(usize, u32)> = Vec::new();
    let mut fine_of: Vec<Vec<usize>> = vec![Vec::new(); c.ids.len()];
    let mut fine_seen = vec![false; c.ids.len()];
    for h in &c.rows {
        let (p, q) = net_of(&nets, h.category);
        let raises = raise_value(h.below as i128, h.above as i128, p, q) > -2 * q * total;
        // A category without ranks is its own fine class: count it once.
        let own = if h.fine == h.coarse { &[h.coarse][..] } else { &[h.coarse, h.fine][..] };
        for &k in own {
            let t = tally[k].get_or_insert_with(|| {
                if k == h.coarse {
                    order.push((k, h.wilds));
                }
                [0; 2]
            });
            t[!raises as usize] += 1;
        }
        if !fine_seen[h.fine] {
            fine_seen[h.fine] = true;
            fine_of[h.coarse].push(h.fine);
        }
    }
    let tally: Vec<[u128; 2]> = tally.into_iter().map(|t| t.unwrap_or([0; 2])).collect();
    let deals = |k: usize| (tally[k][0] + tally[k][1]) * c.opponents as u128;
    let pure = |k: usize| tally[k].iter().filter(|&&n| n > 0).count() == 1;
    let mut rungs = Vec::new();
    for &(k, wilds) in order.iter().rev() {
        let split = if pure(k) {
            vec![]
        } else {
            let mut fines: Vec<(String, bool, u128)> = fine_of[k]
                .iter()
                .rev()
                .map(|&f| {
                    assert!(pure(f), "a hand value whose hands take different actions: {}", c.ids[f]);
                    (c.ids[f].clone(), tally[f][0] > 0, deals(f))
                })
                .collect();
            fines.dedup();
            fines
        };
        rungs.push(Rung { id: c.ids[k].clone(), wilds, deals: deals(k), split, raises: tally[k][0] > 0 });
    }
    Ok(rungs)
}

fn action(raises: bool) -> &'static str {
    if raises { "raise" } else { "fold" }
}

/// The solver's choices for the Blind paytable `blind` as a plan: one row per class, split into
/// hand values where its hands differ. Rows are in order of hand strength, strongest first.
pub fn optimal_plan(blind: &Paytable) -> Result<Plan, String> {
    let mut rows = Vec::new();
    for r in ladder(blind)? {
        if r.split.is_empty() {
            rows.push(ClassRow { class: r.id.clone(), situation: words(&r.id), action: action(r.raises).into(), deals: r.deals });
        }
        for (id, raises, deals) in r.split {
            rows.push(ClassRow { situation: words(&id), class: id, action: action(raises).into(), deals });
        }
    }
    Plan::new(rows)
}

/// The kicker ranks of a split class's hand value id (`pair-4-A-Q-9`: A, Q, 9).
fn kickers(id: &str) -> Vec<&str> {
    id.trim_start_matches("pair-").split('+').next().unwrap_or("").split('-').skip(1).collect()
}

/// A rank whose presence among the kickers decides every hand value of `split` (raise without
/// it, fold with it, or the reverse): `Some((rank, raise_without))`.
fn deciding_rank(split: &[(String, bool, u128)]) -> Option<(&'static str, bool)> {
    RANK_NAMES.iter().find_map(|&r| {
        let with: Vec<bool> = split.iter().map(|(id, raises, _)| kickers(id).contains(&r) != *raises).collect();
        if with.iter().all(|&x| x) {
            Some((r, true))
        } else if with.iter().all(|&x| !x) {
            Some((r, false))
        } else {
            None
        }
    })
}

/// Rows in strength order: runs of unsplit classes with one action ("pair of 5s, 6 kicker up to
/// five wilds"), and split classes by the rank that decides them, else hand value by hand value.
fn rows_of(rungs: &[Rung]) -> Vec<RuleRow> {
    let mut rows: Vec<RuleRow> = Vec::new();
    let mut i = 0;
    while i < rungs.len() {
        let mut j = i + 1;
        if rungs[i].split.is_empty() {
            while j < rungs.len() && rungs[j].split.is_empty() && rungs[j].raises == rungs[i].raises {
                j += 1;
            }
            let run = &rungs[i..j];
            let one_kind = run.iter().all(|r| r.wilds == run[0].wilds);
            let w = |id: &str| if one_kind { words(id) } else { words(id.split('+').next().unwrap_or(id)) };
            let (strong, weak) = (w(&run[0].id), w(&run[run.len() - 1].id));
            let mut situation = if strong == weak { strong } else { format!("{weak} up to {strong}") };
            if !one_kind {
                situation += " (natural or with wild cards)";
            }
            let deals = run.iter().map(|r| r.deals).sum();
            rows.push(RuleRow { situation, action: action(run[0].raises).into(), deals, right: deals });
        } else {
            let decide = deciding_rank(&rungs[i].split);
            while j < rungs.len() && !rungs[j].split.is_empty() && decide.is_some() && deciding_rank(&rungs[j].split) == decide {
                j += 1;
            }
            let run = &rungs[i..j];
            let (strong, weak) = (words(&run[0].id), words(&run[run.len() - 1].id));
            let span = if strong == weak { strong } else { format!("{weak} up to {strong}") };
            match decide {
                Some((rank, raise_without)) => {
                    for with in [false, true] {
                        let deals: u128 = run.iter().flat_map(|r| &r.split).filter(|(id, _, _)| kickers(id).contains(&rank) == with).map(|x| x.2).sum();
                        let situation = format!("{span}, {} {rank} among the kickers", if with { "a" } else { "no" });
                        rows.push(RuleRow { situation, action: action(raise_without != with).into(), deals, right: deals });
                    }
                }
                None => {
                    for (id, raises, deals) in run.iter().flat_map(|r| &r.split) {
                        rows.push(RuleRow { situation: words(id), action: action(*raises).into(), deals: *deals, right: *deals });
                    }
                }
            }
        }
        i = j;
    }
    rows
}

/// The rules a person can follow for `blind`: the complete rule (every row one action; its plan
/// is the optimal one), and the short rules that play every split class alike, all raise or all
/// fold, with the deals each row gets right.
pub fn rules(blind: &Paytable) -> Result<Vec<Rule>, String> {
    let rungs = ladder(blind)?;
    let complete = Rule {
        id: "complete".into(),
        title: "Raise or fold: the optimal strategy, every row one action".into(),
        note: "Hands in order of strength, strongest first; a row holds every hand between its two ends.".into(),
        rows: rows_of(&rungs),
        plan: optimal_plan(blind)?,
    };
    let mut out = vec![complete];
    let Some(first_split) = rungs.iter().position(|r| !r.split.is_empty()) else { return Ok(out) };
    for raise_split in [false, true] {
        // Every class strong enough raises: down to the last split class if those raise, else
        // down to the first one.
        let last_raise = if raise_split { rungs.iter().rposition(|r| !r.split.is_empty()).unwrap() + 1 } else { first_split };
        let plan_rows = rungs.iter().enumerate().map(|(k, r)| ClassRow { class: r.id.clone(), situation: words(&r.id), action: action(k < last_raise).into(), deals: r.deals });
        let right = |k: usize, raise: bool| -> u128 {
            let r = &rungs[k];
            if r.split.is_empty() {
                if r.raises == raise { r.deals } else { 0 }
            } else {
                r.split.iter().filter(|x| x.1 == raise).map(|x| x.2).sum()
            }
        };
        let span = |a: usize, b: usize| {
            let (strong, weak) = (words(rungs[a].id.split('+').next().unwrap()), words(rungs[b - 1].id.split('+').next().unwrap()));
            if strong == weak { strong } else { format!("{weak} up to {strong}") }
        };
        let rows = vec![
            RuleRow { situation: format!("{} (natural or with wild cards)", span(0, last_raise)), action: "raise".into(), deals: rungs[..last_raise].iter().map(|r| r.deals).sum(), right: (0..last_raise).map(|k| right(k, true)).sum() },
            RuleRow { situation: span(last_raise, rungs.len()), action: "fold".into(), deals: rungs[last_raise..].iter().map(|r| r.deals).sum(), right: (last_raise..rungs.len()).map(|k| right(k, false)).sum() },
        ];
        let weakest_raise = words(&rungs[last_raise - 1].id);
        out.push(Rule {
            id: if raise_split { "simple-raise-split".into() } else { "simple".into() },
            title: format!("Short rule: raise with {weakest_raise} or better, fold the rest"),
            note: "Hands in order of strength; the classes the complete rule splits are played alike.".into(),
            rows,
            plan: Plan::new(plan_rows.collect())?,
        });
    }
    Ok(out)
}

/// The exact result of playing `plan` with the Blind paytable `blind`.
pub fn replay(plan: &Plan, blind: &Paytable) -> Result<Replay, String> {
    let c = classes();
    plan.only_classes(&|k| c.ids.iter().any(|i| i == k))?;
    let total = c.opponents as i128;
    let nets = nets_by_category(blind)?;
    // Per fine class index (it fixes the coarse one), the plan's action (raise: true), a hand
    // value's own row first.
    let mut act: Vec<Option<bool>> = vec![None; c.ids.len()];
    // Per category (best first): deals and net × q_common.
    let cats = Category::ALL_BEST_FIRST;
    let mut q_common: i128 = 1;
    for &(_, (_, q)) in &nets {
        q_common = num_integer::lcm(q_common, q);
    }
    let mut by_cat: Vec<(u128, i128)> = vec![(0, 0); cats.len()];
    let (mut net, mut raised) = (0i128, 0u128);
    for h in &c.rows {
        let raises = match act[h.fine] {
            Some(r) => r,
            None => {
                let id = if plan.get(&c.ids[h.fine]).is_some() { &c.ids[h.fine] } else { &c.ids[h.coarse] };
                let r = plan.choice(id, &ACTIONS)? == 0;
                act[h.fine] = Some(r);
                r
            }
        };
        let (p, q) = net_of(&nets, h.category);
        // Net × q_common over the dealer's hands: a win takes Ante, Raise (2) and the Blind, a
        // loss costs 4 Antes, a fold 2.
        let x = if raises {
            raised += total as u128;
            (h.below as i128 * (3 * q + p) - 4 * q * h.above as i128) * (q_common / q)
        } else {
            -2 * total * q_common
        };
        net += x;
        let slot = cats.iter().position(|&k| k == h.category).expect("a category");
        by_cat[slot].0 += total as u128;
        by_cat[slot].1 += x;
    }
    let cycle = c.rows.len() as u128 * total as u128;
    let lines = cats.iter().zip(by_cat).map(|(k, (d, x))| (k.name().replace('-', " "), d, x)).collect();
    Ok(Replay {
        cycle,
        expected_net: ratio(net, q_common as u128 * cycle),
        expected_wager: ratio(2 * cycle as i128 + 2 * raised as i128, cycle),
        initial_wager: ratio(2, 1),
        by_hand: hand_lines(lines, q_common as u128),
    })
}
