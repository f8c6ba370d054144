//! Dedicated counters of built-in wagers the program now counts from their definitions: kept
//! here as the oracles the definitions are held equal to (`tests/definitions.rs`).

use parsheet_cards::{CardSet, Deck, Rank};
use parsheet_eval::frequencies::fold_hands;
use parsheet_eval::{dj, paigow, Category, Evaluator, Ranking};
use parsheet_paytable::OutcomeCounts;

/// The oracle's counts of `game` `wager` under `reading`, where one is kept here.
pub fn counts(game: &str, wager: &str, reading: Option<&str>) -> Option<OutcomeCounts> {
    match (game, wager) {
        ("dj-wild", "trips-bonus") => Some(dj_trips_bonus(reading.unwrap_or("no-wild-cards"))),
        ("dj-wild", "progressive") => Some(dj_progressive(reading.unwrap_or("best-eligible-hand"))),
        ("heads-up-holdem", "pocket-bonus") => Some(pocket_bonus()),
        ("heads-up-holdem", "trips-plus") => Some(trips_plus()),
        ("face-up-pai-gow", "fortune-bonus") => Some(fortune_bonus(reading.unwrap_or("straight-over-trips"))),
        ("face-up-pai-gow", "progressive") => Some(fupg_progressive::counts(reading.unwrap_or("ordinary-joker"))),
        _ => None,
    }
}

/// DJ Wild's Trips Bonus, every five of the 53 cards classified by the DJ Wild evaluator: the
/// hand's category, natural or with a wild card by the reading.
fn dj_trips_bonus(variant: &str) -> OutcomeCounts {
    let outcomes = parsheet_games::find("dj-wild", "trips-bonus").unwrap().outcomes;
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
    let rows = outcomes.iter().map(|o| o.to_string()).chain(["other".to_string()]).zip(by.iter().map(|&n| n as u128)).collect();
    OutcomeCounts::new(2_869_685, rows).unwrap()
}

