//! The Fortune Bonus as a definition: the program counts it by the definition's conditions,
//! hand by hand over the suit classes of seven of 53 cards, so it splits into the same shards
//! as before (docs/SHARDING.md). The dedicated classification it replaced (the pai gow
//! evaluator and the seven-card lines) is now the test's oracle (`tests/oracles`). Its text
//! form is `tests/definitions/face-up-pai-gow.fortune-bonus.json`; a test holds the two equal.

use std::sync::OnceLock;

use parsheet_define::{Between, Condition, Deal, Definition, Hand, Joker, Outcome, Ranking, Reading, Rules, RulesChange, SuitGroup};

/// The definition, built once.
pub(crate) fn definition() -> &'static Definition {
    static DEFINITION: OnceLock<Definition> = OnceLock::new();
    DEFINITION.get_or_init(|| {
        let forms = |hand: Hand| Condition::Forms { hand, ranking: Ranking::Poker, ranks: None, rules: RulesChange::default() };
        let seven_in_a_row = || Condition::LongestStraightFlush { length: Between::exactly(7), rules: RulesChange::default() };
        let (ace, king, queen, jack, ten) = (12, 11, 10, 9, 8);
        let outcome = |id: &str, hand: &str, when: Condition| Outcome { id: id.into(), hand: hand.into(), when };
        let mut outcomes = vec![
            outcome("7-card-straight-flush", "Seven-card straight flush without the joker", Condition::All(vec![seven_in_a_row(), Condition::Jokers(Between::exactly(0))])),
            outcome(
                "royal-flush-plus-royal-match",
                "Royal flush and a king-queen of another suit",
                Condition::Suited(vec![SuitGroup { ranks: vec![ace, king, queen, jack, ten], filled: true }, SuitGroup { ranks: vec![king, queen], filled: false }]),
            ),
            outcome("7-card-straight-flush-with-joker", "Seven-card straight flush with the joker", seven_in_a_row()),
            outcome("five-aces", "Five aces", Condition::Forms { hand: Hand::FiveOfAKind, ranking: Ranking::Poker, ranks: Some(Between::exactly(ace as u32)), rules: RulesChange::default() }),
        ];
        outcomes.extend(crate::best_five_outcomes());
        outcomes.push(outcome("three-pair", "Three pair", Condition::Pairs(Between::at_least(3))));
        let wager = crate::face_up_pai_gow::WAGERS.iter().find(|w| w.id == "fortune-bonus").expect("the Fortune Bonus");
        let described = |id: &str| wager.variants.iter().find(|v| v.id == id).expect("a reading").description.to_string();
        Definition {
            deal: Deal { decks: 1, jokers: 1, cards: 7, rules: Rules { joker: Joker::Bug, deuces_wild: false, ace_low: true } },
            readings: vec![
                Reading { id: "straight-over-trips".into(), description: described("straight-over-trips"), rules: RulesChange::default(), outcomes: vec![] },
                Reading {
                    id: "trips-over-straight".into(),
                    description: described("trips-over-straight"),
                    rules: RulesChange::default(),
                    outcomes: vec![("straight".into(), Condition::All(vec![forms(Hand::Straight), Condition::Not(Box::new(forms(Hand::ThreeOfAKind)))]))],
                },
            ],
            outcomes,
        }
    })
}
