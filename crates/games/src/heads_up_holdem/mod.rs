//! World Poker Tour Heads-Up Hold 'Em (chapter 677a, rulemaking 125-192).
//!
//! - The main game, the wager `base` (§ 677a.7(d)(1), 677a.11(b)-(h), 677a.12(a)-(c)):
//!   [`main_game`], Ante and Odds with a Raise pre-flop, on the flop or at the river, reading the
//!   Odds table (677a.12(b)) and, where one is supplied, a Bad Beat table (677a.12(c) is missing).
//! - Trips Plus (§ 677a.6(b), 677a.7(d)(3), 677a.12(e)): seven of 52 by category, counted from
//!   its definition ([`trips_plus`]).
//! - Pocket Bonus (§ 677a.7(d)(2), 677a.11(i)(1)): the first two cards, counted from its
//!   definition ([`pocket_bonus`]); its tables (677a.12(d)) are missing from the text.

pub mod main_game;
pub use main_game::plan;
mod pocket_bonus;
mod trips_plus;

use crate::Wager;

/// The wagers of this chapter counted over every deal (the main game is `crate::strategy`'s).
pub(crate) static WAGERS: &[Wager] = &[
    Wager {
        game: "heads-up-holdem",
        id: "trips-plus",
        title: "Trips Plus Wager",
        rules: "677a.6(b), 677a.7(d)(3), 677a.12(e)",
        deal: "the player's two cards and five community cards, 7 of 52",
        outcomes: &["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
        variants: &[],
        count: crate::Counter::Written(trips_plus::definition),
    },
    Wager {
        game: "heads-up-holdem",
        id: "pocket-bonus",
        title: "Pocket Bonus Wager",
        rules: "677a.7(d)(2), 677a.11(i)(1); its paytables (677a.12(d)) are missing from the text",
        deal: "the player's first two cards, 2 of 52",
        outcomes: &[
            "pair-of-aces",
            "pair-of-kings",
            "pair-of-queens",
            "pair-of-jacks",
            "pair-of-tens",
            "pair-of-nines",
            "pair-of-eights",
            "pair-of-sevens",
            "pair-of-sixes",
            "pair-of-fives",
            "pair-of-fours",
            "pair-of-threes",
            "pair-of-twos",
            "ace-king-suited",
            "ace-queen-suited",
            "ace-jack-suited",
            "ace-king-offsuit",
            "ace-queen-offsuit",
            "ace-jack-offsuit",
        ],
        variants: &[],
        count: crate::Counter::Written(pocket_bonus::definition),
    },
];

