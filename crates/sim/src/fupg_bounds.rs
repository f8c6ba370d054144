//! Face Up Pai Gow Poker (58 Pa. Code ch. 688a): the best and worst house ways, by brute force
//! over every deal of a reduced deck.
//!
//! The exact solver counts the Face Up Pai Gow Wager for one filed house way. This module asks a
//! question that needs no house way and so can check the solver without sharing its reading of
//! one: over *every* way the casino could file, how well and how badly can the dealer do against
//! a player who sees both dealer hands and sets his own seven cards to the best result? Any house
//! way's exact count must lie between the two bounds, and the solver's own best/worst searches
//! must reach them.
//!
//! Written from the rule text without reading `parsheet-games`. Taken from elsewhere: hand values
//! from `parsheet-reference` (`pai_gow` for five cards, `low_hand` for two), the slow evaluator
//! written apart from the fast one. Read here from the text: a setting's legality (§ 688a.11(c)),
//! the settlement with copies to the dealer (§ 688a.11(f)), the dealer's Ace High Pai Gow
//! (§ 688a.1, § 688a.11(f)(2)(iii)), even money (§ 688a.12(a)), the player's best setting, and
//! which dealer hands a house way must set alike.
//!
//! ## What a house way can tell apart
//!
//! A house way sees ranks, the joker and flushes; suits matter to a hand's value only through a
//! flush. A dealer hand's *class* is therefore its natural ranks (a multiset), whether it holds
//! the joker, and, when it can make a flush (five natural cards of one suit, or four and the
//! joker), which ranks it holds in that suit. Hands of one class offer the same (high, low)
//! value pairs (asserted), so a house way picks, per class, one of those pairs; the player's
//! result depends on the dealer only through that pair and the cards left in the deck. Summing
//! the player's results over the class's hands for each pair and taking, per class, the pair
//! best (or worst) for the dealer gives the bounds over all house ways.
//!
//! ## The brute force
//!
//! Cards are bit positions `0..n` of the reduced deck. Every five-card and two-card subset is
//! valued once by the reference evaluator and replaced by its ordinal among the distinct values
//! (same order, as a `u16`). Every seven-card subset's legal settings are listed once as ordinal
//! pairs; as a player hand it keeps only the pairs no other setting beats in both hands (the
//! best result against any dealer pair is reached on one of those). Then every dealer hand meets
//! every seven of the remaining cards, for every value pair of its class.

use std::collections::HashMap;

use parsheet_reference::{low_hand, pai_gow, RefCard, RefCategory, RefValue};

const ACE: u8 = 12;

/// The bounds over all house ways for one reduced deck. Counts are ordered deals (dealer hand,
/// then player hand) from the player's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingBounds {
    /// C(n, 7) · C(n − 7, 7): every ordered pair of disjoint seven-card hands.
    pub cycle: u128,
    /// Deals in which the dealer holds an Ace High Pai Gow: a push whatever anyone sets.
    pub ace_high_push: u128,
    /// Dealer classes with at least one hand (Ace High Pai Gow classes included).
    pub classes: usize,
    /// Sum over classes (Ace High Pai Gow classes included) of the distinct legal value pairs.
    pub class_settings: usize,
    /// Sum over classes of the least (win − lose) over the class's settings.
    pub dealer_best_net: i128,
    /// Sum over classes of the greatest (win − lose).
    pub dealer_worst_net: i128,
    /// (win, push, lose) of one choice reaching `dealer_best_net`.
    pub dealer_best: [u128; 3],
    /// (win, push, lose) of one choice reaching `dealer_worst_net`.
    pub dealer_worst: [u128; 3],
}

// ---------------------------------------------------------------------------------------------
// The rules, on values.
// ---------------------------------------------------------------------------------------------

/// How one Face Up Pai Gow Wager ends for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Both hands strictly higher than the dealer's (§ 688a.11(f)(3)).
    Win,
    /// Exactly one hand strictly higher (§ 688a.11(f)(2)(i)-(ii)).
    Push,
    /// Neither hand strictly higher; an identical hand is a copy and goes to the dealer
    /// (§ 688a.11(f)(1)(i)-(ii)).
    Lose,
    /// The dealer holds an Ace High Pai Gow (§ 688a.11(f)(2)(iii)), whatever the player holds.
    AceHighPush,
}

