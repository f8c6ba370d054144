//! High Card Flush (chapter 678a, rulemaking 125-192).
//!
//! - The main game, the wager `base` (§ 678a.6, 678a.11(b)-(d), 678a.12(a)): [`main_game`],
//!   Ante with Raise or fold, per suit class of the player's seven cards.
//! - Flush Bonus (§ 678a.12(b)), Straight Flush Bonus (§ 678a.12(c)) and the Progressive
//!   (§ 678a.12(d)): the player's seven cards, by closed composition counts and suit classes.

pub mod main_game;
pub mod plan;

use parsheet_cards::{Card, CardSet, Rank, Suit};
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
        count: crate::Counter::Builtin(flush_bonus),
    },
    Wager {
        game: "high-card-flush",
        id: "straight-flush-bonus",
        title: "Straight Flush Bonus Wager",
        rules: "678a.6(d), 678a.7(d)(3), 678a.12(c)",
        deal: "the player's seven cards, 7 of 52",
        outcomes: &["7-card-straight-flush", "6-card-straight-flush", "5-card-straight-flush", "4-card-straight-flush", "3-card-straight-flush"],
        variants: STRAIGHT_FLUSH_ACES,
        count: crate::Counter::Builtin(straight_flush_bonus),
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
        count: crate::Counter::Builtin(straight_flush_bonus),
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
    // The longest straight flush is the longest run among the four suits' rank sets, so the
    // hands whose every run is at most v number Σ over the suits' sizes (k1 + … + k4 = 7) of
    // Π at_most[k_s][v], where at_most[k][v] counts the k-rank sets of one suit whose longest
    // run is at most v (8,192 sets, instead of a walk over the hands).
    let mut at_most = [[0u64; 8]; 8];
    for m in 0u16..1 << 13 {
        let k = m.count_ones() as usize;
        if k > 7 {
            continue;
        }
        let lane = CardSet::from_cards((0..13u8).filter(|&r| m >> r & 1 == 1).map(|r| Card::new(Rank(r), Suit(0))));
        let run = hcf::longest_straight_flush_with(lane, ace) as usize;
        for row in &mut at_most[k][run..] {
            *row += 1;
        }
    }
    let hands_at_most = |v: usize| -> u64 {
        let mut n = 0;
        for a in 0..=7 {
            for b in 0..=7 - a {
                for c in 0..=7 - a - b {
                    let d = 7 - a - b - c;
                    n += at_most[a][v] * at_most[b][v] * at_most[c][v] * at_most[d][v];
                }
            }
        }
        n
    };
    let mut by_len = [0u64; 8];
    for (v, n) in by_len.iter_mut().enumerate() {
        *n = hands_at_most(v) - if v == 0 { 0 } else { hands_at_most(v - 1) };
    }
    let total = hands_at_most(7);
    assert_eq!(total, parsheet_cards::binomial(52, 7), "every seven-card hand counted once");
    let names = ["3-card-straight-flush", "4-card-straight-flush", "5-card-straight-flush", "6-card-straight-flush", "7-card-straight-flush"];
    with_other(total, (3..=7).rev().map(|l| (names[l - 3], by_len[l])).collect())
}
