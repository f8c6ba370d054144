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
//! Suits enter only through flushes: every condition and play is a function of the ranks, the
//! joker and the evaluator's values, so two hands with the same ranks and no possible flush are
//! set alike. The solver relies on this.

use parsheet_cards::{iso, Card, CardSet, Rank};
use parsheet_eval::paigow::{is_legal_split, low_hand, LowHand};
use parsheet_eval::{Category, Evaluator, HandRank, Ranking};

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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Play {
    pub high_at_least: Option<Category>,
    pub low: LowKind,
    /// The low hand's top card (the pair's rank for a pair) ranks at least this.
    pub low_at_least: Option<u8>,
    pub prefer: Prefer,
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
    Facts { shape, complete, top_rank, best_single: groups(1).next(), best_pair: groups(2).next() }
}

impl Condition {
    pub fn holds(&self, f: &Facts) -> bool {
        (self.shapes.is_empty() || self.shapes.contains(&f.shape))
            && self.complete.is_none_or(|c| c == f.complete)
            && self.top_rank.is_none_or(|(lo, hi)| f.top_rank.is_some_and(|r| lo <= r && r <= hi))
            && self.single_at_least.is_none_or(|r| f.best_single.is_some_and(|s| s >= r))
            && self.pair_at_least.is_none_or(|r| f.best_pair.is_some_and(|p| p >= r))
    }
}

impl Play {
    fn allows(&self, s: &Setting) -> bool {
        let e = Evaluator::get(Ranking::PaiGow);
        s.legal
            && self.high_at_least.is_none_or(|c| e.category(s.high) >= c)
            && match self.low {
                LowKind::Any => true,
                LowKind::Pair => s.low.is_pair(),
                LowKind::NoPair => !s.low.is_pair(),
            }
            && self.low_at_least.is_none_or(|r| s.low.high() >= r)
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
        let f = facts(cards, all);
        let rule = self.rules.iter().find(|r| r.when.holds(&f)).ok_or(SetError::NoRule)?;
        rule.plays.iter().find_map(|p| p.choose(all)).ok_or_else(|| SetError::NoPlay { rule: rule.name.clone() })
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
    use rayon::prelude::*;
    let mut classes = Vec::new();
    iso::for_each_class(7, true, |set, w| classes.push((set, w)));
    let checked: Result<Vec<u64>, Invalid> = classes
        .par_chunks(4096)
        .map(|chunk| {
            let mut n = 0;
            for &(hand, w) in chunk {
                check_hand(way, hand)?;
                n += w;
            }
            Ok(n)
        })
        .collect();
    let total = checked?.iter().sum::<u64>();
    assert_eq!(total, parsheet_cards::binomial(53, 7), "every seven-card hand checked");
    Ok(total)
}

/// Checks one hand: set, with a legal setting of its own cards.
pub fn check_hand(way: &HouseWay, hand: CardSet) -> Result<Setting, Invalid> {
    let all = settings(hand);
    let s = way.set_among(hand, &all).map_err(|e| Invalid { hand, problem: e.to_string() })?;
    let fresh = is_legal_split(Evaluator::get(Ranking::PaiGow).evaluate(hand.minus(s.low_cards)), low_hand(s.low_cards));
    if s.low_cards.len() != 2 || !s.low_cards.minus(hand).is_empty() || !fresh {
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
    fn highest_high_keeps_the_best_five() {
        let w = HouseWay::highest_high();
        let s = w.set(set("As Ks Qs Js Ts 2d 2c")).unwrap();
        assert_eq!(s.low_cards, set("2d 2c"));
    }
}
