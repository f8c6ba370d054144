//! Saigon 5 Card (58 Pa. Code 680a): the Ante wager, solved exactly.
//!
//! # Rules
//!
//! One deck of 52 cards and one joker, 53 cards (680a.3(a)). Cards count 2-9 at face value,
//! tens and faces 10, aces 1, and the joker 3, 6 or 9 at its holder's choice (680a.6(a)). The
//! player and the dealer get five cards each. A hand *qualifies* when some three of its five
//! cards total 10, 20 or 30; those three must then be set as the three-card hand and the other
//! two form the showdown hand (680a.11(b)-(c)), whose Point Count is its total less 10 when
//! above 10: 1 (lowest) to 10 (highest) (680a.6(b)). The Ante settles by 680a.11(d):
//!
//! | dealer        | player        | Ante                                              |
//! |---------------|---------------|---------------------------------------------------|
//! | not qualified | not qualified | push                                              |
//! | not qualified | qualified     | wins 1 to 1, or 1 to 2 on a Point Count of 5      |
//! | qualified     | not qualified | loses                                             |
//! | qualified     | qualified     | higher Point Count wins (player paid as above), equal pushes |
//!
//! (680a.12(a)-(b) give the two pays.) The Bonus Wager and the Envy Bonus are not part of this
//! solution.
//!
//! # Decisions
//!
//! The player sets the hand seeing only his own five cards (the dealer's are revealed after,
//! 680a.11(c)). A qualifying hand must be set as qualifying, but the triple and the joker's value
//! may be chosen. Only the joker's value matters: when three cards total a multiple of ten the
//! showdown Point Count is the total of all five modulo 10 (0 counting as 10), so every
//! qualifying triple under one joker value gives the same Point Count. A hand therefore reaches
//! one Point Count, or with the joker up to three (its total plus 3, 6 or 9, each where that
//! value lets some triple qualify). Where it reaches several, the player takes the one of highest
//! expected net against the dealer's hands from the 48 unseen cards (card removal included); on
//! an exact tie, the higher Point Count. A non-qualifying hand's setting does not matter.
//!
//! Only a player holding the joker has a choice, and then the dealer holds no joker, so the
//! strategy is the same under both house ways. On the 53-card deck the best choice is always the
//! highest reachable Point Count: the player never takes a lower point (1 or 2, the only ones
//! that can compete with 5) to avoid the 1-to-2 pay on a 5; no situation is mixed by card
//! removal and no exact tie between options changes an outcome count. The strategy table lists
//! each set of several reachable Point Counts with the average exact net of each option.
//!
//! The dealer's setting is the house way, which the regulation leaves to the certificate holder
//! when the dealer's hand qualifies under several joker values (so with several Point Counts):
//!
//! * `house-highest-point` (default): the dealer takes the highest Point Count it reaches. Against
//!   any player Point Count a higher dealer Point Count is never better for the player, so this is
//!   the house way most favourable to the house: an upper bound on the house edge.
//! * `house-lowest-point`: the lowest, the lower bound. Every other house way lies in between.
//!
//! A qualifying dealer hand must be set as qualifying (680a.11(c)(1) "shall"), so no house way
//! can decline to qualify.
//!
//! # Counting
//!
//! The outcome depends on card values only, never on suits, so hands are grouped by their
//! multiset of values over the eleven types 1-9, 10 and joker. A player multiset `k` is dealt in
//! `Π C(n_v, k_v)` ways from a deck of `n_v` cards of each type; for each one the dealer's five
//! from the remaining 48 are again multisets, `Π C(n_v - k_v, j_v)` ways each. That is a few
//! thousand player multisets against a few thousand dealer multisets: for each player multiset
//! the dealer's exact distribution over {not qualified, Point Count 1..10} under the house way,
//! the best of the player's reachable Point Counts against it, and the outcome counts weighted
//! by the multiset's ways. Every count is an integer and every result an exact ratio of
//! integers, over the whole cycle of C(53,5) × C(48,5) deals; the totals are asserted (every
//! player multiset meets C(48,5) dealer hands).
//!
//! [`solve_deck`] takes any deck composition, so tests compare it against a card-by-card brute
//! force on small decks.

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_cards::binomial;

use parsheet_paytable::Paytable;
use crate::solution::{Decision, Solution};
use crate::OutcomeCounts;

/// Card types: index `v - 1` holds the cards of value `v` (1-9, and 10 for tens and faces);
/// [`JOKER`] holds the jokers.
pub const TYPES: usize = 11;
/// Index of the joker in a deck composition.
pub const JOKER: usize = 10;
/// The values a joker may take (680a.6(a)(4)).
pub const JOKER_VALUES: [u32; 3] = [3, 6, 9];

