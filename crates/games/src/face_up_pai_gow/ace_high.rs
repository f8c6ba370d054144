//! Face Up Pai Gow Poker's Ace High Bonus Wager (58 Pa. Code §§ 688a.6(d), 688a.7(e)(1),
//! 688a.11(h)(1), 688a.12(b)), counted exactly over every pair of disjoint seven-card hands.
//!
//! # The rule
//!
//! The wager wins when the dealer's seven cards are an "Ace High Pai Gow" (§ 688a.6(d)), defined
//! in § 688a.1 as seven cards that are "a rank of Ace high". Its paytables (§ 688a.12(b)) pay
//! more when the bettor holds one too: "Both dealer and player have ace high", then "Only dealer
//! has ace high, with joker", then "Only dealer has ace high, no joker". The deck is 52 cards and
//! a joker (§ 688a.3); the joker "shall be used and ranked as an ace or may be used as any card to
//! complete a straight, a flush, a straight flush or a royal flush" (§ 688a.6(a)).
//!
//! # Readings
//!
//! A hand's "rank" is its place in § 688a.6(b): a hand of rank "ace high" holds none of the
//! ranked hands (no pair, no straight, no flush) and its highest card is an ace. With the joker:
//! it completes a straight (four of the five ranks of some straight, the wheel A-2-3-4-5 and
//! A-K-Q-J-10 included) or a flush (four cards of one suit) and otherwise counts as an ace. So an
//! ace with the joker is a pair of aces, never ace high; the joker without an ace, with six
//! distinct other ranks that make no straight or flush with it, is ace high "with joker". Those
//! are the only ace-high hands with a joker, and the only ones the "with joker" line can mean.
//!
//! The text leaves two things open, each a [`Variant`] here:
//!
//! * `both-first` (the default): any dealer ace high (with or without the joker) together with the
//!   bettor's own ace high is "both"; the two "only dealer" lines are for a dealer's ace high when
//!   the bettor's hand is not one. `joker-line-first` instead pays the dealer's ace high with the
//!   joker on the "with joker" line whatever the bettor holds, so that "both" needs the dealer's
//!   ace high without the joker. (The bettor can never hold the joker when the dealer does.)
//! * `straights-and-flushes-ignored`: "a rank of Ace high" read as a statement about the cards'
//!   ranks only: no pair (the joker pairs an ace) and an ace (or the joker) on top, whatever
//!   straights or flushes the seven cards hold. The "both" line is read as in `both-first`.
//!
//! # Counting
//!
//! Ace-high hands hold distinct ranks, so a hand is a *rank set* (seven ranks with the ace, or
//! six non-ace ranks and the joker) and a *suit* for each rank. Whether the hand is a straight is
//! a property of its rank set alone; whether it is a flush is a property of its suit sequence
//! alone (five of one suit, or four with the joker). For one dealer rank set `D` and one player
//! rank set `P` the hands are disjoint exactly when, on each of the `k = |D ∩ P|` shared ranks,
//! they hold different suits (the joker is in at most one of them). Relabelling ranks does not
//! change the count of suit sequences, so the number of (dealer, player) suit sequence pairs with
//! neither a flush is a function `W(n_d, n_p, k)` of the two hands' numbers of natural cards
//! (7, or 6 with the joker) and of the overlap only. Then
//!
//! `both = Σ over pairs of valid rank sets (D, P) of W(n_d, n_p, |D ∩ P|)`
//!
//! which on the full deck is 1,405,271 pairs of rank sets (833 without the joker and 427 with it
//! for each hand, less the pairs that would need two jokers).
//! `W` is computed by enumerating every dealer suit sequence (4^7), and for the player, every suit
//! sequence (4^7) that avoids the dealer's suit on each shared rank; the player's count depends
//! only on how many shared ranks the dealer holds in each suit, up to relabelling the suits, so it
//! is computed once per such pattern. Single-hand counts are (number of valid rank sets) × (suit
//! sequences without a flush). Every step is an integer count of a finite set: nothing is
//! sampled or approximated, and the sums are checked against the number of deals
//! (C(53,7) × C(46,7) on the full deck).
//!
//! # Against the published figures
//!
//! Under `both-first` the paybacks of Paytables 1-5 are 96.410229%, 95.209464%, 94.149792%,
//! 93.124684% and 92.623072%; the preamble's 96.425%, 95.233%, 94.169%, 93.141% and 92.647% are
//! 0.015 to 0.024 points higher. The other two readings are far off (`joker-line-first` 95.39% for
//! Paytable 1; `straights-and-flushes-ignored` pays back more than 130%). No reading of the "both"
//! line can close the gap: the five published figures agree with their rounding only if the dealer
//! is ace high some 1,330 to 1,510 hands in 154,143,080 more often than the exact 14,430,780, a
//! single-hand count no "both" reading changes. They look like the output of a simulation.
//!
//! The counter takes any [`AceHighDeck`] (a subset of the ranks, 1 to 4 suits, with or without the
//! joker, any hand size) so that tests can compare it with a brute force over every pair of
//! disjoint hands of a small deck.

