//! The setting table: every house way's optimal-player result at once.
//!
//! # What it holds
//!
//! A house way sets every dealer hand of a *dealer class* alike (module essay, "Classes"): the
//! hands of one rank class that cannot flush (67,600 on the full deck, less those that push as
//! an Ace High Pai Gow under the reading), and the hands of one flush pattern (224,653: ranks in
//! the flush suit, other ranks, joker). For every dealer class and each of its distinct legal
//! settings — distinct (high value, low value) pairs with the high at least the low, § 688a.11(c)
//! — the table holds the optimal player's win and lose counts summed over the dealer hands of the
//! class (the push count is the rest of `hands · C(46, 7)`). The full deck has 703,901 settings of
//! rank classes and 3,366,124 of patterns: 4,070,025 rows, two integers each.
//!
//! A house way's optimal-player result is then one lookup per class (its setting's row) and a
//! sum; the dealer's Ace High pushes are a property of the class, not of the way. The house-way
//! player, who sets his own hand by the way, is not in the table: his count needs the way.
//!
//! Since every class may show any of its settings, the best and worst the optimal player can face
//! over all house ways a casino could file (at this granularity) are a minimum and a maximum of
//! `win − lose` per class ([`SettingTable::bounds`]).
//!
//! # How it is counted
//!
//! With the engine of the one-way solve ([`super::engine`]), asked at every legal setting instead
//! of one way's: each rank class's whole count at each of its settings, each pattern's count at
//! each of its settings and at each of its rank class's (to take the pattern's hands off the
//! class's whole count), one channel pair (optimal win, optimal not-lose). The engine's costs
//! scale with the questions asked, not with the settings' product with the player's hands:
//!
//! | part | one way (both policies) | table (optimal only) |
//! |---|---:|---:|
//! | Möbius terms: queries Σ_J Σ_{R ≥ J} (settings asked of R) | ~10 M | ~200 M |
//! | same-suit groups: grid cells | small | ~3 G |
//! | other-suit sweep: queries × off-suit groups | ~0.5 M × 200 | ~3.6 M × 200 |
//!
//! Measured one way: about 34 CPU-s on the 2-core machine (Möbius 9, same suit 8, other suits 12,
//! the rest tables and house way). Estimate for the table: Möbius about 3 times (its queries
//! dominate once 30-100 canonical settings are asked per rank class), same suit about 2 times
//! (grids over 16 times the queries), other suits about 4 times (7 times the queries, half the
//! channels): about 110-130 CPU-s, under 4 times one way (the issue asks at most 5), peak memory
//! about 0.5 GB (4 million rows of atomic sums and the tally).
//!
//! The table is a [`Tally`] (part `table`: win and lose per row, in class order, then each
//! class's settings by value) counted through [`parsheet_shard::counted`] under a [`Key`] naming
//! the deck and the Ace High reading, so it is computed once and cached; its units are the
//! engine's, so it shards like the one-way solve.