/// § 688a.11(c): whether a five-card high hand ranks equal to or higher than a two-card low hand.
///
/// A low hand is a pair or two unpaired cards. Any high hand of a category above a pair outranks
/// both (§ 688a.6(b)). Pair against pair: the higher pair; equal pairs are "identical in hand
/// rank", and then (§ 688a.6(c)) the high hand holds cards the low one lacks, so it is higher (the
/// rule's own example: a low pair of sevens needs "at least a pair of sevens and the three
/// remaining cards"). A pair beats no pair. No pair against no pair: § 688a.6(c), the hand with
/// the highest card not in the other.
pub fn high_at_least_low(high: &RefValue, low: &RefValue) -> bool {
    use RefCategory::{HighCard, Pair};
    match (high.category, low.category) {
        (HighCard, Pair) => false,
        (HighCard, HighCard) => higher_by_cards(&high.tiebreak, &low.tiebreak) != std::cmp::Ordering::Less,
        (Pair, Pair) => high.tiebreak[0] >= low.tiebreak[0],
        (category, _) => {
            assert!(category >= Pair, "a five-card hand is at least high card");
            true
        }
    }
}

/// § 688a.6(c) on two lists of ranks sorted high to low: the list holding the highest rank not
/// in the other is higher; `Equal` when neither holds a rank the other lacks.
fn higher_by_cards(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let (mut count_a, mut count_b) = ([0i8; 13], [0i8; 13]);
    a.iter().for_each(|&r| count_a[r as usize] += 1);
    b.iter().for_each(|&r| count_b[r as usize] += 1);
    for r in (0..13).rev() {
        // Cards of this rank in one hand and not matched in the other.
        match count_a[r].cmp(&count_b[r]) {
            std::cmp::Ordering::Equal => continue,
            unequal => return unequal,
        }
    }
    std::cmp::Ordering::Equal
}

/// § 688a.11(f)(1)-(3) for a legal player setting against the dealer's, neither an Ace High Pai
/// Gow: each hand counts only when strictly higher. Values are anything ordered as § 688a.6
/// orders hands (reference values, or their ordinals).
pub fn settle<T: Ord>(dealer: (T, T), player: (T, T)) -> Outcome {
    match (player.0 > dealer.0, player.1 > dealer.1) {
        (true, true) => Outcome::Win,
        (true, false) | (false, true) => Outcome::Push,
        (false, false) => Outcome::Lose,
    }
}

/// The optimal player's result: a winning setting if one of his legal settings wins, else a
/// pushing one if one pushes, else a loss.
pub fn best_outcome<T: Ord + Copy>(dealer: (T, T), player_settings: &[(T, T)]) -> Outcome {
    let mut best = Outcome::Lose;
    for &setting in player_settings {
        match settle(dealer, setting) {
            Outcome::Win => return Outcome::Win,
            Outcome::Push => best = Outcome::Push,
            _ => {}
        }
    }
    best
}

// ---------------------------------------------------------------------------------------------
// The rules, on cards.
// ---------------------------------------------------------------------------------------------

/// The distinct (high, low) value pairs of the legal settings of seven cards, sorted.
pub fn legal_settings(seven: &[RefCard]) -> Vec<(RefValue, RefValue)> {
    assert_eq!(seven.len(), 7, "a Face Up Pai Gow hand holds seven cards");
    let mut pairs = Vec::new();
    for i in 0..7 {
        for j in i + 1..7 {
            let high: Vec<RefCard> = (0..7).filter(|&k| k != i && k != j).map(|k| seven[k]).collect();
            let (high, low) = (pai_gow(&high), low_hand(&[seven[i], seven[j]]));
            if high_at_least_low(&high, &low) {
                pairs.push((high, low));
            }
        }
    }
    pairs.sort();
    pairs.dedup();
    assert!(!pairs.is_empty(), "seven cards always have a legal setting: the best five high");
    pairs
}

/// § 688a.1 "Ace High Pai Gow": the seven cards rank no better than ace high, that is, their best
/// five-card hand is no pair, straight or flush and holds an ace, the joker playing as one when
/// it completes nothing (§ 688a.6(a)).
pub fn is_ace_high_pai_gow(seven: &[RefCard]) -> bool {
    assert_eq!(seven.len(), 7, "a Face Up Pai Gow hand holds seven cards");
    is_ace_high(&pai_gow(seven))
}

fn is_ace_high(best_five: &RefValue) -> bool {
    best_five.category == RefCategory::HighCard && best_five.tiebreak[0] == ACE
}

/// The optimal player's result against the dealer's exposed setting (which must be legal).
pub fn optimal_outcome(dealer_high: &[RefCard], dealer_low: &[RefCard], player: &[RefCard]) -> Outcome {
    let dealer = (pai_gow(dealer_high), low_hand(dealer_low));
    assert!(dealer_high.len() == 5 && high_at_least_low(&dealer.0, &dealer.1), "the dealer's setting is not legal");
    let seven: Vec<RefCard> = dealer_high.iter().chain(dealer_low).copied().collect();
    if is_ace_high_pai_gow(&seven) {
        return Outcome::AceHighPush;
    }
    let settings = legal_settings(player);
    best_outcome((&dealer.0, &dealer.1), &settings.iter().map(|(h, l)| (h, l)).collect::<Vec<_>>())
}

