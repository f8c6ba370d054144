//! DJ Wild Stud Poker (chapter 687a, rulemaking 125-223).
//!
//! - The main game, the wager `base` (§ 687a.6, 687a.11(b), (e), 687a.12(a)-(b)):
//!   [`main_game`], Ante, Blind and Raise under the optimal Raise/fold strategy for the Blind
//!   table given; also the Two-Way Bad Beat (§ 687a.12(e)), settled on the same deal.
//! - Trips Bonus and the Progressive: the player's five cards, each counted from its definition
//!   ([`trips_bonus`], [`progressive`]).

pub mod main_game;
pub mod plan;
mod progressive;
mod trips_bonus;

use crate::{Variant, Wager};

/// The wagers of this chapter counted over every deal (the main game is `crate::strategy`'s).
pub(crate) static WAGERS: &[Wager] = &[
    Wager {
        game: "dj-wild",
        id: "trips-bonus",
        title: "Trips Bonus Wager",
        rules: "687a.6(b), (e), 687a.7(d)(3), 687a.12(d)",
        deal: "the player's five cards from 52 cards and one joker; deuces and joker wild",
        outcomes: &[
            "five-wilds-natural",
            "five-wilds-with-wild",
            "royal-flush-natural",
            "royal-flush-with-wild",
            "five-of-a-kind-natural",
            "five-of-a-kind-with-wild",
            "straight-flush-natural",
            "straight-flush-with-wild",
            "four-of-a-kind-natural",
            "four-of-a-kind-with-wild",
            "full-house-natural",
            "full-house-with-wild",
            "flush-natural",
            "flush-with-wild",
            "straight-natural",
            "straight-with-wild",
            "three-of-a-kind-natural",
            "three-of-a-kind-with-wild",
        ],
        variants: &[
            Variant {
                id: "no-wild-cards",
                description: "a hand is natural when it holds no wild card: no deuce and no joker",
            },
            Variant {
                id: "deuces-played-natural",
                description: "a hand is natural when it holds no joker and reaches the same category with every deuce played as a natural 2",
            },
            Variant {
                id: "same-value-natural",
                description: "a hand is natural when it holds no joker and reaches the same value (category and every kicker) with every deuce played as a natural 2",
            },
        ],
        count: crate::Counter::Written(trips_bonus::definition),
    },
    Wager {
        game: "dj-wild",
        id: "progressive",
        title: "Progressive Bonus Wager",
        rules: "687a.6(b)-(d), 687a.7(d)(2), 687a.11(f)(1), 687a.12(c)",
        deal: "the player's five cards, uniformly 5 of the 52 natural cards (a dealt joker is replaced by the next card, 687a.11(f)(1)); deuces wild",
        outcomes: &["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
        variants: &[
            Variant {
                id: "best-eligible-hand",
                description: "five of a kind is no eligible hand (687a.6(c), (d) list none); the cards pay as the best eligible hand they form: four deuces and one card a straight flush, otherwise four of a kind",
            },
            Variant { id: "as-four-of-a-kind", description: "five of a kind pays as four of a kind, the four cards of one rank it holds" },
            Variant {
                id: "as-straight-flush",
                description: "five of a kind pays as the next lower eligible hand in DJ Wild's order (687a.12(b) ranks it above the straight flush)",
            },
            Variant { id: "not-paid", description: "five of a kind is not an eligible hand (687a.6(d)) and loses" },
            Variant {
                id: "no-wild-cards",
                description: "the deuces play as natural 2s too (standard poker): why else replace the joker (687a.11(f)(1)); the only reading near the published 77%",
            },
        ],
        count: crate::Counter::Written(progressive::definition),
    },
    Wager {
        game: "dj-wild",
        id: "bad-beat",
        title: "Two-Way Bad Beat Bonus Wager",
        rules: "687a.6(f), 687a.7(d)(4), 687a.11(b)(2), 687a.11(f)(3), 687a.12(e)",
        deal: "five cards each to player and dealer from 52 cards and a joker, settled on the losing hand",
        outcomes: &["royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
        variants: &[
            Variant {
                id: "player-hand-loses",
                description: "pays only when the player's three of a kind or better loses to the dealer, by the player's hand (the text of 687a.11(f)(3))",
            },
            Variant {
                id: "either-hand-loses",
                description: "also pays when the dealer's three of a kind or better loses to the player's hand, by the dealer's hand (the \"Two-Way\" of the name)",
            },
        ],
        count: crate::Counter::Builtin(main_game::bad_beat),
    },
];

