//! The Progressive as a definition: the program counts it with the generic counter
//! (`crate::defined`), faster than the fold over every hand it replaced, which is now the test's
//! oracle (`tests/oracles`). Its text form is `tests/definitions/dj-wild.progressive.json`; a
//! test holds the two equal.

use std::sync::OnceLock;

use parsheet_define::{Condition, Deal, Definition, Hand, Joker, Outcome, Ranking, Reading, Rules, RulesChange};

/// The definition, built once.
pub(crate) fn definition() -> &'static Definition {
    static DEFINITION: OnceLock<Definition> = OnceLock::new();
    DEFINITION.get_or_init(|| {
        let forms = |hand: Hand| Condition::Forms { hand, ranking: Ranking::Poker, ranks: None, rules: RulesChange::default() };
        let without_five = |hand: Hand| Condition::All(vec![forms(hand), Condition::Not(Box::new(forms(Hand::FiveOfAKind)))]);
        // The Trips Bonus's hands but the two with no eligible line here (687a.6(c), (d)).
        let paid = super::trips_bonus::HANDS.iter().filter(|(hand, _)| !matches!(hand, Hand::FiveWilds | Hand::FiveOfAKind));
        let outcomes = paid.map(|&(hand, words)| Outcome { id: hand.id().into(), hand: words.into(), when: forms(hand) }).collect();
        let wager = crate::dj_wild::WAGERS.iter().find(|w| w.id == "progressive").expect("the Progressive");
        let described = |id: &str| wager.variants.iter().find(|v| v.id == id).expect("a reading").description.to_string();
        // A reading's outcomes are kept sorted by id, as the reader keeps them.
        let reading = |id: &str, rules: RulesChange, mut outcomes: Vec<(String, Condition)>| {
            outcomes.sort_by(|a, b| a.0.cmp(&b.0));
            Reading { id: id.into(), description: described(id), rules, outcomes }
        };
        let below_five = [Hand::StraightFlush, Hand::FourOfAKind, Hand::FullHouse, Hand::Flush, Hand::Straight, Hand::ThreeOfAKind];
        Definition {
            deal: Deal { decks: 1, jokers: 0, cards: 5, rules: Rules { joker: Joker::Wild, deuces_wild: true, ace_low: true } },
            readings: vec![
                reading("best-eligible-hand", RulesChange::default(), vec![]),
                reading("as-four-of-a-kind", RulesChange::default(), vec![("straight-flush".into(), without_five(Hand::StraightFlush))]),
                reading("as-straight-flush", RulesChange::default(), vec![("straight-flush".into(), Condition::Any(vec![forms(Hand::StraightFlush), forms(Hand::FiveOfAKind)]))]),
                reading("not-paid", RulesChange::default(), below_five.iter().map(|&h| (h.id().to_string(), without_five(h))).collect()),
                reading("no-wild-cards", RulesChange { deuces_wild: Some(false), ..RulesChange::default() }, vec![]),
            ],
            outcomes,
        }
    })
}
