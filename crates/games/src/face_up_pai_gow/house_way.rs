//! Face Up Pai Gow house ways (58 Pa. Code § 688a.11(a)) as data: the rules a casino files for
//! setting the dealer's seven cards, and the interpreter and validator that apply them.
//!
//! # Why data
//!
//! § 688a.11(a) leaves "the manner in which the hands of the dealer shall be set" to each
//! certificate holder's Rules Submission, so the house edge of Face Up Pai Gow is a function of
//! a document parsheet cannot know in advance. A house way is therefore a value: an ordered list
//! of [`Rule`]s, each a condition on the seven cards ([`Condition`]) and an ordered list of
//! [`Play`]s. The first rule whose condition holds decides; within it, the first play that some
//! legal setting satisfies is made. The JSON form (`house-ways/README.md`) is parsed at the edge
//! (`parsheet-tables`); this module does no I/O.
//!
//! # Vocabulary
//!
//! Conditions speak the language published house ways use: the hand's *shape* (no pair, one
//! pair, two pair, three pair, trips, two trips, full house, four of a kind, four of a kind with
//! a pair or trips, five aces), counted with the joker as an ace (§ 688a.6(a): it pairs only
//! aces); whether a *complete hand* (straight, flush, straight flush or royal, the joker
//! completing as § 688a.6(a) allows) can be made; the rank of the top group ("big pair",
//! trips, quads); the best single card left over; a pair of at least some rank. A play names
//! what the setting must keep — a minimum category for the high hand, a pair or no pair in the
//! low hand, a low hand's top card — and which hand to make as high as possible among those
//! settings ("low": best low, then best high; "high": best high, then best low). Values are the
//! § 688a.6 ranking ([`Ranking::PaiGow`]) and the low hand of [`parsheet_eval::paigow`]; only
//! legal settings (§ 688a.11(c)) are ever considered, so a way can fail only by leaving a hand
//! unset, which [`validate`] finds by running every seven-card hand of the 53-card deck.
//!
//! Schema 2 of the files adds what the published ways found since needed: the rank of the
//! *lowest* pair (two-pair rules band both pairs: "low pair and high pair"), the two best
//! singles as a two-card hand ("an ace with a face", "King/Jack or better"), whether an
//! ace-high straight can be made only with the joker beside a natural ace and whether a lower
//! straight can be made (Bally's and British Columbia break the first to a pair of aces), and a
//! ceiling on the high hand's category and on the low hand's top card (to make a play give up a
//! straight, or keep the aces in back). Fields left unset print nothing in `Debug`, so a
//! schema-1 way's rules print as they always did: the solver's count key is that text, and a
//! cached count of a schema-1 way stays valid.
//!
//! Suits enter only through flushes: every condition and play is a function of the ranks, the
//! joker and the evaluator's values, so two hands with the same ranks and no possible flush are
//! set alike. The solver relies on this.
//!
//! # Validation
//!
//! [`validate_deck`] runs every seven-card hand of a deck (the solver's [`Deck`], reduced decks
//! included) through a way, one hand per suit class with its weight, and names the first hand
//! the way leaves unset: a solve must never meet such a hand, since the solver cannot set it.
//! [`validate_ways`] checks several ways in one pass, sharing the settings and facts of each hand.
//! Since hands of one dealer class are set alike, the program checks one hand per class instead
//! ([`super::main_game::validate_classes`], 292,253 hands on the full deck, through the results
//! cache: [`validate_stored`]); the hand-by-hand check is the oracle its tests compare with.

use std::fmt;

use parsheet_cards::{binomial, iso, Card, CardSet, Rank, Suit};
use parsheet_eval::paigow::{is_legal_split, low_hand, LowHand};
use parsheet_eval::{Category, Evaluator, HandRank, Ranking};
use parsheet_shard::{Combine, Key, Tally};

pub use super::main_game::Deck;

/// The shape of a seven-card hand by its groups of equal rank (the joker counts as an ace).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    NoPair,
    OnePair,
    TwoPair,
    ThreePair,
    Trips,
    TwoTrips,
    /// Three of a kind and one or two pairs.
    FullHouse,
    Quads,
    /// Four of a kind and a pair or three of a kind.
    QuadsPlus,
    FiveAces,
}

