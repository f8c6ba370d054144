//! An independent count of Face Up Pai Gow's Fortune Bonus, written from the rule text alone
//! (58 Pa. Code 688a.6 and 688a.12(c)) without reading parsheet's implementation.
//!
//! The deal: the player's seven cards from 52 cards and one joker, all C(53,7) = 154,143,080 sets.
//! The joker (688a.6(a)) "shall be used and ranked as an ace or may be used as any card to complete
//! a straight, a flush, a straight flush or a royal flush": one role per hand, never both.
//! An ace plays high, or low only in A-2-3-4-5 (no wrap-around such as Q-K-A-2-3); a seven-card
//! straight flush may therefore run A-2-3-4-5-6-7.
//!
//! Outcomes, best first (688a.6(e), 688a.6(b), 688a.12(c)): 7-card straight flush (no joker),
//! royal flush + royal match (a royal, with or without the joker, plus a king and queen of one
//! other suit), 7-card straight flush with joker, five aces, royal flush, straight flush, four of a
//! kind, full house, flush, then straight and three of a kind in the order of the reading, then
//! three pair. Readings:
//! - `straight-over-trips`: 688a.6(b) order, a straight ranks above three of a kind;
//! - `trips-over-straight`: the paytables' order, three of a kind above a straight.
//!
//! The count walks every seven-card set with per-suit rank masks and a 8,192-entry table of
//! straight windows; about 10 s optimized on one core.

use std::sync::OnceLock;

const IDS: [&str; 13] = [
    "7-card-straight-flush",
    "royal-flush-plus-royal-match",
    "7-card-straight-flush-with-joker",
    "five-aces",
    "royal-flush",
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush",
    "straight",
    "three-of-a-kind",
    "three-pair",
    "none",
];
const SF7: usize = 0;
const RFRM: usize = 1;
const SF7J: usize = 2;
const FIVE_ACES: usize = 3;
const ROYAL: usize = 4;
const SF: usize = 5;
const QUADS: usize = 6;
const FULL: usize = 7;
const FLUSH: usize = 8;
const STRAIGHT: usize = 9;
const TRIPS: usize = 10;
const THREE_PAIR: usize = 11;
const NONE: usize = 12;

const READINGS: [&str; 2] = ["straight-over-trips", "trips-over-straight"];

// Rank bits: bit 0 = deuce ... bit 12 = ace.
const ACE: u16 = 1 << 12;
const KQ: u16 = (1 << 11) | (1 << 10);
const ROYAL_BITS: u16 = 0b1_1111 << 8; // 10, J, Q, K, A

// Table bits for a 13-bit rank mask.
const S5: u8 = 1; // five consecutive ranks (ace high, or ace low in A-5)
const S4: u8 = 2; // four of some five-rank window: the joker completes a straight
const W7: u8 = 4; // seven consecutive ranks
const W6: u8 = 8; // six of some seven-rank window: the joker completes seven in a row
const R5: u8 = 16; // A-K-Q-J-10
const R4: u8 = 32; // four of A-K-Q-J-10: the joker completes the royal

fn table() -> Vec<u8> {
    (0u32..1 << 13)
        .map(|m| {
            // 14-bit mask: bit 0 = ace low, bit r+1 = rank r.
            let ext = (m << 1) | ((m >> 12) & 1);
            let mut t = 0u8;
            for s in 0..=9 {
                let c = (ext >> s & 0x1f).count_ones();
                if c == 5 {
                    t |= S5;
                }
                if c >= 4 {
                    t |= S4;
                }
            }
            for s in 0..=7 {
                let c = (ext >> s & 0x7f).count_ones();
                if c == 7 {
                    t |= W7;
                }
                if c >= 6 {
                    t |= W6;
                }
            }
            let r = (m as u16 & ROYAL_BITS).count_ones();
            if r == 5 {
                t |= R5;
            }
            if r >= 4 {
                t |= R4;
            }
            t
        })
        .collect()
}

