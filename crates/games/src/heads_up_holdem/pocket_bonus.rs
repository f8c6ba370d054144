//! The Pocket Bonus as a definition: the program counts it with the generic counter
//! (`crate::defined`), within 2x of the two-card loop it replaced, which is now the test's
//! oracle (`tests/oracles`). Its text form is `tests/definitions/heads-up-holdem.pocket-bonus.json`;
//! a test holds the two equal.

use std::sync::OnceLock;

use parsheet_define::{Between, Condition, Deal, Definition, Hand, Outcome, Ranking, Rules, RulesChange, SuitGroup};

/// The definition, built once.
pub(crate) fn definition() -> &'static Definition {
    static DEFINITION: OnceLock<Definition> = OnceLock::new();
    DEFINITION.get_or_init(|| {
        const PAIRS: [&str; 13] = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"];
        let outcome = |id: String, hand: String, when: Condition| Outcome { id, hand, when };
        let pairs = (0..13u8).rev().map(|r| {
            let name = PAIRS[r as usize];
            let when = Condition::Forms { hand: Hand::Pair, ranking: Ranking::Poker, ranks: Some(Between::exactly(r as u32)), rules: RulesChange::default() };
            outcome(format!("pair-of-{name}"), format!("Pair of {name}"), when)
        });
        let (ace, kickers) = (12u8, [(11u8, "king"), (10, "queen"), (9, "jack")]);
        let suited = kickers.iter().map(|&(k, name)| outcome(format!("ace-{name}-suited"), format!("Ace-{name} suited"), Condition::Suited(vec![SuitGroup { ranks: vec![ace, k], filled: false }])));
        let offsuit = kickers.iter().map(|&(k, name)| outcome(format!("ace-{name}-offsuit"), format!("Ace-{name} offsuit"), Condition::Holds(vec![ace, k])));
        Definition { deal: Deal { decks: 1, jokers: 0, cards: 2, rules: Rules::default() }, readings: vec![], outcomes: pairs.chain(suited).chain(offsuit).collect() }
    })
}