impl Shape {
    pub const ALL: [Shape; 10] = [
        Shape::NoPair,
        Shape::OnePair,
        Shape::TwoPair,
        Shape::ThreePair,
        Shape::Trips,
        Shape::TwoTrips,
        Shape::FullHouse,
        Shape::Quads,
        Shape::QuadsPlus,
        Shape::FiveAces,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Shape::NoPair => "no-pair",
            Shape::OnePair => "one-pair",
            Shape::TwoPair => "two-pair",
            Shape::ThreePair => "three-pair",
            Shape::Trips => "trips",
            Shape::TwoTrips => "two-trips",
            Shape::FullHouse => "full-house",
            Shape::Quads => "quads",
            Shape::QuadsPlus => "quads-plus",
            Shape::FiveAces => "five-aces",
        }
    }

    pub fn from_name(name: &str) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// When a rule applies. Every field left `None` (or empty) holds for every hand.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Condition {
    /// The hand's shape is one of these.
    pub shapes: Vec<Shape>,
    /// A straight, flush, straight flush or royal can (or cannot) be made from five of the cards.
    pub complete: Option<bool>,
    /// The rank of the top group of two or more cards (big pair, trips, quads) lies in this
    /// inclusive range (0 = deuce … 12 = ace).
    pub top_rank: Option<(u8, u8)>,
    /// Some card not in a group (the joker counting as an ace) ranks at least this.
    pub single_at_least: Option<u8>,
    /// Some group of exactly two cards ranks at least this.
    pub pair_at_least: Option<u8>,
    /// Schema 2: the lowest group of exactly two cards ranks in this inclusive range (the small
    /// pair of two pair, the pair of a full house).
    pub low_pair: Option<(u8, u8)>,
    /// Schema 2: the two best cards not in a group (the joker as an ace), as a two-card hand,
    /// rank at least (first, second): `(A, J)` is "an ace with a face", `(K, J)` "King/Jack or
    /// better" (any ace and a card beats it). A hand with fewer than two singles fails.
    pub singles_at_least: Option<(u8, u8)>,
    /// Schema 2: an ace-high straight (or straight flush) can be made only with the joker
    /// standing for a king, queen, jack or ten beside a natural ace (true), or not (false).
    pub ace_high_straight_with_joker: Option<bool>,
    /// Schema 2: a straight below ace-high (the wheel A-2-3-4-5 included) can be made from five
    /// of the cards, the joker completing it (true), or not (false).
    pub lower_straight: Option<bool>,
}

// `Debug` by hand: the schema-2 fields print only when set, so a schema-1 way's rules print
// exactly as the derived `Debug` printed them (the solver's count key is that text).
impl fmt::Debug for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Condition");
        d.field("shapes", &self.shapes)
            .field("complete", &self.complete)
            .field("top_rank", &self.top_rank)
            .field("single_at_least", &self.single_at_least)
            .field("pair_at_least", &self.pair_at_least);
        if self.low_pair.is_some() {
            d.field("low_pair", &self.low_pair);
        }
        if self.singles_at_least.is_some() {
            d.field("singles_at_least", &self.singles_at_least);
        }
        if self.ace_high_straight_with_joker.is_some() {
            d.field("ace_high_straight_with_joker", &self.ace_high_straight_with_joker);
        }
        if self.lower_straight.is_some() {
            d.field("lower_straight", &self.lower_straight);
        }
        d.finish()
    }
}

/// What the low hand must hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LowKind {
    #[default]
    Any,
    Pair,
    NoPair,
}

/// Which hand a play makes as high as possible.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Prefer {
    /// The best low hand, then the best high hand.
    #[default]
    Low,
    /// The best high hand, then the best low hand.
    High,
}

/// A setting to make: the best legal setting (by `prefer`) that meets every constraint.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Play {
    pub high_at_least: Option<Category>,
    pub low: LowKind,
    /// The low hand's top card (the pair's rank for a pair) ranks at least this.
    pub low_at_least: Option<u8>,
    pub prefer: Prefer,
    /// Schema 2: the high hand's category is at most this ("pair in back, ace in front": the
    /// straight is given up).
    pub high_at_most: Option<Category>,
    /// Schema 2: the low hand's top card (the joker as an ace) ranks at most this: with `K`,
    /// the aces and the joker stay in back ("pair of Aces in the high hand and next two highest
    /// cards in the low hand").
    pub low_at_most: Option<u8>,
}

