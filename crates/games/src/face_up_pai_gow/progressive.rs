//! Face Up Pai Gow's Progressive Payout Wager (688a.7(e)(3), 688a.11(h)(3), 688a.12(d)): the
//! player's seven cards of 52 and the joker, by the hands of 688a.6(f).
//!
//! The seven paytables group hands differently (one "7 card straight flush" line or a natural
//! and a wild one; "Five aces" or "Five-of-a-kind"; a "Royal flush + royal match" line in
//! Paytable 4 only; no seven-card line at all in the adopted Paytable 7), so the outcomes here
//! are the finest partition every table's lines are unions of. A hand that holds several lines
//! is paid at the highest-ranking printed line it holds: the dealer sets "the highest ranking
//! hand" (688a.11(h)), and a hand that wins (full house or better, 688a.11(h)(3)(i)(B)) but
//! whose top hand has no line of its own is still the lower hands it holds (a seven-card
//! straight flush is a straight flush, a royal flush plus Royal Match is a royal flush, four
//! of a rank and the joker hold four of a kind). Which printed line covers which outcome is
//! the paytable's business: `tables/face-up-pai-gow.json` splits each printed line into one
//! line per outcome it covers. For that, the seven-card straight flushes are split by whether
//! they hold a royal (Paytable 7 pays them as a royal flush or a straight flush).
//!
//! Counted over suit-isomorphism classes of seven cards from 53 (the outcome is invariant
//! under relabelling suits), ranked by [`Ranking::PaiGow`] (the chapter's joker, 688a.6(a)) or
//! [`Ranking::PaiGowWildJoker`] (the "Fully wild joker" printed under Paytables 2, 5, 6, 7).

use parsheet_cards::{CardSet, Rank, Suit};
use parsheet_eval::{paigow, Category, Evaluator, Ranking};

use crate::{OutcomeCounts, Variant};

/// The outcomes, best first (688a.6(f), Royal Match placed as in Paytable 4).
pub const OUTCOMES: &[&str] = &[
    "7-card-natural-straight-flush-holding-royal",
    "7-card-natural-straight-flush",
    "royal-flush-plus-royal-match",
    "7-card-wild-straight-flush-holding-royal",
    "7-card-wild-straight-flush",
    "five-aces",
    "five-of-a-kind",
    "royal-flush",
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush",
    "straight",
    "three-of-a-kind",
];

pub const VARIANTS: &[Variant] = &[
    Variant {
        id: "ordinary-joker",
        description: "the chapter's joker (688a.6(a)): an ace, or any card to complete a straight, flush or straight flush; a straight ranks above three of a kind (688a.6(b), \"the highest ranking hand\" of 688a.11(h))",
    },
    Variant {
        id: "fully-wild-joker",
        description: "\"Fully wild joker\" (printed under Paytables 2, 5, 6, 7): the joker is any card, so four of a rank and the joker are five of a kind and it may be the king or queen of the Royal Match; a straight ranks above three of a kind",
    },
    Variant {
        id: "ordinary-joker-trips-over-straight",
        description: "the chapter's joker; a hand holding both a straight and three of a kind (and nothing better) is paid as three of a kind, as Paytable 4 prints its lines (three of a kind $15 above straight $7.50)",
    },
    Variant {
        id: "fully-wild-joker-trips-over-straight",
        description: "the fully wild joker; a hand holding both a straight and three of a kind (and nothing better) is paid as three of a kind, as Paytable 4 prints its lines",
    },
];

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

pub(crate) fn count(variant: &str) -> OutcomeCounts {
    let reading = Reading::of(variant);
    crate::count_seven_of_53(OUTCOMES, |hand| outcome(reading, hand))
}
