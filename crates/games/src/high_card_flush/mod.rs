//! High Card Flush (chapter 678a, rulemaking 125-192).
//!
//! - The main game, the wager `base` (§ 678a.6, 678a.11(b)-(d), 678a.12(a)): [`main_game`],
//!   Ante with Raise or fold, per suit class of the player's seven cards.
//! - Flush Bonus (§ 678a.12(b)), Straight Flush Bonus (§ 678a.12(c)) and the Progressive
//!   (§ 678a.12(d)): the player's seven cards, by closed composition counts and suit classes.

pub mod main_game;
pub mod plan;

use parsheet_cards::iso;
use parsheet_eval::frequencies::{self, Table};
use parsheet_eval::hcf;

use crate::{with_other, OutcomeCounts, Variant, Wager};

/// The wagers of this chapter counted over every deal (the main game is `crate::strategy`'s).
pub(crate) static WAGERS: &[Wager] = &[
    Wager {
        game: "high-card-flush",
        id: "flush-bonus",
        title: "Flush Bonus Wager",
        rules: "678a.6(b), 678a.7(d)(2), 678a.12(b)",
        deal: "the player's seven cards, 7 of 52",
        outcomes: &["7-card-flush", "6-card-flush", "5-card-flush", "4-card-flush"],
        variants: &[],
        count: flush_bonus,
    },
    Wager {
        game: "high-card-flush",
        id: "straight-flush-bonus",
        title: "Straight Flush Bonus Wager",
        rules: "678a.6(d), 678a.7(d)(3), 678a.12(c)",
        deal: "the player's seven cards, 7 of 52",
        outcomes: &["7-card-straight-flush", "6-card-straight-flush", "5-card-straight-flush", "4-card-straight-flush", "3-card-straight-flush"],
        variants: STRAIGHT_FLUSH_ACES,
        count: straight_flush_bonus,
    },
    Wager {
        game: "high-card-flush",
        id: "progressive",
        title: "Progressive Jackpot Wager",
        rules: "678a.6(d), 678a.7(d)(4), 678a.11(e)(3), 678a.12(d)",
        deal: "the player's seven cards, 7 of 52; paid for the longest straight flush only (678a.12(d)(2))",
        outcomes: &["7-card-straight-flush", "6-card-straight-flush", "5-card-straight-flush", "4-card-straight-flush", "3-card-straight-flush"],
        variants: STRAIGHT_FLUSH_ACES,
        // The same hands as the Straight Flush Bonus: the longest straight flush of seven cards.
        count: straight_flush_bonus,
    },
];

/// The two ace readings of High Card Flush straight flushes (Straight Flush Bonus, Progressive).
const STRAIGHT_FLUSH_ACES: &[Variant] = &[
    Variant { id: "ace-high-or-low", description: "the ace plays high (Q-K-A) or low (A-2-3) in a straight flush" },
    Variant { id: "ace-high-only", description: "the ace plays only high, as 678a.6(a) ranks it; 678a.6(d) never lets it play low" },
];

fn flush_bonus(_: &str) -> OutcomeCounts {
    let f = frequencies::count(Table::HighCardFlush, 7, &|_| {});
    let rows = (4..=7).rev().map(|len| {
        let name = ["4-card-flush", "5-card-flush", "6-card-flush", "7-card-flush"][len - 4];
        (name, f.rows.iter().find(|r| r.0 == name).map_or(0, |r| r.1))
    });
    with_other(f.total, rows.collect())
}

fn straight_flush_bonus(variant: &str) -> OutcomeCounts {
    let ace = match variant {
        "ace-high-or-low" => hcf::AceInStraights::HighOrLow,
        "ace-high-only" => hcf::AceInStraights::HighOnly,
        other => unreachable!("variant {other}"),
    };
    // Straight-flush length is invariant under relabelling suits: one hand per class, weighted.
    let mut by_len = [0u64; 8];
    let mut total = 0;
    iso::for_each_class(7, false, |hand, weight| {
        by_len[hcf::longest_straight_flush_with(hand, ace) as usize] += weight;
        total += weight;
    });
    let names = ["3-card-straight-flush", "4-card-straight-flush", "5-card-straight-flush", "6-card-straight-flush", "7-card-straight-flush"];
    with_other(total, (3..=7).rev().map(|l| (names[l - 3], by_len[l])).collect())
}
