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
//! The program counts it from its definition ([`definition`]), as the Fortune Bonus: the
//! generic counter's suit lanes whole, the definition's conditions over the suit classes a
//! shard owns (docs/SHARDING.md). The joker is the bug (an ace, or a filler of a straight, a
//! flush or a straight flush, 688a.6(a)) or, under the "Fully wild joker" printed beneath
//! Paytables 2, 5, 6 and 7, any card. The dedicated classification it replaced (the pai gow
//! evaluators and the seven-card lines) is the test's oracle (`tests/oracles`); the text form
//! is `tests/definitions/face-up-pai-gow.progressive.json`, held equal to this by a test.

use std::sync::OnceLock;

use parsheet_define::{Between, Condition, Deal, Definition, Hand, Joker, Outcome, Ranking, Reading, Rules, RulesChange, SuitGroup};

use crate::Variant;

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

/// The definition, built once.
pub(crate) fn definition() -> &'static Definition {
    static DEFINITION: OnceLock<Definition> = OnceLock::new();
    DEFINITION.get_or_init(|| {
        let forms = |hand: Hand| Condition::Forms { hand, ranking: Ranking::Poker, ranks: None, rules: RulesChange::default() };
        let seven_in_a_row = || Condition::LongestStraightFlush { length: Between::exactly(7), rules: RulesChange::default() };
        let natural = || Condition::Jokers(Between::exactly(0));
        let (ace, king, queen, jack, ten) = (12, 11, 10, 9, 8);
        // A royal in one suit (the joker filling it) and a king-queen of another, the joker
        // filling that too where it is fully wild.
        let royal_match = |wild_king_queen: bool| Condition::Suited(vec![SuitGroup { ranks: vec![ace, king, queen, jack, ten], filled: true }, SuitGroup { ranks: vec![king, queen], filled: wild_king_queen }]);
        let outcome = |id: &str, hand: &str, when: Condition| Outcome { id: id.into(), hand: hand.into(), when };
        let mut outcomes = vec![
            outcome("7-card-natural-straight-flush-holding-royal", "7 card straight flush, natural, holding a royal", Condition::All(vec![natural(), seven_in_a_row(), forms(Hand::RoyalFlush)])),
            outcome("7-card-natural-straight-flush", "7 card straight flush, natural", Condition::All(vec![natural(), seven_in_a_row()])),
            outcome("royal-flush-plus-royal-match", "Royal flush plus Royal Match", royal_match(false)),
            outcome("7-card-wild-straight-flush-holding-royal", "7 card straight flush with the joker, holding a royal", Condition::All(vec![seven_in_a_row(), forms(Hand::RoyalFlush)])),
            outcome("7-card-wild-straight-flush", "7 card straight flush with the joker", seven_in_a_row()),
            outcome("five-aces", "Five aces", Condition::Forms { hand: Hand::FiveOfAKind, ranking: Ranking::Poker, ranks: Some(Between::exactly(ace as u32)), rules: RulesChange::default() }),
            outcome("five-of-a-kind", "Five of a kind", forms(Hand::FiveOfAKind)),
        ];
        outcomes.extend(crate::best_five_outcomes());
        let trips_over_straight = || ("straight".to_string(), Condition::All(vec![forms(Hand::Straight), Condition::Not(Box::new(forms(Hand::ThreeOfAKind)))]));
        let wild_royal_match = || ("royal-flush-plus-royal-match".to_string(), royal_match(true));
        let wild = RulesChange { joker: Some(Joker::Wild), ..RulesChange::default() };
        let reading = |id: &str, rules: RulesChange, outcomes: Vec<(String, Condition)>| {
            let description = VARIANTS.iter().find(|v| v.id == id).expect("a reading").description.to_string();
            Reading { id: id.into(), description, rules, outcomes }
        };
        Definition {
            deal: Deal { decks: 1, jokers: 1, cards: 7, rules: Rules { joker: Joker::Bug, deuces_wild: false, ace_low: true } },
            readings: vec![
                reading("ordinary-joker", RulesChange::default(), vec![]),
                reading("fully-wild-joker", wild, vec![wild_royal_match()]),
                reading("ordinary-joker-trips-over-straight", RulesChange::default(), vec![trips_over_straight()]),
                reading("fully-wild-joker-trips-over-straight", wild, vec![wild_royal_match(), trips_over_straight()]),
            ],
            outcomes,
        }
    })
}