use std::collections::HashMap;

use parsheet_cards::binomial;
use parsheet_shard::{Shard, Tally};

use crate::{OutcomeCounts, Variant, OTHER};

const ACE: u32 = 12;
/// Cards of one suit (or four plus the joker) that make a flush.
const FLUSH: u32 = 5;
/// Cards of consecutive ranks that make a straight.
const STRAIGHT: u32 = 5;

pub(crate) const OUTCOMES: &[&str] =
    &["both-dealer-and-player-have-ace-high", "only-dealer-has-ace-high-with-joker", "only-dealer-has-ace-high-no-joker"];

pub(crate) const VARIANTS: &[Variant] = &[
    Variant {
        id: "both-first",
        description: "ace high: no pair, straight or flush and an ace (or the joker) on top; the dealer's ace high with or without the joker plus the bettor's ace high pays \"both\"",
    },
    Variant {
        id: "joker-line-first",
        description: "ace high as in both-first, but the dealer's ace high with the joker always pays the \"with joker\" line; \"both\" needs the dealer's ace high without the joker",
    },
    Variant {
        id: "straights-and-flushes-ignored",
        description: "ace high: no pair (ace and joker pair) and an ace or the joker on top, straights and flushes in the seven cards notwithstanding; \"both\" as in both-first",
    },
];

/// Which seven-card hands are "ace high".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// No pair, no straight, no flush (the joker completes both) and an ace or the joker on top.
    NoPairStraightOrFlush,
    /// No pair and an ace or the joker on top; straights and flushes do not matter.
    NoPair,
}

/// A deck for the count: the natural cards of the ranks in `ranks` (bit `r` for rank `r`, 0 = deuce
/// … 12 = ace) in `suits` suits, and the joker when `joker`. Straights are the real ones (five
/// consecutive ranks, A-2-3-4-5 included), whichever ranks the deck holds; the joker may stand for
/// any card. The dealer and the player each get `hand` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AceHighDeck {
    pub ranks: u16,
    pub suits: u32,
    pub joker: bool,
    pub hand: u32,
}

impl AceHighDeck {
    /// Face Up Pai Gow Poker: 52 cards and the joker, seven cards each.
    pub const FACE_UP_PAI_GOW: AceHighDeck = AceHighDeck { ranks: 0x1fff, suits: 4, joker: true, hand: 7 };

    /// Cards in the deck.
    pub fn len(&self) -> u64 {
        (self.ranks.count_ones() * self.suits + self.joker as u32) as u64
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ordered (dealer hand, player hand) pairs of disjoint hands.
    pub fn cycle(&self) -> u128 {
        let n = self.len();
        let h = self.hand as u64;
        binomial(n, h) as u128 * binomial(n.saturating_sub(h), h) as u128
    }
}

/// Exact counts for one deck and reading. Index 0 is "no joker", 1 "with the joker".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AceHighCounts {
    /// Ordered pairs of disjoint hands (dealer, player).
    pub cycle: u128,
    /// Hands of one seat.
    pub hands: u128,
    /// Ace-high hands of one seat, without and with the joker.
    pub ace_high_hands: [u128; 2],
    /// Deals whose dealer hand is ace high (any player hand), without and with the joker.
    pub dealer: [u128; 2],
    /// Deals where both hands are ace high: `both[dealer][player]`.
    pub both: [[u128; 2]; 2],
}

/// Rank masks of the straights: A-2-3-4-5, then 2-3-4-5-6 … 10-J-Q-K-A.
fn straights() -> impl Iterator<Item = u16> {
    std::iter::once(0b1_0000_0000_1111u16).chain((0..=8).map(|low| 0b1_1111 << low))
}

/// The valid rank sets of ace-high hands with (`joker`) or without the joker.
fn rank_sets(deck: &AceHighDeck, joker: bool, reading: Reading) -> Vec<u16> {
    let ace = 1u16 << ACE;
    let natural = deck.hand - joker as u32;
    let mut sets = Vec::new();
    if deck.hand == 0 || (joker && !deck.joker) {
        return sets;
    }
    // Every subset of the deck's ranks.
    let mut sub = deck.ranks;
    loop {
        if sub.count_ones() == natural {
            let valid = if joker {
                // The joker with an ace pairs it; it completes a straight from four of its ranks.
                sub & ace == 0
                    && (reading == Reading::NoPair || straights().all(|s| (sub & s).count_ones() + 1 < STRAIGHT))
            } else {
                sub & ace != 0 && (reading == Reading::NoPair || straights().all(|s| sub & s != s))
            };
            if valid {
                sets.push(sub);
            }
        }
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & deck.ranks;
    }
    sets
}

