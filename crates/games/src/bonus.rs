//! Wagers settled by the player's own cards alone.

use parsheet_cards::{iso, shoe::Shoe, CardSet, Deck, Rank};
use parsheet_eval::frequencies::{self, fold_hands, rank_histogram, Table};
use parsheet_eval::{dj, hcf, paigow, Category, Evaluator, HandRank, Ranking};

use crate::{with_other, OutcomeCounts, Variant, Wager};

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
        count: saigon_bonus,
    },
    Wager {
        game: "heads-up-holdem",
        id: "trips-plus",
        title: "Trips Plus Wager",
        rules: "677a.6(b), 677a.7(d)(3), 677a.12(e)",
        deal: "the player's two cards and five community cards, 7 of 52",
        outcomes: &["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
        variants: &[],
        count: trips_plus,
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
        count: pocket_bonus,
    },
    Wager {
        game: "high-card-flush",
        id: "flush-bonus",
        title: "Flush Bonus Wager",
        rules: "678a.6(b), 678a.7(d)(2), 678a.12(b)",
        deal: "the player's seven cards, 7 of 52",
        outcomes: &["7-card-flush", "6-card-flush", "5-card-flush", "4-card-flush"],
        variants: &[],
        count: flush_bonus,
    },
    Wager {
        game: "high-card-flush",
        id: "straight-flush-bonus",
        title: "Straight Flush Bonus Wager",
        rules: "678a.6(d), 678a.7(d)(3), 678a.12(c)",
        deal: "the player's seven cards, 7 of 52",
        outcomes: &["7-card-straight-flush", "6-card-straight-flush", "5-card-straight-flush", "4-card-straight-flush", "3-card-straight-flush"],
        variants: STRAIGHT_FLUSH_ACES,
        count: straight_flush_bonus,
    },
    Wager {
        game: "high-card-flush",
        id: "progressive",
        title: "Progressive Jackpot Wager",
        rules: "678a.6(d), 678a.7(d)(4), 678a.11(e)(3), 678a.12(d)",
        deal: "the player's seven cards, 7 of 52; paid for the longest straight flush only (678a.12(d)(2))",
        outcomes: &["7-card-straight-flush", "6-card-straight-flush", "5-card-straight-flush", "4-card-straight-flush", "3-card-straight-flush"],
        variants: STRAIGHT_FLUSH_ACES,
        // The same hands as the Straight Flush Bonus: the longest straight flush of seven cards.
        count: straight_flush_bonus,
    },
    Wager {
        game: "over-under",
        id: "bonus",
        title: "Bonus Wager",
        rules: "686a.3(d), 686a.7(l), 686a.8(b)",
        deal: "the player's three cards from six decks (312 cards), aces 11, tens and faces 10",
        outcomes: &["6-or-33", "7-or-32", "8-or-31", "9-or-30", "10-or-29", "11-or-28", "12-or-27"],
        variants: &[],
        count: over_under_bonus,
    },
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
        count: dj_trips_bonus,
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
        count: dj_progressive,
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
        count: crate::strategy::dj_wild::bad_beat,
    },
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
        count: fortune_bonus,
    },
    Wager {
        game: "face-up-pai-gow",
        id: "ace-high-bonus",
        title: "Ace High Bonus Wager",
        rules: "688a.6(d), 688a.7(e)(1), 688a.11, 688a.12(b)",
        deal: "the dealer's seven cards and the bettor's seven, from 52 cards and one joker",
        outcomes: crate::ace_high::OUTCOMES,
        variants: crate::ace_high::VARIANTS,
        count: crate::ace_high::ace_high_bonus,
    },
    Wager {
        game: "face-up-pai-gow",
        id: "progressive",
        title: "Progressive Payout Wager (fixed and meter lines, without the Envy Bonus)",
        rules: "688a.6(a), 688a.6(f), 688a.7(e)(3), 688a.11, 688a.12(d)",
        deal: "the player's seven cards from 52 cards and one joker",
        outcomes: crate::fupg_progressive::OUTCOMES,
        variants: crate::fupg_progressive::VARIANTS,
        count: crate::fupg_progressive::count,
    },
];

/// The two ace readings of High Card Flush straight flushes (Straight Flush Bonus, Progressive).
const STRAIGHT_FLUSH_ACES: &[Variant] = &[
    Variant { id: "ace-high-or-low", description: "the ace plays high (Q-K-A) or low (A-2-3) in a straight flush" },
    Variant { id: "ace-high-only", description: "the ace plays only high, as 678a.6(a) ranks it; 678a.6(d) never lets it play low" },
];