/// What a house way sees of a dealer hand: its natural ranks, the joker, and its flush suit's
/// ranks when it can make a flush.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DealerClass {
    /// How many natural cards of each rank (0 the deuce .. 12 the ace).
    pub rank_counts: [u8; 13],
    pub joker: bool,
    /// Bit r set for each rank held in the flush suit, when five or more natural cards share a
    /// suit, or four and the joker; `None` otherwise.
    pub flush_ranks: Option<u16>,
}

/// The class of seven dealer cards.
pub fn dealer_class(seven: &[RefCard]) -> DealerClass {
    assert_eq!(seven.len(), 7, "a Face Up Pai Gow hand holds seven cards");
    let joker = seven.contains(&RefCard::Joker);
    let mut rank_counts = [0u8; 13];
    let mut suit_ranks = [0u16; 4];
    for card in seven {
        if let RefCard::Natural { rank, suit } = *card {
            rank_counts[rank as usize] += 1;
            suit_ranks[suit as usize] |= 1 << rank;
        }
    }
    let flush_needs = if joker { 4 } else { 5 };
    let flushes: Vec<u16> = suit_ranks.into_iter().filter(|m| m.count_ones() >= flush_needs).collect();
    assert!(flushes.len() <= 1, "seven cards hold at most one flush suit");
    DealerClass { rank_counts, joker, flush_ranks: flushes.first().copied() }
}

// ---------------------------------------------------------------------------------------------
// The brute force.
// ---------------------------------------------------------------------------------------------

/// The reduced deck: ranks in `rank_mask` in suits `0..suits`, then the joker. Panics, naming the
/// argument, on a deck that is not one.
fn deck_cards(rank_mask: u16, suits: u8, joker: bool) -> Vec<RefCard> {
    assert!((1..=4).contains(&suits), "suits must be 1..=4, not {suits}");
    assert!(rank_mask & !0x1fff == 0, "rank_mask {rank_mask:#x} names a rank above the ace (bits 13..)");
    let mut cards: Vec<RefCard> =
        (0..suits).flat_map(|s| (0..13u8).filter(move |r| rank_mask >> r & 1 == 1).map(move |r| RefCard::natural(r, s))).collect();
    if joker {
        cards.push(RefCard::Joker);
    }
    assert!(cards.len() >= 14, "a deal takes 14 cards; rank_mask {rank_mask:#x} in {suits} suits (joker {joker}) holds {}", cards.len());
    // C(24, 7) · C(17, 7) is already 6.7 billion deals, hours of work.
    assert!(cards.len() <= 24, "a brute force over {} cards would take too long (at most 24)", cards.len());
    cards
}

/// Binomial coefficients C(n, k) for n <= 32, k <= 7.
struct Choose([[u64; 8]; 33]);

impl Choose {
    fn new() -> Choose {
        let mut c = [[0u64; 8]; 33];
        for n in 0..33 {
            c[n][0] = 1;
            for k in 1..8 {
                c[n][k] = if n == 0 { 0 } else { c[n - 1][k - 1] + c[n - 1][k] };
            }
        }
        Choose(c)
    }

    fn get(&self, n: usize, k: usize) -> u64 {
        self.0[n][k]
    }

    /// The position of a k-subset (bit mask) in increasing numeric order of the k-subsets, which
    /// is the order `subsets` lists them in (colexicographic).
    fn index(&self, mut mask: u32) -> usize {
        let mut index = 0;
        let mut k = 1;
        while mask != 0 {
            index += self.0[mask.trailing_zeros() as usize][k];
            mask &= mask - 1;
            k += 1;
        }
        index as usize
    }
}

/// Every k-subset of bits `0..n`, in increasing numeric order (Gosper's hack).
fn subsets(n: usize, k: usize) -> Vec<u32> {
    let mut out = Vec::new();
    if k > n {
        return out;
    }
    let mut mask: u64 = (1 << k) - 1;
    while mask < 1 << n {
        out.push(mask as u32);
        let low = mask & mask.wrapping_neg();
        let ripple = mask + low;
        mask = ripple | (((mask ^ ripple) >> 2) / low);
    }
    out
}