/// Calls `visit` with every sequence of `len` suits from `0..suits`, as digits, and its suit counts.
fn for_each_suit_sequence(len: u32, suits: u32, mut visit: impl FnMut(&[u32], &[u32; 4])) {
    let total = suits.pow(len);
    let mut digits = vec![0u32; len as usize];
    for code in 0..total {
        let mut c = code;
        let mut counts = [0u32; 4];
        for d in digits.iter_mut() {
            *d = c % suits;
            c /= suits;
            counts[*d as usize] += 1;
        }
        visit(&digits, &counts);
    }
}

/// Cards of one suit that make a flush (one fewer beside the joker), or never under
/// [`Reading::NoPair`].
fn flush_at(joker: bool, reading: Reading) -> u32 {
    match reading {
        Reading::NoPair => u32::MAX,
        Reading::NoPairStraightOrFlush => FLUSH - joker as u32,
    }
}

/// Suit sequences of `len` cards with fewer than `flush` of any suit.
fn no_flush_sequences(len: u32, suits: u32, flush: u32) -> u128 {
    let mut n = 0;
    for_each_suit_sequence(len, suits, |_, counts| n += counts.iter().all(|&c| c < flush) as u128);
    n
}

/// `W`: pairs of suit sequences, the dealer's of `nd` cards and the player's of `np`, whose first `k`
/// positions are the shared ranks (so must differ there), neither reaching its flush count.
fn joint_suit_sequences(suits: u32, nd: u32, fd: u32, np: u32, fp: u32, k: u32) -> u128 {
    // The player's count depends on the dealer's suits on the shared ranks only through how many
    // shared ranks each suit has, up to relabelling suits: memoize on the sorted counts.
    let mut memo: HashMap<[u32; 4], u128> = HashMap::new();
    let mut total = 0u128;
    for_each_suit_sequence(nd, suits, |digits, counts| {
        if counts.iter().any(|&c| c >= fd) {
            return;
        }
        let mut shared = [0u32; 4];
        for &d in &digits[..k as usize] {
            shared[d as usize] += 1;
        }
        shared.sort_unstable_by(|a, b| b.cmp(a));
        let player = *memo.entry(shared).or_insert_with(|| {
            // A representative dealer pattern: the first shared[0] positions in suit 0, and so on.
            let dealer: Vec<u32> = (0..4u32).flat_map(|s| std::iter::repeat_n(s, shared[s as usize] as usize)).collect();
            let mut n = 0u128;
            for_each_suit_sequence(np, suits, |p, pc| {
                if pc.iter().all(|&c| c < fp) && p[..k as usize].iter().zip(&dealer).all(|(a, b)| a != b) {
                    n += 1;
                }
            });
            n
        });
        total += player;
    });
    total
}

/// Counts ace-high hands and deals on `deck` under `reading`.
pub fn count(deck: AceHighDeck, reading: Reading) -> AceHighCounts {
    let (both, units) = joint_shard(deck, reading, Shard::WHOLE);
    count_from_joint(deck, reading, both, units).expect("the whole joint count is consistent")
}

/// The joint count (dealer and bettor both ace high, by who holds the joker) over the dealer
/// rank sets `shard` owns. The units are the dealer rank sets, with or without the joker; each
/// is paired with every bettor rank set, so all cost the same. Also returns how many units the
/// shard counted, so the whole can be checked for a missing or doubled shard.
pub fn joint_shard(deck: AceHighDeck, reading: Reading, shard: Shard) -> ([[u128; 2]; 2], u64) {
    assert!((1..=4).contains(&deck.suits) && deck.ranks & !0x1fff == 0, "not a deck: {deck:?}");
    let sets = [rank_sets(&deck, false, reading), rank_sets(&deck, true, reading)];
    let natural = |j: usize| deck.hand - j as u32;
    let flush = |j: usize| flush_at(j == 1, reading);
    let mut both = [[0u128; 2]; 2];
    let units = (0..sets[0].len() + sets[1].len()).filter(|&u| shard.owns_uniform(u)).count() as u64;
    for jd in 0..2 {
        let first_unit = if jd == 0 { 0 } else { sets[0].len() };
        for jp in 0..2 {
            if jd + jp == 2 {
                continue; // one joker
            }
            // Pairs of rank sets by overlap.
            let mut by_overlap = [0u128; 14];
            for (i, &d) in sets[jd].iter().enumerate() {
                if !shard.owns_uniform(first_unit + i) {
                    continue;
                }
                for &p in &sets[jp] {
                    by_overlap[(d & p).count_ones() as usize] += 1;
                }
            }
            for (k, &pairs) in by_overlap.iter().enumerate() {
                if pairs > 0 {
                    let w = joint_suit_sequences(deck.suits, natural(jd), flush(jd), natural(jp), flush(jp), k as u32);
                    both[jd][jp] += pairs * w;
                }
            }
        }
    }
    (both, units)
}