// As for `Condition`: the schema-2 field prints only when set.
impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Play");
        d.field("high_at_least", &self.high_at_least).field("low", &self.low).field("low_at_least", &self.low_at_least).field("prefer", &self.prefer);
        if self.high_at_most.is_some() {
            d.field("high_at_most", &self.high_at_most);
        }
        if self.low_at_most.is_some() {
            d.field("low_at_most", &self.low_at_most);
        }
        d.finish()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// A label for messages ("two pair, big pair A-J").
    pub name: String,
    pub when: Condition,
    pub plays: Vec<Play>,
}

/// A house way: rules tried in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HouseWay {
    pub id: String,
    pub title: String,
    pub rules: Vec<Rule>,
}

/// One way to set seven cards: the two cards of the low hand and the values of both hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    pub low_cards: CardSet,
    pub high: HandRank,
    pub low: LowHand,
    pub legal: bool,
}

/// The 21 settings of seven cards (every pair of cards as the low hand), legal or not.
pub fn settings(cards: CardSet) -> [Setting; 21] {
    assert_eq!(cards.len(), 7, "a Face Up Pai Gow hand holds seven cards");
    let e = Evaluator::get(Ranking::PaiGow);
    let list: Vec<Card> = cards.iter().collect();
    let mut out = [Setting { low_cards: CardSet::EMPTY, high: HandRank(0), low: LowHand(0), legal: false }; 21];
    let mut n = 0;
    for i in 0..7 {
        for j in i + 1..7 {
            let low_cards = CardSet(list[i].bit() | list[j].bit());
            let high = e.evaluate(cards.minus(low_cards));
            let low = low_hand(low_cards);
            out[n] = Setting { low_cards, high, low, legal: is_legal_split(high, low) };
            n += 1;
        }
    }
    out
}

/// The facts about seven cards that conditions test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    pub shape: Shape,
    pub complete: bool,
    /// Rank of the top group of two or more (None with no pair).
    pub top_rank: Option<u8>,
    /// Best single (ungrouped) rank, the joker counting as an ace.
    pub best_single: Option<u8>,
    /// Best group of exactly two.
    pub best_pair: Option<u8>,
    /// Lowest group of exactly two.
    pub low_pair: Option<u8>,
    /// Second-best single.
    pub second_single: Option<u8>,
    /// See [`Condition::ace_high_straight_with_joker`].
    pub ace_high_straight_with_joker: bool,
    /// See [`Condition::lower_straight`].
    pub lower_straight: bool,
}

/// Rank counts with the joker counted as an ace (§ 688a.6(a): it pairs only aces).
pub fn rank_counts(cards: CardSet) -> [u8; 13] {
    let mut c = [0u8; 13];
    for r in Rank::ALL {
        c[r.0 as usize] = cards.count_rank(r) as u8;
    }
    c[12] += cards.has_joker() as u8;
    c
}

pub fn facts(cards: CardSet, all: &[Setting; 21]) -> Facts {
    let c = rank_counts(cards);
    let groups = |k: u8| (0..13u8).rev().filter(move |&r| c[r as usize] == k);
    let (fives, quads, trips, pairs) = (groups(5).count(), groups(4).count(), groups(3).count(), groups(2).count());
    let shape = if fives > 0 {
        Shape::FiveAces
    } else if quads > 0 {
        if trips + pairs > 0 { Shape::QuadsPlus } else { Shape::Quads }
    } else if trips >= 2 {
        Shape::TwoTrips
    } else if trips == 1 {
        if pairs > 0 { Shape::FullHouse } else { Shape::Trips }
    } else {
        match pairs {
            0 => Shape::NoPair,
            1 => Shape::OnePair,
            2 => Shape::TwoPair,
            _ => Shape::ThreePair,
        }
    };
    let top_rank = (0..13u8).rev().find(|&r| c[r as usize] >= 2).filter(|_| shape != Shape::NoPair);
    let top_rank = match shape {
        // The top group is the largest group (quads over a higher pair).
        Shape::Quads | Shape::QuadsPlus => groups(4).next(),
        Shape::FullHouse | Shape::Trips | Shape::TwoTrips => groups(3).next(),
        _ => top_rank,
    };
    let e = Evaluator::get(Ranking::PaiGow);
    let complete = all.iter().any(|s| {
        let cat = e.category(s.high);
        matches!(cat, Category::Straight | Category::Flush | Category::StraightFlush | Category::RoyalFlush)
    });
    let (ace_high_straight_with_joker, lower_straight) = straights(cards);
    Facts {
        shape,
        complete,
        top_rank,
        best_single: groups(1).next(),
        best_pair: groups(2).next(),
        low_pair: (0..13u8).find(|&r| c[r as usize] == 2),
        second_single: groups(1).nth(1),
        ace_high_straight_with_joker,
        lower_straight,
    }
}

