//! World Poker Tour Heads-Up Hold 'Em (chapter 677a, rulemaking 125-192).
//!
//! - The main game, the wager `base` (§ 677a.7(d)(1), 677a.11(b)-(h), 677a.12(a)-(c)):
//!   [`main_game`], Ante and Odds with a Raise pre-flop, on the flop or at the river, reading the
//!   Odds table (677a.12(b)) and, where one is supplied, a Bad Beat table (677a.12(c) is missing).
//! - Trips Plus (§ 677a.6(b), 677a.7(d)(3), 677a.12(e)): seven of 52 by category.
//! - Pocket Bonus (§ 677a.7(d)(2), 677a.11(i)(1)): the first two cards; its tables (677a.12(d))
//!   are missing from the text.

pub mod main_game;
pub use main_game::plan;

use parsheet_cards::{Deck, Rank};
use parsheet_eval::{Category, Ranking};

use crate::{category_counts, with_other, OutcomeCounts, Wager};

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
        count: crate::Counter::Builtin(trips_plus),
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
        count: crate::Counter::Builtin(pocket_bonus),
    },
];

fn trips_plus(_: &str) -> OutcomeCounts {
    let by = category_counts(Ranking::Standard, &Deck::standard(), 7);
    use Category::*;
    let rows = [RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind];
    with_other(133_784_560, rows.iter().map(|&c| (c.name(), by[c as usize])).collect())
}

fn pocket_bonus(_: &str) -> OutcomeCounts {
    const PAIRS: [&str; 13] = [
        "pair-of-twos",
        "pair-of-threes",
        "pair-of-fours",
        "pair-of-fives",
        "pair-of-sixes",
        "pair-of-sevens",
        "pair-of-eights",
        "pair-of-nines",
        "pair-of-tens",
        "pair-of-jacks",
        "pair-of-queens",
        "pair-of-kings",
        "pair-of-aces",
    ];
    let deck = Deck::standard();
    let mut counts: Vec<(&str, u64)> = crate::wagers().find(|w| w.id == "pocket-bonus").unwrap().outcomes.iter().map(|&o| (o, 0)).collect();
    let mut total = 0;
    for hand in parsheet_cards::Subsets::new(deck.cards(), 2) {
        total += 1;
        let cards: Vec<_> = hand.iter().collect();
        let (a, b) = (cards[0], cards[1]);
        let (ra, rb) = (a.rank().unwrap(), b.rank().unwrap());
        let outcome = if ra == rb {
            Some(PAIRS[ra.0 as usize].to_string())
        } else {
            let (hi, lo) = if ra > rb { (ra, rb) } else { (rb, ra) };
            let kicker = match lo {
                Rank::KING => Some("king"),
                Rank::QUEEN => Some("queen"),
                Rank::JACK => Some("jack"),
                _ => None,
            };
            match (hi == Rank::ACE, kicker) {
                (true, Some(k)) => Some(format!("ace-{k}-{}", if a.suit() == b.suit() { "suited" } else { "offsuit" })),
                _ => None,
            }
        };
        if let Some(o) = outcome {
            counts.iter_mut().find(|c| c.0 == o).unwrap().1 += 1;
        }
    }
    with_other(total, counts)
}
