//! The Face Up Pai Gow Poker Wager (58 Pa. Code chapter 688a), simulated from the rule text.
//!
//! Written without reading the exact solver (`parsheet_games::strategy::face_up_pai_gow`): only
//! its public `Deck`/`count` API is used, from the tests, to compare. What is taken from
//! elsewhere, and why:
//!
//! * hand values come from `parsheet-reference` (`pai_gow` for five cards, `low_hand` for two),
//!   the slow evaluator written independently of the fast one;
//! * the dealer's setting is the casino's filed house way (§ 688a.11(a)), a
//!   `parsheet_games::house_way::HouseWay`: which two cards it puts low is the policy under test.
//!   The same way sets the "house-way player" (§ 688a.11(b)(1): a player who asks for help is
//!   told the dealer's way). Both of its settings are re-checked for legality here.
//!
//! Everything else is read here from the text: legality of a setting (§ 688a.11(c)), the
//! dealer's Ace High Pai Gow (§ 688a.1, § 688a.11(f)(2)(iii)), settlement with copies to the
//! dealer (§ 688a.11(f)), even money without commission (§ 688a.12(a)), and the player's best
//! setting against the two exposed dealer hands.
//!
//! Surrender (§ 688a.11(d)) is not modelled: the dealer "shall immediately collect" the wager,
//! the same −1 as a loss, so it is never better than playing any legal setting.

use parsheet_cards::CardSet;
use parsheet_games::house_way::HouseWay;
use parsheet_reference::{low_hand, pai_gow, RefCard, RefCategory, RefValue};

use crate::rng::Xoshiro256;

const ACE: u8 = 12;

/// A deck: the ranks in `rank_mask` (bit r is rank r, 0 the deuce … 12 the ace) in the first
/// `suits` suits, and the joker if `joker`. The full game is [`FupgDeck::FULL`] (§ 688a.3(a)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FupgDeck {
    pub rank_mask: u16,
    pub suits: u8,
    pub joker: bool,
}

impl FupgDeck {
    /// 52 cards and one joker.
    pub const FULL: FupgDeck = FupgDeck { rank_mask: 0x1fff, suits: 4, joker: true };

    pub fn cards(&self) -> Vec<RefCard> {
        assert!((1..=4).contains(&self.suits) && self.rank_mask & !0x1fff == 0, "bad deck {self:?}");
        let mut cards: Vec<RefCard> =
            (0..self.suits).flat_map(|s| (0..13u8).filter(|r| self.rank_mask >> r & 1 == 1).map(move |r| RefCard::natural(r, s))).collect();
        if self.joker {
            cards.push(RefCard::Joker);
        }
        assert!(cards.len() >= 14, "a round deals 14 cards; this deck holds {}", cards.len());
        cards
    }
}

/// How one wager ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Both player hands higher than the dealer's (§ 688a.11(f)(3)): +1.
    Win,
    /// One higher, the other identical or lower (§ 688a.11(f)(2)(i)-(ii)): 0.
    Push,
    /// The dealer has an Ace High Pai Gow (§ 688a.11(f)(2)(iii)): 0, whatever the player holds.
    PushAceHigh,
    /// Neither hand higher: lower, or a copy, which goes to the dealer (§ 688a.11(f)(1)): −1.
    Lose,
}

/// Rounds ending in each outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub win: u64,
    pub push: u64,
    pub push_ace_high: u64,
    pub lose: u64,
}

impl Tally {
    fn add(&mut self, o: Outcome) {
        match o {
            Outcome::Win => self.win += 1,
            Outcome::Push => self.push += 1,
            Outcome::PushAceHigh => self.push_ace_high += 1,
            Outcome::Lose => self.lose += 1,
        }
    }

    pub fn rounds(&self) -> u64 {
        self.win + self.push + self.push_ace_high + self.lose
    }

    fn merge(&mut self, o: &Tally) {
        self.win += o.win;
        self.push += o.push;
        self.push_ace_high += o.push_ace_high;
        self.lose += o.lose;
    }

    /// Mean net per unit wagered (1 to 1, no commission: § 688a.12(a)) and its standard error.
    pub fn estimate(&self) -> FupgEstimate {
        let n = self.rounds() as f64;
        let mean = (self.win as f64 - self.lose as f64) / n;
        // The net is ±1 on a decision and 0 on a push, so E[net²] is the decided fraction.
        let variance = ((self.win + self.lose) as f64 / n - mean * mean).max(0.0);
        FupgEstimate { tally: *self, mean_net: mean, standard_error: (variance / n).sqrt() }
    }
}

