//! Hand rankings for the games parsheet analyses, fast enough to rank every hand of an
//! enumeration.
//!
//! The design is two lookups per hand. Each card has a precomputed [`HandKey`]; a hand's key is
//! the sum of its cards' keys, so an enumerator that adds one card per loop level pays one
//! addition per hand. From the key, [`Evaluator::rank_key`] reads either a flush table (indexed
//! by the flush suit's rank mask) or a rank table (indexed by a perfect hash of the rank
//! multiset) and returns a dense [`HandRank`].
//!
//! The tables are not committed: they are generated on first use (tens of milliseconds) from one
//! five-card valuation (`five`), by a dynamic programme that values a larger hand as its best
//! five-card subset. Wild cards ride along in the key as a count, and the tables are indexed by
//! that count too, so deuces-and-joker wild and the semi-wild joker use the same machinery as
//! standard poker. Table generation asserts the 7,462 distinct five-card classes of standard
//! poker.
//!
//! Game-specific orderings that are not "best five cards" live in their own modules:
//! [`hcf`] (High Card Flush: longest flush, longest straight flush), [`paigow`] (the two-card
//! low hand, legal splits, the seven-card bonus lines) and [`dj`] (hands reached without wild
//! cards). [`frequencies`] counts every hand of a deck by category.
//!
//! Nothing here does I/O or knows about paytables.

mod category;
pub mod dj;
mod evaluator;
mod five;
pub mod frequencies;
pub mod hcf;
pub mod paigow;
mod tables;

pub use category::Category;
pub use evaluator::{EvalError, Evaluator, HandKey, HandRank, Ranking};