fn cards_of(cards: &[RefCard], mut mask: u32) -> Vec<RefCard> {
    let mut out = Vec::new();
    while mask != 0 {
        out.push(cards[mask.trailing_zeros() as usize]);
        mask &= mask - 1;
    }
    out
}

/// Values of every k-card subset, as ordinals among the distinct values (order kept), indexed
/// by the subset's colex index; and the distinct values.
fn ordinals(cards: &[RefCard], k: usize, value: impl Fn(&[RefCard]) -> RefValue) -> (Vec<u16>, Vec<RefValue>) {
    let values: Vec<RefValue> = subsets(cards.len(), k).into_iter().map(|m| value(&cards_of(cards, m))).collect();
    let mut distinct = values.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() <= u16::MAX as usize);
    let ordinal = values.iter().map(|v| distinct.binary_search(v).unwrap() as u16).collect();
    (ordinal, distinct)
}

/// One seven-card hand's legal settings as ordinal pairs, in flat arrays indexed by its colex
/// index: all distinct pairs (sorted) for the dealer, the undominated ones for the player.
struct Hands {
    masks: Vec<u32>,
    settings: Vec<(u16, u16)>,
    settings_at: Vec<u32>, // hand i's settings are settings[settings_at[i]..settings_at[i + 1]]
    frontier: Vec<(u16, u16)>,
    frontier_at: Vec<u32>,
    ace_high: Vec<bool>,
}

