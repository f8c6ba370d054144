//! Saigon 5 Card (chapter 680a, rulemaking 125-196): everything about the game in one place.
//!
//! - The main game, the wager `base` (§ 680a.6(a)-(b), 680a.11(b)-(d), 680a.12(a)-(b)):
//!   [`main_game`], the Ante under the player's best joker value against the dealer's setting
//!   (`--house-way highest-point|lowest-point`, readings `house-highest-point`,
//!   `house-lowest-point`).
//! - The Bonus Wager (§ 680a.6(c), 680a.7(d)(2), 680a.12(c)): the player's five cards of 52 and
//!   the joker, counted by rank histogram.

pub mod main_game;
pub mod plan;

use parsheet_cards::Deck;
use parsheet_eval::frequencies::rank_histogram;
use parsheet_eval::{Category, Evaluator, HandRank, Ranking};

use crate::{with_other, OutcomeCounts, Wager};

/// The wagers of this chapter counted over every deal (the main game is `crate::strategy`'s).
pub(crate) static WAGERS: &[Wager] = &[
    Wager {
        game: "saigon-5-card",
        id: "bonus",
        title: "Bonus Wager",
        rules: "680a.6(c), 680a.7(d)(2), 680a.12(c)",
        deal: "the player's five cards from 52 cards and one joker",
        outcomes: &[
            "five-aces",
            "royal-flush-no-joker",
            "royal-flush-with-joker",
            "straight-flush",
            "four-of-a-kind",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
            "two-pair",
        ],
        variants: &[],
        count: crate::Counter::Builtin(saigon_bonus),
    },
];

fn saigon_bonus(_: &str) -> OutcomeCounts {
    let deck = Deck::with_joker();
    let e = Evaluator::get(Ranking::Joker);
    let hist = rank_histogram(Ranking::Joker, &deck, 5, &|_| {});
    let mut by = [0u64; 13];
    let (mut natural_royal, mut joker_royal) = (0, 0);
    for (id, n) in hist.into_iter().enumerate().skip(1) {
        let rank = HandRank(id as u16);
        match e.category(rank) {
            Category::RoyalFlush if e.is_natural_royal(rank) => natural_royal += n,
            Category::RoyalFlush => joker_royal += n,
            c => by[c as usize] += n,
        }
    }
    use Category::*;
    with_other(
        2_869_685,
        vec![
            ("five-aces", by[FiveAces as usize]),
            ("royal-flush-no-joker", natural_royal),
            ("royal-flush-with-joker", joker_royal),
            ("straight-flush", by[StraightFlush as usize]),
            ("four-of-a-kind", by[FourOfAKind as usize]),
            ("full-house", by[FullHouse as usize]),
            ("flush", by[Flush as usize]),
            ("straight", by[Straight as usize]),
            ("three-of-a-kind", by[ThreeOfAKind as usize]),
            ("two-pair", by[TwoPair as usize]),
        ],
    )
}
