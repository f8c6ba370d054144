//! Strategies replayed (`parsheet_games::plan`). A replay reads nothing but the plan, so each
//! test holds it against something it did not compute:
//!
//! - the optimal plan, written out, replays to the solver's own exact edge and average wager
//!   (every game, the full deck or shoe);
//! - plans a person would follow (rules, wrong plans) against a card-by-card brute force that
//!   plays the same plan, written here from the rules (Over/Under on one- and two-deck shoes,
//!   High Card Flush on reduced decks with hand values from `parsheet-reference`);
//! - DJ Wild's two short rules differ exactly by what the solver's own table says the hands it
//!   marks "mixed" are worth raised rather than folded;
//! - no rule does better than the optimal plan, and a plan with one class changed does strictly
//!   worse where the solver's options differ.

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_games::plan::Plan;
use parsheet_games::strategy::find_strategy;
use parsheet_paytable::{Line, Pay, Paytable};

fn ratio(n: i128, d: i128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// A plan with one row's action replaced.
fn with_action(plan: &Plan, class: &str, action: &str) -> Plan {
    Plan::new(plan.rows().iter().map(|r| if r.class == class { parsheet_games::plan::ClassRow { action: action.into(), ..r.clone() } } else { r.clone() }).collect()).unwrap()
}

/// The plan as a CSV would carry it (class and action only), read back.
fn through_text(plan: &Plan) -> Plan {
    let text: String = plan.rows().iter().map(|r| format!("{},{}\n", r.class, r.action)).collect();
    Plan::from_actions(text.lines().map(|l| l.split_once(',').unwrap())).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Over/Under

/// Every first card and every pair of following cards of a `decks`-deck shoe, the first card's
/// play read from `plan` (class `first-2` … `first-10`, `first-ace`): (net, total wagered, deals).
fn over_under_brute_force(decks: usize, opposite_loses: bool, plan: &dyn Fn(usize) -> &'static str) -> (i64, i64, i64) {
    let mut cards = Vec::new();
    for _ in 0..decks {
        for v in 2..=9 {
            cards.extend([v; 4]);
        }
        cards.extend([10; 16]);
        cards.extend([11; 4]);
    }
    let n = cards.len();
    let (mut net, mut wager, mut deals) = (0i64, 0i64, 0i64);
    for first in 0..n {
        let play = plan(cards[first]);
        for a in 0..n {
            for b in a + 1..n {
                if a == first || b == first {
                    continue;
                }
                let total = cards[first] + cards[a] + cards[b];
                deals += 1;
                if play == "surrender" {
                    net -= 1;
                    wager += 1;
                    continue;
                }
                wager += 2;
                let over = play == "over-23";
                let (wins, opposite) = if over { (total >= 24, total <= 17) } else { (total <= 17, total >= 24) };
                net += if wins {
                    2
                } else if (18..=23).contains(&total) || (opposite && opposite_loses) {
                    -2
                } else {
                    0
                };
            }
        }
    }
    (net, wager, deals)
}

fn first_class(v: usize) -> String {
    if v == 11 { "first-ace".into() } else { format!("first-{v}") }
}

#[test]
fn over_under_plans_replay_as_a_card_by_card_brute_force_plays_them() {
    use parsheet_games::over_under::plan as ou;
    // The solver's plan, every-over, every-under, and one that mixes all three plays.
    let mixed = |v: usize| match v % 3 {
        0 => "over-23",
        1 => "under-18",
        _ => "surrender",
    };
    let plays: [&dyn Fn(usize) -> &'static str; 3] = [&|_| "over-23", &|_| "under-18", &mixed];
    for decks in [1usize, 2] {
        for opposite_loses in [true, false] {
            for f in plays {
                let plan = Plan::from_actions((2..=11).map(|v| (first_class(v), f(v)))).unwrap();
                let r = ou::replay_shoe(&plan, decks as u64, opposite_loses).unwrap();
                let (net, wager, deals) = over_under_brute_force(decks, opposite_loses, f);
                assert_eq!(r.cycle as i64, deals);
                assert_eq!(r.expected_net, ratio(net as i128, deals as i128), "{decks} decks");
                assert_eq!(r.expected_wager, ratio(wager as i128, deals as i128), "{decks} decks");
                assert_eq!(r.by_hand.iter().map(|h| h.deals).sum::<u128>(), r.cycle);
            }
        }
    }
    // Six decks: the solver's plan, through text, is the solver's result; any other play of one
    // first card costs.
    for variant in ["opposite-range-pushes", "opposite-range-loses"] {
        let s = find_strategy("over-under").unwrap().solve(Some(variant), None).unwrap();
        let plan = through_text(&ou::optimal_plan(variant));
        assert_eq!(plan.rows().len(), 10);
        let r = ou::replay(&plan, variant).unwrap();
        assert_eq!((r.cycle, &r.expected_net, &r.expected_wager), (s.counts.cycle(), &s.expected_net, &s.expected_wager), "{variant}");
        for row in plan.rows() {
            for other in ou::ACTIONS.iter().filter(|a| **a != row.action) {
                let worse = ou::replay(&with_action(&plan, &row.class, other), variant).unwrap();
                assert!(worse.expected_net <= r.expected_net, "{variant}: {} {other}", row.class);
            }
        }
    }
    // A class the game does not have, and an action it does not offer, are refused by name.
    let bad = Plan::from_actions([("first-1", "over-23")]).unwrap();
    assert!(ou::replay(&bad, "opposite-range-pushes").unwrap_err().contains("first-1"));
    let bad = with_action(&ou::optimal_plan("opposite-range-pushes"), "first-5", "hit");
    assert!(ou::replay(&bad, "opposite-range-pushes").unwrap_err().contains("hit"));
}

// ---------------------------------------------------------------------------------------------
// High Card Flush

fn mask(ranks: &str) -> u16 {
    ranks.chars().fold(0, |m, c| m | 1 << "23456789TJQKA".find(c).unwrap())
}

/// The cards of a reduced High Card Flush deck, suit by suit, and each `hand`-card subset of
/// them (a bit per card) with its value from the reference evaluator.
fn hcf_deck(suits: &[u16], hand: usize) -> (Vec<parsheet_reference::RefCard>, Vec<(u32, (u8, Vec<u8>))>) {
    use parsheet_reference::{hcf_value, RefCard};
    let mut cards = Vec::new();
    for (s, &m) in suits.iter().enumerate() {
        for r in 0..13u8 {
            if m >> r & 1 != 0 {
                cards.push(RefCard::natural(r, s as u8));
            }
        }
    }
    let n = cards.len();
    assert!(n <= 20);
    let hands = (0u32..1 << n).filter(|m| m.count_ones() as usize == hand).map(|m| (m, hcf_value(&(0..n).filter(|&i| m >> i & 1 != 0).map(|i| cards[i]).collect::<Vec<_>>()))).collect();
    (cards, hands)
}

/// A hand's names in a plan, written here from the plan format: its value's (`3:J-4-2`: the
/// flush's length and ranks, high first) and its own (`3:J-4-2|A-K/10-9-2/-`: each suit's
/// ranks, high first, `-` for none, suits in the deck's order, which is its class's where no
/// two suits hold the same ranks).
fn hcf_names(cards: &[parsheet_reference::RefCard], suits: usize, hand: u32, value: &(u8, Vec<u8>)) -> (String, String) {
    const NAMES: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let ranks = |r: &mut dyn Iterator<Item = u8>| r.map(|r| NAMES[r as usize]).collect::<Vec<_>>().join("-");
    let id = format!("{}:{}", value.0, ranks(&mut value.1.iter().copied()));
    let lanes: Vec<String> = (0..suits as u8)
        .map(|s| {
            let mut held: Vec<u8> = cards.iter().enumerate().filter(|(i, c)| hand >> i & 1 != 0 && c.suit() == Some(s)).map(|(_, c)| c.rank().unwrap()).collect();
            held.sort_unstable_by(|a, b| b.cmp(a));
            if held.is_empty() { "-".to_string() } else { ranks(&mut held.into_iter()) }
        })
        .collect();
    let own = format!("{id}|{}", lanes.join("/"));
    (id, own)
}

/// Every player hand against every dealer hand of the reduced deck, the player's play read from
/// `plan`: the row naming the hand itself ([`hcf_names`]) where there is one, else its value's
/// row, by the hand's value from the reference evaluator: (net, total wagered, deals). 678a: the
/// dealer qualifies with 9-3-2 or better; a raise of r settles Ante and Raise at even money, the
/// Raise pushing when the dealer does not qualify.
fn hcf_brute_force(suits: &[u16], hand: usize, plan: &Plan) -> (i128, i128, i128) {
    let (cards, hands) = hcf_deck(suits, hand);
    let minimum = (3u8, vec![7u8, 1, 0]);
    let (mut net, mut wager, mut deals) = (0i128, 0i128, 0i128);
    for (p, pv) in &hands {
        let p = *p;
        let (id, own) = hcf_names(&cards, suits.len(), p, pv);
        let action = plan.get(&own).or_else(|| plan.get(&id)).unwrap_or_else(|| panic!("no action for {own}"));
        let raise: i128 = match action {
            "fold" => 0,
            "raise-1x" => 1,
            "raise-2x" => 2,
            "raise-3x" => 3,
            a => panic!("action {a}"),
        };
        for (_, dv) in hands.iter().filter(|(d, _)| d & p == 0) {
            deals += 1;
            if raise == 0 {
                net -= 1;
                wager += 1;
                continue;
            }
            wager += 1 + raise;
            net += if *dv < minimum {
                1
            } else if pv > dv {
                1 + raise
            } else if pv == dv {
                0
            } else {
                -1 - raise
            };
        }
    }
    (net, wager, deals)
}

#[test]
fn high_card_flush_rules_replay_as_a_brute_force_plays_them_on_reduced_decks() {
    use parsheet_games::high_card_flush::plan as hcf;
    let decks: [(&[u16], usize); 3] = [(&[mask("2389A"); 4], 5), (&[mask("23789K"); 3], 6), (&[mask("23789KA"), mask("2389Q"), mask("2349TJ")], 5)];
    for (suits, hand) in decks {
        let optimal = hcf::optimal_plan(suits, hand);
        let best = hcf::replay(&optimal, suits, hand).unwrap();
        let s = parsheet_games::strategy::high_card_flush::solve_deck(suits, hand);
        assert_eq!((&best.expected_net, &best.expected_wager), (&s.expected_net, &s.expected_wager), "{suits:x?}");
        // Every value-level plan: the rules, every hand at its largest raise, every flush of
        // three or more raised once.
        let mut plans: Vec<Plan> = hcf::rules(suits, hand).into_iter().map(|r| r.plan).collect();
        let values: Vec<String> = plans[0].rows().iter().map(|r| r.class.clone()).collect();
        let len = |c: &str| c.split(':').next().unwrap().parse::<u32>().unwrap();
        let largest = |l: u32| match l {
            0..=4 => "raise-1x",
            5 => "raise-2x",
            _ => "raise-3x",
        };
        plans.push(Plan::from_actions(values.iter().map(|c| (c.clone(), largest(len(c))))).unwrap());
        plans.push(Plan::from_actions(values.iter().map(|c| (c.clone(), if len(c) >= 3 { "raise-1x" } else { "fold" }))).unwrap());
        for plan in &plans {
            let r = hcf::replay(plan, suits, hand).unwrap();
            let (net, wager, deals) = hcf_brute_force(suits, hand, plan);
            assert_eq!(r.cycle as i128, deals, "{suits:x?}");
            assert_eq!(r.expected_net, ratio(net, deals), "{suits:x?}");
            assert_eq!(r.expected_wager, ratio(wager, deals), "{suits:x?}");
            assert!(r.expected_net <= best.expected_net, "{suits:x?}: a plan beats the optimal one");
        }
    }
}

#[test]
fn high_card_flush_optimal_plan_replays_to_the_solvers_edge_on_the_full_deck() {
    use parsheet_games::high_card_flush::plan as hcf;
    let suits = [0x1fff; 4];
    let s = find_strategy("high-card-flush").unwrap().solve(None, None).unwrap();
    let plan = through_text(&hcf::optimal_plan(&suits, 7));
    let r = hcf::replay(&plan, &suits, 7).unwrap();
    assert_eq!((r.cycle, &r.expected_net, &r.expected_wager), (s.counts.cycle(), &s.expected_net, &s.expected_wager));
    assert_eq!(r.by_hand.iter().map(|h| h.deals).sum::<u128>(), r.cycle);
    // Every class's rows reach deals that add to the cycle.
    assert_eq!(plan.rows().len(), hcf::optimal_plan(&suits, 7).rows().len());
    assert_eq!(hcf::optimal_plan(&suits, 7).rows().iter().map(|r| r.deals).sum::<u128>(), r.cycle);
    for rule in hcf::rules(&suits, 7) {
        let x = hcf::replay(&rule.plan, &suits, 7).unwrap();
        assert!(x.house_edge() > r.house_edge(), "{} is not worse than the complete plan", rule.id);
        assert_eq!(rule.rows.iter().map(|r| r.deals).sum::<u128>(), r.cycle, "{}", rule.id);
    }
}

#[test]
fn high_card_flush_plans_naming_hands_replay_as_a_brute_force_plays_them() {
    // On a deck whose suits all hold different ranks, every hand is a class of its own, named
    // by its suits' ranks in the deck's order, so a plan may give any hand its own play. Every
    // other value gets rows for two hands in three, each taking another play its flush allows:
    // the replay walks the hands of those values and settles the rest from the deck's tally,
    // and together they must play as the brute force plays the same rows.
    use parsheet_games::high_card_flush::plan as hcf;
    let (suits, hand) = ([mask("23789KA"), mask("2389Q"), mask("2349TJ")], 5);
    let values = hcf::rules(&suits, hand).remove(0).plan;
    let value_ids: Vec<String> = values.rows().iter().map(|r| r.class.clone()).collect();
    let mut rows: Vec<(String, String)> = values.rows().iter().map(|r| (r.class.clone(), r.action.clone())).collect();
    let (cards, hands) = hcf_deck(&suits, hand);
    let mut unlisted_in_split: Option<String> = None;
    for (i, (m, v)) in hands.iter().enumerate() {
        let (id, own) = hcf_names(&cards, suits.len(), *m, v);
        if value_ids.iter().position(|x| *x == id).unwrap() % 2 == 1 {
            continue;
        }
        if i % 3 == 0 {
            unlisted_in_split.get_or_insert(id);
            continue;
        }
        let plays: &[&str] = match v.0 {
            0..=4 => &["fold", "raise-1x"],
            5 => &["fold", "raise-1x", "raise-2x"],
            _ => &["fold", "raise-1x", "raise-2x", "raise-3x"],
        };
        let others: Vec<&str> = plays.iter().copied().filter(|&a| a != values.get(&id).unwrap()).collect();
        rows.push((own, others[i % others.len()].to_string()));
    }
    let plan = Plan::from_actions(rows.iter().map(|(c, a)| (c.clone(), a.as_str()))).unwrap();
    let r = hcf::replay(&plan, &suits, hand).unwrap();
    let (net, wager, deals) = hcf_brute_force(&suits, hand, &plan);
    assert_eq!(r.cycle as i128, deals);
    assert_eq!((r.expected_net, r.expected_wager), (ratio(net, deals), ratio(wager, deals)));
    // A split value's hands without a row of their own need its value's row.
    let lacking = unlisted_in_split.expect("a split value with a hand not listed");
    let short = Plan::from_actions(rows.iter().filter(|(c, _)| *c != lacking).map(|(c, a)| (c.clone(), a.as_str()))).unwrap();
    assert!(hcf::replay(&short, &suits, hand).unwrap_err().contains("names no action"));
    // A hand row that names no hand of the deck (its suits' ranks in the wrong suits) is refused.
    let in_deck = |lanes: &[&str]| {
        lanes.iter().zip(&suits).all(|(l, &deck)| l.split('-').filter(|r| *r != "").all(|r| {
            let at = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].iter().position(|x| x == &r).unwrap();
            deck >> at & 1 == 1
        }))
    };
    let (class, action, moved) = rows
        .iter()
        .filter_map(|(c, a)| {
            let moved: Vec<&str> = c.split_once('|')?.1.split('/').rev().collect();
            (!in_deck(&moved)).then_some((c, a, moved))
        })
        .next()
        .unwrap();
    let value = class.split_once('|').unwrap().0;
    let stray = Plan::from_actions(rows.iter().map(|(c, a)| (c.clone(), a.as_str())).chain([(format!("{value}|{}", moved.join("/")), action.as_str())])).unwrap();
    assert!(hcf::replay(&stray, &suits, hand).unwrap_err().contains("is not a hand class"));
}

#[test]
fn high_card_flush_hand_rows_played_as_their_values_replay_as_the_value_level_plan() {
    // A replay settles a value the plan plays alike from the deck's tally, and walks the hands
    // of a value the plan splits one by one. On a deck where card removal splits values (the
    // optimal plan lists hands), the plan with every listed hand given its value's action must
    // replay exactly as the plan without those rows: the walked hands add up to the tally.
    use parsheet_games::high_card_flush::plan as hcf;
    let (suits, hand) = ([mask("2389TJQKA"); 4], 7);
    let optimal = hcf::optimal_plan(&suits, hand);
    let of_value: std::collections::HashMap<&str, &str> = optimal.rows().iter().filter(|r| !r.class.contains('|')).map(|r| (r.class.as_str(), r.action.as_str())).collect();
    let listed = optimal.rows().iter().filter(|r| r.class.contains('|')).count();
    assert!(listed > 0, "the deck splits some values");
    let alike = Plan::from_actions(optimal.rows().iter().map(|r| (r.class.clone(), of_value[r.class.split('|').next().unwrap()]))).unwrap();
    let values_only = Plan::from_actions(optimal.rows().iter().filter(|r| !r.class.contains('|')).map(|r| (r.class.clone(), r.action.as_str()))).unwrap();
    assert_eq!(hcf::replay(&alike, &suits, hand).unwrap(), hcf::replay(&values_only, &suits, hand).unwrap());
    // The listed hands' own actions are the optimum, and the solver's edge (the tally's choices).
    let best = hcf::replay(&optimal, &suits, hand).unwrap();
    let s = parsheet_games::strategy::high_card_flush::solve_deck(&suits, hand);
    assert_eq!((&best.expected_net, &best.expected_wager), (&s.expected_net, &s.expected_wager));
    assert!(hcf::replay(&alike, &suits, hand).unwrap().expected_net <= best.expected_net);
}

// ---------------------------------------------------------------------------------------------
// DJ Wild

fn statutory_blind() -> Paytable {
    use parsheet_games::dj_wild::main_game::BLIND_OUTCOMES;
    let pays = ["1000 to 1", "50 to 1", "10 to 1", "9 to 1", "4 to 1", "3 to 1", "2 to 1", "1 to 1", "Push"];
    Paytable { id: "687a.12(b)".into(), lines: BLIND_OUTCOMES.iter().zip(pays).map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse::<Pay>().unwrap() }).collect() }
}

