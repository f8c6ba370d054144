//! Over/Under's main game (686a): the Ante with Over 23, Under 18 or surrender after the first
//! card, per first-card value with exact card removal from the six-deck shoe.

use parsheet_cards::binomial;
use num_rational::BigRational;

use crate::solution::{ratio, Decision, Solution};
use crate::OutcomeCounts;

/// Over/Under (686a): six decks; the first card is seen, then the player surrenders the Ante or
/// adds an equal Over 23 or Under 18 wager; two more cards make a total of 6 to 33 (aces 11,
/// tens and faces 10). Both wagers win 1 to 1 in the chosen range and lose on 18-23.
pub fn solve(variant: &str) -> Solution {
    over_under_shoe(6, variant == "opposite-range-loses")
}

/// One first card's value and what follows it: the cards of that value in the shoe, and the
/// deals of the next two cards by where the total of all three falls (6-17, 18-23, 24-33).
pub(crate) struct FirstCard {
    pub value: usize,
    pub cards: u128,
    pub low: u128,
    pub mid: u128,
    pub high: u128,
    /// Deals of the next two cards, C(shoe − 1, 2).
    pub after: u128,
}

/// The ten first-card values of a `decks`-deck shoe with exact card removal.
pub(crate) fn first_cards(decks: u64) -> Vec<FirstCard> {
    // Cards by point value 2..=11.
    let mut per_value = [0u64; 12];
    for v in 2..=9 {
        per_value[v] = 4 * decks;
    }
    per_value[10] = 16 * decks;
    per_value[11] = 4 * decks;
    let shoe = 52 * decks;
    let after = binomial(shoe - 1, 2) as u128;
    (2..=11usize)
        .map(|first| {
            let mut left = per_value;
            left[first] -= 1;
            // Deals of the next two cards by total of all three.
            let mut by_total = [0u128; 34];
            for a in 2..=11usize {
                for b in a..=11usize {
                    let ways = if a == b { binomial(left[a], 2) } else { left[a] * left[b] } as u128;
                    by_total[first + a + b] += ways;
                }
            }
            debug_assert_eq!(by_total.iter().sum::<u128>(), after);
            let sum = |r: std::ops::RangeInclusive<usize>| r.map(|t| by_total[t]).sum::<u128>();
            FirstCard { value: first, cards: per_value[first] as u128, low: sum(6..=17), mid: sum(18..=23), high: sum(24..=33), after }
        })
        .collect()
}

/// The words of a first card's decision.
pub(crate) fn first_card_name(value: usize) -> String {
    match value {
        10 => "first card 10, J, Q or K (10)".to_string(),
        11 => "first card ace (11)".to_string(),
        v => format!("first card {v}"),
    }
}

/// Over/Under from a shoe of `decks` decks (the game uses six; fewer decks let tests check the
/// solver against a card-by-card brute force).
pub fn over_under_shoe(decks: u64, opposite_loses: bool) -> Solution {
    let shoe = 52 * decks;
    let (mut win, mut lose, mut push, mut surrender) = (0u128, 0u128, 0u128, 0u128);
    let mut strategy = Vec::new();
    let pairs_after_first = binomial(shoe - 1, 2) as u128;
    for f in first_cards(decks) {
        let (low, mid, high) = (f.low, f.mid, f.high);
        let net = |wins: u128, opposite: u128| {
            let losses = mid + if opposite_loses { opposite } else { 0 };
            ratio(2 * wins as i128 - 2 * losses as i128, pairs_after_first)
        };
        let options = vec![("over-23", net(high, low)), ("under-18", net(low, high)), ("surrender", ratio(-1, 1))];
        let best = options.iter().max_by(|a, b| a.1.cmp(&b.1)).unwrap().0;
        let cards_of_first = f.cards;
        match best {
            "over-23" => {
                win += cards_of_first * high;
                lose += cards_of_first * (mid + if opposite_loses { low } else { 0 });
                push += cards_of_first * if opposite_loses { 0 } else { low };
            }
            "under-18" => {
                win += cards_of_first * low;
                lose += cards_of_first * (mid + if opposite_loses { high } else { 0 });
                push += cards_of_first * if opposite_loses { 0 } else { high };
            }
            _ => surrender += cards_of_first * pairs_after_first,
        }
        let name = first_card_name(f.value);
        strategy.push(Decision { situation: name, choice: best, options, deals: cards_of_first * pairs_after_first });
    }
    let cycle = shoe as u128 * pairs_after_first;
    let counts = OutcomeCounts::new(
        cycle,
        vec![("win".into(), win), ("lose".into(), lose), ("push".into(), push), ("surrender".into(), surrender)],
    )
    .expect("every deal counted once");
    let nets: Vec<(String, BigRational)> =
        vec![("win".into(), ratio(2, 1)), ("lose".into(), ratio(-2, 1)), ("push".into(), ratio(0, 1)), ("surrender".into(), ratio(-1, 1))];
    let expected_net = ratio(2 * win as i128 - 2 * lose as i128 - surrender as i128, cycle);
    let expected_wager = ratio((2 * (cycle - surrender) + surrender) as i128, cycle);
    Solution { strategy, counts, nets, expected_net, expected_wager, initial_wager: ratio(1, 1), notes: vec![], actions: vec![] }
}