/// (An ace-high straight can be made only with the joker beside a natural ace, a straight
/// below ace-high can be made), from the naturals' ranks and the joker (§ 688a.6(a): the joker
/// completes any straight; the ace plays low only in A-2-3-4-5).
fn straights(cards: CardSet) -> (bool, bool) {
    let ranks = cards.ranks();
    let joker = cards.has_joker();
    let makeable = |window: u16| {
        let missing = (window & !ranks).count_ones();
        missing == 0 || (missing == 1 && joker)
    };
    let ace = 1u16 << Rank::ACE.0;
    let ace_high = 0b11111u16 << 8;
    let wheel = ace | 0b1111;
    let only_with_joker = joker && ranks & ace != 0 && (ace_high & !ranks).count_ones() == 1;
    let lower = makeable(wheel) || (0..8).any(|low| makeable(0b11111 << low));
    (only_with_joker, lower)
}

impl Condition {
    pub fn holds(&self, f: &Facts) -> bool {
        (self.shapes.is_empty() || self.shapes.contains(&f.shape))
            && self.complete.is_none_or(|c| c == f.complete)
            && self.top_rank.is_none_or(|(lo, hi)| f.top_rank.is_some_and(|r| lo <= r && r <= hi))
            && self.single_at_least.is_none_or(|r| f.best_single.is_some_and(|s| s >= r))
            && self.pair_at_least.is_none_or(|r| f.best_pair.is_some_and(|p| p >= r))
            && self.low_pair.is_none_or(|(lo, hi)| f.low_pair.is_some_and(|p| lo <= p && p <= hi))
            && self.singles_at_least.is_none_or(|at| f.best_single.zip(f.second_single).is_some_and(|two| two >= at))
            && self.ace_high_straight_with_joker.is_none_or(|b| b == f.ace_high_straight_with_joker)
            && self.lower_straight.is_none_or(|b| b == f.lower_straight)
    }
}

impl Play {
    fn allows(&self, s: &Setting) -> bool {
        let e = Evaluator::get(Ranking::PaiGow);
        s.legal
            && self.high_at_least.is_none_or(|c| e.category(s.high) >= c)
            && self.high_at_most.is_none_or(|c| e.category(s.high) <= c)
            && match self.low {
                LowKind::Any => true,
                LowKind::Pair => s.low.is_pair(),
                LowKind::NoPair => !s.low.is_pair(),
            }
            && self.low_at_least.is_none_or(|r| s.low.high() >= r)
            && self.low_at_most.is_none_or(|r| s.low.high() <= r)
    }

    /// The play's setting of these settings, if some legal one meets its constraints.
    pub fn choose(&self, all: &[Setting; 21]) -> Option<Setting> {
        let key = |s: &Setting| match self.prefer {
            Prefer::Low => (s.low.0, s.high.0),
            Prefer::High => (s.high.0, s.low.0),
        };
        all.iter().filter(|s| self.allows(s)).max_by_key(|s| key(s)).copied()
    }
}

/// Why a house way did not set a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    NoRule,
    NoPlay { rule: String },
}

impl std::fmt::Display for SetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetError::NoRule => write!(f, "no rule applies"),
            SetError::NoPlay { rule } => write!(f, "rule {rule:?} applies but none of its plays has a legal setting"),
        }
    }
}

impl HouseWay {
    /// The house way's setting of seven cards.
    pub fn set(&self, cards: CardSet) -> Result<Setting, SetError> {
        let all = settings(cards);
        self.set_among(cards, &all)
    }

    pub fn set_among(&self, cards: CardSet, all: &[Setting; 21]) -> Result<Setting, SetError> {
        self.set_by_facts(&facts(cards, all), all)
    }