fn hands(cards: &[RefCard], choose: &Choose) -> Hands {
    let (high_ord, high_values) = ordinals(cards, 5, pai_gow);
    let (low_ord, low_values) = ordinals(cards, 2, low_hand);
    let legal: Vec<Vec<bool>> = high_values.iter().map(|h| low_values.iter().map(|l| high_at_least_low(h, l)).collect()).collect();
    let masks = subsets(cards.len(), 7);
    let mut h = Hands {
        settings: Vec::new(),
        settings_at: vec![0],
        frontier: Vec::new(),
        frontier_at: vec![0],
        ace_high: Vec::with_capacity(masks.len()),
        masks,
    };
    let mut pairs = Vec::with_capacity(21);
    for &seven in &h.masks {
        pairs.clear();
        let mut best_five = 0;
        let mut rest = seven;
        while rest != 0 {
            let i = rest & rest.wrapping_neg();
            rest ^= i;
            let mut rest_j = rest;
            while rest_j != 0 {
                let j = rest_j & rest_j.wrapping_neg();
                rest_j ^= j;
                let hi = high_ord[choose.index(seven ^ i ^ j)];
                let lo = low_ord[choose.index(i | j)];
                best_five = best_five.max(hi);
                if legal[hi as usize][lo as usize] {
                    pairs.push((hi, lo));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        assert!(!pairs.is_empty());
        h.settings.extend_from_slice(&pairs);
        h.settings_at.push(h.settings.len() as u32);
        // Every five of the seven is some setting's high hand, so the best of them is the seven
        // cards' best five-card hand.
        h.ace_high.push(is_ace_high(&high_values[best_five as usize]));
        for &(hi, lo) in &pairs {
            if !pairs.iter().any(|&(h2, l2)| h2 >= hi && l2 >= lo && (h2, l2) != (hi, lo)) {
                h.frontier.push((hi, lo));
            }
        }
        h.frontier_at.push(h.frontier.len() as u32);
    }
    h
}

/// The best and worst house ways' results over every deal of the reduced deck: the ranks in
/// `rank_mask` (bit r is rank r, 0 the deuce .. 12 the ace) in `suits` suits, plus the joker if
/// `joker`. Panics, naming the argument, on a deck of fewer than 14 or more than 24 cards or a
/// bad mask or suit count.
pub fn dealer_setting_bounds(rank_mask: u16, suits: u8, joker: bool) -> SettingBounds {
    let cards = deck_cards(rank_mask, suits, joker);
    let n = cards.len();
    let choose = Choose::new();
    let hands = hands(&cards, &choose);
    let per_dealer = choose.get(n - 7, 7);
    let cycle = choose.get(n, 7) as u128 * per_dealer as u128;

    // Classes: their settings (the first hand's, asserted for the rest), hand counts and
    // whether they are Ace High Pai Gows.
    struct Class {
        first_hand: usize,
        hands: u64,
        ace_high: bool,
        tally: Vec<[u64; 3]>, // win, push, lose per setting
    }
    let settings_of = |i: usize| &hands.settings[hands.settings_at[i] as usize..hands.settings_at[i + 1] as usize];
    let frontier_of = |i: usize| &hands.frontier[hands.frontier_at[i] as usize..hands.frontier_at[i + 1] as usize];
    let mut class_of_key: HashMap<DealerClass, usize> = HashMap::new();
    let mut classes: Vec<Class> = Vec::new();
    let mut class_of_hand = Vec::with_capacity(hands.masks.len());
    for (i, &mask) in hands.masks.iter().enumerate() {
        let seven = cards_of(&cards, mask);
        let key = dealer_class(&seven);
        let c = *class_of_key.entry(key).or_insert_with(|| {
            classes.push(Class { first_hand: i, hands: 0, ace_high: hands.ace_high[i], tally: vec![[0; 3]; settings_of(i).len()] });
            classes.len() - 1
        });
        let class = &mut classes[c];
        assert_eq!(settings_of(class.first_hand), settings_of(i), "hands of one class offer different settings: {:?} and {:?}", cards_of(&cards, hands.masks[class.first_hand]), seven);
        assert_eq!(class.ace_high, hands.ace_high[i], "Ace High Pai Gow is not a property of the class of {seven:?}");
        class.hands += 1;
        class_of_hand.push(c);
    }

    // Every dealer hand against every seven of the cards left.
    let players_local = subsets(n - 7, 7);
    let mut remaining = [0u8; 32];
    let mut ace_high_hands = 0u64;
    let mut deals = 0u128;
    for (d, &dealer_mask) in hands.masks.iter().enumerate() {
        let class = &mut classes[class_of_hand[d]];
        if class.ace_high {
            ace_high_hands += 1;
            deals += per_dealer as u128;
            continue;
        }
        let mut k = 0;
        for bit in 0..n {
            if dealer_mask >> bit & 1 == 0 {
                remaining[k] = bit as u8;
                k += 1;
            }
        }
        let dealer_settings = settings_of(class.first_hand);
        for &local in &players_local {
            let mut player_mask = 0u32;
            let mut rest = local;
            while rest != 0 {
                player_mask |= 1 << remaining[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            let frontier = frontier_of(choose.index(player_mask));
            for (s, &dealer) in dealer_settings.iter().enumerate() {
                let o = match best_outcome(dealer, frontier) {
                    Outcome::Win => 0,
                    Outcome::Push => 1,
                    Outcome::Lose => 2,
                    Outcome::AceHighPush => unreachable!(),
                };
                class.tally[s][o] += 1;
            }
            deals += 1;
        }
    }
    assert_eq!(deals, cycle, "every ordered deal is met once");

    let ace_high_push = ace_high_hands as u128 * per_dealer as u128;
    let mut bounds = SettingBounds {
        cycle,
        ace_high_push,
        classes: classes.len(),
        class_settings: 0,
        dealer_best_net: 0,
        dealer_worst_net: 0,
        dealer_best: [0; 3],
        dealer_worst: [0; 3],
    };
    let net = |t: &[u64; 3]| t[0] as i128 - t[2] as i128;
    for class in &classes {
        bounds.class_settings += class.tally.len();
        let decided = if class.ace_high { 0 } else { class.hands * per_dealer };
        for t in &class.tally {
            assert_eq!(t.iter().sum::<u64>(), decided, "each setting of a class meets every deal of the class once");
        }
        let best = class.tally.iter().min_by_key(|t| net(t)).unwrap();
        let worst = class.tally.iter().max_by_key(|t| net(t)).unwrap();
        bounds.dealer_best_net += net(best);
        bounds.dealer_worst_net += net(worst);
        for o in 0..3 {
            bounds.dealer_best[o] += best[o] as u128;
            bounds.dealer_worst[o] += worst[o] as u128;
        }
    }
    for choice in [bounds.dealer_best, bounds.dealer_worst] {
        assert_eq!(choice.iter().sum::<u128>() + ace_high_push, cycle, "win + push + lose + Ace High pushes is the cycle");
    }
    bounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colex_index_is_the_enumeration_order() {
        let choose = Choose::new();
        for (n, k) in [(14, 7), (17, 5), (9, 2)] {
            let all = subsets(n, k);
            assert_eq!(all.len() as u64, choose.get(n, k));
            for (i, &m) in all.iter().enumerate() {
                assert_eq!(choose.index(m), i);
                assert_eq!(m.count_ones() as usize, k);
            }
        }
    }

    #[test]
    fn highest_card_not_in_the_other() {
        use std::cmp::Ordering::*;
        assert_eq!(higher_by_cards(&[12, 10, 7, 3, 2], &[12, 11]), Less, "the king is in the low hand only");
        assert_eq!(higher_by_cards(&[12, 11, 7, 3, 2], &[12, 11]), Greater, "the seven is in the high hand only");
        assert_eq!(higher_by_cards(&[12, 11], &[12, 11]), Equal);
    }
}