/// The deck of 680a.3(a): four each of ace-9, sixteen tens and faces, one joker.
pub const FULL_DECK: [u64; TYPES] = [4, 4, 4, 4, 4, 4, 4, 4, 4, 16, 1];

/// Option names, by Point Count − 1.
pub(crate) const POINT_NAMES: [&str; 10] =
    ["point-1", "point-2", "point-3", "point-4", "point-5", "point-6", "point-7", "point-8", "point-9", "point-10"];

/// How the dealer sets a hand that qualifies with several Point Counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseWay {
    /// The highest Point Count (worst for the player).
    HighestPoint,
    /// The lowest Point Count (best for the player).
    LowestPoint,
}

impl HouseWay {
    pub fn from_variant(variant: &str) -> HouseWay {
        match variant {
            "house-highest-point" => HouseWay::HighestPoint,
            "house-lowest-point" => HouseWay::LowestPoint,
            v => panic!("unknown Saigon 5 Card variant {v:?}"),
        }
    }
}

/// The paytable outcome of a winning Ante with any Point Count but 5 (680a.12(a)).
pub const WIN: &str = "point-count-1-4-or-6-10";
/// The paytable outcome of a winning Ante with a Point Count of 5 (680a.12(b)).
pub const WIN_POINT_5: &str = "point-count-5";

/// What a winning Ante nets per unit, from the base paytable: `(numerator, denominator)` for a
/// Point Count other than 5 and for 5. The player's choice of Point Count depends on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinPays {
    pub other: (i128, i128),
    pub five: (i128, i128),
}

impl WinPays {
    /// Reads the two pays from a paytable; an outcome without a line loses, as everywhere.
    pub fn from_paytable(table: &Paytable) -> Result<WinPays, String> {
        Ok(WinPays { other: crate::solution::line_net(table, WIN)?, five: crate::solution::line_net(table, WIN_POINT_5)? })
    }
}

/// The Ante wager on the 53-card deck under the named house way, at the base paytable's pays.
pub fn solve(variant: &str, base: &Paytable) -> Result<Solution, String> {
    Ok(solve_deck(&FULL_DECK, HouseWay::from_variant(variant), WinPays::from_paytable(base)?))
}

/// A five-card hand as counts per card type.
pub(crate) type Hand = [u8; TYPES];

/// Every five-card multiset of types that `deck` can deal.
fn hands(deck: &[u64; TYPES]) -> Vec<Hand> {
    fn go(deck: &[u64; TYPES], t: usize, left: u8, cur: &mut Hand, out: &mut Vec<Hand>) {
        if t == TYPES {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        let most = left.min(deck[t].min(5) as u8);
        for k in 0..=most {
            cur[t] = k;
            go(deck, t + 1, left - k, cur, out);
        }
        cur[t] = 0;
    }
    let mut out = Vec::new();
    go(deck, 0, 5, &mut [0; TYPES], &mut out);
    out
}

/// The showdown Point Counts a hand can be set to with a qualifying three-card hand, as a bit
/// set (bit `p` for Point Count `p`); empty when the hand does not qualify.
fn reachable_points(hand: &Hand) -> u16 {
    let mut fixed = Vec::with_capacity(5);
    for (t, &k) in hand.iter().enumerate().take(JOKER) {
        fixed.extend(std::iter::repeat_n(t as u32 + 1, k as usize));
    }
    let jokers = hand[JOKER] as usize;
    let mut mask = 0u16;
    // Every assignment of values to the jokers.
    let mut assignment = vec![0usize; jokers];
    loop {
        let mut values = fixed.clone();
        values.extend(assignment.iter().map(|&i| JOKER_VALUES[i]));
        let total: u32 = values.iter().sum();
        let qualifies = (0..5).any(|a| (a + 1..5).any(|b| (b + 1..5).any(|c| (values[a] + values[b] + values[c]) % 10 == 0)));
        if qualifies {
            // The triple is a multiple of ten, so the showdown pair is the total modulo ten.
            let p = match total % 10 {
                0 => 10,
                r => r,
            };
            mask |= 1 << p;
        }
        // Next assignment (odometer).
        let mut i = 0;
        while i < jokers && assignment[i] == JOKER_VALUES.len() - 1 {
            assignment[i] = 0;
            i += 1;
        }
        if i == jokers {
            break;
        }
        assignment[i] += 1;
    }
    mask
}

/// The distribution of five-card hands dealt from `deck` by the set of Point Counts they reach
/// (bit `p` for Point Count `p`, 0 when the hand does not qualify): (set, hands), by set.
pub fn point_set_distribution(deck: &[u64; TYPES]) -> Vec<(u16, u128)> {
    let mut by: std::collections::BTreeMap<u16, u128> = Default::default();
    for h in hands(deck) {
        let ways: u128 = (0..TYPES).map(|t| binomial(deck[t], h[t] as u64) as u128).product();
        *by.entry(reachable_points(&h)).or_default() += ways;
    }
    by.into_iter().collect()
}

/// The dealer's class under the house way: 0 when not qualified, else the Point Count.
fn dealer_class(mask: u16, way: HouseWay) -> usize {
    if mask == 0 {
        0
    } else {
        match way {
            HouseWay::HighestPoint => 15 - mask.leading_zeros() as usize,
            HouseWay::LowestPoint => mask.trailing_zeros() as usize,
        }
    }
}

pub(crate) fn set_text(mask: u16) -> String {
    let pts: Vec<String> = (1..=10).filter(|p| mask >> p & 1 == 1).map(|p| p.to_string()).collect();
    format!("{{{}}}", pts.join(", "))
}

/// Per situation (a set of several reachable Point Counts): deals, the sum of the scaled net of
/// each option weighted by ways, and the options chosen.
#[derive(Default)]
struct Situation {
    deals: u128,
    scaled_net: [i128; 11],
    chosen: u16,
}

/// One player multiset of a deck and the dealer's hands against it: the multiset, its ways,
/// the Point Counts it reaches ([`reachable_points`]'s bit set) and the dealer's hands from the
/// rest by class under the house way (0 not qualified, else Point Count).
pub(crate) struct PlayerHand {
    pub hand: Hand,
    pub ways: u128,
    pub mask: u16,
    pub dealer: [u128; 11],
}

/// [`count_player_hands`] once per process for each deck and house way (the solve, the plan
/// and each replay read them).
pub(crate) fn player_hands(deck: &[u64; TYPES], way: HouseWay) -> std::sync::Arc<Vec<PlayerHand>> {
    type Memo = Vec<([u64; TYPES], HouseWay, std::sync::Arc<Vec<PlayerHand>>)>;
    static DONE: std::sync::Mutex<Memo> = std::sync::Mutex::new(Vec::new());
    let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, hands)) = done.iter().find(|d| d.0 == *deck && d.1 == way) {
        return hands.clone();
    }
    let hands = std::sync::Arc::new(count_player_hands(deck, way));
    done.push((*deck, way, hands.clone()));
    hands
}