#[test]
fn dj_wild_plans_replay_to_the_solvers_figures() {
    use parsheet_games::dj_wild::plan as dj;
    let blind = statutory_blind();
    let s = find_strategy("dj-wild").unwrap().solve(None, Some(&blind)).unwrap();
    let plan = through_text(&dj::optimal_plan(&blind).unwrap());
    let r = dj::replay(&plan, &blind).unwrap();
    assert_eq!((r.cycle, &r.expected_net, &r.expected_wager), (s.counts.cycle(), &s.expected_net, &s.expected_wager));
    assert_eq!(r.initial_wager, s.initial_wager);
    let rules = dj::rules(&blind).unwrap();
    // The complete rule: no row mixes actions, every row is right on all its deals, and its
    // rows cover the cycle.
    let complete = &rules[0];
    assert!(complete.rows.iter().all(|x| (x.action == "raise" || x.action == "fold") && x.right == x.deals));
    assert_eq!(complete.rows.iter().map(|x| x.deals).sum::<u128>(), r.cycle);
    assert_eq!(dj::replay(&complete.plan, &blind).unwrap().expected_net, s.expected_net);
    // The solver's table marks some rows "mixed" and values raising and folding each row as a
    // whole. The two short rules fold, or raise, exactly the hands from the first mixed row to
    // the last, so their edges differ by those rows' raise-minus-fold values.
    let mixed: Vec<usize> = s.strategy.iter().enumerate().filter(|(_, d)| d.choice == "mixed").map(|(i, _)| i).collect();
    assert!(!mixed.is_empty());
    let span = &s.strategy[mixed[0]..=*mixed.last().unwrap()];
    let gain: BigRational = span
        .iter()
        .map(|d| {
            let v = |o: &str| d.options.iter().find(|x| x.0 == o).unwrap().1.clone();
            (v("raise") - v("fold")) * ratio(d.deals as i128, 1)
        })
        .fold(ratio(0, 1), |a, b| a + b)
        / ratio(r.cycle as i128, 1);
    let edge = |id: &str| dj::replay(&rules.iter().find(|x| x.id == id).unwrap().plan, &blind).unwrap().house_edge();
    assert_eq!(edge("simple") - edge("simple-raise-split"), gain);
    assert!(edge("simple") > r.house_edge() && edge("simple-raise-split") > r.house_edge());
    // One class played the other way costs.
    let row = plan.rows().iter().find(|x| x.class == "three-of-a-kind").unwrap();
    assert_eq!(row.action, "raise");
    assert!(dj::replay(&with_action(&plan, "three-of-a-kind", "fold"), &blind).unwrap().expected_net < r.expected_net);
}

