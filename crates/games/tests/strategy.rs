//! The Over/Under optimizer against a card-by-card brute force on one- and two-deck shoes: every
//! first card, every pair of following cards, every decision valued directly.

use num_rational::BigRational;
use parsheet_games::over_under::main_game::over_under_shoe;
use parsheet_games::strategy::find_strategy;

fn brute_force(decks: usize, opposite_loses: bool) -> (BigRational, BigRational) {
    // Point value of each physical card: 4 per deck of each of 2-9 and the ace (11), 16 of ten.
    let mut cards = Vec::new();
    for _ in 0..decks {
        for v in 2..=9 {
            cards.extend([v; 4]);
        }
        cards.extend([10; 16]);
        cards.extend([11; 4]);
    }
    let n = cards.len();
    let (mut total_net, mut total_wager, mut deals) = (0i64, 0i64, 0i64);
    for first in 0..n {
        // Value each decision over every pair of the remaining cards.
        let (mut over, mut under, mut pairs) = (0i64, 0i64, 0i64);
        let settle = |total: usize, over_bet: bool| -> i64 {
            let wins = if over_bet { total >= 24 } else { total <= 17 };
            let opposite = if over_bet { total <= 17 } else { total >= 24 };
            if wins {
                2
            } else if (18..=23).contains(&total) || (opposite && opposite_loses) {
                -2
            } else {
                0
            }
        };
        for a in 0..n {
            for b in a + 1..n {
                if a == first || b == first {
                    continue;
                }
                let total = cards[first] + cards[a] + cards[b];
                over += settle(total, true);
                under += settle(total, false);
                pairs += 1;
            }
        }
        let best = over.max(under).max(-pairs);
        total_net += best;
        total_wager += if best == -pairs { pairs } else { 2 * pairs };
        deals += pairs;
    }
    (BigRational::new(total_net.into(), deals.into()), BigRational::new(total_wager.into(), deals.into()))
}

#[test]
fn solver_equals_brute_force_on_small_shoes() {
    for decks in [1, 2] {
        for opposite_loses in [true, false] {
            let s = over_under_shoe(decks as u64, opposite_loses);
            let (net, wager) = brute_force(decks, opposite_loses);
            assert_eq!(s.expected_net, net, "{decks} decks, opposite loses {opposite_loses}");
            assert_eq!(s.expected_wager, wager, "{decks} decks, opposite loses {opposite_loses}");
        }
    }
}

#[test]
fn six_decks_counts_every_deal() {
    let s = find_strategy("over-under").unwrap().solve(None, None).unwrap();
    // 312 first cards times C(311, 2) pairs.
    assert_eq!(s.counts.cycle(), 312 * 48_205);
    assert_eq!(s.strategy.len(), 10);
    assert!(find_strategy("baccarat").unwrap_err().contains("over-under"));
}
