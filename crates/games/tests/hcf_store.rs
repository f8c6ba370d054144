//! High Card Flush's optimal plan and its replays go through the program's store: the hands
//! whose play differs from their flush value's, and each plan's replay (under the SHA-256 of its
//! classes and actions), are kept and read back equal to what was counted. A damaged kept list
//! of hands is counted again; a damaged kept replay is refused. The store here is an in-memory
//! one that counts its misses by computation.

use std::sync::Mutex;

use parsheet_games::high_card_flush::plan as hcf;
use parsheet_games::plan::Plan;
use parsheet_shard::{Key, Shard, Store, Tally};

/// (computation, inputs, tally) of each kept entry, and the computations counted, in order.
static KEPT: Mutex<Vec<(String, String, Tally)>> = Mutex::new(Vec::new());
static COUNTED: Mutex<Vec<String>> = Mutex::new(Vec::new());

struct Memory;

impl Store for Memory {
    fn counted(&self, key: &Key, compute: &mut dyn FnMut(Shard) -> Result<Tally, String>) -> Result<Tally, String> {
        if let Some(hit) = KEPT.lock().unwrap().iter().find(|e| e.0 == key.computation && e.1 == key.inputs) {
            return Ok(hit.2.clone());
        }
        COUNTED.lock().unwrap().push(key.computation.clone());
        let t = compute(Shard::WHOLE)?;
        KEPT.lock().unwrap().push((key.computation.clone(), key.inputs.clone(), t.clone()));
        Ok(t)
    }
}

fn mask(ranks: &str) -> u16 {
    ranks.chars().fold(0, |m, c| m | 1 << "23456789TJQKA".find(c).unwrap())
}

fn counted(what: &str) -> usize {
    COUNTED.lock().unwrap().iter().filter(|c| c.contains(what)).count()
}

fn rows(p: &Plan) -> Vec<(String, String, u128)> {
    p.rows().iter().map(|r| (r.class.clone(), r.action.clone(), r.deals)).collect()
}

/// Changes every kept entry of `what` with `f`.
fn damage(what: &str, f: impl Fn(&Tally) -> Tally) {
    for e in KEPT.lock().unwrap().iter_mut().filter(|e| e.0.contains(what)) {
        e.2 = f(&e.2);
    }
}

#[test]
fn the_optimal_plan_and_its_replays_are_kept_and_read_back_as_counted() {
    parsheet_shard::install(Box::new(Memory)).unwrap();
    // A reduced deck where card removal splits some flush values: the plan lists hands.
    let (suits, hand) = ([mask("2389TJQKA"); 4], 7);
    let plan = hcf::optimal_plan(&suits, hand);
    assert!(plan.rows().iter().any(|r| r.class.contains('|')), "a hand of a split value in the plan");
    assert_eq!(counted("differs from their flush value's"), 1);
    assert_eq!(rows(&hcf::optimal_plan(&suits, hand)), rows(&plan), "read back as counted");
    assert_eq!(counted("differs from their flush value's"), 1, "the second plan came from the store");

    let replay = hcf::replay(&plan, &suits, hand).unwrap();
    assert_eq!(counted("a strategy played on every hand"), 1);
    assert_eq!(hcf::replay(&plan, &suits, hand).unwrap(), replay, "read back as counted");
    assert_eq!(counted("a strategy played on every hand"), 1, "the second replay came from the store");
    // The solver's edge: the replay of the optimal plan is the optimum.
    let s = parsheet_games::strategy::high_card_flush::solve_deck(&suits, hand);
    assert_eq!((&replay.expected_net, &replay.expected_wager), (&s.expected_net, &s.expected_wager));

    // Another plan (one class's action changed) is another replay, counted and different.
    let changed = Plan::from_actions(plan.rows().iter().enumerate().map(|(i, r)| (r.class.clone(), if i == 0 { if r.action == "fold" { "raise-1x" } else { "fold" } } else { r.action.as_str() }))).unwrap();
    let other = hcf::replay(&changed, &suits, hand).unwrap();
    assert_eq!(counted("a strategy played on every hand"), 2);
    assert!(other.expected_net <= replay.expected_net);
    // A plan that misses a class is refused, through the store as without it.
    let short = Plan::from_actions(plan.rows().iter().skip(1).map(|r| (r.class.clone(), r.action.as_str()))).unwrap();
    assert!(hcf::replay(&short, &suits, hand).unwrap_err().contains("names no action"));

    // A damaged list of hands (a hand filed under another value) is counted again.
    damage("differs from their flush value's", |t| {
        let mut flat = t.parts()[0].1.clone();
        flat[0] += 1;
        Tally::new().with("exceptions", flat)
    });
    assert_eq!(rows(&hcf::optimal_plan(&suits, hand)), rows(&plan), "counted again, the same plan");
    // A damaged replay (deals that do not add up to the deck's) is refused.
    damage("a strategy played on every hand", |t| {
        let mut by = t.get("by-length", 28).unwrap().to_vec();
        by[0] += 1;
        Tally::new().with("by-length", by).with("wagered", t.get("wagered", 1).unwrap().to_vec())
    });
    let e = hcf::replay(&plan, &suits, hand).unwrap_err();
    assert!(e.contains("recount with --no-cache"), "{e}");
}