/// One policy's simulated result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FupgEstimate {
    pub tally: Tally,
    pub mean_net: f64,
    pub standard_error: f64,
}

// ---------------------------------------------------------------------------------------------
// Values. A reference value packed into a u32 so that integer order is the § 688a.6 order:
// category in bits 20.., then the tiebreak ranks 4 bits each, most significant first. Within one
// category every tiebreak has the same length (the reference crate's contract), so zero padding
// orders exactly as comparing the vectors does.
// ---------------------------------------------------------------------------------------------

fn pack(v: &RefValue) -> u32 {
    assert!(v.tiebreak.len() <= 5 && v.tiebreak.iter().all(|&r| r < 16));
    let mut p = (v.category as u32) << 20;
    for (i, &r) in v.tiebreak.iter().enumerate() {
        p |= (r as u32) << (16 - 4 * i);
    }
    p
}

fn category(p: u32) -> u32 {
    p >> 20
}

fn tiebreak(p: u32, i: usize) -> u8 {
    (p >> (16 - 4 * i) & 0xf) as u8
}

const HIGH_CARD: u32 = RefCategory::HighCard as u32;
const PAIR: u32 = RefCategory::Pair as u32;

/// § 688a.11(c): the five-card high hand must rank equal to or higher than the two-card low
/// hand, compared by § 688a.6(b)-(c). A low pair needs a high pair at least as high, or any
/// better category ("if the two-card hand contains a pair of sevens, the five-card hand must
/// contain at least a pair of sevens"); two unpaired low cards need a high hand with a pair or
/// better, or a no-pair high hand whose two top cards are not below them (the "highest card not
/// in the other hand" rule of § 688a.6(c): equal top two cards leave the low hand nothing
/// higher, so the high hand is equal or higher).
fn legal_packed(high: u32, low: u32) -> bool {
    match (category(high), category(low)) {
        (h, _) if h > PAIR => true,
        (PAIR, PAIR) => tiebreak(high, 0) >= tiebreak(low, 0),
        (PAIR, _) => true,
        (HIGH_CARD, PAIR) => false,
        (HIGH_CARD, _) => (tiebreak(high, 0), tiebreak(high, 1)) >= (tiebreak(low, 0), tiebreak(low, 1)),
        _ => unreachable!("a five-card hand is at least high card"),
    }
}

/// § 688a.11(f) for a legal player setting: each hand is won only if strictly higher, a copy
/// (identical rank) going to the dealer; two hands won is a win, one a push, none a loss. The
/// dealer's Ace High Pai Gow pushes everything, whatever the player holds (§ 688a.11(f)(2)(iii)).
fn settle_packed(dealer: (u32, u32), dealer_ace_high: bool, player: (u32, u32)) -> Outcome {
    if dealer_ace_high {
        return Outcome::PushAceHigh;
    }
    match (player.0 > dealer.0) as u8 + (player.1 > dealer.1) as u8 {
        2 => Outcome::Win,
        1 => Outcome::Push,
        _ => Outcome::Lose,
    }
}

/// The five-card value of `high` under § 688a.6, by the reference evaluator.
pub fn high_value(high: &[RefCard]) -> RefValue {
    assert_eq!(high.len(), 5, "a high hand holds five cards");
    pai_gow(high)
}

/// Whether `high` (five cards) and `low` (two) are a legal setting (§ 688a.11(c)).
pub fn is_legal(high: &[RefCard], low: &[RefCard]) -> bool {
    legal_packed(pack(&high_value(high)), pack(&low_hand(low)))
}

/// § 688a.1: "Ace High Pai Gow — when the seven cards ... is a rank of Ace high": the best
/// five-card hand of the seven is no pair, no straight, no flush, and its top card an ace (the
/// joker, with no ace beside it and nothing to complete, plays as the ace: § 688a.6(a)).
pub fn is_ace_high_pai_gow(seven: &[RefCard]) -> bool {
    assert_eq!(seven.len(), 7);
    let v = pai_gow(seven);
    v.category == RefCategory::HighCard && v.tiebreak[0] == ACE
}