/// The counts from the whole joint count (the sum of every shard's), checked: the count is
/// symmetric in the two seats, and no seat holds more than it can.
pub fn count_from_joint(deck: AceHighDeck, reading: Reading, both: [[u128; 2]; 2], units: u64) -> Result<AceHighCounts, String> {
    let n = deck.len();
    let h = deck.hand as u64;
    let hands = binomial(n, h) as u128;
    let others = binomial(n.saturating_sub(h), h) as u128; // player hands per dealer hand
    let cycle = deck.cycle();
    assert_eq!(cycle, hands * others);
    let sets = [rank_sets(&deck, false, reading).len(), rank_sets(&deck, true, reading).len()];
    let natural = |j: usize| deck.hand - j as u32;
    let mut ace_high_hands = [0u128; 2];
    for j in 0..2 {
        ace_high_hands[j] = sets[j] as u128 * no_flush_sequences(natural(j), deck.suits, flush_at(j == 1, reading));
    }
    assert!(ace_high_hands[0] + ace_high_hands[1] <= hands);
    let dealer = ace_high_hands.map(|c| c * others);
    if units != (sets[0] + sets[1]) as u64 {
        return Err(format!("the joint ace-high counts cover {units} dealer rank sets, not {}: a shard is missing or counted twice", sets[0] + sets[1]));
    }
    if both[0][1] != both[1][0] || both[1][1] != 0 || (0..2).any(|jd| both[jd][0] + both[jd][1] > dealer[jd]) {
        return Err("the joint ace-high counts are inconsistent: a shard is missing or counted twice".into());
    }
    Ok(AceHighCounts { cycle, hands, ace_high_hands, dealer, both })
}

/// The wager's outcomes under `variant` (see the module notes), best first, then [`OTHER`].
pub fn outcomes(counts: &AceHighCounts, variant: &str) -> OutcomeCounts {
    let b = &counts.both;
    let (both, with_joker, no_joker) = match variant {
        "both-first" | "straights-and-flushes-ignored" => {
            (b[0][0] + b[0][1] + b[1][0], counts.dealer[1] - b[1][0], counts.dealer[0] - b[0][0] - b[0][1])
        }
        "joker-line-first" => (b[0][0] + b[0][1], counts.dealer[1], counts.dealer[0] - b[0][0] - b[0][1]),
        other => unreachable!("variant {other}"),
    };
    let paid = both + with_joker + no_joker;
    assert_eq!(paid, counts.dealer[0] + counts.dealer[1]);
    let rows = vec![
        (OUTCOMES[0].to_string(), both),
        (OUTCOMES[1].to_string(), with_joker),
        (OUTCOMES[2].to_string(), no_joker),
        (OTHER.to_string(), counts.cycle - paid),
    ];
    OutcomeCounts::new(counts.cycle, rows).expect("every deal counted once")
}

fn reading_of(variant: &str) -> Reading {
    match variant {
        "straights-and-flushes-ignored" => Reading::NoPair,
        _ => Reading::NoPairStraightOrFlush,
    }
}

/// One shard's joint count on the full deck under `variant`, as a tally.
pub(crate) fn ace_high_bonus_shard(variant: &str, shard: Shard) -> Tally {
    let (both, units) = joint_shard(AceHighDeck::FACE_UP_PAI_GOW, reading_of(variant), shard);
    Tally::new().with("joint", both.iter().flatten().map(|&x| x as i128).collect()).with("dealer-rank-sets", vec![units as i128])
}

/// The registered counts from the sum of every shard's tally.
pub(crate) fn ace_high_bonus_from_tally(variant: &str, tally: &Tally) -> Result<OutcomeCounts, String> {
    let j = tally.get_counts("joint", 4)?;
    let units = tally.get_counts("dealer-rank-sets", 1)?[0];
    let units = u64::try_from(units).map_err(|_| "too many dealer rank sets".to_string())?;
    let counts = count_from_joint(AceHighDeck::FACE_UP_PAI_GOW, reading_of(variant), [[j[0], j[1]], [j[2], j[3]]], units)?;
    Ok(outcomes(&counts, variant))
}

/// The registered count: the full deck under `variant`.
pub(crate) fn ace_high_bonus(variant: &str) -> OutcomeCounts {
    let counts = count(AceHighDeck::FACE_UP_PAI_GOW, reading_of(variant));
    assert_eq!(counts.cycle, 154_143_080 * 53_524_680); // C(53,7) × C(46,7)
    outcomes(&counts, variant)
}
