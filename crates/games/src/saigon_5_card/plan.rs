//! Saigon 5 Card's strategy as data. Only a player holding the joker may reach several Point
//! Counts; his decision class is the set he reaches (`points-1-4`), and where card removal
//! splits a set (not on the 53-card deck, where the highest Point Count is always best) each of
//! its hands is a class of its own (`points-1-4:A-3-10-10-joker`, the five card values). The
//! replay settles every player multiset against the dealer's exact distribution, the Point
//! Count read from the plan. Outcomes by hand are by the Point Count played.

use std::collections::BTreeMap;

use parsheet_cards::binomial;

use crate::plan::{hand_lines, ratio, ClassRow, Plan, Replay};

use super::main_game::{best_point, player_hands, points_of, scaled_pays, set_text, settle, Hand, HouseWay, WinPays, JOKER, POINT_NAMES, TYPES};

/// The class id of a set of several reachable Point Counts.
pub fn set_id(mask: u16) -> String {
    let pts: Vec<String> = points_of(mask).iter().map(|p| p.to_string()).collect();
    format!("points-{}", pts.join("-"))
}

/// The class id of one hand (its card values) within a set.
fn hand_id(mask: u16, hand: &Hand) -> String {
    format!("{}:{}", set_id(mask), hand_text(hand))
}

fn hand_text(hand: &Hand) -> String {
    let mut v = Vec::new();
    for (t, &k) in hand.iter().enumerate().take(TYPES) {
        let name = match t {
            0 => "A".to_string(),
            JOKER => "joker".to_string(),
            _ => (t + 1).to_string(),
        };
        v.extend(std::iter::repeat_n(name, k as usize));
    }
    v.join("-")
}

/// The solver's choices as a plan on `deck` under `way`: one row per set of several Point
/// Counts, or per hand where the set is split.
pub fn optimal_plan(deck: &[u64; TYPES], way: HouseWay, pays: WinPays) -> Plan {
    let scaled = scaled_pays(pays);
    let n: u64 = deck.iter().sum();
    let dealers = binomial(n - 5, 5) as u128;
    // Per set: (hand, its choice, deals).
    let mut by_set: BTreeMap<u16, Vec<(Hand, usize, u128)>> = BTreeMap::new();
    for p in player_hands(deck, way).iter() {
        let points = points_of(p.mask);
        if points.len() > 1 {
            by_set.entry(p.mask).or_default().push((p.hand, best_point(&p.dealer, &points, scaled), p.ways * dealers));
        }
    }
    let mut rows = Vec::new();
    for (mask, hands) in by_set {
        if hands.iter().all(|h| h.1 == hands[0].1) {
            let deals = hands.iter().map(|h| h.2).sum();
            rows.push(ClassRow { class: set_id(mask), situation: format!("qualifying settings give points {}", set_text(mask)), action: POINT_NAMES[hands[0].1 - 1].into(), deals });
        } else {
            for (h, best, deals) in hands {
                let situation = format!("qualifying settings give points {}, hand {}", set_text(mask), hand_text(&h));
                rows.push(ClassRow { class: hand_id(mask, &h), situation, action: POINT_NAMES[best - 1].into(), deals });
            }
        }
    }
    Plan::new(rows).expect("one row per class")
}

/// The exact result of playing `plan` on `deck` under the dealer's house way `way`.
pub fn replay(plan: &Plan, deck: &[u64; TYPES], way: HouseWay, pays: WinPays) -> Result<Replay, String> {
    let scaled = scaled_pays(pays);
    let scale = scaled.0;
    let n: u64 = deck.iter().sum();
    let dealers = binomial(n - 5, 5) as u128;
    let players = player_hands(deck, way);
    let mut known: std::collections::HashSet<String> = Default::default();
    for p in players.iter().filter(|p| p.mask.count_ones() > 1) {
        known.insert(set_id(p.mask));
        known.insert(hand_id(p.mask, &p.hand));
    }
    plan.only_classes(&|c| known.contains(c))?;
    // By the Point Count played (0: not qualified): deals and net × scale.
    let mut by_point = [(0u128, 0i128); 11];
    for p in players.iter() {
        let qualified: u128 = p.dealer[1..].iter().sum();
        let points = points_of(p.mask);
        let (pt, net) = match points.len() {
            0 => (0, -scale * qualified as i128),
            1 => (points[0], settle(&p.dealer, points[0], scaled).3),
            _ => {
                let options: Vec<&str> = points.iter().map(|&pt| POINT_NAMES[pt - 1]).collect();
                let own = hand_id(p.mask, &p.hand);
                let class = if plan.get(&own).is_some() { own } else { set_id(p.mask) };
                let pt = points[plan.choice(&class, &options)?];
                (pt, settle(&p.dealer, pt, scaled).3)
            }
        };
        by_point[pt].0 += p.ways * dealers;
        by_point[pt].1 += p.ways as i128 * net;
    }
    let cycle: u128 = by_point.iter().map(|b| b.0).sum();
    assert_eq!(cycle, binomial(n, 5) as u128 * dealers, "every deal counted once");
    let net: i128 = by_point.iter().map(|b| b.1).sum();
    let lines = by_point.iter().enumerate().map(|(pt, &(d, x))| (if pt == 0 { "not qualified".to_string() } else { format!("Point Count {pt}") }, d, x)).collect();
    Ok(Replay {
        cycle,
        expected_net: ratio(net, scale as u128 * cycle),
        expected_wager: ratio(1, 1),
        initial_wager: ratio(1, 1),
        by_hand: hand_lines(lines, scale as u128),
    })
}