/// The rows given and `other`, the rest of the cycle.
fn with_other(cycle: u64, rows: &[(&str, u64)]) -> OutcomeCounts {
    let paid: u64 = rows.iter().map(|r| r.1).sum();
    let all = rows.iter().map(|&(o, n)| (o.to_string(), n as u128)).chain([("other".to_string(), (cycle - paid) as u128)]).collect();
    OutcomeCounts::new(cycle as u128, all).unwrap()
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

/// Heads-Up Hold 'Em's Trips Plus: the seven-card rank histogram of the standard evaluator
/// (`parsheet_eval::frequencies`), by the category of each rank.
fn trips_plus() -> OutcomeCounts {
    let e = Evaluator::get(Ranking::Standard);
    let mut by = [0u64; 13];
    for (id, n) in parsheet_eval::frequencies::rank_histogram(Ranking::Standard, &Deck::standard(), 7, &|_| {}).into_iter().enumerate().skip(1) {
        by[e.category(parsheet_eval::HandRank(id as u16)) as usize] += n;
    }
    use Category::*;
    let rows: Vec<(&str, u64)> = [RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind].iter().map(|&c| (c.name(), by[c as usize])).collect();
    with_other(133_784_560, &rows)
}

/// Face Up Pai Gow's Fortune Bonus, every suit class of seven of the 53 cards classified by the
/// pai gow evaluator and the seven-card lines.
fn fortune_bonus(variant: &str) -> OutcomeCounts {
    let outcomes = parsheet_games::find("face-up-pai-gow", "fortune-bonus").unwrap().outcomes;
    let mut by = vec![0u128; outcomes.len() + 1];
    parsheet_cards::iso::for_each_class(7, true, |hand, weight| by[fortune_classify(variant, hand).min(outcomes.len())] += weight as u128);
    let rows = outcomes.iter().map(|o| o.to_string()).chain(["other".to_string()]).zip(by).collect();
    OutcomeCounts::new(parsheet_cards::binomial(53, 7) as u128, rows).unwrap()
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

/// DJ Wild Progressive Bonus: every five of the 52 natural cards (the joker is replaced for this
/// wager, so the five cards are uniform over the natural deck), deuces wild.
fn dj_progressive(variant: &str) -> OutcomeCounts {
    use Category::*;
    // With the deuces natural, the standard evaluator: no five of a kind, no deuce counted.
    let standard = variant == "no-wild-cards";
    let e = Evaluator::get(if standard { Ranking::Standard } else { Ranking::DeucesJokerWild });
    // Hands by category and number of deuces.
    let by = fold_hands(
        &Deck::standard(),
        5,
        || [[0u64; 5]; 13],
        |acc, hand| acc[e.category(e.evaluate(hand)) as usize][if standard { 0 } else { dj::wild_count(hand) as usize }] += 1,
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
        "not-paid" | "no-wild-cards" => (0, 0),
        other => unreachable!("variant {other}"),
    };
    with_other(
        2_598_960,
        &[
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

/// Heads-Up Hold 'Em's Pocket Bonus, every two of the 52 cards read one by one.
fn pocket_bonus() -> OutcomeCounts {
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
    let mut counts: Vec<(&str, u64)> = parsheet_games::find("heads-up-holdem", "pocket-bonus").unwrap().outcomes.iter().map(|&o| (o, 0)).collect();
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
    with_other(total, &counts)
}

/// Face Up Pai Gow's Progressive, every suit class of seven of the 53 cards classified by the
/// pai gow evaluators (the chapter's joker, or fully wild) and the seven-card lines.
pub mod fupg_progressive {
    use parsheet_cards::{CardSet, Rank, Suit};
    use parsheet_eval::{paigow, Category, Evaluator, Ranking};
    use parsheet_games::fupg_progressive::OUTCOMES;
    use parsheet_paytable::OutcomeCounts;

    pub fn counts(variant: &str) -> OutcomeCounts {
        let reading = Reading::of(variant);
        let mut by = vec![0u128; OUTCOMES.len() + 1];
        parsheet_cards::iso::for_each_class(7, true, |hand, weight| by[outcome(reading, hand)] += weight as u128);
        let rows = OUTCOMES.iter().map(|o| o.to_string()).chain(["other".to_string()]).zip(by).collect();
        OutcomeCounts::new(parsheet_cards::binomial(53, 7) as u128, rows).unwrap()
    }

    /// The rules a variant reads.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Reading {
        pub fully_wild_joker: bool,
        pub trips_over_straight: bool,
    }

    impl Reading {
        pub fn of(variant: &str) -> Reading {
            match variant {
                "ordinary-joker" => Reading { fully_wild_joker: false, trips_over_straight: false },
                "fully-wild-joker" => Reading { fully_wild_joker: true, trips_over_straight: false },
                "ordinary-joker-trips-over-straight" => Reading { fully_wild_joker: false, trips_over_straight: true },
                "fully-wild-joker-trips-over-straight" => Reading { fully_wild_joker: true, trips_over_straight: true },
                other => unreachable!("variant {other}"),
            }
        }

        pub fn ranking(self) -> Ranking {
            if self.fully_wild_joker {
                Ranking::PaiGowWildJoker
            } else {
                Ranking::PaiGow
            }
        }
    }

    const ROYAL: u16 = 0x1f00;
    const KING_QUEEN: u16 = 1 << 11 | 1 << 10;

    /// Index into [`OUTCOMES`] of a seven-card hand, or `OUTCOMES.len()` when it wins nothing.
    pub fn outcome(reading: Reading, hand: CardSet) -> usize {
        let e = Evaluator::get(reading.ranking());
        let category = e.category(e.evaluate(hand));
        let holds_royal = category == Category::RoyalFlush;
        // Seven suited cards (or the joker and six) make the best five a straight flush or royal,
        // and so does a Royal Match's royal.
        if category >= Category::StraightFlush {
            let lines = paigow::seven_card_lines(hand);
            if lines.seven_card_straight_flush_natural {
                return if holds_royal { 0 } else { 1 };
            }
            if lines.royal_plus_royal_match || (reading.fully_wild_joker && holds_royal && joker_completes_royal_match(hand)) {
                return 2;
            }
            if lines.seven_card_straight_flush_with_joker {
                return if holds_royal { 3 } else { 4 };
            }
        }
        match category {
            // Four aces and the joker: five aces under either joker.
            Category::FiveAces => 5,
            Category::FiveOfAKind if e.tiebreaks(e.evaluate(hand))[0] == Rank::ACE.0 => 5,
            Category::FiveOfAKind => 6,
            Category::RoyalFlush => 7,
            Category::StraightFlush => 8,
            Category::FourOfAKind => 9,
            Category::FullHouse => 10,
            Category::Flush => 11,
            Category::Straight if reading.trips_over_straight && paigow::holds_three_of_a_kind(hand, reading.fully_wild_joker) => 13,
            Category::Straight => 12,
            Category::ThreeOfAKind => 13,
            _ => OUTCOMES.len(),
        }
    }

    /// A natural royal with the fully wild joker as the Royal Match's king or queen (the other
    /// one natural, of another suit).
    fn joker_completes_royal_match(hand: CardSet) -> bool {
        if !hand.has_joker() {
            return false;
        }
        let lanes = Suit::ALL.map(|s| hand.suit_ranks(s));
        (0..4).any(|s| lanes[s] & ROYAL == ROYAL && (0..4).any(|t| t != s && lanes[t] & KING_QUEEN != 0))
    }
}
