//! DJ Wild Stud Poker (chapter 687a, rulemaking 125-223).
//!
//! - The main game, the wager `base` (§ 687a.6, 687a.11(b), (e), 687a.12(a)-(b)):
//!   [`main_game`], Ante, Blind and Raise under the optimal Raise/fold strategy for the Blind
//!   table given; also the Two-Way Bad Beat (§ 687a.12(e)), settled on the same deal.
//! - Trips Bonus (§ 687a.12(c)) and the Progressive (§ 687a.12(d)): the player's five cards,
//!   folded hand by hand.

pub mod main_game;
pub mod plan;

use parsheet_cards::{CardSet, Deck};
use parsheet_eval::frequencies::fold_hands;
use parsheet_eval::{dj, Category, Evaluator, Ranking};

use crate::{category_counts, with_other, OutcomeCounts, Variant, Wager};

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
        count: crate::Counter::Builtin(dj_trips_bonus),
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
        count: crate::Counter::Builtin(dj_progressive),
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

fn dj_trips_bonus(variant: &str) -> OutcomeCounts {
    let outcomes = crate::find("dj-wild", "trips-bonus").unwrap().outcomes;
    let by = fold_hands(
        &Deck::with_joker(),
        5,
        || vec![0u64; outcomes.len() + 1],
        |acc, hand| acc[dj_trips_outcome(variant, hand)] += 1,
        |mut a, b| {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
            a
        },
    );
    with_other(2_869_685, outcomes.iter().zip(&by).map(|(&o, &n)| (o, n)).collect())
}

/// Index into the Trips Bonus outcomes (`<hand>-natural` then `<hand>-with-wild`, best hand
/// first), or one past them for a hand below three of a kind.
pub(crate) fn dj_trips_outcome(variant: &str, hand: CardSet) -> usize {
    use Category::*;
    const ORDER: [Category; 9] = [FiveWilds, RoyalFlush, FiveOfAKind, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind];
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let rank = e.evaluate(hand);
    let category = e.category(rank);
    let Some(i) = ORDER.iter().position(|&c| c == category) else { return 2 * ORDER.len() };
    let natural = match variant {
        "no-wild-cards" => dj::wild_count(hand) == 0,
        "deuces-played-natural" => dj::category_with_deuces_natural(hand) == Some(category),
        "same-value-natural" => dj::value_with_deuces_natural(hand) == Some((category, e.tiebreaks(rank))),
        other => unreachable!("variant {other}"),
    };
    2 * i + !natural as usize
}

/// DJ Wild Progressive Bonus: every five of the 52 natural cards (the joker is replaced for this
/// wager, so the five cards are uniform over the natural deck), deuces wild.
fn dj_progressive(variant: &str) -> OutcomeCounts {
    use Category::*;
    if variant == "no-wild-cards" {
        let by = category_counts(Ranking::Standard, &Deck::standard(), 5);
        let rows = [RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind];
        return with_other(2_598_960, rows.iter().map(|&c| (c.name(), by[c as usize])).collect());
    }
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    // Hands by category and number of deuces.
    let by = fold_hands(
        &Deck::standard(),
        5,
        || [[0u64; 5]; 13],
        |acc, hand| acc[e.category(e.evaluate(hand)) as usize][dj::wild_count(hand) as usize] += 1,
        |mut a, b| {
            for (x, y) in a.iter_mut().zip(b) {
                x.iter_mut().zip(y).for_each(|(p, q)| *p += q);
            }
            a
        },
    );
    let all = |c: Category| by[c as usize].iter().sum::<u64>();
    assert_eq!(all(FiveWilds) + all(FiveAces), 0, "five wilds need the joker, five aces a semi-wild joker");
    let five = all(FiveOfAKind);
    // Four deuces and one other card: the wilds complete a straight flush around it (a ten or
    // higher makes the royal, which the evaluator already ranks above five of a kind).
    let five_with_four_deuces = by[FiveOfAKind as usize][4];
    let (to_straight_flush, to_four) = match variant {
        "best-eligible-hand" => (five_with_four_deuces, five - five_with_four_deuces),
        "as-four-of-a-kind" => (0, five),
        "as-straight-flush" => (five, 0),
        "not-paid" => (0, 0),
        other => unreachable!("variant {other}"),
    };
    with_other(
        2_598_960,
        vec![
            ("royal-flush", all(RoyalFlush)),
            ("straight-flush", all(StraightFlush) + to_straight_flush),
            ("four-of-a-kind", all(FourOfAKind) + to_four),
            ("full-house", all(FullHouse)),
            ("flush", all(Flush)),
            ("straight", all(Straight)),
            ("three-of-a-kind", all(ThreeOfAKind)),
        ],
    )
}