/// Settles a player's setting against the dealer's exposed setting, from the cards. A setting
/// that is not legal loses (§ 688a.11(f)(1)(iii)); this reading puts that before the Ace High
/// push, a case the simulator never meets because its players set legally.
pub fn settle(dealer_high: &[RefCard], dealer_low: &[RefCard], player_high: &[RefCard], player_low: &[RefCard]) -> Outcome {
    assert!(is_legal(dealer_high, dealer_low), "the dealer's setting is not legal");
    if !is_legal(player_high, player_low) {
        return Outcome::Lose;
    }
    let seven: Vec<RefCard> = dealer_high.iter().chain(dealer_low).copied().collect();
    let dealer = (pack(&high_value(dealer_high)), pack(&low_hand(dealer_low)));
    let player = (pack(&high_value(player_high)), pack(&low_hand(player_low)));
    settle_packed(dealer, is_ace_high_pai_gow(&seven), player)
}

// ---------------------------------------------------------------------------------------------
// The simulation.
// ---------------------------------------------------------------------------------------------

/// Index of a card among the 53 (natural: 13 × suit + rank; the joker 52).
fn index(c: RefCard) -> usize {
    match c {
        RefCard::Natural { rank, suit } => 13 * suit as usize + rank as usize,
        RefCard::Joker => 52,
    }
}

/// The card as the bit `parsheet_cards::CardSet` uses (16 × suit + rank; the joker 63), only to
/// hand the seven cards to the house way and read back its two low cards.
fn solver_bit(c: RefCard) -> u64 {
    crate::main_game::solver_bits(&[c])
}

/// Five-card reference values, memoised by the five cards' combinatorial index among the 53
/// (C(53, 5) = 2,869,685 slots): the reference evaluator is slow, and each round asks for 42.
struct Memo {
    choose: [[u32; 6]; 54],
    slots: Vec<u32>,
}

const UNKNOWN: u32 = u32::MAX;

impl Memo {
    fn new() -> Memo {
        let mut choose = [[0u32; 6]; 54];
        for n in 0..54 {
            choose[n][0] = 1;
            for k in 1..6 {
                choose[n][k] = if n == 0 { 0 } else { choose[n - 1][k - 1] + choose[n - 1][k] };
            }
        }
        Memo { choose, slots: vec![UNKNOWN; choose[53][5] as usize] }
    }

    fn high(&mut self, five: [RefCard; 5]) -> u32 {
        let mut idx = five.map(index);
        idx.sort_unstable();
        let slot = (0..5).map(|i| self.choose[idx[i]][i + 1]).sum::<u32>() as usize;
        if self.slots[slot] == UNKNOWN {
            self.slots[slot] = pack(&pai_gow(&five));
        }
        self.slots[slot]
    }
}

/// The 21 settings of seven cards: low-hand positions (i, j) and the packed (high, low) values.
struct Settings {
    low_pos: [(usize, usize); 21],
    value: [(u32, u32); 21],
}

fn settings(memo: &mut Memo, seven: &[RefCard]) -> Settings {
    let mut s = Settings { low_pos: [(0, 0); 21], value: [(0, 0); 21] };
    let mut n = 0;
    for i in 0..7 {
        for j in i + 1..7 {
            let mut five = [RefCard::Joker; 5];
            let mut k = 0;
            for (m, &c) in seven.iter().enumerate() {
                if m != i && m != j {
                    five[k] = c;
                    k += 1;
                }
            }
            s.low_pos[n] = (i, j);
            s.value[n] = (memo.high(five), pack(&low_hand(&[seven[i], seven[j]])));
            n += 1;
        }
    }
    s
}

/// The packed values of the house way's setting of `seven`, checked legal by this reading.
fn house_way_setting(way: &HouseWay, seven: &[RefCard], s: &Settings) -> (u32, u32) {
    let set = way.set(CardSet(crate::main_game::solver_bits(seven))).unwrap_or_else(|e| panic!("house way {:?} cannot set {seven:?}: {e}", way.id));
    let low = set.low_cards.0;
    let n = (0..21)
        .find(|&n| {
            let (i, j) = s.low_pos[n];
            solver_bit(seven[i]) | solver_bit(seven[j]) == low
        })
        .unwrap_or_else(|| panic!("house way {:?} set a low hand {low:#x} not of two of {seven:?}", way.id));
    let v = s.value[n];
    assert!(legal_packed(v.0, v.1), "house way {:?} set {seven:?} illegally by § 688a.11(c): low {:?}", way.id, s.low_pos[n]);
    v
}