fn category_counts(ranking: Ranking, deck: &Deck, cards: usize) -> [u64; 13] {
    let e = Evaluator::get(ranking);
    let mut by = [0u64; 13];
    for (id, n) in rank_histogram(ranking, deck, cards, &|_| {}).into_iter().enumerate().skip(1) {
        by[e.category(HandRank(id as u16)) as usize] += n;
    }
    by
}

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
    let mut counts: Vec<(&str, u64)> = crate::wagers().iter().find(|w| w.id == "pocket-bonus").unwrap().outcomes.iter().map(|&o| (o, 0)).collect();
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

fn flush_bonus(_: &str) -> OutcomeCounts {
    let f = frequencies::count(Table::HighCardFlush, 7, &|_| {});
    let rows = (4..=7).rev().map(|len| {
        let name = ["4-card-flush", "5-card-flush", "6-card-flush", "7-card-flush"][len - 4];
        (name, f.rows.iter().find(|r| r.0 == name).map_or(0, |r| r.1))
    });
    with_other(f.total, rows.collect())
}

fn straight_flush_bonus(variant: &str) -> OutcomeCounts {
    let ace = match variant {
        "ace-high-or-low" => hcf::AceInStraights::HighOrLow,
        "ace-high-only" => hcf::AceInStraights::HighOnly,
        other => unreachable!("variant {other}"),
    };
    // Straight-flush length is invariant under relabelling suits: one hand per class, weighted.
    let mut by_len = [0u64; 8];
    let mut total = 0;
    iso::for_each_class(7, false, |hand, weight| {
        by_len[hcf::longest_straight_flush_with(hand, ace) as usize] += weight;
        total += weight;
    });
    let names = ["3-card-straight-flush", "4-card-straight-flush", "5-card-straight-flush", "6-card-straight-flush", "7-card-straight-flush"];
    with_other(total, (3..=7).rev().map(|l| (names[l - 3], by_len[l])).collect())
}

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
fn dj_trips_outcome(variant: &str, hand: CardSet) -> usize {
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

/// The per-hand classification behind the counts of the wagers counted hand by hand (see
/// [`Wager::hand_classifier`]).
pub(crate) fn hand_classifier(game: &str, wager: &str) -> Option<fn(&str, CardSet) -> usize> {
    match (game, wager) {
        ("dj-wild", "trips-bonus") => Some(dj_trips_outcome),
        ("face-up-pai-gow", "fortune-bonus") => Some(fortune_classify),
        ("face-up-pai-gow", "progressive") => Some(|variant, hand| crate::fupg_progressive::outcome(crate::fupg_progressive::Reading::of(variant), hand)),
        _ => None,
    }
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

fn fortune_bonus(variant: &str) -> OutcomeCounts {
    let outcomes = crate::find("face-up-pai-gow", "fortune-bonus").unwrap().outcomes;
    crate::count_seven_of_53(outcomes, |hand| fortune_classify(variant, hand))
}

/// Index into the Fortune outcomes (or one past them for no paying hand). The seven-card lines
/// of 688a.6(e) rank above five aces; below them the hand ranks by its best five (688a.6(b)),
/// and three pair (688a.6(b)(9)) ranks between three of a kind and two pair.
fn fortune_classify(variant: &str, hand: CardSet) -> usize {
    let trips_over_straight = match variant {
        "straight-over-trips" => false,
        "trips-over-straight" => true,
        other => unreachable!("variant {other}"),
    };
    let e = Evaluator::get(Ranking::PaiGow);
    let category = e.category(e.evaluate(hand));
    // Seven suited cards, or a royal, make the best five a straight flush or royal. Three pairs
    // (the joker pairing an ace) make it two pair; three pairs that also hold a straight or a
    // flush through the joker rank as that, and with a natural pair of aces the joker makes
    // trips.
    if category >= Category::StraightFlush || category == Category::TwoPair {
        let lines = paigow::seven_card_lines(hand);
        if lines.seven_card_straight_flush_natural {
            return 0;
        }
        if lines.royal_plus_royal_match {
            return 1;
        }
        if lines.seven_card_straight_flush_with_joker {
            return 2;
        }
        if category == Category::TwoPair && lines.three_pair {
            return 11;
        }
    }
    match category {
        Category::FiveAces => 3,
        Category::RoyalFlush => 4,
        Category::StraightFlush => 5,
        Category::FourOfAKind => 6,
        Category::FullHouse => 7,
        Category::Flush => 8,
        Category::Straight if trips_over_straight && paigow::holds_three_of_a_kind(hand, false) => 10,
        Category::Straight => 9,
        Category::ThreeOfAKind => 10,
        _ => 12,
    }
}