/// Every player multiset of `deck` with the dealer's distribution against it; the totals are
/// asserted (every player hand once, every dealer hand against each).
pub(crate) fn count_player_hands(deck: &[u64; TYPES], way: HouseWay) -> Vec<PlayerHand> {
    let n: u64 = deck.iter().sum();
    assert!(n >= 10, "a deck of {n} cards cannot deal two hands of five");
    let all = hands(deck);
    let masks: Vec<u16> = all.iter().map(reachable_points).collect();
    let classes: Vec<usize> = masks.iter().map(|&m| dealer_class(m, way)).collect();
    // Dealer hands as their non-zero (type, count) entries, for the weights.
    let sparse: Vec<Vec<(usize, usize)>> =
        all.iter().map(|h| (0..TYPES).filter(|&t| h[t] > 0).map(|t| (t, h[t] as usize)).collect()).collect();
    let top = *deck.iter().max().unwrap() as usize;
    let choose: Vec<[u128; 6]> = (0..=top).map(|m| std::array::from_fn(|k| binomial(m as u64, k as u64) as u128)).collect();
    let dealer_hands = binomial(n - 5, 5) as u128;
    let mut out = Vec::with_capacity(all.len());
    for (i, p) in all.iter().enumerate() {
        let ways: u128 = (0..TYPES).map(|t| choose[deck[t] as usize][p[t] as usize]).product();
        let rest: [usize; TYPES] = std::array::from_fn(|t| (deck[t] - p[t] as u64) as usize);
        let mut dist = [0u128; 11];
        'dealer: for (j, q) in sparse.iter().enumerate() {
            let mut w = 1u128;
            for &(t, k) in q {
                if k > rest[t] {
                    continue 'dealer;
                }
                w *= choose[rest[t]][k];
            }
            dist[classes[j]] += w;
        }
        assert_eq!(dist.iter().sum::<u128>(), dealer_hands, "every player hand meets every dealer hand");
        out.push(PlayerHand { hand: *p, ways, mask: masks[i], dealer: dist });
    }
    assert_eq!(out.iter().map(|p| p.ways).sum::<u128>(), binomial(n, 5) as u128, "every player hand counted once");
    out
}

/// The win pays in units of `1/scale`: (scale, net of a win other than 5, net of a win on 5).
pub(crate) fn scaled_pays(pays: WinPays) -> (i128, i128, i128) {
    let scale = num_integer::lcm(pays.other.1, pays.five.1);
    (scale, pays.other.0 * (scale / pays.other.1), pays.five.0 * (scale / pays.five.1))
}