/// Plays `rounds` rounds from `deck` (reshuffled each round: Fisher–Yates over the whole deck,
/// of which the dealer takes the first seven cards and the player the next seven), the dealer
/// setting by `way`, and settles the wager for two players holding the same cards: the optimal
/// player, who sees both dealer hands and picks a legal setting that wins if one does, else one
/// that pushes; and the house-way player, who sets by `way` too. Returns (optimal, house way).
/// Reproducible: a function of (way, deck, rounds, seed) alone.
pub fn simulate_face_up_pai_gow(way: &HouseWay, deck: &FupgDeck, rounds: u64, seed: u64) -> (FupgEstimate, FupgEstimate) {
    let (optimal, house) = simulate_tallies(way, deck, rounds, Xoshiro256::seed_from(seed));
    (optimal.estimate(), house.estimate())
}

fn simulate_tallies(way: &HouseWay, deck: &FupgDeck, rounds: u64, mut rng: Xoshiro256) -> (Tally, Tally) {
    let mut cards = deck.cards();
    let mut memo = Memo::new();
    let (mut optimal, mut house) = (Tally::default(), Tally::default());
    for _ in 0..rounds {
        let dealt = rng.deal(&mut cards, 14);
        let (dealer, player) = (&dealt[..7], &dealt[7..]);
        let ds = settings(&mut memo, dealer);
        // The seven cards' best five-card hand is the best high hand of the 21 settings.
        let best = ds.value.iter().map(|v| v.0).max().unwrap();
        if category(best) == HIGH_CARD && tiebreak(best, 0) == ACE {
            optimal.add(Outcome::PushAceHigh);
            house.add(Outcome::PushAceHigh);
            continue;
        }
        let d = house_way_setting(way, dealer, &ds);
        let ps = settings(&mut memo, player);
        house.add(settle_packed(d, false, house_way_setting(way, player, &ps)));
        // Best over the legal settings: Win < Push < Lose in this order of preference.
        let rank = |o: Outcome| match o {
            Outcome::Win => 0,
            Outcome::Push => 1,
            _ => 2,
        };
        let choice = ps.value.iter().filter(|v| legal_packed(v.0, v.1)).map(|&v| settle_packed(d, false, v)).min_by_key(|&o| rank(o));
        optimal.add(choice.expect("every seven cards have a legal setting"));
    }
    (optimal, house)
}

/// The full 53-card game for `rounds` rounds on `threads` threads, for comparing by hand with
/// the exact full-deck count. Thread t draws from the seed's generator jumped t times (2^128
/// steps each, so no two threads share random numbers) and plays `rounds / threads` rounds, the
/// first `rounds % threads` threads one more: the result depends on (way, rounds, seed,
/// threads) alone. Returns (optimal, house way).
pub fn face_up_pai_gow_full_deck(way: &HouseWay, rounds: u64, seed: u64, threads: usize) -> (FupgEstimate, FupgEstimate) {
    let threads = threads.max(1);
    let mut rng = Xoshiro256::seed_from(seed);
    let mut streams = Vec::new();
    for t in 0..threads {
        streams.push((rounds / threads as u64 + ((t as u64) < rounds % threads as u64) as u64, rng.clone()));
        rng.jump();
    }
    let results: Vec<(Tally, Tally)> = std::thread::scope(|scope| {
        let handles: Vec<_> = streams.into_iter().map(|(n, r)| scope.spawn(move || simulate_tallies(way, &FupgDeck::FULL, n, r))).collect();
        handles.into_iter().map(|h| h.join().expect("simulation thread panicked")).collect()
    });
    let (mut optimal, mut house) = (Tally::default(), Tally::default());
    for (o, h) in &results {
        optimal.merge(o);
        house.merge(h);
    }
    (optimal.estimate(), house.estimate())
}

#[cfg(test)]
mod tests {
    use super::*;
    use parsheet_reference::parse_cards;

    #[test]
    fn packing_keeps_the_reference_order() {
        let hands = ["As Ks Qs Js Ts", "Jk Ac Ad Ah As", "2c 3d 4h 5s Ac", "Kc Qd Jh Ts 9c", "Kc Kd 7h 7s 2c", "Kc Kd 7h 6s 2c", "Ac Kd 7h 6s 2c"];
        let values: Vec<RefValue> = hands.iter().map(|h| pai_gow(&parse_cards(h))).collect();
        for a in &values {
            for b in &values {
                assert_eq!(a.cmp(b), pack(a).cmp(&pack(b)), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn memo_index_spans_exactly_the_slots() {
        let memo = Memo::new();
        assert_eq!(memo.slots.len(), 2_869_685);
        // The combinatorial index of the largest five cards is the last slot.
        let top: u32 = (0..5).map(|i| memo.choose[48 + i][i + 1]).sum();
        assert_eq!(top as usize, memo.slots.len() - 1);
    }
}