    /// The setting, given the hand's facts (computed once when several ways set one hand).
    pub fn set_by_facts(&self, f: &Facts, all: &[Setting; 21]) -> Result<Setting, SetError> {
        let rule = self.rules.iter().find(|r| r.when.holds(f)).ok_or(SetError::NoRule)?;
        rule.plays.iter().find_map(|p| p.choose(all)).ok_or_else(|| SetError::NoPlay { rule: rule.name.clone() })
    }

    /// The rule that decides these cards, if any (for messages and tests).
    pub fn rule_for(&self, cards: CardSet) -> Option<&Rule> {
        let f = facts(cards, &settings(cards));
        self.rules.iter().find(|r| r.when.holds(&f))
    }

    /// `highest-high`, the test fixture: among the legal settings the one with the highest high
    /// hand (§ 688a.6), ties broken by the highest low hand.
    pub fn highest_high() -> HouseWay {
        HouseWay {
            id: "highest-high".into(),
            title: "Highest high hand, then highest low hand".into(),
            rules: vec![Rule { name: "every hand".into(), when: Condition::default(), plays: vec![Play { prefer: Prefer::High, ..Play::default() }] }],
        }
    }
}

/// A hand a house way failed on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub hand: CardSet,
    pub problem: String,
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "house way leaves {} unset or set illegally: {}", self.hand, self.problem)
    }
}

/// Runs every seven-card hand of the 53-card deck through `way` (one hand per suit-isomorphism
/// class, weights summing to C(53, 7) = 154,143,080) and refuses the way at the first hand it
/// leaves unset or sets illegally. Returns the number of hands checked.
pub fn validate(way: &HouseWay) -> Result<u64, Invalid> {
    validate_deck(way, Deck::FULL)
}

/// [`validate`] on the seven-card hands of `deck` (a reduced deck checks only its own hands:
/// a way may be refused on the full deck and still set every hand of a smaller one).
pub fn validate_deck(way: &HouseWay, deck: Deck) -> Result<u64, Invalid> {
    validate_ways(&[way], deck).map_err(|(_, e)| e)
}

/// What a validation depends on: the deck and the way's rules (not its name), so a way whose
/// rules are unchanged is not validated again, and any change to them is.
pub fn validation_key(way: &HouseWay, deck: Deck) -> Key {
    Key::new(
        "face-up-pai-gow house way set on every seven-card hand",
        &[("check", "every hand of the deck gets a legal setting, by one hand per dealer class, v2".into()), ("deck", format!("{deck:?}")), ("house-way", format!("{:?}", way.rules))],
        Combine::Sum,
    )
    .whole()
}

/// The validation a program runs before it counts: by one hand per dealer class
/// ([`super::main_game::validate_classes`], equal to [`validate_deck`]'s verdict and some twenty
/// times faster), through the program's store: a way validated before (same rules, same deck,
/// same build) is read from the results cache, which keeps only a validation that passed (the
/// number of hands covered, checked again here against the deck's).
pub fn validate_stored(way: &HouseWay, deck: Deck) -> Result<u64, String> {
    validate_stored_all(&[way], deck).pop().expect("one way checked")
}

/// [`validate_stored`] of each of `ways`: those not in the store are checked together in one
/// pass ([`super::main_game::validate_classes_all`]), each kept under its own key.
pub fn validate_stored_all(ways: &[&HouseWay], deck: Deck) -> Vec<Result<u64, String>> {
    let mut checked: Option<Vec<Result<u64, Invalid>>> = None;
    let mut one = |i: usize, way: &HouseWay| -> Result<u64, String> {
        let tally = parsheet_shard::counted(&validation_key(way, deck), |_| {
            let all = checked.get_or_insert_with(|| super::main_game::validate_classes_all(ways, deck));
            let n = all[i].clone().map_err(|e| e.to_string())?;
            Ok(Tally::new().with("hands", vec![n as i128]))
        })?;
        let n = tally.get("hands", 1)?[0];
        if n != binomial(deck.len(), 7) as i128 {
            return Err(format!("the validation of house way {} covers {n} hands, not the deck's {}", way.id, binomial(deck.len(), 7)));
        }
        Ok(n as u64)
    };
    ways.iter().enumerate().map(|(i, way)| one(i, way)).collect()
}

