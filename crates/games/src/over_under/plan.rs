//! Over/Under's strategy as data: one decision class per first-card value (ten), each with
//! over-23, under-18 or surrender, and its exact replay over the six-deck shoe (the solver's
//! counts per first card, the action read from the plan). Outcomes by hand are by first card.

use crate::plan::{hand_lines, ratio, ClassRow, Plan, Replay};

use super::main_game::{first_card_name, first_cards, over_under_shoe};

/// The plays of a decision.
pub const ACTIONS: [&str; 3] = ["over-23", "under-18", "surrender"];

/// The class id of a first-card value (2..=11): `first-2` … `first-10` (tens and faces),
/// `first-ace`.
pub fn class_id(value: usize) -> String {
    match value {
        11 => "first-ace".to_string(),
        v => format!("first-{v}"),
    }
}

/// The solver's strategy as a plan (six decks, `variant` a reading of the main game).
pub fn optimal_plan(variant: &str) -> Plan {
    optimal_plan_shoe(6, variant == "opposite-range-loses")
}

pub fn optimal_plan_shoe(decks: u64, opposite_loses: bool) -> Plan {
    let s = over_under_shoe(decks, opposite_loses);
    let rows = first_cards(decks)
        .iter()
        .zip(&s.strategy)
        .map(|(f, d)| {
            debug_assert_eq!(d.situation, first_card_name(f.value));
            ClassRow { class: class_id(f.value), situation: d.situation.clone(), action: d.choice.to_string(), deals: d.deals }
        })
        .collect();
    Plan::new(rows).expect("one class per value")
}

/// The exact result of playing `plan` (six decks, `variant` a reading).
pub fn replay(plan: &Plan, variant: &str) -> Result<Replay, String> {
    replay_shoe(plan, 6, variant == "opposite-range-loses")
}

pub fn replay_shoe(plan: &Plan, decks: u64, opposite_loses: bool) -> Result<Replay, String> {
    let firsts = first_cards(decks);
    let ids: Vec<String> = firsts.iter().map(|f| class_id(f.value)).collect();
    plan.only_classes(&|c| ids.iter().any(|i| i == c))?;
    let (mut net, mut wagered, mut cycle) = (0i128, 0u128, 0u128);
    let mut by_hand = Vec::new();
    for (f, id) in firsts.iter().zip(&ids) {
        let deals = f.cards * f.after;
        // Net per deal, both wagers together: 2 on a win, −2 on a loss; surrender −1.
        let (n, w) = match plan.choice(id, &ACTIONS)? {
            0 => (2 * f.high as i128 - 2 * (f.mid + if opposite_loses { f.low } else { 0 }) as i128, 2 * f.after),
            1 => (2 * f.low as i128 - 2 * (f.mid + if opposite_loses { f.high } else { 0 }) as i128, 2 * f.after),
            _ => (-(f.after as i128), f.after),
        };
        let n = n * f.cards as i128;
        net += n;
        wagered += w * f.cards;
        cycle += deals;
        by_hand.push((first_card_name(f.value), deals, n));
    }
    Ok(Replay { cycle, expected_net: ratio(net, cycle), expected_wager: ratio(wagered as i128, cycle), initial_wager: ratio(1, 1), by_hand: hand_lines(by_hand, 1) })
}