/// The best Fortune Bonus outcome of the natural cards `m` (rank masks by suit) plus the joker if
/// `joker`, under each reading: (straight-over-trips, trips-over-straight).
#[inline(always)]
fn classify(m: [u16; 4], joker: bool, t: &[u8]) -> (usize, usize) {
    let [a, b, c, d] = m;
    let u = a | b | c | d;
    let p2 = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    let p3 = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
    let p4 = a & b & c & d;
    let ts = [t[a as usize], t[b as usize], t[c as usize], t[d as usize]];
    let mut best = NONE;
    if !joker {
        for s in 0..4 {
            let n = m[s].count_ones();
            if n == 7 && ts[s] & W7 != 0 {
                return (SF7, SF7);
            }
            if ts[s] & R5 != 0 {
                let matched = (0..4).any(|o| o != s && m[o] & KQ == KQ);
                best = best.min(if matched { RFRM } else { ROYAL });
            } else if ts[s] & S5 != 0 {
                best = best.min(SF);
            } else if n >= 5 {
                best = best.min(FLUSH);
            }
        }
        if best <= SF {
            return (best, best);
        }
        if p4 != 0 {
            return (QUADS, QUADS);
        }
        if p3 != 0 && p2.count_ones() >= 2 {
            return (FULL, FULL);
        }
        if best == FLUSH {
            return (FLUSH, FLUSH);
        }
        let straight = t[u as usize] & S5 != 0;
        let trips = p3 != 0;
        return rest(straight, trips, p2.count_ones() >= 3);
    }
    // Six natural cards and the joker.
    for s in 0..4 {
        let n = m[s].count_ones();
        if n == 6 && ts[s] & W6 != 0 {
            best = best.min(SF7J);
        }
        if ts[s] & R4 != 0 {
            let matched = (0..4).any(|o| o != s && m[o] & KQ == KQ);
            best = best.min(if matched { RFRM } else { ROYAL });
        } else if ts[s] & S4 != 0 {
            best = best.min(SF);
        } else if n >= 4 {
            best = best.min(FLUSH);
        }
    }
    // The joker as an ace: one more ace.
    let aces = (u & ACE != 0) as u32 + (p2 & ACE != 0) as u32 + (p3 & ACE != 0) as u32 + (p4 & ACE != 0) as u32;
    if aces == 4 {
        best = best.min(FIVE_ACES);
    }
    if best <= SF {
        return (best, best);
    }
    let e2 = p2 | if aces >= 1 { ACE } else { 0 };
    let e3 = p3 | if aces >= 2 { ACE } else { 0 };
    let e4 = p4 | if aces >= 3 { ACE } else { 0 };
    if e4 != 0 {
        return (QUADS, QUADS);
    }
    if e3 != 0 && e2.count_ones() >= 2 {
        return (FULL, FULL);
    }
    if best == FLUSH {
        return (FLUSH, FLUSH);
    }
    let straight = t[u as usize] & S4 != 0;
    rest(straight, e3 != 0, e2.count_ones() >= 3)
}

#[inline(always)]
fn rest(straight: bool, trips: bool, three_pair: bool) -> (usize, usize) {
    let low = if three_pair { THREE_PAIR } else { NONE };
    let sot = if straight { STRAIGHT } else if trips { TRIPS } else { low };
    let tos = if trips { TRIPS } else if straight { STRAIGHT } else { low };
    (sot, tos)
}

type Counts = [[u64; 13]; 2];

fn walk(start: usize, left: usize, m: [u16; 4], joker: bool, t: &[u8], acc: &mut Counts) {
    if left == 0 {
        let (x, y) = classify(m, joker, t);
        acc[0][x] += 1;
        acc[1][y] += 1;
        return;
    }
    for card in start..=52 - left {
        let mut n = m;
        n[card / 13] |= 1 << (card % 13);
        walk(card + 1, left - 1, n, joker, t, acc);
    }
}

fn counts() -> &'static Counts {
    static COUNTS: OnceLock<Counts> = OnceLock::new();
    COUNTS.get_or_init(|| {
        let t = table();
        let mut acc = [[0u64; 13]; 2];
        walk(0, 7, [0; 4], false, &t, &mut acc);
        walk(0, 6, [0; 4], true, &t, &mut acc);
        acc
    })
}

fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn every_hand_is_counted_once() {
    let c = counts();
    for r in 0..2 {
        assert_eq!(c[r].iter().sum::<u64>(), choose(53, 7));
    }
    for r in 0..2 {
        eprintln!("{}:", READINGS[r]);
        for (i, id) in IDS.iter().enumerate() {
            eprintln!("  {id:34} {}", c[r][i]);
        }
    }
    // Only straight / three of a kind move between the readings.
    for i in 0..13 {
        if i != STRAIGHT && i != TRIPS {
            assert_eq!(c[0][i], c[1][i], "{}", IDS[i]);
        }
    }
    assert_eq!(c[0][STRAIGHT] + c[0][TRIPS], c[1][STRAIGHT] + c[1][TRIPS]);
    assert!(c[0][STRAIGHT] > c[1][STRAIGHT]);
}

/// The top hands in closed form.
#[test]
fn top_hands_in_closed_form() {
    let c = counts()[0];
    // 7-card straight flush: 8 runs (A-7, 2-8, ..., 8-A) in each of 4 suits.
    assert_eq!(c[SF7], 8 * 4);
    // Royal + royal match: royal suit (4) x match suit (3), naturally (exactly seven cards);
    // with the joker as any one of the five royal cards: 5 x 4 x 3.
    assert_eq!(c[RFRM], 4 * 3 + 5 * 4 * 3);
    // 7-card straight flush with joker: per suit, six natural cards of one suit inside a 7-run:
    // 8 runs x 7 missing places = 56, less the sets counted twice: six in a row lying in two runs
    // (2-7 ... 8-K: 7 of them; A-6 and 9-A lie in one run each) -> 49 per suit.
    assert_eq!(c[SF7J], 49 * 4);
    // Five aces: four aces, the joker and any two of the other 48 cards.
    assert_eq!(c[FIVE_ACES], choose(48, 2));
}

/// Three pair in closed form (688a.6(b)(9)), the joker playing as an ace (688a.6(a)).
///
/// A seven-card three pair holds three pairs and no three of a kind. It is never beaten by a
/// straight or flush when all three pairs are natural: three ranks plus one card make at most
/// four ranks (no straight, even with a joker) and at most four cards of a suit (no flush, even
/// with a joker). It is beaten only when the joker pairs a natural ace, leaving four natural ranks.
///
/// (N) No joker: three pair ranks of 13, suits C(4,2)^3, seventh card of another rank:
///     C(13,3) * 6^3 * (10 * 4) = 286 * 216 * 40 = 2,471,040.
/// (J1) Joker + three natural pairs, none of them aces (aces + joker would be three aces: a full
///     house): C(12,3) * 6^3 = 220 * 216 = 47,520. The joker is the ace kicker.
/// (J2) Joker + one natural ace (the joker pairs it) + two natural non-ace pairs p, q + one card x
///     of another rank (not A, p, q): C(12,2) * 6^2 * 4 * (10 * 4) = 66 * 36 * 4 * 40 = 380,160
///     raw, less those with a better hand using the joker as a filler instead:
///     - straight: the ace must be in it (without the ace only three natural ranks remain), so
///       the window is A-2-3-4-5 or 10-J-Q-K-A with p, q, x three of its four non-ace ranks:
///       2 windows * C(4,2) pair choices * 2 choices of x = 24 rank sets, each with all
///       36 * 4 * 4 = 576 suit assignments: 13,824;
///     - flush: the ace's suit s also among p's two suits (3 of 6 suit pairs), q's (3 of 6) and
///       x's (1 of 4); no other suit can reach four natural cards. Per rank set 4 * 3 * 3 * 1 = 36
///       of the 576 assignments: 66 * 10 * 36 = 23,760;
///     - both (straight flush, or flush and straight; subtracted twice): 24 rank sets * 36 = 864.
///     J2 = 380,160 - 13,824 - 23,760 + 864 = 343,440.
/// Three pair = 2,471,040 + 47,520 + 343,440 = 2,862,000 under both readings.
#[test]
fn three_pair_in_closed_form() {
    let n = choose(13, 3) * 6u64.pow(3) * 10 * 4;
    let j1 = choose(12, 3) * 6u64.pow(3);
    let j2_raw = choose(12, 2) * 6u64.pow(2) * 4 * 10 * 4;
    // A-2-3-4-5 and 10-J-Q-K-A, each: which two of its four non-ace ranks pair, which one is x.
    let straight_rank_sets = 2 * choose(4, 2) * 2;
    let straight = straight_rank_sets * 36 * 4 * 4;
    let flush = choose(12, 2) * 10 * (4 * 3 * 3);
    let both = straight_rank_sets * (4 * 3 * 3);
    let j2 = j2_raw - straight - flush + both;
    assert_eq!((n, j1, j2_raw, straight, flush, both, j2), (2_471_040, 47_520, 380_160, 13_824, 23_760, 864, 343_440));
    let closed = n + j1 + j2;
    assert_eq!(closed, 2_862_000);
    let c = counts();
    assert_eq!(c[0][THREE_PAIR], closed, "enumerated three pair (straight-over-trips)");
    assert_eq!(c[1][THREE_PAIR], closed, "enumerated three pair (trips-over-straight)");
}

