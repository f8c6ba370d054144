//! Cards, card sets and decks: the vocabulary every other parsheet crate speaks.
//!
//! A card is a bit position in a `u64`, and a set of cards is the `u64` itself. The layout is
//! suit-major: natural card `(rank, suit)` lives at bit `16 * suit + rank`, so the thirteen ranks
//! held in one suit are a single shift and mask away (`(set >> 16 * suit) & 0x1fff`), which is what
//! flush detection wants. The joker, which belongs to no suit, is bit 63. Bits 13–15 of each suit
//! lane are never used.
//!
//! Decks are ordered lists of cards. Enumerators walk the k-subsets of a deck by index arrays or
//! nested loops, never by allocating iterators per subset. Suit isomorphism ([`iso`]) collapses the
//! 24 relabellings of the suits so that an enumerator can visit one representative per class and
//! weight it by the class size. A shoe of several decks ([`shoe`]) holds repeated cards and so is
//! counted by rank compositions rather than by bitmask.
//!
//! This crate does no I/O and knows nothing of hand rankings.

mod card;
mod deck;
pub mod iso;
pub mod shoe;
mod subsets;

pub use card::{cards_in_order, Card, CardSet, ParseCardError, Rank, Suit};
pub use deck::Deck;
pub use subsets::{binomial, Subsets};