// ---------------------------------------------------------------------------------------------
// Saigon 5 Card

#[test]
fn saigon_optimal_plan_replays_to_the_solvers_edge_under_both_house_ways() {
    use parsheet_games::saigon_5_card::main_game::{HouseWay, WinPays, FULL_DECK};
    use parsheet_games::saigon_5_card::plan as sg;
    let pays = WinPays { other: (1, 1), five: (1, 2) };
    for way in [HouseWay::HighestPoint, HouseWay::LowestPoint] {
        let s = parsheet_games::saigon_5_card::main_game::solve_deck(&FULL_DECK, way, pays);
        let plan = through_text(&sg::optimal_plan(&FULL_DECK, way, pays));
        let r = sg::replay(&plan, &FULL_DECK, way, pays).unwrap();
        assert_eq!((r.cycle, &r.expected_net, &r.expected_wager), (s.counts.cycle(), &s.expected_net, &s.expected_wager), "{way:?}");
        // The lowest Point Count in every class the player decides is strictly worse.
        let lowest = Plan::from_actions(plan.rows().iter().map(|x| {
            let low = x.class.trim_start_matches("points-").split(['-', ':']).next().unwrap().to_string();
            (x.class.clone(), format!("point-{low}"))
        }))
        .unwrap();
        assert!(sg::replay(&lowest, &FULL_DECK, way, pays).unwrap().expected_net < r.expected_net, "{way:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Heads-Up Hold 'Em (the pre-flop plan; flop and river as the optimal strategy plays them)

/// An Odds table paying a straight or better (the lines below it lose: a test table, not 677a.12(b)).
fn heads_up_odds() -> Paytable {
    let lines = [("royal-flush", "500 to 1"), ("straight-flush", "50 to 1"), ("four-of-a-kind", "10 to 1"), ("full-house", "3 to 1"), ("flush", "3 to 2"), ("straight", "1 to 1")];
    Paytable { id: "odds-straight-up".into(), lines: lines.iter().map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse::<Pay>().unwrap() }).collect() }
}

/// The solver's chart replays to its figures; the short rule and a chart with one class
/// changed do no better.
fn heads_up_replays(deck: &[parsheet_cards::Card], variant: &str) {
    use parsheet_games::heads_up_holdem::plan as hu;
    use parsheet_games::strategy::heads_up::{solve_deck, Config};
    let x = solve_deck(deck, &Config::heads_up(variant, &heads_up_odds(), None).unwrap(), true).unwrap();
    let plan = through_text(&hu::optimal_plan(&x));
    let r = hu::replay(&x, &plan).unwrap();
    assert_eq!((r.cycle, &r.expected_net, &r.expected_wager), (x.cycle as u128, &x.expected_net(), &x.expected_wager()), "{} cards", deck.len());
    assert_eq!(plan.rows().len(), x.classes.len());
    for rule in hu::rules(&x) {
        let y = hu::replay(&x, &rule.plan).unwrap();
        assert!(y.expected_net <= r.expected_net, "{}", rule.id);
        assert_eq!(rule.rows.iter().map(|row| row.deals).sum::<u128>(), r.cycle, "{}", rule.id);
    }
    let first = &plan.rows()[0];
    let other = if first.action == "check" { hu::actions(&x)[0].clone() } else { "check".to_string() };
    assert!(hu::replay(&x, &with_action(&plan, &first.class, &other)).unwrap().expected_net <= r.expected_net);
}

fn cards(ranks: &str, suits: &str) -> Vec<parsheet_cards::Card> {
    suits.chars().flat_map(|s| ranks.chars().map(move |r| format!("{r}{s}").parse().unwrap())).collect()
}

#[test]
fn heads_up_preflop_plans_replay_on_the_26_and_32_card_decks() {
    heads_up_replays(&cards("23456789TJQKA", "cd"), "odds-push-below-pair");
    heads_up_replays(&cards("789TJQKA", "cdhs"), "odds-lose-below-pair");
}

/// The full deck: one solve, about 3.3 CPU-s (docs/PERFORMANCE.md), cheap enough for CI.
#[test]
fn heads_up_preflop_plan_replays_on_the_full_deck() {
    heads_up_replays(parsheet_cards::Deck::standard().cards(), "odds-push-below-pair");
}