/// Several ways checked in one pass over the hands of `deck` (each hand's 21 settings and its
/// facts are computed once); on failure, the index of the way and the first hand, in the
/// enumeration's order, that it leaves unset. Returns the number of hands checked.
pub fn validate_ways(ways: &[&HouseWay], deck: Deck) -> Result<u64, (usize, Invalid)> {
    use rayon::prelude::*;
    let check_chunk = |chunk: &[(CardSet, u64)]| -> Result<u64, (usize, Invalid)> {
        let failed = chunk.par_chunks(1024).map(|part| check_part(ways, part)).find_first(Result::is_err);
        match failed {
            Some(Err(e)) => Err(e),
            _ => Ok(chunk.iter().map(|c| c.1).sum()),
        }
    };
    // Classes are checked a block at a time: the full deck has millions, and a block in memory
    // is enough to keep every core busy.
    const BLOCK: usize = 1 << 16;
    let mut block: Vec<(CardSet, u64)> = Vec::with_capacity(BLOCK);
    let mut total = 0u64;
    let mut failure = None;
    for_each_hand_class(deck, |hand, weight| {
        if failure.is_some() {
            return;
        }
        block.push((hand, weight));
        if block.len() == BLOCK {
            match check_chunk(&block) {
                Ok(n) => total += n,
                Err(e) => failure = Some(e),
            }
            block.clear();
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    total += check_chunk(&block)?;
    assert_eq!(total, binomial(deck.len(), 7), "every seven-card hand of {deck:?} checked");
    Ok(total)
}

fn check_part(ways: &[&HouseWay], part: &[(CardSet, u64)]) -> Result<(), (usize, Invalid)> {
    for &(hand, _) in part {
        let all = settings(hand);
        let f = facts(hand, &all);
        for (i, way) in ways.iter().enumerate() {
            check_setting(hand, way.set_by_facts(&f, &all)).map_err(|e| (i, e))?;
        }
    }
    Ok(())
}

/// Calls `visit(hand, weight)` once per suit class of the seven-card hands of `deck`: the
/// 53-card deck's classes (`iso`), kept where every card is in the deck (ranks of `rank_mask`,
/// suits below `suits`), weighted by the relabellings of the deck's own suits. The weights add
/// up to C(deck size, 7).
pub fn for_each_hand_class(deck: Deck, mut visit: impl FnMut(CardSet, u64)) {
    assert!((1..=4).contains(&deck.suits) && deck.rank_mask < 1 << 13, "a deck has one to four suits of thirteen ranks: {deck:?}");
    let suits = deck.suits as usize;
    iso::for_each_class(7, deck.joker, |hand, weight| {
        if deck == Deck::FULL {
            return visit(hand, weight);
        }
        let lanes = Suit::ALL.map(|s| hand.suit_ranks(s));
        // Canonical lanes fall, so a hand of the deck's suits leaves the last lanes empty.
        if lanes.iter().any(|&l| l & !deck.rank_mask != 0) || lanes[suits..].iter().any(|&l| l != 0) {
            return;
        }
        // suits! / (run length)! for each run of equal lanes among the deck's suits.
        let mut w = (1..=suits as u64).product::<u64>();
        let mut run = 1;
        for i in 1..suits {
            run = if lanes[i] == lanes[i - 1] { run + 1 } else { 1 };
            w /= run;
        }
        visit(hand, w)
    });
}

/// Checks one hand: set, with a legal setting of its own cards.
pub fn check_hand(way: &HouseWay, hand: CardSet) -> Result<Setting, Invalid> {
    check_setting(hand, way.set(hand))
}

/// [`check_hand`] given the hand's settings and facts (found once for several ways).
pub(crate) fn check_set_by_facts(way: &HouseWay, hand: CardSet, f: &Facts, all: &[Setting; 21]) -> Result<Setting, Invalid> {
    check_setting(hand, way.set_by_facts(f, all))
}

fn check_setting(hand: CardSet, set: Result<Setting, SetError>) -> Result<Setting, Invalid> {
    let s = set.map_err(|e| Invalid { hand, problem: e.to_string() })?;
    if s.low_cards.len() != 2 || !s.low_cards.minus(hand).is_empty() {
        return Err(Invalid { hand, problem: format!("illegal setting, low hand {}", s.low_cards) });
    }
    let fresh = is_legal_split(Evaluator::get(Ranking::PaiGow).evaluate(hand.minus(s.low_cards)), low_hand(s.low_cards));
    if !fresh {
        return Err(Invalid { hand, problem: format!("illegal setting, low hand {}", s.low_cards) });
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn shapes_count_the_joker_as_an_ace() {
        let shape = |s: &str| facts(set(s), &settings(set(s))).shape;
        assert_eq!(shape("As Jk 3d 5c 7h 9s Jd"), Shape::OnePair);
        assert_eq!(shape("Ks Jk 3d 5c 7h 9s Jd"), Shape::NoPair);
        assert_eq!(shape("As Ah Ad Ac Jk 2s 3d"), Shape::FiveAces);
        assert_eq!(shape("9s 9h 9d 9c Jk 2s 2d"), Shape::QuadsPlus);
        assert_eq!(shape("9s 9h 8d 8c 2s 2d Kd"), Shape::ThreePair);
        assert_eq!(shape("9s 9h 9d 8c 8s 2d 2c"), Shape::FullHouse);
    }

    #[test]
    fn straights_by_ranks_and_the_joker() {
        let st = |s: &str| straights(set(s));
        // The joker fills the ten beside a natural ace; nothing lower.
        assert_eq!(st("As Jk Kd Qc Jh 5s 3d"), (true, false));
        // The same, and K-Q-J-(joker)-9 below it.
        assert_eq!(st("As Jk Kd Qc Jh 9s 3d"), (true, true));
        // A natural A-K-Q-J-T needs no joker (which makes K-Q-J-T-9 below it).
        assert_eq!(st("As Kd Qc Jh Ts Jk 3d"), (false, true));
        assert_eq!(st("As Kd Qc Jh Ts 3c 3d"), (false, false));
        // The joker as the ace is no natural ace; K-Q-J-T-(joker as nine) is lower.
        assert_eq!(st("Kd Qc Jh Ts Jk 3d 2c"), (false, true));
        // The wheel with the joker as the five.
        assert_eq!(st("As Jk 2d 3c 4h 9s Td"), (false, true));
        assert_eq!(st("As 2d 3c 4h 9s Td Kh"), (false, false));
    }

    /// The solver's count key is the `Debug` text of a way's rules: a schema-1 rule must print
    /// exactly as the derived `Debug` of the schema-1 structs did, so cached counts stay valid.
    #[test]
    fn schema_one_rules_print_as_before() {
        #[derive(Debug)]
        #[allow(dead_code)]
        struct Condition {
            shapes: Vec<Shape>,
            complete: Option<bool>,
            top_rank: Option<(u8, u8)>,
            single_at_least: Option<u8>,
            pair_at_least: Option<u8>,
        }
        #[derive(Debug)]
        #[allow(dead_code)]
        struct Play {
            high_at_least: Option<Category>,
            low: LowKind,
            low_at_least: Option<u8>,
            prefer: Prefer,
        }
        let old_c = Condition { shapes: vec![Shape::TwoPair], complete: Some(false), top_rank: Some((9, 12)), single_at_least: None, pair_at_least: Some(3) };
        let new_c = super::Condition { shapes: vec![Shape::TwoPair], complete: Some(false), top_rank: Some((9, 12)), pair_at_least: Some(3), ..Default::default() };
        assert_eq!(format!("{new_c:?}"), format!("{old_c:?}"));
        assert_eq!(format!("{new_c:#?}"), format!("{old_c:#?}"));
        let old_p = Play { high_at_least: Some(Category::Pair), low: LowKind::NoPair, low_at_least: None, prefer: Prefer::High };
        let new_p = super::Play { high_at_least: Some(Category::Pair), low: LowKind::NoPair, prefer: Prefer::High, ..Default::default() };
        assert_eq!(format!("{new_p:?}"), format!("{old_p:?}"));
        // A schema-2 field prints, so a way using it gets its own key.
        let v2 = super::Condition { low_pair: Some((0, 4)), ..new_c.clone() };
        assert!(format!("{v2:?}").contains("low_pair: Some((0, 4))"));
    }

    #[test]
    fn highest_high_keeps_the_best_five() {
        let w = HouseWay::highest_high();
        let s = w.set(set("As Ks Qs Js Ts 2d 2c")).unwrap();
        assert_eq!(s.low_cards, set("2d 2c"));
    }
}