/// Setting Point Count `pt` against the dealer's distribution `dist`: (wins, pushes, losses,
/// net × scale).
pub(crate) fn settle(dist: &[u128; 11], pt: usize, (scale, win_other, win_five): (i128, i128, i128)) -> (u128, u128, u128, i128) {
    let wins = dist[0] + dist[1..pt].iter().sum::<u128>();
    let losses: u128 = dist[pt + 1..].iter().sum();
    let pay = if pt == 5 { win_five } else { win_other };
    (wins, dist[pt], losses, pay * wins as i128 - scale * losses as i128)
}

/// The Point Counts of a reachable set, lowest first.
pub(crate) fn points_of(mask: u16) -> Vec<usize> {
    (1..=10).filter(|&pt| mask >> pt & 1 == 1).collect()
}

/// The solver's choice among `points`: the best net; on an exact tie the higher Point Count.
pub(crate) fn best_point(dist: &[u128; 11], points: &[usize], pays: (i128, i128, i128)) -> usize {
    *points.iter().max_by_key(|&&pt| (settle(dist, pt, pays).3, pt)).unwrap()
}

/// The Ante wager from any deck composition (counts per type, [`TYPES`]; the game's is
/// [`FULL_DECK`]) under a house way. Tests check it against a brute force on small decks.
pub fn solve_deck(deck: &[u64; TYPES], way: HouseWay, pays: WinPays) -> Solution {
    // Nets in units of 1/scale, so that every comparison is in integers.
    let scaled = scaled_pays(pays);
    let (scale, win_other, win_five) = scaled;
    let n: u64 = deck.iter().sum();
    let dealer_hands = binomial(n - 5, 5) as u128;
    let (mut win, mut win5, mut push, mut lose) = (0u128, 0u128, 0u128, 0u128);
    let mut counted = 0u128;
    let mut scaled_net_total: i128 = 0;
    let mut situations: std::collections::BTreeMap<u16, Situation> = Default::default();
    for p in player_hands(deck, way).iter() {
        let (ways, mask, dist) = (p.ways, p.mask, p.dealer);
        counted += ways;
        let qualified: u128 = dist[1..].iter().sum();
        if mask == 0 {
            lose += ways * qualified;
            push += ways * dist[0];
            scaled_net_total -= scale * (ways * qualified) as i128;
            continue;
        }
        let points = points_of(mask);
        let best = best_point(&dist, &points, scaled);
        let (w, pu, l, scaled_net) = settle(&dist, best, scaled);
        if best == 5 {
            win5 += ways * w;
        } else {
            win += ways * w;
        }
        push += ways * pu;
        lose += ways * l;
        scaled_net_total += ways as i128 * scaled_net;
        if points.len() > 1 {
            let s = situations.entry(mask).or_default();
            s.deals += ways * dealer_hands;
            for &pt in &points {
                s.scaled_net[pt] += ways as i128 * settle(&dist, pt, scaled).3;
            }
            s.chosen |= 1 << best;
        }
    }
    assert_eq!(counted, binomial(n, 5) as u128, "every player hand counted once");
    let cycle = counted * dealer_hands;
    let counts = OutcomeCounts::new(
        cycle,
        vec![(WIN.into(), win), (WIN_POINT_5.into(), win5), ("push".into(), push), ("lose".into(), lose)],
    )
    .expect("every deal counted once");
    let ratio = |num: i128, den: u128| BigRational::new(BigInt::from(num), BigInt::from(den));
    let expected_net = ratio(scaled_net_total, scale as u128 * cycle);
    assert_eq!(expected_net, ratio(win_other * win as i128 + win_five * win5 as i128 - scale * lose as i128, scale as u128 * cycle));
    let strategy = situations
        .into_iter()
        .map(|(mask, s)| {
            let options = (1..=10)
                .filter(|&pt| mask >> pt & 1 == 1)
                .map(|pt| (POINT_NAMES[pt - 1], ratio(s.scaled_net[pt], scale as u128 * s.deals)))
                .collect();
            let choice = if s.chosen.count_ones() == 1 { POINT_NAMES[s.chosen.trailing_zeros() as usize - 1] } else { "mixed" };
            Decision { situation: format!("qualifying settings give points {}", set_text(mask)), choice, options, deals: s.deals }
        })
        .collect();
    Solution {
        strategy,
        counts,
        nets: vec![
            (WIN.into(), ratio(pays.other.0, pays.other.1 as u128)),
            (WIN_POINT_5.into(), ratio(pays.five.0, pays.five.1 as u128)),
            ("push".into(), ratio(0, 1)),
            ("lose".into(), ratio(-1, 1)),
        ],
        expected_net,
        expected_wager: ratio(1, 1),
        initial_wager: ratio(1, 1),
        notes: vec![],
        actions: vec![],
    }
}
