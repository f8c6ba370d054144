//! Over/Under (chapter 686a, rulemaking 125-223).
//!
//! - The main game, the wager `base` (§ 686a.3, 686a.7(e)-(k), 686a.8(a)): [`main_game`], the
//!   Ante with Over 23, Under 18 or surrender after the first card, from a six-deck shoe.
//! - The Bonus Wager (§ 686a.8(b)): the total of the first three cards, by rank compositions of
//!   the shoe.

pub mod main_game;
pub mod plan;

use parsheet_cards::shoe::Shoe;

use crate::{with_other, OutcomeCounts, Wager};

/// The wagers of this chapter counted over every deal (the main game is `crate::strategy`'s).
pub(crate) static WAGERS: &[Wager] = &[
    Wager {
        game: "over-under",
        id: "bonus",
        title: "Bonus Wager",
        rules: "686a.3(d), 686a.7(l), 686a.8(b)",
        deal: "the player's three cards from six decks (312 cards), aces 11, tens and faces 10",
        outcomes: &["6-or-33", "7-or-32", "8-or-31", "9-or-30", "10-or-29", "11-or-28", "12-or-27"],
        variants: &[],
        count: crate::Counter::Builtin(over_under_bonus),
    },
];

fn over_under_bonus(_: &str) -> OutcomeCounts {
    // Ranks are counted, not cards: each rank has 24 cards in six decks.
    let value = |rank: usize| match rank {
        12 => 11,
        r if r >= 8 => 10,
        r => r as u32 + 2,
    };
    let names = ["6-or-33", "7-or-32", "8-or-31", "9-or-30", "10-or-29", "11-or-28", "12-or-27"];
    let mut by = [0u64; 7];
    let mut total = 0;
    Shoe::new(6).for_each_rank_composition(3, |counts, ways| {
        total += ways;
        let points: u32 = counts.iter().enumerate().map(|(r, &c)| c as u32 * value(r)).sum();
        let distance = points.min(39 - points); // 6↔33, 7↔32, …
        if (6..=12).contains(&distance) {
            by[(distance - 6) as usize] += ways;
        }
    });
    with_other(total, names.iter().zip(by).map(|(&n, c)| (n, c)).collect())
}
