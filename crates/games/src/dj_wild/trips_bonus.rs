//! The Trips Bonus as a definition: the program counts it with the generic
//! counter (`crate::defined`), 30 ms, as fast as the hand-by-hand fold it replaced, which is now
//! the test's oracle (`tests/oracles`). Its text form is
//! `tests/definitions/dj-wild.trips-bonus.json`; a test holds the two equal.

use std::sync::OnceLock;

use parsheet_define::{Between, Condition, Deal, Definition, Hand, Joker, Outcome, Ranking, Reading, Rules, RulesChange};

/// The hands paid, best first (DJ Wild's order, 687a.12(b)), with their words.
pub(super) const HANDS: [(Hand, &str); 9] = [
    (Hand::FiveWilds, "Five wild cards"),
    (Hand::RoyalFlush, "Royal flush"),
    (Hand::FiveOfAKind, "Five of a kind"),
    (Hand::StraightFlush, "Straight flush"),
    (Hand::FourOfAKind, "Four of a kind"),
    (Hand::FullHouse, "Full house"),
    (Hand::Flush, "Flush"),
    (Hand::Straight, "Straight"),
    (Hand::ThreeOfAKind, "Three of a kind"),
];

/// The definition, built once.
pub(crate) fn definition() -> &'static Definition {
    static DEFINITION: OnceLock<Definition> = OnceLock::new();
    DEFINITION.get_or_init(|| {
        let forms = |hand: Hand, rules: RulesChange| Condition::Forms { hand, ranking: Ranking::Poker, ranks: None, rules };
        let deuces_natural = RulesChange { deuces_wild: Some(false), ..RulesChange::default() };
        let outcomes = HANDS
            .iter()
            .flat_map(|&(hand, words)| {
                [
                    Outcome {
                        id: format!("{}-natural", hand.id()),
                        hand: format!("{words}, natural"),
                        when: Condition::All(vec![forms(hand, RulesChange::default()), Condition::Wilds { count: Between::exactly(0), rules: RulesChange::default() }]),
                    },
                    Outcome { id: format!("{}-with-wild", hand.id()), hand: format!("{words} with a wild card"), when: forms(hand, RulesChange::default()) },
                ]
            })
            .collect();
        // A reading's outcomes are kept sorted by id, as the reader keeps them.
        let natural_when = |extra: &dyn Fn(Hand) -> Condition| {
            let mut by: Vec<(String, Condition)> = HANDS
                .iter()
                .map(|&(hand, _)| (format!("{}-natural", hand.id()), Condition::All(vec![forms(hand, RulesChange::default()), Condition::Jokers(Between::exactly(0)), extra(hand)])))
                .collect();
            by.sort_by(|a, b| a.0.cmp(&b.0));
            by
        };
        let reading = |id: &str, description: &str, outcomes: Vec<(String, Condition)>| Reading { id: id.into(), description: description.into(), rules: RulesChange::default(), outcomes };
        let wager = crate::dj_wild::WAGERS.iter().find(|w| w.id == "trips-bonus").expect("the Trips Bonus");
        let described = |id: &str| wager.variants.iter().find(|v| v.id == id).expect("a reading").description;
        Definition {
            deal: Deal { decks: 1, jokers: 1, cards: 5, rules: Rules { joker: Joker::Wild, deuces_wild: true, ace_low: true } },
            readings: vec![
                reading("no-wild-cards", described("no-wild-cards"), vec![]),
                reading("deuces-played-natural", described("deuces-played-natural"), natural_when(&|hand| forms(hand, deuces_natural))),
                reading("same-value-natural", described("same-value-natural"), natural_when(&|_| Condition::SameValue(deuces_natural))),
            ],
            outcomes,
        }
    })
}
