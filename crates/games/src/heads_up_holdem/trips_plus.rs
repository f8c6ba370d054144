//! Trips Plus as a definition (677a.6(b), 677a.12(e)): the best five of the player's two cards
//! and the five community cards, three of a kind or better. The program counts it with the
//! generic counter (`crate::defined`), within 2x of the rank-histogram count it replaced, which
//! is now the test's oracle (`tests/oracles`). Its text form is
//! `tests/definitions/heads-up-holdem.trips-plus.json`; a test holds the two equal.

use std::sync::OnceLock;

use parsheet_define::{Deal, Definition, Rules};

/// The definition, built once.
pub(crate) fn definition() -> &'static Definition {
    static DEFINITION: OnceLock<Definition> = OnceLock::new();
    DEFINITION.get_or_init(|| Definition { deal: Deal { decks: 1, jokers: 0, cards: 7, rules: Rules::default() }, readings: vec![], outcomes: crate::best_five_outcomes() })
}