fn parse(text: &str) -> ([u16; 4], bool) {
    let mut m = [0u16; 4];
    let mut joker = false;
    for card in text.split_whitespace() {
        if card == "Jk" {
            joker = true;
            continue;
        }
        let b = card.as_bytes();
        let rank = "23456789TJQKA".find(b[0] as char).expect("rank");
        let suit = "cdhs".find(b[1] as char).expect("suit");
        m[suit] |= 1 << rank;
    }
    (m, joker)
}

/// This classifier against the hand-written Fortune cases of the rule audit.
#[test]
fn classifier_agrees_with_the_audit_cases() {
    let t = table();
    let mut bad = Vec::new();
    let mut n = 0;
    for line in include_str!("../../sim/tests/audit/cases.tsv").lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 6 || f[0] != "face-up-pai-gow" || f[1] != "fortune-bonus" {
            continue;
        }
        let (m, joker) = parse(f[3]);
        let (sot, tos) = classify(m, joker, &t);
        for (r, got) in [("straight-over-trips", sot), ("trips-over-straight", tos)] {
            if f[2] == "*" || f[2] == r {
                n += 1;
                if IDS[got] != f[4] {
                    bad.push(format!("{r}: [{}] expected {} got {}", f[3], f[4], IDS[got]));
                }
            }
        }
    }
    assert!(n > 50);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// parsheet's exact count of the Fortune Bonus against this one, outcome by outcome.
#[test]
fn parsheet_counts_match() {
    let c = counts();
    let mut bad = Vec::new();
    match parsheet_games::find("face-up-pai-gow", "fortune-bonus") {
        Err(e) => bad.push(format!("find: {e}")),
        Ok(wager) => {
            for (r, reading) in READINGS.iter().enumerate() {
                let oc = match wager.count(Some(reading)) {
                    Ok(oc) => oc,
                    Err(e) => {
                        bad.push(format!("{reading}: count: {e}"));
                        continue;
                    }
                };
                if oc.cycle() != choose(53, 7) as u128 {
                    bad.push(format!("{reading}: cycle {} != {}", oc.cycle(), choose(53, 7)));
                }
                for (i, id) in IDS.iter().enumerate().take(NONE) {
                    let theirs = oc.get(id);
                    if theirs != Some(c[r][i] as u128) {
                        bad.push(format!("{reading}: {id}: parsheet {:?}, rule text {}", theirs, c[r][i]));
                    }
                }
                // The hands that pay nothing are parsheet's `other`.
                if oc.get(parsheet_games::OTHER) != Some(c[r][NONE] as u128) {
                    bad.push(format!("{reading}: no paying hand: parsheet {:?}, rule text {}", oc.get(parsheet_games::OTHER), c[r][NONE]));
                }
                for (id, _) in oc.rows() {
                    if id != parsheet_games::OTHER && !IDS.contains(&id.as_str()) {
                        bad.push(format!("{reading}: parsheet outcome '{id}' is not a Fortune hand"));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "{} differences:\n{}", bad.len(), bad.join("\n"));
}
