//! Face Up Pai Gow Poker (chapter 688a, rulemaking 125-223).
//!
//! - The main game, the wager `base` (§ 688a.6, 688a.11(a)-(f), 688a.12(a)): [`main_game`],
//!   the Face Up Pai Gow Poker Wager against the dealer's house way ([`house_way`], 688a.11(a),
//!   `--house-way`).
//! - Fortune Bonus (§ 688a.6(e), 688a.12(c), counted from its definition: [`fortune`]), Ace High Bonus ([`ace_high`], § 688a.6(d),
//!   688a.12(b)) and the Progressive ([`progressive`], § 688a.6(f), 688a.12(d)).

pub mod main_game;
pub mod house_way;
pub mod ace_high;
pub mod progressive;
pub mod way_edits;
mod fortune;

use crate::{Variant, Wager};
// The main game's module reaches the strategy framework as `super::…`.
use crate::solution::{ratio, Decision, Solution};

/// The wagers of this chapter counted over every deal (the main game is `crate::strategy`'s).
pub(crate) static WAGERS: &[Wager] = &[
    Wager {
        game: "face-up-pai-gow",
        id: "fortune-bonus",
        title: "Fortune Bonus Wager (without the Envy Bonus)",
        rules: "688a.6(a)-(b), (e), 688a.7(e)(2), 688a.11, 688a.12(c)",
        deal: "the player's seven cards from 52 cards and one joker",
        outcomes: &[
            "7-card-straight-flush",
            "royal-flush-plus-royal-match",
            "7-card-straight-flush-with-joker",
            "five-aces",
            "royal-flush",
            "straight-flush",
            "four-of-a-kind",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
            "three-pair",
        ],
        variants: &[
            Variant {
                id: "straight-over-trips",
                description: "a hand holding both a straight and three of a kind (and nothing better) is paid as a straight, the higher hand of 688a.6(b) (\"the highest ranking hand\" of 688a.11(h))",
            },
            Variant {
                id: "trips-over-straight",
                description: "a hand holding both a straight and three of a kind (and nothing better) is paid as three of a kind, the higher line as the paytables print them (three of a kind 3 to 1 above straight 2 to 1)",
            },
        ],
        count: crate::Counter::Written(fortune::definition),
    },
    Wager {
        game: "face-up-pai-gow",
        id: "ace-high-bonus",
        title: "Ace High Bonus Wager",
        rules: "688a.6(d), 688a.7(e)(1), 688a.11, 688a.12(b)",
        deal: "the dealer's seven cards and the bettor's seven, from 52 cards and one joker",
        outcomes: ace_high::OUTCOMES,
        variants: ace_high::VARIANTS,
        count: crate::Counter::Builtin(ace_high::ace_high_bonus),
    },
    Wager {
        game: "face-up-pai-gow",
        id: "progressive",
        title: "Progressive Payout Wager (fixed and meter lines, without the Envy Bonus)",
        rules: "688a.6(a), 688a.6(f), 688a.7(e)(3), 688a.11, 688a.12(d)",
        deal: "the player's seven cards from 52 cards and one joker",
        outcomes: progressive::OUTCOMES,
        variants: progressive::VARIANTS,
        count: crate::Counter::Written(progressive::definition),
    },
];

